// The two tiers of the tests: `npm test` runs every file (vitest.config.ts, what CI runs) and
// `npm run test:quick` all but the slow ones (vitest.quick.config.ts, SLOW_TESTS). Checked here:
// every file is in exactly one tier, the slow list names only files that exist (a renamed slow
// file would otherwise slip into the quick tier), and no quick file drives an outside program.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { configDefaults } from 'vitest/config';
import quick, { QUICK_FILE_SECONDS, SLOW_TESTS } from '../vitest.quick.config.js';
import suite from '../vitest.config.js';
import { ROOT } from './helpers/cli.js';

/** The test files of the full suite (vitest.config.ts: test/**\/*.test.ts), as paths from the root. */
function suiteFiles(dir = 'test'): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return suiteFiles(path);
    return e.isFile() && e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * What in a test file's text drives a program that the quick tier leaves out: a browser
 * (playwright-core, the page helper), npm, g++, GNU parallel (or the shell recipes that use it),
 * the container recipe's scratch image. One line each, naming it.
 */
function outsidePrograms(text: string): string[] {
  const found: string[] = [];
  if (/from '(playwright-core|\.\/helpers\/webPage\.js)'/.test(text)) found.push('a browser (chromium)');
  if (/from '\.\/helpers\/scratchImage\.js'/.test(text)) found.push("the Dockerfile's steps (scratch image)");
  for (const program of ['npm', 'npx', 'g++', 'parallel', 'docker', 'chromium']) {
    if (new RegExp(`\\b(spawn|spawnSync|execFile|execFileSync)\\('${program.replace(/\+/g, '\\+')}'`).test(text)) found.push(program);
  }
  if (/\b(hasGnuParallel|cliOnPath)\b/.test(text)) found.push('shell recipes (GNU parallel, the CLI on PATH)');
  return found;
}

describe('the test tiers', () => {
  const all = suiteFiles();
  const slow = Object.keys(SLOW_TESTS);

  test('the quick tier is the full suite less the slow list: the same include, excluded only the slow files', () => {
    expect(suite.test?.include).toEqual(['test/**/*.test.ts']);
    expect(quick.test?.include).toEqual(suite.test?.include);
    expect(quick.test?.exclude).toEqual([...configDefaults.exclude, ...slow]);
  });

  test('every slow file exists, so each test file is in exactly one tier', () => {
    expect(slow.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
    expect(slow.filter((f) => !all.includes(f))).toEqual([]);
    const quickFiles = all.filter((f) => !slow.includes(f));
    expect(quickFiles.length + slow.length).toBe(all.length);
    expect(quickFiles.length).toBeGreaterThan(0);
  });

  test('each slow file is there for its measured seconds, over QUICK_FILE_SECONDS, or for an outside program', () => {
    const unjustified = Object.entries(SLOW_TESTS).flatMap(([f, why]) => {
      const seconds = /: (\d+(?:\.\d+)?) s$/.exec(why)?.[1];
      if (seconds === undefined) return [`${f}: its reason ends with no measured seconds ("${why}")`];
      const outside = outsidePrograms(readFileSync(join(ROOT, f), 'utf8'));
      return Number(seconds) > QUICK_FILE_SECONDS || outside.length > 0 ? [] : [`${f}: ${seconds} s and no outside program`];
    });
    expect(unjustified).toEqual([]);
  });

  test('no quick file drives a browser, npm, g++, GNU parallel or the container recipe', () => {
    // This file is left out: its own samples below name every kind.
    const offenders = all
      .filter((f) => !slow.includes(f) && f !== 'test/testTiers.test.ts')
      .flatMap((f) => outsidePrograms(readFileSync(join(ROOT, f), 'utf8')).map((what) => `${f}: ${what} (list it in SLOW_TESTS, vitest.quick.config.ts)`));
    expect(offenders).toEqual([]);
  });

  test('the check bites: each kind of outside program is named, plain library code is not', () => {
    expect(outsidePrograms("import { chromium } from 'playwright-core';")).toEqual(['a browser (chromium)']);
    expect(outsidePrograms("import { openPage } from './helpers/webPage.js';")).toEqual(['a browser (chromium)']);
    expect(outsidePrograms("import { scratchImage } from './helpers/scratchImage.js';")).toEqual(["the Dockerfile's steps (scratch image)"]);
    expect(outsidePrograms("const r = spawnSync('npm', ['pack']);")).toEqual(['npm']);
    expect(outsidePrograms("execFileSync('g++', flags);")).toEqual(['g++']);
    expect(outsidePrograms("spawnSync('parallel', args)")).toEqual(['parallel']);
    expect(outsidePrograms("import { ROOT, hasGnuParallel } from './helpers/cli.js';")).toEqual(['shell recipes (GNU parallel, the CLI on PATH)']);
    expect(outsidePrograms("import { encrypt } from '../src/cipher/encrypt.js';\nspawnSync(process.execPath, [script]);")).toEqual([]);
    // Every slow file that drives one of them is caught by the same check.
    for (const f of ['test/browser.test.ts', 'test/draw.test.ts', 'test/package.test.ts', 'test/npmInstall.test.ts', 'test/coreNative.test.ts', 'test/shards.test.ts', 'test/recipes.test.ts']) {
      expect(outsidePrograms(readFileSync(join(ROOT, f), 'utf8')), f).not.toEqual([]);
    }
  });
});
