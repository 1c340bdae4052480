import { NonocryptError, SolverAbortError } from '../errors.js';
import type { EngineCapabilities, SatOutcome, SatSolver, SolveLimits, SolverOptions } from './SatSolver.js';
import {
  EngineTrap,
  acquireInstance,
  mebibytes,
  memoryCap,
  recycleInstance,
  type EngineExports,
  type EngineInstance,
  type WasmEngineName,
  wallClock,
} from './wasmEngine.js';

const CAPABILITIES: EngineCapabilities = {
  failedAssumptions: true,
  deadline: true,
  conflictBudget: true,
  growableMemory: true,
};

/**
 * `SatSolver` over our WebAssembly MiniSat 2.2.1 or CaDiCaL 1.7.4 (`engines/`): both expose
 * the same small C API (`engines/glue/*.cc`), so one class serves both. CaDiCaL can also trace
 * an LRAT proof (`traceLratProof`; `solveWithLratProof` in lratProof.ts is the entry point).
 *
 * - Literals go to the engine through one buffer in its heap, reused and grown as needed;
 *   each literal is checked here (0, or a variable not made by this instance, would otherwise
 *   corrupt the engine's memory silently: the engines check nothing in this build).
 * - Variables are made in the engine lazily, at the next addClause, solve or retireVars.
 * - value() and failed() are allowed only while their answer is current (CaDiCaL aborts on
 *   such a call in the wrong state, MiniSat would read stale memory): calling them at another
 *   time is a bug and throws E_INTERNAL, like any other misuse.
 * - Any exception from inside the engine (its memory cap, a trap) kills the instance: the
 *   error becomes `abortReason`, and that call and every later one throw SolverAbortError.
 */
export class WasmSolver implements SatSolver {
  /** The same for both engines. */
  static readonly capabilities: EngineCapabilities = CAPABILITIES;
  readonly capabilities = CAPABILITIES;
  private instance: EngineInstance | undefined;
  private readonly x: EngineExports;
  private readonly handle: number;
  private buf = 0;
  private bufLen = 0;
  private vars = 0;
  private engineVars = 0;
  private clauses = 0;
  private dead: string | undefined;
  /** What the last solve left readable: a model over variables 1..modelVars, or failed(). */
  private answer: 'none' | 'sat' | 'unsat' = 'none';
  private modelVars = 0;

  constructor(
    readonly engine: WasmEngineName,
    options: SolverOptions = {},
  ) {
    const instance = acquireInstance(engine, memoryCap(engine, options.memoryCapBytes));
    this.instance = instance;
    this.x = instance.exports;
    try {
      this.handle = this.x.nc_new() >>> 0;
    } catch (e) {
      throw this.died(e);
    }
    this.ensureBuffer(256);
  }

  get numVars(): number {
    return this.vars;
  }
  get numClauses(): number {
    return this.clauses;
  }
  get abortReason(): string | undefined {
    return this.dead;
  }
  get heapBytes(): number {
    return this.instance?.heapBytes ?? 0;
  }

  newVar(): number {
    this.live();
    return ++this.vars;
  }

  newVars(count: number): number {
    this.live();
    if (!Number.isInteger(count) || count < 0) throw misuse(`newVars(${count}): expected a count >= 0`);
    const first = this.vars + 1;
    this.vars += count;
    return first;
  }

  addClause(lits: ArrayLike<number>, length: number = lits.length): void {
    const instance = this.live();
    if (length > this.bufLen) this.ensureBuffer(length);
    if (this.vars > this.engineVars) this.makeVars();
    this.answer = 'none';
    const heap = instance.heap32; // read after the calls above: they may grow the heap
    const base = this.buf >>> 2;
    const n = this.vars;
    for (let i = 0; i < length; i++) {
      const lit = lits[i]!;
      if (!isLiteral(lit, n)) throw badLiteral(lit, n);
      heap[base + i] = lit;
    }
    this.clauses++;
    // The hottest call while an encoding loads: no closure, just the try.
    try {
      this.x.nc_add(this.handle, this.buf, length);
    } catch (e) {
      throw this.died(e);
    }
  }

