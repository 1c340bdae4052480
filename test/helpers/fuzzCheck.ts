import { isDeepStrictEqual } from 'node:util';
import { ERROR_CODES, NonocryptError, ParseError } from '../../src/errors.js';
import { checkPuzzleFile } from '../../src/formats/checkPuzzleFile.js';
import {
  formatCiphertext,
  parseCiphertext,
  parseCiphertextChunks,
  parseCiphertextLinesAsync,
  type CipherBlock,
  type Ciphertext,
} from '../../src/formats/ciphertext.js';
import { readPuzzleFile, sniffFormat, writePuzzleFile } from '../../src/formats/detectFormat.js';
import { readPuzzle } from '../../src/formats/puzzleText.js';
import { parseNin } from '../../src/formats/nin.js';
import { parseNon } from '../../src/formats/non.js';
import { formatPicture, isPictureText, parsePicture } from '../../src/formats/picture.js';
import type { PuzzleFile, PuzzleFormat } from '../../src/formats/PuzzleFile.js';
import { parsePuzzleJson } from '../../src/formats/puzzleJson.js';
import { eachLine } from '../../src/formats/textLines.js';
import { parseWebpbnXml } from '../../src/formats/webpbnXml.js';
import type { Grid } from '../../src/grid/Puzzle.js';
import type { FuzzCase } from './fuzzInputs.js';

/**
 * The fuzz property, shared by `test/fuzz.test.ts` and `bench/fuzz.ts`: every reader given any
 * text ends with a value or a NonocryptError of a code from ERROR_CODES and kind `input`, whose
 * message is one line of bounded length; a ParseError's line and column lie inside the text
 * (and so does a `line:column` that prefixes any other message); no other exception, and no
 * case slower than its budget. Besides:
 * - the three ciphertext readers (whole text, async lines, raw chunks split anywhere, as
 *   strings or UTF-8 bytes) agree on every input: the same blocks or the same error;
 * - whatever a reader accepts passes `checkPuzzleFile` and reads back the same after writing
 *   it in its own format (write, then read, is the identity on what was read).
 * Each input also goes through `sniffFormat` and, when that names a format, `readPuzzleFile`,
 * through `readPuzzle` (the format from the text, as the CLI reads a puzzle; E_FORMAT when it
 * cannot tell), and through `isPictureText`/`parsePicture`.
 */

/** The readers the fuzzing counts inputs for. */
export const READERS = [
  'non',
  'nin',
  'xml',
  'json',
  'picture',
  'cipher',
  'cipher-async-lines',
  'cipher-chunks',
  'sniffFormat',
  'readPuzzleFile',
  'isPictureText',
  'readPuzzle',
] as const;
export type ReaderName = (typeof READERS)[number];

export const SOURCE = 'fuzz.in';
/** Longest message accepted (plus the file name): quoted tokens are cut, so messages stay short. */
export const MAX_MESSAGE = 320;

export interface CaseReport {
  /** What went wrong; empty when the case passed. */
  readonly problems: string[];
  /** Inputs per reader for this case. */
  readonly runs: Partial<Record<ReaderName, number>>;
  /** The slowest reader call of the case. */
  readonly slowest: { readonly reader: ReaderName; readonly ms: number };
  /** How the reader the text was made for ended: `accepted`, or the error's code. */
  readonly outcome: string;
}

type Outcome = { readonly value: unknown } | { readonly error: unknown };

/** Time budget of one reader call on a text of `length` characters: linear, generous for GC pauses. */
export function budgetMs(length: number): number {
  return 500 + length / 2000;
}

