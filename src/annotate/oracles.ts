import type { Grid } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import { BLACK, countOpen, UNKNOWN } from '../line/Propagator.js';
import { CorePropagator } from '../solve/CorePropagator.js';
import { switchNeighbour } from '../solve/switchNeighbour.js';
import { BlockSolver } from '../solve/BlockSolver.js';
import type { SatSession } from '../sat/SatSession.js';
import type { ReceiverModel } from './ReceiverModel.js';

/**
 * Annotation oracles: "does giving these black cells make the block decode?", and when not, a
 * core: a set of cells every valid annotation must contain at least one of.
 * - logic: propagate from the clues plus the given cells. If it stalls, the black cells it
 *   left open form a core: any annotation made only of cells this stalled state already fixed
 *   stalls the same way (propagation is monotone). The core is shrunk by growing the given set
 *   in random order while propagation keeps stalling.
 * - unique: propagation first (line-solvable implies unique); otherwise a 2x2 switch of the
 *   original that moves no given cell, else SAT, for a second solution Y with the given cells
 *   black. The cells black in the original and white in Y form
 *   a core: an annotation missing all of them leaves Y a solution. The search is told to try
 *   each cell's original value first, so Y is near the original and the core small (20 Brown
 *   messages at n = 30, 10 s each: median 2.0 s per block instead of 2.8, 10 % fewer cores).
 *   Each core is shrunk (a closer second solution inside Y's difference, while there is one),
 *   and the search first looks only where earlier second solutions differed (findOther).
 */
export interface OracleAnswer {
  readonly valid: boolean;
  /** When not valid: one or more cores, each a list of cells. */
  readonly cores: number[][];
}

/**
 * 'unknown': a SAT call was stopped by the oracle's deadline; no answer (never a guess).
 */
export interface AnnotationOracle {
  /** Cores that hold before any annotation (empty when the block already decodes). */
  initialCores(): number[][] | 'unknown';
  check(annotation: readonly number[]): OracleAnswer | 'unknown';
  /**
   * A valid (not minimal) annotation containing `annotation`: it plus black cells until
   * propagation finishes the block (line-solvable, hence valid for both receivers). Until
   * `until` (a `performance.now()` time; default: none) it picks cells with more care and
   * gives fewer of them; see completeFrom.
   */
  complete(annotation: readonly number[], until?: number): number[];
  readonly calls: number;
  dispose(): void;
}

/**
 * `deadline` (a `performance.now()` time): the logic oracle stops shrinking cores after it;
 * the unique oracle's SAT calls stop there and answer 'unknown' until some check has answered
 * valid (so that a caller with no valid annotation yet keeps the time after it to complete
 * one), and at `hardDeadline` from then on.
 */
export function makeOracle(
  grid: Grid,
  model: ReceiverModel,
  session?: SatSession,
  seed = 1,
  deadline = Infinity,
  hardDeadline = Infinity,
): AnnotationOracle {
  return model === 'logic' ? new LogicOracle(grid, seed, deadline) : new UniqueOracle(grid, session, deadline, hardDeadline);
}

/**
 * `annotation` plus black cells given one at a time until line logic finishes the block. Ends
 * line-solvable, hence valid for both receivers. Until `until` (a `performance.now()` time)
 * each step tries every open black cell and gives the one that leaves the fewest cells open
 * (a propagation per candidate); after it, each step gives the open black cell whose row and
 * column hold the most open cells, one propagation per step. On the 20 Brown messages at
 * n = 30, from no annotation: 25 cells (median) in 19 ms (max 47) against 54 cells in 1 ms;
 * either is far below giving every open black cell (160-195 cells).
 */
function completeFrom(inc: Incremental, annotation: readonly number[], until: number): number[] {
  const chosen = new Set(annotation);
  let state = inc.extend(inc.base, annotation);
  const w = inc.grid.width;
  const h = inc.grid.height;
  while (!state.solved) {
    const d = state.domains;
    if (performance.now() < until) {
      let bestOpen = Infinity;
      let pick = -1;
      let next = state;
      for (const c of inc.openBlack(d)) {
        if (pick >= 0 && performance.now() >= until) break;
        const tried = inc.extend(d, [c]);
        const open = countOpen(tried.domains);
        if (open < bestOpen) (bestOpen = open), (pick = c), (next = tried);
      }
      chosen.add(pick);
      state = next;
      continue;
    }
    const rowOpen = new Array<number>(h).fill(0);
    const colOpen = new Array<number>(w).fill(0);
    for (let c = 0; c < d.length; c++) if (d[c] === UNKNOWN) (rowOpen[Math.floor(c / w)]!++, colOpen[c % w]!++);
    let pick = -1;
    let score = -1;
    for (const c of inc.openBlack(d)) {
      const s = rowOpen[Math.floor(c / w)]! + colOpen[c % w]!;
      if (s > score) (pick = c), (score = s);
    }
    chosen.add(pick);
    state = inc.extend(d, [pick]);
  }
  return [...chosen].sort((a, b) => a - b);
}

