import type { Puzzle } from '../grid/Puzzle.js';
import { lineMarginals } from '../line/lineMarginals.js';
import { BLACK, UNKNOWN, WHITE } from '../line/Propagator.js';

/**
 * Belief-propagation-guided decimation: a way to find one picture of a large, loosely
 * constrained board (random boards of density near 0.5 from 60x60 up), where line logic and
 * probing fix almost nothing and CDCL wanders for minutes before it meets any solution, although
 * the board has many.
 *
 * Each cell has a message from its row and one from its column (the probability that it is
 * black); a row's message to a cell is the row's marginal for that cell (line/lineMarginals.ts)
 * given the column messages of its other cells, and the other way round; the messages are
 * damped by half each round. After `rounds` rounds the open cells whose beliefs (the product of
 * both messages) are the most certain, a `batch` share of them, take their likely colour, and
 * `propagate` (line logic on the core) carries the consequences. When that meets a
 * contradiction, a quarter of the batch is tried; one cell alone takes its other colour when
 * its likely one fails; when both fail, the board as it stands has no picture and the attempt
 * ends. Either way the states it went through (the domains after each step that propagated
 * without contradiction) are returned: BlockSolver finishes the deepest ones by search.
 *
 * Nothing here is a proof: a picture found is re-checked by the caller, and a dead end says
 * nothing about the board.
 */
export interface DecimationOptions {
  /** `performance.now()` time (ms) at which the attempt stops. */
  readonly deadline?: number;
  /** Rounds of message passing before each step. */
  readonly rounds: number;
  /** The share of the open cells fixed in one step. */
  readonly batch: number;
  /** Rounds before the first step. */
  readonly firstRounds: number;
}

/**
 * How an attempt ended, with `rounds`: the rounds of message passing it ran (its work: each
 * round passes over every cell twice, once in its row and once in its column).
 */
export type Decimation =
  | { readonly end: 'picture'; readonly domains: Uint8Array; readonly rounds: number }
  | { readonly end: 'dead end' | 'stopped'; readonly states: readonly Uint8Array[]; readonly rounds: number };

/** Messages are kept inside [EPSILON, 1 - EPSILON] so that dividing a cell's prior out stays finite. */
const EPSILON = 1e-6;

/**
 * One attempt from `domains` (after propagation, not contradictory). `propagate` gives the
 * domains after line logic, or 'contradiction'.
 */
export function decimate(puzzle: Puzzle, domains: Uint8Array, propagate: (d: Uint8Array) => Uint8Array | 'contradiction', options: DecimationOptions): Decimation {
  const W = puzzle.width;
  const H = puzzle.height;
  const fromRow = new Float64Array(W * H).fill(0.5);
  const fromCol = new Float64Array(W * H).fill(0.5);
  const prior = new Float64Array(Math.max(W, H));
  const line = new Uint8Array(Math.max(W, H));
  const marginal = new Float64Array(Math.max(W, H));
  const clamp = (p: number) => Math.min(1 - EPSILON, Math.max(EPSILON, p));
  /** The message with the prior `q` divided out of the marginal `p`, halfway from `old`. */
  const damped = (old: number, p: number, q: number) => {
    const black = p / q;
    const white = (1 - p) / (1 - q);
    return clamp(0.5 * old + (0.5 * black) / (black + white));
  };
  let dom = domains;
  /**
   * The messages of `count` lines of `length` cells (line k's cell i is `first(k) + i * step`)
   * from the crossing lines' messages `from`, into `to`; false on a contradiction.
   */
  const pass = (clues: Puzzle['rows'], count: number, length: number, first: (k: number) => number, step: number, from: Float64Array, to: Float64Array): boolean => {
    for (let k = 0; k < count; k++) {
      for (let i = 0, c = first(k); i < length; i++, c += step) {
        prior[i] = from[c]!;
        line[i] = dom[c]!;
      }
      if (!lineMarginals(clues[k]!, prior.subarray(0, length), line.subarray(0, length), marginal)) return false;
      for (let i = 0, c = first(k); i < length; i++, c += step) to[c] = damped(to[c]!, marginal[i]!, prior[i]!);
    }
    return true;
  };
  let rounds = 0;
  /** One round: every row from the column messages, then every column from the row messages. */
  const round = (): boolean => {
    rounds++;
    return pass(puzzle.rows, H, W, (y) => y * W, 1, fromCol, fromRow) && pass(puzzle.cols, W, H, (x) => x, W, fromRow, fromCol);
  };
  const belief = (c: number) => {
    const black = fromRow[c]! * fromCol[c]!;
    return black / (black + (1 - fromRow[c]!) * (1 - fromCol[c]!));
  };
  const late = () => options.deadline !== undefined && performance.now() >= options.deadline;
  const states: Uint8Array[] = [];
  for (let r = 0; r < options.firstRounds && round(); r++);
  let share = options.batch;
  for (;;) {
    if (late()) return { end: 'stopped', states, rounds };
    const open: number[] = [];
    for (let c = 0; c < dom.length; c++) if (dom[c] === UNKNOWN) open.push(c);
    if (open.length === 0) return { end: 'picture', domains: dom, rounds };
    for (let r = 0; r < options.rounds && round(); r++);
    const certainty = new Float64Array(dom.length);
    for (const c of open) certainty[c] = Math.abs(belief(c) - 0.5);
    open.sort((a, b) => certainty[b]! - certainty[a]!);
    const take = Math.max(1, Math.floor(open.length * share));
    const trial = dom.slice();
    for (let j = 0; j < take; j++) trial[open[j]!] = belief(open[j]!) >= 0.5 ? BLACK : WHITE;
    let next = propagate(trial);
    if (next === 'contradiction' && take > 1) {
      share /= 4;
      continue;
    }
    if (next === 'contradiction') {
      const c = open[0]!;
      trial[c] = trial[c] === BLACK ? WHITE : BLACK;
      next = propagate(trial);
      if (next === 'contradiction') return { end: 'dead end', states, rounds };
    }
    dom = next;
    states.push(dom);
    share = Math.min(options.batch, share * 2);
  }
}
