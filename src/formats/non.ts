import type { Clue, Grid } from '../grid/Puzzle.js';
import { makeGrid } from '../grid/Puzzle.js';
import { ParseError } from '../errors.js';
import { checkGivenCell, checkPuzzleFile, checkSide, MAX_SIDE, sortedGivens } from './checkPuzzleFile.js';
import { decodeHtmlEntities, escapeEntities } from './entities.js';
import type { PuzzleFile } from './PuzzleFile.js';
import { charAt, foundAt, quote, sourceName } from './quote.js';
import { ClueLines, eachLine, firstNonBlank, indentColumn, isBlankText, parseClueText, placeName, type TextLine } from './textLines.js';
import { counted } from './counted.js';

/**
 * Steve Simpson's `.non` format: one keyword per line (the keyword is case-insensitive),
 *
 *     title "Boat"            by "..."          copyright "..."     (quoted, HTML references)
 *     width 5                 height 3          (also written `columns 5`, `rows 3`)
 *     rows                    then `height` lines, one row clue each: `1,3,2`; `0` or a blank
 *     columns                 line is an empty clue (see `clueLines` for blank lines)
 *     goal "010110..."        the picture, row-major, 0 white / 1 black (the string may also
 *                             stand alone on the next line)
 *
 * Lines starting with `#` are comments; unknown keywords (catalogue, license, ...) are ignored.
 *
 * Our extension: `given x,y x,y ...` lists cells given black (0-based column and row from
 * the top left), which is how `annotate` writes an annotation into a .non file. Other .non
 * readers skip it as an unknown keyword. It may appear more than once; the cells add up.
 */
interface Section {
  readonly keyword: string;
  readonly line: number;
  readonly lines: ClueLines;
  /** The line that ended the section (a keyword, or one past the end of the file). */
  endLine: number;
}

interface Located<T> {
  readonly value: T;
  readonly line: number;
  readonly column: number;
}

/** A given cell as written, kept until the board size is known. */
interface Given {
  readonly x: number;
  readonly y: number;
  readonly line: number;
  readonly column: number;
  readonly text: string;
}

const KEYWORD = /[A-Za-z][\w-]*/y;

