import { checkGrid } from '../grid/checkGrid.js';
import { makeGrid, type Grid, type Puzzle } from '../grid/Puzzle.js';
import { encodePuzzle, type PuzzleEncoding } from '../encode/encodePuzzle.js';
import { BLACK, Propagator, countOpen, domainsToCells, type PropagationStatus } from '../line/Propagator.js';
import { probe } from '../line/probe.js';
import { GuardScope } from '../sat/GuardScope.js';
import { defaultSession, type SatSession } from '../sat/SatSession.js';
import type { SolveLimits } from '../sat/SatSolver.js';
import { NonocryptError } from '../errors.js';
import type { SolveResult } from './SolveResult.js';

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
  ) {
    this.propagator = propagator ?? new Propagator(puzzle);
    const d = this.propagator.unknownDomains();
    for (const c of givens) d[c] = BLACK;
    this.presolve = this.propagator.run(d);
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
  solve(options: { readonly probing?: boolean } & SolveLimits = {}): SolveResult {
    if (this.presolve === 'contradiction') return { status: 'none', lineSolvable: false, stats: this.stats() };
    if (this.presolve === 'solved') {
      const grid = this.checked(domainsToCells(this.domains));
      return { status: 'unique', grid, lineSolvable: true, stats: this.stats() };
    }
    if ((options.probing ?? true) && !this.scope) {
      const probed = this.domains.slice();
      const r = probe(this.propagator, probed, { deadline: options.deadline });
      this.probes = r.probes;
      this.satDomains = probed;
      if (r.status === 'contradiction') return { status: 'none', lineSolvable: false, stats: this.stats() };
      if (r.status === 'solved') {
        return { status: 'unique', grid: this.checked(domainsToCells(probed)), lineSolvable: false, stats: this.stats() };
      }
    }
    const first = this.findGrid(options);
    if (first === 'unknown') return this.stopped();
    if (first === 'none') return { status: 'none', lineSolvable: false, stats: this.stats() };
    const second = this.findOther(first, [], options);
    if (second === 'unknown') return this.stopped();
    if (second === 'none') return { status: 'unique', grid: first, lineSolvable: false, stats: this.stats() };
    return { status: 'multiple', grids: [first, second], lineSolvable: false, stats: this.stats() };
  }

  /** Some grid that fits. */
  findGrid(limits: SolveLimits = {}): Found {
    if (this.presolve === 'contradiction') return 'none';
    if (this.presolve === 'solved') return this.checked(domainsToCells(this.domains));
    const scope = this.load();
    this.satCalls++;
    const r = scope.solve(limits);
    return r === 'sat' ? this.read() : r === 'unsat' ? 'none' : 'unknown';
  }

  /**
   * A grid different from `grid` that fits the clues, the givens, and has every cell of
   * `extraBlack` black; 'none' when there is none (so `grid` is then the only solution with
   * those cells given).
   */
  findOther(grid: Grid, extraBlack: readonly number[], limits: SolveLimits = {}): Found {
    if (this.presolve !== 'stalled') return 'none';
    const block = this.load();
    const cellVar = this.encoding!.cellVar;
    const query = block.child();
    const differ: number[] = [];
    for (let c = 0; c < cellVar.length; c++) if (cellVar[c] && grid.cells[c]) differ.push(-cellVar[c]!);
    query.addClause(differ);
    const extra: number[] = [];
    for (const c of extraBlack) if (cellVar[c]) extra.push(cellVar[c]!);
    this.satCalls++;
    try {
      const r = query.solve(limits, extra);
      return r === 'sat' ? this.read() : r === 'unsat' ? 'none' : 'unknown';
    } finally {
      query.retire();
    }
  }

  /** Retire this block's clauses and variables from the shared instance. */
  dispose(): void {
    this.scope?.retire();
    this.scope = undefined;
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

  private stats() {
    return {
      openCells: this.openCells,
      probes: this.probes,
      openAfterProbing: countOpen(this.satDomains),
      satVariables: this.encoding?.variables ?? 0,
      satClauses: this.encoding?.clauses ?? 0,
      satCalls: this.satCalls,
    };
  }
}
