import { checkGrid } from '../grid/checkGrid.js';
import { gridsEqual, makeGrid, type Grid, type Puzzle } from '../grid/Puzzle.js';
import { encodePuzzle, type PuzzleEncoding } from '../encode/encodePuzzle.js';
import { BLACK, UNKNOWN, countOpen, domainsToCells, type PropagationStatus } from '../line/Propagator.js';
import { GuardScope } from '../sat/GuardScope.js';
import { defaultSession, type SatSession } from '../sat/SatSession.js';
import type { SatOutcome, SatSolver, SolveLimits } from '../sat/SatSolver.js';
import { NonocryptError } from '../errors.js';
import { NonogramCore, type SearchOutcome } from './NonogramCore.js';
import type { Difficulty, SolutionCount, SolveResult, SolveStats } from './SolveResult.js';
import type { CoreValueFirst } from './coreAbi.js';
import { switchNeighbour } from './switchNeighbour.js';
import { decimate } from './beliefDecimation.js';
import { WORK_BUDGET_REASON } from './timeLimitReason.js';

/**
 * One block (a puzzle plus cells given black), solved as far as needed, on the nonogram core
 * (NonogramCore: our line solver, probing and search in WebAssembly) and, for what it leaves
 * open, a SAT engine:
 * 1. presolve: propagation to a fixpoint. Solved -> unique and line-solvable; contradiction
 *    -> none. Most blocks stop here and never touch SAT.
 * 2. in `solve()`, probing (both colours of every open cell, to a fixpoint): solved -> unique
 *    (not line-solvable), contradiction -> none.
 * 3. a depth-first search with probing at every node and restarts, for up to two solutions,
 *    within a work budget (SEARCH_PROBES): a whole tree explored is a proof (none, unique),
 *    two solutions are `multiple`. Nearly every puzzle ends here.
 * 4. SAT on what probing left open, when the search ran out of budget: the block positions
 *    encoding (engines/core/encode.h) with phases from belief propagation and the binary clauses
 *    probing implies, loaded once in a guard scope of a shared SAT instance (sat/GuardScope.ts).
 *    UNSAT -> none; otherwise grid X (unless the search found it). Past `proofStageConflicts`
 *    the search for X goes on from scratch on an instance of its own (the proof stage).
 * 5. uniqueness: a grid that differs from X by one 2x2 switch (switchNeighbour) is a second
 *    solution at once; else a child scope holds the clause "some open cell that is black in X
 *    is white", with X's colours as phases. Two solutions have the same number of black
 *    cells, so any other grid turns at least one of X's black cells white: one clause forbids
 *    exactly X. UNSAT -> unique; SAT -> a second grid.
 * A block made for the annotation minimizer is not solved: it answers "is X the only solution
 * once these cells are given?" instead, each query in its own retired scope of the automaton
 * encoding (encode/encodePuzzle.ts), the given cells as assumptions.
 * Given a picture known to fit (`known`: the Draw tab's drawing), steps 4-5 start from it: its
 * 2x2 switch is tried before probing, the search's grids are compared with it, and SAT only
 * looks for a second grid. On 200 random pictures of 10x10 to 40x40 (the Draw benchmark's,
 * density 0.4-0.7, 2 s limit), 189 were decided within 200 ms without it (5 unknown) and 200 of
 * 200 with it (max 24 ms; scratch run, 2026-11-29).
 * A solve stopped by its deadline answers 'unknown', never a verdict.
 *
 * Counting (`countMax`): the search collects up to countMax + 1 solutions; a whole tree
 * explored gives the exact count. Past its budget, one child scope collects a blocking clause
 * per grid found (the same clause as in step 5) and SAT is asked again until it answers UNSAT
 * (the count is exact), one grid more than the maximum is found (the count is reported as
 * `>= countMax`), or the deadline passes (a lower bound). At least two grids are looked for,
 * so the verdict is the same as without counting.
 *
 * Call order: a block serves one of two protocols, and a call out of order throws E_INTERNAL
 * naming the call and the state it came in (a bug in the caller: CaDiCaL's REQUIRE_READY_STATE).
 *   solving, for the pipelines (solvePuzzle, quickOutcome):
 *     new BlockSolver(...)  solve(options)  dispose()
 *   querying, for the annotation minimizer (annotate/oracles.ts), on the automaton encoding:
 *     new BlockSolver(...)  query*  dispose()
 *     where a query is preferNear, findGrid, findOther, findWithin or findCloser, in any order
 * As a state machine (every call not listed for a state is out of order):
 *   state      call                   next state
 *   fresh      solve()                solved ('solving' while it runs; spent even if it throws)
 *   fresh      a query                querying
 *   querying   a query                querying
 *   any        dispose()              disposed (again: nothing more to do)
 * `solve()` picks the encoding SAT gets: block positions, or the automaton one when probing is
 * off and nothing is counted. `presolve`, `domains`, `openCells`, the counters and `checked()`
 * hold no protocol state: read or call them at any time.
 */
/** The states of a block's call order (see the class comment). */
type BlockState = 'fresh' | 'solving' | 'solved' | 'querying' | 'disposed';

