import { checkGrid } from '../grid/checkGrid.js';
import type { Clue } from '../grid/Puzzle.js';
import { InputError } from '../errors.js';
import type { PuzzleFile } from './PuzzleFile.js';
import { shown } from './quote.js';
import { counted } from './counted.js';

/**
 * What every puzzle file must satisfy, whatever its format: sides from 1 to MAX_SIDE, one clue
 * per line, positive whole run lengths, every clue fitting its line (runs plus one-cell gaps),
 * given cells on the board, and a goal picture (if any) of the board's size that matches the
 * clues and the givens. Readers call it last; writers call it first, so no format ever writes
 * a file that cannot be read back.
 *
 * The checks below are also the one place each of these errors is thrown from: readers call
 * `checkSide`, `checkClue`, `checkRunLength` and `checkGivenCell` as they read, with the place
 * (`file:12:7`) and the value as written, so a message names what the file says (`width
 * "99999999999999999999"`), never a reformatted number.
 */
export const MAX_SIDE = 1000;

/**
 * The prefix of a message that names a place (`file:12:7`, `file`), or a function giving it:
 * readers that know only an offset compute line and column only when an error is thrown.
 */
export type Place = string | (() => string) | undefined;

function at(place: Place): string {
  const p = typeof place === 'function' ? place() : place;
  return p ? `${p}: ` : '';
}

/** Cells a clue needs at least: its runs plus one white cell between neighbours. */
export function clueLength(clue: Clue): number {
  let n = clue.length > 0 ? clue.length - 1 : 0;
  for (const r of clue) n += r;
  return n;
}

/** `1,3,2`, or `0` for the empty clue: how messages show a clue (cut when long). */
export function clueText(clue: Clue): string {
  return clue.length > 0 ? shown(clue.length > 20 ? clue.slice(0, 20).join(',') + ',' : clue.join(',')) : '0';
}

/**
 * Whether `value` can be a run length: a whole number of at least 1. A number too large for a
 * double (JSON's `1e400`, read as Infinity) counts as one: it is whole, and `checkClue` says it
 * cannot fit.
 */
export const isRunLength = (value: number): boolean => (Number.isInteger(value) || value === Infinity) && value >= 1;

/**
 * Throws E_CLUE unless `value` is a whole number of at least 1. `name` says which run
 * (`rows[2][0]`, `row 3 run 1`); `as` is how the value is shown (as written), else the value.
 * (A reader's hot loop tests `isRunLength` first, so that it builds the message only to throw.)
 */
export function checkRunLength(value: number, name: string, place?: Place, as?: string): void {
  if (!isRunLength(value)) {
    throw new InputError('E_CLUE', `${at(place)}${name} is ${as ?? String(value)}; expected a run length, a whole number of at least 1`);
  }
}

/**
 * Throws E_CLUE when a run is not a positive whole number or the clue cannot fit its line.
 * `line` is `row 3` or `column 2` (1-based); `place` prefixes the message (`file:12:1`). A
 * reader passes the clue as written (`as`, already quoted) and, when it kept only the first
 * runs of a clue far too long for any line, the cells the whole clue needs (`need`).
 */
export function checkClue(clue: Clue, length: number, line: string, place?: Place, as?: string, need = clueLength(clue)): void {
  clue.forEach((r, i) => isRunLength(r) || checkRunLength(r, `${line} run ${i + 1}`, place));
  if (need > length) {
    const side = line.startsWith('row') ? `rows are ${counted(length, 'cell')} wide` : `columns are ${counted(length, 'cell')} tall`;
    const cells = Number.isSafeInteger(need) ? `${need} cells` : 'more cells than any line has';
    throw new InputError('E_CLUE', `${at(place)}${line} clue ${as ?? clueText(clue)} needs ${cells} but ${side}`);
  }
}

/**
 * Throws E_SIZE unless `n` is a whole number from 1 to MAX_SIDE. `what` names the side
 * (`width`, `board side`, `height (the number of "rows")`); `as` is the value as written
 * (quoted by the caller), else `n` is shown.
 */
export function checkSide(n: number, what: string, place?: Place, as?: string): void {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SIDE) {
    throw new InputError('E_SIZE', `${at(place)}${what} ${as ?? String(n)} is out of range; expected a whole number from 1 to ${MAX_SIDE}`);
  }
}

/**
 * Throws E_GIVEN unless cell (x, y) is on the `width` x `height` board. `as` is the cell as
 * written (`"2,0"`, `"62"`, `[3, 0] (givens[0])`), else `(x, y)`.
 */
export function checkGivenCell(x: number, y: number, width: number, height: number, place?: Place, as?: string): void {
  if (!(Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < width && y < height)) {
    throw new InputError(
      'E_GIVEN',
      `${at(place)}given cell ${as ?? `(${x}, ${y})`} is off the ${width}x${height} board; expected x from 0 to ${width - 1} and y from 0 to ${height - 1}`,
    );
  }
}

/** Throws E_COLOR: `what` (`count colour "red" is not black`, `run "2a" has a colour`) names the colour as written. */
export function refuseColour(place: Place, what: string): never {
  throw new InputError('E_COLOR', `${at(place)}${what}; multi-colour puzzles are not supported, only black and white`);
}

/** Throws E_GIVENS when `file` has given cells and the format (`.nin`, `webpbn XML`) cannot hold them. */
export function refuseGivens(file: PuzzleFile, format: string): void {
  if (file.givens && file.givens.length > 0) {
    throw new InputError('E_GIVENS', `${format} has no place for given cells; write .non or .json to keep them`);
  }
}

/** Givens in the stored form: ascending, no repeats, `undefined` for none. */
export function sortedGivens(cells: Iterable<number>): number[] | undefined {
  const out = [...new Set(cells)].sort((a, b) => a - b);
  return out.length > 0 ? out : undefined;
}

export function checkPuzzleFile(file: PuzzleFile, source?: string): void {
  const place = source;
  const { width, height, rows, cols } = file.puzzle;
  checkSide(width, 'width', place);
  checkSide(height, 'height', place);
  if (rows.length !== height) {
    throw new InputError('E_CLUE', `${at(place)}${counted(rows.length, 'row clue')} for a board ${counted(height, 'row')} tall`);
  }
  if (cols.length !== width) {
    throw new InputError('E_CLUE', `${at(place)}${counted(cols.length, 'column clue')} for a board ${counted(width, 'column')} wide`);
  }
  rows.forEach((clue, y) => checkClue(clue, width, `row ${y + 1}`, place));
  cols.forEach((clue, x) => checkClue(clue, height, `column ${x + 1}`, place));
  const givens = file.givens ?? [];
  givens.forEach((c, i) => {
    if (!Number.isInteger(c)) checkGivenCell(NaN, NaN, width, height, place, `${c}`);
    checkGivenCell(c % width, Math.floor(c / width), width, height, place, c < 0 ? `${c}` : undefined);
    if (i > 0 && c <= givens[i - 1]!) {
      throw new InputError('E_GIVEN', `${at(place)}givens must be ascending without repeats (cell ${c} after ${givens[i - 1]})`);
    }
  });
  if (file.goal) {
    const goal = file.goal;
    if (goal.width !== width || goal.height !== height || goal.cells.length !== width * height) {
      throw new InputError('E_GOAL', `${at(place)}goal picture is ${goal.width}x${goal.height} but the board is ${width}x${height}`);
    }
    const why = checkGrid(file.puzzle, goal, givens);
    if (why) throw new InputError('E_GOAL', `${at(place)}goal picture does not fit the puzzle: ${why}`);
  }
}
