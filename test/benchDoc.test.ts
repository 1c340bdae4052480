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

// Issue 66, item 20: the games pages said a little more than was proven. Mastermind with two lies
// (truthful end) needs 9 guesses under the any-lie rule, proven; under plausible lies it is 8 or 9.
// test/gamesSmall.test.ts does not check every file whole (10 proofs are held to a recorded check),
// and "independent" says of what. Each sentence below failed on the pages before the fix.
describe('the games pages say what was proven, no more (issue 66, item 20)', () => {
  const docs = ['explanation', 'how-to', 'reference', 'results', 'tutorial'].flatMap((d) =>
    readdirSync(join(ROOT, 'docs', d))
      .filter((f) => f.endsWith('.md'))
      .map((f) => ({ page: `docs/${d}/${f}`, text: readFileSync(join(ROOT, 'docs', d, f), 'utf8').replace(/\s+/g, ' ') })),
  );

  test('every claim that Mastermind with two lies takes 9 guesses (truthful end) names the lie rule beside it', () => {
    const claims: string[] = [];
    const unnamed: string[] = [];
    for (const { page, text } of docs) {
      for (const sentence of text.split(/(?<=[.;])\s+(?=[A-Z*(])/)) {
        if (!/Mastermind/.test(sentence) || !/e = 2|two lies/.test(sentence) || /deniable/.test(sentence)) continue;
        // The first claim of a sentence names its rule within 40 characters (a second, such as
        // "and ... its value is 9", goes with it).
        const m = /\b(?:is|needs|value is) 9\b(?! (?:to|and))/.exec(sentence);
        if (!m) continue;
        claims.push(`${page}: ${sentence.slice(0, 80)}`);
        const near = sentence.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40);
        if (!/any[- ]lie|any rule|plausible|(both|either) lie rules?/.test(near)) unnamed.push(`${page}: ...${near}...`);
      }
    }
    expect(claims.length).toBeGreaterThanOrEqual(3);
    expect(unnamed).toEqual([]);
  });

  test('the small games page says which proofs test/gamesSmall.test.ts checks whole, and "independent" says of what', () => {
    const page = (name: string) => docs.find((d) => d.page === name)!.text;
    expect(page('docs/results/games-small.md')).not.toMatch(/gamesSmall\.test\.ts checks every file/);
    expect(page('docs/results/games-small.md')).toMatch(/gamesSmall\.test\.ts checks every strategy whole, and every proof whose whole check takes seconds; the \d+ whose whole check takes minutes \(recorded in `examples\/games\/small\/checked\.jsonl`/);
    expect(page('docs/explanation/games.md')).toMatch(/\*Independent\* means independent of the searches that build strategies and proofs: the checkers \(`src\/games\/check\/`\) are modules that share no code with the search/);
    expect(page('docs/results/games.md')).toMatch(/the independent checker \(sharing no code with the search\)/);
  });
});
