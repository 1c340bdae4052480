// Solution counts (SAT with blocking clauses) against brute force, the difficulty levels, and
// the collection helpers (shards, glob segments, one runner over many inputs).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { collectionOrder, parseShard, selectShard } from '../src/collection/shard.js';
import { solveMany } from '../src/collection/solveMany.js';
import { verifyMany } from '../src/collection/verifyMany.js';
import { segmentPattern } from '../src/cli/inputFiles.js';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { formatPicture } from '../src/formats/picture.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { bruteSolutions } from './helpers/bruteForce.js';

const boardArb = fc
  .record({ w: fc.integer({ min: 1, max: 5 }), h: fc.integer({ min: 1, max: 5 }) })
  .chain(({ w, h }) => fc.array(fc.boolean(), { minLength: w * h, maxLength: w * h }).map((bits) => makeGrid(w, h, Uint8Array.from(bits, Number))));

describe('counting solutions', () => {
  test('the count equals the brute-force count, exact, on small random boards', () => {
    fc.assert(
      fc.property(boardArb, (g) => {
        const p = puzzleOf(g);
        const brute = bruteSolutions(p, 1e6).length;
        const r = solvePuzzle(p, { countMax: 1000 });
        expect(r.count).toEqual({ value: brute, exact: true });
        expect(r.status).toBe(brute === 1 ? 'unique' : 'multiple');
      }),
      { numRuns: 300, seed: 1313 },
    );
  });

  test('with givens, and cut off by a maximum: ">= max" exactly when there are more', () => {
    fc.assert(
      fc.property(boardArb, fc.integer({ min: 1, max: 4 }), fc.nat(), (g, max, pick) => {
        const p = puzzleOf(g);
        const black = [...g.cells.keys()].filter((c) => g.cells[c]);
        const givens = black.length > 0 && pick % 2 ? [black[pick % black.length]!] : [];
        const brute = bruteSolutions(p, 1e6, givens).length;
        const r = solvePuzzle(p, { givens, countMax: max });
        expect(r.count).toEqual(brute <= max ? { value: brute, exact: true } : { value: max, exact: false, stoppedBy: 'max' });
        // The verdict is the same as without counting.
        expect(r.status).toBe(solvePuzzle(p, { givens }).status);
      }),
      { numRuns: 300, seed: 1414 },
    );
  });

  test('a puzzle with no solution counts 0; difficulty levels follow how it was decided', () => {
    const none = solvePuzzle({ width: 2, height: 2, rows: [[2], [2]], cols: [[1], [1]] }, { countMax: 10 });
    expect(none).toMatchObject({ status: 'none', count: { value: 0, exact: true }, stats: { difficulty: 'line' } });
    const line = solvePuzzle(puzzleOf(makeGrid(2, 2, Uint8Array.from([1, 1, 1, 0]))));
    expect(line.stats).toMatchObject({ difficulty: 'line', satCalls: 0, probes: 0 });
    const two = solvePuzzle(puzzleOf(makeGrid(2, 2, Uint8Array.from([1, 0, 0, 1]))));
    expect(two.stats).toMatchObject({ difficulty: 'search', satCalls: 0 });
    expect(two.stats!.searchNodes).toBeGreaterThan(0);
    const bySat = solvePuzzle(puzzleOf(makeGrid(2, 2, Uint8Array.from([1, 0, 0, 1]))), { search: false });
    expect(bySat.stats).toMatchObject({ difficulty: 'search', satCalls: 1 });
  });
});

describe('shards', () => {
  test('K/N takes positions K-1, K-1+N, ... of the sorted list; the shards partition it', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), (names, n) => {
        const sorted = collectionOrder(names);
        const shards = Array.from({ length: n }, (_, k) => selectShard(sorted, { index: k + 1, count: n }));
        expect(shards.flat().sort()).toEqual([...sorted].sort());
        shards.forEach((s, k) => expect(s).toEqual(sorted.filter((_, i) => i % n === k)));
        expect(collectionOrder([...names].reverse())).toEqual(sorted);
      }),
      { seed: 7 },
    );
  });

  test('parseShard accepts K/N with 1 <= K <= N only', () => {
    expect(parseShard('2/8')).toEqual({ index: 2, count: 8 });
    for (const bad of ['0/1', '3/2', '1/0', '1', 'a/b', '-1/2', '1/2/3']) expect(() => parseShard(bad)).toThrow(/K\/N/);
  });
});

describe('glob segments', () => {
  test.each([
    ['*.non', ['a.non', 'b.c.non'], ['.a.non', 'a.nin', 'a/b.non']],
    ['p?.pic', ['p1.pic'], ['p12.pic', 'p.pic']],
    ['[ab]*', ['a', 'bx'], ['c', '.a']],
    ['[!a]x', ['bx'], ['ax']],
    ['a+b(1).non', ['a+b(1).non'], ['aab1.non']],
  ])('%s', (pattern, yes, no) => {
    const re = segmentPattern(pattern);
    for (const s of yes) expect(re.test(s), s).toBe(true);
    for (const s of no) expect(re.test(s), s).toBe(false);
  });
});

describe('one pipeline over many inputs', () => {
  const src = (name: string, text: string) => ({ name, text: async () => text });
  test('solveMany: reports in input order, a malformed input in its place, on workers too', async () => {
    const two = formatPicture(makeGrid(2, 2, Uint8Array.from([1, 0, 0, 1])));
    const line = formatPicture(makeGrid(2, 2, Uint8Array.from([1, 1, 1, 0])));
    for (const jobs of [1, 2]) {
      const out = [];
      for await (const r of solveMany([src('a.pic', two), src('b.non', 'rows\n'), src('c.pic', line), src('d.non', 'x')], { jobs, countMax: 5 })) {
        out.push('error' in r ? [r.name, r.error.code] : [r.name, r.result.status, r.result.count?.value]);
      }
      expect(out).toEqual([
        ['a.pic', 'multiple', 2],
        ['b.non', 'E_PARSE'],
        ['c.pic', 'unique', 1],
        ['d.non', 'E_PARSE'],
      ]);
    }
  });

  test('verifyMany: every block of every file, a bad line reported after the blocks before it', async () => {
    const g = makeGrid(2, 2, Uint8Array.from([1, 1, 1, 0]));
    const good = formatCiphertext({ width: 2, height: 2, blocks: [{ puzzle: puzzleOf(g), annotation: [] }, { puzzle: puzzleOf(g), annotation: [] }] });
    const lines = (name: string, text: string) => ({ name, lines: async function* () { yield* text.split('\n'); } });
    const out = [];
    for await (const r of verifyMany([lines('x', good), lines('y', good + 'garbage!\n'), lines('z', good)], { jobs: 2 })) {
      out.push('error' in r ? [r.name, r.error.code] : [r.name, r.block, r.result.status]);
    }
    expect(out.slice(0, 4)).toEqual([
      ['x', 1, 'unique'],
      ['x', 2, 'unique'],
      ['y', 1, 'unique'],
      ['y', 2, 'unique'],
    ]);
    expect(out[4]).toEqual(['y', 'E_PARSE']);
    expect(out.slice(5)).toEqual([
      ['z', 1, 'unique'],
      ['z', 2, 'unique'],
    ]);
  });
});
