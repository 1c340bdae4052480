import { SearchTimeout } from '../Deadline.js';
import { GAMES_TUNING } from '../tuning.js';
import type { Levels } from '../tuple/Levels.js';
import { canLoadEngineNow, EngineInstance, EngineTrap, engineModule, MAX_MEMORY_CAP_BYTES, mebibytes, memoryCap } from '../../sat/wasmEngine.js';
import { FOUND_DEPTH_MOST, type ProofEntry, type ProofNode, type Split } from './BoundProof.js';
import type { SearchContext } from './SearchContext.js';

/**
 * The games core: the lower-bound search of BoundSearch.ts below the symmetry range, compiled
 * to WebAssembly (`engines/games.wasm`, source `engines/games/games.cc`), with the answer
 * table, the tuples, the memory of lost tuples and the proof nodes in the module's memory. The
 * same search step for step (the same positions, counters and proof: test/gamesCore.test.ts
 * holds it to the TypeScript one, which stays the reference and the fallback), crossing into
 * WebAssembly once per subtree, not once per guess.
 *
 * One WebAssembly instance per game and thread (`GamesCore.of`), loaded like the nonogram core
 * (src/sat/wasmEngine.ts). Call order (a stateful object): `of`; then any of `worst` and
 * `lost`; `forget` between frontier items (it drops the remembered tuples and the proof nodes,
 * as BoundSearch.forget). A proof returned by `lost` is plain objects, valid after `forget`.
 */
interface GamesExports {
  gm_init(
    codes: number,
    slots: number,
    lies: number,
    win: number,
    truthful: number,
    alphabet: number,
    alphabetSize: number,
    table: number,
    allowed: number,
    a: number,
    b: number,
    maxH: number,
    memoMax: number,
    memoChars: number,
    memoMaxCodes: number,
    pulse: number,
    foundMost: number,
  ): number;
  gm_alloc(bytes: number): number;
  gm_tuple(): number;
  gm_refute(h: number, reps: number, n: number, out: number): void;
  gm_lost(t: number, deadline: number, nodesBefore: number, jsCount: number, jsChars: number): number;
  gm_stat(which: number): number;
  gm_nodes(): number;
  gm_leaves(): number;
  gm_entries(): number;
  gm_forget(): void;
  gm_mark(): number;
  gm_release(mark: number): void;
}

/** The entries of a split converted without them (`found` set). */
const NO_ENTRIES: readonly ProofEntry[] = [];

/** What gm_lost returns besides a node index (engines/games/games.cc). */
const WON = -1;
const STOP_TIME = -2;
const STOP_ASKED = -3;
/** Volume leaves are numbered from here. */
const LEAF_BASE = 1 << 30;

/** The counters a search keeps, and its progress call (BoundSearch). */
export interface CoreSearchState {
  nodes: number;
  volumeCuts: number;
  memoHits: number;
  won: number;
  /** The search's own remembered tuples and their keys' characters (shared limits). */
  readonly memoSize: number;
  readonly memoChars: number;
  readonly onPulse: (() => void) | undefined;
}

export class GamesCore {
  private readonly inst: EngineInstance<GamesExports>;
  private readonly x: GamesExports;
  private readonly E1: number;
  private readonly N: number;
  /** A buffer of N guesses and one of N weights (for `worst`). */
  private readonly repsPtr: number;
  private readonly worstPtr: number;
  /** The remembered splits converted so far, by index (until `forget`: `same` nodes point to them). */
  private converted = new Map<number, ProofNode>();
  /** Set when the module trapped (out of memory): its state is gone, the search stops. */
  private dead: string | undefined;

