import { NonocryptError } from '../errors.js';

/**
 * Loading and instantiating our WebAssembly SAT engines, `engines/minisat.wasm` and
 * `engines/cadical.wasm` (built by `engines/build.sh`; see `engines/README.md`). No emscripten
 * JavaScript is used: the imports below are the whole runtime the engines need.
 *
 * - One compiled `WebAssembly.Module` per engine per thread (`loadEngine`, or on first use in
 *   Node), then one cheap `WebAssembly.Instance` per SAT instance, each with its own
 *   `WebAssembly.Memory`. An abort therefore kills only its own instance.
 * - The memory cap is enforced here, at run time: the engine asks to grow its heap through
 *   `emscripten_resize_heap`, which refuses past the instance's cap. malloc then fails, the
 *   engine aborts (a C++ `bad_alloc` or MiniSat's `OutOfMemoryException`, both reach the
 *   imports below and throw), and the adapter marks the instance dead with the reason.
 * - The engines' deadline clock `emscripten_get_now` is the instance's `clock`: `performance.now()`,
 *   or, during a solve with a conflict budget, a clock that jumps past every deadline once the
 *   budget is spent (WasmSolver.solve). The engines read it only to compare it with the deadline
 *   of the solve (glue/*.cc), so the one import serves both limits without a rebuild.
 * - Browser-safe: nothing imports a Node module statically. In Node the `.wasm` file is read
 *   synchronously through `process.getBuiltinModule('node:fs')` (Node >= 20.16), found by
 *   walking up from this module to the folder holding `package.json` and `engines/`.
 */

export type WasmEngineName = 'minisat' | 'cadical';
/**
 * Every WebAssembly module of ours: the SAT engines, the nonogram core (`engines/core.wasm`,
 * our own line solver, probing and search; src/solve/NonogramCore.ts) and the games core
 * (`engines/games.wasm`, the lower-bound search's hot loops; src/games/build/GamesCore.ts),
 * and the proof checker's kernel (`engines/checker.wasm`, its own source apart from the games
 * core; src/games/check/ProofKernel.ts), which load the same way.
 */
export type WasmModuleName = WasmEngineName | 'core' | 'games' | 'checker';

/**
 * Where an engine's code comes from, for `loadEngine`: the `.wasm` file's URL, its bytes, or
 * an already compiled `WebAssembly.Module` of it (e.g. one posted from another thread).
 */
export type EngineSource = string | URL | ArrayBuffer | ArrayBufferView | WebAssemblyModule;

/** A `WebAssembly.Module` (typed loosely: this package compiles without the DOM library). */
export type WebAssemblyModule = object;

/** The C API of `engines/glue/*.cc`. Pointers are byte offsets; read them with `>>> 0`. */
export interface EngineExports {
  nc_new(): number;
  nc_delete(s: number): void;
  nc_reserve(s: number, vars: number): void;
  nc_add(s: number, lits: number, n: number): number;
  nc_solve(s: number, lits: number, n: number, deadline: number): number;
  nc_value(s: number, v: number): number;
  nc_failed(s: number, lit: number): number;
  nc_retire(s: number, first: number, last: number): void;
  nc_stat(s: number, which: number): number;
  nc_phase(s: number, lit: number): void;
  /** CaDiCaL only: the next nc_solve stops after n more conflicts (glue/cadical.cc). */
  nc_limit_conflicts?(s: number, n: number): void;
  /** CaDiCaL only: trace an LRAT proof to `nc_proof_write` (glue/cadical.cc). */
  nc_proof_begin?(s: number, clauses: number): number;
  nc_proof_end?(s: number): void;
  malloc(bytes: number): number;
  free(ptr: number): void;
  __wasm_call_ctors(): void;
}

// The parts of the WebAssembly JavaScript API used here (tsconfig has no DOM library).
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: (new (bytes: ArrayBuffer | ArrayBufferView) => WebAssemblyModule) & {
    imports(module: WebAssemblyModule): { module: string; name: string; kind: string }[];
  };
  Instance: new (module: WebAssemblyModule, imports: object) => { readonly exports: object };
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
  compile(bytes: ArrayBuffer | ArrayBufferView): Promise<WebAssemblyModule>;
}
const WA = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const PAGE = 65536;
const MIB = 1 << 20;
/**
 * `-sINITIAL_MEMORY` in engines/build.sh: 2 MiB for the SAT engines, the games core and the
 * checker's kernel (the stack comes first: 1 MiB), 8 MiB for the core (4 MiB of stack: its
 * search recurses once per branch).
 */
const INITIAL_PAGES: Readonly<Record<WasmModuleName, number>> = { minisat: 32, cadical: 32, core: 128, games: 32, checker: 32 };
/**
 * 4 GiB less one page: the stack sits at the bottom of memory and an overflow wraps past
 * address 0 to the top, which must never be mapped, so that it traps instead of writing.
 */