/** What a search found: a grid, proof that there is none, or nothing (stopped by its deadline). */
export type Found = Grid | 'none' | 'unknown';

/** The states a query may be asked in. */
const QUERYING: readonly BlockState[] = ['fresh', 'querying'];

/**
 * What `solve()` takes (see there). Its limits: `deadline` for the whole solve; `conflicts`, a budget of
 * work for the whole solve (the SAT conflicts of every call it makes, those of the blocks that
 * finish decimation's dead ends included), after which it answers unknown with
 * WORK_BUDGET_REASON; the same board then stops at the same point at any load.
 */
type BlockSolveOptions = { readonly probing?: boolean; readonly search?: boolean; readonly countMax?: number; readonly first?: boolean; readonly known?: Grid; readonly tuning?: Partial<SolverTuning> } & SolveLimits;

/**
 * Estimated SAT variables per open cell, used only to decide whether a block still fits on the
 * session's shared instance (SatSession's share limit): the cell's own variable plus the
 * automaton states of its row and column. Measured on random boards (NOTES: 20x20 about 5k
 * variables for 400 cells, 50x50 about 69k for 2,500): 12-28 per cell; an underestimate only
 * means one more block shares an instance before a fresh one is made. Range 8-30.
 */
const VARIABLES_PER_OPEN_CELL = 12;

/**
 * The solver's tuning, declared once. Each value changes only speed, never an answer (a solve
 * may take its own, e.g. the members of a portfolio).
 */
export type SolverTuning = { -readonly [K in keyof typeof DEFAULT_TUNING]: number };

