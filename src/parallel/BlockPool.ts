import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { NonocryptError } from '../errors.js';
import { SatSession } from '../sat/SatSession.js';
import { quickOutcome, runTask, type BlockOutcome, type BlockTask } from './BlockTask.js';

/**
 * Running many blocks: in order, in parallel, with a time limit per block.
 *
 * Blocks are independent, and MiniSat is synchronous and cannot be interrupted, so the unit
 * of parallelism and of cancellation is a worker thread: `jobs` workers each take one block
 * at a time, and a block that passes its time limit has its worker terminated (and replaced)
 * and comes back as `timeout`. Blocks that propagation settles are answered in the calling
 * thread without a round trip. With one job and no time limit everything runs in the calling
 * thread. Results come out in input order; at most a bounded window of blocks is in flight or
 * waiting to be emitted, so a long stream of blocks runs in bounded memory.
 */
export interface PoolOptions {
  /** Worker threads; default 1. */
  readonly jobs?: number;
  /** Time limit per block in milliseconds; none by default. */
  readonly timeoutMs?: number;
}

interface Slot {
  worker: Worker;
  busy: boolean;
  /** Resolves when the worker has loaded and compiled MiniSat (or failed to). */
  ready: Promise<void>;
}

function workerUrl(): URL {
  const here = fileURLToPath(import.meta.url);
  // Compiled: dist/src/parallel/BlockPool.js. Under vitest the source runs from src/, and
  // the worker must still be the compiled file (Node runs no TypeScript in workers).
  const compiled = here.endsWith('.ts')
    ? here.replace(/([\\/])src([\\/]parallel[\\/])BlockPool\.ts$/, '$1dist$1src$2blockWorker.js')
    : here.replace(/BlockPool\.js$/, 'blockWorker.js');
  if (!existsSync(compiled)) throw new NonocryptError('E_BUILD', `worker script ${compiled} is missing: run npm run build`);
  return new URL(`file://${compiled}`);
}

export async function* runBlocks(
  tasks: Iterable<BlockTask> | AsyncIterable<BlockTask>,
  options: PoolOptions = {},
): AsyncGenerator<BlockOutcome> {
  const jobs = Math.max(1, Math.floor(options.jobs ?? 1));
  const timeoutMs = options.timeoutMs;
  if (jobs === 1 && timeoutMs === undefined) {
    const session = new SatSession();
    for await (const task of tasks) yield quickOutcome(task) ?? runTask(task, session);
    return;
  }
  const url = workerUrl();
  const slots: Slot[] = [];
  const window = jobs * 8;
  type Pending = { outcome?: BlockOutcome; done: Promise<void>; resolve: () => void };
  const pending: Pending[] = [];
  const waitingForSlot: (() => void)[] = [];

  const spawn = (): Slot => {
    const worker = new Worker(url);
    const ready = new Promise<void>((resolve) => {
      const done = () => {
        worker.off('message', onReady);
        worker.off('error', done);
        worker.off('exit', done);
        worker.unref();
        resolve();
      };
      const onReady = (m: { ready?: boolean }) => m.ready && done();
      worker.on('message', onReady);
      worker.on('error', done);
      worker.on('exit', done);
    });
    return { worker, busy: false, ready };
  };
  const acquire = async (): Promise<Slot> => {
    for (;;) {
      let slot = slots.find((s) => !s.busy);
      if (!slot && slots.length < jobs) slots.push((slot = spawn()));
      if (slot) {
        slot.busy = true;
        return slot;
      }
      await new Promise<void>((r) => waitingForSlot.push(r));
    }
  };
  const release = (slot: Slot) => {
    slot.busy = false;
    waitingForSlot.shift()?.();
  };
  let nextId = 0;
  const dispatch = (task: BlockTask, p: Pending) => {
    void (async () => {
      const slot = await acquire();
      await slot.ready;
      const id = nextId++;
      const started = performance.now();
      const outcome = await new Promise<BlockOutcome>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const cleanup = () => {
          if (timer) clearTimeout(timer);
          slot.worker.off('message', onMessage);
          slot.worker.off('error', onError);
          slot.worker.off('exit', onExit);
        };
        const onMessage = (m: { id: number; outcome: BlockOutcome }) => {
          if (m.id !== id) return;
          cleanup();
          resolve(m.outcome);
        };
        const replace = () => {
          const fresh = spawn();
          slot.worker = fresh.worker;
          slot.ready = fresh.ready;
        };
        const onError = (e: Error) => {
          cleanup();
          replace();
          resolve({ kind: 'error', code: 'E_WORKER', message: `worker failed: ${e.message}` });
        };
        const onExit = () => {
          cleanup();
          replace();
          resolve({ kind: 'error', code: 'E_WORKER', message: 'worker exited unexpectedly' });
        };
        slot.worker.on('message', onMessage);
        slot.worker.on('error', onError);
        slot.worker.on('exit', onExit);
        if (timeoutMs !== undefined) {
          timer = setTimeout(() => {
            cleanup();
            void slot.worker.terminate();
            replace();
            resolve({ kind: 'timeout', ms: performance.now() - started });
          }, timeoutMs);
        }
        slot.worker.ref();
        slot.worker.postMessage({ id, task });
      });
      slot.worker.unref();
      release(slot);
      p.outcome = outcome;
      p.resolve();
    })();
  };

  try {
    for await (const task of tasks) {
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      const p: Pending = { done, resolve };
      const quick = quickOutcome(task);
      if (quick) {
        p.outcome = quick;
        resolve();
      } else dispatch(task, p);
      pending.push(p);
      while (pending.length >= window || (pending.length > 0 && pending[0]!.outcome)) {
        const head = pending[0]!;
        await head.done;
        pending.shift();
        yield head.outcome!;
      }
    }
    while (pending.length > 0) {
      const head = pending.shift()!;
      await head.done;
      yield head.outcome!;
    }
  } finally {
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
