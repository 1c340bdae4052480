import { InputError, ParseError } from '../errors.js';
import { checkClue, checkPuzzleFile, checkSide } from './checkPuzzleFile.js';
import type { PuzzleFile } from './PuzzleFile.js';
import { clueLines, indentColumn, parseClueText, placeName, splitLines, type TextLine } from './textLines.js';

/**
 * Jakub Wilk's `.nin` format (his nonogram solver and test suite): the first line that is not
 * a comment is `W H`, then come H row clues (top to bottom) and W column clues (left to right),
 * one per line, as space-separated run lengths; `0` or an empty line is an empty clue. Lines
 * starting with `#` are comments.
 *
 * The format has no place for anything but clues. Our writer keeps the credits in comments
 * before the size line (`# title: ...`, `# by: ...`, `# copyright: ...`), and our reader reads
 * exactly those back. A goal picture is not written (it does not change the puzzle); givens
 * are refused, because dropping them would change the puzzle's solutions.
 */
export function parseNin(text: string, source?: string): PuzzleFile {
  const lines = splitLines(text);
  const credits: { title?: string; author?: string; copyright?: string } = {};
  let i = 0;
  for (; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t === '') continue;
    if (!t.startsWith('#')) break;
    const m = /^#\s*(title|by|copyright):\s?(.*)$/i.exec(t);
    if (m) credits[m[1]!.toLowerCase() === 'by' ? 'author' : (m[1]!.toLowerCase() as 'title' | 'copyright')] = m[2]!.trim();
  }
  if (i >= lines.length) throw new ParseError('expected the board size "W H" (two whole numbers)', i + 1, 1, source);
  const sizeLine = i + 1;
  const header = lines[i]!;
  const words = [...header.matchAll(/\S+/g)];
  const bad = words.findIndex((w) => !/^\d+$/.test(w[0]));
  if (bad >= 0 || words.length !== 2) {
    const at = bad >= 0 ? words[bad]!.index + 1 : words.length > 2 ? words[2]!.index + 1 : header.length + 1;
    throw new ParseError('expected the board size "W H" (two whole numbers)', sizeLine, at, source);
  }
  const W = Number(words[0]![0]);
  const H = Number(words[1]![0]);
  checkSide(W, 'width', placeName(sizeLine, words[0]!.index + 1, source));
  checkSide(H, 'height', placeName(sizeLine, words[1]!.index + 1, source));

  const entries: TextLine[] = [];
  for (let j = i + 1; j < lines.length; j++) {
    if (!lines[j]!.trim().startsWith('#')) entries.push({ line: j + 1, text: lines[j]! });
  }
  const chosen = clueLines(entries, H + W);
  const expected = `expected ${H} row clues then ${W} column clues after the size on line ${sizeLine}`;
  if ('tooMany' in chosen) {
    throw new ParseError(`${expected}; this line is one too many`, chosen.tooMany.line, indentColumn(chosen.tooMany.text), source);
  }
  if ('found' in chosen) throw new ParseError(`${expected}, found ${chosen.found}`, lines.length + 1, 1, source);
  const clues = chosen.clues.map((e, k) => {
    const clue = parseClueText(e.text, e.line, 1, 'space', source);
    const name = k < H ? `row ${k + 1}` : `column ${k - H + 1}`;
    checkClue(clue, k < H ? W : H, name, placeName(e.line, 1, source));
    return clue;
  });
  const file: PuzzleFile = {
    puzzle: { width: W, height: H, rows: clues.slice(0, H), cols: clues.slice(H) },
    ...credits,
  };
  checkPuzzleFile(file, source);
  return file;
}

export function formatNin(file: PuzzleFile): string {
  checkPuzzleFile(file);
  if (file.givens && file.givens.length > 0) {
    throw new InputError('E_GIVENS', '.nin has no place for given cells; write .non or .json to keep them');
  }
  const { width, height, rows, cols } = file.puzzle;
  const out: string[] = [];
  const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
  if (file.title !== undefined) out.push(`# title: ${oneLine(file.title)}`);
  if (file.author !== undefined) out.push(`# by: ${oneLine(file.author)}`);
  if (file.copyright !== undefined) out.push(`# copyright: ${oneLine(file.copyright)}`);
  out.push(`${width} ${height}`);
  for (const clue of [...rows, ...cols]) out.push(clue.length > 0 ? clue.join(' ') : '0');
  return out.join('\n') + '\n';
}
