import { describe, expect, test } from 'vitest';
import { minimizeAnnotation } from '../src/annotate/minimizeAnnotation.js';
import type { ReceiverModel } from '../src/annotate/ReceiverModel.js';
import { gridRows, makeGrid, type Grid, type Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { BLACK, Propagator, UNKNOWN } from '../src/line/Propagator.js';
import { paperExhaustive } from '../bench/paperExhaustive.js';
import { bruteSolutions, randomCells, rng } from './helpers/bruteForce.js';

/**
 * Brute-force minimality check of the annotation minimizer: on small random boards, the
 * paper's exhaustive search (every subset of the open black cells, by size, row-major
 * lexicographic within a size) must pick exactly the minimizer's annotation, for both
 * receivers. For `unique` the exhaustive search here uses the test helpers' brute-force
 * enumeration of solutions, so it shares no code with the SAT path.
 */
const bruteUnique = (p: Puzzle, givens: readonly number[]): boolean => bruteSolutions(p, 2, givens).length === 1;

/**
 * 30 random boards with 4 or 5 columns and 4 or 5 rows (density 0.5, fixed seed). Boards the
 * line solver finishes from the clues alone need no annotation and test nothing, and most of
 * the rest need one cell, so the draw is stratified by the size of the paper's `logic`
 * annotation: 18 boards that need one cell and 12 that need two or more.
 */
function boards(): Grid[] {
  const rand = rng(20240611);
  const one: Grid[] = [];
  const more: Grid[] = [];
  while (one.length < 18 || more.length < 12) {
    const w = 4 + Math.floor(rand() * 2);
    const h = 4 + Math.floor(rand() * 2);
    const grid = makeGrid(w, h, randomCells(w, h, 0.5, rand));
    const size = paperExhaustive(grid, { receiver: 'logic' }).annotation!.length;
    if (size === 1 && one.length < 18) one.push(grid);
    if (size >= 2 && more.length < 12) more.push(grid);
  }
  return [...one, ...more];
}

/** Number of valid annotations of `size` cells (to show where the tie-break matters). */
function validSetsOfSize(grid: Grid, receiver: ReceiverModel, size: number): number {
  const puzzle = puzzleOf(grid);
  const prop = new Propagator(puzzle);
  const base = prop.unknownDomains();
  prop.run(base);
  const cand: number[] = [];
  for (let c = 0; c < base.length; c++) if (base[c] === UNKNOWN && grid.cells[c]) cand.push(c);
  let count = 0;
  const pick: number[] = [];
  const rec = (from: number) => {
    if (pick.length === size) {
      if (receiver === 'unique') count += bruteUnique(puzzle, pick) ? 1 : 0;
      else {
        const d = prop.unknownDomains();
        for (const c of pick) d[c] = BLACK;
        count += prop.run(d) === 'solved' ? 1 : 0;
      }
      return;
    }
    for (let i = from; i < cand.length; i++) (pick.push(cand[i]!), rec(i + 1), pick.pop());
  };
  rec(0);
  return count;
}

describe("the paper's exhaustive search agrees with minimizeAnnotation", () => {
  for (const receiver of ['unique', 'logic'] as const) {
    test(`${receiver} receiver, 30 random boards 4x4..5x5`, () => {
      let annotated = 0;
      let tied = 0;
      let multi = 0;
      for (const grid of boards()) {
        const label = `${grid.width}x${grid.height} ${gridRows(grid).join('/')}`;
        const ex = paperExhaustive(grid, { receiver, uniqueTest: receiver === 'unique' ? bruteUnique : undefined });
        expect(ex.timedOut, label).toBe(false);
        expect(ex.annotation, label).not.toBeNull();
        if (receiver === 'unique') {
          // The bench's own unique test (solvePuzzle) must choose the same set.
          expect(paperExhaustive(grid, { receiver }).annotation, label).toEqual(ex.annotation);
        }
        const min = minimizeAnnotation(grid, { model: receiver });
        expect(min.proven, label).toBe(true);
        expect({ board: label, annotation: min.annotation }).toEqual({ board: label, annotation: ex.annotation });
        if (ex.annotation!.length > 0) {
          annotated++;
          if (ex.annotation!.length > 1) multi++;
          if (validSetsOfSize(grid, receiver, ex.annotation!.length) > 1) tied++;
        }
      }
      // The sweep is not vacuous: most boards need an annotation, several need more than one
      // cell, and on many more than one smallest set exists, so a wrong tie-break is caught.
      expect(annotated).toBeGreaterThanOrEqual(20);
      expect(multi).toBeGreaterThanOrEqual(8);
      expect(tied).toBeGreaterThanOrEqual(10);
    });
  }
});
