import type { Clue, Grid } from '../grid/Puzzle.js';
import { makeGrid } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import { InputError, ParseError } from '../errors.js';
import { checkClue, checkPuzzleFile, checkSide } from './checkPuzzleFile.js';
import { escapeEntities } from './entities.js';
import type { PuzzleFile } from './PuzzleFile.js';
import { lineColumnAt, placeName } from './textLines.js';
import { childElements, parseXml, textContent, type XmlElement, type XmlText } from './xmlTree.js';

/**
 * Jan Wolter's webpbn XML format (webpbn.com/pbn_fmt.html), black-and-white puzzles only:
 *
 *     <puzzleset><puzzle type="grid" defaultcolor="black">
 *       <title/> <author/> <copyright/> <source/> <id/> ...
 *       <color name="white" char=".">fff</color> <color name="black" char="X">000</color>
 *       <clues type="columns"><line><count>3</count><count>1</count></line><line/>...</clues>
 *       <clues type="rows">...</clues>
 *       <solution type="goal"><image>|X..X|\n|..XX|</image></solution>
 *     </puzzle></puzzleset>
 *
 * `defaultcolor` names the colour of counts without a `color` attribute (black unless said
 * otherwise) and `backgroundcolor` the background (white); a `defaultcolor` naming the
 * background is read as black. An empty `<line/>` is an empty clue. The goal image has one
 * row per `|...|`, one colour character per cell. A count or cell in any other colour is
 * E_COLOR: multi-colour puzzles are not supported. A puzzle given only by its goal image gets
 * the image's clues. A puzzleset must hold exactly one puzzle; credits missing on the puzzle
 * are taken from the set. Givens have no place in the format, so the writer refuses them.
 */
