import { checkGrid } from '../grid/checkGrid.js';
import { makeGrid, type Grid, type Puzzle } from '../grid/Puzzle.js';
import { encodePuzzle, type PuzzleEncoding } from '../encode/encodePuzzle.js';
import { BLACK, Propagator, countOpen, domainsToCells, type PropagationStatus } from '../line/Propagator.js';
import { probe } from '../line/probe.js';
import { GuardScope } from '../sat/GuardScope.js';
import { defaultSession, type SatSession } from '../sat/SatSession.js';
import type { SolveLimits } from '../sat/SatSolver.js';
import { NonocryptError } from '../errors.js';
import type { Difficulty, SolutionCount, SolveResult, SolveStats } from './SolveResult.js';

/**
 * One block (a puzzle plus cells given black), solved as far as needed:
 * 1. presolve: propagation to a fixpoint. Solved -> unique and line-solvable; contradiction
 *    -> none. Most blocks stop here and never touch SAT.
 * 1b. in `solve()`, probing (see line/probe.ts): solved -> unique (not line-solvable),
 *    contradiction -> none; otherwise SAT starts from the cells probing fixed.
 * 2. SAT on what was left open: the encoding is loaded once, in a guard scope of a shared
 *    SAT instance (see sat/GuardScope.ts). UNSAT -> none; otherwise grid X.
 * 3. uniqueness: a child scope holds the clause "some open cell that is black in X is
 *    white". Two solutions have the same number of black cells, so any other grid turns at
 *    least one of X's black cells white: one clause forbids exactly X. UNSAT -> unique;
 *    SAT -> a second grid.
 * The same instance then answers "is X the only solution once these cells are given?" for the
 * annotation minimizer, each query in its own retired scope, the given cells as assumptions.
 * A solve stopped by its deadline answers 'unknown', never a verdict.
 *
 * Counting (`countMax`): instead of step 3, one child scope collects a blocking clause per grid
 * found (the same clause as in step 3, which forbids exactly that grid) and SAT is asked again
 * until it answers UNSAT (the count is exact), one grid more than the maximum is found (the
 * count is reported as `>= countMax`), or the deadline passes (a lower bound). At least two
 * grids are looked for, so the verdict is the same as without counting.
 */
/** What a search found: a grid, proof that there is none, or nothing (stopped by its deadline). */
export type Found = Grid | 'none' | 'unknown';

/**
 * Estimated SAT variables per open cell, used only to decide whether a block still fits on the
 * session's shared instance (SatSession's share limit): the cell's own variable plus the
 * automaton states of its row and column. Measured on random boards (NOTES: 20x20 about 5k
 * variables for 400 cells, 50x50 about 69k for 2,500): 12-28 per cell; an underestimate only
 * means one more block shares an instance before a fresh one is made. Range 8-30.
 */
const VARIABLES_PER_OPEN_CELL = 12;

export class BlockSolver {
  readonly propagator: Propagator;
  /** Domains after propagation from the givens. */
  readonly domains: Uint8Array;
  readonly presolve: PropagationStatus;
  /** The domains the SAT encoding starts from: `domains`, narrowed by probing in `solve()`. */
  private satDomains: Uint8Array;
  private probes = 0;
  private probingStopped = false;
  private difficulty: Difficulty = 'line';
  private satSearch: { decisions: number; conflicts: number } | undefined;
  private scope: GuardScope | undefined;
  private encoding: PuzzleEncoding | undefined;
  satCalls = 0;
  /** True when this block's clauses went into an instance that already held other blocks. */
  sharedInstance = false;

  constructor(
    readonly puzzle: Puzzle,
    readonly givens: readonly number[] = [],
    private readonly session: SatSession = defaultSession,
    propagator?: Propagator,
    /** The propagation fixpoint of `propagator` without givens, when the caller has it already. */
    fixpoint?: { readonly domains: Uint8Array; readonly status: PropagationStatus },
  ) {
    this.propagator = propagator ?? new Propagator(puzzle);
    let d: Uint8Array;
    if (fixpoint && propagator && givens.length === 0) {
      d = fixpoint.domains.slice();
      this.presolve = fixpoint.status;
    } else {
      d = this.propagator.unknownDomains();
      for (const c of givens) d[c] = BLACK;
      this.presolve = this.propagator.run(d);
    }
    this.domains = d;
    this.satDomains = d;
  }

