import { BlockError } from '../errors.js';
import { BUILTIN_TABLES, builtinTable, type Table } from './Table.js';
import { BitsDecoder } from './textBits.js';

/**
 * Which table a ciphertext was written with, found from its bits alone: the bits are decoded
 * under every candidate table at once (by default the built-in ones), and a table drops out
 * at its first unused code. A ciphertext rarely decodes under two tables: the classic table
 * leaves 11110 and 11111 unused (the frequency table's E and space; 11101, its T, is the
 * classic escape and needs an escaped code after it) and pads with 0-bits, while the
 * frequency table leaves 00000 and 01100 unused (the classic space and L) and pads with
 * 1-bits. A short message whose bits fill its blocks to within 4 bits and that avoids those
 * codes can still fit both (the classic "ABCDE" on a 5 x 5 board reads "XJYQB" in the
 * frequency table): then the outcome is
 * `several` and the caller must name the table. Tables that decode the bits to the same text
 * (the empty message, a table file that copies a built-in one) count as one.
 *
 * Fed block by block like `BitsDecoder`: only the texts are kept, never the bits.
 */
export type TableSearchOutcome =
  | { readonly kind: 'found'; readonly table: Table; readonly text: string }
  /** Every table met an unused code: each table's first error. */
  | { readonly kind: 'none'; readonly failures: readonly { readonly table: Table; readonly error: BlockError }[] }
  /** Several tables decode every block, to different texts (in table order). */
  | { readonly kind: 'several'; readonly matches: readonly { readonly table: Table; readonly text: string }[] };

/** The built-in tables, in `BUILTIN_TABLES` order (classic first). */
export function builtinTables(): Table[] {
  return BUILTIN_TABLES.map((name) => builtinTable(name));
}

export class TableSearch {
  private readonly decoders: { readonly table: Table; readonly decoder: BitsDecoder; error?: BlockError }[];

  constructor(tables: readonly Table[], blockBits: number) {
    if (tables.length === 0) throw new RangeError('TableSearch needs at least one table');
    this.decoders = tables.map((table) => ({ table, decoder: new BitsDecoder(table, blockBits) }));
  }

  /** The next bits (a block's cells, in order). */
  push(bits: ArrayLike<number>): void {
    for (const d of this.decoders) {
      if (d.error) continue;
      try {
        d.decoder.push(bits);
      } catch (e) {
        if (!(e instanceof BlockError)) throw e;
        d.error = e;
      }
    }
  }

  finish(): TableSearchOutcome {
    const matches: { table: Table; text: string }[] = [];
    for (const d of this.decoders) {
      if (d.error) continue;
      try {
        const text = d.decoder.finish();
        if (!matches.some((m) => m.text === text)) matches.push({ table: d.table, text });
      } catch (e) {
        if (!(e instanceof BlockError)) throw e;
        d.error = e;
      }
    }
    if (matches.length === 1) return { kind: 'found', ...matches[0]! };
    if (matches.length > 1) return { kind: 'several', matches };
    return { kind: 'none', failures: this.decoders.map((d) => ({ table: d.table, error: d.error! })) };
  }
}

/** Searches whole bits at once (`TableSearch` fed once). */
export function searchTables(bits: ArrayLike<number>, blockBits: number, tables: readonly Table[] = builtinTables()): TableSearchOutcome {
  const search = new TableSearch(tables, blockBits);
  search.push(bits);
  return search.finish();
}
