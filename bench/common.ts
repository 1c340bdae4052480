import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, totalmem, platform, release, arch, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shared helpers for the bench programs: timing, formatting, and docs/BENCHMARKS.md sections. */

export interface Timed<T> {
  readonly value: T;
  /** CPU seconds of this process (user + system) spent in the call. */
  readonly cpu: number;
  /** Wall-clock seconds. */
  readonly wall: number;
}

/** Runs `fn` and measures both CPU time (process.cpuUsage) and wall time (performance.now). */
export function timed<T>(fn: () => T): Timed<T> {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const value = fn();
  const wall = (performance.now() - w0) / 1000;
  const c = process.cpuUsage(c0);
  return { value, cpu: (c.user + c.system) / 1e6, wall };
}

/** `timed` for an async call. */
export async function timedAsync<T>(fn: () => Promise<T>): Promise<Timed<T>> {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const value = await fn();
  const wall = (performance.now() - w0) / 1000;
  const c = process.cpuUsage(c0);
  return { value, cpu: (c.user + c.system) / 1e6, wall };
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
export const max = (xs: readonly number[]): number => (xs.length ? Math.max(...xs) : NaN);

/** Seconds with a sensible number of digits. */
export function secs(s: number): string {
  if (!Number.isFinite(s)) return '-';
  if (s >= 100) return s.toFixed(0);
  if (s >= 10) return s.toFixed(1);
  if (s >= 0.01) return s.toFixed(2);
  if (s === 0) return '0';
  return s.toFixed(4);
}

export function markdownTable(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(String).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Progress goes to stderr so stdout holds only the report. */
export function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** One-line description of the machine the figures come from. */
export function machine(): string {
  const cpu = cpus();
  const model = cpu[0]?.model.trim() ?? 'unknown CPU';
  const gib = (totalmem() / 1024 ** 3).toFixed(1);
  return `${model}, ${cpu.length} logical cores, ${gib} GiB RAM, ${platform()} ${release()} ${arch()}, Node ${process.version}`;
}

/** The 1-minute load average, to read wall times against (other processes share the cores). */
export function load(): string {
  return loadavg()[0]!.toFixed(1);
}

/**
 * Which code produced the figures: the git commit, and whether src/ or bench/ had uncommitted
 * changes (read-only git queries; "unknown" outside a git checkout).
 */
export function codeVersion(): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: packageRoot(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const head = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'src', 'bench') !== '';
    return dirty ? `commit ${head} plus uncommitted changes in src/ or bench/` : `commit ${head}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** The command that reproduces a run, as typed at the package root. */
export function commandLine(bench: string, args: readonly string[]): string {
  return ['npm run bench --', bench, ...args].join(' ');
}

/** The package root: the nearest folder above this module holding package.json. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

const HEADER = `# Benchmarks

Every figure on this page is produced by a program in \`bench/\` and written here by that
program; nothing is typed in by hand. To reproduce a section, run at the package root:

\`\`\`
npm run build
npm run bench -- <name> --write     # npm run bench  (no name) lists the benchmarks
\`\`\`

Each benchmark owns the part of this file between its markers
\`<!-- bench:<name>:start -->\` and \`<!-- bench:<name>:end -->\` and replaces only that part,
so sections from different benchmarks (and different runs) live side by side. Each section
states its date, the machine, the Node version and the exact command.

Times are given both as CPU seconds of the Node process (user + system, from
\`process.cpuUsage()\`) and as wall-clock seconds (\`performance.now()\`); the benchmarks run
single-threaded, so the two normally agree unless the machine is busy with other work.
`;

/**
 * Replaces the section `name` of docs/BENCHMARKS.md (between its markers) with `body`, creating
 * the file with the explanatory header, or appending the section, when missing.
 */
export function writeSection(name: string, body: string): string {
  const file = join(packageRoot(), 'docs', 'BENCHMARKS.md');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section = `${start}\n${body.trim()}\n${end}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i >= 0 && j > i) {
    text = text.slice(0, i) + section + text.slice(j + end.length);
  } else if (i >= 0 || j >= 0) {
    throw new Error(`${file}: the markers of section "${name}" are incomplete or out of order; fix them by hand`);
  } else {
    text = `${text.trimEnd()}\n\n${section}\n`;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** Minimal option parsing: `--flag`, `--key value`, `--key=value`. */
export function parseArgs(args: readonly string[], known: Record<string, 'flag' | 'value'>): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) throw new Error(`unexpected argument "${a}"`);
    const eq = a.indexOf('=');
    const key = eq >= 0 ? a.slice(2, eq) : a.slice(2);
    const kind = known[key];
    if (!kind) throw new Error(`unknown option --${key}; known: ${Object.keys(known).map((k) => `--${k}`).join(', ')}`);
    if (kind === 'flag') {
      if (eq >= 0) throw new Error(`--${key} takes no value`);
      out.set(key, true);
    } else {
      const v = eq >= 0 ? a.slice(eq + 1) : args[++i];
      if (v === undefined) throw new Error(`--${key} needs a value`);
      out.set(key, v);
    }
  }
  return out;
}

/** mulberry32: a small, well-mixed seeded 32-bit generator; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Which code is measured: the first line of a REVISION file at the package root when there is
 * one, else `git rev-parse` at the package root (read-only), with a note when src/ has
 * uncommitted changes.
 */
export function revision(): string {
  const root = packageRoot();
  const file = join(root, 'REVISION');
  // A copy of a build (measured while the checkout moves on) names its code in a REVISION file.
  if (existsSync(file)) return (readFileSync(file, 'utf8').split('\n')[0] ?? '').trim() || 'unknown';
  const git = (...a: string[]) => spawnSync('git', a, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status === 0 && head.stdout.trim()) {
    const dirty = git('status', '--porcelain', '--', 'src');
    return `${head.stdout.trim()}${dirty.status === 0 && dirty.stdout.trim() ? ' + uncommitted changes in src/' : ''}`;
  }
  return 'unknown';
}
