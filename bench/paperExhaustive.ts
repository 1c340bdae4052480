import type { ReceiverModel } from '../src/annotate/ReceiverModel.js';
import type { Grid, Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { BLACK, Propagator, UNKNOWN } from '../src/line/Propagator.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';

/**
 * The paper's encoder, as a baseline to measure the annotation minimizer against
 * (SPEC section 7; the paper's section on its encoder).
 *
 * Candidates are the cells that are black in the original picture and that the line solver,
 * run from the clues alone, leaves undecided; they are kept in row-major order. The search
 * tries every subset of the candidates by size (0 cells, then 1, then 2, ...) and, within a
 * size, in lexicographic order of the sorted cell indices. For each subset the board is reset,
 * the subset is fixed black and the receiver's test is run; the first subset that passes is
 * the annotation. Because subsets of one size come in row-major lexicographic order, the
 * result is by construction the smallest annotation with the SPEC's tie-break, which is what
 * `minimizeAnnotation` must also return.
 *
 * Receivers:
 * - `logic` (the paper's): the line solver, started from an all-unknown board with the subset
 *   given black, must fix every cell. The board is reset and solved from scratch for every
 *   subset, as the paper does (no reuse of the clues-only fixpoint).
 * - `unique`: the block with the subset given must have exactly one solution
 *   (`solvePuzzle` with givens, or the test passed in `uniqueTest`).
 *
 * Black cells that the line solver already fixes from the clues alone never need to be given
 * (giving them changes nothing for either receiver), so restricting the candidates loses no
 * smallest annotation.
 *
 * The search is exponential. It checks its time limit between subsets; when the limit passes
 * it stops and reports `timedOut: true` with no annotation, plus what it did establish: every
 * subset smaller than `lowerBound` cells was tried and failed.
 */
export interface ExhaustiveOptions {
  readonly receiver: ReceiverModel;
  /** Time limit in milliseconds (default: none). */
  readonly deadlineMs?: number;
  /**
   * What the limit counts: wall-clock time (default) or CPU time of this process
   * (`process.cpuUsage`, user + system), which does not stretch when other processes share
   * the cores.
   */
  readonly clock?: 'wall' | 'cpu';
  /**
   * Replaces `solvePuzzle` as the `unique` receiver's test: true when the puzzle with these
   * cells given black has exactly one solution, false when it has several, and `undefined`
   * when it cannot say. Used by tests to check against an independent brute-force solver.
   */
  readonly uniqueTest?: (puzzle: Puzzle, givens: readonly number[]) => boolean | undefined;
}

export interface ExhaustiveResult {
  /** Row-major cell indices; null when the search timed out (or could not decide). */
  readonly annotation: number[] | null;
  readonly timedOut: boolean;
  /** Subsets tested (including the empty one). */
  readonly tried: number;
  readonly ms: number;
  /** Undecided black cells after the clues alone: the candidates. */
  readonly candidates: number;
  /** Every subset of fewer than this many candidates was tried and failed. */
  readonly lowerBound: number;
  /** `unique` receiver only: tests that gave no verdict (MiniSat out of memory). Non-zero makes the result null. */
  readonly undecided: number;
}

export function paperExhaustive(grid: Grid, options: ExhaustiveOptions): ExhaustiveResult {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const limit = options.deadlineMs ?? Infinity;
  const elapsed =
    options.clock === 'cpu'
      ? () => {
          const u = process.cpuUsage(cpuStart);
          return (u.user + u.system) / 1000;
        }
      : () => performance.now() - started;
  const puzzle = puzzleOf(grid);
  const propagator = new Propagator(puzzle);

  const base = propagator.unknownDomains();
  const baseStatus = propagator.run(base);
  if (baseStatus === 'contradiction') throw new Error('internal error: a picture contradicts its own clues');
  const candidates: number[] = [];
  for (let c = 0; c < base.length; c++) if (base[c] === UNKNOWN && grid.cells[c]) candidates.push(c);

  let tried = 0;
  let undecided = 0;
  const logicTest = (givens: readonly number[]): boolean => {
    const d = propagator.unknownDomains();
    for (const c of givens) d[c] = BLACK;
    return propagator.run(d) === 'solved';
  };
  const uniqueTest = (givens: readonly number[]): boolean => {
    if (options.uniqueTest) {
      const v = options.uniqueTest(puzzle, givens);
      if (v === undefined) undecided++;
      return v === true;
    }
    const r = solvePuzzle(puzzle, { givens });
    if (r.status === 'unknown') undecided++;
    return r.status === 'unique';
  };
  const test = options.receiver === 'logic' ? logicTest : uniqueTest;

  const result = (annotation: number[] | null, timedOut: boolean, lowerBound: number): ExhaustiveResult => ({
    annotation: undecided > 0 ? null : annotation,
    timedOut,
    tried,
    ms: performance.now() - started,
    candidates: candidates.length,
    lowerBound,
    undecided,
  });

  const k = candidates.length;
  const idx: number[] = [];
  const subset: number[] = [];
  for (let size = 0; size <= k; size++) {
    // First combination of this size: 0, 1, ..., size-1.
    idx.length = size;
    for (let i = 0; i < size; i++) idx[i] = i;
    for (;;) {
      if (elapsed() > limit) return result(null, true, size);
      subset.length = size;
      for (let i = 0; i < size; i++) subset[i] = candidates[idx[i]!]!;
      tried++;
      if (test(subset)) return result([...subset], false, size);
      // Next combination in lexicographic order.
      let i = size - 1;
      while (i >= 0 && idx[i] === k - size + i) i--;
      if (i < 0) break;
      idx[i]!++;
      for (let j = i + 1; j < size; j++) idx[j] = idx[j - 1]! + 1;
    }
  }
  // Unreachable for pictures: giving every candidate leaves each line with all its black cells
  // known, which the exact line solver completes.
  throw new Error('internal error: no subset of the candidates decodes the block');
}
