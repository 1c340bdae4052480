import type { Grid, Puzzle } from '../grid/Puzzle.js';
import { NonocryptError, SolverAbortError } from '../errors.js';
import { defaultSession, type SatSession } from '../sat/SatSession.js';
import { BlockSolver, type SolverTuning } from './BlockSolver.js';
import type { SolveResult } from './SolveResult.js';
import { cubeFixpoint, inCube, type Cube } from './split/splitCubes.js';

export interface SolveOptions {
  /** Cells (row-major indices) given black, e.g. a cipher block's annotation. */
  readonly givens?: readonly number[];
  /** SAT instances to reuse; defaults to a process-wide session. */
  readonly session?: SatSession;
  /** Probe, then search, before SAT when propagation stalls (default true; see BlockSolver). */
  readonly probing?: boolean;
  /** With probing: search before SAT (default true); false goes from probing to SAT at once. */
  readonly search?: boolean;
  /** `performance.now()` time (ms) at which the search stops and answers `unknown`. */
  readonly deadline?: number;
  /**
   * A budget of work: at most this many SAT conflicts in all (see BlockSolver's options), then
   * `unknown` with WORK_BUDGET_REASON. The same board stops at the same point at any load.
   */
  readonly conflicts?: number;
  /** Count solutions up to this many (SAT with blocking clauses); the result carries `count`. */
  readonly countMax?: number;
  /** Stop at the first solution (status 'found' unless propagation or probing proved it unique). */
  readonly first?: boolean;
  /** This solve's tuning over the defaults (see BlockSolver's solverTuning). */
  readonly tuning?: Partial<SolverTuning>;
  /** Search only the pictures in this cube (split/splitCubes.ts): the verdict is the cube's. */
  readonly cube?: Cube;
  /** A picture known to fit the clues and the givens (e.g. the one drawn): only a second one is searched for. */
  readonly known?: Grid;
}

/**
 * Decide a puzzle: unique (with whether it is line-solvable), multiple (two grids), none, or
 * unknown when the deadline passed or the SAT engine aborted (never a verdict from a dead
 * instance).
 */
export function solvePuzzle(puzzle: Puzzle, options: SolveOptions = {}): SolveResult {
  const session = options.session ?? defaultSession;
  const givens = options.givens ?? [];
  // A cube starts the block from its fixpoint, givens included; its grids are checked against both below.
  const fixpoint = options.cube ? cubeFixpoint(puzzle, givens, options.cube) : undefined;
  for (let attempt = 0; ; attempt++) {
    const block = new BlockSolver(puzzle, fixpoint ? [] : givens, session, fixpoint);
    try {
      const r = block.solve({ probing: options.probing, search: options.search, deadline: options.deadline, ...(options.conflicts !== undefined ? { conflicts: options.conflicts } : {}), countMax: options.countMax, first: options.first, ...(options.known && (!options.cube || inCube(options.known.cells, options.cube)) ? { known: options.known } : {}), tuning: options.tuning });
      return options.cube ? inside(r, options.cube, givens) : r;
    } catch (e) {
      if (!(e instanceof SolverAbortError)) throw e;
      // A shared instance may have been nearly full: try once more on an instance of its own.
      if (attempt === 0 && block.sharedInstance) {
        session.fresh();
        continue;
      }
      return { status: 'unknown', reason: e.reason, ...(options.countMax === undefined ? {} : { count: { value: 0, exact: false } }) };
    } finally {
      block.dispose();
    }
  }
}

/** `r`, once every grid in it is found in the cube with every given cell black (else a bug: E_INTERNAL). */
function inside(r: SolveResult, cube: Cube, givens: readonly number[]): SolveResult {
  const grids = r.status === 'multiple' ? r.grids : r.status === 'unique' || r.status === 'found' ? [r.grid] : [];
  for (const g of grids) {
    if (!inCube(g.cells, cube) || givens.some((c) => !g.cells[c])) throw new NonocryptError('E_INTERNAL', 'internal error: a grid found outside its cube or without its givens');
  }
  return r;
}
