import { SearchTimeout } from '../Deadline.js';
import { concatLevels, levelsKey, levelsSize, type Levels } from '../tuple/Levels.js';
import { GAMES_TUNING } from '../tuning.js';
import type { RankedGuess, SearchContext } from './SearchContext.js';

export interface BudgetedSearchOptions {
  /**
   * Guesses tried at a node before it is given up (the k of k-branching); Infinity tries every
   * guess the volume ranking keeps, which makes the search exact (a null answer is then a
   * proof that no strategy wins within h).
   */
  readonly branch: number;
  /** Tuples with at most this many codes try the fewest-lies rule first. */
  readonly ruleMaxCodes: number;
  /** Guesses the rule check may look at per tuple. */
  readonly ruleNodes: number;
  /**
   * Answers the search may look up before it stops (SearchTimeout with BUDGET_SPENT): ranking
   * n guesses at a tuple of c codes counts n c, building a guess's children c; default no
   * limit. A measure of work that does not depend on the machine or its load.
   */
  readonly budget?: number;
}

/** The reason SearchTimeout carries when a BudgetedSearch used up its `budget`. */
export const BUDGET_SPENT = 'budget';

/**
 * Budgeted depth-first search for a strategy that wins within h guesses, proving each
 * subtree's bound as it is built: at a tuple, try the rule (small tuples), else the best
 * `branch` guesses by the volume ranking; a guess is taken when every child (heaviest first)
 * is won within h - 1 guesses; a child that fails sends the search to the next guess.
 * Returns the subtree's text, or null when no tried guess wins within h; throws SearchTimeout
 * at the context's deadline (or with BUDGET_SPENT past its `budget` of work).
 *
 * Transpositions: tuples up to STRATEGY_MEMO_MAX_CODES codes (tuning.ts) are remembered by
 * their levels, with the most guesses this search failed them within (taken as a failure
 * within fewer too) and the text of the fewest guesses it won them within (a subtree that wins
 * a tuple does so after any history, and with more guesses left). With branch Infinity a
 * remembered failure is exact (a tuple no strategy wins within h is won within no fewer); with
 * a finite branch it is the search's own verdict, as its other failures are.
 */
export class BudgetedSearch {
  nodes = 0;
  /** Tuples visited (every call that got past the volume check). */
  visits = 0;
  /** Answers looked up so far (see `budget`). */
  work = 0;
  private readonly failed = new Map<string, number>();
  private readonly won = new Map<string, { h: number; text: string }>();

  constructor(
    readonly ctx: SearchContext,
    readonly options: BudgetedSearchOptions,
  ) {}

  solve(levels: Levels, h: number, history: number[]): string | null {
    const { ctx, options } = this;
    const codes = levelsSize(levels);
    if (codes === 0) return '';
    if (h <= 0 || !ctx.volume.allows(levels, h)) return null;
    ctx.deadline.check();
    this.visits++;
    if (codes <= options.ruleMaxCodes && ctx.ruleWins(levels, h, options.ruleNodes) === true) return '*';
    const key = codes <= GAMES_TUNING.STRATEGY_MEMO_MAX_CODES.value ? levelsKey(levels) : undefined;
    if (key !== undefined) {
      const w = this.won.get(key);
      if (w && w.h <= h) return w.text;
      if ((this.failed.get(key) ?? 0) >= h) return null;
    }
    const text = this.search(levels, h, history, codes);
    if (key !== undefined && this.failed.size + this.won.size < GAMES_TUNING.STRATEGY_MEMO.value) {
      if (text === null) this.failed.set(key, Math.max(h, this.failed.get(key) ?? 0));
      else this.won.set(key, { h, text });
    }
    return text;
  }

  private search(levels: Levels, h: number, history: number[], codes: number): string | null {
    const { ctx, options } = this;
    // Small tuples rank their own codes first, large games a sample; all codes only if those fail.
    const tried = new Set<number>();
    const lists: (() => RankedGuess[])[] = [];
    const pool = ctx.guessPool(levels, history, codes);
    const rank = (guesses?: ArrayLike<number>) => {
      this.spend(codes * (guesses ? guesses.length : ctx.table.size));
      return ctx.rank(levels, h, guesses);
    };
    if (pool) lists.push(() => rank(pool));
    else {
      if (codes <= GAMES_TUNING.CANDIDATE_FIRST_CODES.value) lists.push(() => rank(concatLevels(levels)));
      else if (ctx.table.size > 2 * GAMES_TUNING.GUESS_SAMPLE.value) lists.push(() => rank(sampled(levels, ctx.table.size)));
      lists.push(() => rank());
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

  private spend(work: number): void {
    this.work += work;
    if (this.work > (this.options.budget ?? Infinity)) throw new SearchTimeout(BUDGET_SPENT);
  }

  /** The node for guess g if every child is won within h - 1, else null. */
  tryGuess(levels: Levels, h: number, history: number[], g: number): string | null {
    const { ctx } = this;
    this.spend(levelsSize(levels));
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

/** The tuple's codes and GUESS_SAMPLE (tuning.ts) others spread evenly over the game. */
function sampled(levels: Levels, size: number): Int32Array {
  const own = concatLevels(levels);
  const step = Math.ceil(size / GAMES_TUNING.GUESS_SAMPLE.value);
  const out = new Int32Array(own.length + Math.ceil(size / step));
  out.set(own);
  let n = own.length;
  for (let c = 0; c < size; c += step) out[n++] = c;
  return out.subarray(0, n);
}