const MAX_PAGES = 65535;

/** The default memory cap of one SAT instance. */
export const DEFAULT_MEMORY_CAP_BYTES = 2048 * MIB;
/** The smallest cap accepted (an engine needs about 3 MiB to start). */
export const MIN_MEMORY_CAP_BYTES = 8 * MIB;
/**
 * The largest cap per engine. MiniSat computes buffer sizes in 32-bit `size_t`: one vector
 * growing past about 2.7 GiB would wrap around instead of failing, so its heap stays within
 * 2 GiB. CaDiCaL's containers check their sizes.
 */
export const MAX_MEMORY_CAP_BYTES: Readonly<Record<WasmModuleName, number>> = {
  minisat: 2048 * MIB,
  cadical: MAX_PAGES * PAGE,
  core: MAX_PAGES * PAGE,
  games: MAX_PAGES * PAGE,
  checker: MAX_PAGES * PAGE,
};

/** The cap in force for a requested one: whole pages, at most the engine's largest. */
export function memoryCap(engine: WasmModuleName, requested: number = DEFAULT_MEMORY_CAP_BYTES): number {
  if (!(requested >= MIN_MEMORY_CAP_BYTES)) {
    throw new NonocryptError('E_INTERNAL', `memory cap of ${requested} bytes: a SAT instance needs at least ${MIN_MEMORY_CAP_BYTES / MIB} MiB`);
  }
  return Math.min(Math.floor(requested / PAGE) * PAGE, MAX_MEMORY_CAP_BYTES[engine]);
}

export function mebibytes(bytes: number): string {
  const m = bytes / MIB;
  return Number.isInteger(m) ? String(m) : m.toFixed(1);
}

/** Thrown by the imports when the engine aborts; caught by the adapter. */
export class EngineTrap extends Error {
  constructor(readonly kind: 'abort' | 'exception' | 'exit' | 'assert', message: string) {
    super(message);
  }
}

/** The engines' clock outside a budgeted solve: `performance.now()` (ms). */
export const wallClock = (): number => performance.now();

/**
 * One instantiated module: its exports, its memory and the state of its heap. A SAT engine's is
 * reused for a later SAT instance after `release()` (see `recycleInstance`), never after an abort.
 */
export class EngineInstance<E extends object = EngineExports> {
  readonly exports: E;
  readonly memory: WasmMemory;
  /** A view of the whole heap; replaced whenever the heap grows (the old one is detached). */
  heap32: Int32Array;
  /** The cap of the SAT instance using it now. */
  capBytes = 0;
  /** Why the heap could not grow, if it could not: the cap, or the host refusing. */
  growFailure: { readonly kind: 'cap' | 'host'; readonly requested: number } | undefined;
  /** The end of what the engine wrote to stdout/stderr (CaDiCaL's fatal errors, say). */
  output = '';
  /**
   * Where the bytes of a proof go (`nc_proof_write`): a view of the heap, valid during the
   * call only. Unset, they are dropped (what a released instance still had buffered).
   */
  proofSink: ((chunk: Uint8Array) => void) | undefined;
  /**
   * The games core's progress call (`games_pulse`, with the positions searched so far): non-zero
   * asks its search to stop. Unset: go on.
   */
  pulse: ((positions: number) => number) | undefined;
  /**
   * What `emscripten_get_now` answers (ms): `wallClock`, except during a SAT solve with a
   * conflict budget, when it answers +Infinity (past any deadline) once the budget is spent.
   */
  clock: () => number = wallClock;

  constructor(readonly engine: WasmModuleName, module: WebAssemblyModule) {
    this.memory = new WA.Memory({ initial: INITIAL_PAGES[engine], maximum: MAX_PAGES });
    this.heap32 = new Int32Array(this.memory.buffer);
    let instance: { readonly exports: object };
    try {
      instance = new WA.Instance(module, this.imports());
    } catch (e) {
      if (e instanceof Error && e.name === 'LinkError') {
        throw new NonocryptError('E_BUILD', `engines/${engine}.wasm does not fit its loader (src/sat/wasmEngine.ts): ${e.message}`);
      }
      throw e;
    }
    this.exports = instance.exports as E;
    (this.exports as { __wasm_call_ctors(): void }).__wasm_call_ctors();
  }

  get heapBytes(): number {
    return this.memory.buffer.byteLength;
  }

