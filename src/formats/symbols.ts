import type { Clue } from '../grid/Puzzle.js';
import { quote } from './quote.js';
import { counted } from './counted.js';

/**
 * The symbol table of clues and annotations (SPEC sections 3, 4 and 9).
 *
 * One symbol is one number: `0`..`9`, then `A` = 10 .. `Z` = 35 (upper case only). A compact
 * clue writes one symbol per run (`132`, `C` = 12); run lengths are 1..35 and the empty clue is
 * `0` (or an empty group). A compact annotation writes each cell as two symbols `xy`,
 * coordinates 0..35, cells in row-major order, `X` when there are none.
 *
 * Numbers above 35 use the decimal extension: a group that contains spaces is read as
 * space-separated decimal numbers (`12 40 3`; annotation `12 40 3 7` = cells (12,40), (3,7)).
 * A clue with a single run above 35 has nothing to separate, so this project writes it with a
 * leading zero (`040` = one run of 40): no compact clue of more than one symbol starts with `0`,
 * so a group of two or more characters starting with `0` is read as one decimal number too.
 * Writers use the compact form whenever every number is at most 35. Decimal numbers have at
 * most 6 digits (anything longer is an error, never a silent overflow).
 */

export const MAX_SYMBOL = 35;
export const MAX_DIGITS = 6;
const SYMBOLS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Reports a problem at a 0-based offset of the text being parsed; never returns. */
export type Fail = (message: string, offset: number) => never;

export function numberToSymbol(n: number): string {
  const s = Number.isInteger(n) ? SYMBOLS[n] : undefined;
  if (s === undefined) throw new RangeError(`no symbol for ${n}; symbols cover 0..${MAX_SYMBOL}`);
  return s;
}

/** 0..35 for `0`-`9` and `A`-`Z`; undefined for anything else (lower case included). */
export function symbolToNumber(ch: string): number | undefined {
  const i = ch.length === 1 ? SYMBOLS.indexOf(ch) : -1;
  return i < 0 ? undefined : i;
}

/** `132`, `0` for the empty clue, `12 40 3` (or `040`) when a run exceeds 35. */
export function formatClue(clue: Clue): string {
  for (const run of clue) {
    if (!Number.isInteger(run) || run < 1) throw new RangeError(`run lengths are positive integers, got ${run}`);
  }
  if (clue.length === 0) return '0';
  if (clue.every((run) => run <= MAX_SYMBOL)) return clue.map(numberToSymbol).join('');
  if (clue.length === 1) return `0${clue[0]}`;
  return clue.join(' ');
}

/** `X`, compact `xy` pairs in row-major order, or `x y x y` decimals when a coordinate exceeds 35. */
export function formatAnnotation(cells: readonly number[], width: number): string {
  if (cells.length === 0) return 'X';
  const sorted = [...cells].sort((a, b) => a - b);
  const coords: number[] = [];
  for (const c of sorted) coords.push(c % width, Math.floor(c / width));
  if (coords.every((v) => v <= MAX_SYMBOL)) return coords.map(numberToSymbol).join('');
  return coords.join(' ');
}

const isSpace = (ch: string | undefined): boolean => ch === ' ' || ch === '\t';

/** The message for a decimal number longer than MAX_DIGITS, naming it as written. */
export function tooManyDigits(token: string): string {
  return `number ${quote(token)} is too large (more than ${MAX_DIGITS} digits)`;
}

/** The whitespace-separated tokens of `text` with their 0-based offsets, one at a time. */
function* tokens(text: string): Generator<{ text: string; offset: number }, void, undefined> {
  const re = /[^ \t]+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) yield { text: m[0], offset: m.index };
}

function decimal(token: string, offset: number, what: string, fail: Fail): number {
  for (let i = 0; i < token.length; i++) {
    const ch = token[i]!;
    if (ch < '0' || ch > '9') {
      fail(`expected decimal numbers separated by spaces in ${what}, found ${quote(token)}`, offset);
    }
  }
  if (token.length > MAX_DIGITS) fail(tooManyDigits(token), offset);
  return Number(token);
}

/** Lower-case letters that look like a digit, a typing slip as likely as a missed shift key. */
const LOOKALIKE_DIGITS: Readonly<Record<string, string>> = { l: '1', i: '1', o: '0' };

