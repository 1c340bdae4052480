// A solve given a picture known to fit (the Draw tab's drawing): the same verdicts as brute
// force, the known picture first of two, and a picture that does not fit refused.
import { expect, test } from 'vitest';
import { checkGrid } from '../src/grid/checkGrid.js';
import { gridsEqual, makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { solve } from '../src/puzzle/solve.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { NonocryptError } from '../src/errors.js';
import { switchFreePicture } from '../bench/switchFreePicture.js';
import { switchNeighbour } from '../src/solve/switchNeighbour.js';
import { bruteSolutions, randomCells, rng } from './helpers/bruteForce.js';

test('with the known picture, every verdict is brute force\'s; a second picture differs from it and fits', () => {
  const rand = rng(4101);
  const seen = { unique: 0, multiple: 0 };
  for (let k = 0; k < 300; k++) {
    const w = 2 + Math.floor(rand() * 7);
    const h = 2 + Math.floor(rand() * 7);
    const grid = makeGrid(w, h, randomCells(w, h, 0.3 + 0.5 * rand(), rand));
    const puzzle = puzzleOf(grid);
    const givens = [...grid.cells.keys()].filter((c) => grid.cells[c] && rand() < 0.1);
    const count = bruteSolutions(puzzle, 2, givens).length;
    const r = solvePuzzle(puzzle, { givens, known: grid });
    expect(r.status, `board ${k}`).toBe(count === 1 ? 'unique' : 'multiple');
    if (r.status === 'unique') {
      expect(gridsEqual(r.grid, grid)).toBe(true);
      seen.unique++;
    } else if (r.status === 'multiple') {
      expect(gridsEqual(r.grids[0], grid)).toBe(true);
      expect(gridsEqual(r.grids[1], grid)).toBe(false);
      expect(checkGrid(puzzle, r.grids[1], givens)).toBeNull();
      seen.multiple++;
    }
  }
  expect(seen.unique).toBeGreaterThan(30);
  expect(seen.multiple).toBeGreaterThan(30);
});

test('a switch-free picture with several solutions: the second comes from SAT, not from the switch', () => {
  const rand = rng(4102);
  let far = 0;
  for (let k = 0; k < 200 && far < 5; k++) {
    const grid = switchFreePicture(6, 6, 0.5, rand);
    const puzzle = puzzleOf(grid);
    expect(switchNeighbour(puzzle, grid)).toBeUndefined();
    if (bruteSolutions(puzzle, 2).length < 2) continue;
    const r = solvePuzzle(puzzle, { known: grid, probing: k % 2 === 0 });
    expect(r.status).toBe('multiple');
    if (r.status === 'multiple') expect(checkGrid(puzzle, r.grids[1])).toBeNull();
    far++;
  }
  expect(far).toBe(5);
});

test('a known picture that does not fit the clues is refused with E_GOAL, through solve() too', async () => {
  const grid = makeGrid(3, 3, [1, 0, 1, 0, 1, 0, 1, 0, 0]);
  const other = makeGrid(3, 3, [1, 1, 1, 0, 0, 0, 0, 0, 0]);
  expect(() => solvePuzzle(puzzleOf(grid), { known: other })).toThrow(NonocryptError);
  await expect(solve(puzzleOf(grid), { known: other })).rejects.toMatchObject({ code: 'E_GOAL' });
  await expect(solve(puzzleOf(grid), { known: makeGrid(2, 2) })).rejects.toThrow(/another size/);
});