/** Propagation from a base fixpoint plus some black cells. */
class Incremental {
  readonly propagator: CorePropagator;
  readonly base: Uint8Array;
  readonly baseStatus;
  constructor(readonly grid: Grid) {
    this.propagator = new CorePropagator(puzzleOf(grid));
    this.base = this.propagator.unknownDomains();
    this.baseStatus = this.propagator.run(this.base);
  }
  /**
   * Copy of `from` with `cells` set black, propagated; the lines through them are the start.
   * `finishers`: see Propagator.run (then `domains` of a solved answer are part-way).
   */
  extend(from: Uint8Array, cells: readonly number[], finishers?: Uint8Array): { domains: Uint8Array; solved: boolean } {
    const d = from.slice();
    const dirty: number[] = [];
    for (const c of cells) {
      if (d[c] === UNKNOWN) {
        d[c] = BLACK;
        dirty.push(...this.propagator.linesOf(c));
      }
    }
    const status = dirty.length ? this.propagator.run(d, dirty, finishers) : this.status(d);
    if (status === 'contradiction') throw new Error('internal error: the original grid contradicts its own clues');
    return { domains: d, solved: status === 'solved' };
  }
  private status(d: Uint8Array) {
    return d.includes(UNKNOWN) ? ('stalled' as const) : ('solved' as const);
  }
  openBlack(d: Uint8Array): number[] {
    const out: number[] = [];
    for (let c = 0; c < d.length; c++) if (d[c] === UNKNOWN && this.grid.cells[c]) out.push(c);
    return out;
  }
}

/**
 * Cores shrunk per failed logic check (each from the same stalled state, in its own random
 * order; duplicates dropped), 1-16. Two gave the best time at n = 20-25 while propagation was
 * 40 % of a block's time. Since shrinking stops at a cell known to finish the block (shrink) it
 * costs a fraction of that and the hitting-set SAT engine dominates, so more cores per check pay:
 * 20 Brown messages at n = 25, 10 s each, paired runs, 13 blocks proven with 4 against 11-12
 * with 2 (twice); at n = 30, 9 and 9, with the blocks proven by both done in 21.9 s against 27.1 s.
 * 8 gave 11 at n = 25.
 */
const SHRINK_ATTEMPTS = 4;
class LogicOracle implements AnnotationOracle {
  private readonly inc: Incremental;
  private rand: () => number;
  calls = 0;
  constructor(
    readonly grid: Grid,
    seed: number,
    private readonly deadline: number,
  ) {
    this.inc = new Incremental(grid);
    let s = seed >>> 0 || 1;
    this.rand = () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s / 4294967296;
    };
  }
  initialCores(): number[][] {
    return this.inc.baseStatus === 'solved' ? [] : [this.inc.openBlack(this.inc.base)];
  }
  check(annotation: readonly number[]): OracleAnswer {
    this.calls++;
    const first = this.inc.extend(this.inc.base, annotation);
    if (first.solved) return { valid: true, cores: [] };
    // Past the deadline the raw core is enough: shrinking costs a propagation per open cell.
    if (performance.now() > this.deadline) return { valid: false, cores: [this.inc.openBlack(first.domains)] };
    const cores: number[][] = [];
    const seen = new Set<string>();
    for (let attempt = 0; attempt < SHRINK_ATTEMPTS; attempt++) {
      const core = this.shrink(first.domains);
      const key = core.join(',');
      if (!seen.has(key)) (seen.add(key), cores.push(core));
    }
    return { valid: false, cores };
  }
  /**
   * Grow the stalled state with open black cells in random order while it keeps stalling. A
   * cell that finishes the block from some state here finishes it from every later (larger)
   * one, so a later propagation that makes it black stops there (Propagator.run's finishers).
   */
  private shrink(stalled: Uint8Array): number[] {
    let state = stalled;
    const order = this.inc.openBlack(stalled);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(this.rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const finishers = new Uint8Array(stalled.length);
    for (const c of order) {
      if (state[c] !== UNKNOWN) continue;
      this.calls++;
      const next = this.inc.extend(state, [c], finishers);
      if (!next.solved) state = next.domains;
      else finishers[c] = 1;
    }
    return this.inc.openBlack(state);
  }
  complete(annotation: readonly number[], until = -Infinity): number[] {
    return completeFrom(this.inc, annotation, until);
  }
  dispose(): void {
    this.inc.propagator.dispose();
  }
}

