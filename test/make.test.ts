// makePuzzle against brute force on small boards: every set of changes, by size, judged by a
// line solver and a solution counter that share no code with the search (src/line/Propagator.ts,
// the TypeScript line solver, where the search uses the WebAssembly core; bruteSolutions). The
// fewest changes must match, the cheapest among them too, kept cells never change, and every
// result is one that solve finds unique and checkGrid accepts.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkGrid } from '../src/grid/checkGrid.js';
import { gridsEqual, makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { UNKNOWN } from '../src/line/lineAutomaton.js';
import { Propagator } from '../src/line/Propagator.js';
import { makePuzzle, type MakeGoal } from '../src/puzzle/makePuzzle.js';
import { flipCosts, greyOfPixels, thresholdPicture } from '../src/solve/make/GreyImage.js';
import { PictureClues } from '../src/solve/make/PictureClues.js';
import { bruteSolutions, plainPasses, randomCells, rng } from './helpers/bruteForce.js';

const lineSolvable = (cells: Uint8Array, w: number, h: number): boolean => new Propagator(puzzleOf(makeGrid(w, h, cells))).run(new Uint8Array(w * h).fill(UNKNOWN)) === 'solved';
const unique = (cells: Uint8Array, w: number, h: number): boolean => bruteSolutions(puzzleOf(makeGrid(w, h, cells)), 2).length === 1;

/** The fewest changes (cells other than `keep`) that meet the goal, and the least cost among sets of that size; undefined above `limit`. */
function bruteFewest(start: Grid, goal: MakeGoal | { maxPasses: number }, costs: ArrayLike<number>, keep: readonly number[], limit: number): { count: number; cost: number } | undefined {
  const { width: w, height: h } = start;
  const withinPasses = (c: Uint8Array, n: number) => {
    const p = plainPasses(puzzleOf(makeGrid(w, h, c)));
    return p.status === 'solved' && p.passes <= n;
  };
  const meets = (c: Uint8Array) => (typeof goal === 'object' ? withinPasses(c, goal.maxPasses) : goal === 'line-solvable' ? lineSolvable(c, w, h) : unique(c, w, h));
  const free = [...start.cells.keys()].filter((i) => !keep.includes(i));
  const cells = start.cells.slice();
  for (let k = 0; k <= Math.min(limit, free.length); k++) {
    let best = Infinity;
    const rec = (from: number, left: number, cost: number) => {
      if (left === 0) {
        if (meets(cells)) best = Math.min(best, cost);
        return;
      }
      for (let i = from; i <= free.length - left; i++) {
        cells[free[i]!]! ^= 1;
        rec(i + 1, left - 1, cost + costs[free[i]!]!);
        cells[free[i]!]! ^= 1;
      }
    };
    rec(0, k, 0);
    if (best < Infinity) return { count: k, cost: best };
  }
  return undefined;
}

const board = fc.record({ w: fc.integer({ min: 2, max: 5 }), h: fc.integer({ min: 2, max: 5 }), density: fc.double({ min: 0.2, max: 0.7, noNaN: true }), seed: fc.integer() });

/** The checks every made result passes: the picture is the start with the changes, solve's verdict unique with the goal's difficulty, checkGrid accepts it. */
function expectSound(r: Awaited<ReturnType<typeof makePuzzle>>, start: Grid, goal: MakeGoal): void {
  expect(r.status).toBe('made');
  const cells = start.cells.slice();
  for (const c of r.changes) cells[c]! ^= 1;
  expect(gridsEqual(r.picture!, makeGrid(start.width, start.height, cells))).toBe(true);
  expect(checkGrid(r.puzzle!, r.picture!)).toBeNull();
  expect(r.verdict!.status).toBe('unique');
  if (goal === 'line-solvable') expect(r.verdict!.status === 'unique' && r.verdict!.lineSolvable).toBe(true);
  expect(r.lowerBound).toBeLessThanOrEqual(r.changes.length);
}

describe('the fewest changes, against brute force', () => {
  for (const goal of ['line-solvable', 'unique'] as const) {
    test(`${goal}: as few changed cells as brute force finds, proven, on boards up to 5x5`, async () => {
      const sizes: number[] = [];
      await fc.assert(
        fc.asyncProperty(board, async ({ w, h, density, seed }) => {
          const start = makeGrid(w, h, randomCells(w, h, density, rng(seed)));
          const r = await makePuzzle(start, { goal, timeoutMs: 60_000 });
          expectSound(r, start, goal);
          const brute = bruteFewest(start, goal, new Float64Array(w * h).fill(1), [], r.changes.length)!;
          expect(r.fewest).toBe('proven');
          expect(r.changes.length).toBe(brute.count);
          expect(r.lowerBound).toBe(brute.count);
          sizes.push(brute.count);
        }),
        { numRuns: 60 },
      );
      // Not only pictures that meet the goal as drawn (about one in five needs a change; two
      // changes or more: the 6x6 test below).
      expect(sizes.filter((k) => k >= 1).length).toBeGreaterThanOrEqual(3);
    }, 300_000);
  }

  test('line-solvable in at most 1 or 2 passes: as few changed cells as brute force finds (passes counted plainly), proven, on boards up to 5x5', async () => {
    const sizes: number[] = [];
    await fc.assert(
      fc.asyncProperty(board, fc.integer({ min: 1, max: 2 }), async ({ w, h, density, seed }, maxPasses) => {
        const start = makeGrid(w, h, randomCells(w, h, density, rng(seed)));
        const r = await makePuzzle(start, { maxPasses, timeoutMs: 60_000 });
        expectSound(r, start, 'line-solvable');
        expect(r.maxPasses).toBe(maxPasses);
        const passes = plainPasses(r.puzzle!);
        expect(passes.status).toBe('solved');
        expect(r.verdict!.stats!.passes).toBe(passes.passes);
        expect(passes.passes).toBeLessThanOrEqual(maxPasses);
        const brute = bruteFewest(start, { maxPasses }, new Float64Array(w * h).fill(1), [], r.changes.length)!;
        expect(r.changes.length).toBe(brute.count);
        expect(r.fewest).toBe('proven');
        sizes.push(brute.count);
      }),
      { numRuns: 80 },
    );
    // Not only pictures that meet the limit as drawn (about three in ten need a change).
    expect(sizes.filter((k) => k >= 1).length).toBeGreaterThanOrEqual(10);
  }, 300_000);

  test('a grey image: the fewest cells, and among them the least grey cost, as brute force finds', async () => {
    await fc.assert(
      fc.asyncProperty(board, async ({ w, h, seed }) => {
        const rand = rng(seed);
        const darkness = Array.from({ length: w * h }, () => rand());
        const image = { width: w, height: h, darkness };
        const start = thresholdPicture(image);
        const costs = flipCosts(image);
        const r = await makePuzzle(image, { timeoutMs: 60_000 });
        expectSound(r, start, 'line-solvable');
        const brute = bruteFewest(start, 'line-solvable', costs, [], r.changes.length)!;
        expect(r.changes.length).toBe(brute.count);
        expect(r.cheapestProven).toBe(true);
        expect(r.cost).toBeCloseTo(brute.cost, 9);
        expect(r.cost).toBeCloseTo(r.changes.reduce((s, c) => s + costs[c]!, 0), 9);
      }),
      { numRuns: 30 },
    );
  }, 300_000);

  test('kept cells never change, and the fewest is over the other cells', async () => {
    await fc.assert(
      fc.asyncProperty(board, fc.integer(), async ({ w, h, density, seed }, keepSeed) => {
        const start = makeGrid(w, h, randomCells(w, h, density, rng(seed)));
        const rand = rng(keepSeed);
        const keep = [...start.cells.keys()].filter(() => rand() < 0.4);
        const r = await makePuzzle(start, { keep, timeoutMs: 60_000 });
        const brute = bruteFewest(start, 'line-solvable', new Float64Array(w * h).fill(1), keep, w * h);
        if (!brute) {
          expect(r.status).not.toBe('made');
          return;
        }
        expectSound(r, start, 'line-solvable');
        for (const c of keep) expect(r.picture!.cells[c]).toBe(start.cells[c]);
        expect(r.changes.length).toBe(brute.count);
      }),
      { numRuns: 30 },
    );
  }, 300_000);

  test('6x6 pictures that need two changes or more: the fewest as brute force finds, and below it a proof that none works', async () => {
    let tried = 0;
    for (let seed = 1; tried < 5 && seed < 2000; seed++) {
      const start = makeGrid(6, 6, randomCells(6, 6, 0.5, rng(seed)));
      const brute = bruteFewest(start, 'line-solvable', new Float64Array(36).fill(1), [], 2);
      if (!brute || brute.count < 2) continue;
      tried++;
      const made = await makePuzzle(start, { timeoutMs: 60_000 });
      expectSound(made, start, 'line-solvable');
      expect(made.changes.length).toBe(brute.count);
      expect(made.fewest).toBe('proven');
      const r = await makePuzzle(start, { maxChanges: brute.count - 1, timeoutMs: 60_000 });
      expect(r.status).toBe('none');
      expect(r.lowerBound).toBe(brute.count);
      expect(r.changes).toEqual([]);
    }
    expect(tried).toBe(5);
  }, 120_000);
});

describe('the greedy search (single changes and group moves), against brute force', () => {
  test('method greedy: sound, never below the fewest brute force finds, within maxChanges, kept cells kept', async () => {
    await fc.assert(
      fc.asyncProperty(board, fc.integer(), fc.integer({ min: 1, max: 8 }), async ({ w, h, density, seed }, keepSeed, maxChanges) => {
        const start = makeGrid(w, h, randomCells(w, h, density, rng(seed)));
        const rand = rng(keepSeed);
        const keep = [...start.cells.keys()].filter(() => rand() < 0.2);
        const r = await makePuzzle(start, { method: 'greedy', keep, maxChanges, timeoutMs: 60_000 });
        const brute = bruteFewest(start, 'line-solvable', new Float64Array(w * h).fill(1), keep, maxChanges);
        if (r.status !== 'made') {
          expect(r.changes).toEqual([]);
          return;
        }
        expectSound(r, start, 'line-solvable');
        expect(brute).toBeDefined();
        expect(r.changes.length).toBeGreaterThanOrEqual(brute!.count);
        expect(r.changes.length).toBeLessThanOrEqual(maxChanges);
        for (const c of keep) expect(r.picture!.cells[c]).toBe(start.cells[c]);
      }),
      { numRuns: 60 },
    );
  }, 300_000);

  test('thin diagonal outlines, where line logic fixes nothing and no single change helps: made, sound, proven bound kept', async () => {
    for (const side of [10, 12, 16]) {
      // Two parallel diagonals one cell thick: every line has two short blocks and large slack.
      const cells = new Uint8Array(side * side);
      for (let y = 0; y < side; y++) for (const x of [y, (y + Math.floor(side / 2)) % side]) cells[y * side + x] = 1;
      const start = makeGrid(side, side, cells);
      for (const method of ['greedy', 'prove'] as const) {
        const r = await makePuzzle(start, { method, timeoutMs: 2_000 });
        expectSound(r, start, 'line-solvable');
        expect(lineSolvable(r.picture!.cells, side, side)).toBe(true);
      }
    }
  }, 120_000);
});

describe('the clues of pictures a few changes apart (PictureClues)', () => {
  /** A line's lack, counted plainly: the cells a line's overlap still needs before line logic fixes one from nothing. */
  const lackOf = (clue: readonly number[], n: number) => (clue.length === 0 ? -n : n - clue.reduce((a, b) => a + b, 0) - (clue.length - 1) - Math.max(...clue) + 1);
  test('equal to every line counted afresh, over a walk of changes, and the two smallest lacks weighed', () => {
    fc.assert(
      fc.property(board, fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }), ({ w, h, density, seed }, steps) => {
        const cells = randomCells(w, h, density, rng(seed));
        const clues = new PictureClues(w, h);
        for (const step of steps) {
          for (const c of step) cells[c % cells.length]! ^= 1;
          const fresh = puzzleOf(makeGrid(w, h, cells));
          const got = clues.of(cells);
          expect(got).toEqual(fresh);
          const lacks = [...fresh.rows.map((c) => lackOf(c, w)), ...fresh.cols.map((c) => lackOf(c, h))].sort((a, b) => a - b);
          expect(clues.forcingSlack(cells)).toBe(lacks[0]! * 1000 + lacks[1]!);
          // A puzzle handed out is never changed by later pictures.
          const copy = structuredClone(got);
          cells[0]! ^= 1;
          clues.of(cells);
          cells[0]! ^= 1;
          expect(got).toEqual(copy);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('targets and inputs', () => {
  test('a picture that meets the goal already changes nothing', async () => {
    const start = makeGrid(3, 3, [1, 1, 1, 0, 1, 0, 0, 1, 0]);
    const r = await makePuzzle(start);
    expect(r.changes).toEqual([]);
    expect(r.fewest).toBe('proven');
    expect(r.verdict!.status === 'unique' && r.verdict!.lineSolvable).toBe(true);
  });

  test('--difficulty probing: solve reports probing for every result', async () => {
    let made = 0;
    for (let seed = 1; made < 5 && seed < 60; seed++) {
      const start = makeGrid(6, 6, randomCells(6, 6, 0.5, rng(seed)));
      const r = await makePuzzle(start, { difficulty: 'probing', maxChanges: 2, timeoutMs: 20_000 });
      if (r.status !== 'made') continue;
      made++;
      expect(r.verdict!.stats!.difficulty).toBe('probing');
      expect(r.verdict!.status === 'unique' && !r.verdict!.lineSolvable).toBe(true);
    }
    expect(made).toBe(5);
  }, 120_000);

  test('grey levels: the mean lightness of the pixels a cell covers, alpha on white', () => {
    // 4x2 pixels onto 2x1 cells: left cell black and white (mean 0.5), right cell transparent black (white).
    const data = [0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0];
    const g = greyOfPixels({ width: 4, height: 2, data }, 2, 1);
    expect(Array.from(g.darkness)).toEqual([0.5, 0]);
    expect(Array.from(flipCosts({ width: 2, height: 1, darkness: [0.75, 0] }))).toEqual([0.5, 1]);
  });

  test('misuse is a typed error naming what is wrong', async () => {
    await expect(makePuzzle({ width: 0, height: 3, darkness: [] })).rejects.toMatchObject({ code: 'E_SIZE' });
    await expect(makePuzzle(makeGrid(2, 2), { keep: [4] })).rejects.toMatchObject({ code: 'E_USAGE' });
  });
});
