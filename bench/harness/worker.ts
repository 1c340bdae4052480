import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLI_NODE_FLAGS } from '../../src/cli/nodeFlags.js';
import { nodeArgv, procCpu, runProcess, type ProcOptions, type ProcRun } from './proc.js';

/**
 * Work measured in-process: a function exported by a bench module, run in a Node child process
 * (the CLI's Node flags) that measures each call itself (`process.cpuUsage()` and wall time
 * around the call, peak resident memory after it), so that start-up is left out and a figure
 * is the call's alone. `module` is a path relative to dist/bench, e.g. `./solveTasks.js`.
 *
 * `Worker` keeps one child for many calls: it starts it on the first call (the module's
 * `warmUp(...args)`, when it exports one, runs first), and stops it (SIGKILL) when a call
 * passes its CPU limit (read from /proc every 50 ms) or its wall-clock cap; the next call starts
 * a fresh one. Call order: `call` (any number, one at a time), then `close`.
 *
 * `oneShot` runs one call in a fresh process that must end by itself (its argument on stdin,
 * its result as the first line of stdout), measured from outside as well (`ProcRun`).
 */
export interface Measured {
  readonly cpu: number;
  readonly wall: number;
  /** Peak resident memory of the child so far, MiB. */
  readonly rssMiB: number;
}
export type Call<T> = Measured & ({ readonly kind: 'done'; readonly value: T } | { readonly kind: 'stopped' | 'error'; readonly why: string });

export interface Limit {
  readonly cpuS: number;
  readonly capS: number;
}

const CHILD = fileURLToPath(new URL('./child.js', import.meta.url));

function peakRssMiB(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

type Reply = { id: number; kind: 'done' | 'error'; value?: unknown; why?: string } & Measured;

export class Worker {
  private child: ChildProcess | undefined;
  private next = 0;
  constructor(
    private readonly module: string,
    private readonly args: readonly string[] = [],
  ) {}

  private start(): Promise<ChildProcess> {
    return new Promise((resolve, reject) => {
      const child = fork(CHILD, [this.module, ...this.args], { execArgv: [...CLI_NODE_FLAGS], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const onExit = (code: number | null) => reject(new Error(`bench child ${this.module} exited (${code}) before it was ready`));
      child.once('message', () => {
        child.off('exit', onExit);
        resolve(child);
      });
      child.once('exit', onExit);
    });
  }

  async call<T>(fn: string, arg: unknown, limit?: Limit): Promise<Call<T>> {
    const child = (this.child ??= await this.start());
    const id = this.next++;
    const w0 = performance.now();
    const cpu0 = procCpu(child.pid!);
    return new Promise((resolve) => {
      const end = (c: Call<T>) => {
        clearInterval(poll);
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(c);
      };
      const onMessage = (m: Reply) => {
        if (m.id !== id) return;
        const { kind, value, why, ...measured } = m;
        end(kind === 'done' ? { kind, value: value as T, ...measured } : { kind, why: why ?? '', ...measured });
      };
      const gone = (why: string, cpu: number, rssMiB: number) => {
        this.child = undefined;
        child.kill('SIGKILL');
        end({ kind: 'stopped', why, cpu, wall: (performance.now() - w0) / 1000, rssMiB });
      };
      const onExit = (code: number | null, signal: string | null) => {
        this.child = undefined;
        end({ kind: 'error', why: `child process died (${signal ?? `exit ${code}`})`, cpu: NaN, wall: (performance.now() - w0) / 1000, rssMiB: NaN });
      };
      const poll = setInterval(() => {
        if (!limit) return;
        const cpu = procCpu(child.pid!) - cpu0;
        if (cpu >= limit.cpuS) gone(`CPU limit ${limit.cpuS} s`, cpu, peakRssMiB(child.pid!));
        else if ((performance.now() - w0) / 1000 >= limit.capS) gone(`wall-clock cap ${limit.capS} s`, cpu, peakRssMiB(child.pid!));
      }, 50);
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send({ id, fn, arg });
    });
  }

  close(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
  }
}

/** One call in a fresh process: what it measured itself, and the process as the system saw it. */
export async function oneShot<T>(module: string, fn: string, arg: unknown, o: ProcOptions = {}): Promise<{ run: ProcRun; call?: Call<T> }> {
  const run = await runProcess(nodeArgv(CHILD, module, fn), { ...o, input: JSON.stringify(arg) });
  try {
    const r = JSON.parse(run.stdout.split('\n')[0]!) as Reply;
    const { kind, value, why, ...measured } = r;
    return { run, call: kind === 'done' ? { kind, value: value as T, ...measured } : { kind, why: why ?? '', ...measured } };
  } catch {
    return { run };
  }
}
