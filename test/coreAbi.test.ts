// The numbers that cross the WebAssembly boundary are named once, in engines/core/abi.h;
// src/solve/coreAbi.ts is generated from it. A change on either side that the other does not
// follow fails here (and a changed header also fails test/engines.test.ts until core.wasm is
// rebuilt), never silently in the program.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { BLACK, UNKNOWN, WHITE } from '../src/line/lineAutomaton.js';
import { CoreCell } from '../src/solve/coreAbi.js';
import { abiModule, parseAbi } from './helpers/coreAbi.js';
import { expectGoldenAt } from './helpers/golden.js';

const root = new URL('../', import.meta.url);
const header = readFileSync(new URL('engines/core/abi.h', root), 'utf8');

describe('engines/core/abi.h and src/solve/coreAbi.ts', () => {
  test('the TypeScript table is generated from the header and up to date', () => {
    const enums = parseAbi(header);
    expect(enums.map((e) => e.name)).toEqual(['Status', 'SearchEnd', 'Stat', 'Cell', 'ValueFirst']);
    expectGoldenAt('src/solve/coreAbi.ts', abiModule(enums));
  });

  test('cell bytes are the line solver domains of src/line/lineAutomaton.ts', () => {
    expect(CoreCell).toEqual({ CELL_WHITE: WHITE, CELL_BLACK: BLACK, CELL_OPEN: UNKNOWN });
  });

  test('a header out of the documented form is refused, not half read', () => {
    const good = '/** A. */\nenum A {\n  X = 0,  // x\n  Y = 1,\n};\n';
    expect(parseAbi(good)).toEqual([{ name: 'A', doc: 'A.', members: [{ name: 'X', value: 0, doc: 'x' }, { name: 'Y', value: 1, doc: '' }] }]);
    expect(() => parseAbi(good.replace('Y = 1', 'Y'))).toThrow(/not "NAME = value/);
    expect(() => parseAbi(good.replace('Y = 1', 'Y = 0'))).toThrow(/a value used twice/);
    expect(() => parseAbi(good.replace('/** A. */\n', ''))).toThrow(/1 enums, 0 of them/);
    // Reordered values regenerate a different table: the committed one then fails the first test.
    expect(abiModule(parseAbi(good.replace('X = 0', 'X = 2')))).not.toBe(abiModule(parseAbi(good)));
  });
});
