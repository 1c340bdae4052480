import type { Puzzle } from '../grid/Puzzle.js';
import { lineAutomaton, type LineAutomaton, UNKNOWN, BLACK, WHITE } from './lineAutomaton.js';
import { solveLine } from './solveLine.js';

/**
 * Propagation to a fixpoint: run the exact line solver on every row and column, and whenever
 * a line fixes a cell, queue the crossing line, until nothing changes. This is the paper's
 * decoder and the `logic` receiver model: a block is line-solvable when propagation fixes
 * every cell. It is also the presolve before SAT, and it is monotone: more known cells in,
 * never fewer known cells out.
 *
 * Lines are numbered rows first (0..H-1), then columns (H..H+W-1).
 */
export type PropagationStatus = 'solved' | 'stalled' | 'contradiction';

export class Propagator {
  readonly width: number;
  readonly height: number;
  private readonly automata: LineAutomaton[];
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  /** Line buffers, as views of the row and column lengths (made once: no garbage per line). */
  private readonly rowIn: Uint8Array;
  private readonly rowOut: Uint8Array;
  private readonly colIn: Uint8Array;
  private readonly colOut: Uint8Array;
  /** Line-solver calls made so far (for benchmarks). */
  lineSolves = 0;

  constructor(readonly puzzle: Puzzle) {
    this.width = puzzle.width;
    this.height = puzzle.height;
    this.automata = [...puzzle.rows, ...puzzle.cols].map(lineAutomaton);
    const lines = this.width + this.height;
    this.queue = new Int32Array(lines);
    this.queued = new Uint8Array(lines);
    const longest = Math.max(this.width, this.height);
    const lineIn = new Uint8Array(longest);
    const lineOut = new Uint8Array(longest);
    this.rowIn = lineIn.subarray(0, this.width);
    this.rowOut = lineOut.subarray(0, this.width);
    this.colIn = lineIn.subarray(0, this.height);
    this.colOut = lineOut.subarray(0, this.height);
  }

  /** Fresh domains: every cell unknown. */
  unknownDomains(): Uint8Array {
    return new Uint8Array(this.width * this.height).fill(UNKNOWN);
  }

  /**
   * Narrow `domains` in place to the propagation fixpoint. `dirty` lists the lines to start
   * from (default: all); pass only the lines through cells you changed since the last
   * fixpoint to resume cheaply. (The solver propagates on the core, solve/CorePropagator.ts,
   * with the same answers; this one is the reference the tests and the step mode read.)
   */
  run(domains: Uint8Array, dirty?: Iterable<number>): PropagationStatus {
    const W = this.width;
    const H = this.height;
    const lines = W + H;
    const q = this.queue;
    const queued = this.queued;
    queued.fill(0);
    // A ring buffer of line numbers; each line is in it at most once.
    let head = 0;
    let count = 0;
    if (dirty) {
      for (const l of dirty) {
        if (!queued[l]) {
          queued[l] = 1;
          q[count++] = l;
        }
      }
    } else {
      for (let l = 0; l < lines; l++) {
        queued[l] = 1;
        q[count++] = l;
      }
    }
    while (count > 0) {
      const l = q[head]!;
      head = head + 1 === lines ? 0 : head + 1;
      count--;
      queued[l] = 0;
      const isRow = l < H;
      const len = isRow ? W : H;
      const start = isRow ? l * W : l - H;
      const step = isRow ? 1 : W;
      const li = isRow ? this.rowIn : this.colIn;
      const lo = isRow ? this.rowOut : this.colOut;
      let open = false;
      for (let k = 0, c = start; k < len; k++, c += step) {
        const v = domains[c]!;
        li[k] = v;
        if (v === UNKNOWN) open = true;
      }
      this.lineSolves++;
      if (!solveLine(this.automata[l]!, li, lo)) return 'contradiction';
      if (!open) continue;
      for (let k = 0, c = start; k < len; k++, c += step) {
        if (lo[k] !== li[k]) {
          domains[c] = lo[k]!;
          const crossing = isRow ? H + k : k;
          if (!queued[crossing]) {
            queued[crossing] = 1;
            q[(head + count++) % lines] = crossing;
          }
        }
      }
    }
    for (let i = 0; i < domains.length; i++) if (domains[i] === UNKNOWN) return 'stalled';
    return 'solved';
  }

  /** The lines through a cell. */
  linesOf(cell: number): [number, number] {
    return [Math.floor(cell / this.width), this.height + (cell % this.width)];
  }
}

/** How many cells are still open (both colours possible). */
export function countOpen(domains: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < domains.length; i++) if (domains[i] === UNKNOWN) n++;
  return n;
}

/** Domains -> 0/1 cells (only meaningful when every cell is fixed). */
export function domainsToCells(domains: Uint8Array): Uint8Array {
  const cells = new Uint8Array(domains.length);
  for (let i = 0; i < domains.length; i++) cells[i] = domains[i] === BLACK ? 1 : 0;
  return cells;
}

export { UNKNOWN, BLACK, WHITE };