const DEFAULT_TUNING = {
  /**
   * The search's work budget before SAT takes over, in probes times the puzzle's lines (W + H),
   * so about this many line solves (range 1e5-1e8). The three tournament sets with uniqueness,
   * one process each, total CPU s (scratch sweep, 2026-11-25): 1e6 130.3, 3e6 133.0, 10e6 153.2;
   * the 60 slowest of them: 0.3e6 32.1, 1e6 32.6, 3e6 35.6, 10e6 46.1, 30e6 49.4, 100e6 77.4;
   * 300 random 30x30 boards: 1e6 1.18, 3e6 0.93, 10e6 0.80 (a short search sends boards that
   * probing nearly settles to SAT, which costs more than searching on).
   */
  searchLineWork: 2e6,
  /**
   * The search restarts after this many nodes times the Luby sequence (range 0-10,000; 0:
   * never). The 60 slowest tournament puzzles: 0 32.2 s, 50 33.3 s, 300 32.6 s (no difference
   * there; kept for boards where an early wrong branch is costly).
   */
  restartNodes: 300,
  /**
   * Rounds of belief propagation for the SAT phases (range 0-150; 0: no phases). The 60 slowest
   * tournament puzzles, total CPU s (search budget 1e6, then 2e6): 0 rounds 121.8, 5 52.3,
   * 10 48.6, 20 32.6 / 33.5, 40 41.3, 60 40.8, 80 31.7 / 31.5, 120 36.9; Faase alone: 20 rounds
   * 80.0 s, 40 26.0 s, 80 29.4 s. SAT's luck varies much between settings; without phases
   * Knotty is not decided in 100 s.
   */
  beliefRounds: 80,
  /** At most this many binary clauses from probing go to SAT (range 0-1e7). */
  maxImplications: 2_000_000,
  /** Which colour a search branch tries first: 0 white, 1 black, 2 the one whose probe fixed more. */
  valueFirst: 0,
  /**
   * Belief-propagation-guided decimation (step 4, beliefDecimation.ts) runs only on boards with
   * at least this many cells open after probing (range 0-1e6; 0: always, 1e6: never); below,
   * SAT alone. Decimation only runs once SAT's first slice has failed, so a low threshold costs
   * the boards SAT decides nothing; decimation alone finds a picture of Knotty (40x40, 1,521
   * open cells) in 0.4 s, and of boards 1, 2 and 7 of `random70-0.5` (seed 20261128) in about
   * 2 s each (scratch runs, 2026-11-29).
   */
  decimationMinOpen: 1000,
  /**
   * Attempts of decimation at most, each after a SAT slice, before SAT alone goes on (range
   * 0-100). Attempt k fixes 1 / 2^(k-1) of the first one's share a step; after a dead end with
   * more than half of the board still open no attempt follows (Faase, 80x95: 4,145 of 6,176
   * cells open at its dead end, 1.5 s; with attempts going on regardless it took 94 CPU s
   * instead of 56 without decimation, now 40).
   */
  decimationAttempts: 6,
  /**
   * The first SAT slice, in conflicts of the engine (range 0-1e7); the k-th gets 2^(k-1) times
   * as many. SAT keeps what it learnt between slices. A count of work, not a time, so that a
   * board takes the same path at any load (issue 42: with slices of wall time, board 1 of
   * `random80-0.5` was decided in 8.4 CPU s at load 2-3 and not within 60 at load 6).
   * It replaces a first slice of 2 s, which was chosen so: of 10 random 70x70 boards at
   * density 0.5 (seed 20261128), SAT alone decided 7 within 60 s, 4 of them in 1.5-2.9 CPU s in
   * all (scratch run, 2026-11-29), so most of those pass without decimation. What 2 s were in
   * conflicts (MiniSat, `--jobs 1`, load 2.4-3.1, scratch runs 2026-11-29): the first slice of
   * boards 2-5 of `random70-0.5` and 1-2 of `random80-0.5` (seed 20261128) ended after 5,441,
   * 5,977, 6,542, 6,581 and 7,766 conflicts (median 6,542; board 2 found its picture after
   * 3,202), so 6,500; later slices ran 2.6-4.1 conflicts a ms. With 6,500, those six boards
   * take the paths they took with 2 s at that load (the same slices, attempts and finishing).
   */
  decimationSatConflicts: 6500,
  /** Rounds of message passing before each decimation step (range 1-100). Scratch runs on the 4 hardest of 10 random 70x70 boards: 3 rounds and 2 % a step found 1 of 4 within 60 s, 10 rounds and 1 % found 3 of 4. */
  decimationRounds: 10,
  /** The share of open cells a decimation step fixes, in 1/10,000 (range 1-10,000): 100 is 1 %. */
  decimationBatch: 100,
  /** Rounds of message passing before the first step (range 0-200). */
  decimationFirstRounds: 20,
  /**
   * A dead end is finished from its states by search: every `decimationBackoff`-th state from
   * the deepest back (range 1-100), each within `decimationFinishConflicts` conflicts of SAT
   * (range 0-1e7; it replaces 3 s of wall time, see decimationSatConflicts). The deepest states
   * are refuted in milliseconds; the first that is not, and is not finished either, ends the
   * backing off. Scratch runs: boards finished from states with 450-2,500 cells open. What 3 s
   * were in conflicts (the runs of decimationSatConflicts): the finishing blocks stopped at 3 s
   * had spent 9,267, 10,279, 13,821 and 14,222 (median 12,050), and board 1 of `random80-0.5`
   * found its picture after 10,194 in 2.6 s; so 12,000.
   */
  decimationBackoff: 3,
  decimationFinishConflicts: 12_000,
  /**
   * The proof stage: once this block's own SAT calls have spent this many conflicts without a
   * verdict (range 0-1e9; Infinity: never), its clauses move to an instance of its own of the
   * proof engine (SatSession.solo: CaDiCaL where it can be made), at the top level, not under a
   * guard (GuardScope.top), and SAT starts again there from scratch, without belief phases
   * (CaDiCaL holds a hinted phase for good, over the phases it saves). It starts only where SAT
   * looks for a first picture, which on a board with no picture is the whole proof; the proof
   * that a unique board has no second picture goes on wherever the first was found (one call,
   * not measured for the stage: no such board at hand was hard). Measured on `typo80-9`
   * (80x80, a row clue mistyped, no picture; bench/split `--typo`; `solvePuzzle` in one
   * process, scratch runs 2026-11-30): without the stage 228 CPU s (MiniSat); 66.6 s at 20,000
   * (MiniSat's slices end after 45,500 conflicts, then CaDiCaL: 223,912 in all), 95.8 s at
   * 50,000 (after 97,500); at 20,000 but with the phases kept, 151 s (488,644 conflicts). Plain
   * WebAssembly CaDiCaL on the same formula took 254,000 conflicts and 49 s in one call, and
   * MiniSat 356,000 and 186 s. Boards decided in MiniSat's first slices never get here.
   */
  proofStageConflicts: 20_000,
};

/**
 * What one round of belief propagation costs the core's encoder, in ms per open cell per cell
 * of its two lines (open x (W + H)); range 1e-5-1e-4. Measured on random boards without a 2x2
 * switch, every cell open, rounds 0 against 80, quiet machine (2026-11-29): 40x40 1.9e-5,
 * 60x60 1.9e-5, 80x80 1.8e-5, 100x100 1.5e-5 (so 80 rounds take 2.5 s on 100x100, and nothing
 * can stop them).
 */
const BELIEF_MS_PER_CELL_LINE = 2e-5;

/**
 * What one round of decimation's message passing over one cell is worth in SAT conflicts, for
 * the sharing of work between SAT and decimation in `firstGrid` (unit: conflicts per cell-round;
 * range 1e-4-1e-1): the time of one, 4.8e-4-7.8e-4 ms (median 7.5e-4; 7 attempts on boards 2-5
 * of `random70-0.5` and 1-2 of `random80-0.5`, 280-1,600 rounds each), times what SAT did in a
 * ms on the same boards, 1.8-4.1 conflicts (median 3.2), both in the runs of
 * decimationSatConflicts. The finishing blocks count with their conflicts alone (their probing
 * is not counted).
 */
const CONFLICTS_PER_CELL_ROUND = 2.4e-3;

/**
 * The share of the time left before a deadline that belief propagation may take (range 0-1):
 * its rounds are cut to fit, so that a solve with a time limit is not carried past it by the
 * encoder (on a machine up to 1 / share times slower than the one measured above). Before:
 * random 100x100 drawings without a switch (2 s limit) answered `unknown` after 2.5-3.6 s;
 * after: 2.0 s.
 */
