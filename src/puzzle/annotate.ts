import type { ReceiverModel } from '../annotate/ReceiverModel.js';
import type { Grid } from '../grid/Puzzle.js';
import { runBlocks, type RunOptions } from '../parallel/BlockRunner.js';
import { annotateOutcome, type AnnotationResult } from '../parallel/outcomes.js';

/**
 * The fewest cells of a picture to give away (black) so that the receiver decodes exactly that
 * picture: `unique` (its only solution) or `logic` (line logic alone finds it). Proven smallest
 * and first in row-major order unless the budget or the time limit ends the proof first; the
 * annotation is valid either way.
 */
export interface AnnotateOptions extends RunOptions {
  readonly receiver?: ReceiverModel;
  /** Budget (ms) for proving minimality; none by default (prove it, however long). */
  readonly budgetMs?: number;
}

export async function annotate(goal: Grid, options: AnnotateOptions = {}): Promise<AnnotationResult> {
  const budgetMs = options.budgetMs === Infinity ? undefined : options.budgetMs;
  const task = { kind: 'annotate' as const, grid: goal, receiver: options.receiver ?? 'unique', budgetMs };
  for await (const out of runBlocks([task], { ...options, jobs: 1 })) return annotateOutcome(goal, out, options.timeoutMs);
  throw new Error('unreachable: a runner gives every task an outcome');
}
