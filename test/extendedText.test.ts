// Extended text (escape codes) and finding the table from the bits: unit cases and the
// round-trip properties (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsToGrids, gridsToBits } from '../src/cipher/blocks.js';
import { builtinTable, parseTable, type Table } from '../src/cipher/Table.js';
import { TableSearch, searchTables } from '../src/cipher/TableSearch.js';
import { bitsToText, textToBits } from '../src/cipher/textBits.js';
import { BlockError, InputError } from '../src/errors.js';
import { readMessageText } from '../src/formats/messageText.js';
import { thrown } from './helpers/thrown.js';

const bitString = (bits: ArrayLike<number>) => Array.from(bits).join('');
const classic = builtinTable('classic');
const frequency = builtinTable('frequency');
const tables: Table[] = [classic, frequency];

/** The escaped symbols of the built-in tables, in code order. */
const ESCAPED = [...'0123456789', '\n', ...'?!\'"-:;()/&+=%@#*', ' '];
const PLAIN = [...' ABCDEFGHIJKLMNOPQRSTUVWXYZ,.'];
const LOWER = [...'abcdefghijklmnopqrstuvwxyz'];

/** The bits a ciphertext's blocks hold: the message's bits padded to whole blocks. */
function blockBits(text: string, table: Table, w: number, h: number, extended = false): Uint8Array {
  return gridsToBits(bitsToGrids(textToBits(text, table, { extended }), w, h, table.paddingBit));
}

describe('the escape tables', () => {
  it('both built-in tables carry the same 29 escaped symbols after an unused escape code', () => {
    expect(classic.escape).toBe(0b11101);
    expect(frequency.escape).toBe(0b00110);
    for (const t of tables) {
      expect(t.symbolOf[t.escape!]).toBeUndefined();
      expect(t.escapedSymbolOf.slice(0, 29)).toEqual(ESCAPED);
      expect(t.escapedSymbolOf.slice(29)).toEqual([undefined, undefined, undefined]);
    }
  });

  it('parseTable checks escape and escaped, and accepts a byte-order mark', () => {
    const base = { name: 't', padding: ' ', codes: { ' ': '00000', A: '00001' } };
    const err = (obj: object) => {
      const e = thrown(() => parseTable(JSON.stringify(obj), 'my.json'));
      expect((e as InputError).code).toBe('E_TABLE');
      return e.message;
    };
    expect(err({ ...base, escape: '11111' })).toMatch(/"escape" and "escaped" go together/);
    expect(err({ ...base, escape: '00001', escaped: { '1': '00000' } })).toMatch(/"escape" code 00001 is the code of "A"; it must be a code the table does not use/);
    expect(err({ ...base, escape: '1111', escaped: { '1': '00000' } })).toMatch(/"escape" must be a string of exactly 5 bits/);
    expect(err({ ...base, escape: '11111', escaped: { A: '00000' } })).toMatch(/escaped symbol "A" has a code of its own/);
    expect(err({ ...base, escape: '11111', escaped: { '1': '00000', '2': '00000' } })).toMatch(/escaped code 00000 is used by both "1" and "2"/);
    expect(err({ ...base, escape: '11111', escaped: [] })).toMatch(/"escaped" must be an object/);
    const t = parseTable('\uFEFF' + JSON.stringify({ ...base, escape: '11111', escaped: { ' ': '00001', '1': '00000' } }), 'bom.json');
    expect(t.escape).toBe(31);
    expect(t.escapedCodeOf.get(' ')).toBe(1);
    expect(parseTable('\uFEFF' + JSON.stringify(base), 'bom.json').escape).toBeUndefined();
  });
});

