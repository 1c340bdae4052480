import { BlockError } from '../errors.js';
import { gridRows, type Grid } from '../grid/Puzzle.js';
import type { RunOptions } from '../parallel/BlockRunner.js';
import type { SolveResult } from '../solve/SolveResult.js';
import { solveBlocks, type CiphertextSource } from './solveBlocks.js';
import { builtinTable, type Table } from './Table.js';
import { BitsDecoder } from './textBits.js';

/**
 * Decryption (SPEC section 6): every block must have exactly one solution; the blocks' bits,
 * concatenated, are read back 5 at a time through the table. The decoder never picks one of
 * several solutions: a block with none or several, or left undecided by a time limit, is a
 * failure that names the block. Every block is decided even after a failure, so that the
 * result names all failing blocks, not just the first.
 */
export interface DecryptOptions extends RunOptions {
  readonly table?: Table;
}

export type DecryptResult =
  | { readonly ok: true; readonly text: string; readonly blocks: number }
  /** The blocks that did not decode, in order; no text. */
  | { readonly ok: false; readonly failures: readonly BlockError[]; readonly blocks: number };

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

export async function decrypt(source: CiphertextSource, options: DecryptOptions = {}): Promise<DecryptResult> {
  const decoder = new BitsDecoder(options.table ?? builtinTable('classic'), source.width * source.height);
  const failures: BlockError[] = [];
  let blocks = 0;
  // Each block's bits become text as the block arrives (grids are not kept), until a failure.
  for await (const b of solveBlocks(source, options)) {
    blocks = b.block;
    const failure = blockFailure(b.result, b.block);
    if (failure) failures.push(failure);
    else if (failures.length === 0 && b.result.status === 'unique') {
      try {
        decoder.push(b.result.grid.cells);
      } catch (e) {
        if (!(e instanceof BlockError)) throw e;
        failures.push(e);
      }
    }
  }
  return failures.length ? { ok: false, failures, blocks } : { ok: true, text: decoder.finish(), blocks };
}
