import { parentPort } from 'node:worker_threads';
import { NonocryptError } from '../errors.js';
import { SatSession } from '../sat/SatSession.js';
import { runTask, type BlockTask, type BlockOutcome } from './BlockTask.js';

/**
 * Worker thread entry: runs block tasks one at a time, each with the worker's own MiniSat
 * session (instances are reused across the blocks this worker handles). The pool terminates
 * the whole thread to enforce a time limit: MiniSat itself cannot be interrupted.
 */
const session = new SatSession();
// Compile MiniSat before saying ready, so that a block's time limit measures the block's work
// and not the worker's start-up.
session.get(0);
parentPort!.postMessage({ ready: true });
parentPort!.on('message', (msg: { id: number; task: BlockTask }) => {
  let outcome: BlockOutcome;
  try {
    outcome = runTask(msg.task, session);
  } catch (e) {
    outcome =
      e instanceof NonocryptError
        ? { kind: 'error', code: e.code, message: e.message }
        : { kind: 'error', code: 'E_INTERNAL', message: `internal error: ${e instanceof Error ? e.message : String(e)}` };
  }
  parentPort!.postMessage({ id: msg.id, outcome });
});
