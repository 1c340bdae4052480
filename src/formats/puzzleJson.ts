import type { Clue } from '../grid/Puzzle.js';
import { gridRows, makeGrid } from '../grid/Puzzle.js';
import { InputError } from '../errors.js';
import { checkClue, checkGivenCell, checkPuzzleFile, checkRunLength, checkSide, isRunLength, sortedGivens } from './checkPuzzleFile.js';
import { JsonText, type JsonSpan } from './jsonText.js';
import type { PuzzleFile } from './PuzzleFile.js';
import { quote, sourceName } from './quote.js';
import { lineColumnAt, placeName } from './textLines.js';

/**
 * The project's own puzzle file, versioned JSON:
 *
 *     { "format": "nonocrypt-puzzle", "version": 1, "title"?, "author"?, "copyright"?,
 *       "width": W, "height": H, "rows": [[1, 2], [], ...], "cols": [...],
 *       "goal"?: ["#..#", ...], "givens"?: [[x, y], ...] }
 *
 * `rows` top to bottom and `cols` left to right hold run lengths; `goal` is the picture, one
 * string per row, `#` black and `.` white; `givens` are cells given black as 0-based
 * [column, row]. Unknown keys are errors (a misspelt "givens" must not vanish silently).
 *
 * Without a "format" key the file is read as a benchmark puzzle, `{"id", "name"?, "source",
 * "rows", "cols", "solutions_known"}`: the size comes from the clue lists, the title from
 * `name` (else `id`), and other keys are ignored.
 *
 * JSON syntax errors are ParseErrors at the line and column of the fault; shape and range
 * errors are InputErrors (E_JSON, or the common E_SIZE / E_CLUE / E_GIVEN / E_GOAL) that name
 * the place (`file:3:12`) and the key (`rows[2][0]`) and show the value as written (`1e400`,
 * never a reformatted number). A key this reader uses may appear once. The text is read in
 * place (`JsonText`): only the values the puzzle needs are taken, one at a time, so a huge
 * file fails in bounded memory.
 */
export const PUZZLE_JSON_FORMAT = 'nonocrypt-puzzle';
export const PUZZLE_JSON_VERSION = 1;

const KEYS = new Set(['format', 'version', 'title', 'author', 'copyright', 'width', 'height', 'rows', 'cols', 'goal', 'givens']);
/** Keys of the benchmark form that are read (others there are ignored). */
const BENCHMARK_KEYS = new Set(['rows', 'cols', 'name', 'id']);

