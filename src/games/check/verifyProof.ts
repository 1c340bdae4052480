import type { CheckClock } from './CheckClock.js';
import type { ProofCursor } from './ProofCursor.js';
import type { ProofGame } from './ProofGame.js';
import type { ProofKernel } from './ProofKernel.js';

/**
 * Walks a lower-bound proof's body (docs/reference/games-files.md, "Lower-bound proofs") against the tuples it
 * is about, computed here: the root (every code, no lie used) with h - 1 guesses left, and for
 * each entry the child of its guess and answer with one guess fewer. At each node:
 *
 * - `V<w>;`: the tuple weighs exactly w, and w > b(t);
 * - `(n,b:entries)`: t >= 1; each entry's guess and every class member is a code listed once
 *   at this node; a member's permutation is one (positions and symbols), maps the member to
 *   the entry's guess and fixes every guess on the path here (so the member's children are
 *   images of the guess's, lost alike); the answer is not PA0B, is one the guess may get, and
 *   its child is not empty and is proven lost by the entry's node; b is b(t - 1), every code
 *   not listed has a child heavier than b, and they are n;
 *   (version 2) the entries may end with `|`: then every code not listed and with no child
 *   heavier than b has an answer, found here (not PA0B, one the guess may get), whose child is
 *   not empty, has t - 1 >= 1 guesses left and every guess at it a child heavier than
 *   b(t - 2); the codes not listed, less those, are n;
 *   (version 3) or with `^`: the same, but the child found need only be lost one level further
 *   down: every guess at it has a child heavier than b(t - 2), or an answer, found here too,
 *   whose child (t - 2 >= 1 guesses left) has every guess a child heavier than b(t - 3); or with
 *   `~`, two levels further down (every guess at the child found has that or an answer whose
 *   child is found so, as after `^`);
 * - `#`: the split's tuple is remembered once its proof is checked; `@k;`: the tuple is the k-th
 *   most recent remembered one, proven with at least as many guesses left.
 *
 * Every guess is then refuted at every node, so no strategy wins the root within h - 1. The
 * first failure is returned with the line of guesses and answers that leads to it.
 */
export type ProofVerdict = { readonly ok: true; readonly positions: number; readonly units?: ProofUnits } | { readonly ok: false; readonly path: readonly string[]; readonly problem: string };

/**
 * A check by parts: the nodes `depth` guesses below the root are the units, numbered in the
 * order of the text from 0; this part checks units `index`, `index + count`, ... and only
 * reads past the others (their parentheses matched, nothing checked), while every node above
 * the units is checked by every part. Each part forgets the tuples remembered inside a unit when
 * the unit ends (keeping the unit's own), so every part resolves each `@k` to the same tuple, and
 * the whole proof holds when every part 0..count-1 accepts. A proof whose `@k` names a tuple
 * remembered inside an earlier unit fails here and must be checked whole; the search never
 * writes one when `depth` is at most the frontier's depth (an item starts with an empty memory).
 */
/** What a check by parts saw: units checked, units in all, and the splits it checked outside every unit (every part checks those). */
export interface ProofUnits {
  readonly checked: number;
  readonly total: number;
  readonly outside: number;
}

export interface ProofPart {
  /** 0-based. */
  readonly index: number;
  readonly count: number;
  /** Guesses from the root to a unit, at least 1. */
  readonly depth: number;
}

/** The marks that end a split whose other guesses the checker finds, by depth (1-3): the checker's own list, as it imports nothing from the writer. */
const MARKS = ['', '|', '^', '~'];

/** Splits checked between two calls of `onProgress`. */
const PROGRESS_EVERY = 1 << 14;

/** `onProgress`: every PROGRESS_EVERY splits, with the splits checked and the characters read so far. */
export function verifyProof(
  game: ProofGame,
  body: ProofCursor,
  guesses: number,
  clock: CheckClock,
  options: {
    /** How deep the split's end may leave proofs for the checker to find: 0 (version 1), 1 (`|`, version 2), 3 (`|`, `^` and `~`, version 3). */
    readonly found: 0 | 1 | 3;
    readonly onProgress?: (positions: number, characters: number) => void;
    readonly part?: ProofPart;
    /** The compiled loops (ProofKernel.ts) in place of ProofGame's: the same answers, faster. */
    readonly kernel?: ProofKernel;
  },
): ProofVerdict {
  return new ProofWalk(game, body, clock, options.found, options.onProgress, options.part, options.kernel).run(guesses);
}

