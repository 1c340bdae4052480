import type { Clue, Grid } from '../grid/Puzzle.js';
import { differingCells, givenSet, type RenderSheet, checkSheet } from './RenderSheet.js';
import { sheetCaption } from './sheetCaption.js';

/**
 * A sheet as terminal text, in one of two views.
 *
 * **Half blocks** (style `blocks` without clues): the compact preview. Each character is two
 * cells of one column, the upper one over the lower one: space, `▀`, `▄`, `█` (ink = black
 * cell or given cell), so a text line holds two rows and every line is exactly as wide as the
 * board. Two pictures stand side by side with a third one after them whose ink is the cells
 * where they differ (half blocks have no room for a mark inside one half).
 *
 * **Cells** (style `ascii`, or `blocks` with clues): one text line per row, each cell a small
 * field: `#` and `.` in ascii (without clues exactly the `.pic` picture text), `██` and `··` in
 * blocks (two characters, so cells are roughly square and two-digit column clues fit). Marks
 * replace a cell's character: `@` a given cell, `X` / `x` a cell where the two pictures differ
 * (black / white in this picture). With clues, row clues stand right-aligned to the left and
 * column clues stacked above each picture, bottom-aligned, one number per cell field.
 *
 * **Colour** is an option the caller turns on (the library never looks at the terminal or
 * `NO_COLOR`). Half blocks then draw every character as `▀` with the upper cell's colour in
 * front and the lower cell's behind, from a fixed palette that does not depend on the
 * terminal's theme: black, white, grey for unknown, blue for given, red for differing cells
 * (dark red black ones, light red white ones). In the cell view marks are coloured (given
 * blue, differing red) and the rest is left to the terminal.
 *
 * Lines are never trimmed (a half-block line of an empty row is spaces), lines end with a line
 * feed, and a title is printed first with terminal control characters replaced, so text from a
 * file cannot move the cursor or change colours.
 */

export interface TextOptions {
  /** `blocks` (default): Unicode block characters; `ascii`: `#` and `.` only. */
  readonly style?: 'blocks' | 'ascii';
  /** ANSI colours (default false). The caller decides: a terminal, and no NO_COLOR. */
  readonly color?: boolean;
  /** Row clues to the left and column clues above (default false). */
  readonly clues?: boolean;
}

/** What one cell shows in one picture. */
type CellState = 'black' | 'white' | 'unknown' | 'given' | 'differBlack' | 'differWhite';

const ESC = '\x1b[';
const RESET = `${ESC}0m`;
/** SGR foreground and background codes of the half-block palette. */
const PALETTE: Record<CellState, readonly [fg: number, bg: number]> = {
  black: [30, 40],
  white: [97, 107],
  unknown: [37, 47],
  given: [34, 44],
  differBlack: [31, 41],
  differWhite: [91, 101],
};
const HALF_BLOCKS = [' ', '▀', '▄', '█'] as const;
const PANEL_GAP = '  ';

/** Characters of the cell view; `blocks` doubles them (see cellWidth). */
const CELL_CHARS: Record<'ascii' | 'blocks', Record<CellState, string>> = {
  ascii: { black: '#', white: '.', unknown: '.', given: '@', differBlack: 'X', differWhite: 'x' },
  blocks: { black: '█', white: '·', unknown: '·', given: '@', differBlack: 'X', differWhite: 'x' },
};
const MARK_COLOUR: Partial<Record<CellState, number>> = { given: 34, differBlack: 31, differWhite: 31 };

/** C0 and C1 controls and DEL (ESC among them) cannot reach the terminal from a title. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
const terminalSafe = (text: string): string => text.replace(CONTROLS, '\uFFFD');

interface Picture {
  readonly states: readonly CellState[];
  /** Ink for the half-block view: black or given. */
  readonly ink: Uint8Array;
}

function picture(sheet: RenderSheet, grid: Grid | undefined, given: ReadonlySet<number>, differ: ReadonlySet<number>): Picture {
  const size = sheet.puzzle.width * sheet.puzzle.height;
  const states: CellState[] = [];
  const ink = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    const black = grid ? grid.cells[i] === 1 : given.has(i);
    ink[i] = black ? 1 : 0;
    if (differ.has(i)) states.push(black ? 'differBlack' : 'differWhite');
    else if (given.has(i)) states.push('given');
    else states.push(grid ? (black ? 'black' : 'white') : 'unknown');
  }
  return { states, ink };
}

/** The picture whose ink is the cells where the two pictures differ. */
function differencePicture(size: number, differ: ReadonlySet<number>): Picture {
  const states: CellState[] = [];
  const ink = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    ink[i] = differ.has(i) ? 1 : 0;
    states.push(differ.has(i) ? 'differBlack' : 'white');
  }
  return { states, ink };
}

function halfBlockLines(pic: Picture, width: number, height: number, color: boolean): string[] {
  const lines: string[] = [];
  for (let y = 0; y < height; y += 2) {
    let line = '';
    let sgr = '';
    for (let x = 0; x < width; x++) {
      const top = y * width + x;
      const bottom = y + 1 < height ? top + width : -1;
      if (!color) {
        line += HALF_BLOCKS[pic.ink[top]! + (bottom >= 0 ? 2 * pic.ink[bottom]! : 0)];
        continue;
      }
      // The lower half of an odd board's last line is the terminal's own background (49).
      const code = `${ESC}${PALETTE[pic.states[top]!][0]};${bottom >= 0 ? PALETTE[pic.states[bottom]!][1] : 49}m`;
      if (code !== sgr) line += code;
      sgr = code;
      line += '▀';
    }
    lines.push(color ? line + RESET : line);
  }
  return lines;
}

