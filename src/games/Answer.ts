import { InputError } from '../errors.js';
import type { Game } from './Game.js';

/**
 * Answers `xAyB`: x symbols right and in the right place, y right but in the wrong place
 * (Mastermind counts a colour as often as both codes hold it). An answer is packed into one
 * small number, `x * (P + 1) + y`, so it indexes arrays; `win(P)` is `PA0B`.
 */
export interface Answer {
  readonly exact: number;
  readonly near: number;
}

export const packAnswer = (pegs: number, exact: number, near: number): number => exact * (pegs + 1) + near;
export const unpackAnswer = (pegs: number, a: number): Answer => ({ exact: Math.floor(a / (pegs + 1)), near: a % (pegs + 1) });
/** The packed `PA0B`: the guess is the secret. */
export const winAnswer = (pegs: number): number => pegs * (pegs + 1);
/** One more than the largest packed answer: the length of arrays indexed by answers. */
export const answerSlots = (pegs: number): number => (pegs + 1) * (pegs + 1);

export function formatAnswer(pegs: number, a: number): string {
  const { exact, near } = unpackAnswer(pegs, a);
  return `${exact}A${near}B`;
}

/**
 * The answer between two codes given by their symbol values: the same in both directions.
 * `counts` is scratch space of at least `symbols` entries, zero on entry and on exit.
 */
export function answerOfDigits(pegs: number, g: ArrayLike<number>, s: ArrayLike<number>, counts: Int32Array): number {
  let exact = 0;
  for (let p = 0; p < pegs; p++) {
    if (g[p] === s[p]) exact++;
    counts[g[p]!]!++;
  }
  let common = 0;
  for (let p = 0; p < pegs; p++) {
    const c = s[p]!;
    if (counts[c]! > 0) {
      counts[c]!--;
      common++;
    }
  }
  for (let p = 0; p < pegs; p++) counts[g[p]!] = 0;
  return exact * (pegs + 1) + common - exact;
}

/**
 * The answers a code-maker can give in this game, packed, ascending: those that some guess
 * and some secret produce (a lie is one of these too). With 4 pegs: the 14 answers, `3A1B`
 * never occurs. For games too large to enumerate, every `xAyB` with x + y <= P but
 * `(P-1)A1B`, less, for the AB game, those with fewer common digits than the pigeonhole forces.
 */
export function answerAlphabet(game: Game, enumerateUpTo = 1 << 22): number[] {
  const P = game.pegs;
  const seen = new Uint8Array(answerSlots(P));
  if (game.size <= enumerateUpTo) {
    // Every answer of the game is the answer of some guess of each shape: guesses up to
    // symbol and position permutations are the integer partitions of P (Mastermind) or one
    // guess (AB).
    const counts = new Int32Array(game.symbols);
    const s = new Uint8Array(P);
    for (const g of representativeGuesses(game)) {
      for (let i = 0; i < game.size; i++) seen[answerOfDigits(P, g, game.digits(i, s), counts)] = 1;
    }
  } else {
    const minCommon = game.kind === 'ab' ? Math.max(0, 2 * P - game.symbols) : 0;
    for (let x = 0; x <= P; x++) {
      for (let y = 0; x + y <= P; y++) if (x + y >= minCommon && !(x === P - 1 && y === 1)) seen[packAnswer(P, x, y)] = 1;
    }
  }
  const out: number[] = [];
  for (let a = 0; a < seen.length; a++) if (seen[a]) out.push(a);
  return out;
}

/** One guess of each shape (see answerAlphabet). */
function representativeGuesses(game: Game): Uint8Array[] {
  const P = game.pegs;
  if (game.kind === 'ab') return [Uint8Array.from({ length: P }, (_, i) => i)];
  const out: Uint8Array[] = [];
  const parts: number[] = [];
  const rec = (left: number, max: number) => {
    if (left === 0) {
      if (parts.length > game.symbols) return;
      const g = new Uint8Array(P);
      let p = 0;
      parts.forEach((n, colour) => {
        for (let i = 0; i < n; i++) g[p++] = colour;
      });
      out.push(g);
      return;
    }
    for (let n = Math.min(left, max); n >= 1; n--) {
      parts.push(n);
      rec(left - n, n);
      parts.pop();
    }
  };
  rec(P, P);
  return out;
}

/**
 * Read `xAyB` (case-insensitive; `x` and `y` whole numbers). `where` names the place for
 * messages. Throws E_ANSWER when malformed or not one of the game's answers.
 */
export function parseAnswer(text: string, pegs: number, alphabet: readonly number[], where: string): number {
  const m = /^\s*(\d+)\s*[aA]\s*(\d+)\s*[bB]\s*$/.exec(text);
  if (!m) throw new InputError('E_ANSWER', `${where}: '${text}' is not an answer: expected xAyB, e.g. 1A2B`);
  const x = Number(m[1]);
  const y = Number(m[2]);
  if (x + y > pegs) throw new InputError('E_ANSWER', `${where}: '${text}' is impossible: x + y cannot exceed the ${pegs} pegs`);
  const a = packAnswer(pegs, x, y);
  if (!alphabet.includes(a)) throw new InputError('E_ANSWER', `${where}: '${text}' is impossible in this game: no two codes give it`);
  return a;
}
