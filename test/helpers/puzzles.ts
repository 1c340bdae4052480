// Puzzles with a known character, built deterministically for tests.
import { makeGrid, type Grid, type Puzzle } from '../../src/grid/Puzzle.js';
import { puzzleOf } from '../../src/grid/runsOf.js';
import { BLACK, Propagator } from '../../src/line/Propagator.js';
import { bruteSolutions, randomCells, rng } from './bruteForce.js';

/** Whether propagation alone leaves cells open (so deciding the puzzle needs SAT). */
export function stalls(puzzle: Puzzle, givens: readonly number[] = []): boolean {
  const p = new Propagator(puzzle);
  const d = p.unknownDomains();
  for (const c of givens) d[c] = BLACK;
  return p.run(d) === 'stalled';
}

/** The first random W x H picture (seeds from `seed` up) whose clues propagation leaves open. */
export function stalledGrid(width: number, height: number, density: number, seed = 1): Grid {
  for (let s = seed; ; s++) {
    const g = makeGrid(width, height, randomCells(width, height, density, rng(s)));
    if (stalls(puzzleOf(g))) return g;
  }
}

/**
 * A 6x6 puzzle that propagation cannot refute but that has no solution (only search can
 * prove it): a random picture's clues with two row clues of equal total exchanged.
 */
export function satUnsolvablePuzzle(seed = 4242): Puzzle {
  const rand = rng(seed);
  const sum = (c: readonly number[]) => c.reduce((s, v) => s + v, 0);
  for (let k = 0; k < 20_000; k++) {
    const p = puzzleOf(makeGrid(6, 6, randomCells(6, 6, 0.5, rand)));
    for (let a = 0; a < 6; a++) {
      for (let b = a + 1; b < 6; b++) {
        if (sum(p.rows[a]!) !== sum(p.rows[b]!) || p.rows[a]!.join() === p.rows[b]!.join()) continue;
        const rows = [...p.rows];
        [rows[a], rows[b]] = [rows[b]!, rows[a]!];
        const q: Puzzle = { ...p, rows };
        if (stalls(q) && bruteSolutions(q, 1).length === 0) return q;
      }
    }
  }
  throw new Error('no SAT-unsolvable 6x6 puzzle found');
}

/**
 * A random picture with exactly one solution that propagation cannot finish: deciding it
 * takes SAT, and the answer is `unique` with lineSolvable false.
 */
export function satUniqueGrid(width: number, height: number, density: number, seed = 1): Grid {
  for (let s = seed; ; s++) {
    const g = makeGrid(width, height, randomCells(width, height, density, rng(s)));
    const p = puzzleOf(g);
    if (stalls(p) && bruteSolutions(p, 2).length === 1) return g;
  }
}

/**
 * Random small puzzles with their pictures: sides 1..maxSide, density 0.3-0.7, every fifth with
 * one row clue broken (one run dropped, or [1] for an empty row), so that some have no solution.
 */
export function smallPuzzles(count: number, seed: number, maxSide: number): { puzzle: Puzzle; picture: Uint8Array }[] {
  const rand = rng(seed);
  const out: { puzzle: Puzzle; picture: Uint8Array }[] = [];
  for (let k = 0; k < count; k++) {
    const w = 1 + Math.floor(rand() * maxSide);
    const h = 1 + Math.floor(rand() * maxSide);
    const picture = randomCells(w, h, 0.3 + rand() * 0.4, rand);
    let puzzle = puzzleOf(makeGrid(w, h, picture));
    if (k % 5 === 4) {
      const rows = puzzle.rows.map((r) => [...r]);
      const y = Math.floor(rand() * h);
      rows[y] = rows[y]!.length ? rows[y]!.slice(1) : [1];
      puzzle = { ...puzzle, rows };
    }
    out.push({ puzzle, picture });
  }
  return out;
}
