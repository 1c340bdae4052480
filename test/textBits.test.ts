import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsToGrids, gridsToBits } from '../src/cipher/blocks.js';
import { BUILTIN_TABLES, builtinTable, parseTable } from '../src/cipher/Table.js';
import type { Table } from '../src/cipher/Table.js';
import { bitsToText, textToBits } from '../src/cipher/textBits.js';
import { BlockError, InputError } from '../src/errors.js';
import { gridRows } from '../src/grid/Puzzle.js';
import { thrown } from './helpers/thrown.js';

const bitString = (bits: ArrayLike<number>) => Array.from(bits).join('');
const classic = builtinTable('classic');
const frequency = builtinTable('frequency');

describe('built-in tables', () => {
  it('classic: space 0, A-Z 1-26, comma 27, full stop 28, padding bit 0', () => {
    expect(classic.name).toBe('classic');
    expect(classic.paddingBit).toBe(0);
    expect(classic.padding).toBe(' ');
    expect(classic.codeOf.size).toBe(29);
    expect(classic.codeOf.get(' ')).toBe(0);
    expect(classic.codeOf.get('A')).toBe(1);
    expect(classic.codeOf.get('Z')).toBe(26);
    expect(classic.codeOf.get(',')).toBe(27);
    expect(classic.codeOf.get('.')).toBe(28);
    expect(classic.symbolOf).toHaveLength(32);
    expect([29, 30, 31].map((c) => classic.symbolOf[c])).toEqual([undefined, undefined, undefined]);
  });

  it('frequency: the paper table 7, padding bit 1, three unused codes', () => {
    expect(frequency.paddingBit).toBe(1);
    const expected: Record<string, string> = {
      ' ': '11111', E: '11110', T: '11101', A: '11011', O: '10111', I: '01111', N: '11100', S: '11001',
      R: '10011', H: '00111', L: '11010', D: '10101', C: '01011', U: '10110', M: '01101', F: '01110',
      G: '11000', P: '10001', Y: '00011', W: '10010', B: '00101', ',': '10100', '.': '01001', V: '01010',
      K: '10000', X: '00001', J: '00010', Q: '00100', Z: '01000',
    };
    expect(frequency.codeOf.size).toBe(29);
    for (const [sym, bits] of Object.entries(expected)) expect(frequency.codeOf.get(sym)).toBe(parseInt(bits, 2));
    const unused = frequency.symbolOf.flatMap((s, code) => (s === undefined ? [code.toString(2).padStart(5, '0')] : []));
    expect(unused).toEqual(['00000', '00110', '01100']);
  });

  it('are cached and listed', () => {
    expect(builtinTable('classic')).toBe(classic);
    expect(BUILTIN_TABLES).toEqual(['classic', 'frequency']);
  });
});

describe('parseTable', () => {
  const good = readFileSync(new URL('../encoders/classic.json', import.meta.url), 'utf8');
  const withCodes = (codes: Record<string, string>, padding = ' ') => JSON.stringify({ name: 't', padding, codes });
  const tableError = (json: string) => {
    const e = thrown(() => parseTable(json, 'my.json'));
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).code).toBe('E_TABLE');
    expect(e.message).not.toContain('\n');
    expect(e.message.startsWith('my.json: ')).toBe(true);
    return e.message;
  };

  it('accepts the shipped file and a small custom table', () => {
    expect(parseTable(good, 'classic.json').codeOf.get('Q')).toBe(17);
    const t = parseTable(withCodes({ _: '11111', '1': '00001', '?': '10000' }, '_'), 'x');
    expect(t.paddingBit).toBe(1);
    expect(t.symbolOf[16]).toBe('?');
  });

  it('rejects bad JSON and bad shapes', () => {
    expect(tableError('{"codes": ')).toMatch(/not valid JSON/);
    expect(tableError('[1]')).toMatch(/expected a JSON object/);
    expect(tableError(JSON.stringify({ padding: ' ' }))).toMatch(/"codes" must be an object/);
    expect(tableError(JSON.stringify({ padding: ' ', codes: { ' ': '00000' }, colour: 1 }))).toMatch(/unknown field "colour"/);
  });

  it('rejects bad keys and codes', () => {
    expect(tableError(withCodes({ ' ': '00000', AB: '00001' }))).toMatch(/code key "AB" must be exactly one character/);
    expect(tableError(withCodes({ ' ': '00000', '': '00001' }))).toMatch(/code key "" must be exactly one character/);
    expect(tableError(withCodes({ ' ': '00000', a: '00001' }))).toMatch(/"a" is a lower-case letter.*use "A"/);
    expect(tableError(withCodes({ ' ': '00000', A: '0001' }))).toMatch(/code of "A" must be a string of exactly 5 bits.*"0001"/);
    expect(tableError(withCodes({ ' ': '00000', A: '0001x' }))).toMatch(/exactly 5 bits/);
    expect(tableError(JSON.stringify({ padding: ' ', codes: { ' ': '00000', A: 1 } }))).toMatch(/found 1$/);
    expect(tableError(withCodes({ ' ': '00000', A: '00001', B: '00001' }))).toMatch(/code 00001 is used by both "A" and "B"/);
  });

  it('rejects a missing, unknown or non-uniform padding symbol', () => {
    expect(tableError(JSON.stringify({ codes: { ' ': '00000' } }))).toMatch(/"padding" must be/);
    expect(tableError(withCodes({ ' ': '00000' }, '_'))).toMatch(/padding symbol "_" is not a key/);
    expect(tableError(withCodes({ ' ': '00100' }))).toMatch(/padding symbol " " has code 00100; expected 00000 or 11111/);
  });
});

