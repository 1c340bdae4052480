import type { AnswerTable } from './AnswerTable.js';
import { fewestLiesWins } from './fewestLies.js';
import { Partition, type Levels } from './Partition.js';
import type { Rules } from './Rules.js';
import { answerChars } from './StrategyText.js';
import { Symmetry } from './Symmetry.js';
import { Volume } from './Volume.js';

/**
 * The builders' common ground: ranking guesses, symmetry, the rule check, and writing
 * subtrees in the compact form (StrategyText.ts). A subtree is returned as text: '' for an
 * empty tuple (nothing to play), '*' for "the fewest-lies rule wins from here", or a node.
 */

/**
 * Tuples with at least this many codes get their guesses reduced by symmetry (below it the
 * canonical forms cost more than the guesses they save). Range 1-1000; not tuned.
 */
export const SYMMETRY_MIN_CODES = 40;
/** ... and only while the history is at most this long (deeper, few symmetries are left). */
export const SYMMETRY_MAX_DEPTH = 3;
/**
 * Tuples with at most this many codes first try guesses among their own codes only (a full
 * ranking costs size-of-game times the tuple; endgames nearly always have a good guess among
 * their codes); all codes are ranked when those fail. Range 0-200; 24 is not tuned: with it
 * and the fallback the AB game e = 1 reached 9, where its own codes alone stopped at 10.
 */
export const CANDIDATE_FIRST_CODES = 24;
/**
 * Games with more than twice this many codes first rank, past the symmetry range, only the
 * tuple's own codes and this many others (every k-th code), and all codes only if the best of
 * those fail: ranking every code is most of the search's time (a profile of the AB game e = 1:
 * 87 % in ranking). Range 200-5000.
 */
export const GUESS_SAMPLE = 1000;

/** The ranking of one guess: the heaviest child's weight and the sum of squared weights. */
export interface RankedGuess {
  readonly guess: number;
  readonly worst: number;
  readonly spread: number;
  /** The guess is a code of the tuple (it may win now). */
  readonly hit: boolean;
}

export class SearchContext {
  readonly part: Partition;
  readonly volume: Volume;
  readonly symmetry: Symmetry;
  readonly E: number;
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

  /** The guesses worth evaluating at this tuple: all codes, or one per symmetry class. */
  guessPool(levels: Levels, history: readonly number[], codes = Partition.size(levels)): ArrayLike<number> | undefined {
    if (codes >= SYMMETRY_MIN_CODES && history.length <= SYMMETRY_MAX_DEPTH) return this.symmetry.representatives(history);
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
    for (let i = 0; i < n; i++) {
      const r = this.weigh(levels, pool ? pool[i]! : i, weights);
      if (r.worst <= limit) out.push(r);
    }
    out.sort((a, b) => a.worst - b.worst || a.spread - b.spread || Number(b.hit) - Number(a.hit) || a.guess - b.guess);
    return out;
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
    for (const r of this.rules.alphabet) {
      if (r === win) continue;
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

/** Deadline reached: the search stops and its caller reports no strategy. */
export class SearchTimeout extends Error {
  constructor() {
    super('time limit reached');
  }
}

export interface BudgetedSearchOptions {
  /** Guesses tried at a node before it is given up (the k of k-branching). */
  readonly branch: number;
  /** `performance.now()` time to stop at. */
  readonly deadline?: number;
  /** Tuples with at most this many codes try the fewest-lies rule first. */
  readonly ruleMaxCodes: number;
  /** Guesses the rule check may look at per tuple. */
  readonly ruleNodes: number;
}

/**
 * Budgeted depth-first search for a strategy that wins within h guesses, proving each
 * subtree's bound as it is built: at a tuple, try the rule (small tuples), else the best
 * `branch` guesses by the volume ranking; a guess is taken when every child (heaviest first)
 * is won within h - 1 guesses; a child that fails sends the search to the next guess.
 * Returns the subtree's text, or null when no tried guess wins within h.
 */
export class BudgetedSearch {
  nodes = 0;

  constructor(
    readonly ctx: SearchContext,
    readonly options: BudgetedSearchOptions,
  ) {}

  solve(levels: Levels, h: number, history: number[]): string | null {
    const { ctx, options } = this;
    const codes = Partition.size(levels);
    if (codes === 0) return '';
    if (h <= 0 || !ctx.volume.allows(levels, h)) return null;
    if (options.deadline !== undefined && performance.now() > options.deadline) throw new SearchTimeout();
    if (codes <= options.ruleMaxCodes && ctx.ruleWins(levels, h, options.ruleNodes) === true) return '*';
    // Small tuples rank their own codes first, large games a sample; all codes only if those fail.
    const tried = new Set<number>();
    const lists: (() => RankedGuess[])[] = [];
    const pool = ctx.guessPool(levels, history, codes);
    if (pool) lists.push(() => ctx.rank(levels, h, pool));
    else {
      if (codes <= CANDIDATE_FIRST_CODES) lists.push(() => ctx.rank(levels, h, concatLevels(levels)));
      else if (ctx.table.size > 2 * GUESS_SAMPLE) lists.push(() => ctx.rank(levels, h, sampled(levels, ctx.table.size)));
      lists.push(() => ctx.rank(levels, h));
    }
    for (const list of lists) {
      const ranked = list();
      let tries = 0;
      for (let t = 0; t < ranked.length && tries < options.branch; t++) {
        const g = ranked[t]!.guess;
        if (tried.has(g)) continue;
        tried.add(g);
        tries++;
        const text = this.tryGuess(levels, h, history, g);
        if (text !== null) return text;
      }
    }
    return null;
  }

  /** The node for guess g if every child is won within h - 1, else null. */
  tryGuess(levels: Levels, h: number, history: number[], g: number): string | null {
    const { ctx } = this;
    const kids = ctx.part.liveAnswers(levels, g).map((r) => {
      const child = ctx.part.child(levels, g, r);
      return { r, child, w: ctx.volume.weight(child, h - 1) };
    });
    kids.sort((a, b) => b.w - a.w);
    const texts: [number, string][] = [];
    history.push(g);
    try {
      for (const k of kids) {
        const t = this.solve(k.child, h - 1, history);
        if (t === null) return null;
        texts.push([k.r, t]);
      }
    } finally {
      history.pop();
    }
    this.nodes++;
    texts.sort((a, b) => a[0] - b[0]);
    return ctx.nodeText(g, texts);
  }
}

/** The tuple's codes and GUESS_SAMPLE others spread evenly over the game. */
function sampled(levels: Levels, size: number): Int32Array {
  const own = concatLevels(levels);
  const step = Math.ceil(size / GUESS_SAMPLE);
  const out = new Int32Array(own.length + Math.ceil(size / step));
  out.set(own);
  let n = own.length;
  for (let c = 0; c < size; c += step) out[n++] = c;
  return out.subarray(0, n);
}

export function concatLevels(levels: Levels): Int32Array {
  const out = new Int32Array(Partition.size(levels));
  let n = 0;
  for (const l of levels) {
    out.set(l, n);
    n += l.length;
  }
  return out;
}
