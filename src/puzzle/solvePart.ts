import type { Puzzle } from '../grid/Puzzle.js';
import type { CertifyOutcome } from '../certificate/make/certifyBlock.js';
import { certifySolution } from '../certificate/make/certifySolution.js';
import type { SolveResult } from '../solve/SolveResult.js';
import { splitCubes, type Cube } from '../solve/split/splitCubes.js';
import { isTimeLimitReason, timeLimitReason } from '../solve/timeLimitReason.js';
import { solve, type SolveOptions } from './solve.js';
import { puzzleId } from '../grid/puzzleId.js';

/**
 * Part K of N of one board (`solve FILE --split K/N`, cube-and-conquer): the N cubes are
 * computed from the puzzle alone (solve/split/splitCubes.ts, the same list in every process),
 * and cube K is searched to the end: its verdict is the cube's (`unique`: exactly one picture
 * in the cube; `multiple`: two, so the board is ambiguous; `none`: no picture in the cube;
 * `unknown`: not finished, e.g. the time limit). `mergeParts` (collection/mergeParts.ts) turns
 * the N parts into the board's verdict.
 *
 * With `certify`, a finished part with a `unique` or `none` verdict gets the certificate of its
 * cube: the certificate formula, the cube as unit clauses, and for `unique` the excluded
 * picture (docs/explanation/certificates.md, "A board split into parts"). The time limit covers computing
 * the cubes, the search and the certificate; a part it stops names the limit as given, with
 * what computing the cubes took of it (on a large board, seconds: the search got the rest).
 */
export interface SplitPart {
  /** K: 1-based, at most `count`. */
  readonly index: number;
  /** N: the number of parts. */
  readonly count: number;
}

export interface PartReport {
  /** The puzzle's identity (grid/puzzleId.ts): parts of one board carry the same. */
  readonly puzzle: string;
  readonly split: SplitPart;
  readonly cube: Cube;
  /** The cube's verdict. */
  readonly result: SolveResult;
  /** With `certify`: the certificate of a `unique` or `none` verdict, or why there is none. */
  readonly certificate?: CertifyOutcome;
}

export async function solvePart(puzzle: Puzzle, split: SplitPart, options: SolveOptions & { readonly certify?: boolean } = {}): Promise<PartReport> {
  const started = performance.now();
  const givens = options.givens ?? [];
  const cube = splitCubes(puzzle, givens, split.count)[split.index - 1]!;
  const splitMs = performance.now() - started;
  const limit = options.timeoutMs;
  const left = () => (limit === undefined ? undefined : Math.max(1, limit - (performance.now() - started)));
  const within = (ms: number | undefined) => (ms === undefined ? {} : { timeoutMs: ms });
  const { certify, ...solveOptions } = options;
  const solved = await solve(puzzle, { ...solveOptions, ...within(left()), cube });
  // The search got what the cubes left of the limit; the reason names the limit given.
  const result: SolveResult =
    solved.status === 'unknown' && limit !== undefined && isTimeLimitReason(solved.reason)
      ? { ...solved, reason: `${timeLimitReason(limit)} (splitting the board into ${split.count} cubes took ${+(splitMs / 1000).toFixed(3)} s)` }
      : solved;
  const certificate = certify
    ? await certifySolution(puzzle, givens, result, {
        ...within(left()),
        ...(limit !== undefined ? { limitMs: limit } : {}),
        ...(options.memoryCapBytes !== undefined ? { memoryCapBytes: options.memoryCapBytes } : {}),
        label: `part ${split.index} of ${split.count}`,
        cube,
      })
    : undefined;
  return { puzzle: await puzzleId(puzzle, givens), split, cube, result, ...(certificate ? { certificate } : {}) };
}