  solve(assumptions: ArrayLike<number> = [], limits?: SolveLimits): SatOutcome {
    const instance = this.live();
    const limit = limits?.deadline ?? Infinity;
    if (typeof limit !== 'number' || Number.isNaN(limit)) throw misuse(`solve: deadline ${String(limit)} is not a time`);
    const budget = limits?.conflicts;
    if (budget !== undefined && !(budget >= 0)) throw misuse(`solve: conflict budget ${String(budget)} is not a count`);
    const budgeted = budget !== undefined && budget < Infinity;
    const deadline = Math.max(limit, -Number.MAX_VALUE);
    const length = assumptions.length;
    if (length > this.bufLen) this.ensureBuffer(length);
    if (this.vars > this.engineVars) this.makeVars();
    this.answer = 'none';
    const heap = instance.heap32;
    const base = this.buf >>> 2;
    const n = this.vars;
    for (let i = 0; i < length; i++) {
      const lit = assumptions[i]!;
      if (!isLiteral(lit, n)) throw badLiteral(lit, n);
      heap[base + i] = lit;
    }
    const result = budgeted ? this.solveWithin(instance, length, deadline, Math.floor(budget!)) : this.run(length, deadline);
    if (result === 10) {
      this.answer = 'sat';
      this.modelVars = n;
      return 'sat';
    }
    if (result === 20) {
      this.answer = 'unsat';
      return 'unsat';
    }
    return 'unknown';
  }

  /** One engine solve under the assumptions in the buffer: 10, 20, or 0 (stopped). */
  private run(length: number, deadline: number): number {
    try {
      return this.x.nc_solve(this.handle, this.buf, length, deadline);
    } catch (e) {
      throw this.died(e);
    }
  }

  /**
   * A solve within `budget` conflicts (and `deadline`), stopped at a point fixed by the search,
   * not by time:
   * - MiniSat: the engines' clock import (EngineInstance.clock) reads the conflicts (nc_stat)
   *   each time MiniSat reads it (every 8,192 propagations) and answers +Infinity, past any
   *   deadline, once the budget is spent;
   * - CaDiCaL: its own conflict limit for the call (glue/cadical.cc, nc_limit_conflicts): it
   *   stops within a few conflicts of the budget (501-504 for 500, test/engines.test.ts).
   */
  private solveWithin(instance: EngineInstance, length: number, deadline: number, budget: number): number {
    const x = this.x;
    const handle = this.handle;
    if (x.nc_limit_conflicts) {
      x.nc_limit_conflicts(handle, Math.min(budget, 0x7fffffff));
      return this.run(length, deadline);
    }
    const stopAt = x.nc_stat(handle, 0) + budget;
    try {
      instance.clock = () => (x.nc_stat(handle, 0) >= stopAt ? Infinity : performance.now());
      // MiniSat reads an infinite deadline as "none": the clock must be read.
      return this.run(length, Math.min(deadline, Number.MAX_VALUE));
    } finally {
      instance.clock = wallClock;
    }
  }

  value(v: number): 0 | 1 {
    this.live();
    if (this.answer !== 'sat') throw misuse('value(): no model (the last solve was not sat, or clauses were added since)');
    if (!(v >= 1 && v <= this.modelVars && Number.isInteger(v))) throw misuse(`value(${v}): not a variable of the last model (1..${this.modelVars})`);
    try {
      return this.x.nc_value(this.handle, v) === 0 ? 0 : 1;
    } catch (e) {
      throw this.died(e);
    }
  }

  failed(lit: number): boolean {
    this.live();
    if (this.answer !== 'unsat') throw misuse('failed(): the last solve did not answer unsat, or clauses were added since');
    if (!isLiteral(lit, this.vars)) throw badLiteral(lit, this.vars);
    try {
      return this.x.nc_failed(this.handle, lit) !== 0;
    } catch (e) {
      throw this.died(e);
    }
  }

  retireVars(first: number, last: number): void {
    this.live();
    if (!(Number.isInteger(first) && Number.isInteger(last) && first >= 1 && last <= this.vars)) {
      throw misuse(`retireVars(${first}, ${last}): not a range of variables 1..${this.vars}`);
    }
    if (first > last) return;
    // CaDiCaL needs nothing (and making variables now would reset its answer state).
    if (this.engine !== 'minisat') return;
    if (last > this.engineVars) this.makeVars();
    try {
      this.x.nc_retire(this.handle, first, last);
    } catch (e) {
      throw this.died(e);
    }
  }

  phase(lit: number): void {
    this.live();
    if (!isLiteral(lit, this.vars)) throw badLiteral(lit, this.vars);
    if (Math.abs(lit) > this.engineVars) this.makeVars();
    this.answer = 'none';
    try {
      this.x.nc_phase(this.handle, lit);
    } catch (e) {
      throw this.died(e);
    }
  }

  /**
   * Search statistics: conflicts, decisions, propagations (MiniSat's counters; CaDiCaL's
   * conflicts, decisions and search propagations, through our patch's getter).
   */
  stats(): { conflicts: number; decisions: number; propagations: number } {
    this.live();
    return {
      conflicts: this.x.nc_stat(this.handle, 0),
      decisions: this.x.nc_stat(this.handle, 1),
      propagations: this.x.nc_stat(this.handle, 2),
    };
  }

