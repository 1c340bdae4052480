import type { Clue } from '../grid/Puzzle.js';
import { checkSheet, type RenderSheet } from './RenderSheet.js';
import { sheetCaption } from './sheetCaption.js';
import { wrapWords } from './wrapWords.js';

/**
 * The geometry of a printed sheet, in SVG user units (= CSS pixels at scale 1): where each
 * picture's grid is, where every clue number goes, the title and caption lines, and the size
 * of the whole. The SVG renderer draws exactly this, the PNG renderer rasterises that SVG, and
 * tests sample pixels at `cellCentre`, so there is one geometry and it is computed here only.
 *
 * The arrangement is a paper puzzle's: row clues to the left of the grid, right-aligned (the
 * last run next to the grid), one slot per run; column clues above, stacked and bottom-aligned.
 * An empty clue shows `0`. Run lengths are written as decimals (`12`), never as cipher symbols.
 * For a sheet with a second picture, the second grid stands to the right of the first, with
 * its own column clues above it (the rows line up, so the row clues on the left serve both).
 *
 * Sizes follow the cell size: by default 28 units for small boards, shrinking so that the grid
 * stays near 1200 units across (12 at 100 x 100, never below 4). The clue font is a fraction of
 * the cell, smaller when column clues have many digits, so every number fits its column.
 * Every coordinate is rounded to 0.01, so output does not depend on floating-point noise.
 *
 * The grids set the width: the title and the caption are wrapped at spaces to the width of the
 * grids and their clues (or of TEXT_MIN_CHARS characters, for boards too small to hold a
 * phrase), so a long title over a small board takes lines, not the width of two boards. A title
 * takes at most TITLE_MAX_LINES lines, and a word longer than the width widens the sheet.
 */

/** A line of text: `x` is its anchor (see `anchor`), `y` its baseline. */
export interface TextLine {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly anchor: 'start' | 'middle';
}

/** The top-left corner of one picture's grid. */
export interface PanelOrigin {
  readonly x: number;
  readonly y: number;
}

export interface SheetLayout {
  readonly width: number;
  readonly height: number;
  /** Side of one cell. */
  readonly cell: number;
  readonly columns: number;
  readonly rows: number;
  /** One grid per picture: the first (or only) one, then `second`'s. */
  readonly panels: readonly PanelOrigin[];
  /** Size of the clue numbers. */
  readonly clueFont: number;
  /** Left edge of the row clues and top edge of the column clues (where guide lines start). */
  readonly clueLeft: number;
  readonly clueTop: number;
  /** Every clue number, centred on its slot (`anchor` is `middle`). */
  readonly clueLabels: readonly TextLine[];
  /** The title, set in bold: its lines, wrapped to the grids' width (none without a title). */
  readonly title: readonly TextLine[];
  /** Lines under the grids explaining the marks (see sheetCaption). */
  readonly caption: readonly TextLine[];
}

export interface LayoutOptions {
  /** Side of a cell in user units, an integer from 2 to 100; default from the board size. */
  readonly cellSize?: number;
}

/** The words the SVG (and so PNG and HTML) caption uses for its marks. */
export const SVG_MARKS = { differ: 'outlined in red', given: 'circled' } as const;

/** Average advance of a digit, of a character of prose and of bold prose, in em (DejaVu Sans and kin). */
const DIGIT_EM = 0.64;
const TEXT_EM = 0.55;
const BOLD_EM = 0.62;
/** Distance from a digit's vertical centre down to its baseline, in em. */
const BASELINE_EM = 0.36;
/**
 * The fewest characters a title or caption line is wrapped to, however small the board: 24
 * keeps "block 12: unique (line-solvable)" to two lines over a 1 x 1 board, where the grid's
 * width alone would allow one or two characters a line.
 */
const TEXT_MIN_CHARS = 24;
/**
 * The most lines a short title takes: wrapped to the grids' width it may take more over a narrow
 * board ("block 1: unique (not line-solvable: probing at depth 1 settles it)" took three over
 * a 6 x 6 board, a word or two each); then its lines are made just wide enough for two, and
 * the sheet widens with them, up to TITLE_WIDEN_CHARS characters a line.
 */
const TITLE_MAX_LINES = 2;
/**
 * The widest (in characters, 24 to about 60) a title's lines grow to fit in TITLE_MAX_LINES: the
 * titles `render` and the page write (a block's verdict, at most 66 characters) fit in two
 * lines of 40. A longer title of words keeps the grids' width and takes the lines it needs, so a
 * sentence never makes the picture wider (issue 40, item 16).
 */
const TITLE_WIDEN_CHARS = 40;
/** Baseline to baseline, in em, between the lines of a wrapped title. */
const TITLE_LEADING_EM = 1.25;

const round2 = (v: number): number => Math.round(v * 100) / 100 + 0;

/** The default cell side for a board whose longer side is `side`. */
export function defaultCellSize(side: number): number {
  return Math.max(4, Math.min(28, Math.floor(1200 / side)));
}

const clueTexts = (clue: Clue): string[] => (clue.length === 0 ? ['0'] : clue.map(String));

