import { minimizeAnnotation } from '../annotate/minimizeAnnotation.js';
import type { ReceiverModel } from '../annotate/ReceiverModel.js';
import type { Grid, Puzzle } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import { Propagator } from '../line/Propagator.js';
import { BlockSolver } from '../solve/BlockSolver.js';
import { solvePuzzle } from '../solve/solvePuzzle.js';
import type { SatSession } from '../sat/SatSession.js';
import type { ErrorCode } from '../errors.js';
import type { SolveResult } from '../solve/SolveResult.js';

/**
 * A block of work that can run in this thread or in a worker: decide a puzzle ("solve": used
 * by decrypt, verify and solve) or find the smallest annotation of a picture ("annotate":
 * used by encrypt and annotate). Tasks and outcomes are plain data so they cross thread
 * boundaries by structured clone.
 */
export type BlockTask =
  | { readonly kind: 'solve'; readonly puzzle: Puzzle; readonly givens: readonly number[] }
  | {
      readonly kind: 'annotate';
      readonly grid: Grid;
      readonly receiver: ReceiverModel;
      /** Soft budget for proving minimality (ms); the answer stays valid. */
      readonly budgetMs?: number;
    };

export type BlockOutcome =
  | { readonly kind: 'solve'; readonly result: SolveResult }
  | { readonly kind: 'annotate'; readonly annotation: number[]; readonly proven: boolean; readonly ms: number; readonly reason?: string }
  /** The task was stopped at its time limit. */
  | { readonly kind: 'timeout'; readonly ms: number }
  /** The task failed (bad input found late, internal error): code and one-line message. */
  | { readonly kind: 'error'; readonly code: ErrorCode; readonly message: string };

export function runTask(task: BlockTask, session?: SatSession): BlockOutcome {
  if (task.kind === 'solve') return { kind: 'solve', result: solvePuzzle(task.puzzle, { givens: task.givens, session }) };
  const r = minimizeAnnotation(task.grid, { model: task.receiver, budgetMs: task.budgetMs, session });
  return { kind: 'annotate', annotation: r.annotation, proven: r.proven, ms: r.stats.ms, ...(r.reason ? { reason: r.reason } : {}) };
}

/**
 * Tasks that propagation alone settles (line-solvable or contradictory blocks, pictures that
 * need no annotation) are answered here without a worker round trip or a SAT instance.
 * Returns undefined when the task needs real work.
 */
export function quickOutcome(task: BlockTask): BlockOutcome | undefined {
  const started = performance.now();
  if (task.kind === 'solve') {
    const block = new BlockSolver(task.puzzle, task.givens);
    return block.presolve === 'stalled' ? undefined : { kind: 'solve', result: block.solve() };
  }
  const p = new Propagator(puzzleOf(task.grid));
  if (p.run(p.unknownDomains()) !== 'solved') return undefined;
  return { kind: 'annotate', annotation: [], proven: true, ms: performance.now() - started };
}