  /**
   * CaDiCaL only, and only on a new instance (no clause added, no variable given to the
   * engine): from now on the engine writes a text LRAT proof of what its solves refute to
   * `sink`, in chunks that are views of its heap, valid during the call only. The next
   * `clauses` clauses added are numbered 1..clauses in that order; derived clauses follow.
   * `flushProof()` after a solve hands over what is still buffered. A sink that throws kills
   * the instance (the error unwinds through the engine).
   */
  traceLratProof(clauses: number, sink: (chunk: Uint8Array) => void): void {
    const instance = this.live();
    const begin = this.x.nc_proof_begin;
    if (this.engine !== 'cadical' || !begin) throw misuse(`${this.engine} writes no LRAT proof`);
    if (this.engineVars > 0 || this.clauses > 0) throw misuse('traceLratProof: only on a new instance, before any clause');
    if (!(Number.isInteger(clauses) && clauses >= 0 && clauses < 2 ** 31)) throw misuse(`traceLratProof(${clauses}): not a clause count`);
    instance.proofSink = sink;
    let ok: number;
    try {
      ok = begin(this.handle, clauses);
    } catch (e) {
      throw this.died(e);
    }
    if (!ok) throw this.died(new EngineTrap('abort', 'the proof stream could not be opened'));
  }

  /** Hand what the proof trace still buffers to the sink (after a solve). */
  flushProof(): void {
    this.live();
    const end = this.x.nc_proof_end;
    if (!end) throw misuse(`${this.engine} writes no LRAT proof`);
    try {
      end(this.handle);
    } catch (e) {
      throw this.died(e);
    }
  }

  release(): void {
    const instance = this.instance;
    this.instance = undefined;
    if (!instance || this.dead) return;
    instance.proofSink = undefined; // what the proof stream still buffers is dropped
    try {
      this.x.free(this.buf);
      this.x.nc_delete(this.handle);
    } catch {
      return; // not reusable; the garbage collector takes it
    }
    recycleInstance(instance);
  }

  /** The engine instance, or the error for an instance that aborted or was released. */
  private live(): EngineInstance {
    const instance = this.instance;
    if (instance) return instance;
    if (this.dead) throw new SolverAbortError(this.dead);
    throw misuse(`${this.engine} SAT instance used after release()`);
  }

  private makeVars(): void {
    try {
      this.x.nc_reserve(this.handle, this.vars);
    } catch (e) {
      throw this.died(e);
    }
    this.engineVars = this.vars;
  }

  private ensureBuffer(length: number): void {
    const bufLen = Math.max(length, this.bufLen * 2, 256);
    try {
      if (this.buf) this.x.free(this.buf);
      this.buf = 0;
      this.buf = this.x.malloc(bufLen * 4) >>> 0;
    } catch (e) {
      throw this.died(e);
    }
    if (this.buf === 0) throw this.died(new EngineTrap('abort', 'malloc failed'));
    this.bufLen = bufLen;
  }

  /** Mark the instance dead after an exception from inside the engine; the error to throw. */
  private died(e: unknown): SolverAbortError {
    const instance = this.instance!;
    this.instance = undefined;
    const failure = instance.growFailure;
    let reason: string;
    if (failure?.kind === 'cap') {
      reason = `out of memory (memory cap of ${mebibytes(instance.capBytes)} MiB per SAT instance)`;
    } else if (failure?.kind === 'host') {
      reason = `out of memory (the heap could not grow to ${mebibytes(failure.requested)} MiB)`;
    } else if (e instanceof EngineTrap && e.kind === 'exception') {
      reason = `out of memory (an allocation failed with a heap of ${mebibytes(instance.heapBytes)} MiB)`;
    } else {
      const message = e instanceof Error ? e.message : String(e);
      const output = instance.output.trim().split('\n').pop();
      reason = `${this.engine} failed: ${message}${output ? ` (${output})` : ''}`;
    }
    this.dead = reason;
    return new SolverAbortError(reason);
  }
}

export function misuse(message: string): NonocryptError {
  return new NonocryptError('E_INTERNAL', `internal error: ${message}`);
}

/** A non-zero integer literal over variables 1..vars. */
export function isLiteral(lit: number, vars: number): boolean {
  return lit >= -vars && lit <= vars && lit !== 0 && (lit | 0) === lit;
}

function badLiteral(lit: number, vars: number): NonocryptError {
  return misuse(`literal ${lit} is not a literal over this instance's variables 1..${vars}`);
}
