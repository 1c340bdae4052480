import { NonocryptError } from '../../errors.js';
import { checkGrid } from '../../grid/checkGrid.js';
import { gridsEqual, type Grid, type Puzzle } from '../../grid/Puzzle.js';
import type { SolveResult } from '../SolveResult.js';
import type { MakeTarget } from './PictureJudge.js';

/** A picture to make a puzzle of, and the options that name its cells, as makePuzzle takes them: a typed error for what cannot be used. */
export function checkMakeInput(width: number, height: number, cells: number, keep: readonly number[], maxChanges: number | undefined): void {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1)) {
    throw new NonocryptError('E_SIZE', `a picture of ${width}x${height} cells: each side must be a whole number of at least 1`);
  }
  if (cells !== width * height) throw new NonocryptError('E_SIZE', `${cells} cells (or grey levels) for a ${width}x${height} picture`);
  for (const c of keep) {
    if (!(Number.isInteger(c) && c >= 0 && c < width * height)) throw new NonocryptError('E_USAGE', `a cell to keep, ${c}, is off the ${width}x${height} board`);
  }
  if (maxChanges !== undefined && !(Number.isInteger(maxChanges) && maxChanges >= 0)) throw new NonocryptError('E_USAGE', `maxChanges must be a whole number, not ${maxChanges}`);
}

/** A limit on line logic's passes, as makePuzzle takes it: a whole number of 1 or more, with the target line-solvable. */
export function checkPassLimit(target: MakeTarget, maxPasses: number | undefined): void {
  if (maxPasses === undefined) return;
  if (!(Number.isInteger(maxPasses) && maxPasses >= 1)) throw new NonocryptError('E_USAGE', `maxPasses must be a whole number of at least 1, not ${maxPasses}`);
  if (target !== 'line-solvable') throw new NonocryptError('E_USAGE', `a limit on line logic's passes needs the goal line-solvable, not ${target}`);
}

/**
 * The search's answer, decided again: `solve` must find the picture unique with the target's
 * difficulty (and, with a pass limit, count that many passes or fewer), and the clue checker
 * must accept it. Anything else is a bug in the search.
 */
export function confirmMade(r: SolveResult, puzzle: Puzzle, picture: Grid, target: MakeTarget, maxPasses?: number): void {
  const fault = checkGrid(puzzle, picture);
  if (fault !== null) throw new NonocryptError('E_INTERNAL', `internal error: the made picture does not fit its own clues: ${fault}`);
  if (r.status === 'unknown') return; // the verdict's own time limit: reported, not a fault
  if (r.status !== 'unique' || !gridsEqual(r.grid, picture)) throw new NonocryptError('E_INTERNAL', `internal error: solve finds the made picture ${r.status}, not unique`);
  const difficulty = r.stats?.difficulty;
  const meets = target === 'unique' || (target === 'line-solvable' ? r.lineSolvable : difficulty === target);
  if (!meets) throw new NonocryptError('E_INTERNAL', `internal error: solve finds the made picture's difficulty ${difficulty ?? 'unknown'}, not ${target}`);
  const passes = r.stats?.passes;
  if (maxPasses !== undefined && !(passes !== undefined && passes <= maxPasses)) {
    throw new NonocryptError('E_INTERNAL', `internal error: line logic solves the made picture in ${passes ?? 'an unknown number of'} passes, not at most ${maxPasses}`);
  }
}
