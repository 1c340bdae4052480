import { Deadline } from '../Deadline.js';
import type { AnswerTable } from '../model/AnswerTable.js';
import { GAMES_TUNING } from '../tuning.js';
import { compareVectors } from './compareVectors.js';

/**
 * Symmetry of the games: permuting the positions and renaming the symbols (any permutation
 * of each; both games are closed under them and answers do not change). Two guesses g and g'
 * are equivalent after a history of guesses H when one permutation maps every guess of H to
 * itself and g to g': the tuples they lead to are images of each other, with the same class
 * sizes, so one of them stands for all (the searches evaluate it alone).
 *
 * Equivalence is decided by a canonical form: over the position permutations, relabel
 * symbols in order of first appearance along H then g, and take the smallest sequence. Only
 * the permutations that give H its smallest form can give the smallest form of (H, g), so
 * they are found once per history. Games with more than MAX_PERMUTED_PEGS pegs (tuning.ts)
 * use symbol renaming only (still sound, less reduction).
 */
export class Symmetry {
  private readonly perms: Uint8Array[];

  constructor(
    private readonly table: AnswerTable,
    private readonly symbols: number,
  ) {
    const P = table.pegs;
    this.perms = P <= GAMES_TUNING.MAX_PERMUTED_PEGS.value ? permutations(P) : [Uint8Array.from({ length: P }, (_, i) => i)];
  }

  /**
   * One guess of each class of `guesses` (all codes when omitted) under the permutations that
   * fix every guess of `history`, the first of each class in the order given; the work is
   * checked against `deadline`.
   */
  representatives(history: readonly number[], guesses?: ArrayLike<number>, deadline: Deadline = Deadline.never): number[] {
    const P = this.table.pegs;
    const S = this.symbols;
    const digits = this.table.digits;
    // The permutations that give the history its smallest relabelled form, with the labels
    // they leave (symbol -> label, and the next free label).
    let best: number[] | undefined;
    let keep: { perm: Uint8Array; labels: Int16Array; next: number }[] = [];
    for (const perm of this.perms) {
      const labels = new Int16Array(S).fill(-1);
      let next = 0;
      const seq: number[] = [];
      for (const h of history) {
        for (let p = 0; p < P; p++) {
          const s = digits[h * P + perm[p]!]!;
          if (labels[s] === -1) labels[s] = next++;
          seq.push(labels[s]!);
        }
      }
      const cmp = best ? compareVectors(seq, best) : -1;
      if (cmp < 0) {
        best = seq;
        keep = [];
      }
      if (cmp <= 0) keep.push({ perm, labels, next });
    }
    const seen = new Set<number>();
    const out: number[] = [];
    const n = guesses ? guesses.length : this.table.size;
    const scratch = new Int16Array(S);
    for (let i = 0; i < n; i++) {
      const g = guesses ? guesses[i]! : i;
      deadline.tick(P * keep.length);
      let key = Infinity;
      for (const { perm, labels, next } of keep) {
        scratch.set(labels);
        let free = next;
        let k = 0;
        for (let p = 0; p < P; p++) {
          const s = digits[g * P + perm[p]!]!;
          if (scratch[s] === -1) scratch[s] = free++;
          k = k * (S + 1) + scratch[s]!;
        }
        if (k < key) key = k;
      }
      if (!seen.has(key)) {
        seen.add(key);
        out.push(g);
      }
    }
    return out;
  }
}

function permutations(n: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const p = Uint8Array.from({ length: n }, (_, i) => i);
  const rec = (k: number) => {
    if (k === n) {
      out.push(p.slice());
      return;
    }
    for (let i = k; i < n; i++) {
      [p[k], p[i]] = [p[i]!, p[k]!];
      rec(k + 1);
      [p[k], p[i]] = [p[i]!, p[k]];
    }
  };
  rec(0);
  return out;
}
