import { NonocryptError } from '../../errors.js';
import type { Grid, Puzzle } from '../../grid/Puzzle.js';
import { LRAT_DEADLINE_REASON, type LratOutcome, type LratProofOptions } from '../../sat/lratProof.js';
import { timeLimitReason } from '../../solve/timeLimitReason.js';
import { certificateFormula, formulaClauses, type CertificateFormula } from './certificateFormula.js';

/**
 * Certification of one decided block: its certificate formula (certificateFormula.ts) solved
 * from scratch by the proof engine (src/sat/lratProof.ts: CaDiCaL writing text LRAT), whose
 * UNSAT answer comes with the proof. Only `unique` (the formula excludes the picture) and
 * `none` (no picture excluded) verdicts are certified; the fast path never gets here.
 *
 * The engine writes its proof within one synchronous call, so the proof is collected in memory
 * as it comes (chunks, never one string), at most `memoryCapBytes` of it: past that the engine
 * is stopped and the outcome is `unknown` saying so, never a truncated certificate. A `sat` answer means the
 * verdict was wrong: an internal error, never a certificate.
 */
export type LratProver = (numVars: number, clauses: Iterable<ArrayLike<number>>, options: LratProofOptions) => LratOutcome;

export interface Certificate {
  readonly verdict: 'unique' | 'none';
  /** The formula as DIMACS text. */
  readonly cnf: Uint8Array;
  /** The LRAT proof (text), in order. */
  readonly proof: readonly Uint8Array[];
  readonly proofBytes: number;
  readonly variables: number;
  readonly clauses: number;
  /** Milliseconds spent: the formula, the engine and its proof. */
  readonly ms: number;
}

export type CertifyOutcome = { readonly kind: 'certified'; readonly certificate: Certificate } | { readonly kind: 'unknown'; readonly reason: string };

export interface CertifyLimits {
  /** `performance.now()` time (ms) at which the engine stops ('unknown'). */
  readonly deadline?: number;
  /** The time limit the user gave (ms), which `deadline` ends: the reason names it. */
  readonly limitMs?: number;
  /** The engine's heap cap, and the most proof bytes held unless `proofCapBytes` says otherwise (default 2 GiB). */
  readonly memoryCapBytes?: number;
  /** The most proof bytes held (default: `memoryCapBytes`). */
  readonly proofCapBytes?: number;
}

/** Thrown from the proof sink to stop the engine when the proof outgrows its cap. */
const TOO_LARGE = new Error('proof larger than its cap');

/** 2 GiB: the default memory cap of every engine instance (src/sat/wasmEngine.ts), for the proof too. */
const DEFAULT_PROOF_CAP_BYTES = 2048 * 1024 * 1024;

/**
 * Certify a block decided `unique` (give its grid) or `none` (no grid). `label` names the block
 * in the .cnf's comment. A part of a split board gives its cube: the verdict is then the cube's
 * (`unique`: the grid is the only picture in the cube; `none`: the cube has no picture).
 */
export function certifyBlock(
  prove: LratProver,
  puzzle: Puzzle,
  givens: readonly number[],
  grid: Grid | undefined,
  limits: CertifyLimits = {},
  label = 'puzzle',
  cube: readonly number[] = [],
): CertifyOutcome {
  const started = performance.now();
  const formula = certificateFormula(puzzle, givens, grid, cube);
  const cap = limits.proofCapBytes ?? limits.memoryCapBytes ?? DEFAULT_PROOF_CAP_BYTES;
  const proof: Uint8Array[] = [];
  let held = 0;
  let outcome: LratOutcome;
  try {
    outcome = prove(formula.numVars, formulaClauses(formula), {
      ...(limits.deadline !== undefined ? { deadline: limits.deadline } : {}),
      ...(limits.memoryCapBytes !== undefined ? { memoryCapBytes: limits.memoryCapBytes } : {}),
      onProof: (chunk) => {
        held += chunk.length;
        // Past the cap the engine is stopped: an exception here ends its solve.
        if (held > cap) throw TOO_LARGE;
        proof.push(chunk.slice());
      },
    });
  } catch (e) {
    if (e !== TOO_LARGE) throw e;
    return { kind: 'unknown', reason: `no certificate: the proof (over ${cap.toLocaleString('en-US')} bytes) is larger than the memory cap (--memory)` };
  }
  const verdict = grid ? 'unique' : 'none';
  if (outcome.status === 'sat') {
    throw new NonocryptError('E_INTERNAL', `internal error: the proof engine found a picture that the ${verdict} verdict excludes (${label}); no certificate written`);
  }
  if (outcome.status === 'unknown') {
    const why = outcome.reason === LRAT_DEADLINE_REASON && limits.limitMs !== undefined ? timeLimitReason(limits.limitMs) : outcome.reason;
    return { kind: 'unknown', reason: `no certificate: the proof engine stopped (${why})` };
  }
  const ms = performance.now() - started;
  return {
    kind: 'certified',
    certificate: { verdict, cnf: dimacsText(formula, `${label}: ${verdict}`), proof, proofBytes: held, variables: formula.numVars, clauses: formula.numClauses, ms },
  };
}

/** The formula as DIMACS text, with a comment saying what it is. */
export function dimacsText(f: CertificateFormula, about: string): Uint8Array {
  const W = f.width;
  const parts = [
    `c nonocrypt certificate formula (docs/explanation/certificates.md), ${about}`,
    `c ${W}x${f.height} board: variable y*${W}+x+1 is cell (x, y), true = black; the others are automaton states`,
    `p cnf ${f.numVars} ${f.numClauses}`,
  ];
  let line: string[] = [];
  for (let i = 0; i < f.lits.length; i++) {
    const l = f.lits[i]!;
    line.push(String(l));
    if (l === 0) {
      parts.push(line.join(' '));
      line = [];
    }
  }
  return new TextEncoder().encode(parts.join('\n') + '\n');
}
