/**
 * Clue, puzzle and grid: the vocabulary every layer above speaks.
 *
 * A clue is the list of black-run lengths of one line in reading order (rows left to right,
 * columns top to bottom); an all-white line has the empty clue `[]`. A puzzle is a W x H board
 * given only by its clues. A grid is one black/white picture of that board, stored row-major
 * (`cells[y * width + x]`, 1 = black, 0 = white). Cells are named by that row-major index
 * everywhere, so sorting indices ascending is the SPEC's row-major order.
 */
export type Clue = readonly number[];

export interface Puzzle {
  readonly width: number;
  readonly height: number;
  /** Row clues, top to bottom. */
  readonly rows: readonly Clue[];
  /** Column clues, left to right. */
  readonly cols: readonly Clue[];
}

export interface Grid {
  readonly width: number;
  readonly height: number;
  /** Row-major, 1 = black, 0 = white. */
  readonly cells: Uint8Array;
}

export function makeGrid(width: number, height: number, cells?: ArrayLike<number>): Grid {
  const out = new Uint8Array(width * height);
  if (cells) for (let i = 0; i < out.length; i++) out[i] = cells[i] ? 1 : 0;
  return { width, height, cells: out };
}

/** The grid as text rows, `#` black and `.` white. */
export function gridRows(grid: Grid): string[] {
  const rows: string[] = [];
  for (let y = 0; y < grid.height; y++) {
    let s = '';
    for (let x = 0; x < grid.width; x++) s += grid.cells[y * grid.width + x] ? '#' : '.';
    rows.push(s);
  }
  return rows;
}

export function gridsEqual(a: Grid, b: Grid): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}