const BELIEF_SHARE_OF_TIME_LEFT = 0.25;

/** The tuning in force (see DEFAULT_TUNING); benchmarks may change it, answers never depend on it. */
export const solverTuning: SolverTuning = { ...DEFAULT_TUNING };

export class BlockSolver {
  /** Domains after propagation from the givens. */
  readonly domains: Uint8Array;
  readonly presolve: PropagationStatus;
  /** The domains the SAT encoding starts from: `domains`, narrowed by probing in `solve()`. */
  private satDomains: Uint8Array;
  private core: NonogramCore | undefined;
  private probes = 0;
  private searchNodes = 0;
  /** Decimation attempts run by `firstGrid`, and how its first picture was found. */
  private decimations = 0;
  private foundBy: 'decimation' | 'sat' | undefined;
  private probingStopped = false;
  private difficulty: Difficulty = 'line';
  private satSearch: { decisions: number; conflicts: number } | undefined;
  /** Conflicts of the blocks that finished decimation's dead ends (on sessions of their own). */
  private finishConflicts = 0;
  /** `solve()`'s budget of conflicts (see BlockSolveOptions); Infinity outside `solve()`. */
  private budget = Infinity;
  private scope: GuardScope | undefined;
  /** The instance of the proof stage (see proofStageConflicts), this block's alone: released by dispose(). */
  private proofInstance: SatSolver | undefined;
  private proofStage: SolveStats['proofStage'];
  private encoding: PuzzleEncoding | undefined;
  /** Where the call order stands (see the class comment); 'solving' only inside `solve()`. */
  private protocol: BlockState = 'fresh';
  /** The encoding `load()` writes: the automaton one, unless `solve()` picks the block positions. */
  private encodingKind: 'automaton' | 'order' = 'automaton';
  satCalls = 0;
  private tuning: SolverTuning = { ...solverTuning };
  /** `solve()`'s deadline, for the encoder's share of the time left (beliefRounds). */
  private deadline: number | undefined;
  /** True when this block's clauses went into an instance that already held other blocks. */
  sharedInstance = false;

  constructor(
    readonly puzzle: Puzzle,
    readonly givens: readonly number[] = [],
    private readonly session: SatSession = defaultSession,
    /** The propagation fixpoint of the puzzle without givens, when the caller has it already. */
    fixpoint?: { readonly domains: Uint8Array; readonly status: PropagationStatus },
  ) {
    if (fixpoint && givens.length === 0) {
      this.domains = fixpoint.domains.slice();
      this.presolve = fixpoint.status;
    } else {
      const d = new Uint8Array(puzzle.width * puzzle.height).fill(UNKNOWN);
      for (const c of givens) d[c] = BLACK;
      const core = this.coreAt(d);
      this.presolve = core.status;
      this.domains = core.status === 'contradiction' ? d : core.core.read();
    }
    this.satDomains = this.domains;
  }

  /** Cells still open after propagation (before probing). */
  get openCells(): number {
    return countOpen(this.domains);
  }

  /**
   * Decide the block. With `probing` (the default) a stalled presolve is narrowed by probing
   * and searched before SAT; `search: false` skips the search (probing, then SAT at once).
   * `first`: stop at the first grid found ('found'; no search for a second one).
   * Throws SolverAbortError when an engine aborts (its memory cap).
   */
  solve(options: BlockSolveOptions = {}): SolveResult {
    this.enter('solve', ['fresh'], 'solving');
    this.budget = options.conflicts ?? Infinity;
    try {
      return this.decide(options);
    } finally {
      this.protocol = 'solved';
      this.budget = Infinity;
    }
  }

