import { NonocryptError } from '../../errors.js';
import { SearchContext } from '../build/SearchContext.js';
import type { AnswerTable } from '../model/AnswerTable.js';
import type { Turn } from '../model/History.js';
import { Knowledge } from '../model/Knowledge.js';
import type { Rules } from '../model/Rules.js';
import { concatLevels, levelsSize } from '../tuple/Levels.js';
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
 */
export interface NextGuess {
  /** The guess, a code index; -1 when no code fits the history. */
  readonly guess: number;
  /** The fewest guesses (this one included) the volume bound allows to finish; 0 when none fit. */
  readonly lowerBound: number;
  /** The guess is one of the codes that fit (it may win now). */
  readonly mayWin: boolean;
  /** Per answer (packed), the level sizes after it; answers no code can get are left out. */
  readonly partition: { readonly answer: number; readonly counts: number[] }[];
  /** Level sizes now. */
  readonly counts: number[];
}

export function suggestNext(rules: Rules, turns: readonly Turn[], table?: AnswerTable): NextGuess {
  const { MAX_ENUMERATED_CODES, FULL_TABLE_MAX_CODES, LARGE_GAME_POOL } = GAMES_TUNING;
  if (rules.game.size > MAX_ENUMERATED_CODES.value) {
    throw new NonocryptError('E_USAGE', `${rules.game.size} codes are too many to rank guesses over (at most ${MAX_ENUMERATED_CODES.value})`);
  }
  const ctx = SearchContext.of(rules, table);
  const t = ctx.table;
  const levels = Knowledge.after(rules, t, turns).lists();
  const counts = levels.map((l) => l.length);
  const codes = levelsSize(levels);
  if (codes === 0) return { guess: -1, lowerBound: 0, mayWin: false, partition: [], counts };
  const lower = ctx.volume.lowerBound(levels);
  const pool =
    rules.game.size > FULL_TABLE_MAX_CODES.value
      ? concatLevels(levels).slice(0, LARGE_GAME_POOL.value)
      : ctx.guessPool(levels, turns.map((x) => x.guess), codes);
  let guess = -1;
  let mayWin = false;
  for (let h = Math.max(lower, 1); h <= ctx.volume.maxH && guess < 0; h++) {
    const ranked = ctx.rank(levels, h, pool);
    if (ranked.length) {
      guess = ranked[0]!.guess;
      mayWin = ranked[0]!.hit;
    }
  }
  if (guess < 0) throw new NonocryptError('E_INTERNAL', 'internal error: no guess passes the volume bound');
  const partition = ctx.part.liveAnswers(levels, guess).map((answer) => ({ answer, counts: ctx.part.child(levels, guess, answer).map((l) => l.length) }));
  return { guess, lowerBound: lower, mayWin, partition, counts };
}
