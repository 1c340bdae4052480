import { NonocryptError } from '../errors.js';
import { SatSession } from '../sat/SatSession.js';
import type { BlockRunner, RunOptions } from './RunOptions.js';
import { runTask, type BlockOutcome, type BlockTask } from './BlockTask.js';
import { loadProofEngine } from '../certificate/make/proofEngine.js';

/**
 * Blocks one after another in the calling thread, sharing one SAT session. The time limit is
 * the engine's deadline (createRunner picks this runner only for engines that honour one, or
 * without a time limit). An internal error in one task becomes that task's `error` outcome.
 */
export class InThreadRunner implements BlockRunner {
  private readonly session: SatSession;
  constructor(private readonly options: RunOptions) {
    this.session = options.session ?? new SatSession(options.engine, { memoryCapBytes: options.memoryCapBytes });
  }

  async *run(tasks: Iterable<BlockTask> | AsyncIterable<BlockTask>): AsyncGenerator<BlockOutcome> {
    if (this.options.certify) await loadProofEngine();
    for await (const task of tasks) yield outcomeOf(() => runTask(task, this.session, this.options.timeoutMs));
  }

  async close(): Promise<void> {
    if (this.session !== this.options.session) this.session.close();
  }
}

/** The outcome of running `f`; a thrown error becomes an `error` outcome with its code. */
export function outcomeOf<O = BlockOutcome>(f: () => O): O | Extract<BlockOutcome, { kind: 'error' }> {
  try {
    return f();
  } catch (e) {
    return e instanceof NonocryptError
      ? { kind: 'error', code: e.code, message: e.message }
      : { kind: 'error', code: 'E_INTERNAL', message: `internal error: ${e instanceof Error ? e.message : String(e)}` };
  }
}
