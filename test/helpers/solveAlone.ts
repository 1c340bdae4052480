// Solving for tests that compare SAT's work between runs: each run on a session of its own.
import type { Puzzle } from '../../src/grid/Puzzle.js';
import { puzzleOf } from '../../src/grid/runsOf.js';
import { SatSession } from '../../src/sat/SatSession.js';
import { solvePuzzle, type SolveOptions } from '../../src/solve/solvePuzzle.js';
import { stalledGrid } from './puzzles.js';

/** `solvePuzzle` on a SAT session of its own (a shared one would carry what SAT learnt from one call into the next). */
export function solveAlone(puzzle: Puzzle, options: SolveOptions) {
  const session = new SatSession('minisat');
  try {
    return solvePuzzle(puzzle, { ...options, session });
  } finally {
    session.close();
  }
}

/**
 * A 45x45 board that probing leaves open, and a tuning without belief phases and with SAT slices
 * of a few conflicts: with probing on and the search off, its first picture comes after 7 SAT
 * calls and 3 decimation attempts.
 */
export const slicedBoard = () => puzzleOf(stalledGrid(45, 45, 0.5, 100));
export const SLICED_TUNING = { beliefRounds: 0, decimationMinOpen: 0, decimationSatConflicts: 2, decimationAttempts: 3, decimationFirstRounds: 2, decimationRounds: 2, decimationBatch: 500, decimationFinishConflicts: 20 };
