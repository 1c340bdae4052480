import { ParseError } from '../errors.js';
import { checkClue, MAX_SIDE, refuseColour } from './checkPuzzleFile.js';
import { foundAt, quote } from './quote.js';
import { MAX_DIGITS, tooManyDigits } from './symbols.js';

/**
 * The text of a puzzle file as numbered lines, and the clue lines inside it. Line and column
 * numbers are 1-based everywhere, as in `ParseError`. A byte-order mark is dropped, `\r\n` and
 * `\r` end lines like `\n`, and a final newline does not start an extra empty line.
 *
 * Readers walk the lines one at a time (`eachLine`) and keep only what they need, so memory
 * does not grow with the number of lines (a file of a hundred million newlines is as cheap as
 * an empty one); every scan here is linear in the text.
 */
export interface TextLine {
  /** 1-based line number. */
  readonly line: number;
  readonly text: string;
}

/**
 * Lines of a text that comes in pieces (chunks of a stream, blocks of a file), split at `\n`
 * without their line breaks. Call order: `lines(piece)` for each piece, in order, then `last()`
 * once: the last line when the text does not end with a line break (a final newline does not
 * start an empty line).
 */
export class LineSplitter {
  private rest = '';

  *lines(piece: string): Generator<string, void, undefined> {
    let start = 0;
    for (let nl = piece.indexOf('\n'); nl >= 0; nl = piece.indexOf('\n', start)) {
      yield this.rest + piece.slice(start, nl);
      this.rest = '';
      start = nl + 1;
    }
    this.rest += piece.slice(start);
  }

  last(): string | undefined {
    return this.rest === '' ? undefined : this.rest;
  }
}

/** The lines of a text given whole or in pieces, split at `\n` as LineSplitter does. */
export function* linesOf(text: string | Iterable<string>): Generator<string, void, undefined> {
  const split = new LineSplitter();
  for (const piece of typeof text === 'string' ? [text] : text) yield* split.lines(piece);
  const last = split.last();
  if (last !== undefined) yield last;
}

/** The lines of `text`, one at a time, without an array of them. */
export function* eachLine(text: string): Generator<TextLine, void, undefined> {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let lf = -2;
  let cr = -2;
  for (let line = 1; ; line++) {
    // The next \n and \r at or after pos, remembered so that a far-away one is found once.
    if (lf !== -1 && lf < pos) lf = text.indexOf('\n', pos);
    if (cr !== -1 && cr < pos) cr = text.indexOf('\r', pos);
    const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
    if (end < 0) {
      if (pos < text.length || line === 1) yield { line, text: text.slice(pos) };
      return;
    }
    yield { line, text: text.slice(pos, end) };
    pos = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
    if (pos >= text.length) return;
  }
}

/** Line and column (1-based) of a character offset into `text` (a leading byte-order mark is not counted). */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const end = Math.max(Math.min(offset, text.length), start);
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: end - start + 1 };
}

/** `source:line:column` (or `line:column`), the prefix of a message that names a place. */
export function placeName(line: number, column: number, source?: string): string {
  return `${source ? source + ':' : ''}${line}:${column}`;
}

/** Offset of the first character of `s` that is not whitespace, or -1. */
export function firstNonBlank(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9) continue;
    if (c < 128 || !/\s/.test(s[i]!)) return c === 10 || c === 11 || c === 12 || c === 13 ? s.search(/\S/) : i;
  }
  return -1;
}

export const isBlankText = (s: string): boolean => firstNonBlank(s) < 0;

/** Column (1-based) of the first non-blank character of a line. */
export function indentColumn(text: string): number {
  const i = text.search(/\S/);
  return i < 0 ? text.length + 1 : i + 1;
}

/**
 * One clue written as numbers on a line: `1,3,2` (`comma`, the .non style, where spaces may
 * also separate) or `1 3 2` (`space`, the .nin style). `0` alone, or nothing, is the empty clue.
 * `column` is the column of `text[0]` in the file, so errors point at the offending token.
 * `name` (`row 3`) and `length` (the cells of that line) are for the fit check, which is
 * `checkClue`'s: the clue as written must fit. Runs are kept only while the clue could still
 * fit a line, so a line of a hundred million runs costs no memory.
 */