/** Runs every reader the case targets on its text and checks the property. */
export async function runCase(c: FuzzCase): Promise<CaseReport> {
  const problems: string[] = [];
  const runs: Partial<Record<ReaderName, number>> = {};
  let slowest: { reader: ReaderName; ms: number } = { reader: 'sniffFormat', ms: 0 };
  const timed = async (reader: ReaderName, fn: () => unknown): Promise<Outcome> => {
    runs[reader] = (runs[reader] ?? 0) + 1;
    const t0 = performance.now();
    let outcome: Outcome;
    try {
      outcome = { value: await fn() };
    } catch (error) {
      outcome = { error };
    }
    const ms = performance.now() - t0;
    if (ms > slowest.ms) slowest = { reader, ms };
    if (ms > budgetMs(c.text.length)) problems.push(`${reader}: took ${ms.toFixed(0)} ms on ${c.text.length} characters (budget ${budgetMs(c.text.length).toFixed(0)} ms)`);
    return outcome;
  };
  const check = (reader: ReaderName, o: Outcome, lines: 'text' | 'cipher', text = c.text) => {
    if ('error' in o) problems.push(...errorProblems(reader, o.error, text, lines));
  };
  let outcome = '';
  const target = (o: Outcome) => {
    outcome = 'value' in o ? 'accepted' : o.error instanceof NonocryptError ? o.error.code : 'other';
  };

  // The reader the text was made for.
  const format = c.format;
  if (format === 'cipher') {
    const sync = await timed('cipher', () => parseCiphertext(c.text, SOURCE));
    check('cipher', sync, 'cipher');
    target(sync);
    if ('value' in sync) problems.push(...cipherRoundTrip(sync.value as Ciphertext));
    const lines = await timed('cipher-async-lines', () => collect(parseCiphertextLinesAsync(asyncLines(c.text), SOURCE)));
    check('cipher-async-lines', lines, 'cipher');
    problems.push(...same('cipher-async-lines', sync, lines));
    // Chunks as UTF-8 bytes decode a lone surrogate to U+FFFD: compare with the text as it decodes.
    const decoded = c.bytes ? Buffer.from(c.text, 'utf8').toString('utf8') : c.text;
    const base = decoded === c.text ? sync : await timed('cipher', () => parseCiphertext(decoded, SOURCE));
    const chunked = await timed('cipher-chunks', () => collect(parseCiphertextChunks(chunksOf(c), SOURCE)));
    check('cipher-chunks', chunked, 'cipher', decoded);
    problems.push(...same('cipher-chunks', base, chunked));
  } else if (format === 'picture') {
    const o = await timed('picture', () => parsePicture(c.text, SOURCE));
    check('picture', o, 'text');
    target(o);
    if ('value' in o) problems.push(...pictureRoundTrip(o.value as Grid));
  } else {
    const o = await timed(format, () => READ[format](c.text));
    check(format, o, 'text');
    target(o);
    if ('value' in o) problems.push(...fileRoundTrip(format, o.value as PuzzleFile));
  }

  // Format detection and dispatch, as the CLI does it.
  const sniffed = await timed('sniffFormat', () => sniffFormat(c.text));
  if ('error' in sniffed) problems.push(`sniffFormat threw ${describe(sniffed.error)}`);
  else if (sniffed.value !== undefined) {
    const f = sniffed.value as PuzzleFormat;
    const o = await timed('readPuzzleFile', () => readPuzzleFile(c.text, f, SOURCE));
    check('readPuzzleFile', o, f === 'cipher' ? 'cipher' : 'text');
    if ('value' in o) problems.push(...fileRoundTrip(f, o.value as PuzzleFile));
  }
  // What solve, annotate and convert call: the format from the text (picture first).
  const chosen = await timed('readPuzzle', () => readPuzzle(c.text, { source: SOURCE }));
  const asCipher = !isPictureText(c.text) && 'value' in sniffed && sniffed.value === 'cipher';
  check('readPuzzle', chosen, asCipher ? 'cipher' : 'text');
  const picture = await timed('isPictureText', () => isPictureText(c.text));
  if ('error' in picture) problems.push(`isPictureText threw ${describe(picture.error)}`);
  else if (picture.value === true && format !== 'picture') {
    // A text that looks like a picture reads as one, unless it is larger than any board.
    const o = await timed('picture', () => parsePicture(c.text, SOURCE));
    check('picture', o, 'text');
    if ('error' in o && (o.error as NonocryptError).code !== 'E_SIZE') problems.push(`isPictureText says picture but parsePicture fails: ${describe(o.error)}`);
  }
  return { problems, runs, slowest, outcome };
}

const READ: Record<Exclude<PuzzleFormat, 'cipher'>, (text: string) => PuzzleFile> = {
  non: (t) => parseNon(t, SOURCE),
  nin: (t) => parseNin(t, SOURCE),
  xml: (t) => parseWebpbnXml(t, SOURCE),
  json: (t) => parsePuzzleJson(t, SOURCE),
};

/** The problems with an error thrown by `reader` on `text`, if any. */
export function errorProblems(reader: string, e: unknown, text: string, lines: 'text' | 'cipher'): string[] {
  if (!(e instanceof NonocryptError)) return [`${reader}: threw ${describe(e)}`];
  const out: string[] = [];
  if (!Object.hasOwn(ERROR_CODES, e.code)) out.push(`${reader}: code ${e.code} is not in ERROR_CODES`);
  else if (e.kind !== 'input') out.push(`${reader}: ${e.code} is of kind ${e.kind}, not input: ${e.message}`);
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(e.message)) out.push(`${reader}: message is not one clean line: ${JSON.stringify(e.message.slice(0, 300))}`);
  if (e.message.length > MAX_MESSAGE + SOURCE.length) out.push(`${reader}: message of ${e.message.length} characters: ${e.message.slice(0, 200)}…`);
  if (!e.message.startsWith(SOURCE)) out.push(`${reader}: message does not name the source: ${e.message.slice(0, 200)}`);
  const place = /^fuzz\.in:(\d+):(\d+): /.exec(e.message);
  if (e instanceof ParseError) {
    if (!place || Number(place[1]) !== e.line || Number(place[2]) !== e.column) out.push(`${reader}: ParseError place ${e.line}:${e.column} differs from its message: ${e.message.slice(0, 200)}`);
  }
  if (place) {
    const why = placeProblem(text, Number(place[1]), Number(place[2]), lines);
    if (why) out.push(`${reader}: ${why}: ${e.message.slice(0, 200)}`);
  }
  return out;
}