class ProofFailure extends Error {}

/** The codes a split lists (entries and class members), and how many. */
class Listed {
  private readonly marks: Uint8Array;
  count = 0;

  constructor(size: number) {
    this.marks = new Uint8Array(size);
  }

  has(x: number): boolean {
    return this.marks[x] === 1;
  }

  /** False when x was listed already. */
  add(x: number): boolean {
    if (this.marks[x]) return false;
    this.marks[x] = 1;
    this.count++;
    return true;
  }
}

class ProofWalk {
  private readonly path: string[] = [];
  private readonly remembered: { key: string; t: number }[] = [];
  /** A guess's children's weights, by answer (someChildFound). */
  private readonly weights: Float64Array;
  private positions = 0;
  /** Units met and checked (a check by parts). */
  private units = 0;
  private unitsChecked = 0;
  /** Splits checked outside every unit. */
  private outside = 0;
  private inUnit = false;

  constructor(
    private readonly game: ProofGame,
    private readonly body: ProofCursor,
    private readonly clock: CheckClock,
    private readonly found: 0 | 1 | 3,
    private readonly onProgress?: (positions: number, characters: number) => void,
    private readonly part?: ProofPart,
    private readonly kernel?: ProofKernel,
  ) {
    this.weights = new Float64Array((game.pegs + 1) * (game.pegs + 1));
  }

  run(guesses: number): ProofVerdict {
    const levels = Array.from({ length: this.game.rules.lies + 1 }, (_, j) => (j === 0 ? Int32Array.from({ length: this.game.size }, (_, i) => i) : new Int32Array(0)));
    try {
      this.node(levels, guesses - 1, []);
      this.body.space();
      if (!this.body.atEnd()) this.fail(`text after the proof (character ${this.body.offset() + 1})`);
      return { ok: true, positions: this.positions, ...(this.part ? { units: { checked: this.unitsChecked, total: this.units, outside: this.outside } } : {}) };
    } catch (e) {
      if (e instanceof ProofFailure) return { ok: false, path: this.path, problem: e.message };
      throw e;
    }
  }

  private fail(why: string): never {
    throw new ProofFailure(why);
  }

  /** The next character that is not a space ('' at the end). */
  private peek(): string {
    this.body.space();
    return this.body.peek();
  }

  private expect(ch: string): void {
    const c = this.peek();
    if (c !== ch) this.fail(`expected '${ch}' at character ${this.body.offset() + 1}, found '${c || 'the end'}'`);
    this.body.skip();
  }

  private number(): number {
    this.body.space();
    const at = this.body.offset();
    const d = this.body.digits(20);
    if (!d) this.fail(`expected a number at character ${at + 1}`);
    return Number(d);
  }

  /** `n` characters, whitespace skipped before them. */
  private chars(n: number): string {
    this.body.space();
    const t = this.body.take(n);
    if (t.length < n) this.fail('the proof is cut short');
    return t;
  }

  private code(what: string): number {
    this.body.space();
    const start = this.body.offset();
    const text = this.chars(this.game.pegs);
    const c = this.game.codeOf(text.toUpperCase());
    if (c < 0) this.fail(`${what} '${text}' at character ${start + 1} is not a code of this game`);
    return c;
  }

  private key(levels: readonly Int32Array[]): string {
    return levels.map((l) => l.join(',')).join('|');
  }

  /** Checks the node at the cursor proves `levels` lost with t guesses left (or, a unit of another part, reads past it). */
  private node(levels: Int32Array[], t: number, history: number[]): void {
    const part = this.part;
    if (!part || history.length !== part.depth) return this.checkNode(levels, t, history);
    const base = this.remembered.length;
    const labelled = this.peek() === '#';
    if (this.units++ % part.count === part.index) {
      this.unitsChecked++;
      this.inUnit = true;
      this.checkNode(levels, t, history);
      this.inUnit = false;
    } else this.passNode(levels, t);
    // The unit's own tuple stays remembered; those inside it are forgotten (ProofPart).
    const own = labelled && this.remembered.length > base ? this.remembered.pop() : undefined;
    this.remembered.length = base;
    if (own) this.remembered.push(own);
  }

