import type { Puzzle } from '../grid/Puzzle.js';
import { NonocryptError, SolverAbortError } from '../errors.js';
import type { PropagationStatus } from '../line/Propagator.js';
import { EngineTrap, engineModule, EngineInstance, loadWasmEngine, mebibytes, memoryCap, type EngineSource } from '../sat/wasmEngine.js';
import { CoreSearchEnd, CoreStat, CoreStatus, CoreValueFirst } from './coreAbi.js';

/**
 * The nonogram core: our line solver, propagation, probing and depth-first search, compiled to
 * WebAssembly (`engines/core.wasm`, source in `engines/core/`), so that the hot loops run on
 * 64-bit words at close to native speed in Node and in the browser alike. One WebAssembly
 * instance per thread holds every live core; each core is one puzzle's board.
 *
 * Cells cross as bytes, the line solver's domains (CoreCell: 1 white, 2 black, 3 open); every
 * other number that crosses is read by its name in coreAbi.ts, generated from the core's abi.h.
 *
 * Call order (a stateful object): construct; `load(domains)`; then any of `probe`, `search`,
 * `implications`, `encode`, `read`, `stats`, in any order (probing keeps what it finds on the
 * board, and so does a search's probing at its root; everything below the root is undone);
 * `dispose()` when done. A call that meets
 * the instance's memory cap throws SolverAbortError and leaves every core of this thread dead.
 */
export interface CoreExports {
  core_new(width: number, height: number, clues: number, cacheBits: number): number;
  core_delete(core: number): void;
  core_load(core: number, cells: number): number;
  core_propagate(core: number, cells: number, lines: number, count: number, finishers: number): number;
  core_read(core: number, cells: number): void;
  core_probe(core: number, deadline: number, maxProbes: number): number;
  core_search(core: number, maxSolutions: number, deadline: number, maxNodes: number, maxProbes: number, restartNodes: number, valueFirst: number): number;
  core_solutions(core: number): number;
  core_solution(core: number, i: number, cells: number): void;
  core_implications(core: number, out: number, maxPairs: number): number;
  core_encode(core: number, beliefRounds: number): number;
  core_cnf_vars(core: number): number;
  core_cnf_clauses(core: number): number;
  core_cnf_size(core: number): number;
  core_cnf_lits(core: number): number;
  core_cnf_phases(core: number): number;
  core_cnf_cells(core: number): number;
  core_cnf_drop(core: number): void;
  core_solve_line(n: number, clue: number, k: number, line: number): number;
  core_source_hash(): number;
  core_stat(core: number, which: number): number;
  malloc(bytes: number): number;
  free(ptr: number): void;
}

/** How a search ended: the whole tree explored (its grids are all there are), enough grids, or a limit. */
export type SearchEnd = 'complete' | 'enough' | 'stopped';

export interface SearchLimits {
  /** `performance.now()` time (ms) to stop at. */
  readonly deadline?: number;
  /** Stop after this many more search nodes. */
  readonly maxNodes?: number;
  /** Stop after this many more probes (each propagates both colours of one cell). */
  readonly maxProbes?: number;
  /** Restart after this many nodes times the Luby sequence; 0: never. */
  readonly restartNodes?: number;
  /** Which colour a branch tries first: 0 white, 1 black, 2 the one whose probe fixed more (CoreValueFirst). */
  readonly valueFirst?: CoreValueFirst;
}

export interface SearchOutcome {
  readonly end: SearchEnd;
  /** Distinct solutions found (0/1 cells, row-major), at most the maximum asked for. */
  readonly grids: readonly Uint8Array[];
}

/** The open part of the board as CNF over local variables 1..variables. */
export interface CoreCnf {
  readonly variables: number;
  readonly clauses: number;
  /** Clauses, each ended by 0. */
  readonly lits: Int32Array;
  /** Per variable (index 0 unused): 1 try true first, -1 false, 0 no hint. */
  readonly phases: Int8Array;
  /** Per cell: its local variable, 0 when the cell is known. */
  readonly cellVar: Int32Array;
}

export interface CoreStats {
  readonly lineSolves: number;
  readonly cacheHits: number;
  readonly probes: number;
  readonly probeSkips: number;
  readonly nodes: number;
  readonly restarts: number;
}

