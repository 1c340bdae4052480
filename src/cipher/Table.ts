import { InputError } from '../errors.js';
import { builtinTableText } from './builtinTableText.js';

/**
 * An encoding table (SPEC section 1): each symbol of the message alphabet has a distinct
 * 5-bit code, most significant bit first. Tables are data (`encoders/*.json`):
 *
 *   { "name": "classic", "description": "...", "padding": " ", "codes": { " ": "00000", "A": "00001", ... } }
 *
 * `name` (defaults to the source) and `description` are optional; no other fields are allowed.
 * Keys are single characters that are not lower-case letters (lower-case input is read as
 * upper-case). The padding symbol fills the last block; its code must be all zeros or all
 * ones, so that padding is one repeated bit (the table's padding bit) and a partly filled
 * last block decodes to trailing padding symbols, which the decoder drops.
 *
 * Extended text (optional, both built-in tables have it): `"escape"` is one of the table's
 * unused codes and `"escaped"` a second table of up to 32 symbols, each with its own 5-bit
 * code. An escaped symbol is written as the escape code followed by its code (10 bits), so
 * a table carries digits, `?`, `!`, line breaks and so on without changing a single code of
 * its own symbols. `escaped` may hold the padding symbol: extended text writes trailing
 * padding symbols escaped, so that they survive decoding. The escape code is unused in the
 * plain table, so a decoder that knows it reads extended text without being told.
 *
 *   "escape": "11101", "escaped": { "0": "00000", "1": "00001", ..., "\n": "01010", ... }
 */
export interface Table {
  readonly name: string;
  readonly padding: string;
  readonly paddingBit: 0 | 1;
  /** Symbol -> code (0..31). */
  readonly codeOf: ReadonlyMap<string, number>;
  /** Code (0..31) -> symbol, undefined for unused codes. Length 32. */
  readonly symbolOf: readonly (string | undefined)[];
  /** The escape code (0..31, unused by `codeOf`) of extended text; undefined: the table has none. */
  readonly escape?: number;
  /** Escaped symbol -> its code after the escape (empty without an escape). */
  readonly escapedCodeOf: ReadonlyMap<string, number>;
  /** Code after the escape (0..31) -> escaped symbol, undefined for unused ones. Length 32. */
  readonly escapedSymbolOf: readonly (string | undefined)[];
}

export const BUILTIN_TABLES = ['classic', 'frequency'] as const;
export type BuiltinTableName = (typeof BUILTIN_TABLES)[number];

const KNOWN_FIELDS = new Set(['name', 'description', 'padding', 'codes', 'escape', 'escaped']);

/** Shows a key or value inside a one-line message. */
const show = (s: string): string => JSON.stringify(s);

