import type { ReceiverModel } from '../annotate/ReceiverModel.js';
import type { Ciphertext } from '../formats/ciphertext.js';
import type { SatSession } from '../sat/SatSession.js';
import { bitsToGrids } from './blocks.js';
import { encryptBlock, type EncryptedBlock } from './blockWork.js';
import { builtinTable, type Table } from './Table.js';
import { textToBits } from './textBits.js';
import { InputError } from '../errors.js';

/**
 * Encryption (SPEC sections 1-2, 7): text -> 5-bit codes -> W x H blocks -> each block's clues
 * and its smallest annotation under the chosen receiver model.
 */
export interface EncryptOptions {
  /** Board side (square boards); default 8. */
  readonly size?: number;
  /** Rectangular boards: columns and rows (override `size`). */
  readonly width?: number;
  readonly height?: number;
  /** Encoding table; default the classic table. */
  readonly table?: Table;
  /** Receiver model for the smallest annotation; default `unique`. */
  readonly receiver?: ReceiverModel;
  /** Per-block budget for proving minimality (ms); unlimited by default. */
  readonly budgetMs?: number;
  readonly session?: SatSession;
}

export interface EncryptResult {
  readonly ciphertext: Ciphertext;
  readonly blocks: readonly EncryptedBlock[];
}

export function boardOf(options: { size?: number; width?: number; height?: number }): { width: number; height: number } {
  const width = options.width ?? options.size ?? 8;
  const height = options.height ?? options.size ?? 8;
  for (const v of [width, height]) {
    if (!Number.isInteger(v) || v < 1 || v > 1000) {
      throw new InputError('E_SIZE', `board side must be a whole number from 1 to 1000, got ${v}`);
    }
  }
  return { width, height };
}

/** The message's blocks as pictures (before clues and annotations). */
export function messageGrids(text: string, options: EncryptOptions = {}) {
  const table = options.table ?? builtinTable('classic');
  const { width, height } = boardOf(options);
  return { width, height, grids: bitsToGrids(textToBits(text, table), width, height, table.paddingBit) };
}

export function encrypt(text: string, options: EncryptOptions = {}): EncryptResult {
  const { width, height, grids } = messageGrids(text, options);
  const blocks = grids.map((g) => encryptBlock(g, options));
  return { ciphertext: { width, height, blocks: blocks.map((b) => b.block) }, blocks };
}
