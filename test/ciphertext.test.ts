import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsToGrids } from '../src/cipher/blocks.js';
import { builtinTable } from '../src/cipher/Table.js';
import { textToBits } from '../src/cipher/textBits.js';
import { NonocryptError, ParseError, type ErrorCode } from '../src/errors.js';
import {
  formatCiphertext,
  formatClueLine,
  parseCiphertext,
  parseCiphertextLines,
  parseCiphertextLinesAsync,
} from '../src/formats/ciphertext.js';
import type { CipherBlock, Ciphertext } from '../src/formats/ciphertext.js';
import {
  formatAnnotation,
  formatClue,
  numberToSymbol,
  parseAnnotation,
  parseClueGroup,
  symbolToNumber,
} from '../src/formats/symbols.js';
import type { Fail } from '../src/formats/symbols.js';
import type { Puzzle } from '../src/grid/Puzzle.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';

const classic = builtinTable('classic');

const SPEC_FILE = `6
22,11,21,1,2,1,11,4,0,11,32,0
X
11,2,12,12,121,2,5,1,3,4,11,1
52
21,11,1,0,12,11,12,2,1,12,2,0
23
`;

function puzzlesOf(text: string, w: number, h: number): Puzzle[] {
  return bitsToGrids(textToBits(text, classic), w, h, classic.paddingBit).map(puzzleOf);
}

/** The error a parse throws (fails the test when it throws none, or not a NonocryptError of that code). */
function errorOf<E extends NonocryptError = ParseError>(text: string, code: ErrorCode = 'E_PARSE', source?: string): E {
  try {
    parseCiphertext(text, source);
  } catch (e) {
    expect(e).toBeInstanceOf(NonocryptError);
    expect((e as NonocryptError).code).toBe(code);
    if (code === 'E_PARSE') expect(e).toBeInstanceOf(ParseError);
    expect((e as Error).message).not.toContain('\n');
    return e as E;
  }
  throw new Error(`expected an error for ${JSON.stringify(text)}`);
}
const parseError = (text: string, source?: string): ParseError => errorOf(text, 'E_PARSE', source);

const failAt: Fail = (message, offset) => {
  throw new Error(`${offset}: ${message}`);
};

describe('symbols', () => {
  it('maps numbers 0..35 to 0-9, A-Z and back', () => {
    expect([0, 9, 10, 12, 35].map(numberToSymbol)).toEqual(['0', '9', 'A', 'C', 'Z']);
    expect(() => numberToSymbol(36)).toThrow(RangeError);
    expect(['0', 'Z', 'a', '!', 'AB'].map(symbolToNumber)).toEqual([0, 35, undefined, undefined, undefined]);
  });

  it('formats clues compactly, and in decimal above 35', () => {
    expect(formatClue([1, 3, 2])).toBe('132');
    expect(formatClue([12])).toBe('C');
    expect(formatClue([])).toBe('0');
    expect(formatClue([35, 1])).toBe('Z1');
    expect(formatClue([12, 40, 3])).toBe('12 40 3');
    expect(formatClue([40])).toBe('040');
  });

  it('formats annotations in row-major order', () => {
    expect(formatAnnotation([], 6)).toBe('X');
    expect(formatAnnotation([2 + 3 * 6, 5 + 2 * 6], 6)).toBe('5223');
    expect(formatAnnotation([40 * 50 + 12, 7 * 50 + 3], 50)).toBe('3 7 12 40');
  });

  it('parses clue groups', () => {
    expect(parseClueGroup(' 132 ', failAt)).toEqual([1, 3, 2]);
    expect(parseClueGroup('', failAt)).toEqual([]);
    expect(parseClueGroup(' 0', failAt)).toEqual([]);
    expect(parseClueGroup('Z1', failAt)).toEqual([35, 1]);
    expect(parseClueGroup('12 40  3', failAt)).toEqual([12, 40, 3]);
    expect(parseClueGroup('040', failAt)).toEqual([40]);
    expect(() => parseClueGroup(' 1a', failAt)).toThrow(/^2: lower-case symbol "a"/);
    expect(() => parseClueGroup('20', failAt)).toThrow(/^1: run of 0 inside the clue "20"/);
    expect(() => parseClueGroup('1 0', failAt)).toThrow(/^2: run "0" inside the clue "1 0"/);
    expect(() => parseClueGroup('1 1234567', failAt)).toThrow(/^2: number "1234567" is too large/);
  });

  it('parses annotations', () => {
    expect(parseAnnotation('X', failAt)).toEqual([]);
    expect(parseAnnotation('5204', failAt).map((c) => [c.x, c.y])).toEqual([[5, 2], [0, 4]]);
    expect(parseAnnotation('X5', failAt).map((c) => [c.x, c.y])).toEqual([[33, 5]]);
    expect(parseAnnotation(' 12 40 3 7', failAt).map((c) => [c.x, c.y, c.offset])).toEqual([[12, 40, 1], [3, 7, 7]]);
    expect(() => parseAnnotation('523', failAt)).toThrow(/odd count of 3 symbols/);
    expect(() => parseAnnotation('1 2 3', failAt)).toThrow(/^4: odd count of 3 numbers/);
    expect(() => parseAnnotation('', failAt)).toThrow(/empty annotation line/);
  });
});