  /** `solve()`'s work, in state 'solving'. */
  private decide(options: BlockSolveOptions): SolveResult {
    this.tuning = { ...solverTuning, ...options.tuning };
    this.deadline = options.deadline;
    // Probing hands SAT the block positions encoding, and so does counting; else the automaton one.
    this.encodingKind = (options.probing ?? true) || options.countMax !== undefined ? 'order' : 'automaton';
    const counted = (r: SolveResult, count: SolutionCount): SolveResult => (options.countMax === undefined ? r : { ...r, count });
    const exactly = (value: number): SolutionCount => ({ value, exact: true });
    // A picture the caller has (the Draw tab's drawing): its 2x2 switch first, then only a second one searched for.
    const fits = options.known ? this.fitting(options.known) : undefined;
    const known = options.countMax === undefined && !options.first ? fits : undefined;
    if (this.presolve === 'contradiction') return counted({ status: 'none', lineSolvable: false, stats: this.stats() }, exactly(0));
    if (this.presolve === 'solved') {
      const grid = this.checked(domainsToCells(this.domains));
      return counted({ status: 'unique', grid, lineSolvable: true, stats: this.stats() }, exactly(1));
    }
    if (known) {
      const near = switchNeighbour(this.puzzle, known, this.givens);
      if (near) {
        this.difficulty = 'search';
        return { status: 'multiple', grids: [known, this.checked(near.cells)], lineSolvable: false, stats: this.stats() };
      }
    }
    this.difficulty = 'probing';
    let found: SearchOutcome | undefined;
    if (options.probing ?? true) {
      const core = this.coreAt(this.domains).core;
      const r = core.probe({ deadline: options.deadline });
      this.probes = core.stats().probes;
      this.probingStopped = r === 'stopped';
      this.satDomains = core.read();
      if (r === 'contradiction') return counted({ status: 'none', lineSolvable: false, stats: this.stats() }, exactly(0));
      if (r === 'solved') {
        return counted({ status: 'unique', grid: this.checked(domainsToCells(this.satDomains)), lineSolvable: false, stats: this.stats() }, exactly(1));
      }
      this.difficulty = 'search';
      if (r === 'stopped') return this.stopped();
      if (options.search === false) {
        this.load();
        return options.countMax !== undefined ? this.count(options.countMax, options, []) : this.decideFrom(known ?? this.firstGrid(options), options, options.first);
      }
      const wanted = options.countMax !== undefined ? Math.max(options.countMax, 1) + 1 : options.first ? 1 : 2;
      found = core.search(wanted, {
        deadline: options.deadline,
        maxProbes: this.tuning.searchLineWork / (this.puzzle.width + this.puzzle.height),
        restartNodes: this.tuning.restartNodes,
        valueFirst: this.tuning.valueFirst as CoreValueFirst,
      });
      const stats = core.stats();
      this.probes = stats.probes;
      this.searchNodes = stats.nodes;
      let grids = found.grids.map((g) => this.checked(g));
      if (known) {
        // The known picture first, then one the search found that differs from it.
        const other = grids.find((g) => !gridsEqual(g, known));
        grids = other ? [known, other] : [known];
      }
      if (options.countMax !== undefined) {
        if (found.end !== 'stopped') return this.counted(grids, found.end === 'complete' ? 'unsat' : 'max', options.countMax);
        if (options.deadline !== undefined && performance.now() >= options.deadline) return this.counted(grids, 'time limit', options.countMax);
        return this.count(options.countMax, options, grids);
      }
      if (options.first && grids.length > 0) return { status: 'found', grid: grids[0]!, lineSolvable: false, stats: this.stats() };
      if (grids.length >= 2) return { status: 'multiple', grids: [grids[0]!, grids[1]!], lineSolvable: false, stats: this.stats() };
      if (found.end === 'complete') {
        return grids.length === 1
          ? { status: 'unique', grid: grids[0]!, lineSolvable: false, stats: this.stats() }
          : { status: 'none', lineSolvable: false, stats: this.stats() };
      }
      if (options.deadline !== undefined && performance.now() >= options.deadline) return this.stopped();
      this.load();
      const first = grids[0] ?? this.firstGrid(options);
      return this.decideFrom(first, options, options.first);
    }
    this.difficulty = 'search';
    if (options.countMax !== undefined) return this.count(options.countMax, options, []);
    return this.decideFrom(this.someGrid(options), options, options.first);
  }

  /** Steps 4-5 from a first grid (or the answer that there is none); with `firstOnly`, that grid. */
  private decideFrom(first: Found, limits: SolveLimits, firstOnly = false): SolveResult {
    if (first === 'unknown') return this.stopped();
    if (first === 'none') return { status: 'none', lineSolvable: false, stats: this.stats() };
    if (firstOnly) return { status: 'found', grid: first, lineSolvable: false, stats: this.stats() };
    const near = switchNeighbour(this.puzzle, first, this.givens);
    if (near) return { status: 'multiple', grids: [first, this.checked(near.cells)], lineSolvable: false, stats: this.stats() };
    this.phasesNear(first);
    const second = this.other(first, [], limits);
    if (second === 'unknown') return this.stopped();
    if (second === 'none') return { status: 'unique', grid: first, lineSolvable: false, stats: this.stats() };
    return { status: 'multiple', grids: [first, second], lineSolvable: false, stats: this.stats() };
  }

  /** The result of counting that ended with `grids` (distinct, checked) for the reason given. */
  private counted(grids: Grid[], end: 'unsat' | 'max' | 'time limit', countMax: number): SolveResult {
    const found = grids.length;
    const count: SolutionCount =
      end === 'unsat' && found <= countMax ? { value: found, exact: true } : { value: Math.min(found, countMax), exact: false, stoppedBy: end === 'time limit' ? 'time limit' : 'max' };
    if (found >= 2) return { status: 'multiple', grids: [grids[0]!, grids[1]!], lineSolvable: false, stats: this.stats(), count };
    if (end === 'unsat') {
      return found === 1
        ? { status: 'unique', grid: grids[0]!, lineSolvable: false, stats: this.stats(), count }
        : { status: 'none', lineSolvable: false, stats: this.stats(), count };
    }
    return { ...this.stopped(), count };
  }

