// decrypt(encrypt(m)) = m, through the library API, on random messages and board shapes.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ReceiverModel } from '../src/annotate/ReceiverModel.js';
import { bitsToGrids } from '../src/cipher/blocks.js';
import { decrypt } from '../src/cipher/decrypt.js';
import { encrypt } from '../src/cipher/encrypt.js';
import { builtinTable, type BuiltinTableName } from '../src/cipher/Table.js';
import { textToBits } from '../src/cipher/textBits.js';
import { verify } from '../src/cipher/verify.js';
import { formatCiphertext, parseCiphertext } from '../src/formats/ciphertext.js';
import { TableChoiceError } from '../src/errors.js';
import { checkGrid } from '../src/grid/checkGrid.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { SatSession } from '../src/sat/SatSession.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';

const SYMBOLS = [...' ABCDEFGHIJKLMNOPQRSTUVWXYZ,.', ...'abcxyz'];
const TABLES: BuiltinTableName[] = ['classic', 'frequency'];
const RECEIVERS: ReceiverModel[] = ['unique', 'logic'];

/** What decryption gives back: upper case, trailing spaces (padding) dropped. */
const expected = (m: string) => m.toUpperCase().replace(/ +$/, '');

/**
 * Short messages on large boards keep the minimizer cheap: at most 3 blocks' worth of bits,
 * and never more than 12 symbols.
 */
const maxSymbols = (w: number, h: number) => Math.max(1, Math.min(12, Math.floor((3 * w * h) / 5)));

/** Messages that carry text: not empty, not spaces alone (encrypt refuses those, see below). */
const message = (w: number, h: number) =>
  fc.string({ unit: fc.constantFrom(...SYMBOLS), minLength: 1, maxLength: maxSymbols(w, h) }).filter((m) => /[^ ]/.test(m));

const session = new SatSession();

/** Blocks seen and blocks that needed an annotation, per table: the sweep must not be trivial. */
const seen = { classic: { blocks: 0, annotated: 0 }, frequency: { blocks: 0, annotated: 0 } };

async function roundTrip(m: string, w: number, h: number, tableName: BuiltinTableName, receiver: ReceiverModel): Promise<void> {
  const table = builtinTable(tableName);
  const { ciphertext, blocks, receiverNeedsTable } = await encrypt(m, { width: w, height: h, table, receiver, session });
  const pictures = bitsToGrids(textToBits(m, table), w, h, table.paddingBit);
  expect(ciphertext.width).toBe(w);
  expect(ciphertext.height).toBe(h);
  expect(ciphertext.blocks).toHaveLength(pictures.length);
  for (const b of blocks) expect(b.proven).toBe(true);
  seen[tableName].blocks += blocks.length;
  seen[tableName].annotated += blocks.filter((b) => b.block.annotation.length > 0).length;

  // The text form survives, and decrypts to the message.
  const reparsed = parseCiphertext(formatCiphertext(ciphertext));
  expect(await decrypt(reparsed, { table, session })).toEqual({ ok: true, text: expected(m), blocks: pictures.length, table });

  // Without a table, decrypt finds it, unless encrypt said the receiver needs it (several
  // tables fit, or another one reads other text).
  const found = await decrypt(reparsed, { session }).catch((e: unknown) => e);
  if (receiverNeedsTable === undefined) {
    expect(found).toMatchObject({ ok: true, text: expected(m) });
    // (no blocks: every table reads the empty text, and the first, classic, is named)
    if (pictures.length > 0) expect((found as { table: { name: string } }).table.name).toBe(tableName);
  }
  else expect(found instanceof TableChoiceError || (found as { text?: string }).text !== expected(m)).toBe(true);

  // Every block: clues of its picture, annotation of black cells, decodes to that picture.
  const report = await verify(reparsed, { session });
  expect(report.summary).toEqual({ unique: pictures.length, multiple: 0, none: 0, unknown: 0 });
  reparsed.blocks.forEach((block, i) => {
    const picture = pictures[i]!;
    expect(block.puzzle).toEqual(puzzleOf(picture));
    for (const c of block.annotation) expect(picture.cells[c]).toBe(1);
    expect(report.blocks[i]!.status).toBe('unique');
    if (receiver === 'logic') expect(report.blocks[i]!.lineSolvable).toBe(true);
    const r = solvePuzzle(block.puzzle, { givens: block.annotation, session });
    expect(r.status).toBe('unique');
    if (r.status !== 'unique') return;
    expect(checkGrid(block.puzzle, r.grid, block.annotation)).toBeNull();
    expect(r.grid.cells).toEqual(picture.cells);
  });
}

describe.each(TABLES)('%s table', (tableName) => {
  describe.each(RECEIVERS)('%s receiver', (receiver) => {
    test('square boards n = 1..16', async () => {
      for (let n = 1; n <= 16; n++) {
        await fc.assert(
          fc.asyncProperty(message(n, n), (m) => roundTrip(m, n, n, tableName, receiver)),
          { seed: 1000 + n, numRuns: 5 },
        );
      }
    });

    test('rectangular boards', async () => {
      const shape = fc
        .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }))
        .filter(([w, h]) => w !== h)
        .chain(([w, h]) => fc.tuple(fc.constant(w), fc.constant(h), message(w, h)));
      await fc.assert(
        fc.asyncProperty(shape, ([w, h, m]) => roundTrip(m, w, h, tableName, receiver)),
        { seed: 77, numRuns: 40 },
      );
    });
  });
});

test('the sweep above met blocks that need annotations', () => {
  // Runs after the sweeps (vitest runs a file's tests in order).
  expect(seen.classic.blocks).toBeGreaterThan(200);
  expect(seen.classic.annotated).toBeGreaterThan(30);
  expect(seen.frequency.blocks).toBeGreaterThan(200);
  expect(seen.frequency.annotated).toBeGreaterThan(10);
});

test('a message that would decrypt to nothing is refused; a header without blocks decrypts to the empty text', async () => {
  await expect(encrypt('', { size: 5 })).rejects.toMatchObject({ code: 'E_EMPTY', message: 'the message is empty', extendedText: false });
  // Spaces alone are padding to the decoder; extended text keeps them.
  await expect(encrypt('   ', { size: 5 })).rejects.toMatchObject({ code: 'E_EMPTY', extendedText: true });
  const { ciphertext } = await encrypt('   ', { size: 5, extended: true });
  expect(await decrypt(ciphertext)).toMatchObject({ ok: true, text: '   ' });
  expect(await decrypt(parseCiphertext('5\n'))).toEqual({ ok: true, text: '', blocks: 0, table: builtinTable('classic') });
});

test('trailing spaces are padding and are dropped; inner and leading spaces are kept', async () => {
  for (const tableName of TABLES) {
    const table = builtinTable(tableName);
    const { ciphertext } = await encrypt('  a b,.  ', { size: 4, table });
    expect(await decrypt(ciphertext, { table })).toMatchObject({ ok: true, text: '  A B,.' });
  }
});
