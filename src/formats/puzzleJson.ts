import type { Clue } from '../grid/Puzzle.js';
import { makeGrid } from '../grid/Puzzle.js';
import { InputError, ParseError } from '../errors.js';
import { checkClue, checkPuzzleFile, checkSide, sortedGivens } from './checkPuzzleFile.js';
import type { PuzzleFile } from './PuzzleFile.js';
import { lineColumnAt } from './textLines.js';

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
 * JSON syntax errors are ParseErrors at the line and column where JSON.parse stopped; shape
 * and range errors are InputErrors (E_JSON, or the common E_SIZE / E_CLUE / E_GIVEN / E_GOAL)
 * that name the key, like `rows[2][0]`.
 */
export const PUZZLE_JSON_FORMAT = 'nonocrypt-puzzle';
export const PUZZLE_JSON_VERSION = 1;

const KEYS = new Set(['format', 'version', 'title', 'author', 'copyright', 'width', 'height', 'rows', 'cols', 'goal', 'givens']);

export function parsePuzzleJson(text: string, source?: string): PuzzleFile {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    const { line, column, what } = syntaxError(body, e.message);
    throw new ParseError(`invalid JSON: ${what}`, line, column, source);
  }
  const at = source ? `${source}: ` : '';
  const bad = (message: string): never => {
    throw new InputError('E_JSON', `${at}${message}`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) bad('expected a JSON object {...} at the top');
  const obj = data as Record<string, unknown>;

  const int = (v: unknown, path: string): number => {
    if (typeof v !== 'number' || !Number.isInteger(v)) bad(`${path} is ${JSON.stringify(v)}; expected a whole number`);
    return v as number;
  };
  const str = (key: string): string | undefined => {
    const v = obj[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') bad(`"${key}" is ${JSON.stringify(v)}; expected a string`);
    return v as string;
  };
  const clues = (key: 'rows' | 'cols', count: number | undefined, length: number | undefined): Clue[] => {
    const v = obj[key];
    if (!Array.isArray(v)) bad(`"${key}" is ${v === undefined ? 'missing' : JSON.stringify(v)}; expected a list of clues like [[1, 2], []]`);
    const list = v as unknown[];
    if (count !== undefined && list.length !== count) {
      bad(`"${key}" has ${list.length} clues; expected ${count} (the ${key === 'rows' ? 'height' : 'width'})`);
    }
    return list.map((clue, i) => {
      if (!Array.isArray(clue)) bad(`${key}[${i}] is ${JSON.stringify(clue)}; expected a list of run lengths like [1, 2]`);
      const runs = (clue as unknown[]).map((r, j) => {
        const n = int(r, `${key}[${i}][${j}]`);
        if (n < 1) bad(`${key}[${i}][${j}] is ${n}; expected a run length of at least 1 ([] is an empty line)`);
        return n;
      });
      if (length !== undefined) checkClue(runs, length, `${key === 'rows' ? 'row' : 'column'} ${i + 1}`, source);
      return runs;
    });
  };

  if (obj['format'] === undefined) {
    // The benchmark form: the size is the number of clues.
    const rowsRaw = obj['rows'];
    const colsRaw = obj['cols'];
    if (rowsRaw === undefined && colsRaw === undefined) {
      bad(`expected "format": "${PUZZLE_JSON_FORMAT}" (or a benchmark puzzle with "rows" and "cols")`);
    }
    const H = Array.isArray(rowsRaw) ? rowsRaw.length : 0;
    const W = Array.isArray(colsRaw) ? colsRaw.length : 0;
    const rows = clues('rows', undefined, undefined);
    const cols = clues('cols', undefined, undefined);
    checkSide(W, 'width', source ? `${source}: the number of "cols"` : 'the number of "cols"');
    checkSide(H, 'height', source ? `${source}: the number of "rows"` : 'the number of "rows"');
    const name = obj['name'] ?? obj['id'];
    const file: PuzzleFile = {
      puzzle: { width: W, height: H, rows, cols },
      ...(typeof name === 'string' ? { title: name } : {}),
    };
    checkPuzzleFile(file, source);
    return file;
  }

  if (obj['format'] !== PUZZLE_JSON_FORMAT) bad(`"format" is ${JSON.stringify(obj['format'])}; expected "${PUZZLE_JSON_FORMAT}"`);
  if (obj['version'] !== PUZZLE_JSON_VERSION) {
    bad(`"version" is ${JSON.stringify(obj['version'])}; expected ${PUZZLE_JSON_VERSION} (the version this nonocrypt reads)`);
  }
  for (const key of Object.keys(obj)) if (!KEYS.has(key)) bad(`unknown key "${key}"`);
  if (obj['width'] === undefined) bad('"width" is missing');
  if (obj['height'] === undefined) bad('"height" is missing');
  const W = int(obj['width'], '"width"');
  const H = int(obj['height'], '"height"');
  checkSide(W, 'width', source);
  checkSide(H, 'height', source);
  const rows = clues('rows', H, W);
  const cols = clues('cols', W, H);

  let goal;
  if (obj['goal'] !== undefined) {
    const g = obj['goal'];
    if (!Array.isArray(g) || g.length !== H) bad(`"goal" must be a list of ${H} strings (one per row, # black, . white)`);
    const cells: number[] = [];
    (g as unknown[]).forEach((row, y) => {
      if (typeof row !== 'string' || row.length !== W || /[^#.]/.test(row)) {
        bad(`goal[${y}] is ${JSON.stringify(row)}; expected ${W} characters, # (black) or . (white)`);
      }
      for (const c of row as string) cells.push(c === '#' ? 1 : 0);
    });
    goal = makeGrid(W, H, cells);
  }

  let givens: number[] | undefined;
  if (obj['givens'] !== undefined) {
    const g = obj['givens'];
    if (!Array.isArray(g)) bad('"givens" must be a list of cells [x, y]');
    givens = sortedGivens(
      (g as unknown[]).map((cell, i) => {
        if (!Array.isArray(cell) || cell.length !== 2) bad(`givens[${i}] is ${JSON.stringify(cell)}; expected a cell [x, y]`);
        const [x, y] = [int((cell as unknown[])[0], `givens[${i}][0]`), int((cell as unknown[])[1], `givens[${i}][1]`)];
        if (x < 0 || x >= W || y < 0 || y >= H) {
          throw new InputError('E_GIVEN', `${at}givens[${i}] is [${x}, ${y}], off the ${W}x${H} board`);
        }
        return y * W + x;
      }),
    );
  }

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
    const g = file.goal;
    const lines: string[] = [];
    for (let y = 0; y < g.height; y++) {
      let s = '';
      for (let x = 0; x < g.width; x++) s += g.cells[y * g.width + x] ? '#' : '.';
      lines.push(q(s));
    }
    fields.push(`"goal": ${list(lines)}`);
  }
  if (file.givens && file.givens.length > 0) {
    fields.push(`"givens": [${file.givens.map((c) => `[${c % width}, ${Math.floor(c / width)}]`).join(', ')}]`);
  }
  return `{\n  ${fields.join(',\n  ')}\n}\n`;
}

/**
 * Where JSON.parse stopped and why: from its message when that gives a position (`at position
 * N`, or `(line L column C)` in newer engines); else by scanning the text ourselves, which also
 * names the character found there.
 */
function syntaxError(text: string, message: string): { line: number; column: number; what: string } {
  const why = message.replace(/\s*in JSON at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)$/, '');
  const lc = /\(line (\d+) column (\d+)\)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]), what: why };
  const pos = /at position (\d+)/.exec(message);
  if (pos) return { ...lineColumnAt(text, Number(pos[1])), what: why };
  const at = /Unexpected end of JSON input/.test(message) ? text.length : jsonErrorOffset(text);
  if (at < 0) return { line: 1, column: 1, what: why.split('\n')[0]! };
  const found = at < text.length ? `unexpected ${JSON.stringify(text[at])}` : 'unexpected end of input';
  return { ...lineColumnAt(text, at), what: found };
}

