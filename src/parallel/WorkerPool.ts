import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { NonocryptError } from '../errors.js';
import { engineCapabilities } from '../sat/engines.js';
import type { RunOptions } from './RunOptions.js';
import { quickOutcome, type BlockOutcome, type BlockTask } from './BlockTask.js';
import { ordered } from './ordered.js';

/**
 * Blocks on worker threads: `jobs` workers, each running one task at a time with its own SAT
 * session (instances are reused across the tasks a worker runs). Tasks that propagation
 * settles are answered in the calling thread without a round trip.
 *
 * Every task gets an outcome, and the process never exits with work queued: workers stay
 * referenced (they keep Node's event loop alive) from their start until `close()`.
 * - Time: the worker passes the time limit to the task (the SAT engine's deadline, the
 *   minimizer's budget). A task still running at its hard limit (see `hardLimitMs`) has its
 *   worker terminated and replaced, and comes back as `timeout`.
 * - A worker that dies (an uncaught error, a crash, a failed start) is replaced; its task
 *   comes back as an `error` outcome (E_WORKER) and the next tasks run on the replacement.
 * - The clock of a task starts when its worker is ready (the engine loaded), so a time limit
 *   measures the block's work, not a thread's start-up.
 * - `close()` is final: it terminates every worker and starts none again (a replacement
 *   started after it would keep the process alive for ever). Tasks running or waiting for a
 *   worker then, and tasks given after, come back at once as `error` outcomes (E_WORKER).
 *
 * The pool is generic in its tasks: the block tasks of BlockTask.ts by default, or another
 * layer's tasks run by its own worker script (`internals.script`, which speaks the same
 * protocol as blockWorker.ts: post `{ready: true}` once, then answer each `{id, task,
 * timeoutMs}` with `{id, outcome}`); failures come back as `PoolFailure` outcomes either way.
 *
 * Why our own pool and not piscina or tinypool (which also terminate a worker to cancel its
 * task): measured against both behind these same rules (`npm run bench -- pool`, section
 * "pool" of docs/results/fuzz-pool-collection.md), it is as fast or faster on every workload, and the rules
 * (limit counted from when the worker starts the task, outcomes for dead workers, a final
 * close) would need an adapter around either library anyway.
 */
interface Slot {
  worker: Worker;
  /** Resolves to '' once the worker has loaded its engine, or to why it could not start. */
  ready: Promise<string>;
}

/**
 * Grace before a worker whose engine stops at its own deadline is terminated anyway, in ms
 * (at least this, or the time limit itself when that is longer). Range 200-5000. It covers
 * one engine step past the deadline plus the answer's trip back: the WebAssembly engines were
 * measured stopping 40-400 ms late on tiny deadlines (CaDiCaL checks its terminator between
 * restarts), MiniSat within a few ms; 1 s keeps every such answer a value, not a kill.
 */
const STOPPABLE_GRACE_MS = 1000;

/**
 * Extra time an `annotate` task gets past twice its limit before its worker is terminated, in
 * ms (range 1000-10,000): the minimizer stops proving at the limit and may then spend up to as
 * long again finding a small valid annotation; this covers the final check of that annotation.
 */
const ANNOTATE_GRACE_MS = 2000;

/**
 * Results a worker may run ahead of the one the caller waits for, per job (range 2-64). Bounds
 * the outcomes held out of order, so memory stays flat in the number of blocks (BENCHMARKS
 * "Memory against the number of blocks": x1.43 peak RSS for x32 the blocks), while a slow block
 * stalls at most this many fast ones behind it per worker.
 */
const AHEAD_PER_JOB = 8;

/**
 * Workers in a row that may fail to start (or die idle) before a task gives up with E_WORKER
 * (range 1-5). Three tolerates one crash and one failed replacement without retrying for ever
 * on a broken install (test/pool tests and the broken-install CLI test exercise both paths).
 */
const START_ATTEMPTS = 3;

