import { NonocryptError } from '../../errors.js';
import { compareRanked, SearchContext, type RankedGuess } from '../build/SearchContext.js';
import { Deadline, SearchTimeout } from '../Deadline.js';
import { AnswerTable } from '../model/AnswerTable.js';
import type { Turn } from '../model/History.js';
import { Knowledge } from '../model/Knowledge.js';
import type { Rules } from '../model/Rules.js';
import { concatLevels, levelsSize, type Levels } from '../tuple/Levels.js';
import { GAMES_TUNING } from '../tuning.js';

/**
 * The next guess to play after a history, and the partition it makes: for each answer the
 * code-maker may give, the sizes of C^(0..e) afterwards.
 *
 * The guess is the one the strategy search would try first: with h the fewest guesses the
 * volume bound allows from here (raised until some guess passes), the guess whose heaviest
 * child is lightest (volume weights with h - 1 left), then the most even, then one that may
 * win now. One code left: that code. Games past FULL_TABLE_MAX_CODES (tuning.ts) consider the
 * codes that fit (at most LARGE_GAME_POOL of them) instead of every code.
 *
 * A turn answered `PA0B` ends the game under both end rules (that answer is never a lie): when
 * the code fits the history, `over` says so and `guess` is the code. With a deadline the
 * ranking stops when it passes and the best guess ranked so far is returned (`complete` false,
 * `ranked` < `pool`); past it before any guess was ranked, `guess` is -1 and `complete` false.
 */
export interface NextGuess {
  /** The guess, a code index; -1 when no code fits the history (or, not complete, none was ranked). */
  readonly guess: number;
  /** The fewest guesses (this one included) the volume bound allows to finish; 0 when none fit or the game is over. */
  readonly lowerBound: number;
  /** The guess is one of the codes that fit (it may win now). */
  readonly mayWin: boolean;
  /** Per answer (packed), the level sizes after it; answers no code can get are left out. */
  readonly partition: { readonly answer: number; readonly counts: number[] }[];
  /** Level sizes now. */
  readonly counts: number[];
  /** The game ended at this turn (0-based), answered `PA0B`; `guess` is the code. */
  readonly over?: { readonly turn: number };
  /** False when the time limit cut the ranking short. */
  readonly complete: boolean;
  /** Guesses ranked, of `pool` (fewer when the time limit came first). */
  readonly ranked: number;
  readonly pool: number;
}

export interface NextOptions {
  readonly table?: AnswerTable;
  /** `performance.now()` time to stop ranking at. */
  readonly deadline?: number;
}

export function suggestNext(rules: Rules, turns: readonly Turn[], options: NextOptions = {}): NextGuess {
  AnswerTable.assertFits(rules.game);
  const deadline = new Deadline(options.deadline);
  const none = { guess: -1, lowerBound: 0, mayWin: false, partition: [], counts: [], complete: true, ranked: 0, pool: 0 };
  let ctx: SearchContext | undefined;
  try {
    ctx = SearchContext.of(rules, options.table, deadline);
    ctx.deadline = deadline;
    const levels = Knowledge.after(rules, ctx.table, turns).lists();
    const counts = levels.map((l) => l.length);
    if (levelsSize(levels) === 0) return { ...none, counts };
    const won = turns.findIndex((t) => t.answer === rules.win);
    if (won >= 0) return { ...none, counts, guess: turns[won]!.guess, mayWin: true, over: { turn: won } };
    return rankAll(ctx, levels, turns, counts);
  } catch (e) {
    if (e instanceof SearchTimeout) return { ...none, complete: false };
    throw e;
  } finally {
    if (ctx) ctx.deadline = Deadline.never;
  }
}

function rankAll(ctx: SearchContext, levels: Levels, turns: readonly Turn[], counts: number[]): NextGuess {
  const { FULL_TABLE_MAX_CODES, LARGE_GAME_POOL } = GAMES_TUNING;
  const lower = ctx.volume.lowerBound(levels);
  const pool =
    ctx.table.size > FULL_TABLE_MAX_CODES.value
      ? concatLevels(levels).slice(0, LARGE_GAME_POOL.value)
      : ctx.guessPool(
          levels,
          turns.map((x) => x.guess),
        ) ?? Int32Array.from({ length: ctx.table.size }, (_, i) => i);
  let best: RankedGuess | undefined;
  let ranked = 0;
  let complete = true;
  for (let h = Math.max(lower, 1); h <= ctx.volume.maxH && !best; h++) {
    // The guess ranked first with h left: the smallest by compareRanked among those whose
    // heaviest child the bound allows; at the time limit, the best ranked so far.
    const limit = ctx.volume.b(h - 1);
    const weights = ctx.childWeights(h - 1);
    let bestAny: RankedGuess | undefined;
    ranked = 0;
    try {
      for (let i = 0; i < pool.length; i++) {
        ctx.deadline.tick(levelsSize(levels));
        const r = ctx.weigh(levels, pool[i]!, weights);
        ranked++;
        if (!bestAny || compareRanked(r, bestAny) < 0) bestAny = r;
        if (r.worst <= limit && (!best || compareRanked(r, best) < 0)) best = r;
      }
    } catch (e) {
      if (!(e instanceof SearchTimeout) || !bestAny) throw e;
      best ??= bestAny;
      complete = false;
    }
  }
  if (!best) throw new NonocryptError('E_INTERNAL', 'internal error: no guess passes the volume bound');
  const guess = best.guess;
  const partition = ctx.part.liveAnswers(levels, guess).map((answer) => ({ answer, counts: ctx.part.child(levels, guess, answer).map((l) => l.length) }));
  return { guess, lowerBound: lower, mayWin: best.hit, partition, counts, complete, ranked, pool: pool.length };
}