export function parsePuzzleJson(text: string, name?: string): PuzzleFile {
  const source = sourceName(name);
  const json = new JsonText(text, source);
  const root = json.checkJson();
  const place = (offset: number) => () => {
    const { line, column } = lineColumnAt(text, offset);
    return placeName(line, column, source);
  };
  const bad: (offset: number, message: string) => never = (offset, message) => {
    throw new InputError('E_JSON', `${place(offset)()}: ${message}`);
  };
  if (root.kind !== 'object') bad(root.start, `expected a JSON object {...} at the top, found ${json.shown(root)}`);

  // The members this reader uses (each at most once), and the first it does not know.
  const known = new Map<string, { at: number; value: JsonSpan }>();
  let unknown: { key: string; at: number } | undefined;
  for (const m of json.members(root)) {
    if (KEYS.has(m.key) || BENCHMARK_KEYS.has(m.key)) {
      const first = known.get(m.key);
      if (first) bad(m.at, `key ${quote(m.key)} appears twice (first at ${place(first.at)()})`);
      known.set(m.key, m);
    } else unknown ??= { key: m.key, at: m.at };
  }
  const get = (key: string): JsonSpan | undefined => known.get(key)?.value;
  const number = (v: JsonSpan, path: string): number => {
    if (v.kind !== 'number') bad(v.start, `${path} is ${json.shown(v)}; expected a whole number`);
    return json.numberValue(v);
  };
  const int = (v: JsonSpan, path: string): number => {
    const n = number(v, path);
    if (!Number.isInteger(n)) bad(v.start, `${path} is ${json.shown(v)}; expected a whole number`);
    return n;
  };
  const list = (key: string, what: string): JsonSpan => {
    const v = get(key);
    if (v === undefined) return bad(root.start, `"${key}" is missing; expected ${what}`);
    if (v.kind !== 'array') bad(v.start, `"${key}" is ${json.shown(v)}; expected ${what}`);
    return v;
  };
  const CLUES = 'a list of clues like [[1, 2], []]';
  /** The clues of `rows` or `cols`, each checked against `length` as it is read. */
  const clues = (key: 'rows' | 'cols', length: number): Clue[] => {
    const out: Clue[] = [];
    let i = 0;
    for (const clue of json.elements(get(key)!)) {
      if (clue.kind !== 'array') bad(clue.start, `${key}[${i}] is ${json.shown(clue)}; expected a list of run lengths like [1, 2]`);
      const runs: number[] = [];
      let need = -1;
      json.eachElement(clue, (start, end, j) => {
        if (json.kindAt(start) !== 'number') number({ kind: json.kindAt(start), start, end }, `${key}[${i}][${j}]`);
        const n = json.numberAt(start, end);
        if (!isRunLength(n)) checkRunLength(n, `${key}[${i}][${j}]`, place(start), json.shown({ kind: 'number', start, end }));
        need += n + 1;
        if (runs.length < (length >> 1) + 2) runs.push(n);
      });
      checkClue(runs, length, `${key === 'rows' ? 'row' : 'column'} ${i + 1}`, place(clue.start), json.shown(clue), Math.max(need, 0));
      out.push(runs);
      i++;
    }
    return out;
  };

  if (!known.has('format')) {
    // The benchmark form: the size is the number of clues.
    if (!known.has('rows') && !known.has('cols')) {
      bad(root.start, `expected "format": "${PUZZLE_JSON_FORMAT}" (or a benchmark puzzle with "rows" and "cols")`);
    }
    const rowsSpan = list('rows', CLUES);
    const colsSpan = list('cols', CLUES);
    const H = json.count(rowsSpan);
    const W = json.count(colsSpan);
    checkSide(W, 'width', place(colsSpan.start), `${W} (the number of "cols")`);
    checkSide(H, 'height', place(rowsSpan.start), `${H} (the number of "rows")`);
    const rows = clues('rows', W);
    const cols = clues('cols', H);
    const name = [get('name'), get('id')].find((v) => v !== undefined && json.raw(v) !== 'null');
    const file: PuzzleFile = {
      puzzle: { width: W, height: H, rows, cols },
      ...(name?.kind === 'string' ? { title: json.stringValue(name) } : {}),
    };
    checkPuzzleFile(file, source);
    return file;
  }

  const format = get('format')!;
  if (format.kind !== 'string' || json.stringValue(format) !== PUZZLE_JSON_FORMAT) {
    bad(format.start, `"format" is ${json.shown(format)}; expected "${PUZZLE_JSON_FORMAT}"`);
  }
  const version = get('version');
  if (version === undefined) bad(root.start, `"version" is missing; expected ${PUZZLE_JSON_VERSION} (the version this nonocrypt reads)`);
  if (version.kind !== 'number' || json.numberValue(version) !== PUZZLE_JSON_VERSION) {
    bad(version.start, `"version" is ${json.shown(version)}; expected ${PUZZLE_JSON_VERSION} (the version this nonocrypt reads)`);
  }
  if (unknown) bad(unknown.at, `unknown key ${quote(unknown.key)}`);
  for (const key of BENCHMARK_KEYS) if (!KEYS.has(key) && known.has(key)) bad(known.get(key)!.at, `unknown key ${quote(key)}`);
  const side = (key: 'width' | 'height'): number => {
    const v = get(key);
    if (v === undefined) return bad(root.start, `"${key}" is missing`);
    const n = number(v, `"${key}"`);
    checkSide(n, key, place(v.start), json.shown(v));
    return n;
  };
  const W = side('width');
  const H = side('height');
  const sized = (key: 'rows' | 'cols' | 'goal', count: number, what: string, expected: string): JsonSpan => {
    const v = list(key, what);
    const n = json.count(v);
    if (n !== count) bad(v.start, `"${key}" has ${n} ${key === 'goal' ? 'rows' : 'clues'}; expected ${count} (${expected})`);
    return v;
  };
  sized('rows', H, CLUES, 'the height');
  sized('cols', W, CLUES, 'the width');
  const rows = clues('rows', W);
  const cols = clues('cols', H);

  let goal;
  if (known.has('goal')) {
    const g = sized('goal', H, `a list of ${H} strings (one per row, # black, . white)`, 'the height');
    const cells = new Uint8Array(W * H);
    let y = 0;
    for (const row of json.elements(g)) {
      const value = row.kind === 'string' ? json.stringValue(row) : undefined;
      if (value === undefined || value.length !== W || /[^#.]/.test(value)) {
        bad(row.start, `goal[${y}] is ${json.shown(row)}; expected ${W} characters, # (black) or . (white)`);
      }
      for (let x = 0; x < W; x++) cells[y * W + x] = value.charCodeAt(x) === 35 ? 1 : 0;
      y++;
    }
    goal = makeGrid(W, H, cells);
  }

  let givens: number[] | undefined;
  if (known.has('givens')) {
    const g = list('givens', 'a list of cells [x, y]');
    const cells = new Set<number>();
    let i = 0;
    for (const cell of json.elements(g)) {
      const xy: JsonSpan[] = [];
      if (cell.kind === 'array') json.eachElement(cell, (start, end) => xy.push({ kind: json.kindAt(start), start, end }) < 3);
      if (xy.length !== 2) bad(cell.start, `givens[${i}] is ${json.shown(cell)}; expected a cell [x, y]`);
      const x = int(xy[0]!, `givens[${i}][0]`);
      const y = int(xy[1]!, `givens[${i}][1]`);
      checkGivenCell(x, y, W, H, place(cell.start), `${json.shown(cell)} (givens[${i}])`);
      cells.add(y * W + x);
      i++;
    }
    givens = sortedGivens(cells);
  }

  const str = (key: string): string | undefined => {
    const v = get(key);
    if (v === undefined) return undefined;
    if (v.kind !== 'string') bad(v.start, `"${key}" is ${json.shown(v)}; expected a string`);
    return json.stringValue(v);
  };
  const title = str('title');
  const author = str('author');
  const copyright = str('copyright');
  const file: PuzzleFile = {
    puzzle: { width: W, height: H, rows, cols },
    ...(goal ? { goal } : {}),
    ...(givens ? { givens } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(author !== undefined ? { author } : {}),
    ...(copyright !== undefined ? { copyright } : {}),
  };
  checkPuzzleFile(file, source);
  return file;
}

export function formatPuzzleJson(file: PuzzleFile): string {
  checkPuzzleFile(file);
  const { width, height, rows, cols } = file.puzzle;
  const q = (v: unknown) => JSON.stringify(v);
  const list = (items: readonly string[]) => (items.length > 0 ? `[\n    ${items.join(',\n    ')}\n  ]` : '[]');
  const clue = (c: Clue) => `[${c.join(', ')}]`;
  const fields: string[] = [`"format": ${q(PUZZLE_JSON_FORMAT)}`, `"version": ${PUZZLE_JSON_VERSION}`];
  if (file.title !== undefined) fields.push(`"title": ${q(file.title)}`);
  if (file.author !== undefined) fields.push(`"author": ${q(file.author)}`);
  if (file.copyright !== undefined) fields.push(`"copyright": ${q(file.copyright)}`);
  fields.push(`"width": ${width}`, `"height": ${height}`, `"rows": ${list(rows.map(clue))}`, `"cols": ${list(cols.map(clue))}`);
  if (file.goal) {
    fields.push(`"goal": ${list(gridRows(file.goal).map(q))}`);
  }
  if (file.givens && file.givens.length > 0) {
    fields.push(`"givens": [${file.givens.map((c) => `[${c % width}, ${Math.floor(c / width)}]`).join(', ')}]`);
  }
  return `{\n  ${fields.join(',\n  ')}\n}\n`;
}