export function parseNon(text: string, name?: string): PuzzleFile {
  const source = sourceName(name);
  const fail: (message: string, line: number, column: number) => never = (message, line, column) => {
    throw new ParseError(message, line, column, source);
  };
  let width: Located<number> | undefined;
  let height: Located<number> | undefined;
  let rows: Section | undefined;
  let cols: Section | undefined;
  let goal: Located<string> | undefined;
  // Given cells in the order first written, at most one entry per cell of the largest board,
  // and the first that is off every board: checked once the size is known.
  const givens = new Map<number, Given>();
  let offEveryBoard: Given | undefined;
  let title: string | undefined;
  let author: string | undefined;
  let copyright: string | undefined;

  const setSide = (which: 'width' | 'height', value: string, line: number, column: number): void => {
    const seen = which === 'width' ? width : height;
    if (seen) fail(`${which} appears twice (first on line ${seen.line})`, line, column);
    if (!/^\d+$/.test(value)) fail(`expected the ${which} as a whole number, found ${value === '' ? 'the end of the line' : quote(value)}`, line, column);
    const n = Number(value);
    checkSide(n, which, placeName(line, column, source), quote(value));
    if (which === 'width') width = { value: n, line, column };
    else height = { value: n, line, column };
  };

  const lines = eachLine(text);
  let held: TextLine | undefined;
  let last = 0;
  const next = (): TextLine | undefined => {
    if (held) {
      const h = held;
      held = undefined;
      return h;
    }
    const r = lines.next();
    if (r.done) return undefined;
    last = r.value.line;
    return r.value;
  };

  for (let e = next(); e; e = next()) {
    const raw = e.text;
    const line = e.line;
    const indent = firstNonBlank(raw);
    if (indent < 0 || raw[indent] === '#') continue;
    KEYWORD.lastIndex = indent;
    const m = KEYWORD.exec(raw);
    if (!m) fail(`expected a keyword such as width, height, rows, columns or goal, found ${foundAt(raw, indent)}`, line, indent + 1);
    const keyword = m[0].toLowerCase();
    let valueAt = indent + m[0].length;
    while (valueAt < raw.length && /\s/.test(raw[valueAt]!)) valueAt++;
    const value = raw.slice(valueAt).trimEnd();
    const column = valueAt + 1;
    switch (keyword) {
      case 'width':
      case 'height':
        setSide(keyword, value, line, column);
        break;
      case 'rows':
      case 'columns': {
        if (value !== '') {
          // Simpson's alternative spelling of the size: `rows 10` is `height 10`.
          setSide(keyword === 'rows' ? 'height' : 'width', value, line, column);
          break;
        }
        const seen = keyword === 'rows' ? rows : cols;
        if (seen) fail(`${keyword} appears twice (first on line ${seen.line})`, line, indent + 1);
        const count = (keyword === 'rows' ? height : width)?.value;
        const section: Section = { keyword, line, lines: new ClueLines(count), endLine: 0 };
        for (let c = next(); c; c = next()) {
          const first = firstNonBlank(c.text);
          const ch = first < 0 ? 0 : c.text.charCodeAt(first) | 32;
          if (ch === 35 /* # */) continue;
          if (ch >= 97 && ch <= 122) {
            held = c; // a keyword line ends the section
            break;
          }
          const extra = section.lines.add(c, first < 0);
          if (extra) tooMany(section, count!, extra, source);
        }
        section.endLine = held ? held.line : last + 1;
        if (keyword === 'rows') rows = section;
        else cols = section;
        break;
      }
      case 'goal': {
        if (goal) fail(`goal appears twice (first on line ${goal.line})`, line, indent + 1);
        let at = { text: value, line, column };
        if (value === '') {
          let c = next();
          while (c && (isBlankText(c.text) || c.text.trimStart().startsWith('#'))) c = next();
          if (!c) fail('expected the goal picture after "goal", found the end of the file', line, column);
          at = { text: c.text.trim(), line: c.line, column: indentColumn(c.text) };
        }
        const quoted = /^"([^"]*)"/.exec(at.text);
        goal = quoted
          ? { value: quoted[1]!, line: at.line, column: at.column + 1 }
          : { value: at.text, line: at.line, column: at.column };
        break;
      }
      case 'title':
        title = stringValue(value);
        break;
      case 'by':
        author = stringValue(value);
        break;
      case 'copyright':
        copyright = stringValue(value);
        break;
      case 'given': {
        const re = /\S+/g;
        for (let t = re.exec(value); t; t = re.exec(value)) {
          const cell = /^(\d+),(\d+)$/.exec(t[0]);
          if (!cell) fail(`expected a given cell as x,y (0-based column and row), found ${quote(t[0])}`, line, column + t.index);
          const g: Given = { x: Number(cell[1]), y: Number(cell[2]), line, column: column + t.index, text: t[0] };
          if (g.x >= MAX_SIDE || g.y >= MAX_SIDE) offEveryBoard ??= g;
          else if (!givens.has(g.y * MAX_SIDE + g.x)) givens.set(g.y * MAX_SIDE + g.x, g);
        }
        break;
      }
      default:
        break; // catalogue, license, color, and anything we do not know: a property to skip
    }
  }

  const end = last + 1;
  if (!width) {
    if (cols) fail('expected a "width W" line (how many column clues follow "columns")', cols.line, 1);
    fail('expected a "width W" line', end, 1);
  }
  if (!height) {
    if (rows) fail('expected a "height H" line (how many row clues follow "rows")', rows.line, 1);
    fail('expected a "height H" line', end, 1);
  }
  if (!rows) fail(`expected a "rows" line followed by ${counted(height.value, 'row clue')}`, end, 1);
  if (!cols) fail(`expected a "columns" line followed by ${counted(width.value, 'column clue')}`, end, 1);
  const W = width.value;
  const H = height.value;
  const rowClues = takeClues(rows, H, 'row', W, source);
  const colClues = takeClues(cols, W, 'column', H, source);

  let grid: Grid | undefined;
  if (goal) {
    const cells = goal.value;
    if (cells.length !== W * H) {
      fail(`expected ${counted(W * H, 'goal cell')} (0 or 1, ${W}x${H} row by row), found ${cells.length}`, goal.line, goal.column);
    }
    const bad = cells.search(/[^01]/);
    if (bad >= 0) fail(`expected 0 (white) or 1 (black) in the goal, found ${charAt(cells, bad)}`, goal.line, goal.column + bad);
    grid = makeGrid(W, H, Array.from(cells, (c) => (c === '1' ? 1 : 0)));
  }
  const cells: number[] = [];
  const check = (g: Given) => checkGivenCell(g.x, g.y, W, H, placeName(g.line, g.column, source), quote(g.text));
  for (const g of givens.values()) {
    if (offEveryBoard && (offEveryBoard.line < g.line || (offEveryBoard.line === g.line && offEveryBoard.column < g.column))) break;
    check(g);
    cells.push(g.y * W + g.x);
  }
  if (offEveryBoard) check(offEveryBoard);
  const file: PuzzleFile = {
    puzzle: { width: W, height: H, rows: rowClues, cols: colClues },
    ...(grid ? { goal: grid } : {}),
    ...withGivens(sortedGivens(cells)),
    ...(title !== undefined ? { title } : {}),
    ...(author !== undefined ? { author } : {}),
    ...(copyright !== undefined ? { copyright } : {}),
  };
  checkPuzzleFile(file, source);
  return file;
}

