import type { Clue, Grid, Puzzle } from './Puzzle.js';

/**
 * The runs of a line: lengths of maximal black stretches in reading order. This is how a
 * picture becomes its clues (the encoder side of the cipher).
 */
export function runsOf(line: ArrayLike<number>): number[] {
  const runs: number[] = [];
  let run = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i]) run++;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  if (run > 0) runs.push(run);
  return runs;
}

export function rowOf(grid: Grid, y: number): Uint8Array {
  return grid.cells.subarray(y * grid.width, (y + 1) * grid.width);
}

export function colOf(grid: Grid, x: number): Uint8Array {
  const col = new Uint8Array(grid.height);
  for (let y = 0; y < grid.height; y++) col[y] = grid.cells[y * grid.width + x]!;
  return col;
}

/** The puzzle whose clues describe this picture. */
export function puzzleOf(grid: Grid): Puzzle {
  const rows: Clue[] = [];
  const cols: Clue[] = [];
  for (let y = 0; y < grid.height; y++) rows.push(runsOf(rowOf(grid, y)));
  for (let x = 0; x < grid.width; x++) cols.push(runsOf(colOf(grid, x)));
  return { width: grid.width, height: grid.height, rows, cols };
}
