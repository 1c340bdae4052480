import type { EngineName } from '../sat/SatSolver.js';
import type { SatSession } from '../sat/SatSession.js';
import type { BlockOutcome, BlockTask } from './BlockTask.js';

/**
 * How blocks run: the options every pipeline takes, and what a runner (made from them by
 * `createRunner` in BlockRunner.ts) promises.
 *
 * A runner turns a stream of block tasks into a stream of outcomes, one per task, in task
 * order. Every task gets an outcome: a time limit gives `unknown` verdicts or unproven (valid)
 * annotations, a worker that dies gives an `error` outcome for its task, and the next tasks
 * still run. Two kinds:
 * - in this thread (one job): tasks run one after another; the SAT engine enforces the time
 *   limit itself (its deadline);
 * - a worker pool (several jobs, or a time limit on an engine that cannot be stopped): each
 *   worker takes one task at a time; a worker that passes the task's hard limit is terminated
 *   and replaced.
 *
 * Call order: `createRunner(options)` -> `run(tasks)` (once or more, one at a time) ->
 * `close()` once (terminates the workers). `runBlocks` does all three.
 */
export interface RunOptions {
  /** Worker threads for blocks; 1 (the default) runs in this thread. */
  readonly jobs?: number;
  /** Time limit per block in milliseconds; none by default. */
  readonly timeoutMs?: number;
  /** The SAT engine; see `src/sat/`. */
  readonly engine?: EngineName;
  /**
   * Memory cap of one SAT instance in bytes (engines with a growable heap; default 2 GiB). A
   * block whose instance reaches it is `unknown` with that reason, never a verdict.
   */
  readonly memoryCapBytes?: number;
  /**
   * In this thread, the SAT instances to reuse (a program that runs many small pipelines saves
   * making instances); the caller keeps it open. Workers have sessions of their own.
   */
  readonly session?: SatSession;
  /**
   * Certify every `unique` and `none` verdict (src/certificate/make/): the proof engine is loaded in each
   * thread that runs blocks, and solve outcomes carry their certificate. Off: nothing of it is
   * loaded or encoded.
   */
  readonly certify?: boolean;
  /** Called after each block with the number of blocks done, and of all the blocks when known (for a progress display). */
  readonly onProgress?: (done: number, total?: number) => void;
}

export interface BlockRunner {
  run(tasks: Iterable<BlockTask> | AsyncIterable<BlockTask>): AsyncGenerator<BlockOutcome>;
  close(): Promise<void>;
}