function withGivens(givens: number[] | undefined): { givens?: readonly number[] } {
  return givens ? { givens } : {};
}

/** A property value: the text between the first pair of double quotes, else the whole rest. */
function stringValue(value: string): string {
  const quoted = /^"([^"]*)"/.exec(value);
  return decodeHtmlEntities(quoted ? quoted[1]! : value);
}

function tooMany(section: Section, count: number, e: TextLine, source?: string): never {
  const what = section.keyword === 'rows' ? 'row' : 'column';
  const column = indentColumn(e.text);
  throw new ParseError(
    `expected ${counted(count, `${what} clue`)} after "${section.keyword}" on line ${section.line} (${what === 'row' ? 'height' : 'width'} ${count}); this line (${foundAt(e.text, column - 1)}) is one too many`,
    e.line,
    column,
    source,
  );
}

/** The clues of a rows/columns section: `count` of them, each fitting a line of `length`. */
function takeClues(section: Section, count: number, what: 'row' | 'column', length: number, source?: string): Clue[] {
  const chosen = section.lines.result(count);
  if ('tooMany' in chosen) tooMany(section, count, chosen.tooMany, source);
  if ('found' in chosen) {
    throw new ParseError(`expected ${counted(count, `${what} clue`)} after "${section.keyword}" on line ${section.line}, found ${chosen.found}`, section.endLine, 1, source);
  }
  return chosen.clues.map((e, k) => parseClueText(e.text, e.line, 1, 'comma', length, `${what} ${k + 1}`, source));
}

export function formatNon(file: PuzzleFile): string {
  checkPuzzleFile(file);
  const { width, height, rows, cols } = file.puzzle;
  const out: string[] = [];
  if (file.title !== undefined) out.push(`title "${escapeEntities(file.title)}"`);
  if (file.author !== undefined) out.push(`by "${escapeEntities(file.author)}"`);
  if (file.copyright !== undefined) out.push(`copyright "${escapeEntities(file.copyright)}"`);
  out.push(`width ${width}`, `height ${height}`, '', 'rows');
  for (const clue of rows) out.push(clue.length > 0 ? clue.join(',') : '0');
  out.push('', 'columns');
  for (const clue of cols) out.push(clue.length > 0 ? clue.join(',') : '0');
  if (file.goal) out.push('', `goal "${Array.from(file.goal.cells, (c) => (c ? '1' : '0')).join('')}"`);
  if (file.givens && file.givens.length > 0) {
    out.push(
      '',
      '# given x,y ...: cells given black (0-based column, row); a nonocrypt extension to .non',
      `given ${file.givens.map((c) => `${c % width},${Math.floor(c / width)}`).join(' ')}`,
    );
  }
  return out.join('\n') + '\n';
}
