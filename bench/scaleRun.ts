import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from './common.js';
import { CLI_NODE_FLAGS } from '../src/cli/nodeFlags.js';

/**
 * Runs the nonocrypt CLI as a child process and measures it from the operating system's side:
 * wall time, CPU (user + system, worker threads included: they are threads of the same
 * process) and peak resident memory of that process alone.
 *
 * The measurement comes from GNU time (`/usr/bin/time -f '%e %U %S %M'`, i.e. wait4's rusage)
 * when it is installed; otherwise from a small wrapper (dist/bench/scaleWrap.js) that runs the
 * CLI in its own process and writes `process.resourceUsage()` at exit (same getrusage figures).
 */
export interface CliRun {
  readonly args: readonly string[];
  /** Wall-clock seconds measured by the parent around the whole child process. */
  readonly wall: number;
  readonly user: number;
  readonly sys: number;
  /** Peak resident set size, MiB. */
  readonly rssMiB: number;
  /** Exit code, or undefined when killed by a signal. */
  readonly code: number | undefined;
  readonly signal: string | undefined;
  /** True when the bench's own safety cap stopped the process. */
  readonly capped: boolean;
  readonly stderr: string;
  /** One-minute load average just before the run started. */
  readonly load: number;
}

export const cpuOf = (r: CliRun): number => r.user + r.sys;

export function cliPath(): string {
  const p = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');
  if (!existsSync(p)) throw new Error(`${p} is missing: run npm run build first`);
  return p;
}

let timeTool: boolean | undefined;
/** Whether GNU time is available at /usr/bin/time (checked once). */
export function haveGnuTime(): boolean {
  if (timeTool === undefined) {
    const r = spawnSync('/usr/bin/time', ['-f', '%M', 'true'], { encoding: 'utf8' });
    timeTool = r.status === 0 && /^\d+\s*$/.test(r.stderr.trim().split('\n').pop() ?? '');
  }
  return timeTool;
}

export function measuredBy(): string {
  return haveGnuTime()
    ? "GNU time (`/usr/bin/time -f '%e %U %S %M'`: the child's rusage from the kernel)"
    : '`process.resourceUsage()` written at exit by a wrapper process around the CLI (GNU time is not installed)';
}

let runCounter = 0;

/**
 * Runs `node --single-threaded-gc dist/src/cli/main.js ...args` (the flags of the CLI's #! line) with stdin from `stdin` (a file) and stdout into
 * `stdout` (a file; /dev/null when omitted). `capS` is a safety cap: past it the process group
 * is killed and the run is marked `capped`.
 */
export async function runCli(
  args: readonly string[],
  options: { stdin?: string; stdout?: string; capS: number; workDir: string },
): Promise<CliRun> {
  const cli = cliPath();
  const rusageFile = join(options.workDir, `.rusage-${process.pid}-${runCounter++}`);
  const gnu = haveGnuTime();
  const command = gnu ? '/usr/bin/time' : process.execPath;
  const argv = gnu
    ? ['-f', '%e %U %S %M', '-o', rusageFile, process.execPath, ...CLI_NODE_FLAGS, cli, ...args]
    : [...CLI_NODE_FLAGS, join(packageRoot(), 'dist', 'bench', 'scaleWrap.js'), cli, ...args];
  const stdinFd = options.stdin ? openSync(options.stdin, 'r') : 'ignore';
  const stdoutFd = openSync(options.stdout ?? '/dev/null', 'w');
  const load = loadavg()[0]!;
  const started = performance.now();
  let capped = false;
  const child = spawn(command, argv, {
    stdio: [stdinFd, stdoutFd, 'pipe'],
    detached: true, // its own process group, so the cap can stop the CLI and not only GNU time
    env: { ...process.env, NONOCRYPT_BENCH_RUSAGE: rusageFile, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (s: string) => {
    if (stderr.length < 1 << 16) stderr += s;
  });
  const timer = setTimeout(() => {
    capped = true;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, options.capS * 1000);
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c, s) => resolve({ code: c, signal: s }));
  });
  clearTimeout(timer);
  const wall = (performance.now() - started) / 1000;
  if (typeof stdinFd === 'number') closeSync(stdinFd);
  closeSync(stdoutFd);

  let user = NaN;
  let sys = NaN;
  let rssKiB = NaN;
  let exit = code ?? undefined;
  let sig: string | undefined = signal ?? undefined;
  if (existsSync(rusageFile)) {
    const lines = readFileSync(rusageFile, 'utf8').trim().split('\n');
    const last = lines[lines.length - 1]!.trim().split(/\s+/).map(Number);
    [, user, sys, rssKiB] = last as [number, number, number, number];
    const killed = lines.find((l) => l.startsWith('Command terminated by signal'));
    if (killed) {
      sig = `signal ${killed.split(' ').pop()}`;
      exit = undefined;
    }
    rmSync(rusageFile, { force: true });
  }
  return { args, wall, user, sys, rssMiB: rssKiB / 1024, code: exit, signal: sig, capped, stderr, load };
}
