import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, release, totalmem } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where a run comes from (machine, load, code, command) and the named sections of the docs it writes. */

/** The package root: the nearest folder above this module holding package.json. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}

/** The results pages (docs/results/): the tables the suites write, apart from the prose of the other docs. */
export const RESULTS = (): string => join(packageRoot(), 'docs', 'results');

/**
 * The results page that holds section `name` (its start marker), so a suite writes where its
 * table already is, whichever page that became; a section no page holds yet goes to
 * docs/results/`fresh` (a new page unless it exists). Two pages holding one section is an error.
 */
export function resultsPage(name: string, fresh: string): string {
  const dir = RESULTS();
  const start = `<!-- ${name}:start -->`;
  const holders = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md') && readFileSync(join(dir, f), 'utf8').includes(start)) : [];
  if (holders.length > 1) throw new Error(`section "${name}" is in ${holders.join(' and ')} (docs/results/): keep it in one`);
  return join(dir, holders[0] ?? fresh);
}

/** One line: CPU model, cores, memory, system, Node. */
export function machine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} logical cores, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, ${platform()} ${release()} ${arch()}, Node ${process.version}`;
}

/** The load averages over 1, 5 and 15 minutes: how busy the shared machine was. */
export const load = (): string => loadavg().map((x) => x.toFixed(1)).join(' ');

/**
 * The code measured: the first line of a REVISION file at the package root (a copy of a build
 * measured while the checkout moves on names its code there), else the git commit, with a note
 * when src/ or bench/ has uncommitted changes (read-only git queries). The logs under
 * bench/results/ do not count: a run appends to its log, which is not code.
 */
export function revision(root: string = packageRoot()): string {
  if (existsSync(join(root, 'REVISION'))) return (readFileSync(join(root, 'REVISION'), 'utf8').split('\n')[0] ?? '').trim() || 'unknown';
  const git = (...a: string[]) => spawnSync('git', a, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0 || !head.stdout.trim()) return 'unknown (not a git checkout)';
  const dirty = git('status', '--porcelain', '--', 'src', 'bench', ':!bench/results').stdout.trim();
  return `commit ${head.stdout.trim()}${dirty ? ' plus uncommitted changes in src/ or bench/' : ''}`;
}

/**
 * A folder of shared puzzles as a recorded command or text shows it: an absolute path (this
 * machine's) as \`"$BENCH_DIR"\`, which docs/results/README.md says how to set; a relative one as given.
 */
export const shownDir = (dir: string): string => (isAbsolute(dir) ? '"$BENCH_DIR"' : dir);

/**
 * Older builds (`--before label=DIR,...`) as a recorded command shows them: an absolute DIR (a
 * folder of this machine) by the code it holds, `path/to/a-build-of-commit-C`, so the command
 * names what was measured and no machine's path.
 */
export const shownBuilds = (specs: string): string =>
  specs
    .split(',')
    .map((spec) => {
      const at = spec.indexOf('=');
      const dir = spec.slice(at + 1);
      return at > 0 && isAbsolute(dir) ? `${spec.slice(0, at)}=path/to/a-build-of-${revision(dir).replace(/^commit /, 'commit-').replace(/ .*$/, '')}` : spec;
    })
    .join(',');

/**
 * A folder outside the repository (an absolute path of this machine) as a recorded command or
 * text shows it: `path/to/` and, for a folder inside an npm install, the part from its
 * `node_modules/` on (which names the package), else its last name.
 */
export const shownPath = (dir: string): string => {
  if (!isAbsolute(dir)) return dir;
  const at = dir.lastIndexOf('/node_modules/');
  return `path/to/${at >= 0 ? dir.slice(at + 1) : basename(dir)}`;
};

/** How a recorded command shows the value of each flag that may name a place on this machine. */
const SHOWN = new Map<string, (value: string) => string>([
  ['--dir', shownDir],
  ['--before', shownBuilds],
  ['--source', shownPath],
  ['--log', (log) => (isAbsolute(log) ? basename(log) : log)],
]);

/** The command a reader runs again: \`--dir\` shown by `shownDir`, `--before` by `shownBuilds`, `--source` by `shownPath`, a log in this machine's folders by its name alone. */
export const commandLine = (suite: string, args: readonly string[]): string =>
  ['npm run bench --', suite, ...args.map((a, i) => SHOWN.get(args[i - 1] ?? '')?.(a) ?? a)].join(' ');

const markers = (name: string) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`] as const;

/** The text between the markers of section `name` in `text` (markers included), or undefined. */
export function sectionIn(text: string, name: string): string | undefined {
  const [start, end] = markers(name);
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  return i >= 0 && j > i ? text.slice(i, j + end.length) : undefined;
}

/** `body` between the markers of `name`: in place of the old section when `text` has one, else appended. */
export function withSection(text: string, name: string, body: string): string {
  const [start, end] = markers(name);
  const section = `${start}\n${body.trim()}\n${end}`;
  const old = sectionIn(text, name);
  if (old !== undefined) return text.replace(old, () => section);
  if (text.includes(start) || text.includes(end)) throw new Error(`the markers of section "${name}" are incomplete or out of order; fix them by hand`);
  return `${text.trimEnd()}\n\n${section}\n`;
}

/** Writes `file` whole or not at all: a temporary file renamed over it (rename is atomic). */
export function writeWhole(file: string, text: string): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
  return file;
}

/** Replaces (or appends) section `name` of `file`. */
export const writeSection = (file: string, name: string, body: string, fresh = '# Benchmarks\n'): string => writeWhole(file, withSection(existsSync(file) ? readFileSync(file, 'utf8') : fresh, name, body));

/** Progress goes to stderr, so that stdout holds only the report. */
export const progress = (message: string): void => void process.stderr.write(`${message}\n`);
