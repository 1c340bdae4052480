import { createRequire } from 'node:module';
import type createMiniSatType from 'logic-solver/minisat.js';
import { SolverAbortError } from '../errors.js';

/**
 * The one adapter over logic-solver's bundled MiniSat. Everything above speaks DIMACS-style
 * integer literals (v > 0 true, -v false) through this class and never sees logic-solver.
 *
 * Why the raw numeric path: loading clauses through logic-solver's formula API is several
 * times slower and uses far more memory (see docs/BENCHMARKS.md). The facts this class is
 * built around:
 * - the MiniSat heap is a fixed 64 MiB; when it runs out the module aborts, and afterwards the
 *   instance answers wrongly. We mark it dead and throw SolverAbortError on that call and on
 *   every later one: an abort is never turned into a verdict;
 * - assumptions take one positive literal only. Temporary clauses are guarded: add (-g v ...)
 *   for a fresh guard g, solve assuming g, then retire g with the unit clause (-g);
 * - once a solve without assumptions is UNSAT, the instance stays UNSAT for good.
 */
type MiniSatModule = ReturnType<typeof createMiniSatType>;

const require = createRequire(import.meta.url);
let factory: typeof createMiniSatType | undefined;

export class MiniSat {
  private readonly C: MiniSatModule;
  private buf: number;
  private bufLen: number;
  private vars = 0;
  private clauses = 0;
  private dead: string | undefined;
  private solutionPtr = -1;

  constructor() {
    factory ??= require('logic-solver/minisat.js') as typeof createMiniSatType;
    this.C = factory();
    // The module prints abort messages to stdout through console.log; keep them out of ours.
    this.C.print = () => {};
    this.C.printErr = () => {};
    this.guard(() => this.C._createTheSolver());
    this.bufLen = 1024;
    this.buf = this.guard(() => this.C._malloc(this.bufLen * 4));
  }

  get numVars(): number {
    return this.vars;
  }
  get numClauses(): number {
    return this.clauses;
  }
  /** Set once the instance has aborted; it must not be used again. */
  get abortReason(): string | undefined {
    return this.dead;
  }

  newVar(): number {
    return ++this.vars;
  }

  newVars(count: number): number {
    const first = this.vars + 1;
    this.vars += count;
    return first;
  }

  /**
   * Add the clause of the first `length` literals of `lits` (default: all). Returns false when
   * MiniSat already knows the formula is UNSAT.
   */
  addClause(lits: ArrayLike<number>, length = lits.length): boolean {
    const n = length;
    if (n + 1 > this.bufLen) {
      const old = this.buf;
      this.bufLen = (n + 1) * 2;
      this.buf = this.guard(() => {
        this.C._free(old);
        return this.C._malloc(this.bufLen * 4);
      });
    }
    if (this.dead) throw new SolverAbortError(this.dead);
    const heap = this.C.HEAP32;
    const base = this.buf >> 2;
    for (let i = 0; i < n; i++) heap[base + i] = lits[i]!;
    heap[base + n] = 0;
    this.clauses++;
    this.solutionPtr = -1;
    // The hottest call while an encoding loads: guard()'s handling without its closure (one
    // closure per clause was most of the garbage of loading a block).
    try {
      return this.C._addClause(this.buf) !== 0;
    } catch (e) {
      throw this.died(e);
    }
  }

  /**
   * Switch guarded work off for good: the unit (-guard) satisfies every clause guarded by it
   * (MiniSat then drops them), and variables first..last are retired so that later solves do
   * not branch on them (a shared instance would otherwise assign every old block's variables
   * in each model). MiniSat fixes a retired variable false, so the range must hold only
   * variables whose clauses all carry this guard.
   */
  retireGuarded(guard: number, first: number, last: number): void {
    this.addClause([-guard]);
    this.guard(() => {
      for (let v = first; v <= last; v++) this.C._retireVar(v);
    });
  }

  /** Solve; with `assume` (a positive variable), solve under that single assumption. */
  solve(assume?: number): boolean {
    this.solutionPtr = -1;
    return this.guard(() => {
      this.C._ensureVar(this.vars);
      if (assume !== undefined && !(assume > 0)) throw new RangeError('MiniSat assumptions must be positive variables');
      const sat = (assume === undefined ? this.C._solve() : this.C._solveAssuming(assume)) !== 0;
      if (sat) this.solutionPtr = this.C._getSolution();
      return sat;
    });
  }

  /**
   * The value of variable v (1 true, 0 false) in the model of the last satisfiable solve.
   * Read straight from MiniSat's model array, so a caller pays only for the variables it
   * reads, however many earlier blocks a shared instance has seen.
   */
  value(v: number): number {
    if (this.solutionPtr < 0) throw new Error('no model: the last solve was not satisfiable, or clauses were added since');
    return this.C.HEAPU8[this.solutionPtr + v - 1] === 0 ? 1 : 0;
  }

  private guard<T>(f: () => T): T {
    if (this.dead) throw new SolverAbortError(this.dead);
    try {
      return f();
    } catch (e) {
      throw this.died(e);
    }
  }

  /** Mark the instance dead after an exception from inside MiniSat. */
  private died(e: unknown): SolverAbortError {
    const text = String(e);
    this.dead = /enlarge memory|abort/i.test(text)
      ? 'out of memory (MiniSat has a fixed 64 MiB heap)'
      : `MiniSat failed: ${text.split('\n')[0]}`;
    return new SolverAbortError(this.dead);
  }
}
