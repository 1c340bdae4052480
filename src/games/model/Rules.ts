import { InputError } from '../../errors.js';
import { answerSlots, winAnswer } from './Answer.js';
import { answerAlphabet, answersOf } from './answerAlphabet.js';
import { Game, type GameSpec } from './Game.js';

/**
 * The rules of a game with lies: the game, how many answers may be lies (`lies`, e), and
 * what happens when a guess is the secret (`end`):
 * - `truthful` (the default): the game ends at the first guess that is the secret; the
 *   code-maker always answers it `PA0B` (a lie may neither deny a right guess nor claim a wrong
 *   one). The final guess counts.
 * - `deniable`: the code-maker may also deny a right guess with a lie (any other answer),
 *   counted against e; the game ends when a guess is answered `PA0B`, which is never a lie.
 * Every other answer may be a lie, and which answers a lie may take is the lie rule (`lie`),
 * where the chapter is silent:
 * - `any` (the default): any answer of the game's alphabet but the true one, also one that no
 *   code could give to that guess (it then only tells the breaker that a lie was spent);
 * - `plausible`: only answers that some code gives to that guess (1111 in Mastermind 4x6 has
 *   5: xA0B; 1234 has all 14). A weaker code-maker: upper bounds carry over to it, lower bounds
 *   need their own proof. In the AB game every guess gets every answer, so the rules agree.
 * With e = 0 all of these are the classic game (Knuth's 5 for Mastermind, 7 for the AB game).
 */
export type EndRule = 'truthful' | 'deniable';

export const END_RULES: readonly EndRule[] = ['truthful', 'deniable'];

export type LieRule = 'any' | 'plausible';

export const LIE_RULES: readonly LieRule[] = ['any', 'plausible'];

export interface RulesSpec extends GameSpec {
  readonly lies: number;
  readonly end?: EndRule;
  readonly lie?: LieRule;
}

/** The most lies a game may allow (levels are small arrays; 3 is already far past what is searched). */
export const MAX_LIES = 9;

export class Rules {
  readonly game: Game;
  readonly lies: number;
  readonly end: EndRule;
  readonly lie: LieRule;
  /** The answers the code-maker may give, packed, ascending (see answerAlphabet). */
  readonly alphabet: readonly number[];
  /** The packed `PA0B`. */
  readonly win: number;
  /** `any`: the alphabet as a mask by packed answer; `plausible`: per guess shape, cached. */
  private readonly alphabetMask: Uint8Array;
  private readonly masksByShape = new Map<string, Uint8Array>();

  constructor(spec: RulesSpec) {
    this.game = spec instanceof Rules ? spec.game : new Game(spec);
    if (!Number.isInteger(spec.lies) || spec.lies < 0 || spec.lies > MAX_LIES) {
      throw new InputError('E_GAME', `lies ${spec.lies}: expected a whole number from 0 to ${MAX_LIES}`);
    }
    const end = spec.end ?? 'truthful';
    if (!END_RULES.includes(end)) throw new InputError('E_GAME', `end rule '${String(end)}': expected truthful or deniable`);
    const lie = spec.lie ?? 'any';
    if (!LIE_RULES.includes(lie)) throw new InputError('E_GAME', `lie rule '${String(lie)}': expected any or plausible`);
    this.lies = spec.lies;
    this.end = end;
    this.lie = lie;
    this.alphabet = spec instanceof Rules ? spec.alphabet : answerAlphabet(this.game);
    this.win = winAnswer(this.game.pegs);
    this.alphabetMask = new Uint8Array(answerSlots(this.game.pegs));
    for (const a of this.alphabet) this.alphabetMask[a] = 1;
  }

  /**
   * The answers guess g (a code index) may get, as a mask by packed answer: every answer of the
   * alphabet under the `any` rule; under `plausible` those some code gives to g (they depend
   * only on how often g holds each symbol, so they are found once per shape). Do not modify.
   */
  answersFor(g: number): Uint8Array {
    if (this.lie === 'any') return this.alphabetMask;
    const digits = this.game.digits(g);
    const counts = new Map<number, number>();
    for (const d of digits) counts.set(d, (counts.get(d) ?? 0) + 1);
    const shape = [...counts.values()].sort((a, b) => b - a).join(',');
    let mask = this.masksByShape.get(shape);
    if (!mask) {
      mask = new Uint8Array(answerSlots(this.game.pegs));
      answersOf(this.game, digits, mask);
      this.masksByShape.set(shape, mask);
    }
    return mask;
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

  /** The same game with another number of lies, end rule or lie rule. */
  with(changes: { lies?: number; end?: EndRule; lie?: LieRule }): Rules {
    return new Rules({ ...this.spec(), ...changes });
  }

  spec(): Required<RulesSpec> {
    return { kind: this.game.kind, pegs: this.game.pegs, symbols: this.game.symbols, lies: this.lies, end: this.end, lie: this.lie };
  }

  /** The rules as one string: equal for the same game and rules, different otherwise. */
  key(): string {
    return JSON.stringify(this.spec());
  }

  /** For messages: `Mastermind with 4 pegs of 6 colours, at most 1 lie (truthful end)`, `..., plausible lies)`. */
  describe(): string {
    return `${this.game.name}, at most ${this.lies} lie${this.lies === 1 ? '' : 's'} (${this.end} end${this.lie === 'plausible' ? ', plausible lies' : ''})`;
  }
}
