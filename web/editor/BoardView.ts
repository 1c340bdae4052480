// How the Draw tab shows a picture: four canvases, the cells (#ed-grid, whose box is exactly the
// W x H cells, so a point in it maps uniformly onto a cell), the lines and marks over them
// (#ed-marks, which lets the pointer through), the row clues on its left and the column clues
// above it; cells and clues are painted again only where they changed. Marks over the cells: where two solutions differ (red), the given cells
// of an annotation (blue dots), a make proposal's cells (green: a filled square on a cell that
// will turn black, a hollow one on a cell that will turn white), protected cells (a purple
// corner), and the keyboard's cursor when the grid has the focus.
import { puzzleOf } from '../../src/grid/runsOf.js';
import type { Drawing } from './Drawing.js';

export interface BoardMarks {
  readonly differ: ReadonlySet<number>;
  readonly givens: ReadonlySet<number>;
  /** A make proposal's cells: those it turns black and those it turns white. */
  readonly toBlack: ReadonlySet<number>;
  readonly toWhite: ReadonlySet<number>;
  /** Cells the make search may not change (1 protected), row-major. */
  readonly protect: Uint8Array;
  /** The keyboard cursor's cell, drawn when `focused`. */
  readonly cursor: number;
  readonly focused: boolean;
}

/** The widest the grid is drawn (CSS pixels) before cells shrink, and their size bounds (pixels). */
const BOARD_PX = 600;
const MAX_CELL_PX = 28;
const MIN_CELL_PX = 5;

const INK = '#111';
const PAPER = '#fff';
const LINE = '#c8c8c8';
const GUIDE = '#777';
const DIFFER = '#e01b24';
const GIVEN = '#1a5fb4';
const CURSOR = '#e66100';
const PROPOSED = '#2ec27e';
const PROTECTED = '#9141ac';

export class BoardView {
  cell = MAX_CELL_PX;

  constructor(
    readonly grid: HTMLCanvasElement,
    private readonly marks: HTMLCanvasElement,
    private readonly rowClues: HTMLCanvasElement,
    private readonly colClues: HTMLCanvasElement,
  ) {}

  /** The cell under a point of the page (clamped to the board when `clamp`), or undefined outside it. */
  cellAt(d: Drawing, clientX: number, clientY: number, clamp: boolean): { x: number; y: number } | undefined {
    const box = this.grid.getBoundingClientRect();
    let x = Math.floor(((clientX - box.left) / box.width) * d.width);
    let y = Math.floor(((clientY - box.top) / box.height) * d.height);
    if (clamp) {
      x = Math.max(0, Math.min(d.width - 1, x));
      y = Math.max(0, Math.min(d.height - 1, y));
    }
    return x >= 0 && y >= 0 && x < d.width && y < d.height ? { x, y } : undefined;
  }

  /**
   * The clue areas hold the longest clue a line of the board can have (a line of n cells has
   * at most ceil(n / 2) runs), whatever is drawn: the grid never moves as clues grow or shrink,
   * so a cell stays where the eye and the pointer are while a person draws (issue 66: sized by
   * the clues drawn, the 10 x 10 grid moved a cell down or right with each longer clue).
   */
  static clueSlots(d: Drawing): { rows: number; cols: number } {
    return { rows: Math.ceil(d.width / 2), cols: Math.ceil(d.height / 2) };
  }