/** Why line:column is not a place in `text` (lines as the reader counts them), or undefined. */
export function placeProblem(text: string, line: number, column: number, lines: 'text' | 'cipher'): string | undefined {
  const lengths: number[] = [];
  if (lines === 'cipher') for (const l of text.split('\n')) lengths.push(l.length);
  else for (const l of eachLine(text)) lengths.push(l.text.length);
  if (!(line >= 1 && line <= lengths.length + 1)) return `line ${line} is outside the text (${lengths.length} lines)`;
  const max = line <= lengths.length ? lengths[line - 1]! + 1 : 1;
  if (!(column >= 1 && column <= max)) return `column ${column} is outside line ${line} (${max - 1} characters)`;
  return undefined;
}

function describe(e: unknown): string {
  if (e instanceof Error) return `${e.constructor.name}: ${e.message.slice(0, 200)}${e instanceof NonocryptError ? '' : `\n${e.stack?.split('\n').slice(1, 4).join('\n')}`}`;
  return String(e);
}

/** Two ciphertext readers' outcomes are the same: equal values, or errors of one class and message. */
function same(reader: ReaderName, a: Outcome, b: Outcome): string[] {
  if ('value' in a && 'value' in b) return isDeepStrictEqual(a.value, b.value) ? [] : [`${reader}: read different blocks than parseCiphertext`];
  if ('error' in a && 'error' in b) {
    const ea = a.error as Error;
    const eb = b.error as Error;
    return ea?.constructor === eb?.constructor && ea?.message === eb?.message ? [] : [`${reader}: ${describe(eb)} where parseCiphertext says ${describe(ea)}`];
  }
  return [`${reader}: ${'value' in b ? 'accepted' : describe(b.error)} where parseCiphertext ${'value' in a ? 'accepted' : `says ${describe(a.error)}`}`];
}

function fileRoundTrip(format: PuzzleFormat, f: PuzzleFile): string[] {
  try {
    checkPuzzleFile(f);
    const again = readPuzzleFile(writePuzzleFile(f, format), format);
    return isDeepStrictEqual(again, f) ? [] : [`${format}: what was read reads back differently after writing it (${JSON.stringify(again).slice(0, 200)})`];
  } catch (e) {
    return [`${format}: what was read cannot be written and read back: ${describe(e)}`];
  }
}

function cipherRoundTrip(c: Ciphertext): string[] {
  try {
    const again = parseCiphertext(formatCiphertext(c));
    return isDeepStrictEqual(again, c) ? [] : ['cipher: what was read reads back differently after writing it'];
  } catch (e) {
    return [`cipher: what was read cannot be written and read back: ${describe(e)}`];
  }
}

function pictureRoundTrip(g: Grid): string[] {
  try {
    const text = formatPicture(g);
    if (!isPictureText(text)) return ['picture: a written picture is not recognised by isPictureText'];
    return isDeepStrictEqual(parsePicture(text), g) ? [] : ['picture: what was read reads back differently after writing it'];
  } catch (e) {
    return [`picture: what was read cannot be written and read back: ${describe(e)}`];
  }
}

async function collect(stream: Promise<{ width: number; height: number; blocks: AsyncIterable<CipherBlock> }>): Promise<Ciphertext> {
  const s = await stream;
  const blocks: CipherBlock[] = [];
  for await (const b of s.blocks) blocks.push(b);
  return { width: s.width, height: s.height, blocks };
}

/** The text's lines (split at `\n`) as an async source, as a line reader delivers them. */
async function* asyncLines(text: string): AsyncGenerator<string> {
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) break;
    yield text.slice(start, nl);
    start = nl + 1;
  }
  if (start < text.length) yield text.slice(start);
}

/** The text in chunks of the case's lengths (repeated), as strings or as UTF-8 bytes split anywhere. */
async function* chunksOf(c: FuzzCase): AsyncGenerator<string | Uint8Array> {
  const data: string | Uint8Array = c.bytes ? Buffer.from(c.text, 'utf8') : c.text;
  for (let at = 0, k = 0; at < data.length; k++) {
    const n = c.chunks[k % c.chunks.length]!;
    yield data.slice(at, at + n);
    at += n;
  }
}
