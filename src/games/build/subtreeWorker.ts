import { parentPort } from 'node:worker_threads';
import { outcomeOf } from '../../parallel/InThreadRunner.js';
import { runSubtree, type SubtreeTask } from './SubtreeTask.js';

/**
 * Worker thread entry for strategy subtrees, speaking the pool protocol of WorkerPool.ts
 * (`{ready}` once, then `{id, outcome}` for each `{id, task}`).
 */
parentPort!.postMessage({ ready: true });
parentPort!.on('message', (msg: { id: number; task: SubtreeTask }) => {
  parentPort!.postMessage({ id: msg.id, outcome: outcomeOf(() => runSubtree(msg.task)) });
});
