import { ParseError } from '../errors.js';
import { MAX_SIDE } from './checkPuzzleFile.js';
import type { Clue, Puzzle } from '../grid/Puzzle.js';
import type { Fail } from './symbols.js';
import { MAX_DIGITS, formatAnnotation, formatClue, parseAnnotation, parseClueGroup } from './symbols.js';

/**
 * The ciphertext file (SPEC sections 5 and 9).
 *
 *   6                               board side n, or `W H` (W columns, H rows)
 *   22,11,21,1,2,1,11,4,0,11,32,0   block 1: W column clues, then H row clues
 *   X                               block 1: annotation (black cells given to the receiver)
 *   ...                             two lines per further block
 *
 * Reading is line by line (`CiphertextReader`): the header is read first and blocks come out
 * one at a time, so a large file never has to be held as parsed blocks all at once. CRLF line
 * ends and trailing blank lines are accepted; a blank line between blocks is an error. Every
 * error is a ParseError naming the 1-based line and column and, inside a block, the block
 * (1-based) and the clue or annotation. Clue/board consistency (equal black totals, a
 * solution existing) is not checked here: that is the solver's verdict. A file with a header
 * and no blocks is the ciphertext of the empty message.
 */

export interface CipherBlock {
  readonly puzzle: Puzzle;
  /** Annotated (given black) cells as sorted row-major indices y*W+x. */
  readonly annotation: readonly number[];
}

export interface Ciphertext {
  readonly width: number;
  readonly height: number;
  readonly blocks: readonly CipherBlock[];
}

export interface CiphertextStream {
  readonly width: number;
  readonly height: number;
  /** Blocks parsed lazily, one per pair of lines; errors surface while iterating. */
  readonly blocks: Generator<CipherBlock, void, undefined>;
}

export interface AsyncCiphertextStream {
  readonly width: number;
  readonly height: number;
  readonly blocks: AsyncGenerator<CipherBlock, void, undefined>;
}


const isBlank = (line: string): boolean => /^[ \t]*$/.test(line);

/** Incremental parser: feed lines with `push`, then call `finish`. */
export class CiphertextReader {
  #width = 0;
  #height = 0;
  #line = 0;
  #blocks = 0;
  #firstBlank = 0;
  #pending: { puzzle: Puzzle; line: number } | undefined;

  constructor(readonly source?: string) {}

  /** Board size once the header line has been read, else undefined. */
  get size(): { width: number; height: number } | undefined {
    return this.#width ? { width: this.#width, height: this.#height } : undefined;
  }

  /** Feeds the next line (its `\n` removed; a trailing `\r` is dropped). Returns a block when one completes. */
  push(rawLine: string): CipherBlock | undefined {
    this.#line++;
    let line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (this.#line === 1) {
      if (line.startsWith('\uFEFF')) line = line.slice(1);
      this.#readHeader(line);
      return undefined;
    }
    if (isBlank(line)) {
      if (!this.#firstBlank) this.#firstBlank = this.#line;
      return undefined;
    }
    if (this.#firstBlank) {
      const what = this.#pending ? `the annotation line of block ${this.#blocks + 1}` : `the clue line of block ${this.#blocks + 1}`;
      throw this.#error(`blank line inside the ciphertext; expected ${what} (blank lines may only end the file)`, this.#firstBlank, 1);
    }
    if (!this.#pending) {
      this.#pending = { puzzle: this.#readClues(line), line: this.#line };
      return undefined;
    }
    const block: CipherBlock = { puzzle: this.#pending.puzzle, annotation: this.#readAnnotation(line) };
    this.#pending = undefined;
    this.#blocks++;
    return block;
  }

  /** Checks that the input ended at a block boundary. */
  finish(): void {
    if (this.#line === 0) throw this.#error('empty ciphertext; expected the board side "n" or "W H" on line 1', 1, 1);
    if (this.#pending) {
      const at = this.#firstBlank || this.#line + 1;
      throw this.#error(`block ${this.#blocks + 1}: clue line ${this.#pending.line} has no annotation line; expected X or the annotated cells`, at, 1);
    }
  }

  #error(message: string, line: number, column: number): ParseError {
    return new ParseError(message, line, column, this.source);
  }

  #failAt(prefix: string, column0: number): Fail {
    return (message, offset) => {
      throw this.#error(`${prefix}${message}`, this.#line, column0 + offset + 1);
    };
  }

  #readHeader(line: string): void {
    const fail = this.#failAt('header: ', 0);
    const parts: { text: string; offset: number }[] = [];
    const re = /[^ \t]+/g;
    for (let m = re.exec(line); m; m = re.exec(line)) parts.push({ text: m[0], offset: m.index });
    if (parts.length === 0) fail('expected the board side "n" or "W H" on line 1, found an empty line', 0);
    if (parts.length > 2) fail(`expected the board side "n" or "W H", found ${parts.length} fields`, parts[2]!.offset);
    const sides = parts.map(({ text, offset }) => {
      for (let i = 0; i < text.length; i++) {
        const ch = text[i]!;
        if (ch < '0' || ch > '9') fail(`bad character ${JSON.stringify(ch)}; expected the board side "n" or "W H" as decimal numbers`, offset + i);
      }
      if (text.length > MAX_DIGITS || Number(text) < 1 || Number(text) > MAX_SIDE) {
        fail(`board side ${text} is out of range; expected 1 to ${MAX_SIDE}`, offset);
      }
      return Number(text);
    });
    this.#width = sides[0]!;
    this.#height = sides[1] ?? sides[0]!;
  }

