import type { Grid } from './Puzzle.js';

/**
 * Row-major indices of the cells where two pictures of one board differ, ascending: what an
 * author must change when a puzzle has two solutions (the solver's two grids of a `multiple`
 * verdict). Throws a RangeError for pictures of different sizes.
 */
export function cellsThatDiffer(a: Grid, b: Grid): number[] {
  if (a.width !== b.width || a.height !== b.height || a.cells.length !== b.cells.length) {
    throw new RangeError(`pictures of different sizes: ${a.width} x ${a.height} and ${b.width} x ${b.height}`);
  }
  const out: number[] = [];
  for (let i = 0; i < a.cells.length; i++) if ((a.cells[i] ? 1 : 0) !== (b.cells[i] ? 1 : 0)) out.push(i);
  return out;
}
