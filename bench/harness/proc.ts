import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_NODE_FLAGS } from '../../src/cli/nodeFlags.js';
import { packageRoot } from './doc.js';

/**
 * A command run as a child process and measured from the operating system's side: wall time
 * around the process; its CPU (user + system, all threads) from bash's `time` (the kernel's
 * rusage to the millisecond: GNU time prints only hundredths, truncated, which loses about 10 ms
 * a process, as much as a small puzzle takes); its peak resident memory from GNU time
 * (`/usr/bin/time -f %M`). Limits: `cpuLimitS` is the process's own CPU time
 * (RLIMIT_CPU through `prlimit`: the kernel stops it with SIGXCPU, so a busy shared machine does
 * not turn decidable work into a timeout), `capS` is wall-clock time (the process group is
 * killed; the CPU it had used is read from /proc first).
 */
export interface ProcRun {
  readonly wall: number;
  /** User + system CPU seconds; NaN when unknown. */
  readonly cpu: number;
  readonly rssMiB: number;
  /** Exit code; undefined when a signal ended the process. */
  readonly code: number | undefined;
  readonly signal: string | undefined;
  /** Why the harness stopped it (its CPU limit or its wall-clock cap); undefined when it ended by itself. */
  readonly stopped: string | undefined;
  /** Standard output, unless it went to a file. */
  readonly stdout: string;
  readonly stderr: string;
  /** The 1-minute load average just before the start. */
  readonly load: number;
  /** Seconds from the first line on stdout to the end of the process (NaN without one). */
  readonly exitAfter: number;
}

export interface ProcOptions {
  /** Standard input: a file. */
  readonly stdinFile?: string;
  /** Standard input: this text. */
  readonly input?: string;
  /** Standard output into this file instead of `stdout`. */
  readonly stdoutFile?: string;
  readonly capS?: number;
  readonly cpuLimitS?: number;
  readonly env?: Record<string, string>;
  /** Stops the process as the wall-clock cap does (its CPU so far is kept); `stopped` is then the signal's reason. */
  readonly abort?: AbortSignal;
}

