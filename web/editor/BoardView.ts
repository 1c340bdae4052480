// How the Draw tab shows a picture: three canvases, the cells (#ed-grid, whose box is exactly the
// W x H cells, so a point in it maps uniformly onto a cell), the row clues on its left and the
// column clues above it, redrawn whole on every change (a 100 x 100 board is 10,000 squares,
// about a millisecond). Marks over the cells: where two solutions differ (red), the given cells
// of an annotation (blue dots), and the keyboard's cursor when the grid has the focus.
import { puzzleOf } from '../../src/grid/runsOf.js';
import type { Drawing } from './Drawing.js';

export interface BoardMarks {
  readonly differ: ReadonlySet<number>;
  readonly givens: ReadonlySet<number>;
  /** The keyboard cursor's cell, drawn when `focused`. */
  readonly cursor: number;
  readonly focused: boolean;
}

/** The widest the board is drawn (CSS pixels) before cells shrink, and their size bounds (pixels). */
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

export class BoardView {
  cell = MAX_CELL_PX;

  constructor(
    readonly grid: HTMLCanvasElement,
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
   * The clue areas' sizes (CSS pixels) for the board size in `sizedFor`: they grow as clues
   * grow and never shrink while the board keeps its size, so the grid moves as little as
   * possible; during a stroke (`steady`) they do not change at all, since the grid must stay
   * under the pointer (clues too long for them are drawn clipped until the stroke ends).
   */
  private clueArea = { sizedFor: '', rows: 0, cols: 0 };

  draw(d: Drawing, marks: BoardMarks, steady = false): void {
    const c = (this.cell = Math.max(MIN_CELL_PX, Math.min(MAX_CELL_PX, Math.floor(BOARD_PX / Math.max(d.width, d.height)))));
    const g = this.context(this.grid, d.width * c, d.height * c);
    g.fillStyle = PAPER;
    g.fillRect(0, 0, d.width * c, d.height * c);
    g.fillStyle = INK;
    for (let i = 0; i < d.cells.length; i++) if (d.cells[i]) g.fillRect((i % d.width) * c, Math.floor(i / d.width) * c, c, c);
    this.lines(g, d, c);
    const inset = Math.max(1, c * 0.18);
    g.lineWidth = Math.max(1.5, c / 8);
    g.strokeStyle = DIFFER;
    for (const i of marks.differ) g.strokeRect((i % d.width) * c + inset, Math.floor(i / d.width) * c + inset, c - 2 * inset, c - 2 * inset);
    g.fillStyle = GIVEN;
    for (const i of marks.givens) {
      g.beginPath();
      g.arc((i % d.width) * c + c / 2, Math.floor(i / d.width) * c + c / 2, Math.max(1.5, c * 0.22), 0, 2 * Math.PI);
      g.fill();
    }
    if (marks.focused) {
      g.strokeStyle = CURSOR;
      g.lineWidth = Math.max(2, c / 7);
      g.strokeRect((marks.cursor % d.width) * c + 1, Math.floor(marks.cursor / d.width) * c + 1, c - 2, c - 2);
    }
    this.clues(d, c, steady);
  }

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

  private clues(d: Drawing, c: number, steady: boolean): void {
    const puzzle = puzzleOf(d);
    const font = Math.max(6, Math.min(13, Math.round(c * 0.62)));
    const slot = Math.max(c, Math.ceil(font * 1.5));
    const area = this.clueArea;
    const size = `${d.width}x${d.height}`;
    if (area.sizedFor !== size) Object.assign(area, { sizedFor: size, rows: 0, cols: 0 });
    if (!steady || !area.rows) {
      area.rows = Math.max(area.rows, ...puzzle.rows.map((r) => r.length), 1);
      area.cols = Math.max(area.cols, ...puzzle.cols.map((r) => r.length), 1);
    }
    const longestRow = area.rows;
    const longestCol = area.cols;
    const rows = this.context(this.rowClues, longestRow * slot + 4, d.height * c);
    const cols = this.context(this.colClues, d.width * c, longestCol * slot + 4);
    for (const g of [rows, cols]) {
      g.fillStyle = INK;
      g.font = `${font}px system-ui, "DejaVu Sans", sans-serif`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
    }
    puzzle.rows.forEach((clue, y) => {
      const runs = clue.length ? clue : [0];
      runs.forEach((run, k) => rows.fillText(String(run), (longestRow - runs.length + k) * slot + slot / 2, y * c + c / 2));
    });
    puzzle.cols.forEach((clue, x) => {
      const runs = clue.length ? clue : [0];
      runs.forEach((run, k) => cols.fillText(String(run), x * c + c / 2, (longestCol - runs.length + k) * slot + slot / 2));
    });
  }

  /** The canvas sized to `width` x `height` CSS pixels, sharp on high-density screens. */
  private context(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D {
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    const g = canvas.getContext('2d')!;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, width, height);
    return g;
  }
}
