// Switches: a line's single-cell trades that keep its runs, and second solutions one 2x2 switch
// away, against brute force.
import { expect, test } from 'vitest';
import { checkGrid } from '../src/grid/checkGrid.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf, runsOf } from '../src/grid/runsOf.js';
import { lineMoves, switchNeighbour } from '../src/solve/switchNeighbour.js';
import { bruteSolutions, randomCells, rng } from './helpers/bruteForce.js';

test('lineMoves lists exactly the trades of one black and one white cell that keep the runs', () => {
  const rand = rng(61);
  for (let k = 0; k < 3000; k++) {
    const n = 1 + Math.floor(rand() * 14);
    const line = Array.from(randomCells(n, 1, rand(), rand));
    const fixed = line.map(() => rand() < 0.15);
    const clue = runsOf(line).join();
    const want = new Set<number>();
    for (let i = 0; i < n; i++) {
      if (!line[i] || fixed[i]) continue;
      for (let j = 0; j < n; j++) {
        if (line[j]) continue;
        const t = [...line];
        t[i] = 0;
        t[j] = 1;
        if (runsOf(t).join() === clue) want.add(i * n + j);
      }
    }
    expect([...lineMoves((i) => line[i]!, n, (i) => fixed[i]!)].sort((a, b) => a - b)).toEqual([...want].sort((a, b) => a - b));
  }
});

test('switchNeighbour finds a second solution one 2x2 switch away exactly when brute force has one, never moving a given cell', () => {
  const rand = rng(62);
  let found = 0;
  let none = 0;
  for (let k = 0; k < 400; k++) {
    const w = 2 + Math.floor(rand() * 5);
    const h = 2 + Math.floor(rand() * 5);
    const grid = makeGrid(w, h, randomCells(w, h, 0.3 + 0.4 * rand(), rand));
    const puzzle = puzzleOf(grid);
    const givens = [...grid.cells.keys()].filter((c) => grid.cells[c] && rand() < 0.2);
    const all = bruteSolutions(puzzle, 1e6, givens);
    // A switch: another solution that differs in exactly four cells, two rows by two columns.
    const isSwitch = (s: Uint8Array) => {
      const diff = [...s.keys()].filter((c) => s[c] !== grid.cells[c]);
      if (diff.length !== 4) return false;
      const rows = new Set(diff.map((c) => Math.floor(c / w)));
      const cols = new Set(diff.map((c) => c % w));
      return rows.size === 2 && cols.size === 2;
    };
    const expected = all.some(isSwitch);
    const got = switchNeighbour(puzzle, grid, givens);
    expect(Boolean(got), `board ${k}`).toBe(expected);
    if (got) {
      expect(checkGrid(puzzle, got, givens)).toBeNull();
      expect(isSwitch(got.cells)).toBe(true);
      found++;
    } else none++;
  }
  expect(found).toBeGreaterThan(40);
  expect(none).toBeGreaterThan(40);
});
