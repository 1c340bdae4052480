import { makeGrid, type Grid, type Puzzle } from '../grid/Puzzle.js';
import { checkMakeInput, checkPassLimit, confirmMade } from '../solve/make/makeChecks.js';
import { puzzleOf } from '../grid/runsOf.js';
import { DEFAULT_THRESHOLD, flipCosts, thresholdPicture, type GreyImage } from '../solve/make/GreyImage.js';
import type { MakeTarget } from '../solve/make/PictureJudge.js';
import { ChangeSearch } from '../solve/make/searchChanges.js';
import type { RunOptions } from '../parallel/RunOptions.js';
import type { CertifyOutcome } from '../certificate/make/certifyBlock.js';
import type { Difficulty, SolveResult } from '../solve/SolveResult.js';
import { solve, solveCertified } from './solve.js';

/** What a made puzzle must be: `line-solvable` (the default: solvable by line logic alone, hence unique) or `unique`. */
export type MakeGoal = 'line-solvable' | 'unique';
export const MAKE_GOALS: readonly MakeGoal[] = ['line-solvable', 'unique'];
export const MAKE_DIFFICULTIES: readonly Difficulty[] = ['line', 'probing', 'search'];

/**
 * The search's time limit when none is given (unit: ms, wall clock from the call's start, the
 * greedy search included). The benchmark (docs/results/make.md) puts the median icon under a
 * second; the limit bounds the proof of the fewest changes on the others, which then report the
 * fewest found and a lower bound. 8 s, not 10: the issue asks for the slowest icon under 10 s in
 * one process, and the call is the search plus the verdict's solve (milliseconds on 30x30 icons)
 * plus, on a loaded machine, CPU time above wall time; at 10 s the slowest took 10.01-10.09 CPU s.
 */
export const DEFAULT_MAKE_TIMEOUT_MS = 8_000;

export interface MakeOptions extends Pick<RunOptions, 'engine' | 'memoryCapBytes' | 'session'> {
  /** Default `line-solvable`. */
  readonly goal?: MakeGoal;
  /**
   * A difficulty as `solve --difficulty` measures it, in place of the goal: `line` (line logic
   * alone: the goal line-solvable), `probing` (unique, line logic stalls, probing at depth 1
   * finishes) or `search` (unique, neither finishes).
   */
  readonly difficulty?: Difficulty;
  /**
   * With the goal line-solvable (or the difficulty line): line logic must solve the puzzle in at
   * most this many passes, each running the line solver on every row, then on every column (the
   * page's Step; `solve --difficulty` counts them). A whole number, 1 or more.
   */
  readonly maxPasses?: number;
  /** Change at most this many cells. */
  readonly maxChanges?: number;
  /** Cells (row-major indices) never changed. */
  readonly keep?: readonly number[];
  /** For a grey image: darkness above which a cell starts black (default 0.5). */
  readonly threshold?: number;
  /**
   * Time limit of the search (default DEFAULT_MAKE_TIMEOUT_MS) past its first picture (the
   * greedy search's, always finished); the best found is kept. The verdict's solve gets its own.
   */
  readonly timeoutMs?: number;
  /** Certify the verdict of the result (as solveCertified). */
  readonly certify?: boolean;
  /** `greedy`: no proof (the benchmark's plain method); default `prove`. */
  readonly method?: 'greedy' | 'prove';
}

/**
 * What makePuzzle made.
 * - `made`: `picture` meets the target, re-decided by `solve` (its `verdict`) and re-checked by
 *   checkGrid;
 * - `none`: proved that no picture within `maxChanges` changed cells meets the target;
 * - `unknown`: the time limit came before any picture that meets it was found.
 *
 * `lowerBound` is proved (no picture with fewer changed cells meets the target: every smaller
 * set of changes was tried, pruned only by sound arguments); so `fewest` is `proven` when the
 * changes are that many. `cheapestProven`: no set of as many changes costs less.
 */
