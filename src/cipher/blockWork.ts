import { minimizeAnnotation } from '../annotate/minimizeAnnotation.js';
import type { ReceiverModel } from '../annotate/ReceiverModel.js';
import type { Grid } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import type { CipherBlock } from '../formats/ciphertext.js';
import { solvePuzzle } from '../solve/solvePuzzle.js';
import type { SatSession } from '../sat/SatSession.js';
import type { SolveResult } from '../solve/SolveResult.js';

/**
 * The unit of work of the cipher: one block. Encrypting a block is "clues of the picture plus
 * its smallest annotation"; decoding a block is "solve the clues with the annotated cells
 * given black". Blocks are independent, so these two functions are what runs in parallel
 * (see src/parallel/) and what a time limit cuts.
 */
export interface EncryptedBlock {
  readonly block: CipherBlock;
  /** The annotation is proved smallest (false only when a time budget cut the proof short). */
  readonly proven: boolean;
  readonly ms: number;
}

export interface BlockOptions {
  readonly receiver?: ReceiverModel;
  /** Per-block budget for proving minimality, in milliseconds (the annotation stays valid). */
  readonly budgetMs?: number;
  readonly session?: SatSession;
}

export function encryptBlock(grid: Grid, options: BlockOptions = {}): EncryptedBlock {
  const r = minimizeAnnotation(grid, { model: options.receiver ?? 'unique', budgetMs: options.budgetMs, session: options.session });
  return { block: { puzzle: puzzleOf(grid), annotation: r.annotation }, proven: r.proven, ms: r.stats.ms };
}

export function decodeBlock(block: CipherBlock, session?: SatSession): SolveResult {
  return solvePuzzle(block.puzzle, { givens: block.annotation, session });
}
