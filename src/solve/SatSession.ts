import { MiniSat } from '../sat/MiniSat.js';

/**
 * Reuse of MiniSat instances across blocks. A new instance costs milliseconds (and its own
 * 64 MiB heap), more than the whole work of most blocks, so blocks share one instance: each
 * block's clauses are guarded by a fresh variable that is assumed while the block is solved,
 * and when the block is done the guard is retired with a unit clause (MiniSat then drops the
 * satisfied clauses) and the block's variables are retired so that later solves never branch
 * on them. Variables are never freed, so an instance is replaced once the variables it has
 * seen would pass a limit; a block that is large on its own gets a fresh instance. An
 * instance that aborted answers wrongly and is never reused. The minimizer's hitting-set
 * instances are shared across blocks the same way, in a slot of their own.
 */
const SHARE_VARIABLES = 250_000;

/**
 * What an instance is for. Blocks and the minimizer's hitting sets never share an instance:
 * each would make the other's solves branch on its variables. Each purpose has its own slot.
 */
export type SatPurpose = 'blocks' | 'hittingSets';

export class SatSession {
  private readonly solvers = new Map<SatPurpose, MiniSat>();
  instances = 0;

  /** An instance with room for about `variables` more variables. */
  get(variables: number, purpose: SatPurpose = 'blocks'): MiniSat {
    const s = this.solvers.get(purpose);
    if (!s || s.abortReason || s.numVars + variables > SHARE_VARIABLES) return this.fresh(purpose);
    return s;
  }

  /** True when `s` was handed out fresh (no earlier block's clauses or variables). */
  isFresh(s: MiniSat): boolean {
    return s.numVars === 0;
  }

  /** A fresh instance. */
  fresh(purpose: SatPurpose = 'blocks'): MiniSat {
    const s = new MiniSat();
    this.solvers.set(purpose, s);
    this.instances++;
    return s;
  }
}

/** The session used when the caller does not pass one. */
export const defaultSession = new SatSession();
