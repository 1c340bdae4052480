import { InputError } from '../../errors.js';

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
