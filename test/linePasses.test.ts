// Line logic's passes (LineStepper, linePasses): the count `solve --difficulty` reports and
// `make --passes` limits, against a plain count over every placement of each line.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { linePasses } from '../src/line/LineStepper.js';
import { plainPasses, randomCells, rng } from './helpers/bruteForce.js';

const board = fc.record({ w: fc.integer({ min: 1, max: 7 }), h: fc.integer({ min: 1, max: 7 }), density: fc.double({ min: 0.1, max: 0.9, noNaN: true }), seed: fc.integer(), givens: fc.array(fc.nat(), { maxLength: 4 }) });

describe('line logic in passes', () => {
  test('the status, the passes and the open cells after every number of passes, as the plain count finds them (given cells too)', () => {
    fc.assert(
      fc.property(board, ({ w, h, density, seed, givens }) => {
        const cells = randomCells(w, h, density, rng(seed));
        const puzzle = puzzleOf(makeGrid(w, h, cells));
        // Given cells are black cells of the picture, so the puzzle stays consistent.
        const black = [...new Set(givens.map((g) => g % (w * h)))].filter((g) => cells[g]).sort((a, b) => a - b);
        expect(linePasses(puzzle, black)).toEqual({ ...plainPasses(puzzle, black) });
        for (let limit = 1; limit <= 8; limit++) expect(linePasses(puzzle, black, limit).open).toBe(plainPasses(puzzle, black, limit).open);
      }),
      { numRuns: 300 },
    );
  });

  test('a line-solvable picture that needs several passes: each limit below them stops with cells open', () => {
    const rand = rng(7);
    let found = 0;
    for (let tries = 0; tries < 2000 && found < 10; tries++) {
      const puzzle = puzzleOf(makeGrid(8, 8, randomCells(8, 8, 0.55, rand)));
      const whole = linePasses(puzzle);
      if (whole.status !== 'solved' || whole.passes < 3) continue;
      found++;
      for (let limit = 1; limit < whole.passes; limit++) {
        const part = linePasses(puzzle, [], limit);
        expect(part).toMatchObject({ status: 'progress', passes: limit });
        expect(part.open).toBeGreaterThan(0);
      }
      expect(linePasses(puzzle, [], whole.passes)).toEqual(whole);
    }
    expect(found).toBe(10);
  });
});