describe('extended text', () => {
  it('writes a symbol the table lacks as the escape code and its code; the paper vector is unchanged', () => {
    expect(bitString(textToBits('HELLO', classic, { extended: true }))).toBe('0100000101011000110001111');
    expect(bitString(textToBits('A1', classic, { extended: true }))).toBe('00001' + '11101' + '00001');
    expect(bitString(textToBits('A\n', frequency, { extended: true }))).toBe('11011' + '00110' + '01010');
    // Trailing spaces are kept, escaped; inner ones are plain.
    expect(bitString(textToBits('A A ', classic, { extended: true }))).toBe('00001' + '00000' + '00001' + '11101' + '11100');
  });

  it('without it, a symbol of the escape table is an error that says extended text carries it', () => {
    const e = thrown(() => textToBits('ROOM 4B', classic));
    expect((e as InputError).code).toBe('E_CHAR');
    expect(e.message).toBe('unknown character "4" (U+0034) at position 6; the classic table carries it in extended text');
    expect(thrown(() => textToBits('€', classic, { extended: true })).message).toMatch(/^unknown character "€" \(U\+20AC\) at position 1; the classic table in extended text has A-Z /);
    const plain = parseTable(JSON.stringify({ name: 'plain', padding: ' ', codes: { ' ': '00000', A: '00001' } }), 'plain.json');
    expect(thrown(() => textToBits('A', plain, { extended: true })).message).toMatch(/table "plain" has no escape code/);
  });

  it('decoding names an unused escaped code and an escape with nothing after it', () => {
    const unused = [...textToBits('AB', classic), 1, 1, 1, 0, 1, 1, 1, 1, 0, 1];
    const e = thrown(() => bitsToText(unused, classic, 36)) as BlockError;
    expect(e.code).toBe('E_BAD_CODE');
    expect(e.message).toBe('block 1: unused escaped code 11101 after the escape at bit position 16 (character 3)');
    const dangling = thrown(() => bitsToText([...textToBits('AB', classic), 1, 1, 1, 0, 1, 0, 0], classic, 12)) as BlockError;
    expect(dangling.message).toBe('block 1: escape code 11101 with no code after it at bit position 11 (character 3)');
    expect(dangling.block).toBe(1);
  });

  it('round-trips any text over both alphabets exactly, up to lower case read as upper (both tables, any board)', () => {
    const unit = fc.oneof(fc.constantFrom(...PLAIN), fc.constantFrom(...LOWER), fc.constantFrom(...ESCAPED));
    fc.assert(
      fc.property(
        fc.constantFrom(...tables),
        fc.array(unit, { maxLength: 150 }).map((a) => a.join('')),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        (table, m, w, h) => {
          expect(bitsToText(blockBits(m, table, w, h, true), table, w * h)).toBe(m.toUpperCase());
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('is the plain encoding, bit for bit, for text over the paper alphabet without trailing spaces', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tables),
        fc.array(fc.constantFrom(...PLAIN, ...LOWER), { maxLength: 100 }).map((a) => a.join('').replace(/ +$/, '')),
        (table, m) => {
          expect(textToBits(m, table, { extended: true })).toEqual(textToBits(m, table));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('finding the table from the bits', () => {
  it('ABCDE on a 5 x 5 board fits both tables; on 6 x 6 only classic (its padding)', () => {
    const five = searchTables(blockBits('ABCDE', classic, 5, 5), 25);
    expect(five).toMatchObject({ kind: 'several', matches: [{ table: classic, text: 'ABCDE' }, { table: frequency, text: 'XJYQB' }] });
    expect(searchTables(blockBits('ABCDE', classic, 6, 6), 36)).toMatchObject({ kind: 'found', table: classic, text: 'ABCDE' });
  });

  it('names what stopped each table when none fits', () => {
    const r = searchTables([1, 1, 1, 1, 0, 0, 0, 0, 0, 0], 10);
    expect(r.kind).toBe('none');
    if (r.kind !== 'none') return;
    expect(r.failures.map((f) => `${f.table.name}: ${f.error.message}`)).toEqual([
      'classic: block 1: unused code 11110 at bit position 1 (character 1)',
      'frequency: block 1: unused code 00000 at bit position 6 (character 2)',
    ]);
  });

  it('the empty message fits every table, as one text', () => {
    expect(searchTables([], 25)).toEqual({ kind: 'found', table: classic, text: '' });
  });

  it('a ciphertext always fits its own table; when it is the only fit, that is the one found (plain and extended, fed block by block)', () => {
    const text = fc.array(fc.oneof(fc.constantFrom(...PLAIN), fc.constantFrom(...ESCAPED)), { maxLength: 60 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.constantFrom(...tables), text, fc.boolean(), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), (table, raw, extended, w, h) => {
        const m = extended ? raw : raw.replace(/[^ A-Z,.]/g, '').replace(/ +$/, '');
        const bits = blockBits(m, table, w, h, extended);
        const search = new TableSearch(tables, w * h);
        for (let at = 0; at < bits.length; at += w * h) search.push(bits.subarray(at, at + w * h));
        const r = search.finish();
        if (r.kind === 'found') expect(r.text).toBe(m);
        else {
          expect(r.kind).toBe('several');
          if (r.kind === 'several') expect(r.matches.find((x) => x.table === table)?.text).toBe(m);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('readMessageText', () => {
  it('drops a byte-order mark and one final line break, and reads CRLF and CR as line breaks', () => {
    expect(readMessageText('\uFEFFHELLO\r\n')).toBe('HELLO');
    expect(readMessageText('A\r\nB\rC\n\n')).toBe('A\nB\nC\n');
    expect(readMessageText('A B  ')).toBe('A B  ');
    expect(readMessageText('')).toBe('');
    expect(readMessageText('\uFEFF')).toBe('');
  });
});
