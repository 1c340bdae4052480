import { NonocryptError } from '../../errors.js';
import { Deadline } from '../Deadline.js';
import { GAMES_TUNING } from '../tuning.js';
import type { Game } from './Game.js';

/**
 * The answer between every guess and every code: row g holds the packed answers (see
 * Answer.ts) of guess g against codes 0..size-1.
 *
 * Rows are computed when first asked for, so the table costs only what is used (`next` and
 * `candidates` read a row per turn; a search reads every row it ranks). Up to
 * FULL_TABLE_MAX_CODES codes (tuning.ts) every row has its place in one size x size buffer,
 * with a byte per row saying whether it is filled; both may be SharedArrayBuffers that worker
 * threads fill and read without a copy (`shared`; a row is filled whole before its byte is set,
 * with Atomics, so a thread that sees the byte sees the row; two threads that fill the same row
 * write the same bytes). Larger games keep the last rows used, ROW_CACHE_BYTES of them. Games
 * past MAX_ENUMERATED_CODES have no table: a usage error before any work (only the SAT model
 * answers for them).
 */
const { FULL_TABLE_MAX_CODES, ROW_CACHE_BYTES, MAX_ENUMERATED_CODES } = GAMES_TUNING;

/** The memory of a full table, to hand to another thread. */
export interface SharedAnswers {
  readonly answers: ArrayBufferLike;
  readonly filled: ArrayBufferLike;
}

export class AnswerTable {
  readonly size: number;
  readonly pegs: number;
  /** Symbol values of every code, `pegs` per code. */
  readonly digits: Uint8Array;
  /** The full table's rows (row-major) and which are filled, when the game is small enough. */
  private readonly full: { readonly answers: Uint8Array; readonly filled: Uint8Array } | undefined;
  private readonly counts: Uint8Array;
  private readonly symbols: number;
  private readonly rows = new Map<number, Uint8Array>();
  private readonly cacheRows: number;
  /** Full table: each row's view, once this thread has seen it filled. */
  private readonly views: (Uint8Array | undefined)[] = [];

  /**
   * The table of `game`; `shared`: the memory of a table made for the same game in another
   * thread. Computing the codes' digits is checked against `deadline` (SearchTimeout).
   */
  constructor(game: Game, shared?: SharedAnswers, deadline: Deadline = Deadline.never) {
    AnswerTable.assertFits(game);
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
      deadline.tick(P);
    }
    this.cacheRows = Math.max(16, Math.floor(ROW_CACHE_BYTES.value / N));
    if (N <= FULL_TABLE_MAX_CODES.value) {
      const memory = shared ?? {
        answers: typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(N * N) : new ArrayBuffer(N * N),
        filled: typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(N) : new ArrayBuffer(N),
      };
      this.full = { answers: new Uint8Array(memory.answers), filled: new Uint8Array(memory.filled) };
      if (this.full.answers.length !== N * N || this.full.filled.length !== N) throw new NonocryptError('E_INTERNAL', 'internal error: a shared answer table of the wrong size');
    }
  }

  /**
   * Throws E_USAGE, naming the limit, when a game has too many codes for a table in memory:
   * callers check before any other work.
   */
  static assertFits(game: Game): void {
    if (game.size > MAX_ENUMERATED_CODES.value) {
      throw new NonocryptError(
        'E_USAGE',
        `${game.name} has ${game.size.toLocaleString('en-US')} codes, more than the ${MAX_ENUMERATED_CODES.value.toLocaleString('en-US')} whose answers fit in memory here: only candidates (by SAT) and play work for it`,
      );
    }
  }

  /** The table's memory, to hand to another thread (undefined when rows are kept per thread). */
  get shared(): SharedAnswers | undefined {
    return this.full && { answers: this.full.answers.buffer, filled: this.full.filled.buffer };
  }

  /** Answers of guess g against every code. Do not modify. */
  row(g: number): Uint8Array {
    const N = this.size;
    const full = this.full;
    if (full) {
      const seen = this.views[g];
      if (seen) return seen;
      const r = full.answers.subarray(g * N, (g + 1) * N);
      if (Atomics.load(full.filled, g) === 0) {
        this.fillRow(g, r);
        Atomics.store(full.filled, g, 1);
      }
      this.views[g] = r;
      return r;
    }
    let r = this.rows.get(g);
    if (r) {
      this.rows.delete(g);
      this.rows.set(g, r);
      return r;
    }
    if (this.rows.size >= this.cacheRows) this.rows.delete(this.rows.keys().next().value!);
    r = new Uint8Array(N);
    this.fillRow(g, r);
    this.rows.set(g, r);
    return r;
  }

  answer(g: number, s: number): number {
    return this.row(g)[s]!;
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
