import type { Puzzle } from '../grid/Puzzle.js';
import { linePasses } from '../line/LineStepper.js';
import { NonocryptError } from '../errors.js';
import type { SolveResult } from './SolveResult.js';

/**
 * A verdict with the passes line logic needs (stats.passes) when line logic alone solves the
 * puzzle: LineStepper's passes (every row, then every column), counted afresh from the clues and
 * the givens. Any other verdict is returned as it is.
 */
export function withPasses(r: SolveResult, puzzle: Puzzle, givens: readonly number[]): SolveResult {
  if (r.status !== 'unique' || !r.lineSolvable || !r.stats) return r;
  const count = linePasses(puzzle, givens);
  if (count.status !== 'solved') throw new NonocryptError('E_INTERNAL', `internal error: line logic solved the puzzle, but its passes ${count.status === 'stalled' ? 'stall' : 'contradict'}`);
  return { ...r, stats: { ...r.stats, passes: count.passes } };
}
