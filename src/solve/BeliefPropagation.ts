import type { Puzzle } from '../grid/Puzzle.js';
import { lineMarginals } from '../line/lineMarginals.js';

/**
 * Belief propagation between a board's lines and its cells: an estimate, for every cell, of the
 * probability that it is black in a picture drawn at random among those that fit the clues and
 * the cells fixed so far.
 *
 * Each cell has a message from its row and one from its column (the probability that it is
 * black); a row's message to a cell is the row's marginal for that cell (line/lineMarginals.ts)
 * given the column messages of its other cells, and the other way round; the messages are
 * damped by half each round. All messages start at 1/2, so the same board and domains give the
 * same beliefs in every process. Used by decimation (beliefDecimation.ts); choosing the split
 * cells of a board's cubes by it was measured and dropped (docs/results/solver-research.md).
 *
 * Call order: `round(domains)` any number of times (the domains may shrink between rounds:
 * decimation fixes cells), reading `belief(c)` between them. Nothing here is a proof.
 */
export class BeliefPropagation {
  /** Rounds run so far (the work: each passes over every cell twice, in its row and in its column). */
  rounds = 0;
  private readonly fromRow: Float64Array;
  private readonly fromCol: Float64Array;
  private readonly prior: Float64Array;
  private readonly line: Uint8Array;
  private readonly marginal: Float64Array;

  constructor(private readonly puzzle: Puzzle) {
    const cells = puzzle.width * puzzle.height;
    const longest = Math.max(puzzle.width, puzzle.height);
    this.fromRow = new Float64Array(cells).fill(0.5);
    this.fromCol = new Float64Array(cells).fill(0.5);
    this.prior = new Float64Array(longest);
    this.line = new Uint8Array(longest);
    this.marginal = new Float64Array(longest);
  }

  /**
   * One round over `domains` (the cells' colour sets, line/Propagator.ts): every row from the
   * column messages, then every column from the row messages. False when a line has no placement
   * left (the domains have no picture).
   */
  round(domains: Uint8Array): boolean {
    const { puzzle } = this;
    const W = puzzle.width;
    const H = puzzle.height;
    this.rounds++;
    return this.pass(domains, puzzle.rows, H, W, (y) => y * W, 1, this.fromCol, this.fromRow) && this.pass(domains, puzzle.cols, W, H, (x) => x, W, this.fromRow, this.fromCol);
  }

  /** The belief that cell c is black: the product of its two messages, normalized. */
  belief(c: number): number {
    const black = this.fromRow[c]! * this.fromCol[c]!;
    return black / (black + (1 - this.fromRow[c]!) * (1 - this.fromCol[c]!));
  }

  /**
   * The messages of `count` lines of `length` cells (line k's cell i is `first(k) + i * step`)
   * from the crossing lines' messages `from`, into `to`; false on a contradiction.
   */
  private pass(domains: Uint8Array, clues: Puzzle['rows'], count: number, length: number, first: (k: number) => number, step: number, from: Float64Array, to: Float64Array): boolean {
    const { prior, line, marginal } = this;
    for (let k = 0; k < count; k++) {
      for (let i = 0, c = first(k); i < length; i++, c += step) {
        prior[i] = from[c]!;
        line[i] = domains[c]!;
      }
      if (!lineMarginals(clues[k]!, prior.subarray(0, length), line.subarray(0, length), marginal)) return false;
      for (let i = 0, c = first(k); i < length; i++, c += step) to[c] = damped(to[c]!, marginal[i]!, prior[i]!);
    }
    return true;
  }
}

/** Messages are kept inside [EPSILON, 1 - EPSILON] so that dividing a cell's prior out stays finite. */
const EPSILON = 1e-6;

/** The message with the prior `q` divided out of the marginal `p`, halfway from `old`. */
function damped(old: number, p: number, q: number): number {
  const black = p / q;
  const white = (1 - p) / (1 - q);
  return Math.min(1 - EPSILON, Math.max(EPSILON, 0.5 * old + (0.5 * black) / (black + white)));
}