/** Offset of the first JSON syntax error in `t` (a small recursive-descent checker), or -1. */
function jsonErrorOffset(t: string): number {
  let i = 0;
  class Stop {
    constructor(readonly at: number) {}
  }
  const stop = (at = i): never => {
    throw new Stop(at);
  };
  const ws = () => {
    while (i < t.length && ' \t\n\r'.includes(t[i]!)) i++;
  };
  const string = (): void => {
    i++;
    while (i < t.length) {
      const c = t[i]!;
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        const e = t[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(t.slice(i + 2, i + 6))) stop(i + 1);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else stop(i + 1);
        continue;
      }
      if (c < ' ') stop();
      i++;
    }
    stop();
  };
  const scalar = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
  const value = (): void => {
    ws();
    const c = t[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (t[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          ws();
          if (t[i] !== '"') stop();
          string();
          ws();
          if (t[i] !== ':') stop();
          i++;
        }
        value();
        ws();
        if (t[i] === ',') i++;
        else if (t[i] === close) {
          i++;
          return;
        } else stop();
      }
    }
    if (c === '"') return string();
    scalar.lastIndex = i;
    const m = scalar.exec(t);
    if (!m) stop();
    i += m![0].length;
  };
  try {
    value();
    ws();
    if (i < t.length) stop();
    return -1;
  } catch (e) {
    if (e instanceof Stop) return e.at;
    return -1; // too deeply nested to scan: the caller names the start
  }
}