export function sheetLayout(sheet: RenderSheet, options: LayoutOptions = {}): SheetLayout {
  checkSheet(sheet);
  const { puzzle } = sheet;
  const W = puzzle.width;
  const H = puzzle.height;
  const cell = options.cellSize ?? defaultCellSize(Math.max(W, H));
  if (!Number.isInteger(cell) || cell < 2 || cell > 100) throw new RangeError(`cell size ${cell}; expected an integer from 2 to 100`);

  const rowTexts = puzzle.rows.map(clueTexts);
  const colTexts = puzzle.cols.map(clueTexts);
  // Loops, not Math.max(...spread): a 1000-line board has too many numbers for arguments.
  const digits = (lines: string[][]) => lines.reduce((m, l) => l.reduce((n, t) => Math.max(n, t.length), m), 1);
  const runs = (lines: string[][]) => lines.reduce((m, l) => Math.max(m, l.length), 1);

  // The font fits the widest column clue number into 90% of a cell.
  const clueFont = round2(Math.min(0.62 * cell, (0.9 * cell) / (DIGIT_EM * digits(colTexts))));
  const rowSlot = Math.max(Math.round(0.8 * cell), Math.ceil((digits(rowTexts) * DIGIT_EM + 0.45) * clueFont));
  const colSlot = Math.max(Math.round(0.8 * cell), Math.ceil(1.25 * clueFont));
  const margin = Math.max(4, Math.round(0.5 * cell));
  const gap = Math.max(2, Math.round(0.2 * cell));
  const panelGap = Math.max(16, Math.round(1.5 * cell));

  const rowClueWidth = runs(rowTexts) * rowSlot;
  const colClueHeight = runs(colTexts) * colSlot;
  const gridW = W * cell;
  const gridH = H * cell;
  // The width the grids and their clues take, which the title and caption are wrapped to.
  const textWidth = rowClueWidth + gap + gridW + (sheet.second ? panelGap + gridW : 0);
  const lineChars = (em: number, size: number) => Math.max(TEXT_MIN_CHARS, Math.floor(textWidth / (em * size)));

  const titleFont = round2(Math.min(24, Math.max(12, 0.75 * cell)));
  // A short title takes at most two lines, at the narrowest width up to TITLE_WIDEN_CHARS that
  // holds it in two (wrapping greedily, a wider line never takes more lines); a longer one keeps the width.
  const baseChars = lineChars(BOLD_EM, titleFont);
  let titleLines = sheet.title ? wrapWords(sheet.title, baseChars) : [];
  for (let chars = baseChars + 1; titleLines.length > TITLE_MAX_LINES && chars <= TITLE_WIDEN_CHARS; chars++) {
    const lines = wrapWords(sheet.title!, chars);
    if (lines.length <= TITLE_MAX_LINES) titleLines = lines;
  }
  const titleHeight = titleLines.length > 0 ? Math.ceil((1.6 + (titleLines.length - 1) * TITLE_LEADING_EM) * titleFont) : 0;

  const x0 = margin + rowClueWidth + gap;
  const y0 = margin + titleHeight + colClueHeight + gap;
  const panels: PanelOrigin[] = [{ x: x0, y: y0 }];
  if (sheet.second) panels.push({ x: x0 + gridW + panelGap, y: y0 });

  const clueLabels: TextLine[] = [];
  const label = (text: string, x: number, yCentre: number) =>
    clueLabels.push({ text, x: round2(x), y: round2(yCentre + BASELINE_EM * clueFont), size: clueFont, anchor: 'middle' });
  rowTexts.forEach((texts, y) => {
    texts.forEach((t, j) => label(t, x0 - gap - (texts.length - j - 0.5) * rowSlot, y0 + (y + 0.5) * cell));
  });
  for (const p of panels) {
    colTexts.forEach((texts, x) => {
      texts.forEach((t, j) => label(t, p.x + (x + 0.5) * cell, y0 - gap - (texts.length - j - 0.5) * colSlot));
    });
  }

  const captionFont = round2(Math.min(16, Math.max(11, 0.55 * cell)));
  const captionLine = Math.ceil(1.5 * captionFont);
  const captionTop = y0 + gridH + Math.round(0.5 * cell);
  const caption = sheetCaption(sheet, SVG_MARKS)
    .flatMap((sentence) => wrapWords(sentence, lineChars(TEXT_EM, captionFont)))
    .map((text, i): TextLine => ({ text, x: margin, y: round2(captionTop + (i + 0.8) * captionLine), size: captionFont, anchor: 'start' }));
  const title = titleLines.map(
    (text, i): TextLine => ({ text, x: margin, y: round2(margin + (1.1 + i * TITLE_LEADING_EM) * titleFont), size: titleFont, anchor: 'start' }),
  );

  // Text width is estimated (no font metrics here), generously, so that a word longer than
  // the grids is not cut off.
  const textRight = (t: TextLine, em: number) => t.x + [...t.text].length * em * t.size;
  const right = panels[panels.length - 1]!.x + gridW;
  const width = Math.ceil(Math.max(right, ...caption.map((t) => textRight(t, TEXT_EM)), ...title.map((t) => textRight(t, BOLD_EM))) + margin);
  const bottom = caption.length > 0 ? captionTop + caption.length * captionLine : y0 + gridH;
  const height = Math.ceil(bottom + margin);

  const clueLeft = x0 - gap - rowClueWidth;
  const clueTop = y0 - gap - colClueHeight;
  return { width, height, cell, columns: W, rows: H, panels, clueFont, clueLeft, clueTop, clueLabels, title, caption };
}

/** Centre of cell `index` (row-major) in picture `panel` (0, or 1 for the second picture). */
export function cellCentre(layout: SheetLayout, panel: number, index: number): { x: number; y: number } {
  const p = layout.panels[panel];
  if (!p) throw new RangeError(`no picture ${panel} on this sheet`);
  const x = index % layout.columns;
  const y = Math.floor(index / layout.columns);
  return { x: round2(p.x + (x + 0.5) * layout.cell), y: round2(p.y + (y + 0.5) * layout.cell) };
}
