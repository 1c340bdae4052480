import { minimizeAnnotation } from '../annotate/minimizeAnnotation.js';
import type { ReceiverModel } from '../annotate/ReceiverModel.js';
import type { ErrorCode } from '../errors.js';
import type { Grid, Puzzle } from '../grid/Puzzle.js';
import { lineSolvable } from '../solve/CorePropagator.js';
import { SatSession } from '../sat/SatSession.js';
import type { EngineName } from '../sat/SatSolver.js';
import type { SolverTuning } from '../solve/BlockSolver.js';
import { BlockSolver } from '../solve/BlockSolver.js';
import { solvePuzzle } from '../solve/solvePuzzle.js';
import type { Cube } from '../solve/split/splitCubes.js';
import type { SolveResult } from '../solve/SolveResult.js';
import { shareMs, type BudgetShare } from './BudgetShare.js';
import { certifyBlock, type CertifyOutcome } from '../certificate/make/certifyBlock.js';
import { proofEngine } from '../certificate/make/proofEngine.js';
import { timeLimitReason } from '../solve/timeLimitReason.js';

/**
 * A block of work that can run in this thread or in a worker: decide a puzzle ("solve": used
 * by decrypt, verify and solve) or find the smallest annotation of a picture ("annotate":
 * used by encrypt and annotate). Tasks and outcomes are plain data so they cross thread
 * boundaries by structured clone.
 *
 * Time: a runner gives every task the same per-block time limit. A solve task passes it to the
 * SAT engine as a deadline (an engine that cannot stop answers late, and its runner stops the
 * worker instead); an annotate task spends at most min(budget, time limit) proving minimality,
 * and its annotation is valid whenever it stops.
 */
export type BlockTask =
  | {
      readonly kind: 'solve';
      readonly puzzle: Puzzle;
      readonly givens: readonly number[];
      readonly probing?: boolean;
      /** Count solutions up to this many (see BlockSolver). */
      readonly countMax?: number;
      /** Stop at the first solution (see BlockSolver). */
      readonly first?: boolean;
      /** This solve's own tuning (a portfolio member's), over the defaults. */
      readonly tuning?: Partial<SolverTuning>;
      /** This solve's own SAT engine (a portfolio member's), on a session of its own. */
      readonly engine?: EngineName;
      /**
       * Certify a `unique` or `none` verdict (src/certificate/make/): the outcome carries the certificate
       * or why there is none. The proof engine must be loaded in the thread that runs the task.
       */
      readonly certify?: boolean;
      /** Names the block in its certificate's comment ("block 3"). */
      readonly label?: string;
      /** A budget of work in SAT conflicts (see solvePuzzle): the portfolio's time alone (puzzle/solve.ts). */
      readonly conflicts?: number;
      /** Search only this cube's pictures (one part of a split board, solve/split/splitCubes.ts). */
      readonly cube?: Cube;
      /** A picture known to fit (see solve.ts): only a second one is searched for. */
      readonly known?: Grid;
    }
  | {
      readonly kind: 'annotate';
      readonly grid: Grid;
      readonly receiver: ReceiverModel;
      /** Budget for proving minimality (ms); the answer stays valid. None: prove it, however long. */
      readonly budgetMs?: number;
      /** Instead of `budgetMs`: a part of a budget shared with other tasks, decided when this one starts. */
      readonly share?: BudgetShare;
      /** Whether line logic alone finishes the grid, when the caller has found out already. */
      readonly lineSolvable?: boolean;
    };

export interface AnnotateOutcome {
  readonly kind: 'annotate';
  /** Cells given black, row-major indices, ascending. Always a valid annotation. */
  readonly annotation: number[];
  /** Proved smallest (and first in row-major order). */
  readonly proven: boolean;
  /** A proven lower bound on the size of every valid annotation. */
  readonly lowerBound: number;
  readonly ms: number;
  /** When not proven: why. */
  readonly reason?: string;
  /** The budget the task had (ms), its share when it had one; none when absent. */
  readonly budgetMs?: number;
}

