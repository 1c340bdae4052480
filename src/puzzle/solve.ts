import type { Puzzle } from '../grid/Puzzle.js';
import { runBlocks, type RunOptions } from '../parallel/BlockRunner.js';
import { solveOutcome } from '../parallel/outcomes.js';
import type { SolveResult } from '../solve/SolveResult.js';

/**
 * Solve one puzzle: unique (with whether line logic alone finds it), multiple (two grids),
 * none, or unknown (time limit, memory cap). The time limit is honoured on every engine: in
 * this thread by the engine's deadline, else on a worker that is stopped at the limit.
 */
export interface SolveOptions extends RunOptions {
  /** Cells (row-major indices) given black. */
  readonly givens?: readonly number[];
  /** Probe before SAT when propagation stalls (default true). */
  readonly probing?: boolean;
  /** Count solutions up to this many: SAT with a blocking clause per grid found; the result carries `count`. */
  readonly countMax?: number;
  /**
   * Stop at the first solution: status 'found' (or 'unique' when propagation or probing proved
   * it, 'none', 'unknown'); no search for a second one. The tournaments' task.
   */
  readonly first?: boolean;
}

/**
 * How many solutions `--count` looks for when no maximum is given (unit: solutions; range 1
 * and up). Each further solution is one more SAT call on an instance that keeps what it
 * learnt, so counting is cheap next to the first two grids: on TAAI 2011 puzzles 1-40 (25x25,
 * 2 to 560 solutions each, all counted exactly), counting took at most 0.1 CPU s per puzzle,
 * about 0.05 ms per further solution (minisat, 2026-11-23, load average 22). A thousand keeps a
 * default count under a second on such boards while telling "a few" from "very many".
 */
export const DEFAULT_COUNT_MAX = 1000;

export async function solve(puzzle: Puzzle, options: SolveOptions = {}): Promise<SolveResult> {
  const task = { kind: 'solve' as const, puzzle, givens: options.givens ?? [], probing: options.probing, countMax: options.countMax, first: options.first };
  for await (const out of runBlocks([task], { ...options, jobs: 1 })) return solveOutcome(out, options.timeoutMs);
  throw new Error('unreachable: a runner gives every task an outcome');
}