  draw(d: Drawing, marks: BoardMarks): void {
    const c = (this.cell = this.cellSize(d));
    const resized = this.resize(this.grid, d.width * c, d.height * c);
    this.resize(this.marks, d.width * c, d.height * c);
    // The cells: only those that changed since the last frame are painted again (a stroke
    // changes a few; painting all 10,000 of a 100 x 100 board every frame made drags stutter).
    const before = this.cells;
    const whole = resized || !before || before.length !== d.cells.length || this.cellPx !== c;
    const g = this.context(this.grid, whole);
    for (let i = 0; i < d.cells.length; i++) {
      if (!whole && before[i] === d.cells[i]) continue;
      g.fillStyle = d.cells[i] ? INK : PAPER;
      g.fillRect((i % d.width) * c, Math.floor(i / d.width) * c, c, c);
    }
    this.cells = d.cells.slice();
    this.cellPx = c;
    // The lines and marks, on the canvas over the cells: few shapes, drawn whole.
    const m = this.context(this.marks, true);
    this.lines(m, d, c);
    const inset = Math.max(1, c * 0.18);
    m.lineWidth = Math.max(1.5, c / 8);
    m.strokeStyle = DIFFER;
    for (const i of marks.differ) m.strokeRect((i % d.width) * c + inset, Math.floor(i / d.width) * c + inset, c - 2 * inset, c - 2 * inset);
    m.fillStyle = GIVEN;
    for (const i of marks.givens) {
      m.beginPath();
      m.arc((i % d.width) * c + c / 2, Math.floor(i / d.width) * c + c / 2, Math.max(1.5, c * 0.22), 0, 2 * Math.PI);
      m.fill();
    }
    const x0 = (i: number) => (i % d.width) * c;
    const y0 = (i: number) => Math.floor(i / d.width) * c;
    // Protected: a purple triangle in the cell's top left corner.
    m.fillStyle = PROTECTED;
    for (let i = 0; i < marks.protect.length; i++) {
      if (!marks.protect[i]) continue;
      m.beginPath();
      m.moveTo(x0(i), y0(i));
      m.lineTo(x0(i) + c * 0.5, y0(i));
      m.lineTo(x0(i), y0(i) + c * 0.5);
      m.closePath();
      m.fill();
    }
    // A proposal: filled green where a cell turns black, hollow (white inside) where it turns white.
    const pad = Math.max(1, c * 0.22);
    m.lineWidth = Math.max(1.5, c / 7);
    m.strokeStyle = PROPOSED;
    for (const i of marks.toBlack) {
      m.fillStyle = PROPOSED;
      m.fillRect(x0(i) + pad, y0(i) + pad, c - 2 * pad, c - 2 * pad);
    }
    for (const i of marks.toWhite) {
      m.fillStyle = PAPER;
      m.fillRect(x0(i) + pad, y0(i) + pad, c - 2 * pad, c - 2 * pad);
      m.strokeRect(x0(i) + pad, y0(i) + pad, c - 2 * pad, c - 2 * pad);
    }
    if (marks.focused) {
      m.strokeStyle = CURSOR;
      m.lineWidth = Math.max(2, c / 7);
      m.strokeRect((marks.cursor % d.width) * c + 1, Math.floor(marks.cursor / d.width) * c + 1, c - 2, c - 2);
    }
    this.clues(d, c);
  }

  /**
   * The cell size (CSS pixels): the grid at most BOARD_PX wide and tall, and the board, row
   * clues' room included, no wider than the tab (a phone's screen), within the size bounds.
   * It changes with the board's size or the window's, never with what is drawn.
   */
  private cellSize(d: Drawing): number {
    const tab = this.grid.closest('.tab');
    const room = tab?.clientWidth || Infinity; // 0 while the tab is hidden: drawn again when shown
    let c = Math.max(MIN_CELL_PX, Math.min(MAX_CELL_PX, Math.floor(BOARD_PX / Math.max(d.width, d.height))));
    while (c > MIN_CELL_PX && BoardView.clueSlots(d).rows * clueType(c).slot + 4 + d.width * c > room) c--;
    return c;
  }

  /** The cells as painted on #ed-grid, and the cell size they were painted at. */
  private cells: Uint8Array | undefined;
  private cellPx = 0;

