import { Deadline } from '../Deadline.js';
import { AnswerTable, type SharedAnswers } from '../model/AnswerTable.js';
import type { Rules } from '../model/Rules.js';
import { fewestLiesWins } from '../tuple/fewestLies.js';
import { levelsSize, type Levels } from '../tuple/Levels.js';
import { Partition } from '../tuple/Partition.js';
import { Symmetry, type GuessClass } from '../tuple/Symmetry.js';
import { Volume } from '../tuple/Volume.js';
import { GAMES_TUNING } from '../tuning.js';
import { answerChars } from './StrategyTree.js';

/**
 * The builders' common ground: ranking guesses, symmetry, the rule check, and writing
 * subtrees in the compact form (StrategyTree.ts). A subtree is returned as text: '' for an
 * empty tuple (nothing to play), '*' for "the fewest-lies rule wins from here", or a node.
 * One context per game and thread: `SearchContext.of` keeps the last one made in this thread
 * (a worker builds subtrees of one game many times; a hint in `play` reuses the table).
 *
 * Call order: `of` (or the constructor), then per search set `deadline` (the loops over
 * guesses tick it), search, and set it back to `Deadline.never` (the context outlives the
 * search).
 */

/** The ranking of one guess: the heaviest child's weight and the sum of squared weights. */
export interface RankedGuess {
  readonly guess: number;
  readonly worst: number;
  readonly spread: number;
  /** The guess is a code of the tuple (it may win now). */
  readonly hit: boolean;
}

/** The ranking order: lightest heaviest child, then the most even, then one that may win now, then the smallest code. */
export function compareRanked(a: RankedGuess, b: RankedGuess): number {
  return a.worst - b.worst || a.spread - b.spread || Number(b.hit) - Number(a.hit) || a.guess - b.guess;
}

export class SearchContext {
  readonly part: Partition;
  readonly volume: Volume;
  readonly symmetry: Symmetry;
  readonly E: number;
  /** The current search's time limit (see the call order). */
  deadline: Deadline = Deadline.never;
  /** Scratch: child level sizes by answer. */
  private readonly below: Float64Array;

  constructor(
    readonly rules: Rules,
    readonly table: AnswerTable,
  ) {
    this.part = new Partition(rules, table);
    this.volume = new Volume(rules);
    this.symmetry = new Symmetry(table, rules.symbols);
    this.E = rules.lies;
    this.below = new Float64Array(rules.lies + 1);
  }

  /**
   * The context of this game in this thread: the one made last when it is for the same rules,
   * else a new one (on `table`, or a table on memory shared by another thread, or a new
   * table, made within `deadline`).
   */
  static of(rules: Rules, table?: AnswerTable | SharedAnswers, deadline: Deadline = Deadline.never): SearchContext {
    const key = rules.key();
    if (lastContext?.key !== key) {
      const t = table instanceof AnswerTable ? table : new AnswerTable(rules.game, table, deadline);
      lastContext = { key, ctx: new SearchContext(rules, t) };
    }
    return lastContext.ctx;
  }

  /**
   * The guesses at this tuple in classes: one class per symmetry class near the root (as
   * `guessPool`), else every code alone.
   */
  guessClasses(levels: Levels, history: readonly number[]): readonly GuessClass[] {
    if (this.symmetric(levelsSize(levels), history.length)) return this.symmetry.classes(history, undefined, this.deadline);
    this.singles ??= Array.from({ length: this.table.size }, (_, rep) => ({ rep, members: [] }));
    return this.singles;
  }

  private singles: GuessClass[] | undefined;

  /**
   * Whether guesses are put in symmetry classes at a tuple of `codes` codes after `depth`
   * guesses (SYMMETRY_MIN_CODES, SYMMETRY_MAX_DEPTH). Its children never are: they have no
   * more codes and one guess more.
   */
  symmetric(codes: number, depth: number): boolean {
    return codes >= GAMES_TUNING.SYMMETRY_MIN_CODES.value && depth <= GAMES_TUNING.SYMMETRY_MAX_DEPTH.value;
  }

  /** The guesses worth evaluating at this tuple: all codes, or one per symmetry class. */
  guessPool(levels: Levels, history: readonly number[], codes = levelsSize(levels)): ArrayLike<number> | undefined {
    if (this.symmetric(codes, history.length)) return this.symmetry.representatives(history, undefined, this.deadline);
    return undefined;
  }

  /**
   * Rank the guesses (all codes, or `pool`) by the volume of their children with h - 1
   * guesses left: those whose heaviest child the volume bound rules out are dropped; the rest
   * come lightest-heaviest-child first, then most even.
   */
  rank(levels: Levels, h: number, pool?: ArrayLike<number>): RankedGuess[] {
    const limit = this.volume.b(h - 1);
    const weights = this.childWeights(h - 1);
    const out: RankedGuess[] = [];
    const n = pool ? pool.length : this.table.size;
    const work = levelsSize(levels);
    for (let i = 0; i < n; i++) {
      this.deadline.tick(work);
      const r = this.weigh(levels, pool ? pool[i]! : i, weights);
      if (r.worst <= limit) out.push(r);
    }
    out.sort(compareRanked);
    return out;
  }

