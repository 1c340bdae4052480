import type { Grid, Puzzle } from './Puzzle.js';

/**
 * The independent clue checker. Every grid a solver returns is re-checked here before it is
 * believed. It deliberately shares nothing with the line solver or the CNF encoding: it walks
 * each line, counts black runs and compares them with the clue, and checks the given cells.
 * Returns null when the grid fits, otherwise a sentence naming the first line that does not.
 */
export function checkGrid(puzzle: Puzzle, grid: Grid, blackGivens: readonly number[] = []): string | null {
  if (grid.width !== puzzle.width || grid.height !== puzzle.height) return 'grid size differs from the puzzle';
  const w = puzzle.width;
  const h = puzzle.height;
  const lineRuns = (start: number, step: number, count: number): number[] => {
    const runs: number[] = [];
    let run = 0;
    for (let k = 0, i = start; k < count; k++, i += step) {
      if (grid.cells[i] === 1) run++;
      else {
        if (grid.cells[i] !== 0) return [-1];
        if (run) runs.push(run);
        run = 0;
      }
    }
    if (run) runs.push(run);
    return runs;
  };
  const same = (a: readonly number[], b: readonly number[]) =>
    a.length === b.length && a.every((v, i) => v === b[i]);
  for (let y = 0; y < h; y++) {
    if (!same(lineRuns(y * w, 1, w), puzzle.rows[y] ?? [])) return `row ${y + 1} does not match its clue`;
  }
  for (let x = 0; x < w; x++) {
    if (!same(lineRuns(x, w, h), puzzle.cols[x] ?? [])) return `column ${x + 1} does not match its clue`;
  }
  for (const c of blackGivens) {
    if (grid.cells[c] !== 1) return `given cell (${c % w}, ${Math.floor(c / w)}) is not black`;
  }
  return null;
}
