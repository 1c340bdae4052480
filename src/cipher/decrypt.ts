import { BlockError } from '../errors.js';
import type { Ciphertext } from '../formats/ciphertext.js';
import { gridRows, type Grid } from '../grid/Puzzle.js';
import type { SatSession } from '../sat/SatSession.js';
import type { SolveResult } from '../solve/SolveResult.js';
import { decodeBlock } from './blockWork.js';
import { builtinTable, type Table } from './Table.js';
import { BitsDecoder } from './textBits.js';

/**
 * Decryption (SPEC section 6): every block must have exactly one solution; the blocks' bits,
 * concatenated, are read back 5 at a time through the table. A block with no solution or
 * several is an error that names the block; the decoder never picks one of several.
 */
export interface DecryptOptions {
  readonly table?: Table;
  readonly session?: SatSession;
}

/** The error for a block that did not decode to exactly one grid (block is 1-based). */
export function blockFailure(result: SolveResult, block: number): BlockError | null {
  switch (result.status) {
    case 'unique':
      return null;
    case 'none':
      return new BlockError('E_UNSOLVABLE', `block ${block}: no grid fits its clues and annotation`, block);
    case 'multiple':
      return new BlockError(
        'E_AMBIGUOUS',
        `block ${block}: ambiguous, at least two grids fit (${gridRows(result.grids[0]).join('/')} and ${gridRows(result.grids[1]).join('/')})`,
        block,
      );
    case 'unknown':
      return new BlockError('E_UNKNOWN', `block ${block}: undecided (${result.reason})`, block);
  }
}

/** The grid of a block that decoded to exactly one grid; otherwise the block's error. */
export function uniqueGrid(result: SolveResult, block: number): Grid {
  const failure = blockFailure(result, block);
  if (failure) throw failure;
  return (result as Extract<SolveResult, { status: 'unique' }>).grid;
}

/** Text from the blocks' verdicts, in order; the first block that is not unique is an error. */
export function textOfResults(results: readonly SolveResult[], width: number, height: number, table: Table): string {
  const decoder = new BitsDecoder(table, width * height);
  results.forEach((r, i) => decoder.push(uniqueGrid(r, i + 1).cells));
  return decoder.finish();
}

export function decrypt(ciphertext: Ciphertext, options: DecryptOptions = {}): string {
  const decoder = new BitsDecoder(options.table ?? builtinTable('classic'), ciphertext.width * ciphertext.height);
  // Block by block, so that decoding stops at the first block that is not unique.
  ciphertext.blocks.forEach((b, i) => decoder.push(uniqueGrid(decodeBlock(b, options.session), i + 1).cells));
  return decoder.finish();
}