  private lines(g: CanvasRenderingContext2D, d: Drawing, c: number): void {
    // Thin lines between cells, darker every fifth, as printed puzzles have them.
    for (const guide of [false, true]) {
      g.beginPath();
      for (let x = 0; x <= d.width; x++) if ((x % 5 === 0 || x === d.width) === guide) (g.moveTo(x * c, 0), g.lineTo(x * c, d.height * c));
      for (let y = 0; y <= d.height; y++) if ((y % 5 === 0 || y === d.height) === guide) (g.moveTo(0, y * c), g.lineTo(d.width * c, y * c));
      g.strokeStyle = guide ? GUIDE : LINE;
      g.lineWidth = guide ? 1.5 : 1;
      g.stroke();
    }
  }

  private clues(d: Drawing, c: number): void {
    const puzzle = puzzleOf(d);
    const { font, slot } = clueType(c);
    const size = `${d.width}x${d.height}`;
    const { rows: longestRow, cols: longestCol } = BoardView.clueSlots(d);
    const key = (clue: readonly number[]) => clue.join(' ');
    const rowKeys = puzzle.rows.map(key);
    const colKeys = puzzle.cols.map(key);
    // Only the lines whose clue changed are drawn again (text is the slow part of a canvas: a
    // 100 x 100 board has thousands of numbers), unless a canvas was resized (and so cleared).
    const rowsResized = this.resize(this.rowClues, longestRow * slot + 4, d.height * c);
    const colsResized = this.resize(this.colClues, d.width * c, longestCol * slot + 4);
    const full = rowsResized || colsResized || this.drawn.slot !== slot || this.drawn.sizedFor !== size;
    const rows = this.context(this.rowClues, full);
    const cols = this.context(this.colClues, full);
    for (const g of [rows, cols]) {
      g.fillStyle = INK;
      g.font = `${font}px system-ui, "DejaVu Sans", sans-serif`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
    }
    puzzle.rows.forEach((clue, y) => {
      if (!full && this.drawn.rows[y] === rowKeys[y]) return;
      rows.clearRect(0, y * c, longestRow * slot + 4, c);
      const runs = clue.length ? clue : [0];
      runs.forEach((run, k) => rows.fillText(String(run), (longestRow - runs.length + k) * slot + slot / 2, y * c + c / 2));
    });
    puzzle.cols.forEach((clue, x) => {
      if (!full && this.drawn.cols[x] === colKeys[x]) return;
      cols.clearRect(x * c, 0, c, longestCol * slot + 4);
      const runs = clue.length ? clue : [0];
      runs.forEach((run, k) => cols.fillText(String(run), x * c + c / 2, (longestCol - runs.length + k) * slot + slot / 2));
    });
    this.drawn = { sizedFor: size, slot, rows: rowKeys, cols: colKeys };
  }

  /** What the clue canvases show now (each line's clue), so that only changed lines are drawn again. */
  private drawn: { sizedFor: string; slot: number; rows: readonly string[]; cols: readonly string[] } = { sizedFor: '', slot: 0, rows: [], cols: [] };

  /** Size a canvas to `width` x `height` CSS pixels, sharp on high-density screens; whether it changed (and so was cleared). */
  private resize(canvas: HTMLCanvasElement, width: number, height: number): boolean {
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width === Math.round(width * dpr) && canvas.height === Math.round(height * dpr)) return false;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    return true;
  }

  /** The canvas's context in CSS pixels, cleared when `clear`. */
  private context(canvas: HTMLCanvasElement, clear: boolean): CanvasRenderingContext2D {
    const dpr = window.devicePixelRatio || 1;
    const g = canvas.getContext('2d')!;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (clear) g.clearRect(0, 0, canvas.width / dpr, canvas.height / dpr);
    return g;
  }
}

/** The clues' font size and the room of one number (CSS pixels) for cells of `c` pixels. */
function clueType(c: number): { font: number; slot: number } {
  const font = Math.max(6, Math.min(13, Math.round(c * 0.62)));
  return { font, slot: Math.max(c, Math.ceil(font * 1.3)) };
}
