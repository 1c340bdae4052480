import { MiniSat } from '../sat/MiniSat.js';

/**
 * Reuse of MiniSat instances across blocks. A new instance costs milliseconds and its own
 * 64 MiB heap, which is more than the whole work of a small block, so blocks share one
 * instance: each block's clauses are guarded by a fresh variable that is assumed while the
 * block is solved and retired (unit clause) afterwards. The instance is replaced when it has
 * grown large, or when it aborted (an aborted instance answers wrongly and is never reused).
 */
const RECYCLE_VARIABLES = 400_000;
const RECYCLE_CLAUSES = 1_500_000;

export class SatSession {
  private solver: MiniSat | undefined;
  instances = 0;

  /** An instance with room for more work. */
  get(): MiniSat {
    const s = this.solver;
    if (!s || s.abortReason || s.numVars > RECYCLE_VARIABLES || s.numClauses > RECYCLE_CLAUSES) {
      this.solver = new MiniSat();
      this.instances++;
    }
    return this.solver!;
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
