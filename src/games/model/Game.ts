import { InputError } from '../../errors.js';
import { symbolChar, symbolValue } from './symbolChar.js';

/**
 * A code-breaking game: its codes, how they are written, numbered and enumerated.
 *
 * - `mastermind`: P pegs of S colours, repetition allowed (S^P codes), symbols written `1`..`S`.
 * - `ab` (Bulls and Cows): P distinct digits out of S (S!/(S-P)! codes), written `0`..`S-1`.
 * Symbol values past 9 are written as letters: `A` = 10, `B` = 11, ... (read in either case),
 * so every code is P characters.
 *
 * Codes are numbered 0..size-1 in the lexicographic order of their written form (for both
 * games), so "the smallest code" is the same thing in every part of the library.
 * Inside, a code is P symbol values 0..S-1 (a Mastermind colour `1` is value 0).
 */
export type GameKind = 'mastermind' | 'ab';

export const GAME_KINDS: readonly GameKind[] = ['mastermind', 'ab'];

export interface GameSpec {
  readonly kind: GameKind;
  readonly pegs: number;
  readonly symbols: number;
}

/** Pegs 1..10 and symbols 1..36: a code index then fits a double exactly (36^10 < 2^53). */
export const MAX_PEGS = 10;
export const MAX_SYMBOLS = 36;

/** The default pegs and symbols of each game (the chapter's games). */
export function defaultSpec(kind: GameKind): GameSpec {
  return kind === 'mastermind' ? { kind, pegs: 4, symbols: 6 } : { kind, pegs: 4, symbols: 10 };
}

export class Game implements GameSpec {
  readonly kind: GameKind;
  readonly pegs: number;
  readonly symbols: number;
  /** The number of codes. */
  readonly size: number;
  /** Offset of the written symbol: 1 for Mastermind (`1`..`S`), 0 for the AB game. */
  readonly base: number;

  constructor(spec: GameSpec) {
    const { kind, pegs, symbols } = spec;
    if (!GAME_KINDS.includes(kind)) throw new InputError('E_GAME', `unknown game '${String(kind)}': expected mastermind or ab`);
    if (!Number.isInteger(pegs) || pegs < 1 || pegs > MAX_PEGS) throw new InputError('E_GAME', `pegs ${pegs}: expected a whole number from 1 to ${MAX_PEGS}`);
    if (!Number.isInteger(symbols) || symbols < 1 || symbols > MAX_SYMBOLS - (kind === 'mastermind' ? 1 : 0)) {
      throw new InputError('E_GAME', `symbols ${symbols}: expected a whole number from 1 to ${MAX_SYMBOLS - (kind === 'mastermind' ? 1 : 0)}`);
    }
    if (kind === 'ab' && pegs > symbols) throw new InputError('E_GAME', `the AB game needs at least as many digits as pegs (${pegs} pegs, ${symbols} digits)`);
    this.kind = kind;
    this.pegs = pegs;
    this.symbols = symbols;
    this.base = kind === 'mastermind' ? 1 : 0;
    let n = 1;
    for (let i = 0; i < pegs; i++) n *= kind === 'mastermind' ? symbols : symbols - i;
    this.size = n;
  }

  /** `mastermind 4x6`, `ab 4 of 10`: for messages. */
  get name(): string {
    return this.kind === 'mastermind' ? `Mastermind with ${this.pegs} pegs of ${this.symbols} colours` : `AB game with ${this.pegs} of ${this.symbols} digits`;
  }

  /** The symbol values of code `index`, written into `out` (length pegs). */
  digits(index: number, out: Uint8Array = new Uint8Array(this.pegs)): Uint8Array {
    const { pegs, symbols } = this;
    if (this.kind === 'mastermind') {
      for (let p = pegs - 1; p >= 0; p--) {
        out[p] = index % symbols;
        index = Math.floor(index / symbols);
      }
      return out;
    }
    // The AB game: the index in lexicographic order of P-permutations, digit by digit.
    const used = new Uint8Array(symbols);
    let block = this.size;
    for (let p = 0; p < pegs; p++) {
      block /= symbols - p;
      let rank = Math.floor(index / block);
      index -= rank * block;
      for (let d = 0; d < symbols; d++) {
        if (used[d]) continue;
        if (rank-- === 0) {
          out[p] = d;
          used[d] = 1;
          break;
        }
      }
    }
    return out;
  }

  /** The index of a code given by its symbol values; -1 when it is not a code of this game. */
  indexOf(digits: ArrayLike<number>): number {
    const { pegs, symbols } = this;
    if (digits.length !== pegs) return -1;
    let index = 0;
    if (this.kind === 'mastermind') {
      for (let p = 0; p < pegs; p++) {
        const d = digits[p]!;
        if (!(d >= 0 && d < symbols)) return -1;
        index = index * symbols + d;
      }
      return index;
    }
    const used = new Uint8Array(symbols);
    let block = this.size;
    for (let p = 0; p < pegs; p++) {
      const d = digits[p]!;
      if (!(d >= 0 && d < symbols) || used[d]) return -1;
      block /= symbols - p;
      let rank = 0;
      for (let x = 0; x < d; x++) if (!used[x]) rank++;
      index += rank * block;
      used[d] = 1;
    }
    return index;
  }

  /** The written form of a code (P characters). */
  format(index: number): string {
    return this.formatDigits(this.digits(index));
  }

  formatDigits(digits: ArrayLike<number>): string {
    let s = '';
    for (let p = 0; p < digits.length; p++) s += symbolChar(digits[p]! + this.base);
    return s;
  }

  /**
   * The index of a written code. `where` names the place in messages (e.g. `--history item 2`).
   * Throws E_CODE for a code that is not one of this game's.
   */
  parse(text: string, where: string): number {
    const t = text.trim();
    if (t.length !== this.pegs) {
      throw new InputError('E_CODE', `${where}: '${text}' is not a code: expected ${this.pegs} symbols (${this.symbolRange()})`);
    }
    const digits = new Uint8Array(this.pegs);
    for (let p = 0; p < this.pegs; p++) {
      const v = symbolValue(t[p]!) - this.base;
      if (!(v >= 0 && v < this.symbols)) {
        throw new InputError('E_CODE', `${where}: '${text}' is not a code: symbol '${t[p]}' at position ${p + 1} is not one of ${this.symbolRange()}`);
      }
      digits[p] = v;
    }
    const index = this.indexOf(digits);
    if (index < 0) throw new InputError('E_CODE', `${where}: '${text}' is not a code: the AB game's digits must all differ`);
    return index;
  }

  /** `1-6`, `0-9`, `1-9, A-C`: the symbols of this game, for messages. */
  symbolRange(): string {
    const first = symbolChar(this.base);
    const last = symbolChar(this.base + this.symbols - 1);
    return first === last ? first : `${first}-${last}`;
  }
}
