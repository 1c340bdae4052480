// Every performance sentence of the README and of the prose pages of docs/ (the tutorial, how-to,
// reference and explanation pages, and ARCHITECTURE.md; docs/results/ holds the measurements
// themselves) quotes numbers that its measurement writes (issue 40):
// each such paragraph names, in a `<!-- numbers: FILE "HEADING" -->` comment, the table (or the
// code, for a default) it quotes, and each of its numbers must be written there. When a benchmark
// is rerun and a figure changes, this test fails until the sentence says the new figure (or the
// comment names the new section). How the paragraphs are found: test/helpers/readmeNumbers.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './helpers/cli.js';
import { docPages } from './helpers/docPages.js';
import { isPerformance, numbersIn, paragraphs, section, sources, unsourced } from './helpers/readmeNumbers.js';

/**
 * The pages whose sentences quote measurements: the README and every page of docs/ but
 * docs/results/, which holds the measurements. Not yet: two pages that came from docs/GAMES.md
 * (explanation/games.md: 4 paragraphs with figures; reference/games-files.md: 7), which were
 * never held to this test: their figures mix numbers of docs/results/games*.md and
 * src/games/tuning.ts with scratch measurements written on these pages alone (e.g. games-files.md's
 * 83,956,181 characters), and some differ from the recorded runs (1,962 positions where
 * docs/results/games.md has 1,966); each paragraph is to be checked and given its sources (or
 * `none`, with why) before its page leaves this list.
 */
const NOT_HELD = ['docs/explanation/games.md', 'docs/reference/games-files.md'];
const PROSE = docPages(ROOT)
  .filter((p) => !p.startsWith('docs/results/') && !NOT_HELD.includes(p))
  .map((page) => ({ page, text: readFileSync(join(ROOT, page), 'utf8') }));
const read = (file: string) => (existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), 'utf8') : undefined);

describe('the checks themselves', () => {
  const bench = '# B\n\n## t\n\n| a | b |\n| --- | --- |\n| 60x60 | 1.12 |\n\n### sub\n\n3 of 3 decided, 1,000 chars\n\n## other\n\n99 s\n';
  const files = (f: string) => (f === 'B.md' ? bench : undefined);
  const para = (text: string) => paragraphs(text)[0]!;

  test('a performance sentence is found by its unit, its speed-up or its "in seconds"', () => {
    for (const t of ['took 1.2 s', 'a 14 MB proof', '8-13 seconds', 'about 15 % less', '1.5x faster', 'decided in seconds', '4 to 166 times the time', 'within 1 second']) expect(isPerformance(para(t)), t).toBe(true);
    for (const t of ['block 2 of 3', 'n = 25', '`--budget 10 s` in code', 'a 25x25 board', 'RFC 3339', 'i > 0, s black, s-1 live', '57 second guesses after 1234']) expect(isPerformance(para(t)), t).toBe(false);
  });

  test('numbers: commas, ranges and trailing zeros; a section runs to the next heading of its level', () => {
    expect(numbersIn('1,000 blocks, n = 10, 25, 50; 8-13 s; 0.60 and 80x80')).toEqual([1000, 10, 25, 50, 8, 13, 0.6, 80, 80]);
    expect(numbersIn('value: 16_384, range: [0, 10_000_000]')).toEqual([16384, 0, 10000000]);
    expect(section(bench, '## t')).toContain('3 of 3 decided');
    expect(section(bench, '## t')).not.toContain('99');
    expect(section(bench, '### nope')).toBeUndefined();
  });

  test('a number its section does not write is reported; so are a missing file and heading', () => {
    const ok = para('<!-- numbers: B.md "## t" -->\n60x60 boards: 3 of 3 decided, CPU s at most 1.12 (`-t 60`).');
    expect(sources(ok)).toEqual([{ file: 'B.md', heading: '## t' }]);
    expect(unsourced(ok, files)).toEqual([]);
    expect(unsourced(para('<!-- numbers: B.md "## t" -->\n60x60 boards: CPU s at most 1.13 s.'), files)).toEqual(['1.13']);
    expect(unsourced(para('<!-- numbers: B.md "## t" -->\nall 99 s.'), files)).toEqual(['99']);
    expect(unsourced(para('<!-- numbers: B.md "## gone" -->\n1 s.'), files)).toEqual(['B.md has no heading "## gone"']);
    expect(unsourced(para('<!-- numbers: C.md -->\n1 s.'), files)).toEqual(['C.md does not exist']);
    expect(unsourced(para('<!-- numbers: B.md -->\nall 99 s, 1.12 s.'), files)).toEqual([]);
    expect(sources(para('<!-- numbers: none, a CI log -->\n283 s.'))).toBe('none');
  });
});

describe('the README and the prose pages of docs/', () => {
  const perf = PROSE.flatMap(({ page, text }) => paragraphs(text).filter(isPerformance).map((p) => ({ ...p, page })));
  const where = (p: { page: string; line: number; text: string }) => `${p.page}:${p.line}: ${p.text.replace(/<!--[\s\S]*?-->\n?/g, '').slice(0, 90)}...`;

  test('every performance paragraph says where its numbers come from', () => {
    expect(perf.length).toBeGreaterThan(10);
    expect(perf.filter((p) => p.page === 'README.md').length, 'headline numbers in the README').toBeGreaterThan(0);
    expect(perf.filter((p) => sources(p) === undefined).map(where)).toEqual([]);
  });

  test('every number of such a paragraph is written in the section it names', () => {
    const drifted = perf.flatMap((p) => {
      const bad = unsourced(p, read);
      return bad.length ? [`${where(p)} ${bad.join(', ')}`] : [];
    });
    expect(drifted).toEqual([]);
  });

  test('figures from no file of the repository are only these, each with its reason', () => {
    const none = perf.filter((p) => sources(p) === 'none').map((p) => /<!-- numbers: none, ([\s\S]*?) -->/.exec(p.text)![1]);
    expect(none.sort()).toEqual([
      'the duration of the last CI run (.ci/run), not a benchmark',
      'the tuning table: test/games.test.ts holds it equal to src/games/tuning.ts, whose values are written as shifts',
    ]);
  });

  test('the sentence on large boards quotes the random-board benchmark (issue 40, item 3)', () => {
    const p = perf.find((x) => /\blarge boards\b/i.test(x.text) && /density 0\.5/.test(x.text));
    expect(p, 'a paragraph on large random boards at density 0.5').toBeDefined();
    expect(sources(p!)).toEqual([{ file: 'docs/results/cipher-and-scale.md', heading: expect.stringMatching(/^### Random boards, density 0\.5/) }]);
    expect(p!.text).not.toMatch(/decided in seconds/);
  });
});