  /** Cells still open after propagation (before probing). */
  get openCells(): number {
    return countOpen(this.domains);
  }

  /**
   * Decide the block. With `probing` (the default) a stalled presolve is narrowed by probing
   * before SAT. Throws SolverAbortError when the SAT engine aborts (its memory cap).
   */
  solve(options: { readonly probing?: boolean; readonly countMax?: number } & SolveLimits = {}): SolveResult {
    const counted = (r: SolveResult, count: SolutionCount): SolveResult => (options.countMax === undefined ? r : { ...r, count });
    const exactly = (value: number): SolutionCount => ({ value, exact: true });
    if (this.presolve === 'contradiction') return counted({ status: 'none', lineSolvable: false, stats: this.stats() }, exactly(0));
    if (this.presolve === 'solved') {
      const grid = this.checked(domainsToCells(this.domains));
      return counted({ status: 'unique', grid, lineSolvable: true, stats: this.stats() }, exactly(1));
    }
    this.difficulty = 'probing';
    if ((options.probing ?? true) && !this.scope) {
      const probed = this.domains.slice();
      const r = probe(this.propagator, probed, { deadline: options.deadline });
      this.probes = r.probes;
      this.probingStopped = r.budgetExhausted;
      this.satDomains = probed;
      if (r.status === 'contradiction') return counted({ status: 'none', lineSolvable: false, stats: this.stats() }, exactly(0));
      if (r.status === 'solved') {
        return counted({ status: 'unique', grid: this.checked(domainsToCells(probed)), lineSolvable: false, stats: this.stats() }, exactly(1));
      }
    }
    this.difficulty = 'search';
    if (options.countMax !== undefined) return this.count(options.countMax, options);
    const first = this.findGrid(options);
    if (first === 'unknown') return this.stopped();
    if (first === 'none') return { status: 'none', lineSolvable: false, stats: this.stats() };
    const second = this.findOther(first, [], options);
    if (second === 'unknown') return this.stopped();
    if (second === 'none') return { status: 'unique', grid: first, lineSolvable: false, stats: this.stats() };
    return { status: 'multiple', grids: [first, second], lineSolvable: false, stats: this.stats() };
  }

  /** Step 3 by counting: grids one by one under blocking clauses (see the class comment). */
  private count(countMax: number, limits: SolveLimits): SolveResult {
    const first = this.findGrid(limits);
    if (first === 'none') return { status: 'none', lineSolvable: false, stats: this.stats(), count: { value: 0, exact: true } };
    if (first === 'unknown') return { ...this.stopped(), count: { value: 0, exact: false, stoppedBy: 'time limit' } };
    const blocking = this.scope!.child();
    const grids: Grid[] = [first];
    let end: 'unsat' | 'max' | 'time limit';
    try {
      for (;;) {
        // One grid past the maximum tells an exact count of `countMax` from a larger one.
        if (grids.length > Math.max(countMax, 1)) {
          end = 'max';
          break;
        }
        const last = grids[grids.length - 1]!;
        blocking.addClause(this.differFrom(last));
        const r = this.satSolve(blocking, limits);
        if (r === 'unsat') {
          end = 'unsat';
          break;
        }
        if (r === 'unknown') {
          end = 'time limit';
          break;
        }
        grids.push(this.read());
      }
    } finally {
      blocking.retire();
    }
    const found = grids.length;
    const count: SolutionCount =
      end === 'unsat' && found <= countMax ? { value: found, exact: true } : { value: Math.min(found, countMax), exact: false, stoppedBy: end === 'time limit' ? 'time limit' : 'max' };
    if (found >= 2) return { status: 'multiple', grids: [grids[0]!, grids[1]!], lineSolvable: false, stats: this.stats(), count };
    if (end === 'unsat') return { status: 'unique', grid: first, lineSolvable: false, stats: this.stats(), count };
    return { ...this.stopped(), count };
  }

