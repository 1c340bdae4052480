import { minimizeAnnotation } from '../annotate/minimizeAnnotation.js';
import type { ReceiverModel } from '../annotate/ReceiverModel.js';
import type { Grid } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import { lineSolvable } from '../solve/CorePropagator.js';
import type { CipherBlock } from '../formats/ciphertext.js';
import type { SatSession } from '../sat/SatSession.js';
import { shareBudget, shareMs } from '../parallel/BudgetShare.js';

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

/**
 * The default time budget of one encryption, all blocks (and of `--size auto`'s whole choice),
 * in milliseconds. 10 s: on the Brown-corpus benchmark (docs/results/minimizer.md, cipher-brown) a
 * 100-character message at n = 16..30 is proven within it.
 */
export const DEFAULT_BUDGET_MS = 10_000;

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

/**
 * The least budget a block of `encrypt` gets however many blocks share the budget, in ms
 * (range 100-10,000; never more than the budget itself). Without it a long message spread the
 * budget so thin that blocks stopped before their proofs: 1 MB of English (8,000 blocks of
 * 25x25, frequency table) with the 10 s default took 5.7-6.2 CPU s instead of 2.0-2.4 and wrote
 * a different ciphertext on every run (unfinished row-major tie-breaks; scale benchmark at
 * 24f0ca7, docs/results/cipher-and-scale.md). The blocks of ordinary text that need SAT are proven in
 * milliseconds, so the floor is rarely used in full; a message of many hard blocks may then
 * take longer than the budget, at most this much per such block.
 */
export const BLOCK_FLOOR_MS = 1000;

/**
 * Blocks one after another in this thread, sharing one budget (see BudgetShare.ts); a block
 * that line logic finishes needs none (the minimizer answers it at once).
 */
export function encryptGrids(grids: readonly Grid[], options: BlockOptions = {}): EncryptedBlock[] {
  const needy = grids.map((g) => !lineSolvable(g));
  const shares = shareBudget(options.budgetMs ?? Infinity, needy);
  return grids.map((g, i) => encryptBlock(g, { ...options, budgetMs: shares[i] ? shareMs(shares[i]) : undefined }));
}
