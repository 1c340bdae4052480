// minimizeAnnotation against a brute-force minimum: same size AND the same (row-major first) set.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { switchCores } from '../src/annotate/localCores.js';
import { minimizeAnnotation } from '../src/annotate/minimizeAnnotation.js';
import { makeOracle } from '../src/annotate/oracles.js';
import { trimAnnotation } from '../src/annotate/trimAnnotation.js';
import type { ReceiverModel } from '../src/annotate/ReceiverModel.js';
import { bitsToGrids } from '../src/cipher/blocks.js';
import { builtinTable } from '../src/cipher/Table.js';
import { textToBits } from '../src/cipher/textBits.js';
import { checkGrid } from '../src/grid/checkGrid.js';
import { makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { BLACK, Propagator } from '../src/line/Propagator.js';
import { SatSession } from '../src/sat/SatSession.js';
import { BlockSolver } from '../src/solve/BlockSolver.js';
import { bruteSolutions, randomCells, rng } from './helpers/bruteForce.js';

/** Brute force gives up above this many cells (the board is then only checked for validity). */
const MAX_BRUTE = 4;

/** Every k-subset of `items`, in lexicographic order of positions (= row-major order of sets). */
function* combinations(items: readonly number[], k: number): Generator<number[]> {
  const idx = Array.from({ length: k }, (_, i) => i);
  if (k > items.length) return;
  for (;;) {
    yield idx.map((i) => items[i]!);
    let i = k - 1;
    while (i >= 0 && idx[i] === items.length - k + i) i--;
    if (i < 0) return;
    idx[i]!++;
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
  }
}

/** The validity test of each receiver model, by brute force / the definition. */
function validator(grid: Grid, model: ReceiverModel): (cells: readonly number[]) => boolean {
  const puzzle = puzzleOf(grid);
  if (model === 'logic') {
    const p = new Propagator(puzzle);
    return (cells) => {
      const d = p.unknownDomains();
      for (const c of cells) d[c] = BLACK;
      return p.run(d) === 'solved';
    };
  }
  // unique: among all solutions (enumerated once), exactly one has every given cell black.
  const all = bruteSolutions(puzzle, Infinity);
  return (cells) => {
    let n = 0;
    for (const s of all) if (cells.every((c) => s[c] === 1) && ++n > 1) return false;
    return n === 1;
  };
}

interface BruteMinimum {
  /** The row-major first smallest valid set, or undefined when it is larger than MAX_BRUTE. */
  readonly first?: number[];
  /** Whether another valid set of the same size exists (a tie the order must break). */
  readonly tied: boolean;
}

function bruteMinimum(grid: Grid, valid: (cells: readonly number[]) => boolean): BruteMinimum {
  const black: number[] = [];
  for (let c = 0; c < grid.cells.length; c++) if (grid.cells[c]) black.push(c);
  for (let k = 0; k <= Math.min(MAX_BRUTE, black.length); k++) {
    let first: number[] | undefined;
    for (const s of combinations(black, k)) {
      if (!valid(s)) continue;
      if (first) return { first, tied: true };
      first = s;
    }
    if (first) return { first, tied: false };
  }
  return { tied: false };
}

const session = new SatSession();

function checkAgainstBruteForce(grid: Grid, model: ReceiverModel) {
  const valid = validator(grid, model);
  const brute = bruteMinimum(grid, valid);
  const r = minimizeAnnotation(grid, { model, session });
  const where = `${model} ${grid.width}x${grid.height} ${[...grid.cells].join('')}`;
  expect(r.proven, where).toBe(true);
  expect(r.model).toBe(model);
  expect(valid(r.annotation), where).toBe(true);
  for (const c of r.annotation) expect(grid.cells[c], where).toBe(1);
  if (brute.first) {
    expect(r.annotation.length, where).toBe(brute.first.length);
    expect(r.annotation, where).toEqual(brute.first);
    if (model === 'unique') {
      // The reference check of the brief, stated directly: exactly one solution with these givens.
      const sols = bruteSolutions(puzzleOf(grid), 2, brute.first);
      expect(sols).toHaveLength(1);
      expect(checkGrid(puzzleOf(grid), makeGrid(grid.width, grid.height, sols[0]!), brute.first)).toBeNull();
    }
  } else {
    expect(r.annotation.length, where).toBeGreaterThan(MAX_BRUTE);
  }
  return { checked: brute.first !== undefined, size: r.annotation.length, tied: brute.tied };
}

describe.each(['unique', 'logic'] as const)('%s receiver', (model) => {
  test('equals the brute-force minimum on random boards up to 6x6', () => {
    const rand = rng(model === 'unique' ? 2024 : 2025);
    const BOARDS = 250;
    let checked = 0;
    let nontrivial = 0;
    let ties = 0;
    for (let b = 0; b < BOARDS; b++) {
      // Mostly 4..6 sides at low density (those need annotations, often several cells, with
      // ties); one board in five of any size 1..6 and density up to 0.8.
      const any = rand() < 0.2;
      const w = any ? 1 + Math.floor(rand() * 6) : 4 + Math.floor(rand() * 3);
      const h = any ? 1 + Math.floor(rand() * 6) : 4 + Math.floor(rand() * 3);
      const density = any ? 0.2 + rand() * 0.6 : 0.15 + rand() * 0.3;
      const grid = makeGrid(w, h, randomCells(w, h, density, rand));
      const r = checkAgainstBruteForce(grid, model);
      if (r.checked) checked++;
      if (r.checked && r.size >= 2) nontrivial++;
      if (r.tied) ties++;
    }
    // Most boards were decided by the brute force, and the interesting cases occurred.
    expect(checked).toBeGreaterThan(BOARDS * 0.8);
    expect(nontrivial).toBeGreaterThan(15);
    expect(ties).toBeGreaterThan(50);
  });

  test('SPEC section 7: block 2 -> (5, 2) and block 3 -> (2, 3)', () => {
    const classic = builtinTable('classic');
    const grids = bitsToGrids(textToBits('TO BE, OR NOT TO BE.', classic), 6, 6, classic.paddingBit);
    expect(grids).toHaveLength(3);
    const at = (x: number, y: number) => y * 6 + x;
    expect(minimizeAnnotation(grids[0]!, { model, session }).annotation).toEqual([]);
    expect(minimizeAnnotation(grids[1]!, { model, session }).annotation).toEqual([at(5, 2)]);
    expect(minimizeAnnotation(grids[2]!, { model, session }).annotation).toEqual([at(2, 3)]);
    // And the brute force agrees (the same 1-cell answers, chosen first in row-major order).
    for (const g of grids) checkAgainstBruteForce(g, model);
  });
});

test('both models on a block where they differ: logic needs more than unique', () => {
  // examples/scatter.pic: 2 cells make it unique, 3 make it line-solvable (checked by brute
  // force for the logic model here; the unique model's brute force is the 6x6 sweep above).
  const rows = ['..#...#.##', '#...#..##.', '.##.#.....', '#..#....#.', '.#.###.#..', '.#.###...#', '#.########', '#...##.#..', '#####...#.', '.###...###'];
  const grid = makeGrid(10, 10, [...rows.join('')].map((c) => (c === '#' ? 1 : 0)));
  const u = minimizeAnnotation(grid, { model: 'unique', session });
  const l = minimizeAnnotation(grid, { model: 'logic', session });
  expect(u.annotation).toHaveLength(2);
  expect(l.annotation).toHaveLength(3);
  const valid = validator(grid, 'logic');
  expect(valid(l.annotation)).toBe(true);
  expect(bruteMinimum(grid, valid).first).toEqual(l.annotation);
});

test('hitting sets of many blocks share one instance and give the same answers as fresh ones', () => {
  const rand = rng(77);
  const shared = new SatSession();
  let annotated = 0;
  for (let b = 0; b < 40; b++) {
    const grid = makeGrid(6, 6, randomCells(6, 6, 0.2 + rand() * 0.2, rand));
    for (const model of ['unique', 'logic'] as const) {
      const a = minimizeAnnotation(grid, { model, session: shared });
      const fresh = new SatSession();
      const f = minimizeAnnotation(grid, { model, session: fresh });
      expect(a.annotation, `${model} board ${b}`).toEqual(f.annotation);
      expect(a.proven && f.proven).toBe(true);
      if (a.annotation.length > 0) annotated++;
    }
  }
  expect(annotated).toBeGreaterThan(30);
  // One instance for the blocks and one for the hitting sets, however many blocks.
  expect(shared.instances).toBeLessThanOrEqual(2);
});

// Property tests (fast-check): boards up to 6x6 of any density, both receivers.
const board = fc
  .record({ w: fc.integer({ min: 1, max: 6 }), h: fc.integer({ min: 1, max: 6 }), density: fc.double({ min: 0.1, max: 0.7, noNaN: true }), seed: fc.integer() })
  .map(({ w, h, density, seed }) => makeGrid(w, h, randomCells(w, h, density, rng(seed))));

describe.each(['unique', 'logic'] as const)('property, %s receiver', (model) => {
  test('minimizeAnnotation equals the brute-force row-major first minimum', () => {
    fc.assert(
      fc.property(board, (grid) => {
        checkAgainstBruteForce(grid, model);
      }),
      { numRuns: 120, seed: model === 'unique' ? 101 : 102 },
    );
  });

  test('with any budget, even none left, the annotation is valid and the lower bound holds', () => {
    fc.assert(
      fc.property(board, fc.constantFrom(0, 1, 5), (grid, budgetMs) => {
        const r = minimizeAnnotation(grid, { model, session, budgetMs });
        const valid = validator(grid, model);
        expect(valid(r.annotation)).toBe(true);
        const best = minimizeAnnotation(grid, { model, session });
        expect(r.stats.lowerBound).toBeLessThanOrEqual(best.annotation.length);
        if (r.proven) expect(r.annotation).toEqual(best.annotation);
      }),
      { numRuns: 60, seed: model === 'unique' ? 103 : 104 },
    );
  });

  test('with no budget left, a block line logic finishes needs nothing, and that is proven', () => {
    const grid = makeGrid(3, 3, [1, 1, 1, 0, 1, 0, 1, 1, 1]);
    const r = minimizeAnnotation(grid, { model, session, budgetMs: 0 });
    expect(r.annotation).toEqual([]);
    expect(r.proven).toBe(true);
    expect(r.reason).toBeUndefined();
  });
});

test('completing an annotation, quickly or with care, gives a line-solvable superset of it', () => {
  const logicValid = (grid: Grid) => validator(grid, 'logic');
  fc.assert(
    fc.property(board, fc.integer(), (grid, seed) => {
      const rand = rng(seed);
      const black = [...grid.cells.keys()].filter((c) => grid.cells[c]);
      const given = black.filter(() => rand() < 0.3);
      for (const model of ['unique', 'logic'] as const) {
        const oracle = makeOracle(grid, model, session);
        for (const until of [undefined, -Infinity, performance.now() + 60_000]) {
          const done = oracle.complete(given, until);
          expect(done.every((c) => grid.cells[c])).toBe(true);
          expect(given.every((c) => done.includes(c))).toBe(true);
          expect(logicValid(grid)(done)).toBe(true);
        }
        oracle.dispose();
      }
    }),
    { numRuns: 200, seed: 106 },
  );
});

test('trimming a valid annotation keeps it valid and leaves no cell it can drop; a deadline stops it valid', () => {
  fc.assert(
    fc.property(board, fc.integer(), (grid, seed) => {
      const rand = rng(seed);
      const black = [...grid.cells.keys()].filter((c) => grid.cells[c]);
      const order = [...black].sort(() => rand() - 0.5);
      for (const model of ['unique', 'logic'] as const) {
        const valid = validator(grid, model);
        const oracle = makeOracle(grid, model, session);
        // Every black cell given is valid for both receivers (every line is then settled).
        const trimmed = trimAnnotation(black, oracle, order);
        expect(valid(trimmed)).toBe(true);
        for (const c of trimmed) expect(valid(trimmed.filter((d) => d !== c))).toBe(false);
        expect(trimAnnotation(black, oracle, order, -Infinity)).toEqual(black);
        oracle.dispose();
      }
    }),
    { numRuns: 150, seed: 107 },
  );
});

/**
 * A BlockSolver query against brute force: 300 random boards of 4x4 to 8x8 with 2-399
 * solutions, each with a fresh block (one shared session) and a random source of its own.
 * `check` asks the query, checks its answer against `all` (every solution), and says whether
 * it found a grid; both kinds of answer must occur more than 5 times.
 */
function againstBruteForce(seed: number, check: (c: { grid: Grid; all: Uint8Array[]; block: BlockSolver; random: () => number }) => 'found' | 'none'): void {
  const session = new SatSession();
  const seen = { found: 0, none: 0 };
  const larger = fc
    .record({ w: fc.integer({ min: 4, max: 8 }), h: fc.integer({ min: 4, max: 8 }), density: fc.double({ min: 0.3, max: 0.7, noNaN: true }), seed: fc.integer() })
    .map(({ w, h, density, seed }) => ({ grid: makeGrid(w, h, randomCells(w, h, density, rng(seed))), random: rng(seed ^ 0x5bd1e995) }));
  fc.assert(
    fc.property(larger, ({ grid, random }) => {
      const all = bruteSolutions(puzzleOf(grid), 400);
      if (all.length < 2 || all.length >= 400) return;
      const block = new BlockSolver(puzzleOf(grid), [], session);
      try {
        seen[check({ grid, all, block, random })]++;
      } finally {
        block.dispose();
      }
    }),
    { numRuns: 300, seed },
  );
  session.close();
  expect(seen.found).toBeGreaterThan(5);
  expect(seen.none).toBeGreaterThan(5);
}

test('findCloser: a second solution inside the first one\'s difference that turns fewer black cells white, or none (brute force)', () => {
  againstBruteForce(108, ({ grid, all, block }) => {
    const other = block.findOther(grid, []);
    if (typeof other === 'string') throw new Error(`findOther: ${other} on a block with ${all.length} solutions`);
    // The black cells of `grid` that `y` turns white, and whether `y` agrees with `grid` wherever `other` does.
    const turned = (y: ArrayLike<number>) => [...grid.cells.keys()].filter((c) => grid.cells[c] && !y[c]);
    const inside = (y: ArrayLike<number>) => [...grid.cells.keys()].every((c) => grid.cells[c] !== other.cells[c] || y[c] === grid.cells[c]);
    const core = turned(other.cells);
    const smaller = (y: ArrayLike<number>) => {
      const t = turned(y);
      return t.length > 0 && t.length < core.length && t.every((c) => core.includes(c));
    };
    const r = block.findCloser(grid, other, []);
    if (r === 'none') {
      expect(all.filter((y) => inside(y) && smaller(y))).toHaveLength(0);
      return 'none';
    }
    if (r === 'unknown') throw new Error('findCloser: unknown without a deadline');
    expect(checkGrid(puzzleOf(grid), r)).toBeNull();
    expect(inside(r.cells)).toBe(true);
    expect(smaller(r.cells)).toBe(true);
    return 'found';
  });
});

test('findWithin: a second solution that differs only inside a region, with given cells black, or none (brute force)', () => {
  againstBruteForce(109, ({ grid, all, block, random }) => {
    // The region: where one other solution differs, and a few cells more; given cells, mostly
    // black cells inside it (where they can rule a second solution out).
    const other = all.filter((y) => y.some((v, c) => v !== grid.cells[c]))[Math.floor(random() * (all.length - 1))]!;
    const region = Uint8Array.from(grid.cells, (v, c) => (other[c] !== v || random() < 0.2 ? 1 : 0));
    const extraBlack = [...grid.cells.keys()].filter((c) => grid.cells[c] && random() < (region[c] ? 0.25 : 0.05));
    const fits = (y: ArrayLike<number>) =>
      [...grid.cells.keys()].every((c) => region[c] || y[c] === grid.cells[c]) && extraBlack.every((c) => y[c]) && [...grid.cells.keys()].some((c) => y[c] !== grid.cells[c]);
    const r = block.findWithin(grid, region, extraBlack);
    if (r === 'none') {
      expect(all.filter(fits)).toHaveLength(0);
      return 'none';
    }
    if (r === 'unknown') throw new Error('findWithin: unknown without a deadline');
    expect(checkGrid(puzzleOf(grid), r)).toBeNull();
    expect(fits(r.cells)).toBe(true);
    return 'found';
  });
});

test('every switch core is a core: the switched picture has the same clues', () => {
  fc.assert(
    fc.property(board, (grid) => {
      for (const [a, d] of switchCores(grid)) {
        const w = grid.width;
        const [r1, c1, r2, c2] = [Math.floor(a! / w), a! % w, Math.floor(d! / w), d! % w];
        const other = makeGrid(w, grid.height, grid.cells);
        other.cells[a!] = 0;
        other.cells[d!] = 0;
        other.cells[r1 * w + c2] = 1;
        other.cells[r2 * w + c1] = 1;
        expect(checkGrid(puzzleOf(grid), other)).toBeNull();
        expect([...other.cells]).not.toEqual([...grid.cells]);
      }
    }),
    { numRuns: 300, seed: 105 },
  );
});
