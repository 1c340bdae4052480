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
 * The backward pass completes; a placement of run k at s weighs forward(s, k) x its cells x
 * backward(after it, k + 1), and adds that to every cell it covers (a difference array); each
 * placement's own weight is computed once, so the cost is O(length x runs x run length). Weights of 100 cells at 0.5 stay above 1e-31: no
 * rescaling is needed for lines up to a few hundred cells.
 *
 * Writes the marginals into `out` and returns false when no placement fits (a contradiction).
 */
/** Scratch space reused across calls (one line at a time in a thread), grown as needed. */
let scratch = new Float64Array(0);

export function lineMarginals(runs: Clue, black: ArrayLike<number>, domains: ArrayLike<number>, out: Float64Array): boolean {
  const clue = runs.filter((len) => len > 0);
  const n = domains.length;
  const K = clue.length;
  const S = K + 1;
  const need = 3 * n + 1 + 2 * (n + 1) * S + n * K;
  if (scratch.length < need) scratch = new Float64Array(need);
  const b = scratch.subarray(0, n);
  const w = scratch.subarray(n, 2 * n);
  const cover = scratch.subarray(2 * n, 3 * n + 1).fill(0);
  const fwd = scratch.subarray(3 * n + 1, 3 * n + 1 + (n + 1) * S).fill(0);
  const bwd = scratch.subarray(3 * n + 1 + (n + 1) * S, 3 * n + 1 + 2 * (n + 1) * S).fill(0);
  // place[i * K + k]: the weight of run k placed at i with its closing white cell (0: it does not fit).
  const place = scratch.subarray(3 * n + 1 + 2 * (n + 1) * S, need);
  for (let i = 0; i < n; i++) {
    b[i] = domains[i] === WHITE ? 0 : black[i]!;
    w[i] = domains[i] === BLACK ? 0 : 1 - black[i]!;
  }
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < K; k++) {
      const len = clue[k]!;
      let x = 0;
      if (i + len <= n) {
        x = i + len < n ? w[i + len]! : 1;
        for (let j = i; j < i + len && x > 0; j++) x *= b[j]!;
      }
      place[i * K + k] = x;
    }
  }
  const after = (s: number, k: number): number => Math.min(s + clue[k]! + 1, n);
  fwd[0] = 1;
  for (let i = 0; i < n; i++) {
    for (let k = 0; k <= K; k++) {
      const f = fwd[i * S + k]!;
      if (f === 0) continue;
      fwd[(i + 1) * S + k]! += f * w[i]!;
      if (k < K) {
        const x = place[i * K + k]!;
        if (x > 0) fwd[after(i, k) * S + k + 1]! += f * x;
      }
    }
  }
  const total = fwd[n * S + K]!;
  if (!(total > 0)) return false;
  bwd[n * S + K] = 1;
  for (let i = n - 1; i >= 0; i--) {
    for (let k = 0; k <= K; k++) {
      let x = w[i]! * bwd[(i + 1) * S + k]!;
      if (k < K) {
        const r = place[i * K + k]!;
        if (r > 0) x += r * bwd[after(i, k) * S + k + 1]!;
      }
      bwd[i * S + k] = x;
    }
  }
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < K; k++) {
      const f = fwd[i * S + k]!;
      const r = place[i * K + k]!;
      if (f === 0 || r === 0) continue;
      const p = (f * r * bwd[after(i, k) * S + k + 1]!) / total;
      cover[i]! += p;
      cover[i + clue[k]!]! -= p;
    }
  }
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += cover[i]!;
    out[i] = Math.min(1, Math.max(0, sum));
  }
  return true;
}
