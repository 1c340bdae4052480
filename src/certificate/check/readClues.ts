import { InputError } from '../../errors.js';
import type { CheckedBlock } from './CheckedBlock.js';
import { readWebpbnClues } from './readWebpbnClues.js';

export type { CheckedBlock } from './CheckedBlock.js';

/**
 * The clues, read by the certificate checker itself (it shares no code with src/formats/, so a
 * bug there cannot make a certificate check): a ciphertext (SPEC sections 3-5 and 9: `n` or
 * `W H`, then per block a clue line and an annotation line; one-symbol runs `1`-`9`, `A`-`Z`,
 * space-separated decimals, `0` + decimal for one long run; annotations `X`, `xy` pairs or
 * decimals), or one puzzle as `.non` (width, height, rows, columns, our `given x,y`), `.nin`,
 * our JSON (`nonocrypt-puzzle` version 1, or the benchmark form with rows and cols) or a
 * picture (`#`/`1`/`X` black, `.`/`0`/`-` white, `;` comments), or webpbn XML's clues
 * (readWebpbnClues.ts). Every error is one line naming the line.
 */

export const CLUE_FORMATS = ['cipher', 'non', 'nin', 'json', 'picture', 'xml'] as const;
export type ClueFormat = (typeof CLUE_FORMATS)[number];

export interface ClueFile {
  readonly format: ClueFormat;
  readonly blocks: readonly CheckedBlock[];
}

/** The format a file name implies: its extension, else a ciphertext (as `verify` reads any name). */
export function clueFormatOf(name: string): ClueFormat {
  const ext = /\.([A-Za-z]+)$/.exec(name)?.[1]?.toLowerCase();
  if (ext === 'non' || ext === 'nin' || ext === 'json') return ext;
  if (ext === 'pic') return 'picture';
  if (ext === 'xml' || ext === 'pbn') return 'xml';
  return 'cipher';
}

export function readClues(text: string, format: ClueFormat, where: string): ClueFile {
  const lines = text.replace(/^\uFEFF/, '').split('\n').map((l) => l.replace(/\r$/, ''));
  // A final line break ends the last line; it starts no empty one.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const fail = (line: number, why: string): never => {
    throw new InputError('E_PARSE', `${where}:${line}: ${why}`);
  };
  const one = (): CheckedBlock => {
    switch (format) {
      case 'nin':
        return nin(lines, fail);
      case 'non':
        return non(lines, fail);
      case 'json':
        return json(text, where);
      case 'xml':
        return readWebpbnClues(text, where);
      default:
        return picture(lines, fail);
    }
  };
  const blocks = format === 'cipher' ? cipher(lines, fail) : [one()];
  for (const b of blocks) checkFits(b, where);
  return { format, blocks };
}

type Fail = (line: number, why: string) => never;

const SYMBOLS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MAX_SIDE = 1000;

function side(text: string, line: number, fail: Fail): number {
  if (!/^\d{1,6}$/.test(text) || +text < 1 || +text > MAX_SIDE) fail(line, `board side "${text}" is not a whole number from 1 to ${MAX_SIDE}`);
  return +text;
}

/** A clue group of the ciphertext: symbols, or decimals when it has a space or a leading 0. */
function cipherClue(group: string, line: number, fail: Fail): number[] {
  const t = group.trim();
  if (t === '' || t === '0') return [];
  if (/[ \t]/.test(t) || (t[0] === '0' && t.length > 1)) {
    const runs = t.split(/[ \t]+/).map((x) => (/^\d{1,6}$/.test(x) ? +x : fail(line, `clue "${t}": "${x}" is not a decimal run length`)));
    if (runs.length === 1 && runs[0] === 0) return [];
    if (runs.includes(0)) fail(line, `clue "${t}": a run of 0 among other runs`);
    return runs;
  }
  return [...t].map((ch) => {
    const v = SYMBOLS.indexOf(ch);
    return v >= 1 ? v : fail(line, `clue "${t}": "${ch}" is not a run symbol (1-9, A-Z)`);
  });
}

function cipher(lines: string[], fail: Fail): CheckedBlock[] {
  const head = (lines[0] ?? '').trim().split(/[ \t]+/);
  if (head.length < 1 || head.length > 2 || head[0] === '') fail(1, 'expected the board side "n" or "W H"');
  const W = side(head[0]!, 1, fail);
  const H = head[1] === undefined ? W : side(head[1], 1, fail);
  let end = lines.length;
  while (end > 1 && lines[end - 1]!.trim() === '') end--;
  const blocks: CheckedBlock[] = [];
  for (let i = 1; i < end; i += 2) {
    const clueLine = lines[i]!;
    if (clueLine.trim() === '') fail(i + 1, 'blank line inside the ciphertext');
    if (i + 1 >= end) fail(i + 2, `block ${blocks.length + 1} has no annotation line`);
    const groups = clueLine.split(',');
    if (groups.length !== W + H) fail(i + 1, `block ${blocks.length + 1}: expected ${W + H} clue groups, found ${groups.length}`);
    const clues = groups.map((g) => cipherClue(g, i + 1, fail));
    blocks.push({ width: W, height: H, cols: clues.slice(0, W), rows: clues.slice(W), givens: annotation(lines[i + 1]!, W, H, i + 2, fail) });
  }
  return blocks;
}