  /** For `emscripten_resize_heap`: grow to at least `requested` bytes, within the cap. */
  private grow(requested: number): boolean {
    const old = this.memory.buffer.byteLength;
    if (requested > this.capBytes) {
      this.growFailure = { kind: 'cap', requested };
      return false;
    }
    const pages = (bytes: number) => Math.ceil(bytes / PAGE);
    // Like emscripten's own policy: at least 20% more than the heap has (but at most 96 MiB past
    // the request), within the cap.
    let target = Math.min(pages(this.capBytes), pages(Math.max(requested, Math.min(old * 1.2, requested + 96 * MIB))));
    for (;;) {
      try {
        this.memory.grow(target - old / PAGE);
        break;
      } catch {
        if (target === pages(requested)) {
          this.growFailure = { kind: 'host', requested };
          return false;
        }
        target = pages(requested);
      }
    }
    this.heap32 = new Int32Array(this.memory.buffer);
    return true;
  }

  private bytes(): Uint8Array {
    return new Uint8Array(this.memory.buffer);
  }

  private imports(): object {
    const trap = (kind: EngineTrap['kind'], message: string) => () => {
      throw new EngineTrap(kind, message);
    };
    const env = {
      memory: this.memory,
      emscripten_get_now: () => this.clock(),
      emscripten_resize_heap: (requested: number) => (this.grow(requested >>> 0) ? 1 : 0),
      nc_proof_write: (ptr: number, length: number) => this.proofSink?.(new Uint8Array(this.memory.buffer, ptr >>> 0, length >>> 0)),
      games_pulse: (positions: number) => this.pulse?.(positions) ?? 0,
      emscripten_memcpy_big: (dest: number, src: number, n: number) => {
        this.bytes().copyWithin(dest >>> 0, src >>> 0, (src >>> 0) + (n >>> 0));
      },
      // Only CaDiCaL's statistics read the wall clock.
      gettimeofday: (ptr: number) => {
        const now = Date.now();
        this.heap32[ptr >>> 2] = Math.floor(now / 1000);
        this.heap32[(ptr >>> 2) + 1] = (now % 1000) * 1000;
        return 0;
      },
      abort: trap('abort', 'abort()'),
      exit: trap('exit', 'exit()'),
      __assert_fail: trap('assert', 'assertion failed'),
      // Neither engine throws but on a failed allocation (std::bad_alloc, std::length_error,
      // MiniSat's OutOfMemoryException), and exceptions are not caught in this build.
      __cxa_allocate_exception: trap('exception', 'C++ exception (a failed allocation)'),
      __cxa_throw: trap('exception', 'C++ exception (a failed allocation)'),
    };
    const wasi = {
      fd_write: (_fd: number, iov: number, iovcnt: number, pnum: number) => {
        const bytes = this.bytes();
        const view = this.heap32;
        let total = 0;
        let text = '';
        for (let i = 0; i < iovcnt; i++) {
          const ptr = view[((iov >>> 0) >>> 2) + 2 * i]! >>> 0;
          const len = view[((iov >>> 0) >>> 2) + 2 * i + 1]! >>> 0;
          total += len;
          text += String.fromCharCode(...bytes.subarray(ptr, ptr + Math.min(len, 1000)));
        }
        this.output = (this.output + text).slice(-1000);
        view[(pnum >>> 0) >>> 2] = total;
        return 0;
      },
      fd_close: () => 0,
      fd_seek: () => 70, // ESPIPE
      fd_fdstat_get: () => 8, // EBADF: not a terminal
      environ_sizes_get: (pcount: number, psize: number) => {
        this.heap32[(pcount >>> 0) >>> 2] = 0;
        this.heap32[(psize >>> 0) >>> 2] = 0;
        return 0;
      },
      environ_get: () => 0,
    };
    return { env, wasi_snapshot_preview1: wasi };
  }

}

// ---- compiled modules, one per engine per thread --------------------------------------------

const modules = new Map<WasmModuleName, WebAssemblyModule>();

function accept(engine: WasmModuleName, module: WebAssemblyModule): WebAssemblyModule {
  modules.set(engine, module);
  return module;
}

interface NodeFs {
  existsSync(path: URL): boolean;
  readFileSync(path: URL): Uint8Array;
}

