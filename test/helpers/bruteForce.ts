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

/**
 * Line logic's passes counted plainly: each pass takes every row, then every column, and fixes
 * the cells on which all placements of the line's clue that agree with the cells known so far
 * agree. 'solved' with the passes it took, or 'stalled' (a pass fixed nothing) with the passes
 * that fixed cells, or 'contradiction' (a line with no placement left), or 'progress' after
 * `maxPasses`; and the cells left open. For boards up to about 12 cells a side (every placement
 * of a line is listed).
 */
export function plainPasses(p: Puzzle, givens: readonly number[] = [], maxPasses = Infinity): { status: 'solved' | 'stalled' | 'contradiction' | 'progress'; passes: number; open: number } {
  const { width: w, height: h } = p;
  const known: (0 | 1 | undefined)[] = Array.from({ length: w * h }, () => undefined);
  for (const g of givens) known[g] = 1;
  const lines = [...p.rows.map((clue, y) => ({ clue, cells: Array.from({ length: w }, (_, x) => y * w + x) })), ...p.cols.map((clue, x) => ({ clue, cells: Array.from({ length: h }, (_, y) => y * w + x) }))];
  const options = lines.map((l) => placements(l.clue, l.cells.length));
  const open = () => known.filter((k) => k === undefined).length;
  for (let pass = 1; ; pass++) {
    if (pass > maxPasses) return { status: 'progress', passes: maxPasses, open: open() };
    let fixed = 0;
    for (let l = 0; l < lines.length; l++) {
      const cells = lines[l]!.cells;
      const fits = options[l]!.filter((line) => line.every((b, i) => known[cells[i]!] === undefined || known[cells[i]!] === b));
      if (fits.length === 0) return { status: 'contradiction', passes: pass - 1, open: open() };
      cells.forEach((c, i) => {
        if (known[c] === undefined && fits.every((line) => line[i] === fits[0]![i])) {
          known[c] = fits[0]![i] as 0 | 1;
          fixed++;
        }
      });
    }
    if (known.every((k) => k !== undefined)) return { status: 'solved', passes: pass, open: 0 };
    if (fixed === 0) return { status: 'stalled', passes: pass - 1, open: open() };
  }
}