function annotation(text: string, W: number, H: number, line: number, fail: Fail): number[] {
  const t = text.trim();
  if (t === 'X') return [];
  if (t === '') fail(line, 'empty annotation line; expected X or the annotated cells');
  let coords: number[];
  if (/[ \t]/.test(t)) coords = t.split(/[ \t]+/).map((x) => (/^\d{1,6}$/.test(x) ? +x : fail(line, `annotation: "${x}" is not a decimal coordinate`)));
  else coords = [...t].map((ch) => (SYMBOLS.includes(ch) ? SYMBOLS.indexOf(ch) : fail(line, `annotation: "${ch}" is not a symbol`)));
  if (coords.length % 2) fail(line, 'annotation: an odd number of coordinates');
  return givensOf(coords, W, H, (why) => fail(line, `annotation: ${why}`));
}

function givensOf(coords: number[], W: number, H: number, bad: (why: string) => never): number[] {
  const cells = new Set<number>();
  for (let k = 0; k < coords.length; k += 2) {
    const x = coords[k]!;
    const y = coords[k + 1]!;
    if (x >= W || y >= H) bad(`cell (${x}, ${y}) is off the ${W}x${H} board`);
    if (cells.has(y * W + x)) bad(`cell (${x}, ${y}) is named twice`);
    cells.add(y * W + x);
  }
  return [...cells].sort((a, b) => a - b);
}

/** Run lengths separated by `sep` (commas or spaces); `0` or nothing is the empty clue. */
function listClue(text: string, sep: RegExp, line: number, fail: Fail): number[] {
  const t = text.trim();
  if (t === '' || t === '0') return [];
  const runs = t.split(sep).map((x) => (/^\d{1,6}$/.test(x.trim()) && +x > 0 ? +x : fail(line, `clue "${t}": "${x.trim()}" is not a run length`)));
  return runs;
}

/** The clue lines of a section of `count` clues (blank lines: see the .non rule in src/formats; restated here). */
function sectionClues(entries: { text: string; line: number }[], count: number, what: string, after: number, fail: Fail): { text: string; line: number }[] {
  const filled = entries.filter((e) => e.text.trim() !== '');
  if (filled.length === count) return filled;
  if (filled.length > count) fail(filled[count]!.line, `${what}: more than ${count} clues`);
  let end = entries.length;
  while (end > 0 && entries[end - 1]!.text.trim() === '') end--;
  if (end > count) fail(entries[count]!.line, `${what}: more than ${count} clues`);
  if (entries.length < count) fail(after, `${what}: expected ${count} clues, found ${entries.length}`);
  return entries.slice(0, count);
}

function nin(lines: string[], fail: Fail): CheckedBlock {
  const body = lines.map((text, i) => ({ text, line: i + 1 })).filter((e) => !e.text.trim().startsWith('#'));
  const at = body.findIndex((e) => e.text.trim() !== '');
  if (at < 0) fail(lines.length, 'expected the board size "W H"');
  const size = body[at]!.text.trim().split(/[ \t]+/);
  if (size.length !== 2) fail(body[at]!.line, 'expected the board size "W H"');
  const W = side(size[0]!, body[at]!.line, fail);
  const H = side(size[1]!, body[at]!.line, fail);
  const clues = sectionClues(body.slice(at + 1), H + W, 'clues', lines.length + 1, fail).map((e) => listClue(e.text, /[ \t]+/, e.line, fail));
  return { width: W, height: H, rows: clues.slice(0, H), cols: clues.slice(H), givens: [] };
}

function non(lines: string[], fail: Fail): CheckedBlock {
  let W: number | undefined;
  let H: number | undefined;
  const sections: Record<'rows' | 'columns', { text: string; line: number }[] | undefined> = { rows: undefined, columns: undefined };
  const coords: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t === '' || t.startsWith('#')) continue;
    const m = /^([A-Za-z][\w-]*)\s*(.*)$/.exec(t);
    if (!m) fail(i + 1, `expected a keyword, found "${t}"`);
    const key = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (key === 'width' || (key === 'columns' && value !== '')) W = side(value, i + 1, fail);
    else if (key === 'height' || (key === 'rows' && value !== '')) H = side(value, i + 1, fail);
    else if (key === 'rows' || key === 'columns') {
      const entries: { text: string; line: number }[] = [];
      while (i + 1 < lines.length && !/^\s*[A-Za-z]/.test(lines[i + 1]!)) {
        i++;
        if (!lines[i]!.trim().startsWith('#')) entries.push({ text: lines[i]!, line: i + 1 });
      }
      sections[key] = entries;
    } else if (key === 'given') {
      for (const pair of value.split(/[ \t]+/)) {
        const p = /^(\d{1,6}),(\d{1,6})$/.exec(pair);
        if (!p) fail(i + 1, `given: "${pair}" is not a cell x,y`);
        coords.push(+p[1]!, +p[2]!);
      }
    }
  }
  if (W === undefined || H === undefined) return fail(lines.length, 'the width or the height is missing');
  const read = (key: 'rows' | 'columns', count: number) => {
    const s = sections[key] ?? fail(lines.length, `the ${key} section is missing`);
    return sectionClues(s, count, key, lines.length + 1, fail).map((e) => listClue(e.text, /,/, e.line, fail));
  };
  return { width: W, height: H, rows: read('rows', H), cols: read('columns', W), givens: givensOf(coords, W, H, (why) => fail(lines.length, `given: ${why}`)) };
}