  /** Reads past a node another part checks, remembering its tuple when it is a labelled split, as checking it would. */
  private passNode(levels: readonly Int32Array[], t: number): void {
    this.clock.tick(1);
    const label = this.peek() === '#';
    if (label) this.body.skip();
    const c = this.peek();
    if (c === '(') {
      if (!this.body.skipGroup()) this.fail('the proof is cut short');
      if (label) this.remembered.push({ key: this.key(levels), t });
      return;
    }
    if (c !== 'V' && c !== '@') this.fail(`expected a node (V, @ or '(') at character ${this.body.offset() + 1}, found '${c || 'the end'}'`);
    for (this.body.skip(); this.peek() !== ';'; this.body.skip()) if (this.body.atEnd()) this.fail('the proof is cut short');
    this.body.skip();
  }

  /** Checks the node at the cursor proves `levels` lost with t guesses left. */
  private checkNode(levels: Int32Array[], t: number, history: number[]): void {
    const g = this.game;
    this.clock.tick(1);
    const label = this.peek() === '#';
    if (label) this.body.skip();
    const c = this.peek();
    if (c === 'V') {
      this.body.skip();
      const stated = this.number();
      this.expect(';');
      const weight = g.weight(levels, Math.max(t, 0));
      if (stated !== weight) this.fail(`a volume leaf says the tuple weighs ${stated} with ${t} guesses left; it weighs ${weight}`);
      const cap = t <= 0 ? 0 : g.capacity(t);
      if (!(weight > cap)) this.fail(`a volume leaf: weight ${weight} is not more than b(${t}) = ${cap}, so the volume bound does not rule the tuple out`);
      if (label) this.fail('a volume leaf cannot be labelled');
      return;
    }
    if (c === '@') {
      this.body.skip();
      const k = this.number();
      this.expect(';');
      const ref = this.remembered[this.remembered.length - k];
      // A check by parts forgets what was remembered inside a unit (ProofPart).
      const parts = this.part ? ` (a check by parts forgets the tuples remembered inside each node ${this.part.depth} guesses deep: check the proof whole, or with a smaller --part-depth)` : '';
      if (!ref || k === 0) this.fail(`@${k} names no remembered tuple (${this.remembered.length} so far)${parts}`);
      if (ref.key !== this.key(levels)) this.fail(`@${k} names another tuple than this one${parts}`);
      if (ref.t < t) this.fail(`@${k} was proven with ${ref.t} guesses left, this tuple needs ${t}`);
      return;
    }
    if (c !== '(') this.fail(`expected a node (V, @ or '(') at character ${this.body.offset() + 1}, found '${c || 'the end'}'`);
    this.body.skip();
    this.splitCounted(t);
    const statedCount = this.number();
    this.expect(',');
    const statedBound = this.number();
    this.expect(':');
    const listed = new Listed(g.size);
    // The split's end: `|`, `^` or `~` (depth 1, 2, 3), where the version allows it; 0 for none.
    const tail = (): number => {
      const depth = MARKS.indexOf(this.peek());
      return depth >= 1 && depth <= this.found ? depth : 0;
    };
    while (this.peek() !== ')' && !tail()) {
      if (this.body.atEnd()) this.fail('the proof is cut short');
      this.entry(levels, t, history, listed);
    }
    const cap = g.capacity(t - 1);
    if (statedBound !== cap) this.fail(`the split says b(${t - 1}) = ${statedBound}; it is ${cap}`);
    const answers = tail();
    if (answers) this.body.skip();
    // Every code not listed: a child heavier than b(t - 1), the bound the split states, or
    // (after `|`) an answer whose child is refuted wholly by volume, (after `^`, `~`) an answer
    // whose child is refuted so, guess by guess, or one (two) levels further down.
    const { codes, outside } = this.weighed(levels, t - 1, cap);
    let count = outside;
    let n = 0;
    const unlisted = new Int32Array(codes.length);
    for (const x of codes) if (!listed.has(x)) unlisted[n++] = x;
    const over = this.over(levels, unlisted.subarray(0, n), t - 1, cap);
    const notOver: number[] = [];
    for (let i = 0; i < n; i++) {
      if (over[i]) count++;
      else notOver.push(unlisted[i]!);
    }
    for (const x of notOver) {
      if (!answers) this.fail(`guess ${g.format(x)} is neither refuted in the proof nor by volume: no child of it weighs more than b(${t - 1}) = ${cap}`);
      const splits = this.someChildFound(levels, x, t - 1, answers);
      for (let i = 0; i < splits; i++) this.splitCounted(t - 1);
      if (splits === 0) {
        this.fail(
          answers === 1
            ? `guess ${g.format(x)} is not refuted by volume (no child of it weighs more than b(${t - 1}) = ${cap}), and no answer to it leaves a tuple whose every guess is refuted by volume, as '|' says`
            : `guess ${g.format(x)} is not refuted by volume (no child of it weighs more than b(${t - 1}) = ${cap}), and no answer to it leaves a tuple whose every guess is refuted by volume or, ${answers - 1} level${answers === 2 ? '' : 's'} down at most, by an answer that leaves such a tuple, as '${MARKS[answers]}' says`,
        );
      }
    }
    if (this.peek() !== ')') this.fail(answers ? `expected ')' after '${MARKS[answers]}' at character ${this.body.offset() + 1}` : 'the proof is cut short');
    this.body.skip();
    if (count !== statedCount) this.fail(`the split says ${statedCount} guesses are refuted by volume; they are ${count}`);
    if (label) this.remembered.push({ key: this.key(levels), t });
  }