export interface MakeResult {
  readonly status: 'made' | 'none' | 'unknown';
  readonly target: MakeTarget;
  /** The pass limit of the target `line-solvable`, when one was given. */
  readonly maxPasses?: number;
  /** The picture the search starts from: the input, or a grey image's threshold picture. */
  readonly start: Grid;
  readonly picture?: Grid;
  readonly puzzle?: Puzzle;
  /** The cells changed (row-major indices, ascending); empty unless made. */
  readonly changes: readonly number[];
  /** Their grey-level cost: the sum of 2 |darkness - threshold| over them (1 a cell for a picture without grey levels). */
  readonly cost: number;
  readonly fewest: 'proven' | 'found';
  readonly lowerBound: number;
  readonly cheapestProven: boolean;
  readonly verdict?: SolveResult;
  readonly certificate?: CertifyOutcome;
  readonly stats: {
    readonly elapsedMs: number;
    /** Pictures judged, each on a nonogram core of its own. */
    readonly judged: number;
    readonly greedyChanges?: number;
    readonly stoppedBy?: 'time limit' | 'undecided candidates';
  };
}

const isGrey = (input: Grid | GreyImage): input is GreyImage => 'darkness' in input;

/**
 * A puzzle from a picture: the fewest changed cells that make it meet the goal (or a
 * difficulty), the cheapest of those for a grey image, with what was proved about both. The
 * result is decided again by `solve`, as `nonocrypt solve` decides it, and checked by
 * checkGrid. Runs in this thread (the search uses the nonogram core directly), in Node or a
 * browser's worker.
 */
export async function makePuzzle(input: Grid | GreyImage, options: MakeOptions = {}): Promise<MakeResult> {
  const started = performance.now();
  const { width, height } = input;
  checkMakeInput(width, height, isGrey(input) ? input.darkness.length : input.cells.length, options.keep ?? [], options.maxChanges);
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const target = targetOf(options);
  const { maxPasses } = options;
  checkPassLimit(target, maxPasses);
  const limit = maxPasses !== undefined ? { maxPasses } : {};
  const start = isGrey(input) ? thresholdPicture(input, threshold) : makeGrid(width, height, input.cells);
  const costs = isGrey(input) ? flipCosts(input, threshold) : undefined;
  const timeoutMs = options.timeoutMs ?? DEFAULT_MAKE_TIMEOUT_MS;
  const found = new ChangeSearch(start, {
    target,
    ...limit,
    ...(costs ? { costs } : {}),
    ...(options.keep ? { keep: options.keep } : {}),
    ...(options.maxChanges !== undefined ? { maxChanges: options.maxChanges } : {}),
    deadline: started + timeoutMs,
    ...(options.method ? { method: options.method } : {}),
  }).run();
  const stats = { judged: found.runs, ...(found.greedyChanges !== undefined ? { greedyChanges: found.greedyChanges } : {}), ...(found.stoppedBy ? { stoppedBy: found.stoppedBy } : {}) };
  if (!found.changes) {
    return { status: found.exhausted ? 'none' : 'unknown', target, ...limit, start, changes: [], cost: 0, fewest: 'found', lowerBound: found.lowerBound, cheapestProven: false, stats: { elapsedMs: performance.now() - started, ...stats } };
  }
  const cells = start.cells.slice();
  for (const c of found.changes) cells[c]! ^= 1;
  const picture = makeGrid(width, height, cells);
  const puzzle = puzzleOf(picture);
  const solveOptions = { ...(options.engine ? { engine: options.engine } : {}), ...(options.memoryCapBytes !== undefined ? { memoryCapBytes: options.memoryCapBytes } : {}), ...(options.session ? { session: options.session } : {}), timeoutMs, jobs: 1, countPasses: true };
  const decided = options.certify ? await solveCertified(puzzle, solveOptions) : { result: await solve(puzzle, solveOptions) };
  confirmMade(decided.result, puzzle, picture, target, maxPasses);
  return {
    status: 'made',
    target,
    ...limit,
    start,
    picture,
    puzzle,
    changes: found.changes,
    cost: found.cost ?? found.changes.length,
    fewest: found.lowerBound === found.changes.length ? 'proven' : 'found',
    lowerBound: found.lowerBound,
    cheapestProven: found.cheapestProven,
    verdict: decided.result,
    ...(decided.certificate ? { certificate: decided.certificate } : {}),
    stats: { elapsedMs: performance.now() - started, ...stats },
  };
}

function targetOf(options: MakeOptions): MakeTarget {
  switch (options.difficulty) {
    case undefined:
      return options.goal ?? 'line-solvable';
    case 'line':
      return 'line-solvable';
    default:
      return options.difficulty;
  }
}
