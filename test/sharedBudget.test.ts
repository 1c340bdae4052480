// How encrypt's one budget is shared by its blocks (src/parallel/BudgetShare.ts).
import { describe, expect, test } from 'vitest';
import { BLOCK_FLOOR_MS } from '../src/cipher/blockWork.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { lineSolvable } from '../src/solve/CorePropagator.js';
import { runTask } from '../src/parallel/BlockTask.js';
import { shareBudget, shareMs } from '../src/parallel/BudgetShare.js';
import { SatSession } from '../src/sat/SatSession.js';

describe('shareBudget and shareMs', () => {
  test('a block gets, as it starts, the time left divided among the blocks still to do that need work', () => {
    const shares = shareBudget(10_000, [true, false, true, true, true]);
    expect(shares[1]).toBeUndefined();
    expect(shares.map((s) => s?.needyLeft)).toEqual([4, undefined, 3, 2, 1]);
    const start = shares[0]!.endsAt - 10_000;
    expect(shareMs(shares[0]!, start)).toBe(2500);
    // Started 4 s in, the second needy block divides the 6 s left by the three still to do.
    expect(shareMs(shares[2]!, start + 4000)).toBe(2000);
    // The last one gets all that is left, and nothing once the budget is spent.
    expect(shareMs(shares[4]!, start + 9000)).toBe(1000);
    expect(shareMs(shares[4]!, start + 10_500)).toBe(0);
  });

  test('with blocks running at once, each share is that many times larger, never more than what is left', () => {
    const shares = shareBudget(10_000, Array.from({ length: 8 }, () => true), 2);
    const start = shares[0]!.endsAt - 10_000;
    expect(shareMs(shares[0]!, start)).toBe(2500);
    expect(shareMs(shares[7]!, start + 8000)).toBe(2000);
    // A share decided late is smaller: what a pool that took its tasks early did wrong.
    expect(shareMs(shares[6]!, start + 8000)).toBeLessThan(shareMs(shares[6]!, start));
  });

  test('never gives a block that needs work less than the floor, however many share the budget', () => {
    const needy = Array.from({ length: 5000 }, () => true);
    const shares = shareBudget(10_000, needy, 1, BLOCK_FLOOR_MS);
    for (let i = 0; i < 20; i++) expect(shareMs(shares[i]!)).toBe(BLOCK_FLOOR_MS);
    // Without the floor the share is 2 ms, too little to prove any block of SAT size.
    expect(shareMs(shareBudget(10_000, needy)[0]!)).toBeLessThan(3);
  });

  test('a budget below the floor keeps its meaning: the floor is capped at the budget', () => {
    expect(shareMs(shareBudget(10, [true, true, true], 1, BLOCK_FLOOR_MS)[0]!)).toBeLessThanOrEqual(10);
  });

  test('no budget: no share for any block', () => {
    expect(shareBudget(Infinity, [true, true], 1, BLOCK_FLOOR_MS)).toEqual([undefined, undefined]);
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
        expect({ ...told, ms: 0 }).toEqual({ ...found, ms: 0, budgetMs: undefined });
        expect(told).toMatchObject({ kind: 'annotate', annotation: [], proven: true, lowerBound: 0 });
        const needy = runTask({ kind: 'annotate', grid: checker, receiver, budgetMs: 1000, lineSolvable: false }, session);
        expect(needy).toMatchObject({ kind: 'annotate', annotation: [0], proven: true, lowerBound: 1 });
      }
    } finally {
      session.close();
    }
  });
});