/**
 * What a number means where a symbol stands, when the place is known: `largest` it may be, and
 * the words for one past it ("a run of 21 cells, longer than this line of 6").
 */
interface SymbolPlace {
  readonly largest: number;
  readonly tooLarge: (value: number) => string;
}

/**
 * A character that is no symbol. A lower-case letter gets a hint: its upper-case symbol with
 * the number it stands for, and for `l`, `i` and `o` the digit they look like; when the
 * letter's number cannot stand in that place, the digit alone, saying why.
 */
function badSymbol(ch: string, allowed: string, fail: Fail, offset: number, place?: SymbolPlace): never {
  if (ch >= 'a' && ch <= 'z') {
    const upper = ch.toUpperCase();
    const value = symbolToNumber(upper)!;
    const digit = LOOKALIKE_DIGITS[ch];
    const head = `lower-case symbol ${quote(ch)}; symbols are upper-case (${allowed})`;
    if (digit === undefined) return fail(`${head}: write ${quote(upper)} for ${value}`, offset);
    if (place && value > place.largest) return fail(`${head}: write ${quote(digit)} for ${digit} (${quote(upper)} would be ${place.tooLarge(value)})`, offset);
    return fail(`${head}: write ${quote(digit)} for ${digit}, or ${quote(upper)} for ${value}`, offset);
  }
  return fail(`bad symbol ${quote(ch)}; expected ${allowed}`, offset);
}

/** Upper-case letters typed for the digits they look like (`O` is 24, `I` is 18 as symbols). */
const LOOKALIKE_UPPER: Readonly<Record<string, string>> = { O: '0', I: '1' };

/**
 * A valid symbol whose number cannot stand in its place (too long a run for the line, off the
 * board), when it is a letter that looks like a digit: the digit, offered. `zero` is how 0
 * would read there (`''`), or undefined where 0 cannot stand (a run inside a clue of several).
 */
function lookalike(ch: string, value: number, fail: Fail, offset: number, place: SymbolPlace | undefined, zero: string | undefined): void {
  const digit = LOOKALIKE_UPPER[ch];
  if (digit === undefined || !place || value <= place.largest || (digit === '0' && zero === undefined)) return;
  fail(`symbol ${quote(ch)} is ${place.tooLarge(value)}; did you mean ${quote(digit)}${digit === '0' ? zero : ''}?`, offset);
}

/** The character (code point) of `s` at `i`. */
function charOf(s: string, i: number): string {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? s.slice(i, i + 2) : s[i]!;
}

/**
 * One clue group as written between commas (surrounding whitespace allowed). Offsets passed to
 * `fail` are 0-based within `group`. Returns the run lengths (empty for the empty clue); whether
 * the clue fits its line is the caller's check.
 */
export function parseClueGroup(group: string, fail: Fail): number[] {
  return readClueGroup(group, fail, Infinity).runs;
}

/**
 * `parseClueGroup` keeping at most `keep` runs (a clue of more runs than its line can hold
 * cannot fit), with `need`, the cells the whole clue needs (runs plus gaps), and `text`, the
 * group without its surrounding whitespace, and `start`, where that begins. `line`: the
 * length of the clue's line when known (for the hint on a mistyped symbol).
 */
export function readClueGroup(group: string, fail: Fail, keep: number, line = Infinity): { runs: number[]; need: number; text: string; start: number } {
  let start = 0;
  let end = group.length;
  while (start < end && isSpace(group[start])) start++;
  while (end > start && isSpace(group[end - 1])) end--;
  const text = group.slice(start, end);
  const runs: number[] = [];
  let need = -1;
  const add = (value: number) => {
    need += value + 1;
    if (runs.length < keep) runs.push(value);
  };
  if (text === '' || text === '0') return { runs, need: 0, text, start };

  const isDecimal = /[ \t]/.test(text) || (text[0] === '0' && text.length > 1);
  if (isDecimal) {
    let count = 0;
    let zero: { offset: number; token: string } | undefined;
    for (const t of tokens(text)) {
      const value = decimal(t.text, start + t.offset, 'a clue', fail);
      if (value === 0 && !zero) zero = { offset: start + t.offset, token: t.text };
      count++;
      if (zero && count > 1) {
        fail(`run ${quote(zero.token)} inside the clue ${quote(text)}; runs of a clue with several runs are at least 1`, zero.offset);
      }
      add(value);
    }
    return zero ? { runs: [], need: 0, text, start } : { runs, need, text, start };
  }

  const place = line === Infinity ? undefined : { largest: line, tooLarge: (v: number) => `a run of ${v} cells, longer than this line of ${line}` };
  for (let i = 0; i < text.length; i++) {
    const value = symbolToNumber(text[i]!);
    if (value === undefined) badSymbol(charOf(text, i), 'one symbol per run, 1-9 or A-Z', fail, start + i, place);
    lookalike(text[i]!, value, fail, start + i, place, text.length === 1 ? ' (zero: an empty line)' : undefined);
    if (value === 0) {
      fail(
        `run of 0 inside the clue ${quote(text)}; write one symbol per run (1-9, A-Z), or decimal numbers separated by spaces such as "12 40 3"`,
        start + i,
      );
    }
    add(value);
  }
  return { runs, need, text, start };
}

