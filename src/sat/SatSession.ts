import { DEFAULT_ENGINE, HARD_PROOF_ENGINE, canCreateSolver, createSolver } from './engines.js';
import type { EngineName, SatSolver, SolverOptions } from './SatSolver.js';

/**
 * Reuse of SAT instances across blocks. A new instance costs milliseconds, more than the whole
 * work of most blocks, so blocks share one: each block's clauses live in a `GuardScope` that
 * is retired when the block is done. Variables are never freed, so an instance is replaced
 * once the variables it has seen would pass a limit (see shareLimit); a block that is large
 * on its own gets a fresh instance. An instance that aborted answers wrongly and is never
 * reused. The minimizer's hitting sets share instances the same way, in a slot of their own.
 */

/**
 * When to start a fresh instance. Every solve on an instance pays for all the variables it has
 * ever seen (MiniSat copies the whole model and rebuilds its variable order over retired
 * variables too), while a fresh instance costs a few milliseconds. With v the variables a block
 * brings, sharing up to about 600 * sqrt(v) variables balances the two (from measurements:
 * verifying 160,000 random 8x8 blocks took 42 s in one thread at a fixed 250,000 and 14 s at
 * 10,000; all 65,536 4x4 blocks, 8.5 s against 2.1 s), within [10,000, 250,000].
 */
function shareLimit(variables: number): number {
  return Math.min(250_000, Math.max(10_000, 600 * Math.sqrt(Math.max(variables, 1))));
}

/**
 * What an instance is for. Blocks and the minimizer's hitting sets never share an instance:
 * each would make the other's solves branch on its variables. Each purpose has its own slot.
 */
export type SatPurpose = 'blocks' | 'hittingSets';

export class SatSession {
  private readonly solvers = new Map<SatPurpose, SatSolver>();
  instances = 0;

  private readonly create: () => SatSolver;
  private readonly createSolo: () => SatSolver;
  /** The memory cap of its instances, when one was named (a certificate's proof engine takes it too). */
  readonly memoryCapBytes: number | undefined;

  /**
   * Instances of the named engine (default: the default engine), or from a factory. A session
   * from a factory makes every instance with it, `solo` ones too.
   */
  constructor(engine?: EngineName | (() => SatSolver), options?: SolverOptions) {
    this.memoryCapBytes = options?.memoryCapBytes;
    if (typeof engine === 'function') {
      this.create = this.createSolo = engine;
      return;
    }
    const create = () => createSolver(engine ?? DEFAULT_ENGINE, options);
    this.create = create;
    this.createSolo = () => (canCreateSolver(HARD_PROOF_ENGINE) ? createSolver(HARD_PROOF_ENGINE, options) : create());
  }

  /** An instance with room for about `variables` more variables. */
  get(variables: number, purpose: SatPurpose = 'blocks'): SatSolver {
    const s = this.solvers.get(purpose);
    if (!s || s.abortReason || s.numVars + variables > shareLimit(variables)) return this.fresh(purpose);
    return s;
  }

  /** True when `s` was handed out fresh (no earlier block's clauses or variables). */
  isFresh(s: SatSolver): boolean {
    return s.numVars === 0;
  }

  /**
   * A fresh instance. The one it replaces is not released: a block may still be using it (its
   * memory goes with the last reference).
   */
  fresh(purpose: SatPurpose = 'blocks'): SatSolver {
    const s = this.create();
    this.solvers.set(purpose, s);
    this.instances++;
    return s;
  }

  /**
   * A new instance for one long proof, not shared and not kept here: the caller releases it.
   * It runs `HARD_PROOF_ENGINE` (CaDiCaL) where that engine can be created in this thread
   * (always in Node; in a browser once it is loaded), else this session's engine.
   */
  solo(): SatSolver {
    this.instances++;
    return this.createSolo();
  }

  /** A session of its own that makes instances as this one does (its blocks never share theirs with this one's). */
  sibling(): SatSession {
    return new SatSession(this.create, this.memoryCapBytes !== undefined ? { memoryCapBytes: this.memoryCapBytes } : undefined);
  }

  /** Release every instance (the session may be used again afterwards). */
  close(): void {
    for (const s of this.solvers.values()) s.release();
    this.solvers.clear();
  }
}

/** The session used when the caller does not pass one. */
export const defaultSession = new SatSession();