export function parseWebpbnXml(text: string, source?: string): PuzzleFile {
  const root = parseXml(text, source);
  const where = (offset: number) => {
    const { line, column } = lineColumnAt(text, offset);
    return { line, column, place: placeName(line, column, source) };
  };
  const fail: (offset: number, message: string) => never = (offset, message) => {
    const { line, column } = where(offset);
    throw new ParseError(message, line, column, source);
  };

  const rootName = root.name.toLowerCase();
  if (rootName !== 'puzzleset' && rootName !== 'puzzle') fail(root.offset, `expected <puzzleset> as the root element, found <${root.name}>`);
  const puzzles = rootName === 'puzzle' ? [root] : childElements(root, 'puzzle');
  if (puzzles.length === 0) fail(root.offset, 'expected a <puzzle> element in <puzzleset>');
  if (puzzles.length > 1) {
    throw new InputError('E_PUZZLES', `${where(puzzles[1]!.offset).place}: this puzzleset holds ${puzzles.length} puzzles; nonocrypt reads one puzzle per file`);
  }
  const puzzle = puzzles[0]!;
  const type = puzzle.attributes.get('type') ?? 'grid';
  if (type !== 'grid') {
    throw new InputError('E_TYPE', `${where(puzzle.offset).place}: puzzle type "${type}" is not supported; expected type="grid"`);
  }

  // Colours: names to characters, and which name is black (the clue colour) and white.
  const chars = new Map<string, string>([
    ['black', 'X'],
    ['white', '.'],
  ]);
  for (const c of childElements(puzzle, 'color')) {
    const name = c.attributes.get('name');
    const ch = c.attributes.get('char');
    if (name === undefined) fail(c.offset, 'expected a name attribute on <color>');
    if (ch !== undefined) {
      if ([...ch].length !== 1) fail(c.offset, `expected a single character in char="${ch}"`);
      chars.set(name, ch);
    }
  }
  const background = puzzle.attributes.get('backgroundcolor') ?? 'white';
  let foreground = puzzle.attributes.get('defaultcolor') ?? 'black';
  if (foreground === background) foreground = 'black';
  if (foreground === background) fail(puzzle.offset, 'expected different colours for defaultcolor and backgroundcolor');
  const colourError = (offset: number, what: string): never => {
    throw new InputError(
      'E_COLOR',
      `${where(offset).place}: ${what} is not ${foreground}; multi-colour puzzles are not supported, only black and white`,
    );
  };

  const readClues = (kind: 'rows' | 'columns'): { clues: Clue[]; offsets: number[]; offset: number } | undefined => {
    const sets = childElements(puzzle, 'clues').filter((c) => {
      const t = c.attributes.get('type');
      if (t !== 'rows' && t !== 'columns') fail(c.offset, 'expected type="rows" or type="columns" on <clues>');
      return t === kind;
    });
    if (sets.length === 0) return undefined;
    if (sets.length > 1) fail(sets[1]!.offset, `expected one <clues type="${kind}">`);
    const set = sets[0]!;
    const clues: Clue[] = [];
    const offsets: number[] = [];
    for (const node of set.children) {
      if (node.kind === 'text') {
        checkBlank(node, '<line>');
        continue;
      }
      if (node.name.toLowerCase() !== 'line') fail(node.offset, `expected <line> in <clues>, found <${node.name}>`);
      const clue: number[] = [];
      for (const count of node.children) {
        if (count.kind === 'text') {
          checkBlank(count, '<count>');
          continue;
        }
        if (count.name.toLowerCase() !== 'count') fail(count.offset, `expected <count> in <line>, found <${count.name}>`);
        const colour = count.attributes.get('color');
        if (colour !== undefined && colour !== foreground) colourError(count.offset, `count colour "${colour}"`);
        const value = textContent(count).trim();
        if (!/^\d+$/.test(value) || Number(value) < 1) {
          fail(count.offset, `expected a run length (a whole number of at least 1) in <count>, found "${value}"`);
        }
        clue.push(Number(value));
      }
      clues.push(clue);
      offsets.push(node.offset);
    }
    return { clues, offsets, offset: set.offset };
  };
  const checkBlank = (node: XmlText, expected: string): void => {
    const at = node.text.search(/\S/);
    if (at >= 0) fail(node.offset + (node.verbatim ? at : 0), `expected ${expected} elements, found text`);
  };

  const cols = readClues('columns');
  const rows = readClues('rows');
  const goalImage = readGoal(puzzle, chars, foreground, background, fail, colourError);
  if ((rows === undefined) !== (cols === undefined)) {
    fail(puzzle.offset, `expected both <clues type="rows"> and <clues type="columns">`);
  }
  let file: PuzzleFile;
  if (rows && cols) {
    const W = cols.clues.length;
    const H = rows.clues.length;
    checkSide(W, 'width', where(cols.offset).place);
    checkSide(H, 'height', where(rows.offset).place);
    rows.clues.forEach((c, y) => checkClue(c, W, `row ${y + 1}`, where(rows.offsets[y]!).place));
    cols.clues.forEach((c, x) => checkClue(c, H, `column ${x + 1}`, where(cols.offsets[x]!).place));
    let goal: Grid | undefined;
    if (goalImage) {
      if (goalImage.rows.length !== H) fail(goalImage.offset, `expected ${H} rows in the goal image, found ${goalImage.rows.length}`);
      goalImage.rows.forEach((r, y) => {
        if (r.cells.length !== W) fail(r.offset, `expected ${W} cells in row ${y + 1} of the goal image, found ${r.cells.length}`);
      });
      goal = makeGrid(W, H, goalImage.rows.flatMap((r) => r.cells));
    }
    file = { puzzle: { width: W, height: H, rows: rows.clues, cols: cols.clues }, ...(goal ? { goal } : {}) };
  } else {
    if (!goalImage) fail(puzzle.offset, 'expected <clues> or a goal <solution> in <puzzle>');
    const H = goalImage.rows.length;
    const W = goalImage.rows[0]!.cells.length;
    checkSide(W, 'width', where(goalImage.offset).place);
    checkSide(H, 'height', where(goalImage.offset).place);
    goalImage.rows.forEach((r, y) => {
      if (r.cells.length !== W) fail(r.offset, `expected ${W} cells in row ${y + 1} of the goal image, found ${r.cells.length}`);
    });
    const goal = makeGrid(W, H, goalImage.rows.flatMap((r) => r.cells));
    file = { puzzle: puzzleOf(goal), goal };
  }

  // Credits: the puzzle's own, else the set's.
  const credit = (name: string): string | undefined => {
    for (const holder of rootName === 'puzzleset' ? [puzzle, root] : [puzzle]) {
      const e = childElements(holder, name)[0];
      if (e) return textContent(e).trim();
    }
    return undefined;
  };
  const title = credit('title');
  const author = credit('author');
  const copyright = credit('copyright');
  file = {
    ...file,
    ...(title !== undefined ? { title } : {}),
    ...(author !== undefined ? { author } : {}),
    ...(copyright !== undefined ? { copyright } : {}),
  };
  checkPuzzleFile(file, source);
  return file;
}

