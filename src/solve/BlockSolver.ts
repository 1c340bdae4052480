import { checkGrid } from '../grid/checkGrid.js';
import { makeGrid, type Grid, type Puzzle } from '../grid/Puzzle.js';
import { encodePuzzle, type PuzzleEncoding } from '../encode/encodePuzzle.js';
import { BLACK, Propagator, countOpen, domainsToCells, type PropagationStatus } from '../line/Propagator.js';
import { probe } from '../line/probe.js';
import type { MiniSat } from '../sat/MiniSat.js';
import { NonocryptError } from '../errors.js';
import { defaultSession, type SatSession } from './SatSession.js';
import type { SolveResult } from './SolveResult.js';

/**
 * One block (a puzzle plus cells given black), solved as far as needed:
 * 1. presolve: propagation to a fixpoint. Solved -> unique and line-solvable; contradiction
 *    -> none. Most blocks stop here and never touch SAT.
 * 1b. in `solve()`, probing (see line/probe.ts): solved -> unique (not line-solvable),
 *    contradiction -> none; otherwise SAT starts from the cells probing fixed.
 * 2. SAT on what was left open: the encoding is loaded once, under a guard variable,
 *    into a shared MiniSat instance. UNSAT -> none; otherwise grid X.
 * 3. uniqueness: a second guard g2 implies the block guard and the clause "some open cell
 *    that is black in X is white". Two solutions have the same number of black cells, so any
 *    other grid turns at least one of X's black cells white: one clause forbids exactly X.
 *    UNSAT under g2 -> unique; SAT -> a second grid.
 * The same instance then answers "is X the only solution once these cells are given?" for the
 * annotation minimizer, each query under its own retired guard.
 */
export class BlockSolver {
  readonly propagator: Propagator;
  /** Domains after propagation from the givens. */
  readonly domains: Uint8Array;
  readonly presolve: PropagationStatus;
  /** The domains the SAT encoding starts from: `domains`, narrowed by probing in `solve()`. */
  private satDomains: Uint8Array;
  private probes = 0;
  private sat: MiniSat | undefined;
  private encoding: PuzzleEncoding | undefined;
  private blockGuard = 0;
  private lastEncodingVar = 0;
  satCalls = 0;

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
   * before SAT. Throws SolverAbortError when MiniSat runs out of heap.
   */
  solve(options: { readonly probing?: boolean } = {}): SolveResult {
    if (this.presolve === 'contradiction') return { status: 'none', lineSolvable: false, stats: this.stats() };
    if (this.presolve === 'solved') {
      const grid = this.checked(domainsToCells(this.domains));
      return { status: 'unique', grid, lineSolvable: true, stats: this.stats() };
    }
    if ((options.probing ?? true) && !this.sat) {
      const probed = this.domains.slice();
      const r = probe(this.propagator, probed);
      this.probes = r.probes;
      this.satDomains = probed;
      if (r.status === 'contradiction') return { status: 'none', lineSolvable: false, stats: this.stats() };
      if (r.status === 'solved') {
        return { status: 'unique', grid: this.checked(domainsToCells(probed)), lineSolvable: false, stats: this.stats() };
      }
    }
    const first = this.findGrid();
    if (!first) return { status: 'none', lineSolvable: false, stats: this.stats() };
    const second = this.findOther(first, []);
    if (!second) return { status: 'unique', grid: first, lineSolvable: false, stats: this.stats() };
    return { status: 'multiple', grids: [first, second], lineSolvable: false, stats: this.stats() };
  }

  /** Some grid that fits, or null when none does. */
  findGrid(): Grid | null {
    if (this.presolve === 'contradiction') return null;
    if (this.presolve === 'solved') return this.checked(domainsToCells(this.domains));
    const s = this.load();
    this.satCalls++;
    if (!s.solve(this.blockGuard)) return null;
    return this.read(s);
  }

  /**
   * A grid different from `grid` that fits the clues, the givens, and has every cell of
   * `extraBlack` black; null when there is none (so `grid` is then the only solution with
   * those cells given).
   */
  findOther(grid: Grid, extraBlack: readonly number[]): Grid | null {
    if (this.presolve !== 'stalled') return null;
    const s = this.load();
    const cellVar = this.encoding!.cellVar;
    const g = s.newVar();
    s.addClause([-g, this.blockGuard]);
    const differ: number[] = [-g];
    for (let c = 0; c < cellVar.length; c++) if (cellVar[c] && grid.cells[c]) differ.push(-cellVar[c]!);
    s.addClause(differ);
    for (const c of extraBlack) if (cellVar[c]) s.addClause([-g, cellVar[c]!]);
    this.satCalls++;
    const sat = s.solve(g);
    const other = sat ? this.read(s) : null;
    s.addClause([-g]);
    return other;
  }

  /** Retire this block's clauses and variables from the shared instance. */
  dispose(): void {
    if (this.sat && this.blockGuard && !this.sat.abortReason) {
      this.sat.retireGuarded(this.blockGuard, this.blockGuard + 1, this.lastEncodingVar);
    }
    this.sat = undefined;
  }

  /** True when this block's clauses went into an instance that already held other blocks. */
  sharedInstance = false;

  private load(): MiniSat {
    if (this.sat) {
      if (this.sat.abortReason) this.sat.solve(); // rethrows the abort as SolverAbortError
      return this.sat;
    }
    // About a dozen variables per open cell (its own, plus automaton states in its two lines).
    const s = this.session.get(countOpen(this.satDomains) * 12);
    this.sharedInstance = !this.session.isFresh(s);
    this.blockGuard = s.newVar();
    this.encoding = encodePuzzle(this.puzzle, this.satDomains, s, this.blockGuard);
    this.lastEncodingVar = s.numVars;
    this.sat = s;
    return s;
  }

  private read(s: MiniSat): Grid {
    const cellVar = this.encoding!.cellVar;
    const cells = new Uint8Array(this.domains.length);
    for (let c = 0; c < cells.length; c++) {
      cells[c] = cellVar[c] ? s.value(cellVar[c]!) : this.satDomains[c] === BLACK ? 1 : 0;
    }
    return this.checked(cells);
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
