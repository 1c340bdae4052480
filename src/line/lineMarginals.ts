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
 * backward(after it, k + 1), and adds that to every cell it covers (a difference array), so the
 * cost is O(length x runs x run length). Weights of 100 cells at 0.5 stay above 1e-31: no
 * rescaling is needed for lines up to a few hundred cells.
 *
 * Writes the marginals into `out` and returns false when no placement fits (a contradiction).
 */
export function lineMarginals(runs: Clue, black: ArrayLike<number>, domains: ArrayLike<number>, out: Float64Array): boolean {
  const clue = runs.filter((len) => len > 0);
  const n = domains.length;
  const K = clue.length;
  const S = K + 1;
  const b = new Float64Array(n);
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    b[i] = domains[i] === WHITE ? 0 : black[i]!;
    w[i] = domains[i] === BLACK ? 0 : 1 - black[i]!;
  }
  /** The weight of run k placed at s with its closing white cell; 0 when it does not fit. */
  const run = (s: number, k: number): number => {
    const len = clue[k]!;
    if (s + len > n) return 0;
    let x = s + len < n ? w[s + len]! : 1;
    for (let j = s; j < s + len && x > 0; j++) x *= b[j]!;
    return x;
  };
  const after = (s: number, k: number): number => Math.min(s + clue[k]! + 1, n);
  const fwd = new Float64Array((n + 1) * S);
  fwd[0] = 1;
  for (let i = 0; i < n; i++) {
    for (let k = 0; k <= K; k++) {
      const f = fwd[i * S + k]!;
      if (f === 0) continue;
      fwd[(i + 1) * S + k]! += f * w[i]!;
      if (k < K) {
        const x = run(i, k);
        if (x > 0) fwd[after(i, k) * S + k + 1]! += f * x;
      }
    }
  }
  const total = fwd[n * S + K]!;
  if (!(total > 0)) return false;
  const bwd = new Float64Array((n + 1) * S);
  bwd[n * S + K] = 1;
  for (let i = n - 1; i >= 0; i--) {
    for (let k = 0; k <= K; k++) {
      let x = w[i]! * bwd[(i + 1) * S + k]!;
      if (k < K) {
        const r = run(i, k);
        if (r > 0) x += r * bwd[after(i, k) * S + k + 1]!;
      }
      bwd[i * S + k] = x;
    }
  }
  const cover = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < K; k++) {
      const f = fwd[i * S + k]!;
      if (f === 0) continue;
      const r = run(i, k);
      if (r === 0) continue;
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
