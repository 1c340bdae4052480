// Brute-force references used only by tests. They share no code with the solvers.
import type { Clue, Puzzle } from '../../src/grid/Puzzle.js';

/** Every 0/1 line of length n whose runs equal the clue. */
export function placements(clue: Clue, n: number): number[][] {
  const out: number[][] = [];
  for (let m = 0; m < 1 << n; m++) {
    const line = Array.from({ length: n }, (_, i) => (m >> i) & 1);
    const runs: number[] = [];
    let r = 0;
    for (const b of line) {
      if (b) r++;
      else if (r) (runs.push(r), (r = 0));
    }
    if (r) runs.push(r);
    if (runs.length === clue.length && runs.every((v, i) => v === clue[i])) out.push(line);
  }
  return out;
}

/** All solutions (up to `limit`), row placements x column check, givens black. */
export function bruteSolutions(p: Puzzle, limit = 2, givens: readonly number[] = []): Uint8Array[] {
  const rowOpts = p.rows.map((c) => placements(c, p.width));
  const sols: Uint8Array[] = [];
  const cur: number[][] = [];
  const colOk = (partial: boolean): boolean => {
    for (let x = 0; x < p.width; x++) {
      const runs: number[] = [];
      let r = 0;
      for (let y = 0; y < cur.length; y++) {
        if (cur[y]![x]) r++;
        else if (r) (runs.push(r), (r = 0));
      }
      const clue = p.cols[x]!;
      if (!partial) {
        if (r) runs.push(r);
        if (runs.length !== clue.length || runs.some((v, i) => v !== clue[i])) return false;
      } else {
        if (runs.length > clue.length || runs.some((v, i) => v !== clue[i])) return false;
        if (r && (runs.length >= clue.length || r > clue[runs.length]!)) return false;
      }
    }
    return true;
  };
  const rec = (y: number) => {
    if (sols.length >= limit) return;
    if (y === p.height) {
      if (colOk(false)) {
        const cells = new Uint8Array(p.width * p.height);
        cur.forEach((row, yy) => row.forEach((b, x) => (cells[yy * p.width + x] = b)));
        if (givens.every((g) => cells[g])) sols.push(cells);
      }
      return;
    }
    for (const opt of rowOpts[y]!) {
      cur.push(opt);
      if (colOk(true)) rec(y + 1);
      cur.pop();
    }
  };
  rec(0);
  return sols;
}

/** Deterministic pseudo-random numbers for reproducible sweeps. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

export function randomCells(w: number, h: number, density: number, rand: () => number): Uint8Array {
  const cells = new Uint8Array(w * h);
  for (let i = 0; i < cells.length; i++) cells[i] = rand() < density ? 1 : 0;
  return cells;
}
