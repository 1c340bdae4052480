import { makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { switchNeighbour } from '../src/solve/switchNeighbour.js';

/**
 * A random W x H picture (density `density`, from `rand`) with no 2x2 switch: while one exists,
 * one of its four cells is flipped. Drawn pictures with a switch are `multiple` at once (the
 * Draw tab knows the drawing and tries its switch first), so these are the large drawings that
 * stay hard: a random 100 x 100 one at density 0.5 needs about 40 flips (0.2 s) and was still
 * undecided after 10 s (scratch run, 2026-11-29). Used by the Draw benchmark and its test.
 */
export function switchFreePicture(width: number, height: number, density: number, rand: () => number): Grid {
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++) cells[i] = rand() < density ? 1 : 0;
  for (;;) {
    const grid = makeGrid(width, height, cells);
    const near = switchNeighbour(puzzleOf(grid), grid);
    if (!near) return grid;
    const moved: number[] = [];
    for (let i = 0; i < cells.length; i++) if (near.cells[i] !== cells[i]) moved.push(i);
    const c = moved[Math.floor(rand() * moved.length)]!;
    cells[c] = cells[c] ? 0 : 1;
  }
}