function json(text: string, where: string): CheckedBlock {
  const bad = (why: string): never => {
    throw new InputError('E_JSON', `${where}: ${why}`);
  };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return bad(`not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return bad('expected a JSON object');
  const d = doc as Record<string, unknown>;
  if (d.format !== undefined && (d.format !== 'nonocrypt-puzzle' || d.version !== 1)) bad('"format" must be "nonocrypt-puzzle", version 1');
  const clues = (key: string): number[][] => {
    const v = d[key];
    if (!Array.isArray(v)) return bad(`"${key}" must be a list of clues`);
    return v.map((c, i) => (Array.isArray(c) && c.every((r) => Number.isInteger(r) && r > 0) ? (c as number[]) : bad(`"${key}"[${i}] must be a list of run lengths`)));
  };
  const rows = clues('rows');
  const cols = clues('cols');
  const W = d.width === undefined ? cols.length : (d.width as number);
  const H = d.height === undefined ? rows.length : (d.height as number);
  if (!Number.isInteger(W) || !Number.isInteger(H) || W < 1 || H < 1 || W > MAX_SIDE || H > MAX_SIDE) bad('the board size is not a whole number from 1 to 1000');
  if (rows.length !== H || cols.length !== W) bad(`expected ${H} row clues and ${W} column clues`);
  const coords: number[] = [];
  if (d.format !== undefined && d.givens !== undefined) {
    if (!Array.isArray(d.givens)) bad('"givens" must be a list of [x, y] cells');
    for (const g of d.givens as unknown[]) {
      if (!Array.isArray(g) || g.length !== 2 || !g.every((v) => Number.isInteger(v) && v >= 0)) bad('"givens" must be a list of [x, y] cells');
      coords.push(...(g as number[]));
    }
  }
  return { width: W, height: H, rows, cols, givens: givensOf(coords, W, H, (why) => bad(`givens: ${why}`)) };
}

function picture(lines: string[], fail: Fail): CheckedBlock {
  const rows: { cells: number[]; line: number }[] = [];
  lines.forEach((raw, i) => {
    const t = raw.trimEnd();
    if (t === '' || t.startsWith(';')) return;
    if (!/^[#.01Xx-]+$/.test(t)) fail(i + 1, `"${t}" is not a row of # and .`);
    rows.push({ cells: [...t].map((ch) => ('#1Xx'.includes(ch) ? 1 : 0)), line: i + 1 });
  });
  if (rows.length === 0) fail(1, 'no picture rows');
  const W = rows[0]!.cells.length;
  for (const r of rows) if (r.cells.length !== W) fail(r.line, `row of ${r.cells.length} cells, the first has ${W}`);
  const H = rows.length;
  const runs = (get: (k: number) => number, n: number) => {
    const out: number[] = [];
    let run = 0;
    for (let k = 0; k <= n; k++) {
      if (k < n && get(k)) run++;
      else if (run) {
        out.push(run);
        run = 0;
      }
    }
    return out;
  };
  return {
    width: W,
    height: H,
    rows: rows.map((r) => runs((k) => r.cells[k]!, W)),
    cols: Array.from({ length: W }, (_, x) => runs((k) => rows[k]!.cells[x]!, H)),
    givens: [],
  };
}

/** Every clue must fit its line (the formula is defined only then). */
function checkFits(b: CheckedBlock, where: string): void {
  const fits = (clue: readonly number[], n: number) => clue.reduce((a, c) => a + c, 0) + Math.max(0, clue.length - 1) <= n;
  b.rows.forEach((c, y) => {
    if (!fits(c, b.width)) throw new InputError('E_CLUE', `${where}: row ${y + 1}: clue ${c.join(' ')} does not fit in ${b.width} cells`);
  });
  b.cols.forEach((c, x) => {
    if (!fits(c, b.height)) throw new InputError('E_CLUE', `${where}: column ${x + 1}: clue ${c.join(' ')} does not fit in ${b.height} cells`);
  });
}
