import { InputError } from '../../errors.js';
import { winAnswer } from './Answer.js';
import { answerAlphabet } from './answerAlphabet.js';
import { Game, type GameSpec } from './Game.js';

/**
 * The rules of a game with lies: the game, how many answers may be lies (`lies`, e), and
 * what happens when a guess is the secret (`end`):
 * - `truthful` (the default): the game ends at the first guess that is the secret; the
 *   code-maker always answers it `PA0B` (a lie may neither deny a right guess nor claim a wrong
 *   one). The final guess counts.
 * - `deniable`: the code-maker may also deny a right guess with a lie (any other answer),
 *   counted against e; the game ends when a guess is answered `PA0B`, which is never a lie.
 * Every other answer may be a lie: any answer of the game's alphabet but the true one.
 * With e = 0 both are the classic game (Knuth's 5 for Mastermind, 7 for the AB game).
 */
export type EndRule = 'truthful' | 'deniable';

export const END_RULES: readonly EndRule[] = ['truthful', 'deniable'];

export interface RulesSpec extends GameSpec {
  readonly lies: number;
  readonly end?: EndRule;
}

/** The most lies a game may allow (levels are small arrays; 3 is already far past what is searched). */
export const MAX_LIES = 9;

export class Rules {
  readonly game: Game;
  readonly lies: number;
  readonly end: EndRule;
  /** The answers the code-maker may give, packed, ascending (see answerAlphabet). */
  readonly alphabet: readonly number[];
  /** The packed `PA0B`. */
  readonly win: number;

  constructor(spec: RulesSpec) {
    this.game = spec instanceof Rules ? spec.game : new Game(spec);
    if (!Number.isInteger(spec.lies) || spec.lies < 0 || spec.lies > MAX_LIES) {
      throw new InputError('E_GAME', `lies ${spec.lies}: expected a whole number from 0 to ${MAX_LIES}`);
    }
    const end = spec.end ?? 'truthful';
    if (!END_RULES.includes(end)) throw new InputError('E_GAME', `end rule '${String(end)}': expected truthful or deniable`);
    this.lies = spec.lies;
    this.end = end;
    this.alphabet = spec instanceof Rules ? spec.alphabet : answerAlphabet(this.game);
    this.win = winAnswer(this.game.pegs);
  }

  get kind() {
    return this.game.kind;
  }
  get pegs() {
    return this.game.pegs;
  }
  get symbols() {
    return this.game.symbols;
  }

  /** The same game with another number of lies or end rule. */
  with(changes: { lies?: number; end?: EndRule }): Rules {
    return new Rules({ ...this.spec(), ...changes });
  }

  spec(): Required<RulesSpec> {
    return { kind: this.game.kind, pegs: this.game.pegs, symbols: this.game.symbols, lies: this.lies, end: this.end };
  }

  /** For messages: `Mastermind with 4 pegs of 6 colours, at most 1 lie (truthful end)`. */
  describe(): string {
    return `${this.game.name}, at most ${this.lies} lie${this.lies === 1 ? '' : 's'} (${this.end} end)`;
  }
}