  private constructor(readonly ctx: SearchContext) {
    const { rules, table, volume } = ctx;
    const N = table.size;
    this.N = N;
    this.E1 = rules.lies + 1;
    this.inst = new EngineInstance<GamesExports>('games', engineModule('games'));
    // One core per search, holding the lost tuples it remembers and an item's proof tree: it
    // may take all WebAssembly allows (4 GiB less a page). With the 2 GiB of a SAT instance,
    // Mastermind e = 2 at 9 guesses ran out after 17.6 million positions, inside its first item.
    this.inst.capBytes = memoryCap('games', MAX_MEMORY_CAP_BYTES.games);
    this.x = this.inst.exports;
    const x = this.x;
    const slots = (rules.pegs + 1) * (rules.pegs + 1);
    const maxH = volume.maxH;
    const tablePtr = x.gm_alloc(N * N) >>> 0;
    const allowedPtr = x.gm_alloc(N * slots) >>> 0;
    const alphabetPtr = x.gm_alloc(4 * rules.alphabet.length) >>> 0;
    const aPtr = x.gm_alloc(8 * this.E1 * (maxH + 1)) >>> 0;
    const bPtr = x.gm_alloc(8 * (maxH + 1)) >>> 0;
    this.repsPtr = x.gm_alloc(4 * N) >>> 0;
    this.worstPtr = x.gm_alloc(8 * N) >>> 0;
    const bytes = new Uint8Array(this.inst.memory.buffer);
    for (let g = 0; g < N; g++) {
      bytes.set(table.row(g), tablePtr + g * N);
      bytes.set(rules.answersFor(g).subarray(0, slots), allowedPtr + g * slots);
    }
    new Int32Array(this.inst.memory.buffer, alphabetPtr, rules.alphabet.length).set(rules.alphabet);
    const a = new Float64Array(this.inst.memory.buffer, aPtr, this.E1 * (maxH + 1));
    for (let k = 0; k < this.E1; k++) for (let h = 0; h <= maxH; h++) a[k * (maxH + 1) + h] = volume.a(k, h);
    const b = new Float64Array(this.inst.memory.buffer, bPtr, maxH + 1);
    for (let h = 0; h <= maxH; h++) b[h] = volume.b(h);
    const ok = x.gm_init(N, slots, rules.lies, rules.win, rules.end === 'truthful' ? 1 : 0, alphabetPtr, rules.alphabet.length, tablePtr, allowedPtr, aPtr, bPtr, maxH, GAMES_TUNING.BOUND_MEMO.value, GAMES_TUNING.BOUND_MEMO_CHARS.value, GAMES_TUNING.BOUND_MEMO_MAX_CODES.value, PULSE_NODES, FOUND_DEPTH_MOST);
    if (ok !== 0) throw new Error('internal error: the games core refused a game GamesCore.fits accepted');
  }

  /**
   * Whether the core takes this game: the whole answer table in memory (FULL_TABLE_MAX_CODES),
   * at most 6 lies, and engines/games.wasm at hand (in a browser: loaded first with loadEngine).
   */
  static fits(ctx: SearchContext): boolean {
    return ctx.table.size <= GAMES_TUNING.FULL_TABLE_MAX_CODES.value && ctx.rules.lies <= 6 && (ctx.rules.pegs + 1) ** 2 <= 64 && canLoadEngineNow('games');
  }

  /** The core of this search context (made on first use; one per game and thread), or undefined when the game does not fit. */
  static of(ctx: SearchContext): GamesCore | undefined {
    let core = cores.get(ctx);
    if (core === undefined && GamesCore.fits(ctx)) {
      core = new GamesCore(ctx);
      cores.set(ctx, core);
    }
    return core;
  }

  /** Write a tuple where the core reads it: the level sizes, then the codes. */
  private put(levels: Levels): void {
    const at = this.x.gm_tuple() >>> 2;
    const heap = new Int32Array(this.inst.memory.buffer);
    let n = at + this.E1;
    for (let j = 0; j < this.E1; j++) {
      const l = levels[j]!;
      heap[at + j] = l.length;
      heap.set(l, n);
      n += l.length;
    }
  }

  /**
   * SearchContext.volumeRefuter for every guess of `reps` at once: out[i] is the weight of the
   * heaviest child (h guesses left) of reps[i] when it is within b(h), else more than b(h).
   * Without `reps`, every code in order, as the core's own search checks them (the only way
   * that takes the core's first pass of heavy pairs).
   */
  worst(levels: Levels, h: number, reps?: readonly number[]): Float64Array {
    this.alive();
    this.put(levels);
    const n = reps ? reps.length : this.N;
    if (reps) new Int32Array(this.inst.memory.buffer, this.repsPtr, n).set(reps);
    this.x.gm_refute(h, reps ? this.repsPtr : 0, n, this.worstPtr);
    return new Float64Array(this.inst.memory.buffer, this.worstPtr, n).slice();
  }

