import type createMiniSatType from 'logic-solver/minisat.js';
import { NonocryptError, SolverAbortError } from '../errors.js';
import type { EngineCapabilities, SatOutcome, SatSolver } from './SatSolver.js';

/**
 * logic-solver's bundled MiniSat (asm.js) behind the `SatSolver` interface, fed numeric
 * clauses directly through its C entry points (loading clauses through logic-solver's formula
 * API is several times slower and uses far more memory; see docs/BENCHMARKS.md). Those entry
 * points are not logic-solver's public API, hence the exact version pin in package.json.
 *
 * What this engine cannot do, and how the interface's contract is kept anyway:
 * - its heap is a fixed 64 MiB; when it runs out the module aborts and afterwards answers
 *   wrongly, so the instance is marked dead and every later call throws SolverAbortError;
 * - a solve takes one positive assumption (a negative one was seen to give wrong UNSAT
 *   answers): `GuardScope` chains guards with clauses instead of passing several;
 * - a solve cannot be stopped: `limits.deadline` is ignored (a time limit needs a worker
 *   thread that can be terminated);
 * - it reports no failed assumptions: `failed` answers true for every assumption.
 */
type MiniSatModule = ReturnType<typeof createMiniSatType>;

let factory: typeof createMiniSatType | undefined;

/** logic-solver's CommonJS module, loaded through Node's require without a static Node import (browser bundles stay clean). */
function loadFactory(): typeof createMiniSatType {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  if (!getBuiltin) throw new NonocryptError('E_INTERNAL', "internal error: the 'logic-solver' engine needs Node.js 20.16 or newer");
  const { createRequire } = getBuiltin('node:module') as typeof import('node:module');
  return createRequire(import.meta.url)('logic-solver/minisat.js') as typeof createMiniSatType;
}

const HEAP_BYTES = 64 * 1024 * 1024;

export class AsmMiniSat implements SatSolver {
  static readonly capabilities: EngineCapabilities = {
    assumptions: 'one-positive',
    failedAssumptions: false,
    deadline: false,
    growableMemory: false,
  };
  readonly engine = 'logic-solver' as const;
  readonly capabilities = AsmMiniSat.capabilities;
  private C: MiniSatModule;
  private buf: number;
  private bufLen: number;
  private vars = 0;
  private clauses = 0;
  private dead: string | undefined;
  private solutionPtr = -1;
  private lastAssumption = 0;

  constructor() {
    factory ??= loadFactory();
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
  get abortReason(): string | undefined {
    return this.dead;
  }
  get heapBytes(): number {
    return HEAP_BYTES;
  }

  newVar(): number {
    return ++this.vars;
  }

  newVars(count: number): number {
    const first = this.vars + 1;
    this.vars += count;
    return first;
  }

  addClause(lits: ArrayLike<number>, length = lits.length): void {
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
      this.C._addClause(this.buf);
    } catch (e) {
      throw this.died(e);
    }
  }

  retireVars(first: number, last: number): void {
    this.guard(() => {
      // MiniSat must know a variable before it can retire it (else it writes past its arrays).
      this.C._ensureVar(last);
      for (let v = first; v <= last; v++) this.C._retireVar(v);
    });
  }

  solve(assumptions: ArrayLike<number> = []): SatOutcome {
    if (assumptions.length > 1 || (assumptions.length === 1 && !(assumptions[0]! > 0))) {
      throw new RangeError('logic-solver MiniSat takes at most one assumption, a positive literal');
    }
    this.solutionPtr = -1;
    const assume = assumptions.length === 1 ? assumptions[0]! : 0;
    this.lastAssumption = assume;
    return this.guard(() => {
      this.C._ensureVar(this.vars);
      const sat = (assume === 0 ? this.C._solve() : this.C._solveAssuming(assume)) !== 0;
      if (sat) this.solutionPtr = this.C._getSolution();
      return sat ? 'sat' : 'unsat';
    });
  }

  /**
   * Read straight from MiniSat's model array, so a caller pays only for the variables it
   * reads, however many earlier blocks a shared instance has seen.
   */
  value(v: number): 0 | 1 {
    if (this.solutionPtr < 0) throw new Error('no model: the last solve was not satisfiable, or clauses were added since');
    return this.C.HEAPU8[this.solutionPtr + v - 1] === 0 ? 1 : 0;
  }

  failed(lit: number): boolean {
    return lit === this.lastAssumption;
  }

  release(): void {
    // The asm.js heap is an ordinary ArrayBuffer: dropping the module lets the collector take it.
    this.dead ??= 'released';
    this.C = undefined as unknown as MiniSatModule;
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
