import type { Grid } from '../grid/Puzzle.js';
import { lineMoves } from '../solve/switchNeighbour.js';

/**
 * Cores found without any SAT call: "switches", the smallest local ambiguities of a picture.
 *
 * Cells a=(r1,c1) and d=(r2,c2) black, b=(r1,c2) and e=(r2,c1) white. Making a and d white and
 * b and e black changes two rows and two columns only; when each of those four lines keeps its
 * clue, the result is a second picture with the same clues. Every valid annotation (for either
 * receiver: line-solvable implies unique) must then give a or d black, so {a, d} is a core.
 * Per line, "moving a black cell from i to j keeps the clue" is computed once (lineMoves), so
 * the whole search costs O(n^4) simple steps (a few milliseconds at n = 35).
 */
export function switchCores(grid: Grid): number[][] {
  const { width: w, height: h, cells } = grid;
  const rowMove = (r: number) => lineMoves((x) => cells[r * w + x]!, w);
  const colMove = (c: number) => lineMoves((y) => cells[y * w + c]!, h);
  const rows = Array.from({ length: h }, (_, r) => rowMove(r));
  const cols = Array.from({ length: w }, (_, c) => colMove(c));
  const cores: number[][] = [];
  for (let r1 = 0; r1 < h; r1++) {
    for (let c1 = 0; c1 < w; c1++) {
      if (!cells[r1 * w + c1]) continue;
      for (let c2 = 0; c2 < w; c2++) {
        if (!rows[r1]!.has(c1 * w + c2)) continue;
        for (let r2 = 0; r2 < h; r2++) {
          if (r2 === r1 || !cells[r2 * w + c2] || cells[r2 * w + c1]) continue;
          if (!rows[r2]!.has(c2 * w + c1)) continue;
          if (!cols[c1]!.has(r1 * h + r2) || !cols[c2]!.has(r2 * h + r1)) continue;
          const a = r1 * w + c1;
          const d = r2 * w + c2;
          if (a < d) cores.push([a, d]);
        }
      }
    }
  }
  return cores;
}
