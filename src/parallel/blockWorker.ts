import { parentPort, workerData } from 'node:worker_threads';
import { SatSession } from '../sat/SatSession.js';
import type { EngineName } from '../sat/SatSolver.js';
import { loadProofEngine } from '../certificate/make/proofEngine.js';
import { runTask, type BlockOutcome, type BlockTask } from './BlockTask.js';
import { outcomeOf } from './InThreadRunner.js';

/**
 * Worker thread entry (see WorkerPool): runs block tasks one at a time with the worker's own
 * SAT session, instances reused across the tasks it runs. With `certify`, the proof engine is
 * loaded before the worker says ready, and a certificate's buffers are moved to the main
 * thread, not copied.
 */
const data = (workerData ?? {}) as { engine?: EngineName; memoryCapBytes?: number; certify?: boolean };
const session = new SatSession(data.engine, { memoryCapBytes: data.memoryCapBytes });
// Load the engines before saying ready, so that a block's time limit measures the block's work
// and not the worker's start-up.
session.get(0);
if (data.certify) await loadProofEngine();
parentPort!.postMessage({ ready: true });
parentPort!.on('message', (msg: { id: number; task: BlockTask; timeoutMs?: number }) => {
  const outcome = outcomeOf(() => runTask(msg.task, session, msg.timeoutMs));
  parentPort!.postMessage({ id: msg.id, outcome }, transferables(outcome));
});

/** The buffers of a certificate (each chunk owns its buffer: certifyBlock copies what the engine hands it). */
function transferables(outcome: BlockOutcome): ArrayBuffer[] {
  if (outcome.kind !== 'solve' || outcome.certificate?.kind !== 'certified') return [];
  const c = outcome.certificate.certificate;
  return [c.cnf.buffer as ArrayBuffer, ...c.proof.map((p) => p.buffer as ArrayBuffer)];
}
