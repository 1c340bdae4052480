import type { EngineName } from '../sat/SatSolver.js';
import type { Grid } from '../grid/Puzzle.js';
import { NonocryptError } from '../errors.js';

/**
 * A block's verdict, as a value.
 * - unique: exactly one grid fits the clues and givens (proved: the SAT solver found no
 *   second one); `lineSolvable` says whether pure line logic finds it without guessing
 *   (probing, one step of look-ahead, is not line logic).
 * - multiple: two different grids that both fit (each re-checked by the clue checker).
 * - none: no grid fits.
 * - unknown: the work was stopped (time limit, the engine's memory cap) before a verdict; `reason` says
 *   why. Never a guess.
 */
export type SolveResult = (
  | { readonly status: 'unique'; readonly grid: Grid; readonly lineSolvable: boolean }
  /** First-solution mode (`first`): a grid that fits; whether it is the only one was not asked. */
  | { readonly status: 'found'; readonly grid: Grid; readonly lineSolvable: false }
  | { readonly status: 'multiple'; readonly grids: readonly [Grid, Grid]; readonly lineSolvable: false }
  | { readonly status: 'none'; readonly lineSolvable: false }
  | { readonly status: 'unknown'; readonly reason: string; readonly lineSolvable?: undefined }
) & {
  readonly stats?: SolveStats;
  /** The number of solutions, when counting was asked for (`countMax`). */
  readonly count?: SolutionCount;
};

/**
 * How many grids fit, found by SAT with one blocking clause per grid found. `value` is exact
 * when `exact`; otherwise it is a lower bound (`>= value`): the search stopped at the
 * requested maximum or at the time limit (`stoppedBy`).
 */
export interface SolutionCount {
  readonly value: number;
  readonly exact: boolean;
  readonly stoppedBy?: 'max' | 'time limit';
}

/**
 * What it took to decide a puzzle, from easiest to hardest: propagation alone (line logic:
 * the `logic` receiver), probing at depth 1 on top of it (no guessing beyond one cell), or a
 * search (the core's depth-first search, and SAT past its budget). A puzzle with several
 * solutions always needs search. Probing stops at the deadline: when it did
 * (`probingStopped`), "search" means probing did not settle it in time, not that it cannot.
 */
export type Difficulty = 'line' | 'probing' | 'search';

export type SolveStatus = SolveResult['status'];

/** A verdict: every result but first-solution mode's 'found' (what blocks of a ciphertext get). */
export type Verdict = Exclude<SolveResult, { readonly status: 'found' }>;
export type VerdictStatus = Verdict['status'];

/** `r` as a verdict; 'found' here is a bug (first-solution mode was asked where a verdict is needed). */
export function asVerdict(r: SolveResult): Verdict {
  if (r.status === 'found') throw new NonocryptError('E_INTERNAL', 'internal error: a first-solution result where a verdict was needed');
  return r;
}

export interface SolveStats {
  /** Cells still open after propagation (0 when line-solvable). */
  readonly openCells: number;
  /** Cells probed after propagation stalled (0 when probing did not run). */
  readonly probes: number;
  /** Cells still open after probing, i.e. left to SAT (equals openCells when probing did not run). */
  readonly openAfterProbing: number;
  readonly satVariables: number;
  readonly satClauses: number;
  readonly satCalls: number;
  /** How the verdict was reached (for `unknown`: how far it got). */
  readonly difficulty: Difficulty;
  /** Probing stopped at the deadline, before a whole pass settled nothing more. */
  readonly probingStopped: boolean;
  /**
   * The SAT engine's decisions and conflicts over this puzzle's calls (both engines report
   * them). They depend on the instance's history (blocks that shared it before), so
   * the same puzzle may show other figures in another run or on another worker.
   */
  readonly satDecisions?: number;
  /** Nodes of the core's depth-first search (when it ran). */
  readonly searchNodes?: number;
  /**
   * For a line-solvable verdict, when asked for (`countPasses`): the passes line logic needs,
   * each running the line solver on every row, then on every column (LineStepper, the page's
   * Step); a measure of how hard the puzzle is for a person, finer than `difficulty` `line`.
   */
  readonly passes?: number;
  /**
   * Attempts of belief-propagation-guided decimation (solve/beliefDecimation.ts) between SAT's
   * slices, when it ran, and how the first picture was found: 'decimation' (an attempt's last
   * state, or one finished by search) or 'sat'.
   */
  readonly decimations?: number;
  readonly firstBy?: 'decimation' | 'sat';
  readonly satConflicts?: number;
  /**
   * When SAT went on in the proof stage (BlockSolver's proofStageConflicts): the engine of the
   * instance it moved to, and the conflicts spent before the move (counted in satConflicts too).
   */
  readonly proofStage?: { readonly engine: EngineName; readonly afterConflicts: number };
}