  /** One more split checked (t guesses left). */
  private splitCounted(t: number): void {
    if (t < 1) this.fail(`a split with ${t} guesses left: a tuple with codes left and no guess is lost by volume (V)`);
    if (!this.inUnit) this.outside++;
    if (++this.positions % PROGRESS_EVERY === 0) this.onProgress?.(this.positions, this.body.offset());
  }

  /**
   * The codes to weigh one by one at a split whose children have h guesses left, in the order
   * of codes: only the tuple's own when the pigeonhole rule (ProofGame.everyGuessOutsideOver)
   * refutes every code outside it (`outside` of them), else every code.
   */
  private weighed(levels: readonly Int32Array[], h: number, cap: number): { codes: Int32Array; outside: number } {
    const g = this.game;
    if (!g.everyGuessOutsideOver(levels, h, cap)) return { codes: g.codes, outside: 0 };
    // A code is on one level at most: the levels side by side, sorted.
    const inside = new Int32Array(levels.reduce((n, l) => n + l.length, 0));
    let at = 0;
    for (const l of levels) {
      inside.set(l, at);
      at += l.length;
    }
    inside.sort();
    return { codes: inside, outside: g.size - inside.length };
  }

  /** Which of the guesses xs have a child heavier than cap (h guesses left for the children): 1 at their place; valid until the next call. */
  private over(levels: readonly Int32Array[], xs: Int32Array, h: number, cap: number): Uint8Array {
    this.clock.tick(xs.length * levels.reduce((n, l) => n + l.length, 1));
    return this.kernel ? this.kernel.over(levels, xs, h, cap) : this.game.guessesOver(levels, xs, h, cap);
  }

  /**
   * Whether some answer to guess x (not PA0B, one x may get) leaves a tuple, not empty, with t
   * guesses left, t >= 1, at which every guess has a child heavier than b(t - 1) (such a child is
   * lost by volume one step ahead), or, with depth d > 1, has that or an answer found so in turn
   * with depth d - 1 (t - 1 guesses left). The answers are tried heaviest child first (the one
   * that loses, as a rule). The splits so proven (0: none was found), for the count of splits
   * checked.
   */
  private someChildFound(levels: readonly Int32Array[], x: number, t: number, depth: number): number {
    const g = this.game;
    if (t < 1) return 0;
    if (this.kernel) {
      const splits = this.kernel.found(levels, x, t, depth);
      this.clock.tick((splits + 1) * levels.reduce((n, l) => n + l.length, 1));
      return splits;
    }
    const allowed = g.allowed(x);
    this.clock.tick(levels.reduce((n, l) => n + l.length, 1));
    const weights = this.weights;
    g.childWeights(levels, x, t, weights);
    const answers = g.alphabet.filter((r) => r !== g.win && allowed[r]).sort((p, q) => weights[q]! - weights[p]! || p - q);
    const cap = g.capacity(t - 1);
    for (const r of answers) {
      this.clock.tick(levels.reduce((n, l) => n + l.length, 1));
      const child = g.update(levels, x, r);
      if (child.every((l) => l.length === 0)) continue;
      const codes = this.weighed(child, t - 1, cap).codes;
      const over = this.over(child, codes, t - 1, cap);
      if (over.indexOf(0) < 0) return 1;
      if (depth === 1) continue;
      // `over` is the game's buffer, which the next weighing overwrites: the guesses left, first.
      const left: number[] = [];
      for (let i = 0; i < codes.length; i++) if (!over[i]) left.push(codes[i]!);
      let splits = 1;
      for (const y of left) {
        const below = this.someChildFound(child, y, t - 1, depth - 1);
        if (below === 0) {
          splits = 0;
          break;
        }
        splits += below;
      }
      if (splits > 0) return splits;
    }
    return 0;
  }