  /** Some grid that fits. */
  findGrid(limits: SolveLimits = {}): Found {
    if (this.presolve === 'contradiction') return 'none';
    if (this.presolve === 'solved') return this.checked(domainsToCells(this.domains));
    const scope = this.load();
    const r = this.satSolve(scope, limits);
    return r === 'sat' ? this.read() : r === 'unsat' ? 'none' : 'unknown';
  }

  /**
   * "Differ from `grid`": some open cell black in `grid` is white. Enough, because every
   * solution has the same number of black cells (the clues fix it), so any other solution turns
   * a black cell of `grid` white.
   */
  private differFrom(grid: Grid): number[] {
    const cellVar = this.encoding!.cellVar;
    const clause: number[] = [];
    for (let c = 0; c < cellVar.length; c++) if (cellVar[c] && grid.cells[c]) clause.push(-cellVar[c]!);
    return clause;
  }

  /**
   * A grid different from `grid` that fits the clues, the givens, and has every cell of
   * `extraBlack` black; 'none' when there is none (so `grid` is then the only solution with
   * those cells given).
   */
  findOther(grid: Grid, extraBlack: readonly number[], limits: SolveLimits = {}): Found {
    if (!this.loadIfStalled()) return 'none';
    return this.otherThan(grid, [], this.blackLits(extraBlack), limits);
  }

  /**
   * A grid like `findOther`'s that differs from `grid` only where `other` does, and turns fewer
   * of `grid`'s black cells white: every cell where the two agree keeps its value, and at least
   * one black cell that `other` turns white stays black. 'none' when there is none: then no
   * second solution inside `other`'s difference from `grid` turns fewer of them white.
   * require: `other` fits the clues and the givens, differs from `grid`, and has every cell of
   * `extraBlack` black.
   */
  findCloser(grid: Grid, other: Grid, extraBlack: readonly number[], limits: SolveLimits = {}): Found {
    if (!this.loadIfStalled()) return 'none';
    const cellVar = this.encoding!.cellVar;
    const region = new Uint8Array(cellVar.length);
    const keep: number[] = [];
    for (let c = 0; c < cellVar.length; c++) {
      if (grid.cells[c] === other.cells[c]) continue;
      region[c] = 1;
      if (grid.cells[c] && cellVar[c]) keep.push(cellVar[c]!);
    }
    return this.otherWithin(grid, region, extraBlack, [keep], limits);
  }

  /**
   * A grid like `findOther`'s (it fits the clues and the givens, every cell of `extraBlack` is
   * black) that differs from `grid` only in cells of `region` (1: may differ); 'none' when no
   * such grid differs from `grid` inside the region. A search on the region's cells alone: the
   * annotation oracle asks it first, where earlier second solutions differed.
   */
  findWithin(grid: Grid, region: ArrayLike<number>, extraBlack: readonly number[], limits: SolveLimits = {}): Found {
    if (!this.loadIfStalled()) return 'none';
    return this.otherWithin(grid, region, extraBlack, [], limits);
  }

  /** `otherThan` with every open cell outside `region` fixed to its value in `grid` and `extraBlack` black. */
  private otherWithin(grid: Grid, region: ArrayLike<number>, extraBlack: readonly number[], clauses: readonly (readonly number[])[], limits: SolveLimits): Found {
    const cellVar = this.encoding!.cellVar;
    const agree = this.blackLits(extraBlack);
    for (let c = 0; c < cellVar.length; c++) {
      const v = cellVar[c];
      if (v && !region[c]) agree.push(grid.cells[c] ? v : -v);
    }
    return this.otherThan(grid, clauses, agree, limits);
  }

  /** The variables of the open cells among `cells`, as "black" literals. */
  private blackLits(cells: readonly number[]): number[] {
    const cellVar = this.encoding!.cellVar;
    const lits: number[] = [];
    for (const c of cells) if (cellVar[c]) lits.push(cellVar[c]!);
    return lits;
  }

