// How encrypt's one budget is shared by its blocks (src/cipher/blockWork.ts).
import { describe, expect, test } from 'vitest';
import { BLOCK_FLOOR_MS, SharedBudget } from '../src/cipher/blockWork.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { lineSolvable } from '../src/line/lineSolvable.js';
import { runTask } from '../src/parallel/BlockTask.js';
import { SatSession } from '../src/sat/SatSession.js';

describe('SharedBudget', () => {
  test('splits the time left among the blocks that need work', () => {
    const b = new SharedBudget(10_000, [true, false, true, true, true]);
    const first = b.next(true)!;
    expect(first).toBeGreaterThan(2400);
    expect(first).toBeLessThanOrEqual(2500);
  });

  test('never gives a block that needs work less than the floor, however many share the budget', () => {
    const needy = Array.from({ length: 5000 }, () => true);
    const b = new SharedBudget(10_000, needy, 1, BLOCK_FLOOR_MS);
    for (let i = 0; i < 20; i++) expect(b.next(true)).toBe(BLOCK_FLOOR_MS);
    // Without the floor the share is 2 ms, too little to prove any block of SAT size.
    const thin = new SharedBudget(10_000, needy);
    expect(thin.next(true)).toBeLessThan(3);
  });

  test('a budget below the floor keeps its meaning: the floor is capped at the budget', () => {
    const b = new SharedBudget(10, [true, true, true], 1, BLOCK_FLOOR_MS);
    expect(b.next(true)).toBeLessThanOrEqual(10);
  });

  test('no budget: undefined for every block', () => {
    const b = new SharedBudget(Infinity, [true, true], 1, BLOCK_FLOOR_MS);
    expect(b.next(true)).toBeUndefined();
  });
});

describe('an annotate task that says its grid is line-solvable', () => {
  test('is answered without the minimizer, as the minimizer answers it (nothing to give, proven)', () => {
    const session = new SatSession();
    try {
      // Line-solvable (a plus sign) and not (a 2x2 checkerboard corner that needs a cell).
      const plus = makeGrid(3, 3, [0, 1, 0, 1, 1, 1, 0, 1, 0]);
      const checker = makeGrid(2, 2, [1, 0, 0, 1]);
      expect(lineSolvable(plus)).toBe(true);
      expect(lineSolvable(checker)).toBe(false);
      for (const receiver of ['unique', 'logic'] as const) {
        const told = runTask({ kind: 'annotate', grid: plus, receiver, budgetMs: 1000, lineSolvable: true }, session);
        const found = runTask({ kind: 'annotate', grid: plus, receiver, budgetMs: 1000 }, session);
        expect({ ...told, ms: 0 }).toEqual({ ...found, ms: 0 });
        expect(told).toMatchObject({ kind: 'annotate', annotation: [], proven: true, lowerBound: 0 });
        const needy = runTask({ kind: 'annotate', grid: checker, receiver, budgetMs: 1000, lineSolvable: false }, session);
        expect(needy).toMatchObject({ kind: 'annotate', annotation: [0], proven: true, lowerBound: 1 });
      }
    } finally {
      session.close();
    }
  });
});
