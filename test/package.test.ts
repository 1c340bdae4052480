// The package as a user gets it: `npm pack`, the tarball installed by npm into an empty folder,
// its `nonocrypt` command run and the library imported by name from a separate Node process.
//
// The install is npm's own (`npm ci`: dependencies placed, the bin linked), offline: the
// folder's lock file is written here from ours (the tarball, and our lock's entries for the
// production dependencies with their registry addresses), so npm takes every tarball from the
// cache by its address and integrity and asks the registry nothing. `npm ci` (.ci/run) fills
// that cache on a fresh machine; where it lacks one, the error says so.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT, assertBuilt, childEnv, tempDir } from './helpers/cli.js';

interface LockEntry {
  version: string;
  dev?: boolean;
  resolved?: string;
  [key: string]: unknown;
}

let tmp: { dir: string; cleanup: () => void };
let files: string[];
let app: string;
let tarballPath: string;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; bin: { nonocrypt: string } };

/** The app's lock: the tarball, and our production dependencies where our lock places them. */
function appLock(tarball: string): object {
  const ours = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const root = ours.packages['']!;
  const registry = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim().replace(/\/?$/, '/');
  const packages: Record<string, object> = {
    '': { name: 'app', dependencies: { nonocrypt: tarball } },
    'node_modules/nonocrypt': { version: root.version, resolved: tarball, license: root.license, dependencies: root.dependencies, bin: root.bin, engines: root.engines },
  };
  for (const [path, entry] of Object.entries(ours.packages)) {
    if (path === '' || entry.dev) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    packages[path] = { ...entry, resolved: entry.resolved ?? `${registry}${name}/-/${name.split('/').pop()}-${entry.version}.tgz` };
  }
  return { name: 'app', lockfileVersion: 3, requires: true, packages };
}

beforeAll(() => {
  assertBuilt();
  tmp = tempDir('nonocrypt-package-');
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp.dir], { cwd: ROOT, encoding: 'utf8' });
  const [info] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  files = info!.files.map((f) => f.path);
  app = join(tmp.dir, 'app');
  mkdirSync(app);
  const tarball = `file:../${info!.filename}`;
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, dependencies: { nonocrypt: tarball } }, null, 2) + '\n');
  writeFileSync(join(app, 'package-lock.json'), JSON.stringify(appLock(tarball), null, 2) + '\n');
  const r = spawnSync('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: app, encoding: 'utf8', input: '', timeout: 120_000, env: childEnv({ NODE_ENV: undefined }) });
  if (r.status !== 0) {
    const why = /ENOTCACHED/.test(r.stderr) ? ' (the npm cache lacks a dependency: `npm ci` in the repository fills it)' : '';
    throw new Error(`npm ci of the packed tarball failed${why}:\n${r.stderr}`);
  }
  tarballPath = join(tmp.dir, info!.filename);
}, 180_000);

afterAll(() => tmp?.cleanup());

