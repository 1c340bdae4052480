import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { Tinypool } from 'tinypool';
import type { BlockRunner, RunOptions } from '../src/parallel/BlockRunner.js';
import { quickOutcome, type BlockOutcome, type BlockTask } from '../src/parallel/BlockTask.js';
import { hardLimitMs, WorkerPool } from '../src/parallel/WorkerPool.js';
import { ordered } from '../src/parallel/ordered.js';
import { engineCapabilities } from '../src/sat/engines.js';
import type { PoolJob } from './poolWorker.js';

/**
 * The pools the pool benchmark compares, each behind our BlockRunner interface so that every
 * one runs the same tasks the same way: our WorkerPool, and throw-away adapters over piscina
 * and tinypool (bench only; nothing in src/ uses them).
 *
 * The adapters keep our pool's rules, so that only the pool differs: tasks that propagation
 * settles are answered in this thread (`quickOutcome`), at most `jobs * 8` tasks are in flight
 * (`ordered`), outcomes come in task order, a task's hard limit (`hardLimitMs`) counts from
 * when its worker starts it (the worker says so on a MessagePort; a task waiting in the
 * library's queue, or for a replacement worker to start, is not timed), and a task still
 * running at its hard limit is cancelled through an AbortSignal, which in both libraries
 * terminates the worker (they start a replacement themselves). A failed task is an `error`
 * outcome (E_WORKER), as in ours.
 */
export const POOLS = ['ours', 'piscina', 'tinypool'] as const;
export type PoolName = (typeof POOLS)[number];

export function makeRunner(name: PoolName, options: RunOptions & { readonly jobs: number }): BlockRunner {
  if (name === 'ours') return new WorkerPool(options);
  const filename = fileURLToPath(new URL('./poolWorker.js', import.meta.url));
  const workerData = { engine: options.engine, memoryCapBytes: options.memoryCapBytes };
  if (name === 'piscina') {
    const pool = new Piscina({ filename, minThreads: options.jobs, maxThreads: options.jobs, idleTimeout: 2 ** 31 - 1, workerData });
    return new LibraryRunner(options, (job, transfer, signal) => pool.run(job, { transferList: transfer, signal }), () => pool.destroy());
  }
  const pool = new Tinypool({ filename, minThreads: options.jobs, maxThreads: options.jobs, idleTimeout: 2 ** 31 - 1, workerData });
  return new LibraryRunner(options, (job, transfer, signal) => pool.run(job, { transferList: transfer, signal }), () => pool.destroy());
}

type Submit = (job: PoolJob, transfer: MessagePort[] | undefined, signal: AbortSignal | undefined) => Promise<BlockOutcome>;

class LibraryRunner implements BlockRunner {
  private readonly engineStops: boolean;
  constructor(
    private readonly options: RunOptions & { readonly jobs: number },
    private readonly submit: Submit,
    private readonly destroy: () => Promise<void>,
  ) {
    this.engineStops = engineCapabilities(options.engine).deadline;
  }

  run(tasks: Iterable<BlockTask> | AsyncIterable<BlockTask>): AsyncGenerator<BlockOutcome> {
    return ordered(tasks, (t) => this.execute(t), this.options.jobs * 8, quickOutcome);
  }

  close(): Promise<void> {
    return this.destroy();
  }

  private async execute(task: BlockTask): Promise<BlockOutcome> {
    const { timeoutMs } = this.options;
    if (timeoutMs === undefined) {
      try {
        return await this.submit({ task }, undefined, undefined);
      } catch (e) {
        return failed(e);
      }
    }
    const abort = new AbortController();
    const channel = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    let started = 0;
    channel.port1.once('message', () => {
      started = performance.now();
      timer = setTimeout(() => abort.abort(), hardLimitMs(task, timeoutMs, this.engineStops));
    });
    try {
      return await this.submit({ task, timeoutMs, started: channel.port2 }, [channel.port2], abort.signal);
    } catch (e) {
      return abort.signal.aborted ? { kind: 'timeout', ms: performance.now() - started } : failed(e);
    } finally {
      if (timer) clearTimeout(timer);
      channel.port1.close();
    }
  }
}

function failed(e: unknown): BlockOutcome {
  const message = e instanceof Error ? e.message : String(e);
  return { kind: 'error', code: 'E_WORKER', message: `worker thread failed: ${message.split('\n')[0]}` };
}
