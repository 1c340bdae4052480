import type { Grid, Puzzle } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import { UNKNOWN, type PropagationStatus } from '../line/Propagator.js';
import { NonogramCore } from './NonogramCore.js';

/**
 * Propagation to a fixpoint on the core (engines/core), for the minimizer's oracles and the
 * checks "is this picture line-solvable": the same answers as line/Propagator.ts (propagation
 * has one fixpoint), from the solver's own bit-parallel line solver and its cache. Lines are
 * numbered rows first (0..H-1), then columns (H..H+W-1).
 *
 * Call order: construct; `run` any number of times; `dispose()` (frees the core's memory).
 */
export class CorePropagator {
  readonly width: number;
  readonly height: number;
  private readonly core: NonogramCore;

  constructor(readonly puzzle: Puzzle) {
    this.width = puzzle.width;
    this.height = puzzle.height;
    this.core = new NonogramCore(puzzle);
  }

  /** Fresh domains: every cell unknown. */
  unknownDomains(): Uint8Array {
    return new Uint8Array(this.width * this.height).fill(UNKNOWN);
  }

  /**
   * Narrow `domains` in place to the fixpoint, starting from the lines in `dirty` (default: all)
   * when the rest is a fixpoint already. `finishers`: see NonogramCore.propagate.
   */
  run(domains: Uint8Array, dirty?: readonly number[], finishers?: Uint8Array): PropagationStatus {
    return this.core.propagate(domains, dirty, finishers);
  }

  /** The lines through a cell. */
  linesOf(cell: number): [number, number] {
    return [Math.floor(cell / this.width), this.height + (cell % this.width)];
  }

  dispose(): void {
    this.core.dispose();
  }
}

/** Line logic alone finishes the picture's puzzle: it needs no annotation under either receiver. */
export function lineSolvable(grid: Grid): boolean {
  const p = new CorePropagator(puzzleOf(grid));
  try {
    return p.run(p.unknownDomains()) === 'solved';
  } finally {
    p.dispose();
  }
}
