import { ParseError } from '../errors.js';
import { gridRows, makeGrid, type Grid } from '../grid/Puzzle.js';
import { splitLines } from './textLines.js';

/**
 * A picture as text: one line per row, `#` (or `1`, `X`) black and `.` (or `0`) white, all
 * rows the same length; blank lines at the ends and `#`-free comment lines starting with `;`
 * are ignored. This is what `annotate` accepts when a puzzle file has no goal.
 */
const BLACK = new Set(['#', '1', 'X', 'x']);
const WHITE = new Set(['.', '0', '-']);

export function isPictureText(text: string): boolean {
  const rows = splitLines(text).filter((l) => l.trim() !== '' && !l.startsWith(';'));
  return rows.length > 0 && rows.every((r) => /^[#.01Xx-]+$/.test(r.trim()) && r.trim().length === rows[0]!.trim().length);
}

export function parsePicture(text: string, source?: string): Grid {
  const lines = splitLines(text);
  const rows: { text: string; line: number }[] = [];
  lines.forEach((l, i) => {
    if (l.trim() !== '' && !l.startsWith(';')) rows.push({ text: l.trimEnd(), line: i + 1 });
  });
  if (rows.length === 0) throw new ParseError('expected a picture: rows of # and .', 1, 1, source);
  const width = rows[0]!.text.length;
  const cells: number[] = [];
  for (const r of rows) {
    if (r.text.length !== width) {
      throw new ParseError(`row has ${r.text.length} cells, expected ${width} like the first row`, r.line, Math.min(r.text.length, width) + 1, source);
    }
    for (let x = 0; x < width; x++) {
      const ch = r.text[x]!;
      if (BLACK.has(ch)) cells.push(1);
      else if (WHITE.has(ch)) cells.push(0);
      else throw new ParseError(`unexpected "${ch}" in a picture; expected # or . (1 or 0)`, r.line, x + 1, source);
    }
  }
  if (width > 1000 || rows.length > 1000) throw new ParseError('picture larger than 1000 x 1000', 1, 1, source);
  return makeGrid(width, rows.length, cells);
}

export function formatPicture(grid: Grid): string {
  return gridRows(grid).join('\n') + '\n';
}