describe('textToBits', () => {
  it('HELLO (classic) is the paper vector', () => {
    expect(bitString(textToBits('HELLO', classic))).toBe('0100000101011000110001111');
  });

  it('reads lower case as upper case', () => {
    expect(textToBits('Hello, world.', classic)).toEqual(textToBits('HELLO, WORLD.', classic));
    expect(bitString(textToBits('e', frequency))).toBe('11110');
  });

  it('names an unknown character and its 1-based position', () => {
    const e = thrown(() => textToBits('HI!', classic));
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).code).toBe('E_CHAR');
    expect(e.message).toBe('unknown character "!" (U+0021) at position 3; the classic table carries it in extended text');
  });

  it('escapes invisible characters and counts positions in characters', () => {
    expect(thrown(() => textToBits('AB\nC', classic)).message).toBe('unknown character "\\n" (U+000A) at position 3; the classic table carries it in extended text');
    expect(thrown(() => textToBits('\u0007', classic)).message).toBe(`unknown character "\\u0007" (U+0007) at position 1; the classic table has A-Z (lower case is read as upper case), space, comma and full stop, and in extended text also 0-9, line break, ! " # % & ' ( ) * + - / : ; = ? @`);
    expect(thrown(() => textToBits('A\u00a0B', classic)).message).toBe(`unknown character "\\u00A0" (U+00A0) at position 2; the classic table has A-Z (lower case is read as upper case), space, comma and full stop, and in extended text also 0-9, line break, ! " # % & ' ( ) * + - / : ; = ? @`);
    expect(thrown(() => textToBits('😀A1', classic)).message).toBe(`unknown character "😀" (U+1F600) at position 1; the classic table has A-Z (lower case is read as upper case), space, comma and full stop, and in extended text also 0-9, line break, ! " # % & ' ( ) * + - / : ; = ? @`);
    expect(thrown(() => textToBits('A😀1', classic)).message).toContain('at position 2');
    expect(thrown(() => textToBits('AB1', classic)).message).toBe('unknown character "1" (U+0031) at position 3; the classic table carries it in extended text');
  });

  it("names what the table writes, when extended text would not carry the character either (issue 35, item 15)", () => {
    const plain = parseTable(JSON.stringify({ name: 'tiny', padding: ' ', codes: { ' ': '00000', A: '00001', B: '00010', C: '00011', D: '00100', '-': '00101' } }), 'tiny.json');
    expect(thrown(() => textToBits('AE', plain)).message).toBe('unknown character "E" (U+0045) at position 2; the tiny table has A-D (lower case is read as upper case), space and -');
    const two = parseTable(JSON.stringify({ name: 'two', padding: ' ', codes: { ' ': '00000', A: '00001', B: '00010' } }), 'two.json');
    expect(thrown(() => textToBits('AC', two)).message).toBe('unknown character "C" (U+0043) at position 2; the two table has A, B and space');
    expect(thrown(() => textToBits('A\u0007', classic, { extended: true })).message).toBe(
      'unknown character "\\u0007" (U+0007) at position 2; the classic table in extended text has A-Z (lower case is read as upper case), 0-9, line break, space, comma, full stop and ! " # % & \' ( ) * + - / : ; = ? @',
    );
  });

  it('is empty for the empty message', () => {
    expect(textToBits('', classic)).toHaveLength(0);
  });
});

