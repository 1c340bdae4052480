import { NonocryptError, SolverAbortError } from '../errors.js';
import { isLiteral, misuse, WasmSolver } from './WasmSolver.js';

/**
 * The proof engine: CaDiCaL 1.7.4 (`engines/cadical.wasm`) solves a formula from scratch and,
 * when it is unsatisfiable, writes a text LRAT proof of it that a standard checker (drat-trim's
 * `lrat-check`, cake_lpr) verifies against the formula as DIMACS.
 *
 * The proof, as CaDiCaL writes it (engines/README.md, "LRAT proofs"):
 * - the formula's clauses are 1..m in the order given; every clause the proof adds has the next
 *   id after m and after the ones before it: `ID LITS... 0 HINTS... 0`, its hints positive
 *   clause ids (RUP: no RAT steps), each an earlier clause;
 * - `ID d IDS... 0` deletes clauses (ID: the last clause added, or m before any);
 * - it ends with the empty clause `ID 0 HINTS... 0`.
 * Input clauses the engine cannot use as they are still count, in place: a tautology or a
 * clause that an earlier unit satisfies is deleted, one with a repeated literal or a literal an
 * earlier unit falsified is replaced by a derived clause (a later id) with its own hints. So
 * any clause list can be given; the DIMACS file the proof is checked against must list the
 * same clauses in the same order (`p cnf numVars m`).
 *
 * Works in Node and in a browser or worker, synchronously, once the `cadical` engine is loaded
 * there (`loadEngine('cadical', source)`; in Node it loads on first use).
 */

export interface LratProofOptions {
  /** performance.now() time (ms) to stop at: the outcome is then 'unknown'. */
  readonly deadline?: number;
  /** The engine's heap cap in bytes (like SolverOptions.memoryCapBytes): past it, 'unknown' with reason "out of memory ...". */
  readonly memoryCapBytes?: number;
  /**
   * Receives the LRAT text (ASCII) in order as it is written; the chunk may be reused after the
   * call returns (copy it). The chunks form a proof only when the outcome is 'unsat': after
   * 'sat' or 'unknown' what was received is a partial trace, to be discarded (write to a
   * temporary file and keep it on 'unsat' only). An exception thrown here ends the solve and
   * is thrown by `solveWithLratProof`.
   */
  readonly onProof: (chunk: Uint8Array) => void;
}

export type LratOutcome =
  | { readonly status: 'unsat'; readonly proofBytes: number; readonly conflicts?: number }
  | { readonly status: 'sat' }
  | { readonly status: 'unknown'; readonly reason: string };

/** The reason of an 'unknown' outcome when the deadline passed. */
export const LRAT_DEADLINE_REASON = 'time limit reached';

/**
 * Solve the formula from scratch on the proof engine (clauses numbered 1..m in the order
 * given, variables 1..numVars) and, when it is unsatisfiable, stream an LRAT proof of it.
 * require: every literal is a non-zero integer with |literal| <= numVars (else E_INTERNAL).
 * An empty clause k in the formula is its own refutation: the proof is the one line
 * `m+1 0 k 0` and the engine does not run.
 */
export function solveWithLratProof(numVars: number, clauses: Iterable<ArrayLike<number>>, options: LratProofOptions): LratOutcome {
  if (!(Number.isInteger(numVars) && numVars >= 0 && numVars < 2 ** 31)) throw misuse(`solveWithLratProof: ${numVars} variables`);
  const list = Array.isArray(clauses) ? (clauses as readonly ArrayLike<number>[]) : [...clauses];
  const m = list.length;
  let proofBytes = 0;
  let sinkError: { error: unknown } | undefined;
  const onProof = options.onProof;
  const sink = (chunk: Uint8Array) => {
    try {
      onProof(chunk);
    } catch (error) {
      sinkError = { error };
      throw error; // unwinds through the engine, which is then dead
    }
    proofBytes += chunk.length;
  };
  const empty = list.findIndex((c) => c.length === 0);
  if (empty >= 0) {
    for (const c of list) checkClause(c, numVars);
    sink(new TextEncoder().encode(`${m + 1} 0 ${empty + 1} 0\n`));
    return { status: 'unsat', proofBytes };
  }
  const s = new WasmSolver('cadical', options.memoryCapBytes === undefined ? {} : { memoryCapBytes: options.memoryCapBytes });
  try {
    s.traceLratProof(m, sink);
    s.newVars(numVars);
    for (const c of list) s.addClause(c);
    const outcome = s.solve([], options.deadline === undefined ? undefined : { deadline: options.deadline });
    if (outcome === 'sat') return { status: 'sat' };
    if (outcome === 'unknown') return { status: 'unknown', reason: LRAT_DEADLINE_REASON };
    s.flushProof();
    return { status: 'unsat', proofBytes, conflicts: s.stats().conflicts };
  } catch (e) {
    if (sinkError) throw sinkError.error;
    if (e instanceof SolverAbortError) return { status: 'unknown', reason: e.reason };
    throw e;
  } finally {
    s.release(); // a dead instance is dropped, a live one reused
  }
}

function checkClause(c: ArrayLike<number>, numVars: number): void {
  for (let i = 0; i < c.length; i++) {
    if (!isLiteral(c[i]!, numVars)) throw misuse(`literal ${c[i]} is not a literal over variables 1..${numVars}`);
  }
}
