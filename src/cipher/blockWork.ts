import { minimizeAnnotation } from '../annotate/minimizeAnnotation.js';
import type { ReceiverModel } from '../annotate/ReceiverModel.js';
import type { Grid } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import type { CipherBlock } from '../formats/ciphertext.js';
import type { SatSession } from '../sat/SatSession.js';

/**
 * The unit of work of encryption: one block, its clues plus its smallest annotation. The
 * encryption pipeline runs these through a block runner; `--size auto` runs them in this
 * thread while it compares board sizes.
 */
export interface EncryptedBlock {
  readonly block: CipherBlock;
  /** The annotation is proved smallest (and first in row-major order). */
  readonly proven: boolean;
  /** A proven lower bound on the size of any valid annotation of this block. */
  readonly lowerBound: number;
  readonly ms: number;
  /** When not proven: why (budget, time limit, memory). */
  readonly reason?: string;
  /** The per-block time limit (not the budget) ended the work on this block. */
  readonly timedOut?: boolean;
}

export interface BlockOptions {
  readonly receiver?: ReceiverModel;
  /** Per-block budget for proving minimality, in milliseconds (the annotation stays valid). */
  readonly budgetMs?: number;
  readonly session?: SatSession;
}

export function encryptBlock(grid: Grid, options: BlockOptions = {}): EncryptedBlock {
  const r = minimizeAnnotation(grid, { model: options.receiver ?? 'unique', budgetMs: options.budgetMs, session: options.session });
  return {
    block: { puzzle: puzzleOf(grid), annotation: r.annotation },
    proven: r.proven,
    lowerBound: r.proven ? r.annotation.length : r.stats.lowerBound,
    ms: r.stats.ms,
    ...(r.reason ? { reason: r.reason } : {}),
  };
}