  /**
   * The one-step volume check at a tuple, made fast for the lower-bound search: for guess g,
   * the weight of its heaviest child with h guesses left when that is within b(h), else some
   * number above b(h) (Infinity: it stops counting as soon as one child is over).
   *
   * With w_j the weight of a code of level j (w_{e+1} = 0), the child of answer r weighs
   * base + sum over the codes c != g whose answer is r of (w_j(c) - w_j(c)+1), where base (every
   * code one level up, g itself only under the deniable end) is the same for every child: the
   * sums only grow, so a guess is refuted once one passes b(h) - base. The same numbers as
   * `weigh`'s, summed in another order (integers below 2^53, so exactly).
   */
  volumeRefuter(levels: Levels, h: number): (g: number) => number {
    const E = this.E;
    const win = this.rules.win;
    const truthful = this.rules.end === 'truthful';
    const w = new Float64Array(E + 2);
    for (let j = 0; j <= E; j++) w[j] = this.volume.a(E - j, h);
    const delta = Float64Array.from({ length: E + 1 }, (_, j) => w[j]! - w[j + 1]!);
    let baseAll = 0;
    for (let j = 0; j <= E; j++) baseAll += levels[j]!.length * w[j + 1]!;
    const limit = this.volume.b(h);
    // g's own share of baseAll is at most w[1] (it leaves under the truthful end).
    const threshold = limit - (truthful ? baseAll - w[1]! : baseAll);
    const sums = this.sums;
    const alphabet = this.rules.alphabet;
    const table = this.table;
    return (g: number): number => {
      for (const a of alphabet) sums[a] = 0;
      const row = table.row(g);
      let own = -1;
      for (let j = 0; j <= E; j++) {
        const d = delta[j]!;
        const l = levels[j]!;
        for (let i = 0; i < l.length; i++) {
          const a = row[l[i]!]!;
          if (a === win) {
            own = j;
            continue;
          }
          const s = (sums[a] = sums[a]! + d);
          if (s > threshold) return Infinity;
        }
      }
      let most = 0;
      for (const a of alphabet) if (sums[a]! > most) most = sums[a]!;
      const base = truthful && own >= 0 ? baseAll - w[own + 1]! : baseAll;
      return base + most;
    };
  }

  private readonly sums = new Float64Array(256);

  /**
   * Whether every guess outside the tuple has a child heavier than b(h), from the level sizes
   * alone. In the terms of `volumeRefuter`, child r of such a guess weighs base + S_r, where
   * the S_r add up to the sum over the tuple's codes of (w_j - w_{j+1}) and there are at most
   * R - 1 of them (the answers but PA0B): the heaviest is at least base plus that sum over
   * R - 1. Then only the tuple's own codes need to be counted (a code of the tuple is not in its
   * own sums, and under the truthful end not in its base either).
   */
  volumeRefutesOutside(levels: Levels, h: number): boolean {
    const E = this.E;
    let base = 0;
    let spread = 0;
    for (let j = 0; j <= E; j++) {
      const w = this.volume.a(E - j, h);
      const up = j < E ? this.volume.a(E - j - 1, h) : 0;
      base += levels[j]!.length * up;
      spread += levels[j]!.length * (w - up);
    }
    return base + spread / (this.rules.alphabet.length - 1) > this.volume.b(h);
  }

  /** weights[j]: the volume weight of a code of level j with t guesses left. */
  childWeights(t: number): Float64Array {
    const E1 = this.E + 1;
    const weights = new Float64Array(E1);
    for (let j = 0; j < E1; j++) weights[j] = this.volume.a(this.E - j, t);
    return weights;
  }

  /**
   * The volume weights of guess g's non-winning children, from its class counts alone (a
   * child of answer r holds the codes of level j whose answer is r, and the codes of level
   * j - 1 whose answer is not r): the heaviest, and the sum of squares.
   */
  weigh(levels: Levels, g: number, weights: Float64Array): RankedGuess {
    const E1 = this.E + 1;
    const win = this.rules.win;
    const truthful = this.rules.end === 'truthful';
    const below = this.below;
    const counts = this.part.count(levels, g);
    let hit = false;
    for (let j = 0; j < E1; j++) {
      const wins = counts[win * E1 + j]!;
      if (wins) hit = true;
      below[j] = levels[j]!.length - (truthful ? wins : 0);
    }
    let worst = 0;
    let spread = 0;
    const allowed = this.rules.answersFor(g);
    for (const r of this.rules.alphabet) {
      if (r === win || !allowed[r]) continue;
      let w = counts[r * E1]! * weights[0]!;
      for (let j = 1; j < E1; j++) w += (counts[r * E1 + j]! + below[j - 1]! - counts[r * E1 + j - 1]!) * weights[j]!;
      if (w > worst) worst = w;
      spread += w * w;
    }
    return { guess: g, worst, spread, hit };
  }

  /** Whether the fewest-lies rule wins this tuple within h guesses (undefined: too big to tell). */
  ruleWins(levels: Levels, h: number, nodes: number): boolean | undefined {
    return fewestLiesWins(this.part, levels, h, { nodes });
  }

  /**
   * A node's text from its guess and its children's texts by answer: '*' children are left to
   * the rule, '' children are not written.
   */
  nodeText(guess: number, children: readonly (readonly [number, string])[]): string {
    const P = this.rules.pegs;
    let explicit = '';
    let rest = false;
    for (const [a, t] of children) {
      if (t === '*') rest = true;
      else if (t !== '') explicit += answerChars(P, a) + t;
    }
    return this.rules.game.format(guess) + (explicit ? `{${explicit}}` : '') + (rest ? '*' : '');
  }
}

let lastContext: { key: string; ctx: SearchContext } | undefined;
