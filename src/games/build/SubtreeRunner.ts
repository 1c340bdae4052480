import { compiledScript, WorkerPool, type PoolFailure } from '../../parallel/WorkerPool.js';
import { GAMES_TUNING } from '../tuning.js';
import { runSubtree, type SubtreeOutcome, type SubtreeTask } from './SubtreeTask.js';

export interface SubtreeRunner {
  run(tasks: SubtreeTask[], progress: (done: number) => void): Promise<(SubtreeOutcome | PoolFailure)[]>;
  close(): Promise<void>;
}

/**
 * Runs strategy subtrees in this thread (`jobs` 1) or on a pool of worker threads. A subtree
 * stops itself at the build's deadline; the pool gets the limit plus WORKER_GRACE_MS
 * (tuning.ts) as a task's limit and terminates a worker only at twice that (its hard limit
 * for tasks that stop themselves), a backstop for one that did not stop.
 *
 * Call order: `run` any number of times, then `close` once.
 */
export function subtreeRunner(jobs: number, timeLimitMs: number | undefined): SubtreeRunner {
  if (jobs <= 1) {
    return {
      async run(tasks, progress) {
        const outs: SubtreeOutcome[] = [];
        for (const t of tasks) {
          outs.push(runSubtree(t));
          progress(outs.length);
          await new Promise((r) => setImmediate(r));
        }
        return outs;
      },
      async close() {},
    };
  }
  const pool = new WorkerPool<SubtreeTask, SubtreeOutcome>(
    { jobs, ...(timeLimitMs !== undefined ? { timeoutMs: timeLimitMs + GAMES_TUNING.WORKER_GRACE_MS.value } : {}) },
    { script: compiledScript(import.meta.url, 'games/build/subtreeWorker.js'), quick: null },
  );
  return {
    async run(tasks, progress) {
      const outs: (SubtreeOutcome | PoolFailure)[] = [];
      for await (const o of pool.run(tasks)) {
        outs.push(o);
        progress(outs.length);
      }
      return outs;
    },
    close: () => pool.close(),
  };
}
