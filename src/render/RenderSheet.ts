import type { Grid, Puzzle } from '../grid/Puzzle.js';
import { counted } from '../formats/counted.js';
import { cellsThatDiffer } from '../grid/cellsThatDiffer.js';

/**
 * The one input every renderer takes: a puzzle and what is known about it.
 *
 * - Only `puzzle`: an unsolved sheet, the clues and an empty board, as printed for a person to
 *   solve.
 * - `grid`: a picture to fill in (a `unique` verdict's solution, or the first picture of a
 *   `multiple` one).
 * - `second`: the other picture of a `multiple` verdict; renderers draw both side by side and
 *   mark the cells where they differ. It needs `grid`.
 * - `givens`: given cells (a cipher block's annotation), row-major indices; they are black by
 *   definition and are marked so that they stay visible whether the board is filled or not.
 * - `title`: a line of plain text above the sheet (escaped by every renderer); empty = none.
 *
 * A sheet is a value: renderers never change it, and the same sheet gives the same output.
 */
export interface RenderSheet {
  readonly puzzle: Puzzle;
  readonly grid?: Grid;
  readonly second?: Grid;
  readonly givens?: readonly number[];
  readonly title?: string;
}

/**
 * Throws a RangeError when the parts of a sheet do not belong to one board: a clue list whose
 * length is not the board's, a grid of another size, a given cell off the board, a `second`
 * without a `grid`. Whether a grid fits the clues is not checked: an unsolvable block or a
 * wrong guess renders as it is.
 */
export function checkSheet(sheet: RenderSheet): void {
  const { puzzle, grid, second, givens } = sheet;
  const { width, height } = puzzle;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`board size ${width} x ${height}; sides are positive integers`);
  }
  if (puzzle.rows.length !== height) throw new RangeError(`${counted(puzzle.rows.length, 'row clue')} for a board of ${counted(height, 'row')}`);
  if (puzzle.cols.length !== width) throw new RangeError(`${counted(puzzle.cols.length, 'column clue')} for a board of ${counted(width, 'column')}`);
  for (const [what, clues] of [['row', puzzle.rows], ['column', puzzle.cols]] as const) {
    clues.forEach((clue, i) => {
      for (const run of clue) {
        if (!Number.isInteger(run) || run < 1) throw new RangeError(`${what} ${i + 1} has the run ${run}; runs are positive integers`);
      }
    });
  }
  const sized = (g: Grid, what: string) => {
    if (g.width !== width || g.height !== height || g.cells.length !== width * height) {
      throw new RangeError(`${what} is ${g.width} x ${g.height}, the puzzle ${width} x ${height}`);
    }
  };
  if (grid) sized(grid, 'grid');
  if (second) {
    if (!grid) throw new RangeError('a second picture needs the first one (grid)');
    sized(second, 'second grid');
  }
  for (const c of givens ?? []) {
    if (!Number.isInteger(c) || c < 0 || c >= width * height) {
      throw new RangeError(`given cell ${c} is off the ${width} x ${height} board (cells are row-major indices 0..${width * height - 1})`);
    }
  }
}

/** Row-major indices of the cells where a sheet's two pictures differ (none without `second`). */
export function differingCells(sheet: RenderSheet): number[] {
  const { grid, second } = sheet;
  return grid && second ? cellsThatDiffer(grid, second) : [];
}

/** The given cells as a lookup, duplicates folded. */
export function givenSet(sheet: RenderSheet): ReadonlySet<number> {
  return new Set(sheet.givens ?? []);
}
