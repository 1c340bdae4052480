import { GAMES_TUNING } from '../tuning.js';
import { answerOfDigits, answerSlots, packAnswer } from './Answer.js';
import type { Game } from './Game.js';

/**
 * The answers a code-maker can give in this game, packed, ascending: those that some guess
 * and some secret produce (a lie is one of these too). With 4 pegs: the 14 answers, `3A1B`
 * never occurs. For games too large to enumerate, every `xAyB` with x + y <= P but
 * `(P-1)A1B`, less, for the AB game, those with fewer common digits than the pigeonhole forces.
 */
export function answerAlphabet(game: Game, enumerateUpTo = GAMES_TUNING.MAX_ENUMERATED_CODES.value): number[] {
  const P = game.pegs;
  const seen = new Uint8Array(answerSlots(P));
  if (game.size <= enumerateUpTo) {
    // Every answer of the game is the answer of some guess of each shape: guesses up to
    // symbol and position permutations are the integer partitions of P (Mastermind) or one
    // guess (AB).
    for (const g of representativeGuesses(game)) answersOf(game, g, seen);
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

/**
 * Marks in `seen` the answers guess g (symbol values) gets from the codes of the game. The
 * symbols g does not hold all behave alike (they match nothing of g), so the codes tried are
 * those over g's symbols and a few others, at most one per peg: the same answers for far
 * fewer codes (Mastermind 6 x 9: 2,401 codes for the guess 123456, not 531,441).
 */
export function answersOf(game: Game, guess: ArrayLike<number>, seen: Uint8Array): void {
  const P = game.pegs;
  // Renamed so that g's symbols are 0, 1, ... in order of first appearance (answers do not change).
  const names = new Map<number, number>();
  const g = Uint8Array.from({ length: P }, (_, p) => {
    const v = guess[p]!;
    if (!names.has(v)) names.set(v, names.size);
    return names.get(v)!;
  });
  const own = names.size;
  // Mastermind: one stand-in for every other colour; AB: distinct digits, so one per peg.
  const symbols = Math.min(game.symbols, own + (game.kind === 'ab' ? P : 1));
  const counts = new Int32Array(game.symbols);
  const s = new Uint8Array(P);
  const used = new Uint8Array(symbols);
  const rec = (p: number): void => {
    if (p === P) {
      seen[answerOfDigits(P, g, s, counts)] = 1;
      return;
    }
    for (let v = 0; v < symbols; v++) {
      if (game.kind === 'ab' && used[v]) continue;
      s[p] = v;
      used[v] = 1;
      rec(p + 1);
      used[v] = 0;
    }
  };
  rec(0);
}

/** One guess of each shape (see answerAlphabet), its symbols 0, 1, ... in order. */
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
