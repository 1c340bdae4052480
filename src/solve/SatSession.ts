import { MiniSat } from '../sat/MiniSat.js';

/**
 * Reuse of MiniSat instances across blocks. A new instance costs milliseconds and its own
 * 64 MiB heap, which is more than the whole work of a small block, so small blocks share one
 * instance: each block's clauses are guarded by a fresh variable that is assumed while the
 * block is solved and retired (unit clause) afterwards. Retired clauses and variables still
 * slow every later solve a little, so an instance is shared only while the variables it has
 * seen stay under a limit, and a large block gets an instance of its own. An instance that
 * aborted answers wrongly and is never reused.
 */
const SHARE_VARIABLES = 30_000;

export class SatSession {
  private solver: MiniSat | undefined;
  instances = 0;

  /** An instance with room for a block of about `variables` variables. */
  get(variables: number): MiniSat {
    const s = this.solver;
    if (!s || s.abortReason || s.numVars + variables > SHARE_VARIABLES) return this.fresh();
    return s;
  }

  /** A fresh instance, for one large block that should not inherit another block's clauses. */
  fresh(): MiniSat {
    this.solver = new MiniSat();
    this.instances++;
    return this.solver;
  }
}

/** The session used when the caller does not pass one. */
export const defaultSession = new SatSession();