const clueTexts = (clue: Clue): string[] => (clue.length === 0 ? ['0'] : clue.map(String));

/** The cell view's field width and the separator between fields, per style. */
function cellGeometry(style: 'ascii' | 'blocks', clues: boolean, cols: readonly Clue[]): { width: number; sep: string } {
  const digits = clues ? cols.reduce((m, c) => clueTexts(c).reduce((n, t) => Math.max(n, t.length), m), 1) : 1;
  if (style === 'ascii') return { width: digits, sep: clues ? ' ' : '' };
  // Blocks are two characters wide for square cells; wider numbers get a blank in front.
  return { width: digits === 1 ? 2 : digits + 1, sep: '' };
}

function cellLines(pic: Picture, sheet: RenderSheet, style: 'ascii' | 'blocks', color: boolean, field: { width: number; sep: string }): string[] {
  const { width: W, height: H } = sheet.puzzle;
  const chars = CELL_CHARS[style];
  const lines: string[] = [];
  for (let y = 0; y < H; y++) {
    const cells: string[] = [];
    for (let x = 0; x < W; x++) {
      const state = pic.states[y * W + x]!;
      const text = chars[state].repeat(field.width);
      const colour = MARK_COLOUR[state];
      cells.push(color && colour !== undefined ? `${ESC}${colour}m${text}${RESET}` : text);
    }
    lines.push(cells.join(field.sep));
  }
  return lines;
}

/** Column clue lines above one picture, numbers right-aligned in each cell field, bottom-aligned. */
function columnClueLines(cols: readonly Clue[], field: { width: number; sep: string }): string[] {
  const texts = cols.map(clueTexts);
  const depth = texts.reduce((m, t) => Math.max(m, t.length), 1);
  const lines: string[] = [];
  for (let k = 0; k < depth; k++) {
    lines.push(texts.map((t) => (t[k - (depth - t.length)] ?? '').padStart(field.width)).join(field.sep));
  }
  return lines;
}

/** Side by side: line i of every block, each block padded to its width, joined by the gap. */
function besideEachOther(blocks: readonly (readonly string[])[], widths: readonly number[], gap: string): string[] {
  const height = blocks.reduce((m, b) => Math.max(m, b.length), 0);
  const lines: string[] = [];
  for (let i = 0; i < height; i++) {
    lines.push(blocks.map((b, k) => b[i] ?? ' '.repeat(widths[k]!)).join(gap));
  }
  return lines;
}

/** The text of a sheet, ending with a line feed. */
export function renderText(sheet: RenderSheet, options: TextOptions = {}): string {
  checkSheet(sheet);
  const style = options.style ?? 'blocks';
  const color = options.color ?? false;
  const clues = options.clues ?? false;
  const { width: W, height: H } = sheet.puzzle;
  const given = givenSet(sheet);
  const differ = new Set(differingCells(sheet));
  const pictures = [picture(sheet, sheet.grid, given, differ)];
  if (sheet.second) pictures.push(picture(sheet, sheet.second, given, differ));

  const out: string[] = [];
  if (sheet.title) out.push(terminalSafe(sheet.title));
  let marks: { differ: string; given: string };

  if (style === 'blocks' && !clues) {
    if (sheet.second) pictures.push(differencePicture(W * H, differ));
    const blocks = pictures.map((p) => halfBlockLines(p, W, H, color));
    out.push(...besideEachOther(blocks, blocks.map(() => W), PANEL_GAP));
    marks = {
      differ: color ? 'red, and the ink of the third picture' : 'the ink of the third picture',
      // Without a solution the givens are all the ink there is.
      given: color ? 'blue' : sheet.grid ? 'not marked in half-block pictures without colour' : 'the only ink (the rest is unsolved)',
    };
  } else {
    const field = cellGeometry(style, clues, sheet.puzzle.cols);
    const gridWidth = W * field.width + (W - 1) * field.sep.length;
    const gap = clues ? '   ' : PANEL_GAP;
    let header: string[] = [];
    let body = besideEachOther(
      pictures.map((p) => cellLines(p, sheet, style, color, field)),
      pictures.map(() => gridWidth),
      gap,
    );
    if (clues) {
      const rowTexts = sheet.puzzle.rows.map((c) => clueTexts(c).join(' '));
      const rowWidth = rowTexts.reduce((m, t) => Math.max(m, t.length), 1);
      const cols = columnClueLines(sheet.puzzle.cols, field);
      header = besideEachOther(pictures.map(() => cols), pictures.map(() => gridWidth), gap).map((l) => ' '.repeat(rowWidth + 1) + l);
      body = body.map((l, y) => `${rowTexts[y]!.padStart(rowWidth)} ${l}`);
    }
    out.push(...header, ...body);
    const chars = CELL_CHARS[style];
    marks = { differ: `${chars.differBlack} where black, ${chars.differWhite} where white`, given: `shown as ${chars.given}` };
  }
  out.push(...sheetCaption(sheet, marks));
  return out.join('\n') + '\n';
}