export interface AnnotatedCell {
  readonly x: number;
  readonly y: number;
  /** 0-based offset of the cell's x coordinate in the annotation line. */
  readonly offset: number;
  /** 0-based offset of its y coordinate. */
  readonly yOffset: number;
  /** The cell as written (`52`, `12 40`). */
  readonly text: string;
}

/**
 * One annotation line: `X`, compact `xy` symbol pairs (symbols 0-9, A-Z) or decimal numbers
 * separated by spaces, in pairs. Cells come back in the order written; bounds and duplicates
 * are the caller's check.
 */
export function parseAnnotation(line: string, fail: Fail): AnnotatedCell[] {
  return [...annotationCells(line, fail)];
}

/**
 * `parseAnnotation` one cell at a time: a malformed line fails where the fault is, after the
 * cells before it. `width` and `height`, when known, serve the hint on a mistyped symbol.
 */
export function* annotationCells(line: string, fail: Fail, width = Infinity, height = Infinity): Generator<AnnotatedCell, void, undefined> {
  let start = 0;
  let end = line.length;
  while (start < end && isSpace(line[start])) start++;
  while (end > start && isSpace(line[end - 1])) end--;
  const text = line.slice(start, end);
  if (text === 'X') return;
  if (text === '') return fail('empty annotation line; expected X or the annotated cells', start);
  if (text === 'x') return fail('lower-case "x"; a block without annotation writes upper-case X', start);

  if (/[ \t]/.test(text)) {
    let count = 0;
    let pending: { value: number; offset: number } | undefined;
    let last = 0;
    for (const t of tokens(text)) {
      const value = decimal(t.text, start + t.offset, 'an annotation', fail);
      count++;
      last = start + t.offset;
      if (!pending) {
        pending = { value, offset: start + t.offset };
        continue;
      }
      yield { x: pending.value, y: value, offset: pending.offset, yOffset: last, text: line.slice(pending.offset, last + t.text.length) };
      pending = undefined;
    }
    if (pending) fail(`odd count of ${counted(count, 'number')} in a decimal annotation; each cell is two numbers "x y"`, last);
    return;
  }

  const board = (side: number, axis: string): SymbolPlace | undefined =>
    side === Infinity ? undefined : { largest: side - 1, tooLarge: (v) => `${axis} ${v}, off this board of ${width} x ${height}` };
  const xPlace = board(width, 'x');
  const yPlace = board(height, 'y');
  for (let i = 0; i < text.length; i += 2) {
    const x = symbolToNumber(text[i]!);
    if (x === undefined) badSymbol(charOf(text, i), 'two symbols 0-9 or A-Z per cell, or X for none', fail, start + i, xPlace);
    lookalike(text[i]!, x, fail, start + i, xPlace, '');
    if (i + 1 >= text.length) {
      fail(`odd count of ${counted(text.length, 'symbol')} in the annotation; each cell is two symbols "xy"`, start + i);
    }
    const y = symbolToNumber(text[i + 1]!);
    if (y === undefined) badSymbol(charOf(text, i + 1), 'two symbols 0-9 or A-Z per cell, or X for none', fail, start + i + 1, yPlace);
    lookalike(text[i + 1]!, y, fail, start + i + 1, yPlace, '');
    yield { x: x, y: y, offset: start + i, yOffset: start + i + 1, text: text.slice(i, i + 2) };
  }
}
