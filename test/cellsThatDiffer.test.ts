// The cells where two pictures differ (src/grid/cellsThatDiffer.ts): what the Draw tab marks on
// an ambiguous picture, and what a multiple verdict's sheets outline.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cellsThatDiffer } from '../src/grid/cellsThatDiffer.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { solve } from '../src/puzzle/solve.js';
import { differingCells } from '../src/render/RenderSheet.js';
import { smallPuzzles } from './helpers/puzzles.js';

describe('cellsThatDiffer', () => {
  test('is every cell whose colours differ, ascending, and nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.infiniteStream(fc.boolean()), (w, h, bits) => {
        const it = bits[Symbol.iterator]();
        const cells = () => Array.from({ length: w * h }, () => (it.next().value ? 1 : 0));
        const a = makeGrid(w, h, cells());
        const b = makeGrid(w, h, cells());
        const differ = cellsThatDiffer(a, b);
        expect(differ).toEqual([...differ].sort((x, y) => x - y));
        for (let i = 0; i < w * h; i++) expect(differ.includes(i)).toBe(a.cells[i] !== b.cells[i]);
        expect(cellsThatDiffer(a, a)).toEqual([]);
        expect(cellsThatDiffer(b, a)).toEqual(differ);
      }),
    );
  });

  test("a multiple verdict's two pictures differ in at least four cells (a switch), and the sheet marks the same ones", async () => {
    let ambiguous = 0;
    for (const { puzzle } of smallPuzzles(60, 41, 7)) {
      const r = await solve(puzzle);
      if (r.status !== 'multiple') continue;
      ambiguous++;
      const differ = cellsThatDiffer(r.grids[0], r.grids[1]);
      expect(differ.length).toBeGreaterThanOrEqual(4);
      // Swapping the differing cells of one picture gives the other.
      const swapped = makeGrid(puzzle.width, puzzle.height, r.grids[0].cells);
      for (const i of differ) swapped.cells[i] = 1 - swapped.cells[i]!;
      expect(swapped.cells).toEqual(r.grids[1].cells);
      expect(differingCells({ puzzle, grid: r.grids[0], second: r.grids[1] })).toEqual(differ);
    }
    expect(ambiguous).toBeGreaterThan(3);
  });

  test('pictures of two sizes are refused', () => {
    expect(() => cellsThatDiffer(makeGrid(2, 3), makeGrid(3, 2))).toThrow(RangeError);
  });
});