describe('bitsToText', () => {
  it('decodes HELLO and drops trailing padding and a remainder shorter than 5 bits', () => {
    const bits = Array.from(textToBits('HELLO', classic));
    expect(bitsToText(bits, classic, 25)).toBe('HELLO');
    expect(bitsToText([...bits, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], classic, 36)).toBe('HELLO');
    expect(bitsToText([...bits, 1, 1, 1, 1], classic, 36)).toBe('HELLO');
  });

  it('keeps inner spaces, drops trailing ones (documented loss)', () => {
    expect(bitsToText(textToBits(' A B  ', classic), classic, 36)).toBe(' A B');
    expect(bitsToText(textToBits('  ', frequency), frequency, 36)).toBe('');
  });

  it('reports an unused code with its block and position in that block', () => {
    // classic: 'A' 'B' (10 bits), then 11110 (30, unused) from bit 11; with 4-bit blocks that is block 3, bit 3.
    const bits = [...textToBits('AB', classic), 1, 1, 1, 1, 0];
    const e = thrown(() => bitsToText(bits, classic, 4));
    expect(e).toBeInstanceOf(BlockError);
    expect((e as BlockError).code).toBe('E_BAD_CODE');
    expect((e as BlockError).block).toBe(3);
    expect(e.message).toBe('block 3: unused code 11110 at bit position 3 (character 3)');
    // frequency: 01100 is unused; with n = 6 (36-bit blocks) the 9th code starts at bit 41 = block 2, bit 5.
    const f = [...textToBits('ETAOINSR', frequency), 0, 1, 1, 0, 0];
    const e2 = thrown(() => bitsToText(f, frequency, 36)) as BlockError;
    expect(e2.message).toBe('block 2: unused code 01100 at bit position 5 (character 9)');
    expect(e2.block).toBe(2);
  });

  it('round-trips any message over the alphabet, trailing spaces removed (both tables)', () => {
    const alphabet = ' ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz,.'.split('');
    for (const name of BUILTIN_TABLES) {
      const table: Table = builtinTable(name);
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...alphabet), { maxLength: 120 }).map((a) => a.join('')),
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 1, max: 12 }),
          (m, w, h) => {
            const grids = bitsToGrids(textToBits(m, table), w, h, table.paddingBit);
            const back = bitsToText(gridsToBits(grids), table, w * h);
            expect(back).toBe(m.toUpperCase().replace(/ +$/, ''));
          },
        ),
        { numRuns: 300 },
      );
    }
  });
});

describe('bitsToGrids / gridsToBits', () => {
  it('fills rows left to right, top to bottom, and pads the last block', () => {
    const bits = textToBits('HELLO', classic);
    const grids = bitsToGrids(bits, 4, 3, classic.paddingBit);
    expect(grids).toHaveLength(3);
    expect(gridRows(grids[0]!)).toEqual(['0100', '0001', '0101'].map((r) => r.replace(/0/g, '.').replace(/1/g, '#')));
    expect(gridRows(grids[2]!)).toEqual(['#...', '....', '....']);
    const f = bitsToGrids(bits, 4, 3, 1);
    expect(gridRows(f[2]!)).toEqual(['####', '####', '####']);
    expect(bitString(gridsToBits(grids))).toBe('0100000101011000110001111' + '0'.repeat(11));
  });

  it('gives exactly as many blocks as needed, and none for the empty message', () => {
    expect(bitsToGrids(new Uint8Array(36), 6, 6, 0)).toHaveLength(1);
    expect(bitsToGrids(new Uint8Array(37), 6, 6, 0)).toHaveLength(2);
    expect(bitsToGrids(new Uint8Array(0), 6, 6, 0)).toEqual([]);
    expect(gridsToBits([])).toHaveLength(0);
    expect(() => bitsToGrids(new Uint8Array(1), 0, 6, 0)).toThrow(RangeError);
  });
});
