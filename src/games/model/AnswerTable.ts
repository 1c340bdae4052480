import { NonocryptError } from '../../errors.js';
import { GAMES_TUNING } from '../tuning.js';
import type { Game } from './Game.js';

/**
 * The answer between every guess and every code, computed once per game: row g holds the
 * packed answers (see Answer.ts) of guess g against codes 0..size-1.
 *
 * Up to FULL_TABLE_MAX_CODES codes (tuning.ts) the whole size x size table is precomputed;
 * its buffer may be a SharedArrayBuffer that worker threads read without a copy. Larger
 * enumerable games compute rows on demand and keep the last ROW_CACHE of them. Games past
 * MAX_ENUMERATED_CODES have no table (only the SAT model answers for them).
 */
const { FULL_TABLE_MAX_CODES, ROW_CACHE, MAX_ENUMERATED_CODES } = GAMES_TUNING;

export class AnswerTable {
  readonly size: number;
  readonly pegs: number;
  /** Symbol values of every code, `pegs` per code. */
  readonly digits: Uint8Array;
  /** The whole table (row-major), when precomputed. */
  readonly full: Uint8Array | undefined;
  private readonly counts: Uint8Array;
  private readonly symbols: number;
  private readonly rows = new Map<number, Uint8Array>();

  /**
   * The table of `game`. `shared`: the buffer of a table made earlier for the same game (see
   * `buffer`), read without computing anything.
   */
  constructor(game: Game, shared?: ArrayBufferLike) {
    if (game.size > MAX_ENUMERATED_CODES.value) {
      throw new NonocryptError('E_USAGE', `${game.name} has ${game.size} codes, too many to enumerate (at most ${MAX_ENUMERATED_CODES.value}): only candidates (by SAT) and play work for it`);
    }
    const N = game.size;
    const P = game.pegs;
    const S = game.symbols;
    this.size = N;
    this.pegs = P;
    this.symbols = S;
    this.digits = new Uint8Array(N * P);
    this.counts = new Uint8Array(N * S);
    const d = new Uint8Array(P);
    for (let i = 0; i < N; i++) {
      game.digits(i, d);
      this.digits.set(d, i * P);
      for (let p = 0; p < P; p++) this.counts[i * S + d[p]!]!++;
    }
    if (N <= FULL_TABLE_MAX_CODES.value) {
      if (shared) {
        this.full = new Uint8Array(shared);
        if (this.full.length !== N * N) throw new NonocryptError('E_INTERNAL', 'internal error: a shared answer table of the wrong size');
      } else {
        const buffer = typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(N * N) : new ArrayBuffer(N * N);
        this.full = new Uint8Array(buffer);
        for (let g = 0; g < N; g++) this.fillRow(g, this.full.subarray(g * N, g * N + N));
      }
    }
  }

  /** The table's memory, to hand to another thread (undefined when rows are computed on demand). */
  get buffer(): ArrayBufferLike | undefined {
    return this.full?.buffer;
  }

  /** Answers of guess g against every code. Do not modify. */
  row(g: number): Uint8Array {
    if (this.full) return this.full.subarray(g * this.size, (g + 1) * this.size);
    let r = this.rows.get(g);
    if (r) {
      this.rows.delete(g);
      this.rows.set(g, r);
      return r;
    }
    if (this.rows.size >= ROW_CACHE.value) this.rows.delete(this.rows.keys().next().value!);
    r = new Uint8Array(this.size);
    this.fillRow(g, r);
    this.rows.set(g, r);
    return r;
  }

  answer(g: number, s: number): number {
    return this.full ? this.full[g * this.size + s]! : this.row(g)[s]!;
  }

  private fillRow(g: number, out: Uint8Array): void {
    const { size: N, pegs: P, symbols: S, digits, counts } = this;
    // The guess's distinct symbols and how often each occurs.
    const sym: number[] = [];
    const mult: number[] = [];
    for (let c = 0; c < S; c++) {
      const k = counts[g * S + c]!;
      if (k) {
        sym.push(c);
        mult.push(k);
      }
    }
    const gd = digits.subarray(g * P, g * P + P);
    const m = sym.length;
    const width = P + 1;
    for (let s = 0; s < N; s++) {
      let exact = 0;
      const base = s * P;
      for (let p = 0; p < P; p++) if (digits[base + p] === gd[p]) exact++;
      let common = 0;
      const cb = s * S;
      for (let i = 0; i < m; i++) {
        const k = counts[cb + sym[i]!]!;
        common += k < mult[i]! ? k : mult[i]!;
      }
      out[s] = exact * width + common - exact;
    }
  }
}
