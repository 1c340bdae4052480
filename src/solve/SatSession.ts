import { MiniSat } from '../sat/MiniSat.js';

/**
 * Reuse of MiniSat instances across blocks. A new instance costs milliseconds (and its own
 * 64 MiB heap), more than the whole work of most blocks, so blocks share one instance: each
 * block's clauses are guarded by a fresh variable that is assumed while the block is solved,
 * and when the block is done the guard is retired with a unit clause (MiniSat then drops the
 * satisfied clauses) and the block's variables are retired so that later solves never branch
 * on them. Variables are never freed, so an instance is replaced once the variables it has
 * seen would pass a limit; a block that is large on its own gets a fresh instance. An
 * instance that aborted answers wrongly and is never reused.
 */
const SHARE_VARIABLES = 250_000;

export class SatSession {
  private solver: MiniSat | undefined;
  instances = 0;

  /** An instance with room for a block of about `variables` variables. */
  get(variables: number): MiniSat {
    const s = this.solver;
    if (!s || s.abortReason || s.numVars + variables > SHARE_VARIABLES) return this.fresh();
    return s;
  }

  /** True when `s` was handed out fresh (no earlier block's clauses or variables). */
  isFresh(s: MiniSat): boolean {
    return s.numVars === 0;
  }

  /** A fresh instance. */
  fresh(): MiniSat {
    this.solver = new MiniSat();
    this.instances++;
    return this.solver;
  }
}

/** The session used when the caller does not pass one. */
export const defaultSession = new SatSession();
