import { ParseError } from '../errors.js';
import { gridRows, makeGrid, type Grid } from '../grid/Puzzle.js';
import { checkSide, MAX_SIDE } from './checkPuzzleFile.js';
import { charAt, sourceName } from './quote.js';
import { eachLine, isBlankText, placeName } from './textLines.js';
import { counted } from './counted.js';

/**
 * A picture as text: one line per row, `#` (or `1`, `X`) black and `.` (or `0`, `-`) white,
 * all rows the same length; blank lines and comment lines starting with `;` are ignored, and
 * so is whitespace at the end of a row (not at its start). This is what `annotate` accepts
 * when a puzzle file has no goal. Rows are read one at a time and cells kept only while the
 * picture fits the largest board, so a huge picture fails with its size in bounded memory.
 */
const BLACK = new Set(['#', '1', 'X', 'x']);
const WHITE = new Set(['.', '0', '-']);

const isComment = (line: string): boolean => isBlankText(line) || line.startsWith(';');

/** Whether `text` reads as a picture: every row made of picture characters, all of one length. */
export function isPictureText(text: string): boolean {
  let width = -1;
  for (const { text: line } of eachLine(text)) {
    if (isComment(line)) continue;
    const row = line.trimEnd();
    if (!/^[#.01Xx-]+$/.test(row)) return false;
    if (width < 0) width = row.length;
    else if (row.length !== width) return false;
  }
  return width > 0;
}

export function parsePicture(text: string, name?: string): Grid {
  const source = sourceName(name);
  let width = -1;
  let height = 0;
  let firstHugeRow = 0;
  const cells: number[] = [];
  for (const { line, text: raw } of eachLine(text)) {
    if (isComment(raw)) continue;
    const row = raw.trimEnd();
    if (width >= 0 && row.length !== width) {
      throw new ParseError(`row has ${counted(row.length, 'cell')}, expected ${width} like the first row`, line, Math.min(row.length, width) + 1, source);
    }
    for (let x = 0; x < row.length; x++) {
      const ch = row[x]!;
      if (!BLACK.has(ch) && !WHITE.has(ch)) {
        throw new ParseError(`expected # or . in a picture (or 1, x, X for black; 0, - for white), found ${charAt(row, x)}`, line, x + 1, source);
      }
    }
    if (width < 0) {
      width = row.length;
      checkSide(width, 'width', placeName(line, 1, source), `${width} (the cells in the first row)`);
    }
    height++;
    if (height === MAX_SIDE + 1) firstHugeRow = line;
    if (height > MAX_SIDE) continue; // counted, not kept: the height check below fails
    for (let x = 0; x < width; x++) cells.push(BLACK.has(row[x]!) ? 1 : 0);
  }
  if (height === 0) throw new ParseError('expected a picture: rows of # and ., found no rows', 1, 1, source);
  checkSide(height, 'height', placeName(firstHugeRow || 1, 1, source), `${height} (the rows of the picture)`);
  return makeGrid(width, height, cells);
}

export function formatPicture(grid: Grid): string {
  return gridRows(grid).join('\n') + '\n';
}
