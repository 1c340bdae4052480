/**
 * The one SAT interface. Everything above `src/sat/` speaks DIMACS-style integer literals
 * (v > 0: variable v true, -v: false; 0 is never a literal) through this interface and never
 * sees an engine. Engines plug in behind it (see `engines.ts`): our WebAssembly builds of
 * MiniSat and CaDiCaL.
 *
 * Call order of one instance (a stateful object):
 * 1. `newVar` / `newVars` to make variables, `addClause` to add clauses over them, in any
 *    order and at any time (incremental: clauses added after a solve stay for later solves).
 *    require: every literal's variable was made by this instance.
 * 2. `solve(assumptions, limits)`: 'sat', 'unsat', or 'unknown' when a limit stopped it.
 *    - ensure: after 'sat', `value(v)` reads the model until the next addClause or solve;
 *    - ensure: after 'unsat' under assumptions, `failed(lit)` says whether assumption `lit`
 *      was part of the reason (engines without that ability report every assumption);
 *    - ensure: 'unknown' leaves the instance usable, with nothing learnt that is wrong.
 *    Once a solve with no assumptions answers 'unsat', the formula is unsatisfiable for good:
 *    temporary clauses belong under a guard (see `GuardScope`), never at the top level.
 * 3. `release()` when done: the engine's memory is freed at once (a WebAssembly heap would
 *    otherwise wait for the garbage collector). No call is allowed afterwards but `release()`
 *    again. It is also the call for an instance that aborted (it frees nothing then).
 *
 * Failure: an engine that aborts (its memory cap reached, an internal error) is dead.
 * `abortReason` says why; that call and every later one but `release()` throws
 * `SolverAbortError`. An abort is never turned into a verdict.
 */
export type EngineName = 'minisat' | 'cadical';

export type SatOutcome = 'sat' | 'unsat' | 'unknown';

export interface SolveLimits {
  /**
   * `performance.now()` time (ms) after which the engine stops and answers 'unknown'. Checked
   * inside the engine's search, so a solve overruns it by a few milliseconds at most.
   */
  readonly deadline?: number;
  /**
   * At most this many conflicts of the engine's search in this solve (a count >= 0), then
   * 'unknown': a budget of work, not of time, so the same formula stops at the same point on
   * any machine and at any load. Checked inside the search at the points where the deadline is:
   * MiniSat every 8,192 propagations, so a solve goes a few conflicts past it; CaDiCaL, which
   * cannot count its conflicts during a solve, meets it only roughly (WasmSolver.solveWithin:
   * -3 % to +31 % for budgets of 6,500-26,000 on random 70x70 and 80x80 boards, 1,469 for 500 on
   * a pigeonhole formula), the same way every time. With a deadline too, the first
   * one reached stops the solve.
   */
  readonly conflicts?: number;
}

/**
 * What an engine can do. Every engine takes any number of assumptions of either sign (the
 * guard protocol relies on it); the rest may differ between engines.
 */
export interface EngineCapabilities {
  /** `failed` reports a real subset of the assumptions (else: all of them). */
  readonly failedAssumptions: boolean;
  /** `limits.deadline` is honoured inside the search (else: a solve cannot be stopped). */
  readonly deadline: boolean;
  /** `limits.conflicts` is honoured inside the search (else: ignored, the solve runs on). */
  readonly conflictBudget: boolean;
  /** The heap grows up to `memoryCapBytes` (else: fixed). */
  readonly growableMemory: boolean;
}

export interface SolverOptions {
  /** Memory cap of one instance in bytes; past it the instance aborts with 'out of memory'. */
  readonly memoryCapBytes?: number;
}

export interface SatSolver {
  readonly engine: EngineName;
  readonly capabilities: EngineCapabilities;
  /** Variables made so far (the largest variable number). */
  readonly numVars: number;
  /** Clauses added so far. */
  readonly numClauses: number;
  /** Set once the instance has aborted: it must not be used again. */
  readonly abortReason: string | undefined;

  newVar(): number;
  /** Make `count` variables; returns the first (they are consecutive). */
  newVars(count: number): number;
  /** Add the clause of the first `length` literals of `lits` (default: all of them). */
  addClause(lits: ArrayLike<number>, length?: number): void;
  solve(assumptions?: ArrayLike<number>, limits?: SolveLimits): SatOutcome;
  /** Value of variable v in the model of the last 'sat' answer: 1 true, 0 false. */
  value(v: number): 0 | 1;
  /** After 'unsat' under assumptions: was assumption literal `lit` used to refute them? */
  failed(lit: number): boolean;
  /**
   * Variables first..last will never be used again (their clauses are all satisfied for good,
   * e.g. by a retired guard): the engine may stop branching on them and drop them.
   */
  retireVars(first: number, last: number): void;
  /**
   * A hint: when the search decides the variable of `lit`, try `lit` first (for good, until
   * another hint for the variable). Answers do not change, only which model a 'sat' finds and
   * how fast. Like `addClause`, it ends the last answer: read a model before it, not after.
   */
  phase(lit: number): void;
  /**
   * Cumulative search statistics of the instance (decisions, conflicts), for engines that
   * report them; absent or undefined otherwise. Differences between two calls measure the
   * solves between them.
   */
  stats?(): { readonly conflicts: number; readonly decisions: number } | undefined;
  /** Bytes the engine's heap holds now (0 when unknown). */
  readonly heapBytes: number;
  release(): void;
}
