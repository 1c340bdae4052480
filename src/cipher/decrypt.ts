import { BlockError, TableChoiceError } from '../errors.js';
import { gridRows, type Grid } from '../grid/Puzzle.js';
import type { RunOptions } from '../parallel/RunOptions.js';
import { asVerdict, type SolveResult } from '../solve/SolveResult.js';
import { solveBlocks, type CiphertextSource } from './solveBlocks.js';
import type { Table } from './Table.js';
import { TableSearch, builtinTables, type TableSearchOutcome } from './TableSearch.js';

/**
 * Decryption (SPEC section 6): every block must have exactly one solution; the blocks' bits,
 * concatenated, are read back 5 at a time through the table. The decoder never picks one of
 * several solutions: a block with none or several, or left undecided by a time limit, is a
 * failure that names the block. Every block is decided even after a failure, so that the
 * result names all failing blocks, not just the first.
 *
 * The table. Given one, the bits are read through it; when it meets a code it does not use,
 * the failure says whether a built-in table decodes every block (the likelier mistake is the
 * table, not the ciphertext) and names them in `otherTables`. Without one (or `'auto'`), the
 * built-in tables are tried at once (see TableSearch.ts) and the one under which every block
 * decodes is used; the result names it. When none does, the failure says what stopped each
 * table (the ciphertext may need its table file); when several do, to different texts,
 * decryption throws a `TableChoiceError` (`E_TABLE_CHOICE`) naming them: the caller must
 * give the table. Escapes (extended text) are read whenever the table has them.
 */
export interface DecryptOptions extends RunOptions {
  /** The table, or `'auto'` (the default): the built-in table under which every block decodes. */
  readonly table?: Table | 'auto';
}

export type DecryptResult =
  | { readonly ok: true; readonly text: string; readonly blocks: number; readonly table: Table }
  /**
   * The blocks that did not decode, in order; no text. `otherTables`: when the given table met
   * a code it does not use, the built-in tables under which every block decodes (maybe none).
   */
  | { readonly ok: false; readonly failures: readonly BlockError[]; readonly blocks: number; readonly otherTables?: readonly string[] };

/** The error for a block that did not decode to exactly one grid (block is 1-based). */
export function blockFailure(found: SolveResult, block: number): BlockError | null {
  const result = asVerdict(found);
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
  const named = options.table === undefined || options.table === 'auto' ? undefined : options.table;
  const search = new TableSearch(named ? [named] : builtinTables(), source.width * source.height);
  // With a named table, the other built-in tables read the same bits, for the failure's hint.
  const others = named ? builtinTables().filter((t) => t.name !== named.name) : [];
  const alternatives = others.length ? new TableSearch(others, source.width * source.height) : undefined;
  const failures: BlockError[] = [];
  let blocks = 0;
  // Each block's bits become text as the block arrives (grids are not kept), until a failure.
  for await (const b of solveBlocks(source, options)) {
    blocks = b.block;
    const failure = blockFailure(b.result, b.block);
    if (failure) failures.push(failure);
    else if (failures.length === 0 && b.result.status === 'unique') {
      search.push(b.result.grid.cells);
      alternatives?.push(b.result.grid.cells);
    }
  }
  if (failures.length) return { ok: false, failures, blocks };
  const outcome = search.finish();
  switch (outcome.kind) {
    case 'found':
      return { ok: true, text: outcome.text, blocks, table: outcome.table };
    case 'none': {
      if (named) return { ok: false, ...wrongTable(outcome.failures[0]!.error, named, alternatives?.finish()), blocks };
      // The table that read furthest names the block; the message says what stopped each one.
      const block = Math.max(...outcome.failures.map((f) => f.error.block));
      const each = outcome.failures.map((f) => `${f.table.name}: ${f.error.message}`).join('; ');
      const error = new BlockError('E_BAD_CODE', `no built-in table decodes every block (${each}); it may need its table file`, block);
      return { ok: false, failures: [error], blocks };
    }
    case 'several': {
      const preview = (text: string) => {
        const chars = [...text];
        return JSON.stringify(chars.length > 24 ? `${chars.slice(0, 24).join('')}...` : text);
      };
      const names = outcome.matches.map((m) => m.table.name);
      throw new TableChoiceError(
        `the ciphertext decodes under ${names.length} tables, to different texts (${outcome.matches.map((m) => `${m.table.name}: ${preview(m.text)}`).join(', ')}); name its table`,
        names,
      );
    }
  }
}

/** The failure of a named table that met an unused code, saying which built-in tables decode the bits instead. */
function wrongTable(error: BlockError, table: Table, others: TableSearchOutcome | undefined): { failures: BlockError[]; otherTables: string[] } {
  const fit = others?.kind === 'found' ? [others.table.name] : others?.kind === 'several' ? others.matches.map((m) => m.table.name) : [];
  const hint =
    fit.length === 0
      ? 'no built-in table decodes it either'
      : `the ciphertext decodes under the built-in ${fit.join(' and ')} table${fit.length > 1 ? 's' : ''} instead`;
  return { failures: [new BlockError('E_BAD_CODE', `${error.message} under the ${table.name} table; ${hint}`, error.block)], otherTables: fit };
}
