import type { Rules } from '../model/Rules.js';

/**
 * Volume bounds (Berlekamp's conservation of volume, extended to the end rules): a tuple that
 * can be won within h guesses has weight sum_j |C^(j)| * a(e - j, h) <= b(h).
 *
 * With R answers in the game's alphabet, a code that is not the guess goes to the child of
 * its true answer (same lies left) and, while it has a lie left, to each of the R - 2 other
 * children that are not `PA0B` (one lie fewer). So a(k, h) = a(k, h-1) + (R-2) a(k-1, h-1)
 * for h >= 2, and summing the children's bounds over the R - 1 non-winning answers gives b(h):
 * - truthful end: a(k, 1) = 1 and b(1) = 1 (one guess wins only when one code is left); the
 *   guess, when it is a candidate, leaves the tuple, so b(h) = (R-1) b(h-1) + a(e, h);
 * - deniable end: one guess wins only a code with no lie left: a(0, 1) = 1, a(k, 1) = 2 for
 *   k >= 1, b(1) = 1; the guess with k lies left goes to every other child with k - 1, so
 *   b(h) = (R-1) b(h-1) + max_k (a(k, h-1) - a(k-1, h-1)).
 * Both are proved by induction on h from the children's bounds (docs/explanation/games.md,
 * "The volume bound").
 * Values are exact while below 2^53; `exact(h)` says whether b(h) is.
 */
export class Volume {
  private readonly A: Float64Array[];
  private readonly B: Float64Array;
  readonly lies: number;

  constructor(rules: Rules, readonly maxH = 40) {
    const E = rules.lies;
    const R = rules.alphabet.length;
    this.lies = E;
    this.A = Array.from({ length: E + 1 }, () => new Float64Array(maxH + 1));
    this.B = new Float64Array(maxH + 1);
    const A = this.A;
    const deniable = rules.end === 'deniable';
    // h = 0: no guess left wins nothing; a pair then weighs more than b(0) = 0.
    for (let k = 0; k <= E; k++) A[k]![0] = 1;
    for (let k = 0; k <= E; k++) A[k]![1] = deniable && k > 0 ? 2 : 1;
    this.B[1] = 1;
    for (let h = 2; h <= maxH; h++) {
      for (let k = 0; k <= E; k++) A[k]![h] = A[k]![h - 1]! + (k > 0 ? (R - 2) * A[k - 1]![h - 1]! : 0);
      let extra: number;
      if (deniable) {
        extra = 0;
        for (let k = 0; k <= E; k++) extra = Math.max(extra, A[k]![h - 1]! - (k > 0 ? A[k - 1]![h - 1]! : 0));
      } else {
        extra = A[E]![h]!;
      }
      this.B[h] = (R - 1) * this.B[h - 1]! + extra;
    }
  }

  /** The weight of a pair with k lies left and h guesses left. */
  a(k: number, h: number): number {
    return this.A[k]![h]!;
  }

  /** The most weight a tuple that h guesses win can have. */
  b(h: number): number {
    return this.B[h]!;
  }


  /** The weight of a tuple given as code lists per level. */
  weight(levels: readonly ArrayLike<number>[], h: number): number {
    let w = 0;
    const E = this.lies;
    for (let j = 0; j <= E; j++) w += levels[j]!.length * this.A[E - j]![h]!;
    return w;
  }

  /** Whether the volume bound allows winning the tuple within h guesses. */
  allows(levels: readonly ArrayLike<number>[], h: number): boolean {
    if (h <= 0) return levels.every((l) => l.length === 0);
    return this.weight(levels, h) <= this.B[h]!;
  }

  /** The fewest guesses the volume bound allows for a tuple (up to maxH; maxH + 1 if none). */
  lowerBound(levels: readonly ArrayLike<number>[]): number {
    for (let h = 0; h <= this.maxH; h++) if (this.allows(levels, h)) return h;
    return this.maxH + 1;
  }
}
