// Where the bench writes its tables (bench/harness/doc.ts): into the page of docs/results/ that
// holds a section's markers, whichever page that is since the docs were sorted by purpose (issue
// 64), and a recorded command names older builds by their commit, not by a folder of the machine
// that ran it (issue 66, item 20).
import { readFileSync, readdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { commandLine, resultsPage, revision } from '../bench/harness/doc.js';
import { ROOT } from './helpers/cli.js';

const RESULTS = join(ROOT, 'docs', 'results');
const pages = readdirSync(RESULTS).filter((f) => f.endsWith('.md'));
/** Every section a results page holds, by its start marker (the README's `<name>` placeholder aside). */
const sections = pages.flatMap((page) => [...readFileSync(join(RESULTS, page), 'utf8').matchAll(/<!-- ([\w:.-]+):start -->/g)].map((m) => ({ page, name: m[1]! })));

describe('resultsPage', () => {
  test('finds each section in the one page that holds it', () => {
    expect(sections.length).toBeGreaterThan(30);
    for (const { page, name } of sections) expect(resultsPage(name, 'fresh.md'), name).toBe(join(RESULTS, page));
    expect(resultsPage('bench:scale', 'scale.md')).toBe(join(RESULTS, 'cipher-and-scale.md'));
    expect(resultsPage('bench:games-small', 'games-small.md')).toBe(join(RESULTS, 'games-small.md'));
    expect(resultsPage('open-check:mastermind-e2-lower-9-depth3', 'games-open.md')).toBe(join(RESULTS, 'games-open.md'));
    expect(resultsPage('paper:statements', 'paper.md')).toBe(join(RESULTS, 'paper.md'));
  });

  test('a section no page holds yet goes to the page named for it', () => {
    expect(resultsPage('bench:no-such-suite', 'no-such-suite.md')).toBe(join(RESULTS, 'no-such-suite.md'));
  });
});

describe('commandLine', () => {
  test('--before shows each older build by the commit its folder holds, never the folder', () => {
    const line = commandLine('games-core', ['--parts', 'proofs', '--before', `old=${ROOT},rel=some/dir`, '--write']);
    const commit = revision(ROOT).replace(/^commit /, '').split(' ')[0]!;
    expect(line).toBe(`npm run bench -- games-core --parts proofs --before old=path/to/a-build-of-commit-${commit},rel=some/dir --write`);
    expect(line.split(' ').some((a) => isAbsolute(a) || a.includes(`=${ROOT}`))).toBe(false);
  });

  test('the recorded commands of docs/results/ name no folder of a machine', () => {
    const commands = pages.flatMap((page) => [...readFileSync(join(RESULTS, page), 'utf8').matchAll(/`(npm run bench -- [^`]*)`/g)].map((m) => `${page}: ${m[1]}`));
    expect(commands.length).toBeGreaterThan(20);
    expect(commands.filter((c) => /(^|[ =,])\/(work|home|tmp|root|Users)\//.test(c))).toEqual([]);
  });
});
