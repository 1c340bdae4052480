import { InputError, NonocryptError } from '../../errors.js';
import { CheckClock, CheckTimeout } from './CheckClock.js';
import { ProofCursor } from './ProofCursor.js';
import { ProofGame } from './ProofGame.js';
import { ProofKernel } from './ProofKernel.js';
import { readCheckedRules, rulesLabel } from './strategyHeader.js';
import { verifyProof, type ProofPart, type ProofUnits } from './verifyProof.js';

/**
 * The independent lower-bound proof checker: reads a proof file (docs/reference/games-files.md, "Lower-bound
 * proofs": a JSON header line, then the proof's body) and verifies the claim that no strategy
 * wins every play within `guesses` - 1 guesses, with its own model of the game (ProofGame.ts:
 * codes, answers, tuple updates, volume numbers, permutations applied), importing nothing from
 * the searches that wrote it (test/gamesImports.test.ts holds it to that).
 */
export type ProofReport =
  | {
      readonly valid: true;
      readonly game: string;
      /** h: at least this many guesses are needed. */
      readonly guesses: number;
      /** Splits checked (tuples whose every guess is refuted). */
      readonly positions: number;
      /** A check by parts (CheckProofOptions.part): the units this part checked, of all. */
      readonly units?: ProofUnits;
    }
  | {
      readonly valid: false;
      readonly game: string;
      readonly guesses: number;
      /** The guesses and answers that lead to the failing node. */
      readonly path: readonly string[];
      readonly problem: string;
    }
  | {
      /** Not decided: the time limit came first. */
      readonly valid: null;
      readonly game: string;
      readonly guesses: number;
      readonly problem: string;
    };

export const PROOF_FORMAT = 'nonocrypt-bound-proof';

/** Whether a file's text is a proof (its first line a JSON header of that format). */
export function isBoundProof(text: string): boolean {
  const line = text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n'));
  if (!line.startsWith('{') || !line.includes(PROOF_FORMAT)) return false;
  try {
    return (JSON.parse(line) as { format?: unknown }).format === PROOF_FORMAT;
  } catch {
    return false;
  }
}

/** The longest header line read (characters); a real one is about 300. */
export const HEADER_MAX = 65_536;

export interface CheckProofOptions {
  /** `performance.now()` time to stop at (the report is then `valid: null`). */
  readonly deadline?: number;
  /** Now and then (every 16,384 splits): the splits checked and the body's characters read. */
  readonly onProgress?: (positions: number, characters: number) => void;
  /** Check one part only (verifyProof.ts, ProofPart): valid then says only that this part holds. */
  readonly part?: ProofPart;
  /**
   * The compiled loops (ProofKernel.ts, `engines/checker.wasm`) where they load, the default;
   * false: the TypeScript loops only. Both give the same report.
   */
  readonly compiled?: boolean;
}

/**
 * Check a proof file given as its text, whole or in pieces in order (a file read a block at a
 * time: a proof may be longer than one string can be). Malformed files throw E_PROOF.
 */
export function checkBoundProof(text: string | Iterable<string>, where = 'proof', options: CheckProofOptions = {}): ProofReport {
  const bad = (why: string): never => {
    throw new InputError('E_PROOF', `${where}: ${why}`);
  };
  const part = options.part;
  if (part && !(Number.isInteger(part.count) && part.count >= 1 && Number.isInteger(part.index) && part.index >= 0 && part.index < part.count && Number.isInteger(part.depth) && part.depth >= 1)) {
    throw new NonocryptError('E_USAGE', `a check by parts needs 0 <= index < count and a depth of at least 1 (index ${part.index}, count ${part.count}, depth ${part.depth})`);
  }
  const cursor = new ProofCursor(text);
  const head = cursor.line(HEADER_MAX);
  if (head === undefined) bad(`the first line is not a JSON header (no line break within ${HEADER_MAX.toLocaleString('en-US')} characters)`);
  cursor.startBody();
  let doc: unknown;
  try {
    doc = JSON.parse(head!);
  } catch (e) {
    bad(`the first line is not a JSON header (${(e as Error).message.split('\n')[0]})`);
  }
  if (typeof doc !== 'object' || doc === null) bad('the first line is not a JSON object');
  const d = doc as Record<string, unknown>;
  if (d.format !== PROOF_FORMAT) bad(`"format" must be "${PROOF_FORMAT}"`);
  if (d.version !== 1 && d.version !== 2 && d.version !== 3) bad('"version" must be 1, 2 or 3');
  const rules = readCheckedRules(d, bad);
  if (rules.game === 'ab' && rules.pegs > rules.symbols) bad('the AB game needs at least as many digits as pegs');
  const guesses = d.guesses;
  if (typeof guesses !== 'number' || !Number.isInteger(guesses) || guesses < 1 || guesses > 40) bad('"guesses" must be a whole number from 1 to 40');
  const h = guesses as number;
  const label = rulesLabel(rules);
  const clock = new CheckClock(options.deadline);
  try {
    const game = new ProofGame(rules, h, bad, clock);
    const kernel = options.compiled === false ? undefined : ProofKernel.of(game);
    const v = verifyProof(game, cursor, h, clock, { found: d.version === 3 ? 3 : d.version === 2 ? 1 : 0, onProgress: options.onProgress, ...(options.part ? { part: options.part } : {}), ...(kernel ? { kernel } : {}) });
    return v.ok ? { valid: true, game: label, guesses: h, positions: v.positions, ...(v.units ? { units: v.units } : {}) } : { valid: false, game: label, guesses: h, path: v.path, problem: v.problem };
  } catch (e) {
    if (e instanceof CheckTimeout) return { valid: null, game: label, guesses: h, problem: e.message };
    throw e;
  }
}
