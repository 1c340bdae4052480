// Running the built CLI as a child process, for test/cli.test.ts.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { CLI_NODE_FLAGS } from '../../src/cli/nodeFlags.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = join(ROOT, 'dist', 'nonocrypt.mjs');

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** Text piped to standard input (otherwise stdin is an empty pipe). */
  readonly input?: string;
  readonly cwd?: string;
  /** Extra environment; a value of undefined removes the variable. */
  readonly env?: Record<string, string | undefined>;
  readonly timeoutMs?: number;
}

/** The environment of a child: ours minus anything that would switch colour on. */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export function nonocrypt(args: readonly string[], options: RunOptions = {}): RunResult {
  const r = spawnSync(process.execPath, [...CLI_NODE_FLAGS, CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    env: childEnv(options.env),
    timeout: options.timeoutMs ?? 60_000,
  });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function assertBuilt(): void {
  if (!existsSync(CLI)) {
    throw new Error(`${CLI} is missing: run \`npm run build\` first (\`npm test\` builds before running vitest)`);
  }
}

/** A fresh temporary folder and a function that removes it. */
export function tempDir(prefix = 'nonocrypt-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A temporary folder for the tests of one file, made before them (once the build is checked)
 * and removed after: `at(...parts)` is a path in it, `dir()` the folder. Call it at the top level
 * of a test file; `setup` fills the folder before the first test.
 */
export function scratchFolder(prefix?: string, setup?: (at: (...parts: string[]) => string) => void): { at: (...parts: string[]) => string; dir: () => string } {
  let tmp: { dir: string; cleanup: () => void } | undefined;
  const dir = () => tmp?.dir ?? expect.unreachable('the scratch folder is made before the first test');
  const at = (...parts: string[]) => join(dir(), ...parts);
  beforeAll(() => {
    assertBuilt();
    tmp = tempDir(prefix);
    setup?.(at);
  });
  afterAll(() => tmp?.cleanup());
  return { at, dir };
}

export const STACK_LINE = /^\s+at /m;

/** An error's shape: one line on stderr naming it, no stack trace, nothing on stdout. */
export function expectError(r: RunResult, code: number, mentions?: string | RegExp): void {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stdout).toBe('');
  expect(r.stderr.endsWith('\n')).toBe(true);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(STACK_LINE);
  expect(r.stderr.startsWith('nonocrypt')).toBe(true);
  if (typeof mentions === 'string') expect(r.stderr).toContain(mentions);
  else if (mentions) expect(r.stderr).toMatch(mentions);
}

/** The shape of every usage or input error: exit 2. */
export function expectUsageError(r: RunResult, mentions?: string | RegExp): void {
  expectError(r, 2, mentions);
}

/**
 * A folder holding a `nonocrypt` command as the package installs it (the built CLI with its
 * Node flags), for shell command lines run as a user types them; put it first on PATH.
 */
export function cliOnPath(dir: string): string {
  const bin = join(dir, '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'nonocrypt'), `#!/bin/sh\nexec "${process.execPath}" ${CLI_NODE_FLAGS.join(' ')} "${CLI}" "$@"\n`);
  chmodSync(join(bin, 'nonocrypt'), 0o755);
  return bin;
}

/** Whether GNU parallel is installed (moreutils has a `parallel` of its own, another program). */
export function hasGnuParallel(): boolean {
  return /^GNU parallel/.test(spawnSync('parallel', ['--version'], { encoding: 'utf8', input: '' }).stdout ?? '');
}

/** "1 cells", "1 row clues", "1 passes": a count of one with a plural noun after it (not "1 pass"; a verb such as "1 is" or "1 needs" excepted). */
export const ONE_PLURAL = /(?<![\d.])\b1 (?:[a-z]+ )?[a-z]*[a-rt-z]s\b(?<!\b(?:is|was|has|does|needs|fits|runs)\b)/;

/**
 * The counts in encrypt --size auto's summary of its candidates (the CLI's stderr line, the web
 * page's note): `total` from "Of N candidates", `counts` the number before each fate, in order.
 */
export function autoSizeCounts(s: string): { total: number; counts: number[] } {
  const total = Number(/Of (\d+) candidates/.exec(s)?.[1]);
  const counts = [...s.matchAll(/(\d+) (?:were evaluated|was evaluated|needs? at least|needs? no annotation|(?:was|were) not evaluated)/g)].map((m) => Number(m[1]));
  return { total, counts };
}

/** A word for `sh -c`, quoted. */
const shellWord = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The built CLI run with one standard stream on a terminal (a pseudo-terminal made by util-linux
 * `script`), as a user at a prompt runs it: `stdin` a terminal (stdout and stderr go to files),
 * or `stderr` a terminal (stdout to a file; `stderr` is then what the terminal showed, line ends
 * as the terminal gives them: \r\n).
 */
export function onTerminal(args: readonly string[], terminal: 'stdin' | 'stderr', dir: string): RunResult {
  const out = join(dir, 'terminal.out');
  const err = join(dir, 'terminal.err');
  const command = [process.execPath, ...CLI_NODE_FLAGS, CLI, ...args].map(shellWord).join(' ');
  const r = spawnSync('script', ['-qec', `${command} >${shellWord(out)}${terminal === 'stdin' ? ` 2>${shellWord(err)}` : ''}`, '/dev/null'], {
    cwd: ROOT,
    input: '',
    encoding: 'utf8',
    env: childEnv(),
    timeout: 60_000,
  });
  if (r.error) throw r.error;
  return { code: r.status, stdout: readFileSync(out, 'utf8'), stderr: terminal === 'stdin' ? readFileSync(err, 'utf8') : r.stdout };
}