  /** An answer to `guess` (two characters), put on the path; PA0B and answers the guess cannot get fail. */
  private answer(guess: number): number {
    const g = this.game;
    this.body.space();
    const answerAt = this.body.offset();
    const pair = this.chars(2);
    const x = parseInt(pair[0]!, 36);
    const y = parseInt(pair[1]!, 36);
    if (!(x >= 0 && y >= 0 && x + y <= g.pegs)) this.fail(`'${pair}' at character ${answerAt + 1} is not an answer`);
    const r = x * (g.pegs + 1) + y;
    this.path.push(`${g.format(guess)}=${g.answerText(r)}`);
    if (r === g.win) this.fail('PA0B ends the game: it cannot be the answer that loses');
    if (!g.allowed(guess)[r] || !g.alphabet.includes(r)) this.fail(`${g.answerText(r)} is not an answer ${g.format(guess)} may get`);
    return r;
  }

  /** The tuple after guess g is answered r, which must not be empty. */
  private childOf(levels: readonly Int32Array[], guess: number, r: number): Int32Array[] {
    const g = this.game;
    const child = g.update(levels, guess, r);
    if (child.every((l) => l.length === 0)) this.fail(`no code is left after ${g.format(guess)} is answered ${g.answerText(r)}: that answer ends nothing`);
    return child;
  }

  /** One entry of a split: guess, answer, class members, the child's node. */
  private entry(levels: Int32Array[], t: number, history: number[], listed: Listed): void {
    const g = this.game;
    const guess = this.code('a guess');
    if (!listed.add(guess)) this.fail(`guess ${g.format(guess)} is listed twice at one node`);
    const r = this.answer(guess);
    if (this.peek() === '[') this.members(guess, history, listed);
    const child = this.childOf(levels, guess, r);
    history.push(guess);
    this.node(child, t - 1, history);
    history.pop();
    this.path.pop();
  }

  /** `[member=positions/symbols,...]`: each member is mapped to `guess`, fixing `history`. */
  private members(guess: number, history: readonly number[], listed: Listed): void {
    const g = this.game;
    const P = g.pegs;
    const S = g.symbols;
    this.expect('[');
    for (;;) {
      const member = this.code('a class member');
      if (!listed.add(member)) this.fail(`code ${g.format(member)} is listed twice at one node`);
      this.expect('=');
      this.body.space();
      const posAt = this.body.offset();
      const positions = [...this.chars(P)].map((ch) => parseInt(ch, 36) - 1);
      this.expect('/');
      const symbols = [...this.chars(S)].map((ch) => g.chars.indexOf(ch.toUpperCase()));
      if (new Set(positions).size !== P || positions.some((p) => !(p >= 0 && p < P))) this.fail(`the positions of ${g.format(member)}'s permutation (character ${posAt + 1}) are not a permutation of 1..${P}`);
      if (new Set(symbols).size !== S || symbols.some((v) => v < 0)) this.fail(`the symbols of ${g.format(member)}'s permutation are not a permutation of the game's symbols`);
      const image = (code: number) => {
        let s = '';
        for (let i = 0; i < P; i++) s += g.chars[symbols[g.digits[code * P + positions[i]!]!]!];
        return g.codeOf(s);
      };
      if (image(member) !== guess) this.fail(`the permutation of ${g.format(member)} maps it to ${image(member) < 0 ? 'no code' : g.format(image(member))}, not to ${g.format(guess)}`);
      for (const h of history) if (image(h) !== h) this.fail(`the permutation of ${g.format(member)} moves ${g.format(h)}, an earlier guess, to ${image(h) < 0 ? 'no code' : g.format(image(h))}`);
      if (this.peek() === ']') break;
      this.expect(',');
    }
    this.body.skip();
  }
}
