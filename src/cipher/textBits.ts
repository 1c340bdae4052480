import { BlockError, InputError, MessageError } from '../errors.js';
import type { Table } from './Table.js';

/**
 * Text <-> bits (SPEC sections 1 and 2). Each symbol becomes its 5-bit code, most significant
 * bit first; lower-case letters are read as upper-case and any other character outside the
 * table is an error naming it and its 1-based position (counted in characters, i.e. Unicode
 * code points). Decoding reads 5 bits at a time, drops a final remainder shorter than 5 bits
 * and then drops trailing padding symbols (for both built-in tables the space): a message
 * whose own last characters are spaces loses them.
 *
 * Extended text (`extended`, for a table with an escape, see Table.ts): a character the table
 * has no code for is written as the escape code followed by its escaped code, and the
 * message's trailing padding symbols are written escaped, so that nothing is lost: decoding
 * gives the message back exactly, up to lower case read as upper case. The decoder always
 * reads escapes when the table has one (the escape code is unused in plain text), so the
 * receiver needs no flag. Without `extended`, encoding is the paper's, bit for bit.
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

/** Names for symbols a list would otherwise show as blanks or as list punctuation. */
const SYMBOL_NAMES: Readonly<Record<string, string>> = { ' ': 'space', '\n': 'line break', ',': 'comma', '.': 'full stop' };

/**
 * What a table can write, for an error about a character it cannot: ranges of three or more
 * consecutive letters or digits (`A-Z`, `0-9`), then the named symbols, then the rest, and,
 * without extended text, what extended text would add: "the classic table has A-Z (lower case
 * is read as upper case), space, comma and full stop, and in extended text also 0-9, line
 * break, ! ...".
 */
export function alphabetOf(table: Table, extended: boolean): string {
  const plain = [...table.codeOf.keys()];
  const escaped = [...table.escapedCodeOf.keys()].filter((c) => !table.codeOf.has(c));
  const base = `the ${table.name} table ${extended && escaped.length ? 'in extended text ' : ''}has ${listSymbols(extended ? [...plain, ...escaped] : plain)}`;
  return !extended && escaped.length ? `${base}, and in extended text also ${listSymbols(escaped, false)}` : base;
}

function listSymbols(symbols: readonly string[], last = true): string {
  const sorted = [...new Set(symbols)].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
  const ranges: string[] = [];
  const named: string[] = [];
  const other: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    const ch = sorted[i]!;
    if (/[\p{L}\p{Nd}]/u.test(ch)) {
      let j = i + 1;
      while (j < sorted.length && sorted[j]!.codePointAt(0) === ch.codePointAt(0)! + (j - i) && /[\p{L}\p{Nd}]/u.test(sorted[j]!)) j++;
      if (j - i < 3) j = i + 1;
      const shown = j - i >= 3 ? `${ch}-${sorted[j - 1]}` : ch;
      ranges.push(/[A-Z]/.test(ch) && j - i >= 3 ? `${shown} (lower case is read as upper case)` : shown);
      i = j;
      continue;
    }
    if (SYMBOL_NAMES[ch]) named.push(SYMBOL_NAMES[ch]);
    else other.push(/^[\p{C}\p{Z}]$/u.test(ch) ? describeChar(ch) : ch);
    i++;
  }
  // Letters before digits, as an alphabet is read (a stable sort keeps each in code order).
  ranges.sort((a, b) => Number(/^\p{Nd}/u.test(a)) - Number(/^\p{Nd}/u.test(b)));
  const items = [...ranges, ...named, ...(other.length ? [other.join(' ')] : [])];
  return last && items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items.join(', ');
}

export interface TextBitsOptions {
  /** Extended text: escaped symbols allowed, trailing padding kept (see above). Default false. */
  readonly extended?: boolean;
}

export function textToBits(text: string, table: Table, options: TextBitsOptions = {}): Uint8Array {
  const extended = options.extended === true;
  if (extended && table.escape === undefined) {
    throw new InputError('E_TABLE', `table ${JSON.stringify(table.name)} has no escape code, so it cannot carry extended text`);
  }
  const symbols = [...text];
  // Trailing padding symbols from here on are kept (escaped) in extended text.
  let keptFrom = symbols.length;
  if (extended && table.escapedCodeOf.has(table.padding)) while (keptFrom > 0 && symbols[keptFrom - 1] === table.padding) keptFrom--;
  const codes: number[] = [];
  symbols.forEach((ch, i) => {
    if (i >= keptFrom) {
      codes.push(table.escape!, table.escapedCodeOf.get(ch)!);
      return;
    }
    // Upper case only for a symbol the table lacks as written (a string per character of a
    // long message otherwise).
    const direct = table.codeOf.get(ch);
    if (direct !== undefined) {
      codes.push(direct);
      return;
    }
    const upper = ch.toUpperCase();
    const code = table.codeOf.get(upper);
    if (code !== undefined) {
      codes.push(code);
      return;
    }
    const escaped = table.escapedCodeOf.get(ch) ?? table.escapedCodeOf.get(upper);
    if (extended && escaped !== undefined) {
      codes.push(table.escape!, escaped);
      return;
    }
    const hint = escaped !== undefined ? `; the ${table.name} table carries it in extended text` : `; ${alphabetOf(table, extended)}`;
    throw new MessageError('E_CHAR', `unknown character ${describeChar(ch)} at position ${i + 1}${hint}`, escaped !== undefined);
  });
  const bits = new Uint8Array(codes.length * CODE_BITS);
  codes.forEach((code, i) => {
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
  /** Where the pending escape code started (bit index), or -1 outside an escape. */
  private escapeAt = -1;
  /** UTF-16 length of the plain padding symbols that end the text so far (dropped by `finish`). */
  private trailing = 0;
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

  private fail(start: number, what: string): never {
    const block = Math.floor(start / this.blockBits) + 1;
    const position = (start % this.blockBits) + 1;
    throw new BlockError('E_BAD_CODE', `block ${block}: ${what} at bit position ${position} (character ${this.chars + 1})`, block);
  }

  push(bits: ArrayLike<number>): void {
    for (let i = 0; i < bits.length; i++, this.bitIndex++) {
      this.code = (this.code << 1) | (bits[i] ? 1 : 0);
      if (++this.pending < CODE_BITS) continue;
      const start = this.bitIndex - CODE_BITS + 1;
      let symbol: string | undefined;
      if (this.escapeAt >= 0) {
        symbol = this.table.escapedSymbolOf[this.code];
        if (symbol === undefined) this.fail(start, `unused escaped code ${binary(this.code)} after the escape`);
        this.escapeAt = -1;
        this.trailing = 0;
      } else if (this.code === this.table.escape) {
        this.escapeAt = start;
        this.code = 0;
        this.pending = 0;
        continue;
      } else {
        symbol = this.table.symbolOf[this.code];
        if (symbol === undefined) this.fail(start, `unused code ${binary(this.code)}`);
        this.trailing = symbol === this.table.padding ? this.trailing + symbol.length : 0;
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

  /**
   * The text so far without its trailing (plain) padding symbols; a final remainder under 5
   * bits is dropped. An escape code with no whole code after it is an error.
   */
  finish(): string {
    if (this.escapeAt >= 0) this.fail(this.escapeAt, `escape code ${binary(this.table.escape!)} with no code after it`);
    const text = this.parts.join('') + this.current.join('');
    return text.slice(0, text.length - this.trailing);
  }
}

/** A 5-bit code as written in tables and errors: `01101`. */
function binary(code: number): string {
  return code.toString(2).padStart(CODE_BITS, '0');
}
