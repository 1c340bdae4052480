import { parentPort } from 'node:worker_threads';
import { outcomeOf } from '../../parallel/InThreadRunner.js';
import { runProofPart, type ProofPartTask } from './ProofPartTask.js';

/**
 * Worker thread entry for the parts of a proof's check, speaking the pool protocol of
 * WorkerPool.ts (`{ready}` once, then `{id, outcome}` for each `{id, task}`).
 */
parentPort!.postMessage({ ready: true });
parentPort!.on('message', (msg: { id: number; task: ProofPartTask }) => {
  parentPort!.postMessage({ id: msg.id, outcome: outcomeOf(() => runProofPart(msg.task)) });
});
