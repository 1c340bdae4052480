import type { CheckClock } from './CheckClock.js';
import type { CheckedRules } from './strategyHeader.js';

/**
 * The proof checker's own model of a game, from the rules alone and sharing no code with the
 * searches: every code as symbol values (in written order), written codes and their indices,
 * every answer between two codes counted here (packed x * (P + 1) + y in a byte table), the
 * answer alphabet, the answers each guess may get under the lie rule, how a guess and an
 * answer update a tuple, and the volume numbers a(k, h) and b(h).
 *
 * The volume bound it checks against (docs/explanation/games.md, "The volume bound"): a tuple that some
 * strategy wins within h guesses weighs at most b(h), where a code with k lies left weighs
 * a(k, h); with R answers in the alphabet
 *   a(k, 0) = 1, a(k, 1) = 1 (truthful; deniable: 2 when k >= 1), a(k, h) = a(k, h-1) + (R-2) a(k-1, h-1),
 *   b(0) = 0, b(1) = 1, b(h) = (R-1) b(h-1) + a(e, h) (truthful), or + max_k (a(k, h-1) - a(k-1, h-1)) (deniable).
 * It holds under both lie rules (the plausible rule's proof is in docs/explanation/games.md).
 */
export class ProofGame {
  readonly size: number;
  /** Every code, 0 to size - 1. */
  readonly codes: Int32Array;
  readonly pegs: number;
  readonly symbols: number;
  /** The written character of each symbol value. */
  readonly chars: readonly string[];
  /** Symbol values, `pegs` per code. */
  readonly digits: Uint8Array;
  /** answers[g * size + c]: the packed answer between codes g and c. */
  readonly answers: Uint8Array;
  readonly win: number;
  /** The packed answers some pair of codes gives. */
  readonly alphabet: readonly number[];
  private readonly index = new Map<string, number>();
  private readonly allowedByShape = new Map<string, Uint8Array>();
  /** allowed(g), once asked, by code. */
  private readonly allowedOf: (Uint8Array | undefined)[] = [];
  private readonly anyAllowed: Uint8Array;
  /** a[k][h] and b[h], exact (checked below 2^53). */
  private readonly a: number[][];
  private readonly b: number[];

  constructor(
    readonly rules: CheckedRules,
    readonly maxGuesses: number,
    bad: (why: string) => never,
    clock: CheckClock,
  ) {
    const { game, pegs: P, symbols: S } = rules;
    let n = 1;
    for (let i = 0; i < P; i++) n *= game === 'mastermind' ? S : S - i;
    if (n > PROOF_MAX_CODES) bad(`${n} codes are too many to check a proof for (at most ${PROOF_MAX_CODES})`);
    this.size = n;
    this.codes = Int32Array.from({ length: n }, (_, i) => i);
    this.pegs = P;
    this.symbols = S;
    const base = game === 'mastermind' ? 1 : 0;
    this.chars = Array.from({ length: S }, (_, v) => (v + base).toString(36).toUpperCase());
    this.digits = new Uint8Array(n * P);
    let at = 0;
    const cur = new Uint8Array(P);
    const used = new Uint8Array(S);
    const gen = (p: number): void => {
      if (p === P) {
        this.digits.set(cur, at * P);
        this.index.set(Array.from(cur, (v) => this.chars[v]).join(''), at);
        at++;
        return;
      }
      for (let v = 0; v < S; v++) {
        if (game === 'ab' && used[v]) continue;
        cur[p] = v;
        used[v] = 1;
        gen(p + 1);
        used[v] = 0;
      }
    };
    gen(0);
    this.win = P * (P + 1);
    this.answers = new Uint8Array(n * n);
    const seen = new Uint8Array((P + 1) * (P + 1));
    const tally = new Int32Array(S);
    for (let g = 0; g < n; g++) {
      clock.tick(n);
      for (let c = 0; c < n; c++) {
        const a = this.count(g, c, tally);
        this.answers[g * n + c] = a;
        seen[a] = 1;
      }
    }
    this.alphabet = [...seen.keys()].filter((a) => seen[a]);
    this.anyAllowed = seen;
    ({ a: this.a, b: this.b } = volumeNumbers(rules, this.alphabet.length, maxGuesses, bad));
  }

