import { InputError } from '../../errors.js';
import type { CheckedBlock } from './CheckedBlock.js';

/**
 * The clues of a webpbn XML puzzle, read by the certificate checker itself (src/formats/ has a
 * full reader; this one shares nothing with it). It reads what a black-and-white puzzle's clues
 * are written as, and refuses the rest by name rather than guess:
 *
 *     <puzzleset><puzzle type="grid" defaultcolor="black"> ...
 *       <clues type="columns"><line><count>3</count><count>1</count></line><line/> ...</clues>
 *       <clues type="rows"> ... </clues> ... </puzzle></puzzleset>
 *
 * Exactly one puzzle; a `<count>` holds a whole number, in the puzzle's default colour (an
 * attribute `color` naming another colour is a colour puzzle: refused); an empty `<line>` is an
 * empty clue. Comments, the XML declaration and the DOCTYPE are skipped; CDATA, and a puzzle
 * given by its goal image alone (no clues), are refused. Width and height are the numbers of
 * column and row lines. Errors name the line of the file.
 */
export function readWebpbnClues(text: string, where: string): CheckedBlock {
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const fail = (offset: number, why: string): never => {
    throw new InputError('E_PARSE', `${where}:${lineAt(offset)}: ${why}`);
  };
  // Blank out what carries no markup we read, keeping offsets (and so line numbers) as they are.
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  const body = text
    .replace(/^\uFEFF/, ' ')
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/<\?[\s\S]*?\?>/g, blank)
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/g, blank);
  const cdata = body.indexOf('<![CDATA[');
  if (cdata >= 0) fail(cdata, 'CDATA sections are not read by the certificate checker');

  const puzzles = [...body.matchAll(/<puzzle\b([^>]*)>/g)];
  if (puzzles.length !== 1) fail(puzzles[1]?.index ?? 0, `expected exactly one <puzzle>, found ${puzzles.length}`);
  const puzzle = puzzles[0]!;
  const attrs = attributes(puzzle[1] ?? '');
  if (attrs.type !== undefined && attrs.type !== 'grid') fail(puzzle.index, `a puzzle of type "${attrs.type}" (only grid puzzles)`);
  const ink = attrs.defaultcolor ?? 'black';
  const end = body.indexOf('</puzzle>', puzzle.index);
  if (end < 0) fail(puzzle.index, '<puzzle> is not closed');
  const inside = body.slice(0, end);

  const sets: Partial<Record<'rows' | 'columns', number[][]>> = {};
  for (const m of inside.matchAll(/<clues\b([^>]*)>([\s\S]*?)<\/clues>/g)) {
    if (m.index < puzzle.index) continue;
    const kind = attributes(m[1] ?? '').type;
    if (kind !== 'rows' && kind !== 'columns') return fail(m.index, `<clues type="${kind ?? ''}">: expected rows or columns`);
    if (sets[kind]) fail(m.index, `a second <clues type="${kind}">`);
    sets[kind] = clueLines(m[2] ?? '', m.index + m[0].indexOf('>') + 1, ink, fail);
  }
  const rows = sets.rows;
  const cols = sets.columns;
  if (!rows || !cols) {
    return fail(puzzle.index, `no <clues type="${rows ? 'columns' : 'rows'}">: the certificate checker reads clues, not goal images`);
  }
  if (rows.length === 0 || cols.length === 0) fail(puzzle.index, 'a board without rows or columns');
  return { width: cols.length, height: rows.length, rows, cols, givens: [] };
}

/** The clue of each `<line>` of a `<clues>` element's content, which starts at `offset`. */
function clueLines(content: string, offset: number, ink: string, fail: (offset: number, why: string) => never): number[][] {
  const lines: number[][] = [];
  const rest = content.replace(/<line\b[^>]*?\/>|<line\b[^>]*>([\s\S]*?)<\/line>/g, (whole, inner: string | undefined, at: number) => {
    const runs: number[] = [];
    const left = (inner ?? '').replace(/<count\b([^>]*)>([^<]*)<\/count>/g, (_c, attrText: string, value: string, cAt: number) => {
      const where = offset + at + whole.indexOf('>') + 1 + cAt;
      const colour = attributes(attrText).color;
      if (colour !== undefined && colour !== ink) fail(where, `a count in colour "${colour}": only black-and-white puzzles`);
      const v = value.trim();
      if (!/^\d{1,6}$/.test(v) || +v < 1) fail(where, `<count>${v}</count>: expected a whole number of at least 1`);
      runs.push(+v);
      return '';
    });
    if (left.trim() !== '') fail(offset + at, `unexpected content in <line>: "${left.trim().slice(0, 40)}"`);
    lines.push(runs);
    return '';
  });
  if (rest.trim() !== '') fail(offset + content.indexOf(rest.trim()[0] ?? ''), `unexpected content in <clues>: "${rest.trim().slice(0, 40)}"`);
  return lines;
}

/** The attributes of a start tag's text (`name="value"` or `name='value'`). */
function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([A-Za-z_:][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/g)) out[m[1]!] = m[3] ?? m[4] ?? '';
  return out;
}