/** Parses and strictly validates a table file; every problem is an `E_TABLE` error naming `source`. */
export function parseTable(jsonText: string, source: string): Table {
  const fail = (message: string): never => {
    throw new InputError('E_TABLE', `${source}: ${message}`);
  };
  let data: unknown;
  try {
    data = JSON.parse(jsonText.charCodeAt(0) === 0xfeff ? jsonText.slice(1) : jsonText);
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/\s+/g, ' ') : String(e);
    fail(`not valid JSON (${why})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return fail('expected a JSON object with "name", "padding" and "codes"');
  }
  const obj = data as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (!KNOWN_FIELDS.has(key)) fail(`unknown field ${show(key)}; expected only "name", "description", "padding", "codes", "escape", "escaped"`);
  }
  if (obj['name'] !== undefined && (typeof obj['name'] !== 'string' || obj['name'] === '')) {
    fail('"name" must be a non-empty string');
  }
  if (obj['description'] !== undefined && typeof obj['description'] !== 'string') {
    fail('"description" must be a string');
  }
  const name = (obj['name'] as string | undefined) ?? source;

  const codes = obj['codes'];
  if (typeof codes !== 'object' || codes === null || Array.isArray(codes)) {
    return fail('"codes" must be an object mapping one character to a 5-bit code such as "00001"');
  }
  const { codeOf, symbolOf } = readCodes(codes as Record<string, unknown>, '', fail);
  if (codeOf.size === 0) fail('"codes" is empty; expected at least the padding symbol');

  const padding = obj['padding'];
  if (typeof padding !== 'string') return fail('"padding" must be the symbol that fills the last block, e.g. " "');
  const paddingCode = codeOf.get(padding);
  if (paddingCode === undefined) return fail(`padding symbol ${show(padding)} is not a key of "codes"`);
  if (paddingCode !== 0 && paddingCode !== 31) {
    fail(`padding symbol ${show(padding)} has code ${paddingCode.toString(2).padStart(5, '0')}; expected 00000 or 11111 so that padding is one repeated bit`);
  }
  const escape = obj['escape'];
  const escaped = obj['escaped'];
  if ((escape === undefined) !== (escaped === undefined)) fail('"escape" and "escaped" go together (extended text)');
  let escapeCode: number | undefined;
  let escapedCodes: { codeOf: Map<string, number>; symbolOf: (string | undefined)[] } = { codeOf: new Map(), symbolOf: new Array<string | undefined>(32).fill(undefined) };
  if (escape !== undefined) {
    if (typeof escape !== 'string' || !/^[01]{5}$/.test(escape)) fail(`"escape" must be a string of exactly 5 bits (0 or 1), found ${JSON.stringify(escape)}`);
    escapeCode = parseInt(escape as string, 2);
    const other = symbolOf[escapeCode];
    if (other !== undefined) fail(`"escape" code ${escape as string} is the code of ${show(other)}; it must be a code the table does not use`);
    if (typeof escaped !== 'object' || escaped === null || Array.isArray(escaped)) {
      return fail('"escaped" must be an object mapping one character to the 5-bit code that follows the escape');
    }
    escapedCodes = readCodes(escaped as Record<string, unknown>, 'escaped ', fail);
    for (const key of escapedCodes.codeOf.keys()) {
      if (key !== padding && codeOf.has(key)) fail(`escaped symbol ${show(key)} has a code of its own; only the padding symbol may be escaped too`);
    }
  }
  return {
    name,
    padding,
    paddingBit: paddingCode === 0 ? 0 : 1,
    codeOf,
    symbolOf,
    ...(escapeCode === undefined ? {} : { escape: escapeCode }),
    escapedCodeOf: escapedCodes.codeOf,
    escapedSymbolOf: escapedCodes.symbolOf,
  };
}

/** One object of symbol -> 5-bit code, validated (`what` names it in messages: "" or "escaped "). */
function readCodes(
  codes: Record<string, unknown>,
  what: string,
  fail: (message: string) => never,
): { codeOf: Map<string, number>; symbolOf: (string | undefined)[] } {
  const codeOf = new Map<string, number>();
  const symbolOf: (string | undefined)[] = new Array<string | undefined>(32).fill(undefined);
  for (const [key, value] of Object.entries(codes)) {
    if ([...key].length !== 1) fail(`${what}code key ${show(key)} must be exactly one character`);
    if (key.toUpperCase() !== key) {
      fail(`${what}code key ${show(key)} is a lower-case letter; lower-case input is read as upper-case, so use ${show(key.toUpperCase())}`);
    }
    if (typeof value !== 'string' || !/^[01]{5}$/.test(value)) {
      fail(`${what}code of ${show(key)} must be a string of exactly 5 bits (0 or 1), found ${JSON.stringify(value)}`);
    }
    const code = parseInt(value, 2);
    const other = symbolOf[code];
    if (other !== undefined) fail(`${what}code ${value} is used by both ${show(other)} and ${show(key)}`);
    symbolOf[code] = key;
    codeOf.set(key, code);
  }
  return { codeOf, symbolOf };
}

const cache = new Map<BuiltinTableName, Table>();

/** One of the tables shipped in `encoders/`, loaded once. */
export function builtinTable(name: BuiltinTableName): Table {
  let table = cache.get(name);
  if (!table) {
    if (!(BUILTIN_TABLES as readonly string[]).includes(name)) {
      throw new InputError('E_TABLE', `unknown table ${show(name)}; expected one of ${BUILTIN_TABLES.join(', ')}`);
    }
    const { text, source } = builtinTableText(name);
    table = parseTable(text, source);
    cache.set(name, table);
  }
  return table;
}