  /**
   * BoundSearch.lost for a tuple below the symmetry range: its proof when lost, null when won.
   * Updates the search's counters; throws SearchTimeout at the context's deadline, when the
   * search's pulse throws it, or when the core's memory is full.
   */
  lost(levels: Levels, t: number, search: CoreSearchState): ProofNode | null {
    this.alive();
    this.put(levels);
    let stop: unknown;
    this.inst.pulse = (positions) => {
      search.nodes = positions;
      try {
        search.onPulse?.();
        return 0;
      } catch (e) {
        stop = e;
        return 1;
      }
    };
    let r: number;
    try {
      r = this.x.gm_lost(t, this.ctx.deadline.at ?? Infinity, search.nodes, search.memoSize, search.memoChars);
    } catch (e) {
      if (!(e instanceof EngineTrap)) throw e;
      const cap = this.inst.growFailure ? ` (its memory cap of ${mebibytes(this.inst.capBytes)} MiB)` : '';
      this.dead = `the games core ran out of memory${cap}: it holds the proof of the subtree it searches, and smaller items (a deeper frontier) need less`;
      cores.delete(this.ctx);
      throw new SearchTimeout(this.dead);
    } finally {
      this.inst.pulse = undefined;
    }
    const x = this.x;
    search.nodes = x.gm_stat(0);
    search.volumeCuts += x.gm_stat(1);
    search.memoHits += x.gm_stat(2);
    search.won += x.gm_stat(3);
    if (r === WON) return null;
    if (r === STOP_TIME) throw new SearchTimeout();
    if (r === STOP_ASKED) throw stop;
    return this.node(r);
  }

  /** Remembered tuples and their keys' characters in the core (against BOUND_MEMO and BOUND_MEMO_CHARS). */
  get memoSize(): number {
    return this.x.gm_stat(4);
  }
  get memoChars(): number {
    return this.x.gm_stat(5);
  }

  /**
   * The size of the core's proof now: `release(mark)` drops what the core made since, when the
   * tuple the caller searched since then turns out won (as its garbage collector would).
   */
  mark(): number {
    return this.dead ? 0 : this.x.gm_mark();
  }

  release(mark: number): void {
    if (!this.dead) this.x.gm_release(mark);
  }

  forget(): void {
    if (this.dead) return;
    this.x.gm_forget();
    this.converted = new Map();
  }

  private alive(): void {
    if (this.dead) throw new SearchTimeout(this.dead);
  }

  /**
   * Proof node i as BoundProof's objects (each converted once: a `same` node's target is the
   * split itself). A split the checker finds by itself (its `foundDepth` > 0, which the core
   * keeps in each node) becomes a split without its entries, `found` set: proofText writes the
   * same text, and the objects of a large item's proof, most of it such splits, are not made (on
   * Mastermind e = 2 at 9 guesses, making them all was 12 % of the time and most of the heap).
   */
  private node(i: number): ProofNode {
    const buffer = this.inst.memory.buffer;
    const nodes = this.x.gm_nodes() >>> 0;
    const entries = this.x.gm_entries() >>> 0;
    const leaves = this.x.gm_leaves() >>> 0;
    const f64 = new Float64Array(buffer);
    const i32 = new Int32Array(buffer);
    const i16 = new Int16Array(buffer);
    const convert = (k: number): ProofNode => {
      if (k >= LEAF_BASE) return { kind: 'volume', weight: f64[(leaves >>> 3) + k - LEAF_BASE]! };
      const known = this.converted.get(k);
      if (known) return known;
      const at = nodes + 32 * k;
      const remembered = i16[(at + 28) >>> 1] === 1;
      const kind = i32[(at + 16) >>> 2]!;
      const first = i32[(at + 20) >>> 2]!;
      let out: ProofNode;
      if (kind === 2) out = { kind: 'same', target: convert(first) as Split };
      else {
        const depth = i16[(at + 30) >>> 1]!;
        let list = NO_ENTRIES;
        if (depth === 0) {
          const count = i32[(at + 24) >>> 2]!;
          const made: ProofEntry[] = [];
          for (let e = 0; e < count; e++) {
            const p = (entries + 12 * (first + e)) >>> 2;
            made.push({ guess: i32[p]!, answer: i32[p + 1]!, members: [], child: convert(i32[p + 2]!) });
          }
          list = made;
        }
        out = { kind: 'split', byVolume: f64[at >>> 3]!, bound: f64[(at + 8) >>> 3]!, entries: list, found: depth > 0 ? depth : undefined };
      }
      if (remembered) this.converted.set(k, out);
      return out;
    };
    return convert(i);
  }
}

/** BoundSearch's PULSE_NODES: the core calls back after as many positions. */
export const PULSE_NODES = 1 << 14;

const cores = new WeakMap<SearchContext, GamesCore>();
