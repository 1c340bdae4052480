import { concatLevels, levelsSize, type Levels } from '../tuple/Levels.js';
import { GAMES_TUNING } from '../tuning.js';
import type { RankedGuess, SearchContext } from './SearchContext.js';

export interface BudgetedSearchOptions {
  /** Guesses tried at a node before it is given up (the k of k-branching). */
  readonly branch: number;
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
 * Returns the subtree's text, or null when no tried guess wins within h; throws SearchTimeout
 * at the context's deadline.
 */
export class BudgetedSearch {
  nodes = 0;

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
    if (codes <= options.ruleMaxCodes && ctx.ruleWins(levels, h, options.ruleNodes) === true) return '*';
    // Small tuples rank their own codes first, large games a sample; all codes only if those fail.
    const tried = new Set<number>();
    const lists: (() => RankedGuess[])[] = [];
    const pool = ctx.guessPool(levels, history, codes);
    if (pool) lists.push(() => ctx.rank(levels, h, pool));
    else {
      if (codes <= GAMES_TUNING.CANDIDATE_FIRST_CODES.value) lists.push(() => ctx.rank(levels, h, concatLevels(levels)));
      else if (ctx.table.size > 2 * GAMES_TUNING.GUESS_SAMPLE.value) lists.push(() => ctx.rank(levels, h, sampled(levels, ctx.table.size)));
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
