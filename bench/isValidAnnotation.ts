import type { ReceiverModel } from '../src/annotate/ReceiverModel.js';
import type { Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { BLACK, Propagator } from '../src/line/Propagator.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';

/**
 * The benchmarks' own check of an annotation for its receiver, apart from the minimizer's:
 * `logic`, line logic alone reaches the picture from the givens; `unique`, the givens leave the
 * picture the one solution.
 */
export function isValid(grid: Grid, annotation: readonly number[], receiver: ReceiverModel): boolean {
  const puzzle = puzzleOf(grid);
  if (receiver === 'logic') {
    const p = new Propagator(puzzle);
    const d = p.unknownDomains();
    for (const c of annotation) d[c] = BLACK;
    if (p.run(d) !== 'solved') return false;
    for (let c = 0; c < d.length; c++) if ((d[c] === BLACK ? 1 : 0) !== grid.cells[c]) return false;
    return true;
  }
  const r = solvePuzzle(puzzle, { givens: annotation });
  return r.status === 'unique' && r.grid.cells.every((v, i) => v === grid.cells[i]);
}