/**
 * Line cache entries, as a power of two, from the board's cells: log2(cells) + 6, within
 * 12-20. Each entry holds a line's input and output (40 bytes for lines up to 62 cells), so a
 * 25x25 board gets 2^15 (1.3 MiB) and an 80x95 one 2^19. Allocating (and clearing) the cache is
 * the main cost of a core for an easy puzzle, hence small boards get small caches.
 */
function cacheBits(cells: number): number {
  return Math.max(12, Math.min(20, Math.round(Math.log2(Math.max(cells, 1))) + 6));
}

/** What core_load and core_propagate answer, and core_probe (which may also stop). */
const PROPAGATION = new Map<number, PropagationStatus>([
  [CoreStatus.CONFLICT, 'contradiction'],
  [CoreStatus.OPEN, 'stalled'],
  [CoreStatus.SOLVED, 'solved'],
]);
const PROBING = new Map<number, PropagationStatus | 'stopped'>([...PROPAGATION, [CoreStatus.STOPPED, 'stopped']]);
/** What core_search answers (SEARCH_RESTART stays inside the core). */
const SEARCH_END = new Map<number, SearchEnd>([
  [CoreSearchEnd.SEARCH_COMPLETE, 'complete'],
  [CoreSearchEnd.SEARCH_ENOUGH, 'enough'],
  [CoreSearchEnd.SEARCH_STOPPED, 'stopped'],
]);

/** A core call's answer by its name; a number the call may not answer is an internal error. */
function answer<T>(table: ReadonlyMap<number, T>, r: number, call: string): T {
  const t = table.get(r);
  if (t === undefined) throw new NonocryptError('E_INTERNAL', `internal error: ${call} answered ${r}`);
  return t;
}

let shared: EngineInstance<CoreExports> | undefined;

/** This thread's core instance, made on first use (and again after an abort). */
function instance(): EngineInstance<CoreExports> {
  if (!shared) {
    shared = new EngineInstance<CoreExports>('core', engineModule('core'));
    shared.capBytes = memoryCap('core');
  }
  return shared;
}

/**
 * Bytes of WebAssembly memory this thread's core instance holds (0 before first use). Memory
 * grows and is never returned, so a steady figure over many blocks means every core was
 * disposed (test/core.test.ts checks it).
 */
export function coreMemoryBytes(): number {
  return shared ? shared.memory.buffer.byteLength : 0;
}

/** Whether every clue can fit its line (the core assumes it). */
function cluesFit(puzzle: Puzzle): boolean {
  const fits = (clue: readonly number[], n: number) => {
    let used = clue.length > 0 ? clue.length - 1 : 0;
    for (const c of clue) {
      if (!(c >= 1)) return false;
      used += c;
    }
    return used <= n;
  };
  return puzzle.rows.every((c) => fits(c, puzzle.width)) && puzzle.cols.every((c) => fits(c, puzzle.height));
}

export class NonogramCore {
  readonly cells: number;
  /** False when some clue cannot fit its line: then there is no core and no solution. */
  readonly feasible: boolean;
  private readonly inst: EngineInstance<CoreExports>;
  private handle = 0;
  private buf = 0;
  /** Buffers of `propagate`: the lines to start from (room for linesRoom), and the finishers (made on first use). */
  private linesBuf = 0;
  private linesRoom = 0;
  private finishBuf = 0;

  /**
   * `cacheBits`: the line cache's size as a power of two (default from the board's cells, see
   * cacheBits); a caller that makes thousands of short-lived cores, each propagated once or
   * twice (the picture search of make/), asks for a small one.
   */
  constructor(readonly puzzle: Puzzle, options: { readonly cacheBits?: number } = {}) {
    this.cells = puzzle.width * puzzle.height;
    this.feasible = cluesFit(puzzle);
    this.inst = instance();
    if (!this.feasible) return;
    const data: number[] = [];
    for (const clue of [...puzzle.rows, ...puzzle.cols]) data.push(clue.length, ...clue);
    this.guard(() => {
      const x = this.inst.exports;
      const p = x.malloc(4 * data.length) >>> 0;
      new Int32Array(this.inst.memory.buffer, p, data.length).set(data);
      this.handle = x.core_new(puzzle.width, puzzle.height, p, options.cacheBits ?? cacheBits(this.cells)) >>> 0;
      x.free(p);
      if (this.handle === 0) throw new NonocryptError('E_SIZE', `a ${puzzle.width}x${puzzle.height} board is too large for the core (at most 1022 cells a line)`);
      this.buf = x.malloc(Math.max(this.cells, 1)) >>> 0;
    });
  }

