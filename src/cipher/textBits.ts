import { BlockError, InputError } from '../errors.js';
import type { Table } from './Table.js';

/**
 * Text <-> bits (SPEC sections 1 and 2). Each symbol becomes its 5-bit code, most significant
 * bit first; lower-case letters are read as upper-case and any other character outside the
 * table is an error naming it and its 1-based position (counted in characters, i.e. Unicode
 * code points). Decoding reads 5 bits at a time, drops a final remainder shorter than 5 bits
 * and then drops trailing padding symbols (for both built-in tables the space): a message
 * whose own last characters are spaces loses them.
 */

const CODE_BITS = 5;

/** A character as it appears in an error message: quoted, with invisible characters escaped. */
export function describeChar(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '"': '\\"', '\\': '\\\\' };
  let shown = named[ch];
  if (shown === undefined) {
    const hex = cp.toString(16).toUpperCase();
    const escaped = cp > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
    shown = /^[\p{C}\p{Z}]$/u.test(ch) && ch !== ' ' ? escaped : ch;
  }
  return `"${shown}" (U+${cp.toString(16).toUpperCase().padStart(4, '0')})`;
}

export function textToBits(text: string, table: Table): Uint8Array {
  const symbols = [...text];
  const bits = new Uint8Array(symbols.length * CODE_BITS);
  symbols.forEach((ch, i) => {
    const code = table.codeOf.get(ch) ?? table.codeOf.get(ch.toUpperCase());
    if (code === undefined) {
      throw new InputError('E_CHAR', `unknown character ${describeChar(ch)} at position ${i + 1}`);
    }
    for (let b = 0; b < CODE_BITS; b++) bits[i * CODE_BITS + b] = (code >> (CODE_BITS - 1 - b)) & 1;
  });
  return bits;
}

/**
 * `blockBits` (W*H) only serves error messages: an unused code is reported by the block that
 * holds its first bit and its 1-based bit position inside that block.
 */
export function bitsToText(bits: ArrayLike<number>, table: Table, blockBits: number): string {
  const decoder = new BitsDecoder(table, blockBits);
  decoder.push(bits);
  return decoder.finish();
}

/**
 * The same, fed block by block (for long ciphertexts: only the text is kept, never the bits
 * of every block). Bits left over at a block's end carry into the next block.
 */
export class BitsDecoder {
  private code = 0;
  private pending = 0;
  private bitIndex = 0;
  private chars = 0;
  // Symbols of the current chunk, joined into one flat string every 4096 symbols (appending
  // one character at a time to a string would keep a rope of one-character nodes alive).
  private readonly parts: string[] = [];
  private readonly current: string[] = [];

  constructor(
    private readonly table: Table,
    private readonly blockBits: number,
  ) {
    if (!Number.isInteger(blockBits) || blockBits < 1) throw new RangeError(`blockBits must be a positive integer, got ${blockBits}`);
  }

  push(bits: ArrayLike<number>): void {
    for (let i = 0; i < bits.length; i++, this.bitIndex++) {
      this.code = (this.code << 1) | (bits[i] ? 1 : 0);
      if (++this.pending < CODE_BITS) continue;
      const symbol = this.table.symbolOf[this.code];
      if (symbol === undefined) {
        const start = this.bitIndex - CODE_BITS + 1;
        const block = Math.floor(start / this.blockBits) + 1;
        const position = (start % this.blockBits) + 1;
        const shown = this.code.toString(2).padStart(CODE_BITS, '0');
        throw new BlockError(
          'E_BAD_CODE',
          `block ${block}: unused code ${shown} at bit position ${position} (character ${this.chars + 1})`,
          block,
        );
      }
      this.current.push(symbol);
      if (this.current.length >= 4096) {
        this.parts.push(this.current.join(''));
        this.current.length = 0;
      }
      this.chars++;
      this.code = 0;
      this.pending = 0;
    }
  }

  /** The text so far without its trailing padding symbols (a final remainder under 5 bits is dropped). */
  finish(): string {
    const text = this.parts.join('') + this.current.join('');
    let end = text.length;
    while (end > 0 && text[end - 1] === this.table.padding) end--;
    return text.slice(0, end);
  }
}
