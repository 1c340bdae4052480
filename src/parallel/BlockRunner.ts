import type { BlockOutcome, BlockTask } from './BlockTask.js';
import { InThreadRunner } from './InThreadRunner.js';
import type { BlockRunner, RunOptions } from './RunOptions.js';
import { WorkerPool } from './WorkerPool.js';
import { engineCapabilities } from '../sat/engines.js';

// The types live in RunOptions.ts (the runners implement them, so they cannot import this file);
// re-exported for the modules that take them from here.
export type { BlockRunner, RunOptions };

/**
 * The runner the options call for (see RunOptions.ts for what a runner promises): in this
 * thread for one job when the engine stops at the time limit by itself (or there is none),
 * else a pool of worker threads.
 */
export function createRunner(options: RunOptions = {}): BlockRunner {
  const jobs = Math.max(1, Math.floor(options.jobs ?? 1));
  const stoppable = engineCapabilities(options.engine).deadline;
  if (jobs === 1 && (options.timeoutMs === undefined || stoppable)) return new InThreadRunner(options);
  return new WorkerPool({ ...options, jobs });
}

/** Run tasks with a runner made for the purpose, closed at the end (also when the caller stops early). */
export async function* runBlocks(
  tasks: Iterable<BlockTask> | AsyncIterable<BlockTask>,
  options: RunOptions = {},
): AsyncGenerator<BlockOutcome> {
  const runner = createRunner(options);
  try {
    yield* runner.run(tasks);
  } finally {
    await runner.close();
  }
}