  /** The core, loaded with `domains` (made on first use). */
  private coreAt(domains: Uint8Array): { core: NonogramCore; status: PropagationStatus } {
    this.core ??= new NonogramCore(this.puzzle);
    return { core: this.core, status: this.core.load(domains) };
  }

  /** Counting by SAT from the grids the search found (see the class comment). */
  private count(countMax: number, limits: SolveLimits, found: Grid[]): SolveResult {
    this.load();
    const grids = [...found];
    if (grids.length === 0) {
      const first = this.someGrid(limits);
      if (first === 'none') return this.counted([], 'unsat', countMax);
      if (first === 'unknown') return this.counted([], 'time limit', countMax);
      grids.push(first);
    }
    const blocking = this.scope!.child();
    let end: 'unsat' | 'max' | 'time limit';
    try {
      for (const g of grids.slice(0, -1)) blocking.addClause(this.differFrom(g));
      for (;;) {
        // One grid past the maximum tells an exact count of `countMax` from a larger one.
        if (grids.length > Math.max(countMax, 1)) {
          end = 'max';
          break;
        }
        blocking.addClause(this.differFrom(grids[grids.length - 1]!));
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
    return this.counted(grids, end, countMax);
  }

  /**
   * A first picture on a board that the search left to SAT: SAT alone below
   * `decimationMinOpen` open cells; else SAT in slices that double, and between them attempts
   * of decimation (beliefDecimation.ts), each finished by search from its deepest states when it
   * ends in a dead end, while decimation has done no more work than SAT (so a board that SAT
   * decides and decimation does not costs at most about twice as much). The schedule is counted
   * in work, never read from a clock: SAT's in conflicts, decimation's in cell-rounds of message
   * passing (CONFLICTS_PER_CELL_ROUND) plus the conflicts of its finishing, so a board takes
   * the same path at any load; only the caller's deadline is a time. Whatever is found is
   * re-checked; 'none' and 'unknown' come from SAT.
   */
  private firstGrid(limits: SolveLimits): Found {
    const t = this.tuning;
    if (countOpen(this.satDomains) < t.decimationMinOpen) return this.someGrid(limits);
    const late = () => (limits.deadline !== undefined && performance.now() >= limits.deadline) || this.spent() >= this.budget;
    const core = this.coreAt(this.satDomains).core;
    const propagate = (d: Uint8Array) => (core.load(d) === 'contradiction' ? 'contradiction' : core.read());
    const cells = this.puzzle.width * this.puzzle.height;
    // Work shared: an attempt starts only while decimation has done no more work than SAT so far.
    let satWork = 0;
    let decimationWork = 0;
    for (let slice = 0; this.decimations < t.decimationAttempts; slice++) {
      const before = this.spent();
      const sat = this.someGrid({ ...limits, conflicts: t.decimationSatConflicts * 2 ** slice });
      satWork += this.spent() - before;
      if (sat !== 'unknown' || late()) return this.firstBy(sat, 'sat');
      if (decimationWork > satWork) continue;
      const finishedBefore = this.finishConflicts;
      // Each attempt fixes half as many cells a step as the one before (the same steps would meet the same dead end).
      const d = decimate(this.puzzle, this.satDomains, propagate, {
        rounds: t.decimationRounds,
        batch: t.decimationBatch / 10_000 / 2 ** this.decimations++,
        firstRounds: t.decimationFirstRounds,
        ...(limits.deadline !== undefined ? { deadline: limits.deadline } : {}),
      });
      if (d.end === 'picture') return this.firstBy(this.checked(domainsToCells(d.domains)), 'decimation');
      const finished = this.finishFrom(d.states, limits);
      if (finished) return this.firstBy(finished, 'decimation');
      decimationWork += d.rounds * cells * CONFLICTS_PER_CELL_ROUND + (this.finishConflicts - finishedBefore);
      // A dead end with more than half of the board still open: the beliefs do not tell this board's pictures apart.
      if (countOpen(d.states.at(-1) ?? this.satDomains) > countOpen(this.satDomains) / 2) decimationWork = Infinity;
      if (late()) return 'unknown';
    }
    return this.firstBy(this.someGrid(limits), 'sat');
  }

  private firstBy(found: Found, by: 'decimation' | 'sat'): Found {
    if (typeof found !== 'string') this.foundBy = by;
    return found;
  }

  /**
   * A picture in one of a decimation's states (the deepest first, see decimationBackoff), each
   * by a block of its own on a session of its own: its clauses and what SAT learns from them
   * stay out of this block's instance, which goes on between the attempts.
   */
  private finishFrom(states: readonly Uint8Array[], limits: SolveLimits): Grid | undefined {
    const t = this.tuning;
    const session = this.session.sibling();
    try {
      for (let j = states.length - 1; j >= 0; j -= t.decimationBackoff) {
        const conflicts = Math.min(t.decimationFinishConflicts, this.budget - this.spent());
        if (conflicts <= 0) return undefined;
        const block = new BlockSolver(this.puzzle, [], session, { domains: states[j]!, status: 'stalled' });
        let r: SolveResult;
        try {
          r = block.solve({ first: true, ...(limits.deadline !== undefined ? { deadline: limits.deadline } : {}), conflicts, tuning: { ...t, decimationAttempts: 0 } });
        } finally {
          block.dispose();
        }
        this.finishConflicts += r.stats?.satConflicts ?? 0;
        if (r.status === 'found' || r.status === 'unique') return this.checked(r.grid.cells);
        if (r.status === 'multiple') return this.checked(r.grids[0].cells);
        if (r.status === 'unknown') return undefined;
      }
      return undefined;
    } finally {
      session.close();
    }
  }

  /** Some grid that fits. A query. */
  findGrid(limits: SolveLimits = {}): Found {
    this.enter('findGrid', QUERYING, 'querying');
    return this.someGrid(limits);
  }

  private someGrid(limits: SolveLimits): Found {
    if (this.presolve === 'contradiction') return 'none';
    if (this.presolve === 'solved') return this.checked(domainsToCells(this.domains));
    // The proof stage (see proofStageConflicts), in `solve()` only; no child scope is open here.
    if (this.protocol === 'solving' && !this.proofInstance && (this.satSearch?.conflicts ?? 0) >= this.tuning.proofStageConflicts) {
      this.scope?.retire();
      this.scope = undefined;
      this.proofInstance = this.session.solo();
      this.proofStage = { engine: this.proofInstance.engine, afterConflicts: this.satSearch?.conflicts ?? 0 };
    }
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
   * those cells given). A query.
   */
  findOther(grid: Grid, extraBlack: readonly number[], limits: SolveLimits = {}): Found {
    this.enter('findOther', QUERYING, 'querying');
    return this.other(grid, extraBlack, limits);
  }

  private other(grid: Grid, extraBlack: readonly number[], limits: SolveLimits): Found {
    if (!this.loadIfStalled()) return 'none';
    return this.otherThan(grid, [], this.blackLits(extraBlack), limits);
  }

  /**
   * A grid like `findOther`'s that differs from `grid` only where `other` does, and turns fewer
   * of `grid`'s black cells white: every cell where the two agree keeps its value, and at least
   * one black cell that `other` turns white stays black. 'none' when there is none: then no
   * second solution inside `other`'s difference from `grid` turns fewer of them white.
   * require: `other` fits the clues and the givens, differs from `grid`, and has every cell of
   * `extraBlack` black. A query.
   */
  findCloser(grid: Grid, other: Grid, extraBlack: readonly number[], limits: SolveLimits = {}): Found {
    this.enter('findCloser', QUERYING, 'querying');
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
   * annotation oracle asks it first, where earlier second solutions differed. A query.
   */
  findWithin(grid: Grid, region: ArrayLike<number>, extraBlack: readonly number[], limits: SolveLimits = {}): Found {
    this.enter('findWithin', QUERYING, 'querying');
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
    for (const c of cells) if (cellVar[c]) lits.push(cellVar[c]);
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
   * the black cells that turn white are its core, and small cores are strong ones. A query.
   */
  preferNear(grid: Grid): void {
    this.enter('preferNear', QUERYING, 'querying');
    this.phasesNear(grid);
  }

  private phasesNear(grid: Grid): void {
    if (this.presolve !== 'stalled') return;
    const scope = this.load();
    const cellVar = this.encoding!.cellVar;
    for (let c = 0; c < cellVar.length; c++) {
      const v = cellVar[c];
      if (v) scope.solver.phase(grid.cells[c] ? v : -v);
    }
  }

  /** The tuning's rounds of belief propagation, as many as fit in their share of the time left (see BELIEF_SHARE_OF_TIME_LEFT). */
  private beliefRounds(): number {
    if (this.deadline === undefined) return this.tuning.beliefRounds;
    const perRound = countOpen(this.satDomains) * (this.puzzle.width + this.puzzle.height) * BELIEF_MS_PER_CELL_LINE;
    const left = this.deadline - performance.now();
    return Math.max(0, Math.min(this.tuning.beliefRounds, Math.floor((BELIEF_SHARE_OF_TIME_LEFT * left) / perRound)));
  }

  /** Retire this block's clauses and variables from the shared instance and release the proof stage's; in any state, and again. */
  dispose(): void {
    this.protocol = 'disposed';
    this.scope?.retire();
    this.scope = undefined;
    this.proofInstance?.release();
    this.proofInstance = undefined;
    this.core?.dispose();
    this.core = undefined;
  }

  /** True when propagation left the block open, with the block's encoding then loaded; false when it needs no SAT. */
  private loadIfStalled(): boolean {
    if (this.presolve !== 'stalled') return false;
    this.load();
    return true;
  }

  /** A step of the call order: `call`, allowed in the states `from`, leads to `to`. */
  private enter(call: string, from: readonly BlockState[], to: BlockState): void {
    this.require(call, from);
    this.protocol = to;
  }

  /** `call` is allowed only in the states `allowed`: in any other, a bug in the caller. */
  private require(call: string, allowed: readonly BlockState[]): void {
    if (!allowed.includes(this.protocol)) {
      throw new NonocryptError('E_INTERNAL', `internal error: BlockSolver.${call}() in state '${this.protocol}' (allowed in: ${allowed.join(', ')})`);
    }
  }

  /**
   * The block's clauses in a guard scope of the session's instance, made on first use, in the
   * encoding `encodingKind` names: the automaton encoding of what propagation (and probing,
   * in `solve()`) left open, or the block positions encoding from the core, with
   * belief-propagation phases and the binary clauses probing implies (what `solve()` hands to
   * SAT). Only while solving or querying.
   */
  private load(): GuardScope {
    this.require('load', ['solving', 'querying']);
    if (this.scope) return this.scope;
    // The proof stage's instance is this block's alone: its clauses go in at the top level, and without phases (see proofStageConflicts).
    const proof = this.proofInstance !== undefined;
    const s = this.proofInstance ?? this.session.get(countOpen(this.satDomains) * VARIABLES_PER_OPEN_CELL);
    this.sharedInstance = !proof && !this.session.isFresh(s);
    const scope = proof ? GuardScope.top(s) : new GuardScope(s);
    this.scope = scope;
    if (this.encodingKind === 'automaton') {
      this.encoding = encodePuzzle(this.puzzle, this.satDomains, scope);
      return scope;
    }
    const core = this.coreAt(this.satDomains).core;
    const cnf = core.encode(proof ? 0 : this.beliefRounds());
    if (cnf === 'contradiction') {
      scope.addClause([]);
      this.encoding = { cellVar: new Int32Array(this.satDomains.length), variables: 0, clauses: 1 };
      return scope;
    }
    // Local variable v is the scope's variable base + v - 1.
    const base = cnf.variables > 0 ? scope.newVars(cnf.variables) - 1 : 0;
    const lits = cnf.lits;
    let buf = new Int32Array(64);
    for (let i = 0, n = 0; i < lits.length; i++) {
      const x = lits[i]!;
      if (x === 0) {
        scope.addClause(buf, n);
        n = 0;
        continue;
      }
      if (n === buf.length) {
        const bigger = new Int32Array(2 * n);
        bigger.set(buf);
        buf = bigger;
      }
      buf[n++] = x > 0 ? x + base : x - base;
    }
    const cellVar = cnf.cellVar.map((v) => (v ? v + base : 0));
    let clauses = cnf.clauses;
    const lit = (l: number): number => {
      const v = cellVar[Math.abs(l) - 1]!;
      return l > 0 ? v : -v;
    };
    const implied = core.implications(this.tuning.maxImplications);
    for (let i = 0; i < implied.length; i += 2) {
      const a = lit(implied[i]!);
      const b = implied[i + 1]! === 0 ? 0 : lit(implied[i + 1]!);
      // A known cell has no variable: probing left none, so every literal here is open.
      if (a === 0 || (implied[i + 1]! !== 0 && b === 0)) continue;
      scope.addClause(b === 0 ? [a] : [a, b]);
      clauses++;
    }
    if (!proof) {
      for (let v = 1; v <= cnf.variables; v++) {
        const ph = cnf.phases[v]!;
        if (ph) s.phase(ph > 0 ? v + base : -(v + base));
      }
    }
    this.encoding = { cellVar, variables: cnf.variables, clauses };
    return scope;
  }

  /** The conflicts spent so far by this block's SAT calls and its finishing blocks. */
  private spent(): number {
    return (this.satSearch?.conflicts ?? 0) + this.finishConflicts;
  }

  /**
   * One SAT call under `scope`, counted, with the engine's search statistics added up; within
   * `limits` and what is left of `solve()`'s budget ('unknown' once it is spent).
   */
  private satSolve(scope: GuardScope, limits: SolveLimits, extra?: ArrayLike<number>): SatOutcome {
    const left = this.budget - this.spent();
    if (left <= 0) return 'unknown';
    const conflicts = Math.min(limits.conflicts ?? Infinity, left);
    this.satCalls++;
    const before = scope.solver.stats?.();
    try {
      return scope.solve(conflicts < Infinity ? { ...limits, conflicts } : limits, extra);
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
    const reason = this.spent() >= this.budget ? WORK_BUDGET_REASON : 'time limit reached';
    return { status: 'unknown', reason, stats: this.stats() };
  }

  /** A caller's picture, once it fits the clues and the givens (else E_GOAL). */
  private fitting(grid: Grid): Grid {
    const bad = grid.width === this.puzzle.width && grid.height === this.puzzle.height ? checkGrid(this.puzzle, grid, this.givens) : 'another size';
    if (bad) throw new NonocryptError('E_GOAL', `the known picture does not fit the puzzle (${bad})`);
    return makeGrid(grid.width, grid.height, grid.cells);
  }

  /** Every grid leaves through the independent checker (cells: 0/1, row-major). */
  checked(cells: Uint8Array): Grid {
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
      ...(this.searchNodes ? { searchNodes: this.searchNodes } : {}),
      ...(this.decimations ? { decimations: this.decimations } : {}),
      ...(this.foundBy ? { firstBy: this.foundBy } : {}),
      ...(this.proofStage ? { proofStage: this.proofStage } : {}),
    };
  }
}
