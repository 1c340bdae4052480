import { ParseError } from '../errors.js';
import { checkClue, checkGivenCell, checkSide } from './checkPuzzleFile.js';
import type { Clue, Puzzle } from '../grid/Puzzle.js';
import { quote, sourceName } from './quote.js';
import type { Fail } from './symbols.js';
import { MAX_DIGITS, annotationCells, formatAnnotation, formatClue, readClueGroup } from './symbols.js';
import { linesOf, placeName } from './textLines.js';
import { counted } from './counted.js';

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
 * error names the 1-based line and column and, inside a block, the block (1-based) and the
 * clue or annotation, and quotes the token as written. Malformed text is a ParseError; the
 * checks every puzzle format shares come from `checkPuzzleFile.ts` with their own codes: a
 * board side out of range (E_SIZE), a clue that cannot fit its line (E_CLUE), an annotated
 * cell off the board (E_GIVEN). Clue/board consistency (equal black totals, a solution
 * existing) is not checked here: that is the solver's verdict. A file with a header and no
 * blocks is the ciphertext of the empty message.
 *
 * Memory stays bounded by the longest line the board allows (see `CiphertextReader`), also
 * for a source that never sends a newline: `parseCiphertextChunks` reads raw chunks and fails
 * as soon as the line it is collecting is longer than that.
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

/** The longest header line accepted: `W H` and some whitespace. */
export const MAX_HEADER_LENGTH = 256;

/** Characters a clue group for a line of `length` cells can need: every run a six-digit decimal number. */
const groupLength = (length: number): number => (MAX_DIGITS + 1) * ((length + 1) >> 1) + 1;

/**
 * Incremental parser: feed lines with `push`, then call `finish`.
 *
 * Lines are bounded: the header line may be MAX_HEADER_LENGTH characters long, a block line
 * twice the longest it could need on this board (every number written with six digits) plus
 * 4096. A longer line is an error at the first character past the bound, and a line source
 * that knows only part of a line (`parseCiphertextChunks`) asks `checkPartialLine` so that a
 * huge line fails before it is read whole.
 */
export class CiphertextReader {
  #width = 0;
  #height = 0;
  #line = 0;
  #blocks = 0;
  #firstBlank = 0;
  #pending: { puzzle: Puzzle; line: number } | undefined;

  readonly source: string | undefined;

  /** `source` names the input in messages (`file:3:7: ...`). */
  constructor(source?: string) {
    this.source = sourceName(source);
  }

  /** Board size once the header line has been read, else undefined. */
  get size(): { width: number; height: number } | undefined {
    return this.#width ? { width: this.#width, height: this.#height } : undefined;
  }

