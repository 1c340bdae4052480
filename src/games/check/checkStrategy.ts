import { InputError } from '../../errors.js';
import { CheckClock, CheckTimeout } from './CheckClock.js';
import { CheckGame } from './CheckGame.js';
import { playStrategy, type PlayOutcome } from './playStrategy.js';
import { readStrategyTree } from './readStrategyTree.js';
import { malformed, readStrategyHeader, rulesLabel } from './strategyHeader.js';

/**
 * The independent strategy checker. It shares no code with the builders (its files import
 * only each other and errors.ts; test/gamesImports.test.ts holds it to that): it reads the
 * strategy file's header (strategyHeader.ts) and tree in both forms (readStrategyTree.ts)
 * itself, enumerates the codes and computes answers itself (CheckGame.ts), and plays the tree
 * against every secret and every placement of at most e lies (playStrategy.ts), following
 * the fewest-lies rule itself where the tree leaves the rest to it.
 *
 * It reports the worst number of guesses over all plays, the average over secrets when no
 * answer is a lie, the average over all plays, and the number of plays; or the first line of
 * play that fails (a reachable answer with no move, more guesses than the file claims); or,
 * past its time limit, that it decided nothing.
 */
export interface CheckedTurn {
  readonly guess: string;
  readonly answer: string;
  /** The answer is not the true one for this secret. */
  readonly lie: boolean;
}

export type CheckReport =
  | {
      readonly valid: true;
      readonly game: string;
      readonly claimed: number | undefined;
      /** The most guesses any play needs. */
      readonly worst: number;
      /** Average guesses over the secrets when the code-maker never lies. */
      readonly averageTruthful: number;
      /** Average guesses over all plays (each secret and placement of lies once). */
      readonly averageAll: number;
      /** Plays: (secret, placement of lies) pairs, each a leaf of the tree. */
      readonly plays: number;
      readonly secrets: number;
    }
  | {
      readonly valid: false;
      readonly game: string;
      readonly claimed: number | undefined;
      readonly secret: string;
      readonly turns: readonly CheckedTurn[];
      readonly problem: string;
    }
  | {
      /** Not decided: the time limit came first. */
      readonly valid: null;
      readonly game: string;
      readonly claimed: number | undefined;
      readonly problem: string;
    };

export interface CheckOptions {
  /** `performance.now()` time after which the check stops and says nothing (`valid: null`). */
  readonly deadline?: number;
}

/** Check a strategy file given as its text (JSON). Malformed files throw E_STRATEGY. */
export function checkStrategy(text: string, where = 'strategy', options: CheckOptions = {}): CheckReport {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new InputError('E_STRATEGY', `${where}: not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  return checkStrategyObject(doc, where, options);
}

/** Check a strategy file's parsed JSON. */
export function checkStrategyObject(doc: unknown, where = 'strategy', options: CheckOptions = {}): CheckReport {
  const bad = malformed(where);
  const header = readStrategyHeader(doc, bad);
  const { claimed } = header;
  const clock = new CheckClock(options.deadline);
  try {
    const game = new CheckGame(header, bad, clock);
    const tree = readStrategyTree((doc as Record<string, unknown>).tree, header.pegs, game.index, bad);
    return report(game, claimed, playStrategy(game, tree, claimed, clock));
  } catch (e) {
    if (e instanceof CheckTimeout) return { valid: null, game: rulesLabel(header), claimed, problem: e.message };
    throw e;
  }
}

function report(game: CheckGame, claimed: number | undefined, r: PlayOutcome): CheckReport {
  if (!r.ok) {
    const secret = game.codes[r.secret]!;
    return {
      valid: false,
      game: game.label,
      claimed,
      secret,
      turns: r.path.map((t) => ({ guess: t.guess, answer: t.answer, lie: game.answer(t.guess, secret) !== t.answer })),
      problem: r.problem,
    };
  }
  return {
    valid: true,
    game: game.label,
    claimed,
    worst: r.worst,
    averageTruthful: r.truthfulSum / game.codes.length,
    averageAll: r.allSum / r.plays,
    plays: r.plays,
    secrets: game.codes.length,
  };
}
