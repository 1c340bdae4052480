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
    return this.classes(history, guesses, deadline).map((c) => c.rep);
  }

  /**
   * The classes of `guesses` (all codes when omitted): each with its first guess in the order
   * given (the representative) and its other members, classes in the order of their
   * representatives.
   */
  classes(history: readonly number[], guesses?: ArrayLike<number>, deadline: Deadline = Deadline.never): GuessClass[] {
    const P = this.table.pegs;
    const keep = this.fixers(history);
    const byKey = new Map<number, GuessClass>();
    const out: GuessClass[] = [];
    const n = guesses ? guesses.length : this.table.size;
    for (let i = 0; i < n; i++) {
      const g = guesses ? guesses[i]! : i;
      deadline.tick(P * keep.length);
      const key = this.canonicalKey(g, keep).key;
      const c = byKey.get(key);
      if (c) c.members.push(g);
      else {
        const fresh = { rep: g, members: [] };
        byKey.set(key, fresh);
        out.push(fresh);
      }
    }
    return out;
  }

  /**
   * A permutation that fixes every guess of `history` and maps `member` to `rep` (two guesses
   * of one class): positions and symbols, read as sigma(x)[i] = symbols[x[positions[i]]].
   */
  permutationTo(history: readonly number[], member: number, rep: number): CodePermutation {
    const keep = this.fixers(history);
    const m = this.canonical(member, keep);
    const r = this.canonical(rep, keep);
    if (m.key !== r.key) throw new Error(`internal error: ${member} and ${rep} are not in one class`);
    const P = this.table.pegs;
    const S = this.symbols;
    // c_x(y)[i] = label_x(y[pos_x[i]]) maps both to one form, so sigma = c_rep^-1 o c_member.
    const repPosInverse = new Uint8Array(P);
    for (let i = 0; i < P; i++) repPosInverse[r.positions[i]!] = i;
    const repLabelInverse = new Uint8Array(S);
    for (let v = 0; v < S; v++) repLabelInverse[r.labels[v]!] = v;
    const positions = Uint8Array.from({ length: P }, (_, i) => m.positions[repPosInverse[i]!]!);
    const symbols = Uint8Array.from({ length: S }, (_, v) => repLabelInverse[m.labels[v]!]!);
    return { positions, symbols };
  }

  /**
   * The position permutations that give the history its smallest relabelled form, with the
   * labels they leave (symbol -> label, -1 for symbols not in the history; the next free label).
   */
  private fixers(history: readonly number[]): Fixer[] {
    const P = this.table.pegs;
    const S = this.symbols;
    const digits = this.table.digits;
    let best: number[] | undefined;
    let keep: Fixer[] = [];
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
    return keep;
  }

  /**
   * The smallest form of guess g over the fixers (its key) and the position permutation and
   * full symbol labelling that give it (symbols new in g labelled in order of appearance, the
   * rest in increasing order after them).
   */
  private canonical(g: number, keep: readonly Fixer[]): { key: number; positions: Uint8Array; labels: Int16Array } {
    const P = this.table.pegs;
    const S = this.symbols;
    const digits = this.table.digits;
    const { key, at } = this.canonicalKey(g, keep);
    const { perm, labels, next } = keep[at]!;
    const full = Int16Array.from(labels);
    let free = next;
    for (let p = 0; p < P; p++) {
      const s = digits[g * P + perm[p]!]!;
      if (full[s] === -1) full[s] = free++;
    }
    for (let v = 0; v < S; v++) if (full[v] === -1) full[v] = free++;
    return { key, positions: perm, labels: full };
  }

  /** The smallest form's key of guess g over the fixers, and which fixer gives it. */
  private canonicalKey(g: number, keep: readonly Fixer[]): { key: number; at: number } {
    const P = this.table.pegs;
    const S = this.symbols;
    const digits = this.table.digits;
    let key = Infinity;
    let at = 0;
    const scratch = this.scratch;
    for (let f = 0; f < keep.length; f++) {
      const { perm, labels, next } = keep[f]!;
      scratch.set(labels);
      let free = next;
      let k = 0;
      for (let p = 0; p < P; p++) {
        const s = digits[g * P + perm[p]!]!;
        if (scratch[s] === -1) scratch[s] = free++;
        k = k * (S + 1) + scratch[s]!;
      }
      if (k < key) {
        key = k;
        at = f;
      }
    }
    return { key, at };
  }

  private readonly scratch = new Int16Array(64);
}

/** A class of guesses: its representative and its other members. */
export interface GuessClass {
  readonly rep: number;
  readonly members: number[];
}

/** sigma(x)[i] = symbols[x[positions[i]]]: a permutation of positions and one of symbols. */
export interface CodePermutation {
  readonly positions: Uint8Array;
  readonly symbols: Uint8Array;
}

interface Fixer {
  readonly perm: Uint8Array;
  readonly labels: Int16Array;
  readonly next: number;
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
