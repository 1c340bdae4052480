import type { Clue, Grid } from '../grid/Puzzle.js';
import { makeGrid } from '../grid/Puzzle.js';
import { InputError, ParseError } from '../errors.js';
import { checkClue, checkPuzzleFile, checkSide, sortedGivens } from './checkPuzzleFile.js';
import { decodeHtmlEntities, escapeEntities } from './entities.js';
import type { PuzzleFile } from './PuzzleFile.js';
import { clueLines, indentColumn, parseClueText, placeName, splitLines, type TextLine } from './textLines.js';

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
  readonly entries: readonly TextLine[];
  /** The line that ended the section (a keyword, or one past the end of the file). */
  readonly endLine: number;
}

interface Located<T> {
  readonly value: T;
  readonly line: number;
  readonly column: number;
}

export function parseNon(text: string, source?: string): PuzzleFile {
  const lines = splitLines(text);
  const fail: (message: string, line: number, column: number) => never = (message, line, column) => {
    throw new ParseError(message, line, column, source);
  };
  let width: Located<number> | undefined;
  let height: Located<number> | undefined;
  let rows: Section | undefined;
  let cols: Section | undefined;
  let goal: Located<string> | undefined;
  const givens: Located<[number, number]>[] = [];
  let title: string | undefined;
  let author: string | undefined;
  let copyright: string | undefined;

  const setSide = (which: 'width' | 'height', value: string, line: number, column: number): void => {
    const seen = which === 'width' ? width : height;
    if (seen) fail(`${which} appears twice (first on line ${seen.line})`, line, column);
    if (!/^\d+$/.test(value)) fail(`expected the ${which} as a whole number`, line, column);
    const n = Number(value);
    checkSide(n, which, placeName(line, column, source));
    if (which === 'width') width = { value: n, line, column };
    else height = { value: n, line, column };
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const m = /^(\s*)([A-Za-z][\w-]*)(\s*)(.*?)\s*$/.exec(raw);
    if (!m) {
      fail('expected a keyword such as width, height, rows, columns or goal', line, indentColumn(raw));
    }
    const keyword = m[2]!.toLowerCase();
    const value = m[4]!;
    const column = m[1]!.length + m[2]!.length + m[3]!.length + 1;
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
        if (seen) fail(`${keyword} appears twice (first on line ${seen.line})`, line, m[1]!.length + 1);
        const entries: TextLine[] = [];
        let j = i + 1;
        for (; j < lines.length; j++) {
          const t = lines[j]!.trim();
          if (t.startsWith('#')) continue;
          if (/^[A-Za-z]/.test(t)) break;
          entries.push({ line: j + 1, text: lines[j]! });
        }
        const section: Section = { keyword, line, entries, endLine: j + 1 };
        if (keyword === 'rows') rows = section;
        else cols = section;
        i = j - 1;
        break;
      }
      case 'goal': {
        if (goal) fail(`goal appears twice (first on line ${goal.line})`, line, m[1]!.length + 1);
        let at = { text: value, line, column };
        if (value === '') {
          let j = i + 1;
          while (j < lines.length && (lines[j]!.trim() === '' || lines[j]!.trim().startsWith('#'))) j++;
          if (j >= lines.length) fail('expected the goal picture after "goal"', line, column);
          const next = lines[j]!;
          at = { text: next.trim(), line: j + 1, column: indentColumn(next) };
          i = j;
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
          if (!cell) fail('expected a given cell as x,y (0-based column and row)', line, column + t.index);
          givens.push({ value: [Number(cell[1]), Number(cell[2])], line, column: column + t.index });
        }
        break;
      }
      default:
        break; // catalogue, license, color, and anything we do not know: a property to skip
    }
  }

  const end = lines.length + 1;
  if (!width) {
    if (cols) fail('expected a "width W" line (how many column clues follow "columns")', cols.line, 1);
    fail('expected a "width W" line', end, 1);
  }
  if (!height) {
    if (rows) fail('expected a "height H" line (how many row clues follow "rows")', rows.line, 1);
    fail('expected a "height H" line', end, 1);
  }
  if (!rows) fail(`expected a "rows" line followed by ${height.value} row clues`, end, 1);
  if (!cols) fail(`expected a "columns" line followed by ${width.value} column clues`, end, 1);
  const W = width.value;
  const H = height.value;
  const rowClues = takeClues(rows, H, 'row', W, source);
  const colClues = takeClues(cols, W, 'column', H, source);

  let grid: Grid | undefined;
  if (goal) {
    const cells = goal.value;
    if (cells.length !== W * H) {
      fail(`expected ${W * H} goal cells (0 or 1, ${W}x${H} row by row), found ${cells.length}`, goal.line, goal.column);
    }
    const bad = cells.search(/[^01]/);
    if (bad >= 0) fail('expected 0 (white) or 1 (black) in the goal', goal.line, goal.column + bad);
    grid = makeGrid(W, H, Array.from(cells, (c) => (c === '1' ? 1 : 0)));
  }
  const cells: number[] = [];
  for (const g of givens) {
    const [x, y] = g.value;
    if (x >= W || y >= H) {
      throw new InputError('E_GIVEN', `${placeName(g.line, g.column, source)}: given cell ${x},${y} is off the ${W}x${H} board`);
    }
    cells.push(y * W + x);
  }
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

/** The clues of a rows/columns section: `count` of them, each fitting a line of `length`. */
function takeClues(section: Section, count: number, what: 'row' | 'column', length: number, source?: string): Clue[] {
  const header = `after "${section.keyword}" on line ${section.line}`;
  const chosen = clueLines(section.entries, count);
  if ('tooMany' in chosen) {
    const e = chosen.tooMany;
    throw new ParseError(
      `expected ${count} ${what} clues ${header} (${what === 'row' ? 'height' : 'width'} ${count}); this line is one too many`,
      e.line,
      indentColumn(e.text),
      source,
    );
  }
  if ('found' in chosen) {
    throw new ParseError(`expected ${count} ${what} clues ${header}, found ${chosen.found}`, section.endLine, 1, source);
  }
  return chosen.clues.map((e, k) => {
    const clue = parseClueText(e.text, e.line, 1, 'comma', source);
    checkClue(clue, length, `${what} ${k + 1}`, placeName(e.line, 1, source));
    return clue;
  });
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
