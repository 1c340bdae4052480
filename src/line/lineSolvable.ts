import type { Grid } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import { Propagator } from './Propagator.js';

/** Line logic alone finishes the picture's puzzle: it needs no annotation under either receiver. */
export function lineSolvable(grid: Grid): boolean {
  const p = new Propagator(puzzleOf(grid));
  return p.run(p.unknownDomains()) === 'solved';
}
