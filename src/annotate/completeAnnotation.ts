import type { Grid } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import { UNKNOWN } from '../line/Propagator.js';
import { CorePropagator } from '../solve/CorePropagator.js';

/**
 * A valid (not small) annotation that needs no search: every black cell that propagation
 * leaves open. With all its black cells known, every line is settled, so the block is
 * line-solvable, hence valid for both receivers. The fallback when a block's worker had to be
 * stopped before the minimizer answered.
 */
export function completeAnnotation(grid: Grid): number[] {
  const p = new CorePropagator(puzzleOf(grid));
  const d = p.unknownDomains();
  p.run(d);
  p.dispose();
  const cells: number[] = [];
  for (let c = 0; c < d.length; c++) if (d[c] === UNKNOWN && grid.cells[c]) cells.push(c);
  return cells;
}
