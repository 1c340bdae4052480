import type { ReceiverModel } from '../annotate/ReceiverModel.js';
import { InputError, MessageError } from '../errors.js';
import type { Ciphertext } from '../formats/ciphertext.js';
import type { Grid } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import { runBlocks, type RunOptions } from '../parallel/BlockRunner.js';
import { SatSession } from '../sat/SatSession.js';
import { annotateOutcome } from '../parallel/outcomes.js';
import { chooseBoard, type BoardChoice } from './autoSize.js';
import { gridsToBits } from './blocks.js';
import { BLOCK_FLOOR_MS, DEFAULT_BUDGET_MS, type EncryptedBlock } from './blockWork.js';
import { shareBudget } from '../parallel/BudgetShare.js';
import { lineSolvable } from '../solve/CorePropagator.js';
import { messageGrids } from './messageGrids.js';
import { builtinTable, type Table } from './Table.js';
import { searchTables } from './TableSearch.js';
import { bitsToText, textToBits } from './textBits.js';

/**
 * Encryption (SPEC sections 1-2, 7): text -> 5-bit codes -> W x H blocks -> each block's clues
 * and its smallest annotation under the chosen receiver model, in this thread or on workers.
 *
 * Time. Proving an annotation smallest can take long, so an encryption has ONE budget for all
 * its blocks (`budgetMs`, default DEFAULT_BUDGET_MS; Infinity: prove it, however long), and the
 * run may have a time limit per block (`timeoutMs`). The blocks share the budget as they start:
 * each gets the time still left divided among the blocks still to do that line logic alone
 * does not finish (times the workers running at once), so time an easy block leaves over goes
 * to the later ones and the whole encryption ends within the budget; but no such block gets
 * less than BLOCK_FLOOR_MS (1 s, or the budget when smaller), so a long message is still
 * proven where its blocks are easy, and may take longer than the budget only when many of its
 * blocks are hard (at most the floor for each). With size `auto` the same
 * budget bounds the whole choice. Whichever limit ends a block's proof, its annotation is
 * valid (the receiver decodes it); it is then not proven smallest, and the block says so, with
 * the size found and a proven lower bound. A block whose worker had to be stopped gets every
 * black cell line logic leaves open: valid, not small.
 */
export { BLOCK_FLOOR_MS, DEFAULT_BUDGET_MS };
/** Defined in messageGrids.ts; re-exported for the modules that take it from here. */
export { messageGrids };

export interface EncryptOptions extends RunOptions {
  /** Board side (square boards); default 8. `auto`: the side giving the shortest ciphertext. */
  readonly size?: number | 'auto';
  /** Rectangular boards: columns and rows (instead of `size`). */
  readonly width?: number;
  readonly height?: number;
  /** Encoding table; default the classic table. `auto` (with size `auto`): the better built-in one. */
  readonly table?: Table | 'auto';
  /**
   * Extended text: characters the table lacks (digits, `?`, `!`, line breaks...) are written
   * with the table's escape code, and trailing spaces are kept (see textBits.ts). Default
   * false: the paper's alphabet, bit for bit.
   */
  readonly extended?: boolean;
  /** Receiver model for the smallest annotation; default `unique`. */
  readonly receiver?: ReceiverModel;
  /**
   * Budget (ms) of the whole encryption, all blocks (with size `auto`: the whole choice);
   * default DEFAULT_BUDGET_MS. Infinity: no budget (prove every annotation smallest).
   */
  readonly budgetMs?: number;
}

export type { EncryptedBlock };

export interface EncryptResult {
  readonly ciphertext: Ciphertext;
  readonly blocks: readonly EncryptedBlock[];
  readonly table: Table;
  /** With size `auto`: what was chosen and why. */
  readonly choice?: BoardChoice;
  /**
   * Why decrypting without a table would not give this message back (another built-in table
   * also decodes it, or the table is not a built-in one); absent when decrypt finds the table
   * by itself, so that the receiver needs nothing but the ciphertext.
   */
  readonly receiverNeedsTable?: string;
}

/**
 * `EncryptResult.receiverNeedsTable`: decodes the message's blocks (their bits, padding
 * included) under its own table and under the built-in tables, as decrypt without a table would.
 */
export function tableNeed(text: string, table: Table, width: number, height: number, extended = false): string | undefined {
  const bits = textToBits(text, table, { extended });
  const blockBits = width * height;
  const padded = new Uint8Array(Math.ceil(bits.length / blockBits) * blockBits).fill(table.paddingBit);
  padded.set(bits);
  return tableNeedOfBits(padded, table, blockBits);
}

/** `tableNeed` of the blocks' bits, padding included (the message's grids, concatenated). */
function tableNeedOfBits(padded: Uint8Array, table: Table, blockBits: number): string | undefined {
  const own = bitsToText(padded, table, blockBits);
  const found = searchTables(padded, blockBits);
  switch (found.kind) {
    case 'found':
      return found.text === own ? undefined : `it decodes under the built-in ${found.table.name} table to other text`;
    case 'none':
      return 'no built-in table decodes it';
    case 'several': {
      const others = found.matches.filter((m) => m.text !== own).map((m) => m.table.name);
      return `it also decodes under the ${others.join(' and ')} table${others.length > 1 ? 's' : ''}, to other text`;
    }
  }
}

