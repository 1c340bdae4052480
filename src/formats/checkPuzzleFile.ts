import { checkGrid } from '../grid/checkGrid.js';
import type { Clue } from '../grid/Puzzle.js';
import { InputError } from '../errors.js';
import type { PuzzleFile } from './PuzzleFile.js';

/**
 * What every puzzle file must satisfy, whatever its format: sides from 1 to MAX_SIDE, one clue
 * per line, positive whole run lengths, every clue fitting its line (runs plus one-cell gaps),
 * given cells on the board, and a goal picture (if any) of the board's size that matches the
 * clues and the givens. Readers call it last; writers call it first, so no format ever writes
 * a file that cannot be read back.
 */
export const MAX_SIDE = 1000;

/** Cells a clue needs at least: its runs plus one white cell between neighbours. */
export function clueLength(clue: Clue): number {
  let n = clue.length > 0 ? clue.length - 1 : 0;
  for (const r of clue) n += r;
  return n;
}

/** `1,3,2`, or `0` for the empty clue: how messages show a clue. */
export function clueText(clue: Clue): string {
  return clue.length > 0 ? clue.join(',') : '0';
}

/**
 * Throws E_CLUE when a run is not a positive whole number or the clue cannot fit its line.
 * `line` is `row 3` or `column 2` (1-based); `place` prefixes the message (`file:12:1`).
 */
export function checkClue(clue: Clue, length: number, line: string, place?: string): void {
  const at = place ? `${place}: ` : '';
  for (const r of clue) {
    if (!Number.isInteger(r) || r < 1) {
      throw new InputError('E_CLUE', `${at}${line} has run length ${r}; expected a whole number of at least 1`);
    }
  }
  const need = clueLength(clue);
  if (need > length) {
    const side = line.startsWith('row') ? `rows are ${length} cells wide` : `columns are ${length} cells tall`;
    throw new InputError('E_CLUE', `${at}${line} clue ${clueText(clue)} needs ${need} cells but ${side}`);
  }
}

/** Throws E_SIZE unless `n` is a whole number from 1 to MAX_SIDE. */
export function checkSide(n: number, what: 'width' | 'height', place?: string): void {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SIDE) {
    throw new InputError('E_SIZE', `${place ? place + ': ' : ''}${what} ${n} is out of range; expected 1 to ${MAX_SIDE}`);
  }
}

/** Givens in the stored form: ascending, no repeats, `undefined` for none. */
export function sortedGivens(cells: Iterable<number>): number[] | undefined {
  const out = [...new Set(cells)].sort((a, b) => a - b);
  return out.length > 0 ? out : undefined;
}

export function checkPuzzleFile(file: PuzzleFile, source?: string): void {
  const at = source ? `${source}: ` : '';
  const { width, height, rows, cols } = file.puzzle;
  checkSide(width, 'width', source);
  checkSide(height, 'height', source);
  if (rows.length !== height) {
    throw new InputError('E_CLUE', `${at}${rows.length} row clues for a board ${height} rows tall`);
  }
  if (cols.length !== width) {
    throw new InputError('E_CLUE', `${at}${cols.length} column clues for a board ${width} columns wide`);
  }
  rows.forEach((clue, y) => checkClue(clue, width, `row ${y + 1}`, source));
  cols.forEach((clue, x) => checkClue(clue, height, `column ${x + 1}`, source));
  const givens = file.givens ?? [];
  givens.forEach((c, i) => {
    if (!Number.isInteger(c) || c < 0 || c >= width * height) {
      throw new InputError('E_GIVEN', `${at}given cell ${c} is off the ${width}x${height} board`);
    }
    if (i > 0 && c <= givens[i - 1]!) {
      throw new InputError('E_GIVEN', `${at}givens must be ascending without repeats (cell ${c} after ${givens[i - 1]})`);
    }
  });
  if (file.goal) {
    const goal = file.goal;
    if (goal.width !== width || goal.height !== height || goal.cells.length !== width * height) {
      throw new InputError(
        'E_GOAL',
        `${at}goal picture is ${goal.width}x${goal.height} but the board is ${width}x${height}`,
      );
    }
    const why = checkGrid(file.puzzle, goal, givens);
    if (why) throw new InputError('E_GOAL', `${at}goal picture does not fit the puzzle: ${why}`);
  }
}