interface GoalImage {
  readonly offset: number;
  readonly rows: readonly { readonly offset: number; readonly cells: number[] }[];
}

/** The first `<solution type="goal">` (the default type), read as rows of 0/1 cells. */
function readGoal(
  puzzle: XmlElement,
  chars: ReadonlyMap<string, string>,
  foreground: string,
  background: string,
  fail: (offset: number, message: string) => never,
  colourError: (offset: number, what: string) => never,
): GoalImage | undefined {
  const solution = childElements(puzzle, 'solution').find((s) => (s.attributes.get('type') ?? 'goal') === 'goal');
  if (!solution) return undefined;
  const image = childElements(solution, 'image')[0];
  if (!image) fail(solution.offset, 'expected an <image> in <solution>');
  const black = chars.get(foreground) ?? 'X';
  const white = chars.get(background) ?? '.';
  const others = new Map([...chars].filter(([name]) => name !== foreground && name !== background).map(([n, c]) => [c, n]));
  const rows: { offset: number; cells: number[] }[] = [];
  for (const node of image.children) {
    if (node.kind === 'element') fail(node.offset, `expected only text in <image>, found <${node.name}>`);
    // Offsets inside the text are exact only when the text is verbatim; else name its start.
    const at = (i: number) => node.offset + (node.verbatim ? i : 0);
    const s = node.text;
    let row: { offset: number; cells: number[] } | undefined;
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      if (!row) {
        if (c === '|') row = { offset: at(i), cells: [] };
        else if (!/\s/.test(c)) fail(at(i), 'expected "|" to start a row of the goal image');
        continue;
      }
      if (c === '|') {
        rows.push(row);
        row = undefined;
      } else if (c === black) row.cells.push(1);
      else if (c === white) row.cells.push(0);
      else if (others.has(c)) colourError(at(i), `goal cell colour "${others.get(c)}"`);
      else if (c === '\n' || c === '\r') fail(at(i), 'expected "|" to end the row of the goal image');
      else fail(at(i), `expected "${black}" (black) or "${white}" (white) in the goal image, found "${c}"`);
    }
    if (row) fail(node.offset + (node.verbatim ? s.length : 0), 'expected "|" to end the row of the goal image');
  }
  if (rows.length === 0) fail(image.offset, 'expected rows like |X..X| in the goal <image>');
  return { offset: image.offset, rows };
}

export function formatWebpbnXml(file: PuzzleFile): string {
  checkPuzzleFile(file);
  if (file.givens && file.givens.length > 0) {
    throw new InputError('E_GIVENS', 'webpbn XML has no place for given cells; write .non or .json to keep them');
  }
  const { rows, cols } = file.puzzle;
  const out: string[] = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">',
    '<puzzleset>',
    '<puzzle type="grid" defaultcolor="black">',
  ];
  if (file.title !== undefined) out.push(`<title>${escapeEntities(file.title)}</title>`);
  if (file.author !== undefined) out.push(`<author>${escapeEntities(file.author)}</author>`);
  if (file.copyright !== undefined) out.push(`<copyright>${escapeEntities(file.copyright)}</copyright>`);
  out.push('<color name="white" char=".">fff</color>', '<color name="black" char="X">000</color>');
  const clues = (type: string, list: readonly Clue[]) => {
    out.push(`<clues type="${type}">`);
    for (const clue of list) {
      out.push(clue.length > 0 ? `<line>${clue.map((n) => `<count>${n}</count>`).join('')}</line>` : '<line/>');
    }
    out.push('</clues>');
  };
  clues('columns', cols);
  clues('rows', rows);
  if (file.goal) {
    const { width, height, cells } = file.goal;
    out.push('<solution type="goal">', '<image>');
    for (let y = 0; y < height; y++) {
      let row = '|';
      for (let x = 0; x < width; x++) row += cells[y * width + x] ? 'X' : '.';
      out.push(row + '|');
    }
    out.push('</image>', '</solution>');
  }
  out.push('</puzzle>', '</puzzleset>');
  return out.join('\n') + '\n';
}
