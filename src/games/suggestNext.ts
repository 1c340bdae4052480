import { NonocryptError } from '../errors.js';
import { FULL_TABLE_MAX_CODES, MAX_ENUMERATED_CODES, type AnswerTable } from './AnswerTable.js';
import type { Turn } from './History.js';
import { Knowledge } from './Knowledge.js';
import { Partition } from './Partition.js';
import type { Rules } from './Rules.js';
import { concatLevels } from './StrategySearch.js';
import { searchContext } from './SubtreeTask.js';

/**
 * The next guess to play after a history, and the partition it makes: for each answer the
 * code-maker may give, the sizes of C^(0..e) afterwards.
 *
 * The guess is the one the strategy search would try first: with h the fewest guesses the
 * volume bound allows from here (raised until some guess passes), the guess whose heaviest
 * child is lightest (volume weights with h - 1 left), then the most even, then one that may
 * win now. One code left: that code. Games past FULL_TABLE_MAX_CODES consider the codes that
 * fit (at most 2,000 of them) instead of every code.
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

/** Codes considered as guesses in games without a full table, at most. */
const LARGE_GAME_POOL = 2000;

export function suggestNext(rules: Rules, turns: readonly Turn[], table?: AnswerTable): NextGuess {
  if (rules.game.size > MAX_ENUMERATED_CODES) {
    throw new NonocryptError('E_USAGE', `${rules.game.size} codes are too many to rank guesses over (at most ${MAX_ENUMERATED_CODES})`);
  }
  const ctx = searchContext(rules, table);
  const t = ctx.table;
  const levels = Knowledge.after(rules, t, turns).lists();
  const counts = levels.map((l) => l.length);
  const codes = Partition.size(levels);
  if (codes === 0) return { guess: -1, lowerBound: 0, mayWin: false, partition: [], counts };
  const lower = ctx.volume.lowerBound(levels);
  const pool =
    rules.game.size > FULL_TABLE_MAX_CODES
      ? concatLevels(levels).slice(0, LARGE_GAME_POOL)
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