  /** The longest the next line may be. */
  get maxLineLength(): number {
    if (this.#line === 0) return MAX_HEADER_LENGTH;
    const w = this.#width;
    const h = this.#height;
    const need = this.#pending ? 2 * (MAX_DIGITS + 1) * w * h : w * groupLength(h) + h * groupLength(w);
    return 2 * need + 4096;
  }

  /** Throws when the next line, of which `length` characters are known so far, is already too long. */
  checkPartialLine(length: number): void {
    const max = this.maxLineLength;
    if (length <= max) return;
    const what =
      this.#line === 0
        ? 'header: the first line is longer than ' + max + ' characters; expected the board side "n" or "W H"'
        : `line is longer than ${max} characters, more than any line of a ${this.#width}x${this.#height} ciphertext needs`;
    throw this.#error(what, this.#line + 1, max + 1);
  }

  /** Feeds the next line (its `\n` removed; a trailing `\r` is dropped). Returns a block when one completes. */
  push(rawLine: string): CipherBlock | undefined {
    this.checkPartialLine(rawLine.length);
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
    if (this.#line === 0) throw this.#error('header: expected the board side "n" or "W H" on line 1, found an empty file', 1, 1);
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

  #place(column: number, what: string): string {
    return `${placeName(this.#line, column, this.source)}: ${what}`;
  }

  #readHeader(line: string): void {
    const fail = this.#failAt('header: ', 0);
    const sides: number[] = [];
    const re = /[^ \t]+/g;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      const text = m[0];
      if (sides.length === 2) fail(`expected the board side "n" or "W H", found a third field ${quote(text)}`, m.index);
      for (let i = 0; i < text.length; i++) {
        const ch = text[i]!;
        if (ch < '0' || ch > '9') fail(`expected the board side "n" or "W H" as decimal numbers, found ${quote(text)}`, m.index);
      }
      const n = text.length > MAX_DIGITS ? Infinity : Number(text);
      checkSide(n, 'board side', this.#place(m.index + 1, 'header'), quote(text));
      sides.push(n);
    }
    if (sides.length === 0) fail('expected the board side "n" or "W H" on line 1, found an empty line', 0);
    this.#width = sides[0]!;
    this.#height = sides[1] ?? sides[0]!;
  }

  #readClues(line: string): Puzzle {
    const w = this.#width;
    const h = this.#height;
    const block = this.#blocks + 1;
    let groups = 1;
    let extra = -1; // where group w + h + 1 starts, if there is one
    for (let comma = line.indexOf(','); comma >= 0; comma = line.indexOf(',', comma + 1)) {
      if (groups === w + h) extra = comma + 1;
      groups++;
    }
    if (groups !== w + h) {
      // A mark that is neither a clue symbol nor the separator (a ";" typed for a ",") is what
      // miscounted the groups: the groups up to it are read, so the error points at it. (Letters
      // are left to the count: a line of words is no clue line at all.)
      const foreign = line.search(/[^0-9A-Za-z, \t]/);
      const group = foreign < 0 ? -1 : line.slice(0, foreign).split(',').length - 1;
      if (group >= 0 && group < w + h) this.#readGroups(line, group + 1);
      throw this.#error(
        `block ${block}: expected ${w + h} groups (${counted(w, 'column clue')}, ${counted(h, 'row clue')}), found ${groups}`,
        this.#line,
        extra >= 0 ? extra + 1 : line.length + 1,
      );
    }
    return this.#readGroups(line, w + h);
  }

  /** The first `count` groups of a clue line (all w + h of them: the block's clues). */
  #readGroups(line: string, count: number): Puzzle {
    const w = this.#width;
    const h = this.#height;
    const block = this.#blocks + 1;
    const cols: Clue[] = [];
    const rows: Clue[] = [];
    let start = 0;
    for (let i = 0; i < count; i++) {
      const comma = line.indexOf(',', start);
      const end = comma < 0 ? line.length : comma;
      const isCol = i < w;
      const label = isCol ? `column clue ${i + 1}` : `row clue ${i - w + 1}`;
      const length = isCol ? h : w;
      const group = readClueGroup(line.slice(start, end), this.#failAt(`block ${block}, ${label}: `, start), (length >> 1) + 2, length);
      const name = isCol ? `column ${i + 1}` : `row ${i - w + 1}`;
      checkClue(group.runs, length, name, this.#place(start + group.start + 1, `block ${block}`), quote(group.text), group.need);
      (isCol ? cols : rows).push(group.runs);
      start = end + 1;
    }
    return { width: w, height: h, rows, cols };
  }

  #readAnnotation(line: string): number[] {
    const w = this.#width;
    const h = this.#height;
    const what = `block ${this.#blocks + 1}, annotation`;
    const fail = this.#failAt(`${what}: `, 0);
    const seen = new Set<number>();
    for (const cell of annotationCells(line, fail, w, h)) {
      checkGivenCell(cell.x, cell.y, w, h, () => this.#place((cell.x >= w ? cell.offset : cell.yOffset) + 1, what), quote(cell.text));
      const index = cell.y * w + cell.x;
      if (seen.has(index)) fail(`cell ${quote(cell.text)} = (${cell.x}, ${cell.y}) is named twice`, cell.offset);
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
  return readStream(new CiphertextReader(source), lines);
}

async function readStream(reader: CiphertextReader, lines: AsyncIterable<string>): Promise<AsyncCiphertextStream> {
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

/**
 * The same over raw chunks of the file (a `fs.createReadStream`, `process.stdin`): UTF-8 bytes
 * or strings, split into lines here. The unfinished line is bounded by the reader's
 * `maxLineLength`, so a source that sends 100 MB without a newline fails after at most that
 * many characters instead of collecting them all; each chunk is scanned once.
 */
export async function parseCiphertextChunks(chunks: AsyncIterable<string | Uint8Array>, source?: string): Promise<AsyncCiphertextStream> {
  const reader = new CiphertextReader(source);
  async function* lines(): AsyncGenerator<string, void, undefined> {
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true }); // a BOM is the reader's to drop, as for text
    let rest = '';
    for await (const chunk of chunks) {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        const line = rest + text.slice(start, nl);
        rest = '';
        start = nl + 1;
        yield line;
      }
      rest += text.slice(start);
      reader.checkPartialLine(rest.length);
    }
    rest += decoder.decode();
    if (rest !== '') yield rest;
  }
  return readStream(reader, lines());
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