/** How far past the time limit a task may run before its worker is terminated. */
export function hardLimitMs(task: { readonly kind: string }, timeoutMs: number, engineStops: boolean): number {
  // A solve on an engine that honours deadlines stops itself by the limit; an engine that
  // cannot stop is stopped at the limit.
  if (task.kind === 'annotate') return 2 * timeoutMs + ANNOTATE_GRACE_MS;
  return engineStops ? timeoutMs + Math.max(STOPPABLE_GRACE_MS, timeoutMs) : timeoutMs;
}

export interface PoolInternals<T, O> {
  /** The worker script (tests inject one that dies on purpose; other layers bring their own). */
  readonly script?: URL;
  /**
   * Answers a task in the calling thread when it needs no worker: by default quickOutcome (for
   * block tasks); null: every task goes to a worker (another layer's tasks).
   */
  readonly quick?: ((task: T) => O | undefined) | null;
}

/** The outcomes the pool itself gives a task: stopped at its hard limit, or failed. */
export type PoolFailure = Extract<BlockOutcome, { kind: 'timeout' } | { kind: 'error' }>;

export class WorkerPool<T extends { readonly kind: string } = BlockTask, O extends { readonly kind: string } = BlockOutcome> {
  private readonly slots: Slot[] = [];
  private readonly idle: Slot[] = [];
  /** Tasks waiting for a worker; `close()` hands them undefined. */
  private readonly waiting: ((slot: Slot | undefined) => void)[] = [];
  private readonly quick: ((task: T) => O | undefined) | undefined;
  /** Workers that have exited (a crash while idle is noticed before the next task). */
  private readonly exited = new WeakSet<Worker>();
  private readonly script: URL;
  private readonly engineStops: boolean;
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly options: RunOptions & { readonly jobs: number },
    internals: PoolInternals<T, O> = {},
  ) {
    this.script = internals.script ?? workerScript();
    this.quick = internals.quick === null ? undefined : ((internals.quick ?? quickOutcome) as (task: T) => O | undefined);
    this.engineStops = engineCapabilities(options.engine).deadline;
  }

  run(tasks: Iterable<T> | AsyncIterable<T>): AsyncGenerator<O | PoolFailure> {
    return ordered(tasks, (t) => this.execute(t), this.options.jobs * AHEAD_PER_JOB, this.quick);
  }

  /**
   * A race: every task at once (give at least as many jobs as tasks), and the first outcome
   * `decisive` accepts; then the pool is closed, which terminates the workers still running
   * (the losers). When no outcome is decisive, the last one to arrive. A portfolio runs on it.
   */
  async race(tasks: readonly T[], decisive: (outcome: O | PoolFailure) => boolean): Promise<O | PoolFailure> {
    try {
      return await new Promise<O | PoolFailure>((resolve) => {
        let left = tasks.length;
        for (const task of tasks) {
          void this.execute(task).then((outcome) => {
            left--;
            if (decisive(outcome) || left === 0) resolve(outcome);
          });
        }
      });
    } finally {
      await this.close();
    }
  }

  /** Worker threads started and not yet terminated. */
  get liveWorkers(): number {
    return this.slots.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const next of this.waiting.splice(0)) next(undefined);
    const all = this.slots.splice(0);
    this.idle.length = 0;
    await Promise.all(all.map((s) => s.worker.terminate()));
  }

  private async execute(task: T): Promise<O | PoolFailure> {
    const slot = await this.acquire();
    if (!slot) return closedOutcome();
    try {
      // A worker that failed to start, or died while idle, is replaced before it gets the task;
      // after START_ATTEMPTS such workers in a row the task fails rather than wait forever.
      for (let failures = 1; ; failures++) {
        const failed = await slot.ready;
        if (this.closed) return closedOutcome();
        if (!failed && !this.exited.has(slot.worker)) return await this.post(slot, task);
        if (failures === START_ATTEMPTS) {
          return { kind: 'error', code: 'E_WORKER', message: `worker thread failed to start: ${failed || 'it exited before its first task'}` };
        }
        this.replace(slot);
      }
    } finally {
      this.release(slot);
    }
  }

  private post(slot: Slot, task: T): Promise<O | PoolFailure> {
    const id = this.nextId++;
    const { timeoutMs } = this.options;
    const worker = slot.worker;
    const started = performance.now();
    return new Promise<O | PoolFailure>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = (outcome: O | PoolFailure, replace: boolean) => {
        if (timer) clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (replace) this.replace(slot);
        resolve(outcome);
      };
      const onMessage = (m: { id?: number; outcome?: O }) => {
        if (m.id === id && m.outcome) finish(m.outcome, false);
      };
      const onError = (e: Error) => finish({ kind: 'error', code: 'E_WORKER', message: `worker thread failed: ${oneLine(e.message)}` }, true);
      const onExit = (code: number) =>
        finish(this.closed ? closedOutcome() : { kind: 'error', code: 'E_WORKER', message: `worker thread exited unexpectedly (code ${code})` }, true);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => finish({ kind: 'timeout', ms: performance.now() - started }, true), hardLimitMs(task, timeoutMs, this.engineStops));
      }
      worker.postMessage({ id, task, timeoutMs });
    });
  }

  private acquire(): Promise<Slot | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    const free = this.idle.pop();
    if (free) return Promise.resolve(free);
    if (this.slots.length < this.options.jobs) {
      const slot = this.spawn();
      this.slots.push(slot);
      return Promise.resolve(slot);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    if (this.closed) return; // close() took every slot
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.idle.push(slot);
  }

  /** The slot's worker is gone or must go: terminate it and start another in its place. */
  private replace(slot: Slot): void {
    void slot.worker.terminate();
    if (this.closed) return;
    const fresh = this.spawn();
    slot.worker = fresh.worker;
    slot.ready = fresh.ready;
  }

  private spawn(): Slot {
    const worker = new Worker(this.script, { workerData: { engine: this.options.engine, memoryCapBytes: this.options.memoryCapBytes, certify: this.options.certify } });
    const ready = new Promise<string>((resolve) => {
      const done = (why: string) => {
        worker.off('message', onReady);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve(why);
      };
      const onReady = (m: { ready?: boolean }) => m.ready && done('');
      const onError = (e: Error) => done(oneLine(e.message));
      const onExit = (code: number) => done(`exited with code ${code}`);
      worker.on('message', onReady);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
    // A worker that fails between tasks must not take the process down with it.
    worker.on('error', () => {});
    worker.on('exit', () => this.exited.add(worker));
    return { worker, ready };
  }
}

function closedOutcome(): PoolFailure {
  return { kind: 'error', code: 'E_WORKER', message: 'the worker pool was closed before the block finished' };
}

function oneLine(s: string): string {
  return s.split('\n')[0]!;
}

/** The compiled worker entry of the block pool. */
function workerScript(): URL {
  return compiledScript(import.meta.url, 'parallel/blockWorker.js');
}

/**
 * The compiled file `fromSrc` (a path under src/, e.g. 'parallel/blockWorker.js') for the module
 * at `moduleUrl` (its import.meta.url): under dist/src/ whether that module runs compiled
 * (dist/src/...), from its TypeScript source (src/<folder>/.../<file>.ts, any depth, under
 * vitest), or from the CLI's bundle (dist/nonocrypt.mjs).
 */
export function compiledScript(moduleUrl: string, fromSrc: string): URL {
  const here = fileURLToPath(moduleUrl);
  const source = /^(.*)[\\/]src[\\/](?:[^\\/]+[\\/])+[^\\/]+\.ts$/.exec(here);
  const built = /^(.*)[\\/]dist[\\/]src[\\/]/.exec(here);
  const root = source ? join(source[1]!, 'dist', 'src') : built ? join(built[1]!, 'dist', 'src') : join(dirname(here), 'src');
  const compiled = join(root, ...fromSrc.split('/'));
  if (!existsSync(compiled)) throw new NonocryptError('E_BUILD', `worker script ${compiled} is missing: run npm run build`);
  return pathToFileURL(compiled);
}