/** Node's fs without a static import (so that bundles for browsers do not pull it in). */
function nodeFs(): NodeFs | undefined {
  const p = (globalThis as { process?: { versions?: { node?: string }; getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof p?.versions?.node !== 'string') return undefined;
  return p.getBuiltinModule?.('node:fs') as NodeFs | undefined;
}

/**
 * `engines/<engine>.wasm` in the package: the nearest folder above this module holding both
 * `package.json` and `engines/`. Works from `src/sat/` (tests) and `dist/src/sat/` (built).
 */
function engineFile(fs: NodeFs, engine: WasmModuleName): URL {
  let dir = new URL('.', import.meta.url);
  for (;;) {
    const file = new URL(`engines/${engine}.wasm`, dir);
    if (fs.existsSync(new URL('package.json', dir)) && fs.existsSync(file)) return file;
    const parent = new URL('..', dir);
    if (parent.href === dir.href) throw new NonocryptError('E_BUILD', `cannot find engines/${engine}.wasm above ${import.meta.url}`);
    dir = parent;
  }
}

/** The compiled module of an engine; compiles it synchronously on first use in Node. */
export function engineModule(engine: WasmModuleName): WebAssemblyModule {
  const known = modules.get(engine);
  if (known) return known;
  const fs = nodeFs();
  if (!fs) {
    throw new NonocryptError('E_BUILD', `engines/${engine}.wasm is not loaded: call await loadEngine('${engine}', source) first`);
  }
  return accept(engine, new WA.Module(fs.readFileSync(engineFile(fs, engine))));
}

/** Whether an engine's module is compiled in this thread. */
export function isEngineLoaded(engine: WasmModuleName): boolean {
  return modules.has(engine);
}

/** Whether `engineModule` can give the engine here: compiled already, or Node can read it. */
export function canLoadEngineNow(engine: WasmModuleName): boolean {
  return modules.has(engine) || nodeFs() !== undefined;
}

/**
 * Compile an engine's module ahead of use (needed in a browser, where a page's main thread
 * may not compile a large module synchronously and there is no file system to read from).
 * Without `source`: Node reads the package's `engines/<engine>.wasm`; a browser must say
 * where the file is (its URL, its bytes, or a compiled module).
 */
export async function loadWasmEngine(engine: WasmModuleName, source?: EngineSource): Promise<void> {
  if (source === undefined) {
    if (modules.has(engine)) return;
    const fs = nodeFs() ?? (await nodeFsAsync());
    if (!fs) throw new NonocryptError('E_BUILD', `loadEngine('${engine}'): outside Node, pass the URL or the bytes of engines/${engine}.wasm`);
    accept(engine, await WA.compile(fs.readFileSync(engineFile(fs, engine))));
    return;
  }
  if (typeof source === 'string' || source instanceof URL) {
    const response = await fetch(source);
    if (!response.ok) throw new NonocryptError('E_BUILD', `loadEngine('${engine}'): ${String(source)}: HTTP ${response.status}`);
    accept(engine, await WA.compile(await response.arrayBuffer()));
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    accept(engine, await WA.compile(source));
  } else {
    accept(engine, source);
  }
}

/** Node before 20.16 has no process.getBuiltinModule: a dynamic import bundlers leave alone. */
async function nodeFsAsync(): Promise<NodeFs | undefined> {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  if (typeof p?.versions?.node !== 'string') return undefined;
  const specifier = 'node:fs';
  return (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as NodeFs;
}

// ---- instances, reused after release() ------------------------------------------------------

/**
 * Released instances kept for reuse, per engine (range 0-8). A new WebAssembly instance costs
 * 7-11 ms for MiniSat and about 30 ms for CaDiCaL (NOTES, "Measured 2026-11-23"), more than a
 * whole small block; a session holds at most two live instances at once (one per SatPurpose:
 * blocks and hitting sets), so two kept ones make every replacement free.
 */
const POOL_SIZE = 2;
/**
 * A released instance whose heap grew past this is dropped, not kept, in bytes (range
 * 64 MiB-2 GiB): a WebAssembly memory never shrinks, so keeping a heap that a 60x60 block grew
 * to hundreds of MiB would hold that memory for the life of the process for small blocks.
 */
const POOL_HEAP_BYTES = 256 * MIB;
const pools: Record<WasmEngineName, EngineInstance[]> = { minisat: [], cadical: [] };

/** An engine instance for a new SAT instance with the given cap: a released one, or a new one. */
export function acquireInstance(engine: WasmEngineName, capBytes: number): EngineInstance {
  const pool = pools[engine];
  const i = pool.findIndex((instance) => instance.heapBytes <= capBytes);
  const instance = i >= 0 ? pool.splice(i, 1)[0]! : new EngineInstance(engine, engineModule(engine));
  instance.capBytes = capBytes;
  instance.growFailure = undefined;
  instance.output = '';
  instance.proofSink = undefined;
  return instance;
}

/**
 * Take back the instance of a released SAT instance whose engine state was deleted cleanly:
 * the next SAT instance of the engine reuses its heap at once instead of growing a new one
 * while the old one waits for the garbage collector.
 */
export function recycleInstance(instance: EngineInstance): void {
  if (instance.engine === 'core' || instance.engine === 'games' || instance.engine === 'checker') return;
  const pool = pools[instance.engine];
  if (pool.length < POOL_SIZE && instance.heapBytes <= POOL_HEAP_BYTES) pool.push(instance);
}
