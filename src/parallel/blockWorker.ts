import { parentPort, workerData } from 'node:worker_threads';
import { SatSession } from '../sat/SatSession.js';
import type { EngineName } from '../sat/SatSolver.js';
import { runTask, type BlockTask } from './BlockTask.js';
import { outcomeOf } from './InThreadRunner.js';

/**
 * Worker thread entry (see WorkerPool): runs block tasks one at a time with the worker's own
 * SAT session, instances reused across the tasks it runs.
 */
const data = (workerData ?? {}) as { engine?: EngineName; memoryCapBytes?: number };
const session = new SatSession(data.engine, { memoryCapBytes: data.memoryCapBytes });
// Load the engine before saying ready, so that a block's time limit measures the block's work
// and not the worker's start-up.
session.get(0);
parentPort!.postMessage({ ready: true });
parentPort!.on('message', (msg: { id: number; task: BlockTask; timeoutMs?: number }) => {
  parentPort!.postMessage({ id: msg.id, outcome: outcomeOf(() => runTask(msg.task, session, msg.timeoutMs)) });
});