  /** Start from these domains and propagate; the board holds the fixpoint. */
  load(domains: Uint8Array): PropagationStatus {
    if (!this.feasible) return 'contradiction';
    return this.guard(() => {
      this.view().set(domains);
      return answer(PROPAGATION, this.inst.exports.core_load(this.handle, this.buf), 'core_load');
    });
  }

  /**
   * Propagation from `domains`, narrowed in place: only the lines in `dirty` are solved first
   * (all of them when it is absent; the others are taken to be at a fixpoint already), and with
   * `finishers` (1 per cell) it stops as soon as one of them turns black and answers 'solved'
   * with `domains` part-way (the caller knows such a state finishes). On 'contradiction'
   * `domains` is left as it was. The board is left loaded with the result.
   */
  propagate(domains: Uint8Array, dirty?: readonly number[], finishers?: Uint8Array): PropagationStatus {
    if (!this.feasible) return 'contradiction';
    return this.guard(() => {
      const x = this.inst.exports;
      if (dirty && dirty.length > this.linesRoom) {
        if (this.linesBuf) x.free(this.linesBuf);
        this.linesRoom = Math.max(dirty.length, this.puzzle.width + this.puzzle.height);
        this.linesBuf = x.malloc(4 * this.linesRoom) >>> 0;
      }
      if (finishers && !this.finishBuf) this.finishBuf = x.malloc(Math.max(this.cells, 1)) >>> 0;
      const buffer = this.inst.memory.buffer;
      new Uint8Array(buffer, this.buf, this.cells).set(domains);
      if (dirty) new Int32Array(buffer, this.linesBuf, dirty.length).set(dirty);
      if (finishers) new Uint8Array(buffer, this.finishBuf, this.cells).set(finishers);
      const r = x.core_propagate(this.handle, this.buf, dirty ? this.linesBuf : 0, dirty ? dirty.length : -1, finishers ? this.finishBuf : 0);
      const status = answer(PROPAGATION, r, 'core_propagate');
      if (status !== 'contradiction') domains.set(this.view());
      return status;
    });
  }

  /** The board's domains now. */
  read(into: Uint8Array = new Uint8Array(this.cells)): Uint8Array {
    if (!this.feasible) return into;
    return this.guard(() => {
      this.inst.exports.core_read(this.handle, this.buf);
      into.set(this.view());
      return into;
    });
  }

  /** Probe to a fixpoint (what it finds stays on the board), or until a limit: 'stopped'. */
  probe(limits: { readonly deadline?: number; readonly maxProbes?: number } = {}): PropagationStatus | 'stopped' {
    if (!this.feasible) return 'contradiction';
    return this.guard(() => {
      return answer(PROBING, this.inst.exports.core_probe(this.handle, limits.deadline ?? Infinity, limits.maxProbes ?? Infinity), 'core_probe');
    });
  }

  /** Search from the board for up to `maxSolutions` solutions (probing at every node). */
  search(maxSolutions: number, limits: SearchLimits = {}): SearchOutcome {
    if (!this.feasible) return { end: 'complete', grids: [] };
    return this.guard(() => {
      const x = this.inst.exports;
      const r = x.core_search(
        this.handle,
        maxSolutions,
        limits.deadline ?? Infinity,
        limits.maxNodes ?? Infinity,
        limits.maxProbes ?? Infinity,
        limits.restartNodes ?? 0,
        limits.valueFirst ?? CoreValueFirst.FIRST_WHITE,
      );
      const grids: Uint8Array[] = [];
      const n = x.core_solutions(this.handle);
      for (let i = 0; i < n; i++) {
        x.core_solution(this.handle, i, this.buf);
        grids.push(this.view().slice());
      }
      return { end: answer(SEARCH_END, r, 'core_search'), grids };
    });
  }

  /**
   * What probing each open cell implies, as clauses over cells: pairs (a, b) meaning a OR b,
   * where cell c black is c + 1 and white -(c + 1); b = 0 for a unit clause. At most `maxPairs`.
   */
  implications(maxPairs: number): Int32Array {
    if (!this.feasible) return new Int32Array(0);
    return this.guard(() => {
      const x = this.inst.exports;
      const p = x.malloc(8 * maxPairs) >>> 0;
      try {
        const n = x.core_implications(this.handle, p, maxPairs);
        return new Int32Array(this.inst.memory.buffer, p, 2 * n).slice();
      } finally {
        x.free(p);
      }
    });
  }

