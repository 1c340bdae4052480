import type { Grid } from '../grid/Puzzle.js';

/**
 * A block's verdict, as a value.
 * - unique: exactly one grid fits the clues and givens (proved: the SAT solver found no
 *   second one); `lineSolvable` says whether pure line logic finds it without guessing
 *   (probing, one step of look-ahead, is not line logic).
 * - multiple: two different grids that both fit (each re-checked by the clue checker).
 * - none: no grid fits.
 * - unknown: the work was stopped (time limit, MiniSat's heap) before a verdict; `reason` says
 *   why. Never a guess.
 */
export type SolveResult =
  | { readonly status: 'unique'; readonly grid: Grid; readonly lineSolvable: boolean; readonly stats?: SolveStats }
  | { readonly status: 'multiple'; readonly grids: readonly [Grid, Grid]; readonly lineSolvable: false; readonly stats?: SolveStats }
  | { readonly status: 'none'; readonly lineSolvable: false; readonly stats?: SolveStats }
  | { readonly status: 'unknown'; readonly reason: string; readonly lineSolvable?: undefined; readonly stats?: SolveStats };

export type SolveStatus = SolveResult['status'];

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
}
