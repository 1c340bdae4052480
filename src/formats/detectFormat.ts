import { InputError } from '../errors.js';
import { counted } from './counted.js';
import { checkPuzzleFile, sortedGivens } from './checkPuzzleFile.js';
import { formatCiphertext, parseCiphertextLines, type CipherBlock } from './ciphertext.js';
import { formatNin, parseNin } from './nin.js';
import { formatNon, parseNon } from './non.js';
import type { PuzzleFile, PuzzleFormat } from './PuzzleFile.js';
import { formatPuzzleJson, parsePuzzleJson } from './puzzleJson.js';
import { sourceName } from './quote.js';
import { eachLine, linesOf } from './textLines.js';
import { formatWebpbnXml, parseWebpbnXml } from './webpbnXml.js';

/**
 * Which format a puzzle file is in, and reading or writing any of them. The file name decides
 * first (`formatFromPath`); `sniffFormat` looks at the text only when the name does not say,
 * and answers only when the text is unambiguous. A ciphertext read as a puzzle must hold one
 * block: its annotation becomes the givens.
 */
const EXTENSIONS: Readonly<Record<string, PuzzleFormat>> = {
  non: 'non',
  nin: 'nin',
  xml: 'xml',
  pbn: 'xml',
  json: 'json',
  nc: 'cipher',
  cipher: 'cipher',
};

/** The format a file name's extension names (case-insensitive), or undefined. */
export function formatFromPath(path: string): PuzzleFormat | undefined {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const ext = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined;
}

/**
 * The format of a text, when it is clear: `<` first is XML, `{` first is JSON; a first line
 * (after blanks and `#` comments) with one number is a ciphertext; with two numbers (`W H`) it
 * is a ciphertext if some later line has a comma and .nin if every later line is numbers;
 * otherwise a line starting with width, height, rows or columns makes it .non.
 */
export function sniffFormat(text: string): PuzzleFormat | undefined {
  const first = text.search(/[^\s\uFEFF]/);
  if (first < 0) return undefined;
  if (text[first] === '<') return 'xml';
  if (text[first] === '{') return 'json';
  const lines = eachLine(text);
  let r = lines.next();
  for (; !r.done; r = lines.next()) {
    const t = r.value.text.trim();
    if (t !== '' && !t.startsWith('#')) break;
  }
  if (r.done) return undefined;
  const head = r.value.text;
  if (/^\s*\d+\s*$/.test(head)) return 'cipher';
  if (/^\s*\d+\s+\d+\s*$/.test(head)) {
    let numbers = true;
    for (r = lines.next(); !r.done; r = lines.next()) {
      const l = r.value.text;
      if (l.trim().startsWith('#')) continue;
      if (l.includes(',')) return 'cipher';
      if (numbers && !/^[\d\s]*$/.test(l)) numbers = false;
    }
    return numbers ? 'nin' : undefined;
  }
  for (; !r.done; r = lines.next()) if (/^\s*(width|height|rows|columns)\b/i.test(r.value.text)) return 'non';
  return undefined;
}

export function readPuzzleFile(text: string, format: PuzzleFormat, source?: string): PuzzleFile {
  switch (format) {
    case 'non':
      return parseNon(text, source);
    case 'nin':
      return parseNin(text, source);
    case 'xml':
      return parseWebpbnXml(text, source);
    case 'json':
      return parsePuzzleJson(text, source);
    case 'cipher': {
      // Blocks one at a time: only the first is kept, the others are counted.
      let first: CipherBlock | undefined;
      let blocks = 0;
      for (const block of parseCiphertextLines(linesOf(text), source).blocks) {
        first ??= block;
        blocks++;
      }
      if (blocks !== 1) {
        throw new InputError('E_BLOCKS', `${source ? sourceName(source) + ': ' : ''}a ciphertext is a puzzle when it has one block; this one has ${counted(blocks, 'block')}`);
      }
      const givens = sortedGivens(first!.annotation);
      const file: PuzzleFile = { puzzle: first!.puzzle, ...(givens ? { givens } : {}) };
      checkPuzzleFile(file, sourceName(source));
      return file;
    }
  }
}

/**
 * The file in `format`. What a format cannot hold: .nin and a ciphertext drop the goal
 * picture, a ciphertext also the credits; .nin and XML refuse givens (E_GIVENS), since
 * dropping them would change the puzzle.
 */
export function writePuzzleFile(file: PuzzleFile, format: PuzzleFormat): string {
  switch (format) {
    case 'non':
      return formatNon(file);
    case 'nin':
      return formatNin(file);
    case 'xml':
      return formatWebpbnXml(file);
    case 'json':
      return formatPuzzleJson(file);
    case 'cipher': {
      checkPuzzleFile(file);
      const { width, height } = file.puzzle;
      return formatCiphertext({ width, height, blocks: [{ puzzle: file.puzzle, annotation: file.givens ?? [] }] });
    }
  }
}