/** The plan of an encryption: board, table and pictures, known before any block is annotated. */
export interface EncryptPlan {
  readonly width: number;
  readonly height: number;
  readonly table: Table;
  readonly grids: readonly Grid[];
  /** The blocks, annotated in order as they are ready. */
  readonly blocks: AsyncGenerator<EncryptedBlock>;
  /** With size `auto`: the choice (its blocks are already annotated). */
  readonly choice?: BoardChoice;
}

/**
 * A message that would decrypt to nothing is refused rather than encrypted into blocks that
 * carry nothing: the empty message, and without extended text one of padding symbols alone
 * (spaces for the built-in tables), which decryption drops.
 */
function checkCarriesText(text: string, table: Table, extended: boolean): void {
  if (text === '') throw new MessageError('E_EMPTY', 'the message is empty', false);
  if (extended || [...text].some((ch) => ch !== table.padding)) return;
  const what = table.padding === ' ' ? 'spaces' : `padding symbols (${JSON.stringify(table.padding)})`;
  throw new MessageError('E_EMPTY', `the message is only ${what}, which decryption drops as padding; extended text keeps them`, table.escape !== undefined);
}

/** Plan and stream an encryption; `encrypt` collects it. */
export function encryptBlocks(text: string, options: EncryptOptions = {}): EncryptPlan {
  const receiver = options.receiver ?? 'unique';
  checkCarriesText(text, options.table === undefined || options.table === 'auto' ? builtinTable('classic') : options.table, options.extended === true);
  if (options.size === 'auto') {
    if (options.width !== undefined) throw new InputError('E_USAGE', 'size auto chooses square boards; width and height do not go with it');
    // The choice runs in this thread: on the caller's SAT session, else on one of the named
    // engine (without either it used the default engine's shared session whatever the options said).
    const session = options.session ?? (options.engine ? new SatSession(options.engine) : undefined);
    let choice: BoardChoice;
    try {
      choice = chooseBoard(text, {
        receiver,
        table: options.table,
        extended: options.extended,
        budgetMs: options.budgetMs === Infinity ? undefined : options.budgetMs,
        ...(session ? { session } : {}),
      });
    } finally {
      if (session && session !== options.session) session.close();
    }
    const blocks = choice.blocks;
    return {
      width: choice.size,
      height: choice.size,
      table: choice.table,
      grids: [],
      choice,
      blocks: (async function* () {
        yield* blocks;
      })(),
    };
  }
  if (options.table === 'auto') throw new InputError('E_USAGE', 'table auto goes with size auto');
  const table = options.table ?? builtinTable('classic');
  const { width, height, grids } = messageGrids(text, { size: options.size, width: options.width, height: options.height, table, extended: options.extended });
  const budget = options.budgetMs ?? DEFAULT_BUDGET_MS;
  if (!(budget >= 0)) throw new InputError('E_BUDGET', `time budget must be a non-negative number of milliseconds, got ${budget}`);
  const needy = grids.map((g) => !lineSolvable(g));
  // Each block's part of the budget is decided when it starts (see BudgetShare.ts).
  const shares = shareBudget(budget, needy, Math.max(1, Math.floor(options.jobs ?? 1)), BLOCK_FLOOR_MS);
  const tasks = grids.map((grid, i) => ({ kind: 'annotate' as const, grid, receiver, lineSolvable: !needy[i], ...(shares[i] ? { share: shares[i] } : {}) }));
  async function* blocks(): AsyncGenerator<EncryptedBlock> {
    let i = 0;
    for await (const out of runBlocks(tasks, options)) {
      const grid = grids[i]!;
      const { annotation, ...rest } = annotateOutcome(grid, out, options.timeoutMs);
      i++;
      yield { block: { puzzle: puzzleOf(grid), annotation }, ...rest };
      options.onProgress?.(i, grids.length);
    }
  }
  return { width, height, table, grids, blocks: blocks() };
}

export async function encrypt(text: string, options: EncryptOptions = {}): Promise<EncryptResult> {
  const plan = encryptBlocks(text, options);
  const blocks: EncryptedBlock[] = [];
  for await (const b of plan.blocks) blocks.push(b);
  // The plan's grids are the message's bits, padded: no second encoding of the text.
  const need = plan.choice
    ? tableNeed(text, plan.table, plan.width, plan.height, options.extended)
    : tableNeedOfBits(gridsToBits(plan.grids), plan.table, plan.width * plan.height);
  return {
    ciphertext: { width: plan.width, height: plan.height, blocks: blocks.map((b) => b.block) },
    blocks,
    table: plan.table,
    ...(plan.choice ? { choice: plan.choice } : {}),
    ...(need ? { receiverNeedsTable: need } : {}),
  };
}
