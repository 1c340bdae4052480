import { InputError, ParseError } from '../errors.js';

/**
 * The text of a puzzle file as numbered lines, and the clue lines inside it. Line and column
 * numbers are 1-based everywhere, as in `ParseError`. A byte-order mark is dropped, `\r\n` and
 * `\r` end lines like `\n`, and a final newline does not start an extra empty line.
 */
export function splitLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Line and column (1-based) of a character offset into `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
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

/**
 * One clue written as numbers on a line: `1,3,2` (`comma`, the .non style, where spaces may
 * also separate) or `1 3 2` (`space`, the .nin style). `0` alone, or nothing, is the empty clue.
 * `column` is the column of `text[0]` in the file, so errors point at the offending character.
 */
export function parseClueText(
  text: string,
  line: number,
  column: number,
  style: 'comma' | 'space',
  source?: string,
): number[] {
  const numbers: { value: number; at: number }[] = [];
  let i = 0;
  let afterComma = false;
  const fail = (at: number, what: string): never => {
    throw new ParseError(what, line, column + at, source);
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === ',' && style === 'comma') {
      if (afterComma || numbers.length === 0) fail(i, 'expected a run length before the comma');
      afterComma = true;
      i++;
      continue;
    }
    if (c < '0' || c > '9') {
      fail(i, style === 'comma' ? 'expected a run length, a comma or the end of the line' : 'expected a run length or a space');
    }
    const start = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    const next = text[i];
    if (next !== undefined && next !== ' ' && next !== '\t' && !(next === ',' && style === 'comma')) {
      if (style === 'comma' && /[A-Za-z]/.test(next)) {
        throw new InputError(
          'E_COLOR',
          `${placeName(line, column + i, source)}: run "${text.slice(start, i + 1)}" has a colour; only black-and-white puzzles are supported`,
        );
      }
      fail(i, style === 'comma' ? 'expected a comma or the end of the line' : 'expected a space or the end of the line');
    }
    numbers.push({ value: Number(text.slice(start, i)), at: start });
    afterComma = false;
  }
  if (afterComma) fail(text.length, 'expected a run length after the comma');
  const zero = numbers.find((n) => n.value === 0);
  if (zero && numbers.length > 1) fail(zero.at, 'expected a run length of at least 1 (0 stands alone, for an empty line)');
  return zero ? [] : numbers.map((n) => n.value);
}

/** One line of a file, with its 1-based number. */
export interface TextLine {
  readonly line: number;
  readonly text: string;
}

/**
 * Which of `lines` hold the `count` clues of a section. Blank lines are ambiguous in the wild:
 * some writers leave an empty clue blank, others (Simpson's own) write `0` and use blank lines
 * as separators. So: if exactly `count` lines are not blank, blank lines are separators;
 * otherwise every line counts, a blank one as an empty clue, and blank lines after the last
 * clue are separators. Else says which line is one too many, or how many clues there are.
 */
export function clueLines(
  lines: readonly TextLine[],
  count: number,
): { readonly clues: readonly TextLine[] } | { readonly tooMany: TextLine } | { readonly found: number } {
  const filled = lines.filter((e) => e.text.trim() !== '');
  if (filled.length === count) return { clues: filled };
  if (filled.length > count) return { tooMany: filled[count]! };
  if (lines.length < count) return { found: lines.length };
  const extra = lines.slice(count).find((e) => e.text.trim() !== '');
  return extra ? { tooMany: extra } : { clues: lines.slice(0, count) };
}

/** Column (1-based) of the first non-blank character of a line. */
export function indentColumn(text: string): number {
  return text.length - text.trimStart().length + 1;
}
