// The package as a user gets it: `npm pack`, unpacked into node_modules/nonocrypt of a fresh
// folder, imported by name from a separate Node process.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT, assertBuilt, tempDir } from './helpers/cli.js';

let tmp: { dir: string; cleanup: () => void };
let files: string[];

beforeAll(() => {
  assertBuilt();
  tmp = tempDir('nonocrypt-package-');
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp.dir], { cwd: ROOT, encoding: 'utf8' });
  const [info] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  files = info!.files.map((f) => f.path);
  const pkg = join(tmp.dir, 'app', 'node_modules', 'nonocrypt');
  mkdirSync(pkg, { recursive: true });
  execFileSync('tar', ['-xzf', join(tmp.dir, info!.filename), '-C', pkg, '--strip-components=1']);
  // The dependencies as npm would install them next to it (from our own node_modules).
  const deps = Object.keys((JSON.parse(execFileSync('node', ['-p', 'JSON.stringify(require("./package.json").dependencies)'], { cwd: ROOT, encoding: 'utf8' })) as object) ?? {});
  for (const d of deps) {
    const at = join(tmp.dir, 'app', 'node_modules', d);
    mkdirSync(join(at, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', d), at);
  }
}, 60_000);

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
  const app = join(tmp.dir, 'app');
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

test('the CLI runs from the installed package (the bundle its bin names)', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { nonocrypt: string } };
  expect(pkg.bin.nonocrypt).toBe('dist/nonocrypt.mjs');
  const bin = join(tmp.dir, 'app', 'node_modules', 'nonocrypt', pkg.bin.nonocrypt);
  const r = spawnSync(bin, ['encrypt', '--size', '5', 'HELLO'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toBe('5\n0,13,4,1,11,1,11,2,2,4\nX\n');
  expect(readdirSync(join(tmp.dir, 'app', 'node_modules'))).toContain('commander');
});