  /** One query for a grid other than `grid`, with extra clauses (retired after it) and assumptions. require: loaded. */
  private otherThan(grid: Grid, clauses: readonly (readonly number[])[], assumptions: readonly number[], limits: SolveLimits): Found {
    const query = this.scope!.child();
    query.addClause(this.differFrom(grid));
    for (const clause of clauses) query.addClause(clause);
    try {
      const r = this.satSolve(query, limits, assumptions);
      return r === 'sat' ? this.read() : r === 'unsat' ? 'none' : 'unknown';
    } finally {
      query.retire();
    }
  }

  /**
   * From now on the search tries each cell's value in `grid` first (a phase hint to the
   * engine, see SatSolver.phase): `findOther` then finds another solution that mostly agrees
   * with `grid`, so few of its black cells turn white. The annotation oracle asks for this:
   * the black cells that turn white are its core, and small cores are strong ones.
   */
  preferNear(grid: Grid): void {
    if (this.presolve !== 'stalled') return;
    const scope = this.load();
    const cellVar = this.encoding!.cellVar;
    for (let c = 0; c < cellVar.length; c++) {
      const v = cellVar[c];
      if (v) scope.solver.phase(grid.cells[c] ? v : -v);
    }
  }

  /** Retire this block's clauses and variables from the shared instance. */
  dispose(): void {
    this.scope?.retire();
    this.scope = undefined;
  }

  /** True when propagation left the block open, with the block's encoding then loaded; false when it needs no SAT. */
  private loadIfStalled(): boolean {
    if (this.presolve !== 'stalled') return false;
    this.load();
    return true;
  }

  private load(): GuardScope {
    if (this.scope) return this.scope;
    const s = this.session.get(countOpen(this.satDomains) * VARIABLES_PER_OPEN_CELL);
    this.sharedInstance = !this.session.isFresh(s);
    const scope = new GuardScope(s);
    this.scope = scope;
    this.encoding = encodePuzzle(this.puzzle, this.satDomains, scope);
    return scope;
  }

  /** One SAT call under `scope`, counted, with the engine's search statistics added up. */
  private satSolve(scope: GuardScope, limits: SolveLimits, extra?: ArrayLike<number>) {
    this.satCalls++;
    const before = scope.solver.stats?.();
    try {
      return scope.solve(limits, extra);
    } finally {
      const after = before && !scope.solver.abortReason ? scope.solver.stats?.() : undefined;
      if (before && after) {
        const sum = (this.satSearch ??= { decisions: 0, conflicts: 0 });
        sum.decisions += after.decisions - before.decisions;
        sum.conflicts += after.conflicts - before.conflicts;
      }
    }
  }

  private read(): Grid {
    const s = this.scope!.solver;
    const cellVar = this.encoding!.cellVar;
    const cells = new Uint8Array(this.domains.length);
    for (let c = 0; c < cells.length; c++) {
      cells[c] = cellVar[c] ? s.value(cellVar[c]!) : this.satDomains[c] === BLACK ? 1 : 0;
    }
    return this.checked(cells);
  }

  private stopped(): SolveResult {
    return { status: 'unknown', reason: 'time limit reached', stats: this.stats() };
  }

  /** Every grid leaves through the independent checker. */
  private checked(cells: Uint8Array): Grid {
    const grid = makeGrid(this.puzzle.width, this.puzzle.height, cells);
    const bad = checkGrid(this.puzzle, grid, this.givens);
    if (bad) throw new NonocryptError('E_INTERNAL', `internal error: solver returned a grid that fails the clue check (${bad})`);
    return grid;
  }

  private stats(): SolveStats {
    return {
      openCells: this.openCells,
      probes: this.probes,
      openAfterProbing: countOpen(this.satDomains),
      satVariables: this.encoding?.variables ?? 0,
      satClauses: this.encoding?.clauses ?? 0,
      satCalls: this.satCalls,
      ...(this.satSearch ? { satDecisions: this.satSearch.decisions, satConflicts: this.satSearch.conflicts } : {}),
      difficulty: this.difficulty,
      probingStopped: this.probingStopped,
    };
  }
}