  #readClues(line: string): Puzzle {
    const w = this.#width;
    const h = this.#height;
    const block = this.#blocks + 1;
    const groups: { text: string; start: number }[] = [];
    let start = 0;
    for (;;) {
      const comma = line.indexOf(',', start);
      groups.push({ text: line.slice(start, comma < 0 ? line.length : comma), start });
      if (comma < 0) break;
      start = comma + 1;
    }
    if (groups.length !== w + h) {
      const column = groups.length > w + h ? groups[w + h]!.start + 1 : line.length + 1;
      throw this.#error(
        `block ${block}: expected ${w + h} groups (${w} column clues, ${h} row clues), found ${groups.length}`,
        this.#line,
        column,
      );
    }
    const cols: Clue[] = [];
    const rows: Clue[] = [];
    groups.forEach((g, i) => {
      const isCol = i < w;
      const label = isCol ? `column clue ${i + 1}` : `row clue ${i - w + 1}`;
      const runs = parseClueGroup(g.text, this.#failAt(`block ${block}, ${label}: `, g.start));
      const length = isCol ? h : w;
      const needed = runs.reduce((a, b) => a + b, 0) + Math.max(0, runs.length - 1);
      if (needed > length) {
        const lead = g.text.length - g.text.trimStart().length;
        throw this.#error(
          `block ${block}, ${label}: clue "${g.text.trim()}" needs ${needed} cells but a ${isCol ? 'column' : 'row'} has ${length}`,
          this.#line,
          g.start + lead + 1,
        );
      }
      (isCol ? cols : rows).push(runs);
    });
    return { width: w, height: h, rows, cols };
  }

  #readAnnotation(line: string): number[] {
    const w = this.#width;
    const h = this.#height;
    const prefix = `block ${this.#blocks + 1}, annotation: `;
    const fail = this.#failAt(prefix, 0);
    const seen = new Set<number>();
    for (const cell of parseAnnotation(line, fail)) {
      if (cell.x >= w || cell.y >= h) {
        fail(
          `cell (${cell.x}, ${cell.y}) is outside the board; expected x 0-${w - 1} and y 0-${h - 1}`,
          cell.x >= w ? cell.offset : cell.yOffset,
        );
      }
      const index = cell.y * w + cell.x;
      if (seen.has(index)) fail(`cell (${cell.x}, ${cell.y}) is named twice`, cell.offset);
      seen.add(index);
    }
    return [...seen].sort((a, b) => a - b);
  }
}

/** Reads the header eagerly; blocks are parsed as the returned generator is iterated. */
export function parseCiphertextLines(lines: Iterable<string>, source?: string): CiphertextStream {
  const reader = new CiphertextReader(source);
  const it = lines[Symbol.iterator]();
  const first = it.next();
  if (first.done) reader.finish();
  else reader.push(first.value);
  const { width, height } = reader.size!;
  function* blocks(): Generator<CipherBlock, void, undefined> {
    for (let r = it.next(); !r.done; r = it.next()) {
      const block = reader.push(r.value);
      if (block) yield block;
    }
    reader.finish();
  }
  return { width, height, blocks: blocks() };
}

/** The same over an async line source such as `readline.createInterface({ input })`. */
export async function parseCiphertextLinesAsync(lines: AsyncIterable<string>, source?: string): Promise<AsyncCiphertextStream> {
  const reader = new CiphertextReader(source);
  const it = lines[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) reader.finish();
  else reader.push(first.value);
  const { width, height } = reader.size!;
  async function* blocks(): AsyncGenerator<CipherBlock, void, undefined> {
    for (let r = await it.next(); !r.done; r = await it.next()) {
      const block = reader.push(r.value);
      if (block) yield block;
    }
    reader.finish();
  }
  return { width, height, blocks: blocks() };
}

/** The lines of a text, split at `\n` without copying the whole text into an array. */
function* linesOf(text: string): Generator<string, void, undefined> {
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) {
      yield text.slice(start);
      return;
    }
    yield text.slice(start, nl);
    start = nl + 1;
  }
}

export function parseCiphertext(text: string, source?: string): Ciphertext {
  const stream = parseCiphertextLines(linesOf(text), source);
  return { width: stream.width, height: stream.height, blocks: [...stream.blocks] };
}

/** `n` for a square board, `W H` otherwise. */
export function formatHeader(width: number, height: number): string {
  return width === height ? `${width}` : `${width} ${height}`;
}

/** W column clues then H row clues, comma-separated. */
export function formatClueLine(puzzle: Puzzle): string {
  return [...puzzle.cols, ...puzzle.rows].map(formatClue).join(',');
}

/** A block's two lines, each ending with a newline. */
export function formatCipherBlock(block: CipherBlock): string {
  return `${formatClueLine(block.puzzle)}\n${formatAnnotation(block.annotation, block.puzzle.width)}\n`;
}

export function formatCiphertext(c: Ciphertext): string {
  let out = `${formatHeader(c.width, c.height)}\n`;
  for (const block of c.blocks) {
    if (block.puzzle.width !== c.width || block.puzzle.height !== c.height) {
      throw new RangeError(`block of ${block.puzzle.width}x${block.puzzle.height} in a ${c.width}x${c.height} ciphertext`);
    }
    out += formatCipherBlock(block);
  }
  return out;
}