test('the package ships the built library, the CLI and the tables; not the sources, tests or benchmarks', () => {
  expect(files).toContain('dist/src/index.js');
  expect(files).toContain('dist/src/index.d.ts');
  expect(files).toContain('dist/src/internals.js');
  expect(files).toContain('dist/src/cli/main.js');
  expect(files).toContain('dist/nonocrypt.mjs');
  expect(files).toContain('dist/src/parallel/blockWorker.js');
  expect(files).toContain('encoders/classic.json');
  for (const f of ['index.html', 'main.js', 'worker.js', 'minisat.wasm', 'core.wasm', 'cadical.wasm', 'style.css']) expect(files).toContain(`dist/web/${f}`);
  for (const f of ['minisat.wasm', 'cadical.wasm', 'core.wasm']) expect(files).toContain(`engines/${f}`);
  expect(files).toContain('README.md');
  for (const f of files) expect(f).not.toMatch(/^(src|test|bench|dist\/bench|docs|examples)\//);
});

test('a user imports it by name: the pipelines work, internals only through their subpath', () => {
  writeFileSync(
    join(app, 'main.mjs'),
    `
import { encrypt, decrypt, verify, formatCiphertext, parseCiphertext, readPuzzle, solve, annotate, ERROR_CODES } from 'nonocrypt';
import { solvePuzzle } from 'nonocrypt/internals';
const { ciphertext } = await encrypt('TO BE, OR NOT TO BE.', { size: 6, receiver: 'logic' });
const text = formatCiphertext(ciphertext);
const back = await decrypt(parseCiphertext(text));
const report = await verify(ciphertext, { jobs: 2 });
const scatter = readPuzzle('..#.#...##\\n.#..##.#..\\n#.#..#..#.\\n', { format: 'picture' });
const s = await solve(scatter.puzzle);
const a = await annotate(scatter.goal);
let deep = 'exported';
try { await import('nonocrypt/dist/src/solve/solvePuzzle.js'); } catch (e) { deep = e.code; }
console.log(JSON.stringify({ text, back, summary: report.summary, status: s.status, proven: a.proven, internals: typeof solvePuzzle, codes: Object.keys(ERROR_CODES).length > 10, deep }));
`,
  );
  const r = spawnSync(process.execPath, ['main.mjs'], { cwd: app, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout) as Record<string, unknown>;
  expect(out.text).toBe('6\n22,11,21,1,2,1,11,4,0,11,32,0\nX\n11,2,12,12,121,2,5,1,3,4,11,1\n52\n21,11,1,0,12,11,12,2,1,12,2,0\n23\n');
  expect(out.back).toMatchObject({ ok: true, text: 'TO BE, OR NOT TO BE.', blocks: 3, table: { name: 'classic' } });
  expect(out.summary).toEqual({ unique: 3, multiple: 0, none: 0, unknown: 0 });
  expect(out.status).toBe('multiple');
  expect(out.proven).toBe(true);
  expect(out.internals).toBe('function');
  expect(out.codes).toBe(true);
  expect(out.deep).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
});

/** The installed command, as a user's shell finds it (node_modules/.bin first on PATH, as npx does). */
function installed(args: readonly string[]) {
  const r = spawnSync('nonocrypt', args, { cwd: app, encoding: 'utf8', input: '', env: childEnv({ PATH: `${join(app, 'node_modules', '.bin')}:${process.env.PATH}` }) });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('npm installs it with its dependencies, and links its command to the bundle its bin names', () => {
  expect(pkg.bin.nonocrypt).toBe('dist/nonocrypt.mjs');
  expect(readdirSync(join(app, 'node_modules')).sort()).toEqual(expect.arrayContaining(['@commander-js', '@resvg', 'commander', 'nonocrypt']));
  expect(readdirSync(join(app, 'node_modules', '.bin'))).toEqual(['nonocrypt']);
});

test("the installed nonocrypt runs: --version, verify, mastermind candidates, encrypt", () => {
  expect(installed(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  copyFileSync(join(ROOT, 'examples', 'to-be.txt'), join(app, 'to-be.txt'));
  expect(installed(['verify', 'to-be.txt'])).toEqual({
    code: 0,
    stdout: 'block 1: unique (line-solvable)\nblock 2: unique (line-solvable)\nblock 3: unique (line-solvable)\n3 blocks: 3 unique, 0 multiple, 0 none\n',
    stderr: '',
  });
  const mm = installed(['mastermind', 'candidates', '--lies', '1', '--history', '1122=1A0B,3345=0A2B', '--json']);
  expect([mm.code, mm.stderr]).toEqual([0, '']);
  expect((JSON.parse(mm.stdout) as { counts: number[] }).counts).toEqual([54, 370]);
  expect(installed(['encrypt', '--size', '5', 'HELLO'])).toEqual({ code: 0, stdout: '5\n0,13,4,1,11,1,11,2,2,4\nX\n', stderr: '' });
});

// Issue 66, item 18: the install page said only global installs warn of install scripts; a
// project that installs the tarball warns too. The page says so and names the allowScripts entry
// that project adds; with that entry (the tarball's absolute path put in), npm 11 installs it
// without the warning. Older npm has no such warning: then only the page's words are checked.
test("a project that installs the tarball: the install page's allowScripts entry silences npm 11's warning", () => {
  const page = readFileSync(join(ROOT, 'docs', 'how-to', 'install.md'), 'utf8').replace(/\s+/g, ' ');
  expect(page).toMatch(/a local `npm install PATH\/nonocrypt-[\d.]+\.tgz` inside another project still print `npm warn install-scripts/);
  const entry = /`"allowScripts": \{ "file:\/ABS\/PATH\/(nonocrypt-[\d.]+\.tgz)": true \}`/.exec(page);
  expect(entry, 'the allowScripts entry the page names').not.toBeNull();
  expect(join(tmp.dir, entry![1]!)).toBe(tarballPath);
  const npmMajor = Number(execFileSync('npm', ['--version'], { encoding: 'utf8' }).split('.')[0]);
  if (npmMajor < 11) return;
  // `npm install ../TARBALL` in a project of its own, as the page says, without and with the entry.
  const install = (name: string, allowScripts?: Record<string, boolean>) => {
    const dir = join(tmp.dir, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, ...(allowScripts ? { allowScripts } : {}) }, null, 2) + '\n');
    const r = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', `../${entry![1]!}`], { cwd: dir, encoding: 'utf8', input: '', timeout: 120_000, env: childEnv({ NODE_ENV: undefined }) });
    expect(r.status, r.stderr).toBe(0);
    return r.stderr;
  };
  expect(install('unapproved')).toMatch(/install-scripts .*nonocrypt@/);
  expect(install('approved', { [`file:${tarballPath}`]: true })).not.toMatch(/install-scripts/);
}, 180_000);
