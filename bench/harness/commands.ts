import { runProcess, type ProcOptions, type ProcRun } from './proc.js';
import type { Command } from './suite.js';
import { Worker, type Call, type Limit } from './worker.js';

/** The kinds of command a suite declares: work in this process, a child process, a call in a warm child. */

export interface Timed<V> {
  readonly value: V;
  /** CPU seconds (user + system) of this process during the call. */
  readonly cpu: number;
  readonly wall: number;
}

/** Runs `fn` and measures the CPU (process.cpuUsage) and wall time (performance.now) it took. */
export async function timed<V>(fn: () => V | Promise<V>): Promise<Timed<V>> {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const value = await fn();
  const wall = (performance.now() - w0) / 1000;
  const c = process.cpuUsage(c0);
  return { value, cpu: (c.user + c.system) / 1e6, wall };
}

/** Work in this process, measured. */
export const here = <I, V>(label: string, fn: (input: I) => V | Promise<V>): Command<I, Timed<V>> => ({ label, run: (input) => timed(() => fn(input)) });

/** A process per input: `argv(input)`, measured by GNU time (see proc.ts). */
export const processCommand = <I>(label: string, argv: (input: I) => readonly string[], options: (input: I) => ProcOptions = () => ({})): Command<I, ProcRun> => ({
  label,
  run: (input) => runProcess(argv(input), options(input)),
});

/** A call of `fn` exported by `module` in a warm child per lane (harness/worker.ts), each call measured there. */
export function workerCommand<I, V>(label: string, module: string, fn: string, arg: (input: I) => unknown, limit?: Limit, warmUpArgs: readonly string[] = []): Command<I, Call<V>> {
  const workers: Worker[] = [];
  return {
    label,
    run: (input, lane) => (workers[lane] ??= new Worker(module, warmUpArgs)).call<V>(fn, arg(input), limit),
    close: () => workers.forEach((w) => w.close()),
  };
}