describe('the paper vectors', () => {
  it('HELLO with n = 5 gives 0,13,4,1,11,1,11,2,2,4', () => {
    const bits = textToBits('HELLO', classic);
    expect(formatClueLine(puzzleOf(makeGrid(5, 5, bits)))).toBe('0,13,4,1,11,1,11,2,2,4');
    expect(formatClueLine(puzzlesOf('HELLO', 5, 5)[0]!)).toBe('0,13,4,1,11,1,11,2,2,4');
  });

  it('the SPEC section 5 file parses to the clues of TO BE, OR NOT TO BE. and round-trips', () => {
    const c = parseCiphertext(SPEC_FILE);
    expect(c.width).toBe(6);
    expect(c.height).toBe(6);
    expect(c.blocks).toHaveLength(3);
    expect(c.blocks.map((b) => b.puzzle)).toEqual(puzzlesOf('TO BE, OR NOT TO BE.', 6, 6));
    expect(c.blocks.map((b) => b.annotation)).toEqual([[], [5 + 2 * 6], [2 + 3 * 6]]);
    expect(c.blocks[1]!.puzzle.cols[4]).toEqual([1, 2, 1]);
    expect(formatCiphertext(c)).toBe(SPEC_FILE);
  });

  it('builds the same file from the message', () => {
    const annotations = [[], [17], [20]];
    const blocks: CipherBlock[] = puzzlesOf('TO BE, OR NOT TO BE.', 6, 6).map((puzzle, i) => ({ puzzle, annotation: annotations[i]! }));
    expect(formatCiphertext({ width: 6, height: 6, blocks })).toBe(SPEC_FILE);
  });
});

describe('lenient where the SPEC says so', () => {
  it('accepts CRLF, trailing blank lines, whitespace around groups, empty groups, unsorted annotations', () => {
    const crlf = SPEC_FILE.replace(/\n/g, '\r\n') + '\r\n  \r\n';
    expect(parseCiphertext(crlf)).toEqual(parseCiphertext(SPEC_FILE));
    const loose = `6\n 22 , 11,21,1,2,1,11,4,,11,32,\nX\n11,2,12,12,121,2,5,1,3,4,11,1\n 52 \n21,11,1,0,12,11,12,2,1,12,2,0\n2352`;
    const c = parseCiphertext(loose);
    expect(c.blocks[0]!.puzzle).toEqual(parseCiphertext(SPEC_FILE).blocks[0]!.puzzle);
    expect(c.blocks[2]!.annotation).toEqual([5 + 2 * 6, 2 + 3 * 6]);
  });

  it('accepts a header-only file (the empty message) and writes it back', () => {
    const c = parseCiphertext('4\n');
    expect(c).toEqual({ width: 4, height: 4, blocks: [] });
    expect(formatCiphertext(c)).toBe('4\n');
    expect(parseCiphertext('4').blocks).toEqual([]);
  });

  it('does not check that row and column totals agree (that is the solver verdict)', () => {
    expect(parseCiphertext('2\n2,2,0,0\nX\n').blocks[0]!.puzzle.rows).toEqual([[], []]);
  });
});

