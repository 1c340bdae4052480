import { BlockError } from '../errors.js';
import type { Ciphertext, CipherBlock } from '../formats/ciphertext.js';
import { gridRows } from '../grid/Puzzle.js';
import type { SatSession } from '../solve/SatSession.js';
import type { SolveResult } from '../solve/SolveResult.js';
import { gridsToBits } from './blocks.js';
import { decodeBlock } from './blockWork.js';
import { builtinTable, type Table } from './Table.js';
import { bitsToText } from './textBits.js';

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

/** Text from the solved blocks' grids, in order. */
export function textOfResults(results: readonly SolveResult[], width: number, height: number, table: Table): string {
  const grids = results.map((r, i) => {
    const failure = blockFailure(r, i + 1);
    if (failure) throw failure;
    return (r as Extract<SolveResult, { status: 'unique' }>).grid;
  });
  return bitsToText(gridsToBits(grids), table, width * height);
}

export function decrypt(ciphertext: Ciphertext, options: DecryptOptions = {}): string {
  const table = options.table ?? builtinTable('classic');
  const results: SolveResult[] = [];
  ciphertext.blocks.forEach((b: CipherBlock, i) => {
    const r = decodeBlock(b, options.session);
    const failure = blockFailure(r, i + 1);
    if (failure) throw failure;
    results.push(r);
  });
  return textOfResults(results, ciphertext.width, ciphertext.height, table);
}
