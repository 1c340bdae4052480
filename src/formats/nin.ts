import { ParseError } from '../errors.js';
import { checkPuzzleFile, checkSide, refuseGivens } from './checkPuzzleFile.js';
import type { PuzzleFile } from './PuzzleFile.js';
import { foundAt, quote, sourceName } from './quote.js';
import { ClueLines, eachLine, firstNonBlank, indentColumn, parseClueText, placeName, type TextLine } from './textLines.js';
import { counted } from './counted.js';

/**
 * Jakub Wilk's `.nin` format (his nonogram solver and test suite): the first line that is not
 * a comment is `W H`, then come H row clues (top to bottom) and W column clues (left to right),
 * one per line, as space-separated run lengths; `0` or an empty line is an empty clue. Lines
 * starting with `#` are comments.
 *
 * The format has no place for anything but clues. Our writer keeps the credits in comments
 * before the size line (`# title: ...`, `# by: ...`, `# copyright: ...`), and our reader reads
 * exactly those back (a comment is one line: line breaks in a credit become spaces, and its
 * ends are trimmed). A goal picture is not written (it does not change the puzzle); givens
 * are refused, because dropping them would change the puzzle's solutions.
 */
export function parseNin(text: string, name?: string): PuzzleFile {
  const source = sourceName(name);
  const credits: { title?: string; author?: string; copyright?: string } = {};
  const lines = eachLine(text);
  let header: TextLine | undefined;
  let last = 0;
  for (let r = lines.next(); !r.done; r = lines.next()) {
    last = r.value.line;
    const t = r.value.text.trim();
    if (t === '') continue;
    if (!t.startsWith('#')) {
      header = r.value;
      break;
    }
    const m = /^#\s*(title|by|copyright):\s?(.*)$/is.exec(t);
    if (m) credits[m[1]!.toLowerCase() === 'by' ? 'author' : (m[1]!.toLowerCase() as 'title' | 'copyright')] = m[2]!.trim();
  }
  const expectedSize = 'expected the board size "W H" (two whole numbers)';
  if (!header) throw new ParseError(`${expectedSize}, found the end of the file`, last + 1, 1, source);
  const sizeLine = header.line;
  const sides: { text: string; column: number }[] = [];
  const re = /\S+/g;
  for (let m = re.exec(header.text); m; m = re.exec(header.text)) {
    const found = sides.length === 2 ? `a third field ${quote(m[0])}` : /^\d+$/.test(m[0]) ? undefined : quote(m[0]);
    if (found) throw new ParseError(`${expectedSize}, found ${found}`, sizeLine, m.index + 1, source);
    sides.push({ text: m[0], column: m.index + 1 });
  }
  if (sides.length < 2) throw new ParseError(`${expectedSize}, found the end of the line`, sizeLine, header.text.length + 1, source);
  const [w, h] = sides as [{ text: string; column: number }, { text: string; column: number }];
  const W = Number(w.text);
  const H = Number(h.text);
  checkSide(W, 'width', placeName(sizeLine, w.column, source), quote(w.text));
  checkSide(H, 'height', placeName(sizeLine, h.column, source), quote(h.text));

  const expected = `expected ${counted(H, 'row clue')} then ${counted(W, 'column clue')} after the size on line ${sizeLine}`;
  const tooMany: (e: TextLine) => never = (e) => {
    throw new ParseError(`${expected}; this line (${foundAt(e.text, indentColumn(e.text) - 1)}) is one too many`, e.line, indentColumn(e.text), source);
  };
  const section = new ClueLines(H + W);
  last = sizeLine;
  for (let r = lines.next(); !r.done; r = lines.next()) {
    last = r.value.line;
    const first = firstNonBlank(r.value.text);
    if (first >= 0 && r.value.text.charCodeAt(first) === 35 /* # */) continue;
    const extra = section.add(r.value, first < 0);
    if (extra) tooMany(extra);
  }
  const chosen = section.result(H + W);
  if ('tooMany' in chosen) tooMany(chosen.tooMany);
  if ('found' in chosen) throw new ParseError(`${expected}, found ${chosen.found}`, last + 1, 1, source);
  const clues = chosen.clues.map((e, k) =>
    parseClueText(e.text, e.line, 1, 'space', k < H ? W : H, k < H ? `row ${k + 1}` : `column ${k - H + 1}`, source),
  );
  const file: PuzzleFile = {
    puzzle: { width: W, height: H, rows: clues.slice(0, H), cols: clues.slice(H) },
    ...credits,
  };
  checkPuzzleFile(file, source);
  return file;
}

export function formatNin(file: PuzzleFile): string {
  checkPuzzleFile(file);
  refuseGivens(file, '.nin');
  const { width, height, rows, cols } = file.puzzle;
  const out: string[] = [];
  // A comment is one line: line breaks become spaces, and the reader trims the ends.
  const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();
  if (file.title !== undefined) out.push(`# title: ${oneLine(file.title)}`);
  if (file.author !== undefined) out.push(`# by: ${oneLine(file.author)}`);
  if (file.copyright !== undefined) out.push(`# copyright: ${oneLine(file.copyright)}`);
  out.push(`${width} ${height}`);
  for (const clue of [...rows, ...cols]) out.push(clue.length > 0 ? clue.join(' ') : '0');
  return out.join('\n') + '\n';
}