describe('extensions: W H header and decimal numbers', () => {
  it('round-trips a rectangular board', () => {
    const puzzles = puzzlesOf('TO BE, OR NOT TO BE.', 7, 4);
    const c: Ciphertext = { width: 7, height: 4, blocks: puzzles.map((puzzle) => ({ puzzle, annotation: [3, 27] })) };
    const text = formatCiphertext(c);
    expect(text.startsWith('7 4\n')).toBe(true);
    expect(text.split('\n')[1]!.split(',')).toHaveLength(11);
    expect(text.split('\n')[2]).toBe('3063');
    expect(parseCiphertext(text)).toEqual(c);
  });

  it('round-trips a 41x41 board with a run of 41, a run of 40, and an annotation at (12, 40)', () => {
    const n = 41;
    const grid = makeGrid(n, n);
    for (let x = 0; x < n; x++) grid.cells[x] = 1; // row 0: one run of 41
    for (let y = 1; y < n; y++) grid.cells[y * n] = 1; // column 0 gets 41 with row 0
    for (let y = 1; y <= 40; y++) grid.cells[y * n + 40] = y === 20 ? 0 : 1; // column 40: 20, 20 with row 0
    grid.cells[40 * n + 12] = 1;
    grid.cells[40 * n + 3] = 1;
    const puzzle = puzzleOf(grid);
    const c: Ciphertext = { width: n, height: n, blocks: [{ puzzle, annotation: [7 * n + 0, 40 * n + 12] }] };
    const text = formatCiphertext(c);
    const [header, clues, annotation] = text.split('\n');
    expect(header).toBe('41');
    const groups = clues!.split(',');
    expect(groups[0]).toBe('041');
    expect(groups[40]).toBe('KK');
    expect(groups[n]).toBe('041');
    expect(groups[n + 40]).toBe('1111');
    expect(annotation).toBe('0 7 12 40');
    expect(parseCiphertext(text)).toEqual(c);
    expect(formatCiphertext(parseCiphertext(text))).toBe(text);
  });

  it('reads a decimal group next to compact ones', () => {
    const c = parseCiphertext('40 1\n' + '1,'.repeat(40) + '12 20 3\n12 0 3 0\n');
    expect(c.blocks[0]!.puzzle.rows).toEqual([[12, 20, 3]]);
    expect(c.blocks[0]!.annotation).toEqual([3, 12]);
  });

  it('property: formatted ciphertexts of random pictures parse back to the same puzzles', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 45 }),
        fc.integer({ min: 1, max: 45 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        (w, h, density, seed) => {
          let s = seed >>> 0;
          const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
          const grid = makeGrid(w, h);
          const given: number[] = [];
          for (let i = 0; i < w * h; i++) {
            grid.cells[i] = rand() < density ? 1 : 0;
            if (grid.cells[i] && rand() < 0.05) given.push(i);
          }
          const c: Ciphertext = { width: w, height: h, blocks: [{ puzzle: puzzleOf(grid), annotation: given }] };
          const text = formatCiphertext(c);
          expect(parseCiphertext(text)).toEqual(c);
          expect(formatCiphertext(parseCiphertext(text))).toBe(text);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('parse errors name line, column and block', () => {
  const at = (e: ParseError) => [e.line, e.column];

  it('header', () => {
    let e = parseError('');
    expect(at(e)).toEqual([1, 1]);
    expect(e.message).toBe('1:1: header: expected the board side "n" or "W H" on line 1, found an empty file');
    e = parseError('\n6\n');
    expect(e.message).toBe('1:1: header: expected the board side "n" or "W H" on line 1, found an empty line');
    e = parseError('six\nX\n');
    expect(at(e)).toEqual([1, 1]);
    expect(e.message).toBe('1:1: header: expected the board side "n" or "W H" as decimal numbers, found "six"');
    e = parseError('6 6 6\n');
    expect(at(e)).toEqual([1, 5]);
    expect(e.message).toMatch(/found a third field "6"$/);
    e = parseError('22,11,21,1,2,1,11,4,0,11,32,0\nX\n', 'msg.txt');
    expect(e.message).toBe('msg.txt:1:1: header: expected the board side "n" or "W H" as decimal numbers, found "22,11,21,1,2,1,11,4,0,11,32,0"');
    expect(e.source).toBe('msg.txt');
  });

  it('header: a side out of range is E_SIZE and says the number as written', () => {
    expect(errorOf('  1001\n', 'E_SIZE').message).toBe('1:3: header: board side "1001" is out of range; expected a whole number from 1 to 1000');
    // Never reformatted: not 1e+20, and leading zeros kept.
    expect(errorOf('99999999999999999999\n', 'E_SIZE').message).toBe(
      '1:1: header: board side "99999999999999999999" is out of range; expected a whole number from 1 to 1000',
    );
    expect(errorOf('5 0000\n', 'E_SIZE').message).toMatch(/^1:3: header: board side "0000" is out of range/);
    expect(parseCiphertext('007\n').width).toBe(7);
  });

  it('wrong group count', () => {
    let e = parseError('6\n22,11,21,1,2,1,11,4,0,11,32\nX\n');
    expect(e.message).toBe('2:28: block 1: expected 12 groups (6 column clues, 6 row clues), found 11');
    e = parseError(SPEC_FILE + '1,1,1,1,1,1,1,1,1,1,1,1,1\nX\n');
    expect(e.message).toBe('8:25: block 4: expected 12 groups (6 column clues, 6 row clues), found 13');
  });

  it('bad symbols, zero runs, numbers too large', () => {
    let e = parseError('6\n22,11,21,1,2,1,11,4,0,11,3?,0\nX\n');
    expect(e.message).toBe('2:27: block 1, row clue 5: bad symbol "?"; expected one symbol per run, 1-9 or A-Z');
    e = parseError('6\n22,11,21,1,2,1,11,4,0,1b,32,0\nX\n');
    expect(at(e)).toEqual([2, 24]);
    expect(e.message).toMatch(/block 1, row clue 4: lower-case symbol "b"/);
    e = parseError('6\n22,11,21,1,2,1,11,4,0,11,30,0\nX\n');
    expect(at(e)).toEqual([2, 27]);
    expect(e.message).toMatch(/row clue 5: run of 0 inside the clue "30"/);
    e = parseError('6\n22,11,21,1,2,1 0,11,4,0,11,32,0\nX\n');
    expect(at(e)).toEqual([2, 16]);
    expect(e.message).toBe('2:16: block 1, column clue 6: run "0" inside the clue "1 0"; runs of a clue with several runs are at least 1');
    e = parseError('6\n1234567 1,11,21,1,2,1,11,4,0,11,32,0\nX\n');
    expect(e.message).toBe('2:1: block 1, column clue 1: number "1234567" is too large (more than 6 digits)');
    e = parseError('6\n1x 1,11,21,1,2,1,11,4,0,11,32,0\nX\n');
    expect(e.message).toBe('2:1: block 1, column clue 1: expected decimal numbers separated by spaces in a clue, found "1x"');
  });

  it('control characters in a token are escaped: the message stays one line', () => {
    let e = parseError('6\n22,11,21,1,2,1,11,4,0,11,3\u00001,0\nX\n');
    expect(e.message).toBe('2:27: block 1, row clue 5: bad symbol "\\u0000"; expected one symbol per run, 1-9 or A-Z');
    e = parseError('6\r7\n');
    expect(e.message).toBe('1:1: header: expected the board side "n" or "W H" as decimal numbers, found "6\\r7"');
    e = parseError('6\n1\u2028 1,11,21,1,2,1,11,4,0,11,32,0\nX\n');
    expect(e.message).toMatch(/found "1\\u2028"$/);
  });

  it('a clue that cannot fit its line is E_CLUE, quoted as written', () => {
    let e = errorOf('6\n22,11,21,1,2,1,11,4,0,11,  43,0\nX\n', 'E_CLUE');
    expect(e.message).toBe('2:28: block 1: row 5 clue "43" needs 8 cells but rows are 6 cells wide');
    e = errorOf('6 2\n3,0,0,0,0,0,0,0\nX\n', 'E_CLUE');
    expect(e.message).toBe('2:1: block 1: column 1 clue "3" needs 3 cells but columns are 2 cells tall');
    e = errorOf('6\n22,11,21,1,2,1,11,4,0,11,999999 1,0\nX\n', 'E_CLUE');
    expect(e.message).toBe('2:26: block 1: row 5 clue "999999 1" needs 1000001 cells but rows are 6 cells wide');
    e = errorOf('6\n22,11,21,1,2,1,11,4,0,11,007,0\nX\n', 'E_CLUE');
    expect(e.message).toBe('2:26: block 1: row 5 clue "007" needs 7 cells but rows are 6 cells wide');
  });

  it('annotations: bad symbol, odd count, outside the board (E_GIVEN), duplicates', () => {
    const head = '6\n22,11,21,1,2,1,11,4,0,11,32,0\n';
    let e = parseError(`${head}52!\n`);
    expect(e.message).toBe('3:3: block 1, annotation: bad symbol "!"; expected two symbols 0-9 or A-Z per cell, or X for none');
    e = parseError(`${head}523\n`);
    expect(at(e)).toEqual([3, 3]);
    expect(e.message).toMatch(/odd count of 3 symbols/);
    let g = errorOf(`${head}0062\n`, 'E_GIVEN');
    expect(g.message).toBe('3:3: block 1, annotation: given cell "62" is off the 6x6 board; expected x from 0 to 5 and y from 0 to 5');
    g = errorOf(`${head}0026\n`, 'E_GIVEN');
    expect(g.message).toMatch(/^3:4: block 1, annotation: given cell "26"/);
    g = errorOf(`${head}1 2  3 200\n`, 'E_GIVEN');
    expect(g.message).toMatch(/^3:8: block 1, annotation: given cell "3 200" is off the 6x6 board/);
    e = parseError(`${head}520052\n`);
    expect(e.message).toBe('3:5: block 1, annotation: cell "52" = (5, 2) is named twice');
    e = parseError(`${head}x\n`);
    expect(e.message).toMatch(/3:1: block 1, annotation: lower-case "x"/);
  });

  it('blank lines inside, missing annotation line', () => {
    let e = parseError('6\n22,11,21,1,2,1,11,4,0,11,32,0\nX\n\n11,2,12,12,121,2,5,1,3,4,11,1\n52\n');
    expect(e.message).toBe('4:1: blank line inside the ciphertext; expected the clue line of block 2 (blank lines may only end the file)');
    e = parseError('6\n22,11,21,1,2,1,11,4,0,11,32,0\n \nX\n');
    expect(e.message).toMatch(/^3:1: blank line .*annotation line of block 1/);
    e = parseError('6\n\n22,11,21,1,2,1,11,4,0,11,32,0\nX\n');
    expect(at(e)).toEqual([2, 1]);
    e = parseError(SPEC_FILE + '21,11,1,0,12,11,12,2,1,12,2,0\n');
    expect(e.message).toBe('9:1: block 4: clue line 8 has no annotation line; expected X or the annotated cells');
    e = parseError(SPEC_FILE + '21,11,1,0,12,11,12,2,1,12,2,0\n\n\n');
    expect(at(e)).toEqual([9, 1]);
  });
});

describe('streaming', () => {
  it('reads the header eagerly and blocks lazily', () => {
    const lines = [...SPEC_FILE.split('\n').slice(0, 5), 'garbage'];
    const stream = parseCiphertextLines(lines);
    expect([stream.width, stream.height]).toEqual([6, 6]);
    const first = stream.blocks.next();
    expect(first.done).toBe(false);
    expect((first.value as CipherBlock).annotation).toEqual([]);
    expect(stream.blocks.next().value).toMatchObject({ annotation: [17] });
    expect(() => stream.blocks.next()).toThrow(/^6:8: block 3: expected 12 groups/);
  });

  it('pulls only the lines it needs', () => {
    let pulled = 0;
    function* source() {
      for (const line of SPEC_FILE.split('\n')) {
        pulled++;
        yield line;
      }
    }
    const stream = parseCiphertextLines(source());
    expect(pulled).toBe(1);
    stream.blocks.next();
    expect(pulled).toBe(3);
  });

  it('reads from a readline interface', async () => {
    const input = Readable.from([SPEC_FILE.slice(0, 20), SPEC_FILE.slice(20).replace(/\n/g, '\r\n')]);
    const stream = await parseCiphertextLinesAsync(createInterface({ input, crlfDelay: Infinity }), 'pipe');
    const blocks: CipherBlock[] = [];
    for await (const b of stream.blocks) blocks.push(b);
    expect({ width: stream.width, height: stream.height, blocks }).toEqual(parseCiphertext(SPEC_FILE));
  });

  it('handles a large file block by block', () => {
    const text = '6\n' + '22,11,21,1,2,1,11,4,0,11,32,0\nX\n'.repeat(100_000);
    let count = 0;
    for (const b of parseCiphertextLines(text.split('\n')).blocks) count += b.puzzle.rows.length === 6 ? 1 : 0;
    expect(count).toBe(100_000);
  });
});
