import type { Puzzle } from '../grid/Puzzle.js';
import { lineAutomaton, type LineAutomaton, UNKNOWN, BLACK } from './lineAutomaton.js';
import { solveLine } from './solveLine.js';

/**
 * Line logic one pass at a time, for people to watch (the web page's step mode): a pass runs
 * the exact line solver once on every row, top to bottom, then once on every column, left to
 * right, each against the cells the lines before it fixed (as a person works through a sheet,
 * and as the line-solver page this project grew from does). Each pass reports which line
 * fixed which cells.
 *
 * Passes reach the same fixpoint as `Propagator.run` (the line solver is exact and
 * propagation is monotone, so the order lines are visited in does not change where it ends);
 * the stepper only makes the order visible. Lines are numbered as in Propagator: rows
 * 0..H-1, then columns H..H+W-1.
 */
export interface LineChange {
  /** Line number: rows first, then columns. */
  readonly line: number;
  /** `row` or `column`, and its 0-based index among them. */
  readonly kind: 'row' | 'column';
  readonly index: number;
  /** Cells this line fixed (row-major indices), in line order. */
  readonly cells: readonly number[];
}

/**
 * After a pass: `progress` (some cell was fixed, open cells remain), `solved` (every cell
 * fixed), `stalled` (the pass fixed nothing: line logic alone goes no further), or
 * `contradiction` (some line has no placement: no picture fits).
 */
export type StepStatus = 'progress' | 'solved' | 'stalled' | 'contradiction';

export interface PassResult {
  readonly status: StepStatus;
  /** 1-based number of this pass. */
  readonly pass: number;
  /** The lines that fixed cells, in the order they ran. */
  readonly changes: readonly LineChange[];
  /** The line that had no placement, for `contradiction`. */
  readonly failedLine?: number;
}

export class LineStepper {
  readonly width: number;
  readonly height: number;
  /** Cell domains: UNKNOWN, BLACK or WHITE (see lineAutomaton). Read, never write. */
  readonly domains: Uint8Array;
  private readonly automata: LineAutomaton[];
  private passes = 0;
  private finished: StepStatus | undefined;
  /** Lines whose cells changed since the line solver last ran on them (1); the others would fix nothing, so a pass skips them. */
  private readonly dirty: Uint8Array;

  /** A stepper from an empty board, with `givens` (row-major indices) black. */
  constructor(puzzle: Puzzle, givens: readonly number[] = []) {
    this.width = puzzle.width;
    this.height = puzzle.height;
    this.automata = [...puzzle.rows, ...puzzle.cols].map(lineAutomaton);
    this.domains = new Uint8Array(this.width * this.height).fill(UNKNOWN);
    for (const c of givens) this.domains[c] = BLACK;
    this.dirty = new Uint8Array(this.width + this.height).fill(1);
  }

  /** Passes run so far. */
  get passCount(): number {
    return this.passes;
  }

  /** Cells still open. */
  get open(): number {
    let n = 0;
    for (let i = 0; i < this.domains.length; i++) if (this.domains[i] === UNKNOWN) n++;
    return n;
  }

  /** Run one pass. After `solved`, `stalled` or `contradiction` further passes change nothing. */
  pass(): PassResult {
    const pass = ++this.passes;
    if (this.finished && this.finished !== 'progress') return { status: this.finished, pass, changes: [] };
    const W = this.width;
    const H = this.height;
    const changes: LineChange[] = [];
    const longest = Math.max(W, H);
    const lineIn = new Uint8Array(longest);
    const lineOut = new Uint8Array(longest);
    for (let l = 0; l < H + W; l++) {
      if (!this.dirty[l]) continue;
      this.dirty[l] = 0;
      const isRow = l < H;
      const len = isRow ? W : H;
      const start = isRow ? l * W : l - H;
      const step = isRow ? 1 : W;
      const li = lineIn.subarray(0, len);
      const lo = lineOut.subarray(0, len);
      for (let k = 0, c = start; k < len; k++, c += step) li[k] = this.domains[c]!;
      if (!solveLine(this.automata[l]!, li, lo)) {
        this.finished = 'contradiction';
        return { status: 'contradiction', pass, changes, failedLine: l };
      }
      const cells: number[] = [];
      for (let k = 0, c = start; k < len; k++, c += step) {
        if (lo[k] !== li[k]) {
          this.domains[c] = lo[k]!;
          cells.push(c);
          this.dirty[isRow ? H + (c % W) : Math.floor(c / W)] = 1;
        }
      }
      if (cells.length > 0) changes.push({ line: l, kind: isRow ? 'row' : 'column', index: isRow ? l : l - H, cells });
    }
    const status: StepStatus = this.open === 0 ? 'solved' : changes.length === 0 ? 'stalled' : 'progress';
    this.finished = status;
    return { status, pass, changes };
  }
}

/**
 * Where line logic stands after some passes: the status of the last pass run, `passes` the
 * passes that fixed cells (for `solved`, the passes line logic needs; for `progress`, all those
 * asked for), and the cells still open.
 */
export interface PassCount {
  readonly status: StepStatus;
  readonly passes: number;
  readonly open: number;
}

/**
 * Line logic's passes on `puzzle` (LineStepper's: every row, then every column) until it is
 * solved, stalls, contradicts, or has run `maxPasses`. A line-solvable puzzle's difficulty in
 * passes is `passes` when `status` is `solved`.
 */
export function linePasses(puzzle: Puzzle, givens: readonly number[] = [], maxPasses = Infinity): PassCount {
  const stepper = new LineStepper(puzzle, givens);
  let last: PassResult | undefined;
  while (stepper.passCount < maxPasses && (!last || last.status === 'progress')) last = stepper.pass();
  if (!last) return { status: 'progress', passes: 0, open: stepper.open };
  return { status: last.status, passes: last.status === 'progress' || last.status === 'solved' ? last.pass : last.pass - 1, open: stepper.open };
}
