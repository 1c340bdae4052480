// `npm install` and `npm ci` on a fresh clone leave `git status` clean: the lock file is what
// npm would write for package.json (an older lock named the old bin path, so `npm install`
// rewrote it and the clone showed as modified), and everything installing writes is ignored.
//
// How, fast and offline: npm itself, in a scratch folder holding only package.json and the
// lock, with an empty cache of its own and `--offline`, so no registry is asked and the
// machine's cache cannot hide a difference:
// - `npm install --package-lock-only --ignore-scripts` recomputes the lock from package.json
//   without installing or building (about 2 s); both files must come back byte for byte;
// - `npm ci --dry-run` checks that the two are in sync, as `npm ci` does before it installs
//   (it refuses a lock that does not satisfy package.json), again without installing.
// A real install takes a minute and needs the registry or a full cache; these two are npm's
// own verdict on the same question (`.ci/run` then runs the real `npm ci`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT, tempDir } from './helpers/cli.js';

const FILES = ['package.json', 'package-lock.json'] as const;

let tmp: { dir: string; cleanup: () => void };
beforeAll(() => (tmp = tempDir('nonocrypt-npm-')));
afterAll(() => tmp?.cleanup());

/** A scratch project holding copies of our package.json and lock (edited by `edit`). */
function scratch(name: string, edit?: (file: (typeof FILES)[number], text: string) => string): string {
  const dir = join(tmp.dir, name);
  mkdirSync(dir, { recursive: true });
  for (const f of FILES) {
    const text = readFileSync(join(ROOT, f), 'utf8');
    writeFileSync(join(dir, f), edit ? edit(f, text) : text);
  }
  return dir;
}

function npm(dir: string, args: readonly string[]) {
  const r = spawnSync('npm', [...args, '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--cache', join(dir, '.npm-cache')], {
    cwd: dir,
    encoding: 'utf8',
    input: '',
    timeout: 120_000,
    // npm's own settings only from these flags, not from a user's ~/.npmrc.
    env: { ...process.env, npm_config_userconfig: join(dir, '.npmrc-none') },
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** The files npm install changed, by name (empty: none). */
function rewritten(dir: string): string[] {
  const before = FILES.map((f) => readFileSync(join(dir, f), 'utf8'));
  const r = npm(dir, ['install', '--package-lock-only']);
  expect(r.code, r.out).toBe(0);
  return FILES.filter((f, i) => readFileSync(join(dir, f), 'utf8') !== before[i]);
}

describe('the checks themselves', () => {
  test('a lock that names another bin path is rewritten by npm install (the clone would show as modified)', () => {
    const dir = scratch('stale-bin', (f, text) => {
      if (f !== 'package-lock.json') return text;
      const lock = JSON.parse(text) as { packages: Record<string, { bin?: Record<string, string> }> };
      lock.packages['']!.bin = { nonocrypt: 'dist/src/cli/main.js' };
      return JSON.stringify(lock, null, 2) + '\n';
    });
    expect(rewritten(dir)).toEqual(['package-lock.json']);
  });

  test('npm ci refuses a lock out of step with package.json', () => {
    // A dependency the lock lacks, on a local folder: npm sees the difference offline, so it
    // refuses for being out of sync (not for a package missing from the empty cache).
    const dir = scratch('out-of-sync', (f, text) => {
      if (f !== 'package.json') return text;
      const pkg = JSON.parse(text) as { dependencies?: Record<string, string> };
      pkg.dependencies = { ...pkg.dependencies, x: 'file:x' };
      return JSON.stringify(pkg, null, 2) + '\n';
    });
    mkdirSync(join(dir, 'x'));
    writeFileSync(join(dir, 'x', 'package.json'), JSON.stringify({ name: 'x', version: '1.0.0' }) + '\n');
    const r = npm(dir, ['ci', '--dry-run']);
    expect(r.code, r.out).not.toBe(0);
    expect(r.out).toMatch(/can only install packages when your package\.json and package-lock\.json .*are in sync/);
    expect(r.out).toContain('Missing: x@1.0.0 from lock file');
  });
});

describe('a fresh clone', () => {
  test('npm install rewrites neither package.json nor package-lock.json', () => {
    expect(rewritten(scratch('install'))).toEqual([]);
  });

  test('npm ci accepts the lock as it is', () => {
    const dir = scratch('ci');
    const r = npm(dir, ['ci', '--dry-run']);
    expect(r.code, r.out).toBe(0);
    for (const f of FILES) expect(readFileSync(join(dir, f), 'utf8')).toBe(readFileSync(join(ROOT, f), 'utf8'));
  });

  test('what installing and packing write (node_modules, the build in dist, the tarball) is ignored by git', () => {
    // `npm install` runs `prepare` (npm run build), which writes dist/; `npm pack` writes NAME-VERSION.tgz.
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
    const paths = ['node_modules', 'dist', 'dist/nonocrypt.mjs', 'dist/web/index.html', `${pkg.name}-${pkg.version}.tgz`];
    const r = spawnSync('git', ['check-ignore', '--no-index', ...paths], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stdout.trim().split('\n'), r.stderr).toEqual(paths);
  });

  test("every dependency with an install script is approved in package.json's allowScripts", () => {
    // npm 11 warns on install ("install-scripts ... not yet covered by allowScripts") for each
    // package whose preinstall, install or postinstall script no allowScripts entry approves.
    // The lock marks those packages (hasInstallScript); each must be approved by name.
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    expect(withScripts).toContain('esbuild');
    expect(withScripts.filter((name) => pkg.allowScripts?.[name] !== true)).toEqual([]);
  });
});