  /** The answer between codes g and c, counted: in place, then common symbols less those. */
  private count(g: number, c: number, tally: Int32Array): number {
    const P = this.pegs;
    const d = this.digits;
    let exact = 0;
    for (let p = 0; p < P; p++) {
      if (d[g * P + p] === d[c * P + p]) exact++;
      tally[d[g * P + p]!]!++;
    }
    let common = 0;
    for (let p = 0; p < P; p++) {
      const v = d[c * P + p]!;
      if (tally[v]! > 0) {
        tally[v]!--;
        common++;
      }
    }
    tally.fill(0);
    return exact * (P + 1) + (common - exact);
  }

  /** The index of a written code, or -1. */
  codeOf(text: string): number {
    return this.index.get(text) ?? -1;
  }

  format(code: number): string {
    let s = '';
    for (let p = 0; p < this.pegs; p++) s += this.chars[this.digits[code * this.pegs + p]!];
    return s;
  }

  /** `xAyB` of a packed answer. */
  answerText(a: number): string {
    return `${Math.floor(a / (this.pegs + 1))}A${a % (this.pegs + 1)}B`;
  }

  /**
   * The answers guess g may get, as a mask: the alphabet (any rule), or those some code gives
   * to g (plausible rule; they depend only on how often g holds each symbol).
   */
  allowed(g: number): Uint8Array {
    if (this.rules.lie === 'any') return this.anyAllowed;
    const known = this.allowedOf[g];
    if (known) return known;
    const counts = new Map<number, number>();
    for (let p = 0; p < this.pegs; p++) {
      const v = this.digits[g * this.pegs + p]!;
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const shape = [...counts.values()].sort((x, y) => y - x).join(',');
    let mask = this.allowedByShape.get(shape);
    if (!mask) {
      mask = new Uint8Array(this.anyAllowed.length);
      for (let c = 0; c < this.size; c++) mask[this.answers[g * this.size + c]!] = 1;
      this.allowedByShape.set(shape, mask);
    }
    this.allowedOf[g] = mask;
    return mask;
  }

  /**
   * The tuple after guess g is answered r (not PA0B): a code whose answer to g is r keeps its
   * level; any other moves up one (out past e); g itself leaves (truthful end) or moves up
   * (deniable end: the answer denied it). Levels are ascending lists of codes.
   */
  update(levels: readonly Int32Array[], g: number, r: number): Int32Array[] {
    const E = this.rules.lies;
    const answers = this.answers;
    const at = g * this.size;
    const deniable = this.rules.end === 'deniable';
    const stays = (c: number) => answers[at + c] === r;
    const moves = (c: number) => answers[at + c] !== r && (c !== g || deniable);
    const next: Int32Array[] = [];
    // Level j of the child: the codes of level j answering r, and those of level j - 1 that do
    // not (g itself only under the deniable end): two ascending runs, merged.
    for (let j = 0; j <= E; j++) {
      const stay = levels[j]!;
      const up = j > 0 ? levels[j - 1]! : NONE;
      let n = 0;
      for (const c of stay) if (stays(c)) n++;
      for (const c of up) if (moves(c)) n++;
      const out = new Int32Array(n);
      let p = 0;
      let q = 0;
      for (let k = 0; k < n; k++) {
        while (p < stay.length && !stays(stay[p]!)) p++;
        while (q < up.length && !moves(up[q]!)) q++;
        out[k] = q >= up.length || (p < stay.length && stay[p]! < up[q]!) ? stay[p++]! : up[q++]!;
      }
      next.push(out);
    }
    return next;
  }


  /** The weight of a code with k lies left and h guesses left. */
  weightOf(k: number, h: number): number {
    return this.a[k]![h]!;
  }

  /** The most weight a tuple that h guesses win can have. */
  capacity(h: number): number {
    return this.b[h]!;
  }

  /** A tuple's weight with h guesses left. */
  weight(levels: readonly Int32Array[], h: number): number {
    const E = this.rules.lies;
    let w = 0;
    levels.forEach((l, j) => (w += l.length * this.weightOf(E - j, h)));
    return w;
  }

  /**
   * What a code at level j weighs, with h guesses left, in a child where it moves up a level
   * (every child but its own answer's): a(e - j - 1, h), nothing past e.
   */
  private upWeight(j: number, h: number): number {
    const E = this.rules.lies;
    return j < E ? this.weightOf(E - j - 1, h) : 0;
  }

  /** What a code at level j adds to its own answer's child (where it stays) over upWeight: a(e - j, h) - a(e - j - 1, h). */
  private gain(j: number, h: number): number {
    return this.weightOf(this.rules.lies - j, h) - this.upWeight(j, h);
  }

  /** The weight of every code of the tuple moved up a level (h guesses left). */
  private movedUp(levels: readonly Int32Array[], h: number): number {
    let up = 0;
    levels.forEach((l, j) => (up += l.length * this.upWeight(j, h)));
    return up;
  }

  /**
   * Whether every guess outside the tuple has a child heavier than `cap`, with h guesses left
   * for the children, by counting: for such a guess no code answers PA0B, so (as in
   * guessesOver) child r weighs up + s(r), s(r) the sum of the gains of the codes answering r,
   * and the s(r) add up to G, the gains of all the tuple's codes, whatever the guess. They fall
   * on at most k = min(m, R - 1) answers (m codes in the tuple, each answering one of the
   * alphabet less PA0B), so the largest is at least G / k, and as a whole number at least its
   * ceiling; it is also at least the largest gain of one code (whose answer's sum holds it).
   * True when up plus the larger of the two passes cap; false says nothing (each guess is then
   * checked alone).
   */
  everyGuessOutsideOver(levels: readonly Int32Array[], h: number, cap: number): boolean {
    // A game of one answer (one code) has no answer to spread over.
    if (this.alphabet.length < 2) return false;
    let gains = 0;
    let codes = 0;
    let largest = 0;
    levels.forEach((l, j) => {
      gains += l.length * this.gain(j, h);
      codes += l.length;
      if (l.length > 0) largest = Math.max(largest, this.gain(j, h));
    });
    if (codes === 0) return this.movedUp(levels, h) > cap;
    const spread = Math.ceil(gains / Math.min(codes, this.alphabet.length - 1));
    return this.movedUp(levels, h) + Math.max(spread, largest) > cap;
  }

  /**
   * The weight of every child of guess g, by answer, into `into` (h guesses left for the
   * children), without making them: as in guessesOver, child r weighs the weight of every code
   * moved up (less g's under the truthful end, where g leaves) plus, over the codes answering r,
   * a(e-j, h) - a(e-j-1, h). An answer no code gives weighs just that base.
   */
  childWeights(levels: readonly Int32Array[], g: number, h: number, into: Float64Array): void {
    const E = this.rules.lies;
    const row = this.answers.subarray(g * this.size, (g + 1) * this.size);
    let base = this.movedUp(levels, h);
    into.fill(0);
    for (let j = 0; j <= E; j++) {
      const gain = this.gain(j, h);
      const l = levels[j]!;
      for (let i = 0; i < l.length; i++) {
        const r = row[l[i]!]!;
        if (r !== this.win) into[r] = into[r]! + gain;
        else if (this.rules.end === 'truthful') base -= this.upWeight(j, h);
      }
    }
    for (let r = 0; r < into.length; r++) into[r] = into[r]! + base;
  }

  /**
   * Which of `guesses` have a child heavier than `cap` at this tuple, with h guesses left for the
   * children: over[i] = 1 for guesses[i] (the array is reused by the next call). A code at level
   * j whose answer to g is r stays at j in child r and moves to j + 1 in every other child (out
   * past e; g itself only under the deniable end, truthful: it leaves). So child r weighs base(g)
   * + s(r): base(g) the weight of every code moved up (less g's own under the truthful end), s(r)
   * the sum over the codes answering r of a(e-j, h) - a(e-j-1, h), counting only answers g may
   * get and not PA0B; an answer no code gives has a child of just base(g). The sums only grow, so
   * a guess is over as soon as one passes cap - base(g).
   *
   * Code by code over the guesses still open, not guess by guess: the answers of every guess to
   * code c are c's row of the table (an answer is symmetric in its two codes: exact matches, and
   * common symbols, count the same both ways), and a guess leaves the open list once over.
   */
  guessesOver(levels: readonly Int32Array[], guesses: Int32Array, h: number, cap: number): Uint8Array {
    const E = this.rules.lies;
    const N = this.size;
    const n = guesses.length;
    const slots = this.anyAllowed.length;
    const { open, room, levelOf } = this.scratch();
    const over = this.overOf.subarray(0, n);
    const sums = this.sums.subarray(0, n * slots).fill(0);
    const allowed = this.allowedTable();
    const up = this.movedUp(levels, h);
    const truthful = this.rules.end === 'truthful';
    for (let j = 0; j <= E; j++) for (const c of levels[j]!) levelOf[c] = j;
    let live = 0;
    for (let i = 0; i < n; i++) {
      const g = guesses[i]!;
      const base = truthful && levelOf[g]! >= 0 ? up - this.upWeight(levelOf[g]!, h) : up;
      room[i] = cap - base;
      over[i] = room[i]! < 0 ? 1 : 0;
      if (!over[i]) open[live++] = i;
    }
    for (const l of levels) for (const c of l) levelOf[c] = -1;
    const answers = this.answers;
    const win = this.win;
    for (let j = 0; j <= E && live > 0; j++) {
      const gain = this.gain(j, h);
      // A code that weighs the same in every child moves no sum.
      if (gain === 0) continue;
      const l = levels[j]!;
      for (let k = 0; k < l.length && live > 0; k++) {
        const row = l[k]! * N;
        let m = 0;
        for (let x = 0; x < live; x++) {
          const i = open[x]!;
          const g = guesses[i]!;
          const r = answers[row + g]!;
          if (r !== win && allowed[g * slots + r]) {
            const at = i * slots + r;
            const s = (sums[at] = sums[at]! + gain);
            if (s > room[i]!) {
              over[i] = 1;
              continue;
            }
          }
          open[m++] = i;
        }
        live = m;
      }
    }
    return over;
  }

  private sums = new Float64Array(0);
  private overOf = new Uint8Array(0);
  private scratchOf: { open: Int32Array; room: Float64Array; levelOf: Int8Array } | undefined;
  private allowedFlat: Uint8Array | undefined;

  /** guessesOver's buffers, for up to every code (made once): levelOf stays -1 between calls. */
  private scratch(): { open: Int32Array; room: Float64Array; levelOf: Int8Array } {
    if (!this.scratchOf) {
      const N = this.size;
      this.scratchOf = { open: new Int32Array(N), room: new Float64Array(N), levelOf: new Int8Array(N).fill(-1) };
      this.sums = new Float64Array(N * this.anyAllowed.length);
      this.overOf = new Uint8Array(N);
    }
    return this.scratchOf;
  }

  /** a(k, h) (a[k][h]) and b(h), for h up to the proof's guesses. */
  volumeNumbers(): { readonly a: readonly (readonly number[])[]; readonly b: readonly number[] } {
    return { a: this.a, b: this.b };
  }

  /** allowed(g)[r] of every code g at g * slots + r (made once). */
  allowedTable(): Uint8Array {
    if (!this.allowedFlat) {
      const slots = this.anyAllowed.length;
      this.allowedFlat = new Uint8Array(this.size * slots);
      for (let g = 0; g < this.size; g++) this.allowedFlat.set(this.allowed(g), g * slots);
    }
    return this.allowedFlat;
  }
}

const NONE = new Int32Array(0);

/** The most codes the proof checker takes on (its table is size^2 bytes: 64 MB). */
const PROOF_MAX_CODES = 8192;

/** a(k, h) and b(h) for h up to maxGuesses, in BigInt, checked exact as numbers. */
function volumeNumbers(rules: CheckedRules, R: number, maxGuesses: number, bad: (why: string) => never): { a: number[][]; b: number[] } {
  const E = rules.lies;
  const deniable = rules.end === 'deniable';
  const H = Math.max(1, maxGuesses);
  const a: bigint[][] = Array.from({ length: E + 1 }, (_, k) => [1n, deniable && k > 0 ? 2n : 1n]);
  const b: bigint[] = [0n, 1n];
  const r = BigInt(R);
  for (let h = 2; h <= H; h++) {
    for (let k = 0; k <= E; k++) a[k]![h] = a[k]![h - 1]! + (k > 0 ? (r - 2n) * a[k - 1]![h - 1]! : 0n);
    let extra = 0n;
    if (deniable) {
      for (let k = 0; k <= E; k++) {
        const d = a[k]![h - 1]! - (k > 0 ? a[k - 1]![h - 1]! : 0n);
        if (d > extra) extra = d;
      }
    } else extra = a[E]![h]!;
    b[h] = (r - 1n) * b[h - 1]! + extra;
  }
  const exact = (v: bigint) => {
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) bad(`volume numbers past 2^53 (${v}): too many guesses to check`);
    return Number(v);
  };
  return { a: a.map((row) => row.map(exact)), b: b.map(exact) };
}
