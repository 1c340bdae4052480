import type { Clue } from '../grid/Puzzle.js';
import { BLACK, WHITE } from './lineAutomaton.js';

/**
 * The probability that each cell of one line is black, over the placements of its runs that fit
 * the cells' domains, each placement weighed by the product of its cells' priors (`black[i]` is
 * the prior that cell i is black, 1 - black[i] that it is white). Belief propagation's message
 * from a line to its cells is this marginal with the cell's own prior divided out
 * (solve/beliefDecimation.ts).
 *
 * Forward over "k runs placed and the next cell free" states: a free cell is white, or run k
 * starts there, covers its length and is followed by a white cell (none at the line's end).
 * The backward pass completes; a placement of run k at s weighs forward(k, s) x its cells x
 * backward(k + 1, after it), and adds that to every cell it covers (a difference array).
 *
 * Only the states that some placement of the clue alone can reach are visited: with k runs
 * placed, the next free cell lies between the runs before k packed to the left and the runs
 * from k on packed to the right. On a line of 100 cells at density 0.5 that window is about a
 * quarter of the line, so a pass costs O(runs x window) rather than O(runs x length). This
 * function was half of the CPU of `solve` on a 100x100 random board (node --cpu-prof, 90 s,
 * before the windows); with them a line of 100 cells at density 0.5 takes 34-42 us instead of
 * 199-227 (400 random lines, 20 times each, the same marginals to 3e-15; docs/results/solver-research.md).
 *
 * Weights of 100 cells at 0.5 stay above 1e-31: no rescaling is needed for lines up to a few
 * hundred cells.
 *
 * Writes the marginals into `out` and returns false when no placement fits (a contradiction).
 */
export function lineMarginals(runs: Clue, black: ArrayLike<number>, domains: ArrayLike<number>, out: Float64Array): boolean {
  const n = domains.length;
  const s = grow(n, runs.length);
  const len = s.len;
  let K = 0;
  for (const l of runs) if (l > 0) len[K++] = l;
  const { lo, hi } = s;
  // lo[k], hi[k]: the first and last free cell with k runs placed (left and right packing).
  lo[0] = 0;
  for (let k = 0; k < K; k++) lo[k + 1] = Math.min(n, lo[k]! + len[k]! + 1);
  hi[K] = n;
  for (let k = K - 1; k >= 0; k--) hi[k] = hi[k + 1]! - len[k]! - (k + 1 < K ? 1 : 0);
  for (let k = 0; k <= K; k++) if (hi[k]! < lo[k]!) return false;
  const N1 = n + 1;
  const b = s.b;
  const w = s.w;
  for (let i = 0; i < n; i++) {
    b[i] = domains[i] === WHITE ? 0 : black[i]!;
    w[i] = domains[i] === BLACK ? 0 : 1 - black[i]!;
  }
  // place[k * n + i]: the weight of run k at i with its closing white cell (0: it does not fit).
  const place = s.place;
  for (let k = 0; k < K; k++) {
    const l = len[k]!;
    for (let i = lo[k]!, end = hi[k]!; i <= end; i++) {
      let x = i + l < n ? w[i + l]! : 1;
      for (let j = i; j < i + l && x > 0; j++) x *= b[j]!;
      place[k * n + i] = x;
    }
  }
  const fwd = s.fwd.fill(0, 0, (K + 1) * N1);
  const bwd = s.bwd.fill(0, 0, (K + 1) * N1);
  fwd[0] = 1;
  for (let k = 0; k <= K; k++) {
    const row = k * N1;
    const end = hi[k]!;
    const l = k < K ? len[k]! : 0;
    for (let i = lo[k]!; i <= end; i++) {
      const f = fwd[row + i]!;
      if (f === 0) continue;
      if (i < end) fwd[row + i + 1]! += f * w[i]!;
      if (k < K) {
        const x = place[k * n + i]!;
        if (x > 0) fwd[row + N1 + Math.min(i + l + 1, n)]! += f * x;
      }
    }
  }
  const total = fwd[K * N1 + n]!;
  if (!(total > 0)) return false;
  bwd[K * N1 + n] = 1;
  for (let k = K; k >= 0; k--) {
    const row = k * N1;
    const end = hi[k]!;
    const l = k < K ? len[k]! : 0;
    for (let i = k === K ? end - 1 : end; i >= lo[k]!; i--) {
      let x = i < end ? w[i]! * bwd[row + i + 1]! : 0;
      if (k < K) {
        const r = place[k * n + i]!;
        if (r > 0) x += r * bwd[row + N1 + Math.min(i + l + 1, n)]!;
      }
      bwd[row + i] = x;
    }
  }
  const cover = s.cover.fill(0, 0, n + 1);
  for (let k = 0; k < K; k++) {
    const row = k * N1;
    const l = len[k]!;
    for (let i = lo[k]!, end = hi[k]!; i <= end; i++) {
      const f = fwd[row + i]!;
      const r = place[k * n + i]!;
      if (f === 0 || r === 0) continue;
      const p = (f * r * bwd[row + N1 + Math.min(i + l + 1, n)]!) / total;
      cover[i]! += p;
      cover[i + l]! -= p;
    }
  }
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += cover[i]!;
    out[i] = Math.min(1, Math.max(0, sum));
  }
  return true;
}

/** Scratch space reused across calls (one line at a time in a thread), grown as needed. */
interface Scratch {
  len: Int32Array;
  lo: Int32Array;
  hi: Int32Array;
  b: Float64Array;
  w: Float64Array;
  cover: Float64Array;
  place: Float64Array;
  fwd: Float64Array;
  bwd: Float64Array;
  n: number;
  K: number;
}
let scratch: Scratch | undefined;

function grow(n: number, K: number): Scratch {
  if (scratch && scratch.n >= n && scratch.K >= K) return scratch;
  const N = Math.max(n, scratch?.n ?? 0);
  const R = Math.max(K, scratch?.K ?? 0);
  scratch = {
    len: new Int32Array(R),
    lo: new Int32Array(R + 1),
    hi: new Int32Array(R + 1),
    b: new Float64Array(N),
    w: new Float64Array(N),
    cover: new Float64Array(N + 1),
    place: new Float64Array(R * N),
    fwd: new Float64Array((R + 1) * (N + 1)),
    bwd: new Float64Array((R + 1) * (N + 1)),
    n: N,
    K: R,
  };
  return scratch;
}
