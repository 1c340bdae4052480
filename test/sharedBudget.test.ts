// How encrypt's one budget is shared by its blocks (src/cipher/blockWork.ts).
import { describe, expect, test } from 'vitest';
import { BLOCK_FLOOR_MS, SharedBudget } from '../src/cipher/blockWork.js';

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