const GNU_TIME = '/usr/bin/time';
let checked = false;
function needGnuTime(): void {
  if (checked) return;
  const r = spawnSync(GNU_TIME, ['-f', '%M', 'true'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${GNU_TIME} (GNU time, the Debian package "time") measures the child processes: install it`);
  checked = true;
}

export const measuredBy = "the child's rusage from the kernel (CPU: bash's `time`, to the millisecond; peak RSS: GNU time)";
/** Times the command (`$@`) into the file `$0`, its own stderr untouched. */
const TIMED = 'TIMEFORMAT="%3R %3U %3S"; { time "$@" 2>&4; } 4>&2 2>"$0"';

/** `node` with the CLI's flags (those of its #! line) running `script`. */
export const nodeArgv = (script: string, ...args: string[]): string[] => [process.execPath, ...CLI_NODE_FLAGS, script, ...args];
export const cliPath = (): string => join(packageRoot(), 'dist', 'nonocrypt.mjs');
/** The built CLI as a user runs it: `node --single-threaded-gc dist/nonocrypt.mjs ...args`. */
export const cliArgv = (...args: string[]): string[] => nodeArgv(cliPath(), ...args);
/** An argv as shown in a report: node's path and the build's folders shortened. */
export const shown = (argv: readonly string[]): string => argv.map((a) => (a === process.execPath ? 'node' : a.replace(`${packageRoot()}/`, ''))).join(' ');

/** CPU seconds a process has used so far, from /proc (NaN when it is gone). */
export function procCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in USER_HZ ticks (100 on Linux)
  } catch {
    return NaN;
  }
}

let counter = 0;

export async function runProcess(argv: readonly string[], o: ProcOptions = {}): Promise<ProcRun> {
  needGnuTime();
  const base = join(tmpdir(), `nonocrypt-bench-${process.pid}-${counter++}`);
  const limit = o.cpuLimitS === undefined ? [] : ['prlimit', `--cpu=${Math.ceil(o.cpuLimitS)}:${Math.ceil(o.cpuLimitS) + 1}`];
  const stdin = o.stdinFile ? openSync(o.stdinFile, 'r') : o.input !== undefined ? 'pipe' : 'ignore';
  const stdout = o.stdoutFile ? openSync(o.stdoutFile, 'w') : 'pipe';
  const load = loadavg()[0]!;
  const w0 = performance.now();
  const child = spawn(GNU_TIME, ['-f', '%M', '-o', `${base}.rss`, 'bash', '-c', TIMED, `${base}.time`, ...limit, ...argv], { stdio: [stdin, stdout, 'pipe'], detached: true, env: { ...process.env, NO_COLOR: '1', ...o.env } });
  if (o.input !== undefined) child.stdin!.end(o.input);
  let out = '';
  let err = '';
  let firstLine = NaN;
  child.stdout?.setEncoding('utf8').on('data', (s: string) => {
    out += s;
    if (Number.isNaN(firstLine) && out.includes('\n')) firstLine = performance.now();
  });
  child.stderr!.setEncoding('utf8').on('data', (s: string) => void (err.length < 1 << 16 && (err += s)));
  let stopped: string | undefined;
  let stoppedCpu = NaN;
  /** Kills the process group, keeping the CPU of the process at the end of its chain (the measured one). */
  const stop = (why: string) => {
    try {
      let leaf = child.pid!;
      for (let k: number; (k = Number(readFileSync(`/proc/${leaf}/task/${leaf}/children`, 'utf8').trim().split(' ')[0])) > 0; ) leaf = k;
      stoppedCpu = procCpu(leaf);
      process.kill(-child.pid!, 'SIGKILL');
      stopped = why;
    } catch {
      /* already gone */
    }
  };
  const timer = o.capS === undefined ? undefined : setTimeout(() => stop(`wall-clock cap ${o.capS} s`), o.capS * 1000);
  const onAbort = () => stop(String(o.abort!.reason));
  o.abort?.addEventListener('abort', onAbort, { once: true });
  // A signal aborted before the process started fires no event: stop it now.
  if (o.abort?.aborted) onAbort();
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', () => resolve());
  });
  const w1 = performance.now();
  if (timer) clearTimeout(timer);
  o.abort?.removeEventListener('abort', onAbort);
  if (typeof stdin === 'number') closeSync(stdin);
  if (typeof stdout === 'number') closeSync(stdout);
  const read = (ext: string) => {
    const text = existsSync(`${base}.${ext}`) ? readFileSync(`${base}.${ext}`, 'utf8') : '';
    rmSync(`${base}.${ext}`, { force: true });
    return text;
  };
  const gnu = read('rss');
  const rss = /(\d+)\s*$/.exec(gnu)?.[1];
  const times = /([\d.]+) ([\d.]+) ([\d.]+)\s*$/.exec(read('time'));
  const status = Number(/exited with non-zero status (\d+)/.exec(gnu)?.[1] ?? 0);
  const signal = status > 128 ? String(status - 128) : undefined;
  if (signal === '24' && o.cpuLimitS !== undefined) stopped = `CPU limit ${o.cpuLimitS} s`;
  const killed = stopped !== undefined && !Number.isNaN(stoppedCpu);
  const cpu = killed ? stoppedCpu : times ? Number(times[2]) + Number(times[3]) : NaN;
  return {
    wall: (w1 - w0) / 1000,
    cpu,
    rssMiB: Number(rss ?? NaN) / 1024,
    code: killed || signal ? undefined : status,
    signal: signal ? `signal ${signal}` : stopped ? 'SIGKILL' : undefined,
    stopped,
    stdout: out,
    stderr: err,
    load,
    exitAfter: (w1 - firstLine) / 1000,
  };
}

/** The exit as a table shows it: the code, the signal, or why the harness stopped it. */
export const exitOf = (r: ProcRun): string => r.stopped ?? (r.code === undefined ? (r.signal ?? '?') : String(r.code));
export const firstLine = (s: string): string => s.trim().split('\n')[0] ?? '';
/** The last line of a text (a process's last word on stderr, where its error is). */
export const lastLine = (s: string): string => s.trim().split('\n').pop() ?? '';
