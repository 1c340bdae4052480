import type { MessagePort } from 'node:worker_threads';
import { workerData } from 'node:worker_threads';
import { outcomeOf } from '../src/parallel/InThreadRunner.js';
import { runTask, type BlockOutcome, type BlockTask } from '../src/parallel/BlockTask.js';
import { SatSession } from '../src/sat/SatSession.js';
import type { EngineName } from '../src/sat/SatSolver.js';

/**
 * The block worker of the pool benchmark's piscina and tinypool adapters (bench/poolAdapters.ts):
 * the same work as src/parallel/blockWorker.ts (one SAT session per worker, the engine loaded
 * before the first task), as the default export those libraries call once per task.
 *
 * `started`: when the task has a time limit, the worker says on this port that it starts the
 * task, so that the limit is measured from there (as our pool does), not from the queue.
 */
// tinypool hands the worker [its own data, the caller's]; piscina the caller's alone.
const raw = workerData as unknown;
const data = (Array.isArray(raw) ? raw[1] : raw) as { engine?: EngineName; memoryCapBytes?: number } | undefined;
const session = new SatSession(data?.engine, { memoryCapBytes: data?.memoryCapBytes });
session.get(0);

export interface PoolJob {
  readonly task: BlockTask;
  readonly timeoutMs?: number;
  readonly started?: MessagePort;
}

export default function run(job: PoolJob): BlockOutcome {
  job.started?.postMessage(0);
  job.started?.close();
  return outcomeOf(() => runTask(job.task, session, job.timeoutMs));
}