export function parseClueText(
  text: string,
  line: number,
  column: number,
  style: 'comma' | 'space',
  length: number,
  name: string,
  source?: string,
): number[] {
  const fail = (at: number, what: string): never => {
    throw new ParseError(what, line, column + at, source);
  };
  const expected = style === 'comma' ? 'expected a run length (whole numbers separated by commas)' : 'expected a run length (whole numbers separated by spaces)';
  const keep = (Math.min(length, MAX_SIDE) >> 1) + 2; // more runs than this cannot fit
  const runs: number[] = [];
  let count = 0;
  let need = -1;
  let zero: { at: number; token: string } | undefined;
  let first = -1;
  let i = 0;
  let afterComma = false;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (first < 0) first = i;
    if (c === ',' && style === 'comma') {
      if (afterComma || count === 0) fail(i, `${expected}, found ","`);
      afterComma = true;
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    const next = text[i];
    if (i === start || (next !== undefined && next !== ' ' && next !== '\t' && !(next === ',' && style === 'comma'))) {
      if (i > start && style === 'comma' && /[A-Za-z]/.test(next!)) {
        refuseColour(placeName(line, column + start, source), `run ${foundAt(text, start, ',')} has a colour`);
      }
      fail(start, `${expected}, found ${foundAt(text, start, style === 'comma' ? ',' : '')}`);
    }
    const token = text.slice(start, i);
    if (token.length > MAX_DIGITS) fail(start, tooManyDigits(token));
    const value = Number(token);
    if (value === 0 && !zero) zero = { at: start, token };
    count++;
    if (zero && count > 1) fail(zero.at, `expected a run length of at least 1, found ${quote(zero.token)} (0 stands alone, for an empty line)`);
    need += value + 1;
    if (runs.length < keep) runs.push(value);
    afterComma = false;
  }
  if (afterComma) fail(text.length, `${expected} after the comma, found the end of the line`);
  if (zero || count === 0) return [];
  checkClue(runs, length, name, placeName(line, column + first, source), quote(text.trim()), need);
  return runs;
}

/**
 * Which of a section's lines hold its `count` clues. Blank lines are ambiguous in the wild:
 * some writers leave an empty clue blank, others (Simpson's own) write `0` and use blank lines
 * as separators. So: if exactly `count` lines are not blank, blank lines are separators;
 * otherwise every line counts, a blank one as an empty clue, and blank lines after the last
 * clue are separators. Else it names the line that is one too many, or how many lines there are.
 *
 * Lines are added one at a time and only the first `count` (and the first `count + 1` that are
 * not blank) are kept. When the count is known from the start, `add` returns the line that is
 * one too many as soon as it is certain; when it is not (a .non `height` after its `rows`),
 * it can be at most MAX_SIDE and `result(count)` decides at the end.
 */
export class ClueLines {
  readonly #count: number | undefined;
  readonly #cap: number;
  readonly #first: TextLine[] = [];
  readonly #filled: TextLine[] = [];
  #lines = 0;
  #filledCount = 0;
  #filledAfterCap: TextLine | undefined;

  constructor(count?: number) {
    this.#count = count;
    this.#cap = count ?? MAX_SIDE;
  }

  /** Adds the next line of the section; returns a line that is certainly one too many. */
  add(entry: TextLine, blank = isBlankText(entry.text)): TextLine | undefined {
    if (this.#lines < this.#cap) this.#first.push(entry);
    else if (!blank && !this.#filledAfterCap) this.#filledAfterCap = entry;
    this.#lines++;
    if (blank) return undefined;
    if (this.#filledCount <= this.#cap) this.#filled.push(entry);
    this.#filledCount++;
    return this.#count !== undefined && this.#filledCount === this.#count + 1 ? entry : undefined;
  }

  /** The clue lines for `count` clues (`count` at most the one given to the constructor, or MAX_SIDE). */
  result(count: number): { readonly clues: readonly TextLine[] } | { readonly tooMany: TextLine } | { readonly found: number } {
    if (count > this.#cap) throw new RangeError(`ClueLines kept ${this.#cap} lines, asked for ${count}`);
    if (this.#filledCount === count) return { clues: this.#filled.slice(0, count) };
    if (this.#filledCount > count) return { tooMany: this.#filled[count]! };
    if (this.#lines < count) return { found: this.#lines };
    const extra = this.#first.slice(count).find((e) => !isBlankText(e.text)) ?? this.#filledAfterCap;
    return extra ? { tooMany: extra } : { clues: this.#first.slice(0, count) };
  }
}