class UniqueOracle implements AnnotationOracle {
  private readonly inc: Incremental;
  private readonly block: BlockSolver;
  private firstOther: Grid | 'none' | 'unknown' | undefined;
  /** The cells where the second solutions found so far differ from the original (1), once there is one. */
  private region: Uint8Array | undefined;
  private hinted = false;
  private sawValid = false;
  calls = 0;
  constructor(
    readonly grid: Grid,
    session: SatSession | undefined,
    private readonly softDeadline: number,
    private readonly hardDeadline: number,
  ) {
    this.inc = new Incremental(grid);
    // The block starts from the oracle's own fixpoint: one propagation of the puzzle, not two.
    this.block = new BlockSolver(this.inc.propagator.puzzle, [], session, { domains: this.inc.base, status: this.inc.baseStatus });
  }
  initialCores(): number[][] | 'unknown' {
    if (this.inc.baseStatus === 'solved') return [];
    if (this.firstOther === undefined || this.firstOther === 'unknown') {
      this.nearOriginal();
      this.firstOther = this.findOther([]);
    }
    const other = this.firstOther;
    return other === 'unknown' ? 'unknown' : other === 'none' ? [] : [this.coreOf(other, [])];
  }
  check(annotation: readonly number[]): OracleAnswer | 'unknown' {
    this.calls++;
    if (!this.inc.extend(this.inc.base, annotation).solved) {
      this.nearOriginal();
      const other = this.findOther(annotation);
      if (other === 'unknown') return 'unknown';
      if (other !== 'none') return { valid: false, cores: [this.coreOf(other, annotation)] };
    }
    this.sawValid = true;
    return { valid: true, cores: [] };
  }
  complete(annotation: readonly number[], until = -Infinity): number[] {
    return completeFrom(this.inc, annotation, until);
  }
  /**
   * A second solution with the annotation's cells black: first one 2x2 switch away from the
   * original that moves no given cell (solve/switchNeighbour.ts: one pass over the lines, and
   * its core, two cells, is as small as a core gets), then inside `region` (a search on its
   * cells alone), then anywhere. The switch first, on the 2 blocks of a 1,000-character
   * message at n = 50 (classic table, 10 s each): 215 and 218 cells with lower bounds 38 and
   * 49, against 303 and 300 with bounds 0 and 44 (SAT found no second solution of the first
   * block in 10 s). On the 20 Brown messages at n = 16-35 it is level with the code before it
   * (paired benchmark runs, docs/results/solver-research.md "What each technique did"; an
   * earlier gain at n = 30 and 35 did not reproduce). A search by the core before SAT added nothing, so SAT goes on as before.
   * The region: hitting sets pick one cell in each local ambiguity the cores have shown, and
   * most ambiguities a later set misses are other flips of the same cells. On the 20 Brown
   * messages (10 s each, paired runs), unique receiver: n = 30 17
   * proven against 16, n = 35 17 against 16, and on the held-out draw (seed 2) n = 30 18
   * against 15, n = 35 17 against 17 with the median 0.75 s against 1.14; on #1 at n = 30,
   * 221 of 354 searches found one in the region, in 11 ms against 38 ms for a whole search.
   */
  private findOther(annotation: readonly number[]): Grid | 'none' | 'unknown' {
    const limits = { deadline: this.deadline };
    const switched = switchNeighbour(this.inc.propagator.puzzle, this.grid, annotation);
    if (switched) return this.block.checked(switched.cells);
    if (this.region) {
      const near = this.block.findWithin(this.grid, this.region, annotation, limits);
      if (near !== 'none') return near;
    }
    return this.block.findOther(this.grid, annotation, limits);
  }
  /**
   * The core of a second solution, shrunk first: the cells black in the original and white in
   * it (an annotation missing all of them leaves it a solution). Its difference joins `region`.
   */
  private coreOf(other: Grid, annotation: readonly number[]): number[] {
    const near = this.shrink(other, annotation);
    const region = (this.region ??= new Uint8Array(near.cells.length));
    const core: number[] = [];
    for (let c = 0; c < near.cells.length; c++) {
      if (near.cells[c] === this.grid.cells[c]) continue;
      region[c] = 1;
      if (this.grid.cells[c]) core.push(c);
    }
    return core;
  }
  /**
   * Shrink a second solution's core: while a second solution inside `other`'s difference from
   * the original turns fewer of the original's black cells white (`BlockSolver.findCloser`),
   * take it. Each step is a SAT call on the cells of that difference alone (about 2 ms at
   * n = 30, against 7-40 ms for the search that found `other`), and the core it ends with is
   * a subset of the first. On the 20 Brown messages at n = 30 (10 s each) the blocks that
   * settle their size did so in about half the rounds and cores (#7: 285 rounds and 510 cores
   * against 498 and 911).
   */
  private shrink(other: Grid, annotation: readonly number[]): Grid {
    for (;;) {
      const closer = this.block.findCloser(this.grid, other, annotation, { deadline: this.deadline });
      if (closer === 'none' || closer === 'unknown') return other;
      other = closer;
    }
  }
  private get deadline(): number {
    return this.sawValid ? this.hardDeadline : this.softDeadline;
  }
  /** Second solutions near the original (see BlockSolver.preferNear), set once before the first search. */
  private nearOriginal(): void {
    if (this.hinted) return;
    this.hinted = true;
    this.block.preferNear(this.grid);
  }
  dispose(): void {
    this.inc.propagator.dispose();
    this.block.dispose();
  }
}