  /** The open part of the board as CNF (see engines/core/encode.h), phases from `beliefRounds` of belief propagation. */
  encode(beliefRounds: number): CoreCnf | 'contradiction' {
    if (!this.feasible) return 'contradiction';
    return this.guard(() => {
      const x = this.inst.exports;
      if (!x.core_encode(this.handle, beliefRounds)) return 'contradiction';
      const variables = x.core_cnf_vars(this.handle);
      const size = x.core_cnf_size(this.handle);
      const buffer = this.inst.memory.buffer;
      const cnf: CoreCnf = {
        variables,
        clauses: x.core_cnf_clauses(this.handle),
        lits: new Int32Array(buffer, x.core_cnf_lits(this.handle) >>> 0, size).slice(),
        phases: new Int8Array(buffer, x.core_cnf_phases(this.handle) >>> 0, variables + 1).slice(),
        cellVar: new Int32Array(buffer, x.core_cnf_cells(this.handle) >>> 0, this.cells).slice(),
      };
      x.core_cnf_drop(this.handle);
      return cnf;
    });
  }

  stats(): CoreStats {
    const s = (i: CoreStat) => (this.feasible && this.handle ? this.inst.exports.core_stat(this.handle, i) : 0);
    return {
      lineSolves: s(CoreStat.STAT_LINE_SOLVES),
      cacheHits: s(CoreStat.STAT_CACHE_HITS),
      probes: s(CoreStat.STAT_PROBES),
      probeSkips: s(CoreStat.STAT_PROBE_SKIPS),
      nodes: s(CoreStat.STAT_NODES),
      restarts: s(CoreStat.STAT_RESTARTS),
    };
  }

  dispose(): void {
    if (!this.handle || this.inst !== shared) return;
    const x = this.inst.exports;
    x.free(this.buf);
    if (this.linesBuf) x.free(this.linesBuf);
    if (this.finishBuf) x.free(this.finishBuf);
    x.core_delete(this.handle);
    this.handle = 0;
  }

  private view(): Uint8Array {
    return new Uint8Array(this.inst.memory.buffer, this.buf, this.cells);
  }

  /** Run a call into the core; an abort inside it (the memory cap) kills this thread's instance. */
  private guard<T>(f: () => T): T {
    if (this.inst !== shared) throw new SolverAbortError('the nonogram core aborted earlier (memory cap)');
    try {
      return f();
    } catch (e) {
      if (e instanceof EngineTrap || (e instanceof Error && e.name === 'RuntimeError')) {
        shared = undefined;
        const cap = this.inst.growFailure ? ` (memory cap of ${mebibytes(this.inst.capBytes)} MiB)` : '';
        throw new SolverAbortError(`the nonogram core aborted${cap}: ${e.message}`);
      }
      throw e;
    }
  }
}

/**
 * Compile the core ahead of use: needed in a browser (see `loadEngine` in sat/engines.ts),
 * optional in Node, where the core is compiled on first use.
 */
export async function loadCore(source?: EngineSource): Promise<void> {
  await loadWasmEngine('core', source);
}

/** The line solver alone (for tests): narrows `line` (1 white, 2 black, 3 open) in place; false when no completion fits. */
export function coreSolveLine(clue: readonly number[], line: Uint8Array): boolean {
  const inst = instance();
  const x = inst.exports;
  const p = x.malloc(4 * Math.max(clue.length, 1) + line.length) >>> 0;
  try {
    new Int32Array(inst.memory.buffer, p, clue.length).set(clue);
    const cells = new Uint8Array(inst.memory.buffer, p + 4 * Math.max(clue.length, 1), line.length);
    cells.set(line);
    const r = x.core_solve_line(line.length, p, clue.length, p + 4 * Math.max(clue.length, 1));
    if (r < 0) throw new NonocryptError('E_INTERNAL', `internal error: a line of ${line.length} cells is too long for the core`);
    if (r === 1) line.set(new Uint8Array(inst.memory.buffer, p + 4 * Math.max(clue.length, 1), line.length));
    return r === 1;
  } finally {
    x.free(p);
  }
}

/** The SHA-256 of the sources `engines/core.wasm` was built from (engines/build.sh). */
export function coreSourceHash(): string {
  const inst = instance();
  const p = inst.exports.core_source_hash() >>> 0;
  const bytes = new Uint8Array(inst.memory.buffer, p, 64);
  return String.fromCharCode(...bytes).replace(/\0.*$/, '');
}
