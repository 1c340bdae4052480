// Start-up: a puzzle that line logic, probing or the search decides never loads a SAT engine.
// This file runs in a process of its own (vitest's forks pool), so no other test loaded one.
import { expect, test } from 'vitest';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { solve } from '../src/puzzle/solve.js';
import { ENGINES, isEngineLoaded } from '../src/sat/engines.js';
import type { Difficulty } from '../src/solve/SolveResult.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { randomCells, rng } from './helpers/bruteForce.js';

const loaded = () => ENGINES.filter((e) => isEngineLoaded(e));

test('line logic, probing and the search decide without loading an engine; SAT loads one', async () => {
  const seen = new Map<Difficulty, number>();
  const rand = rng(2711);
  for (let k = 0; k < 300 && seen.size < 3; k++) {
    const side = 6 + (k % 7);
    const r = await solve(puzzleOf(makeGrid(side, side, randomCells(side, side, 0.5, rand))), { jobs: 1 });
    expect(r.status === 'unique' || r.status === 'multiple').toBe(true);
    seen.set(r.stats!.difficulty, (seen.get(r.stats!.difficulty) ?? 0) + 1);
  }
  // Each way of deciding was met (so the check below covers all three).
  expect([...seen.keys()].sort()).toEqual(['line', 'probing', 'search']);
  expect(loaded()).toEqual([]);
  // The same pipeline with the search left out goes to SAT, which loads the engine asked for.
  const two = puzzleOf(makeGrid(2, 2, Uint8Array.from([1, 0, 0, 1])));
  expect(solvePuzzle(two, { search: false }).stats).toMatchObject({ satCalls: 1 });
  expect(loaded()).toEqual(['minisat']);
});
