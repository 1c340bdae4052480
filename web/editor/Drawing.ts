// The Draw tab's picture as a value: W x H cells, row-major, 1 black and 0 white, and the edits
// the tab offers (resize keeping the picture, shift by one cell, invert, clear), each returning
// a new picture. Also the picture's link: the page's `#draw=ROWS` fragment, ROWS being the
// rows of `#` and `.` separated by `/`, URL-encoded. No DOM here.
import { counted } from '../../src/formats/counted.js';
import { gridRows } from '../../src/grid/Puzzle.js';

/** The largest side the editor offers (cells), as the issue asks: 1..100 each way. */
export const MAX_DRAW_SIDE = 100;

export interface Drawing {
  readonly width: number;
  readonly height: number;
  /** Row-major, 1 black, 0 white; never changed once the drawing is made (copies are edited). */
  readonly cells: Uint8Array;
}

export function blankDrawing(width: number, height: number): Drawing {
  checkSides(width, height);
  return { width, height, cells: new Uint8Array(width * height) };
}

function checkSides(width: number, height: number): void {
  for (const [what, v] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(v) || v < 1 || v > MAX_DRAW_SIDE) throw new RangeError(`the ${what} is ${v}: a side is a whole number from 1 to ${MAX_DRAW_SIDE}`);
  }
}

/** The rows as text, `#` black and `.` white (a drawing is a grid: the library's writer). */
export const drawingRows = (d: Drawing): string[] => gridRows(d);

/** A drawing from rows of `#` and `.` (an Error naming the row when they are not that). */
export function drawingFromRows(rows: readonly string[]): Drawing {
  const height = rows.length;
  const width = rows[0]?.length ?? 0;
  if (height < 1 || width < 1) throw new RangeError('a picture needs at least one row of # and .');
  checkSides(width, height);
  const cells = new Uint8Array(width * height);
  rows.forEach((row, y) => {
    if (row.length !== width) throw new RangeError(`row ${y + 1} has ${counted(row.length, 'cell')}, row 1 has ${width}`);
    for (let x = 0; x < width; x++) {
      const c = row[x];
      if (c !== '#' && c !== '.') throw new RangeError(`row ${y + 1}, cell ${x + 1}: expected # or ., found ${JSON.stringify(c)}`);
      cells[y * width + x] = c === '#' ? 1 : 0;
    }
  });
  return { width, height, cells };
}

/** The picture on a board of another size, anchored at the top left: what fits is kept. */
export function resized(d: Drawing, width: number, height: number): Drawing {
  const out = blankDrawing(width, height);
  for (let y = 0; y < Math.min(height, d.height); y++) {
    for (let x = 0; x < Math.min(width, d.width); x++) out.cells[y * width + x] = d.cells[y * d.width + x]!;
  }
  return out;
}

/** The picture moved by (dx, dy) cells; what leaves the board is lost, what comes in is white. */
export function shifted(d: Drawing, dx: number, dy: number): Drawing {
  const out = blankDrawing(d.width, d.height);
  for (let y = 0; y < d.height; y++) {
    for (let x = 0; x < d.width; x++) {
      const sx = x - dx;
      const sy = y - dy;
      if (sx >= 0 && sx < d.width && sy >= 0 && sy < d.height) out.cells[y * d.width + x] = d.cells[sy * d.width + sx]!;
    }
  }
  return out;
}

export function inverted(d: Drawing): Drawing {
  return { width: d.width, height: d.height, cells: d.cells.map((v) => 1 - v) };
}

export function sameDrawing(a: Drawing, b: Drawing): boolean {
  return a.width === b.width && a.height === b.height && a.cells.every((v, i) => v === b.cells[i]);
}

/** The fragment that holds the picture (without the leading `#`): `draw=` and the encoded rows. */
export function drawLink(d: Drawing): string {
  return `draw=${drawingRows(d).join('/').replaceAll('#', '%23')}`;
}

/**
 * The picture a fragment holds (`draw=ROWS`, with or without the leading `#`), or undefined for
 * another fragment. ROWS may be encoded in full (`%23`, `%2F`) or in part.
 */
export function drawingFromLink(fragment: string): Drawing | undefined {
  const m = /^#?draw=(.*)$/s.exec(fragment);
  if (!m) return undefined;
  let rows: string;
  try {
    rows = decodeURIComponent(m[1]!);
  } catch {
    throw new RangeError('not valid URL encoding');
  }
  return drawingFromRows(rows.split('/'));
}