export type BlockOutcome =
  | { readonly kind: 'solve'; readonly result: SolveResult; readonly certificate?: CertifyOutcome }
  | AnnotateOutcome
  /** The worker running the task was stopped at the runner's hard limit. */
  | { readonly kind: 'timeout'; readonly ms: number }
  /** The task failed (an internal error, a worker that died): code and one-line message. */
  | { readonly kind: 'error'; readonly code: ErrorCode; readonly message: string };

/** Run one task in this thread; `timeoutMs` is the per-block time limit. */
export function runTask(task: BlockTask, session: SatSession, timeoutMs?: number): BlockOutcome {
  const started = performance.now();
  if (task.kind === 'solve') {
    const deadline = timeoutMs === undefined ? undefined : started + timeoutMs;
    const result = solveTask(task, session, deadline);
    const late = result.status === 'unknown' && deadline !== undefined && performance.now() >= deadline;
    if (late) return { kind: 'solve', result: { ...result, reason: timeLimitReason(timeoutMs!) } };
    if (!task.certify || (result.status !== 'unique' && result.status !== 'none')) return { kind: 'solve', result };
    // The time limit covers the block's solve and its certificate together.
    const grid = result.status === 'unique' ? result.grid : undefined;
    const limits = { ...(deadline !== undefined ? { deadline, limitMs: timeoutMs } : {}), ...(session.memoryCapBytes !== undefined ? { memoryCapBytes: session.memoryCapBytes } : {}) };
    return { kind: 'solve', result, certificate: certifyBlock(proofEngine(), task.puzzle, task.givens, grid, limits, task.label ?? 'puzzle') };
  }
  // The caller found the grid line-solvable (encrypt does, for its shared budget): it needs
  // nothing, as the minimizer would answer after propagating the grid once more. 7,312 of the
  // 8,000 blocks of 1 MB of English (frequency table, n = 25) are such blocks.
  if (task.lineSolvable === true) return nothingToGive(started);
  const budget = task.share ? shareMs(task.share) : task.budgetMs;
  const r = minimizeAnnotation(task.grid, { model: task.receiver, budgetMs: minDefined(budget, timeoutMs), session });
  return {
    kind: 'annotate',
    annotation: r.annotation,
    proven: r.proven,
    lowerBound: r.proven ? r.annotation.length : r.stats.lowerBound,
    ms: r.stats.ms,
    ...(r.reason ? { reason: r.reason } : {}),
    ...(budget !== undefined ? { budgetMs: budget } : {}),
  };
}

function minDefined(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

/** A solve task on `session`; a portfolio member with an engine of its own gets a session of its own. */
function solveTask(task: Extract<BlockTask, { kind: 'solve' }>, session: SatSession, deadline: number | undefined): SolveResult {
  const own = task.engine ? new SatSession(task.engine) : undefined;
  try {
    return solvePuzzle(task.puzzle, { givens: task.givens, session: own ?? session, deadline, probing: task.probing, countMax: task.countMax, first: task.first, tuning: task.tuning, cube: task.cube, ...(task.conflicts !== undefined ? { conflicts: task.conflicts } : {}), ...(task.known ? { known: task.known } : {}) });
  } finally {
    own?.close();
  }
}

/**
 * Tasks that propagation alone settles (line-solvable or contradictory blocks, pictures that
 * need no annotation) are answered here without a worker round trip or a SAT instance.
 * Returns undefined when the task needs real work.
 */
export function quickOutcome(task: BlockTask): BlockOutcome | undefined {
  const started = performance.now();
  if (task.kind === 'solve') {
    // A certificate is made on a worker, which has the proof engine loaded; a cube is solvePuzzle's.
    if (task.certify || task.cube) return undefined;
    const block = new BlockSolver(task.puzzle, task.givens);
    try {
      return block.presolve === 'stalled' ? undefined : { kind: 'solve', result: block.solve({ countMax: task.countMax, first: task.first }) };
    } finally {
      block.dispose();
    }
  }
  if (!(task.lineSolvable ?? lineSolvable(task.grid))) return undefined;
  return nothingToGive(started);
}

/** The outcome of a line-solvable block: it needs no annotation, proven (the minimizer's answer too). */
function nothingToGive(started: number): AnnotateOutcome {
  return { kind: 'annotate', annotation: [], proven: true, lowerBound: 0, ms: performance.now() - started };
}
