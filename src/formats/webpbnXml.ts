import type { Clue, Grid } from '../grid/Puzzle.js';
import { makeGrid } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import { InputError, ParseError } from '../errors.js';
import { checkClue, checkPuzzleFile, checkSide, MAX_SIDE, refuseColour, refuseGivens } from './checkPuzzleFile.js';
import { escapeEntities } from './entities.js';
import type { PuzzleFile } from './PuzzleFile.js';
import { charAt, quote, shown, sourceName } from './quote.js';
import { lineColumnAt, placeName } from './textLines.js';
import { scanXml, type XmlText } from './xmlTree.js';
import { counted } from './counted.js';

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
 *
 * The document is read as a stream of XML events (`scanXml`) and only what the puzzle needs is
 * kept: the first MAX_SIDE clue lines of each set (and how many there are), the first runs of
 * each clue (and the cells it needs), the goal image's text. Elements the format does not use
 * are checked for well-formedness and dropped, so a huge file fails in bounded memory.
 */
interface LineClue {
  readonly offset: number;
  /** The first runs (a clue with more cannot fit any line), and the cells the whole clue needs. */
  readonly runs: number[];
  need: number;
  /** The counts as written, joined by commas and cut when long. */
  shown: string;
}

interface ClueSet {
  readonly offset: number;
  /** How many <line> elements; the first MAX_SIDE are kept. */
  count: number;
  readonly lines: LineClue[];
}

interface Goal {
  readonly solution: number;
  image: number;
  readonly texts: XmlText[];
}

type Frame =
  | 'root'
  | 'puzzle'
  | 'skip'
  | 'color'
  | 'clues'
  | 'line'
  | 'count'
  | 'solution'
  | 'image'
  | 'credit';

const CREDITS = ['title', 'author', 'copyright'] as const;
type Credit = (typeof CREDITS)[number];

export function parseWebpbnXml(text: string, name?: string): PuzzleFile {
  const source = sourceName(name);
  const where = (offset: number) => {
    const { line, column } = lineColumnAt(text, offset);
    return { line, column, place: placeName(line, column, source) };
  };
  const placeOf = (offset: number) => () => where(offset).place;
  const fail: (offset: number, message: string) => never = (offset, message) => {
    const { line, column } = where(offset);
    throw new ParseError(message, line, column, source);
  };

  let rootName = '';
  let rootOffset = 0;
  let puzzles = 0;
  let secondPuzzle = 0;
  let puzzleOffset = 0;
  let foreground = 'black';
  let background = 'white';
  const chars = new Map<string, string>([
    ['black', 'X'],
    ['white', '.'],
  ]);
  const sets: { rows?: ClueSet; columns?: ClueSet } = {};
  let goal: Goal | undefined;
  const credits: { puzzle: Partial<Record<Credit, string>>; root: Partial<Record<Credit, string>> } = { puzzle: {}, root: {} };

  const colourError = (offset: number, what: string): never => refuseColour(placeOf(offset), `${what} is not ${shown(foreground)}`);
  const checkBlank = (node: XmlText, expected: string): void => {
    const at = node.text.search(/\S/);
    if (at >= 0) fail(node.offset + (node.verbatim ? at : 0), `expected ${expected} elements, found text ${quote(node.text.trim())}`);
  };

  // What is open, and what is being read inside it.
  const frames: Frame[] = [];
  let set: ClueSet | undefined;
  let line: LineClue | undefined;
  let count: { offset: number; text: string } | undefined;
  let credit: { holder: 'puzzle' | 'root'; name: Credit; text: string } | undefined;
  let skipDepth = 0;

  const childFrame = (parent: Frame, name: string, attributes: ReadonlyMap<string, string>, offset: number): Frame => {
    const lower = name.toLowerCase();
    switch (parent) {
      case 'root':
        if (lower === 'puzzle') {
          puzzles++;
          if (puzzles === 2) secondPuzzle = offset;
          return puzzles === 1 ? openPuzzle(attributes, offset) : 'skip';
        }
        return openCredit('root', lower) ?? 'skip';
      case 'puzzle':
        switch (lower) {
          case 'color': {
            const colour = attributes.get('name');
            const ch = attributes.get('char');
            if (colour === undefined) fail(offset, 'expected a name attribute on <color>');
            if (ch !== undefined) {
              if ([...ch].length !== 1) fail(offset, `expected a single character in char=${quote(ch)}`);
              chars.set(colour, ch);
            }
            return 'skip';
          }
          case 'clues': {
            const t = attributes.get('type');
            if (t !== 'rows' && t !== 'columns') fail(offset, `expected type="rows" or type="columns" on <clues>, found ${t === undefined ? 'no type' : `type=${quote(t)}`}`);
            if (sets[t]) fail(offset, `expected one <clues type="${t}">`);
            set = sets[t] = { offset, count: 0, lines: [] };
            return 'clues';
          }
          case 'solution':
            if (goal || (attributes.get('type') ?? 'goal') !== 'goal') return 'skip';
            goal = { solution: offset, image: -1, texts: [] };
            return 'solution';
          default:
            return openCredit('puzzle', lower) ?? 'skip';
        }
      case 'clues':
        if (lower !== 'line') fail(offset, `expected <line> in <clues>, found <${shown(name)}>`);
        set!.count++;
        line = { offset, runs: [], need: 0, shown: '' };
        if (set!.lines.length < MAX_SIDE) set!.lines.push(line);
        return 'line';
      case 'line': {
        if (lower !== 'count') fail(offset, `expected <count> in <line>, found <${shown(name)}>`);
        const colour = attributes.get('color');
        if (colour !== undefined && colour !== foreground) colourError(offset, `count colour ${quote(colour)}`);
        count = { offset, text: '' };
        return 'count';
      }
      case 'count':
        return 'count'; // the text of nested elements is part of the count, as in textContent
      case 'solution':
        if (lower !== 'image' || goal!.image >= 0) return 'skip';
        goal!.image = offset;
        return 'image';
      case 'image':
        return fail(offset, `expected only text in <image>, found <${shown(name)}>`);
      case 'credit':
        return 'credit';
      default:
        return 'skip';
    }
  };
  const openPuzzle = (attributes: ReadonlyMap<string, string>, offset: number): Frame => {
    puzzleOffset = offset;
    const type = attributes.get('type') ?? 'grid';
    if (type !== 'grid') {
      throw new InputError('E_TYPE', `${where(offset).place}: puzzle type ${quote(type)} is not supported; expected type="grid"`);
    }
    background = attributes.get('backgroundcolor') ?? 'white';
    foreground = attributes.get('defaultcolor') ?? 'black';
    if (foreground === background) foreground = 'black';
    if (foreground === background) fail(offset, 'expected different colours for defaultcolor and backgroundcolor');
    return 'puzzle';
  };
  const openCredit = (holder: 'puzzle' | 'root', name: string): Frame | undefined => {
    if (!(CREDITS as readonly string[]).includes(name) || credits[holder][name as Credit] !== undefined) return undefined;
    credit = { holder, name: name as Credit, text: '' };
    return 'credit';
  };

  scanXml(
    text,
    {
      open(name, attributes, offset) {
        if (skipDepth > 0) {
          skipDepth++;
          return;
        }
        if (frames.length === 0) {
          rootName = name.toLowerCase();
          rootOffset = offset;
          if (rootName !== 'puzzleset' && rootName !== 'puzzle') fail(offset, `expected <puzzleset> as the root element, found <${shown(name)}>`);
          puzzles = rootName === 'puzzle' ? 1 : 0;
          frames.push(rootName === 'puzzle' ? openPuzzle(attributes, offset) : 'root');
          return;
        }
        const frame = childFrame(frames[frames.length - 1]!, name, attributes, offset);
        if (frame === 'skip') skipDepth = 1;
        else frames.push(frame);
      },
      close() {
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        const frame = frames.pop();
        if (frame === 'count' && frames[frames.length - 1] !== 'count') {
          const value = count!.text.trim();
          if (!/^\d+$/.test(value) || Number(value) < 1) {
            fail(count!.offset, `expected a run length (a whole number of at least 1) in <count>, found ${quote(value)}`);
          }
          const l = line!;
          l.need += Number(value) + (l.need > 0 ? 1 : 0);
          if (l.runs.length < (MAX_SIDE >> 1) + 2) l.runs.push(Number(value));
          if (l.shown.length < 60) l.shown += (l.shown ? ',' : '') + shown(value);
          else if (!l.shown.endsWith('…')) l.shown += ',…';
          count = undefined;
        } else if (frame === 'credit' && frames[frames.length - 1] !== 'credit') {
          credits[credit!.holder][credit!.name] = credit!.text.trim();
          credit = undefined;
        } else if (frame === 'solution' && goal!.image < 0) {
          fail(goal!.solution, 'expected an <image> in <solution>');
        } else if (frame === 'clues') set = undefined;
      },
      text(node) {
        if (skipDepth > 0) return;
        switch (frames[frames.length - 1]) {
          case 'clues':
            return checkBlank(node, '<line>');
          case 'line':
            return checkBlank(node, '<count>');
          case 'count':
            count!.text += node.text;
            return;
          case 'credit':
            credit!.text += node.text;
            return;
          case 'image':
            goal!.texts.push(node);
            return;
          default:
            return;
        }
      },
    },
    source,
  );

  if (puzzles === 0) fail(rootOffset, 'expected a <puzzle> element in <puzzleset>');
  if (puzzles > 1) {
    throw new InputError('E_PUZZLES', `${where(secondPuzzle).place}: this puzzleset holds ${puzzles} puzzles; nonocrypt reads one puzzle per file`);
  }
  const goalImage = goal ? readGoal(goal, chars, foreground, background, fail, colourError) : undefined;
  const { rows, columns: cols } = sets;
  if ((rows === undefined) !== (cols === undefined)) {
    fail(puzzleOffset, `expected both <clues type="rows"> and <clues type="columns">`);
  }
  let file: PuzzleFile;
  if (rows && cols) {
    const W = cols.count;
    const H = rows.count;
    checkSide(W, 'width', placeOf(cols.offset), `${W} (the <line>s of <clues type="columns">)`);
    checkSide(H, 'height', placeOf(rows.offset), `${H} (the <line>s of <clues type="rows">)`);
    const clue = (l: LineClue, length: number, name: string) => {
      checkClue(l.runs, length, name, placeOf(l.offset), l.shown || undefined, l.need);
      return l.runs;
    };
    const rowClues = rows.lines.map((l, y) => clue(l, W, `row ${y + 1}`));
    const colClues = cols.lines.map((l, x) => clue(l, H, `column ${x + 1}`));
    let grid: Grid | undefined;
    if (goalImage) {
      if (goalImage.count !== H) fail(goalImage.offset, `expected ${counted(H, 'row')} in the goal image, found ${goalImage.count}`);
      goalImage.rows.forEach((r, y) => {
        if (r.count !== W) fail(r.offset, `expected ${counted(W, 'cell')} in row ${y + 1} of the goal image, found ${r.count}`);
      });
      grid = makeGrid(W, H, goalImage.rows.flatMap((r) => r.cells));
    }
    file = { puzzle: { width: W, height: H, rows: rowClues, cols: colClues }, ...(grid ? { goal: grid } : {}) };
  } else {
    if (!goalImage) fail(puzzleOffset, 'expected <clues> or a goal <solution> in <puzzle>');
    const H = goalImage.count;
    const W = goalImage.rows[0]!.count;
    checkSide(W, 'width', placeOf(goalImage.rows[0]!.offset), `${W} (the cells in row 1 of the goal image)`);
    checkSide(H, 'height', placeOf(goalImage.offset), `${H} (the rows of the goal image)`);
    goalImage.rows.forEach((r, y) => {
      if (r.count !== W) fail(r.offset, `expected ${counted(W, 'cell')} in row ${y + 1} of the goal image, found ${r.count}`);
    });
    const grid = makeGrid(W, H, goalImage.rows.flatMap((r) => r.cells));
    file = { puzzle: puzzleOf(grid), goal: grid };
  }

  // Credits: the puzzle's own, else the set's.
  for (const name of CREDITS) {
    const value = credits.puzzle[name] ?? credits.root[name];
    if (value !== undefined) file = { ...file, [name]: value };
  }
  checkPuzzleFile(file, source);
  return file;
}

interface GoalImage {
  readonly offset: number;
  /** How many rows; the first MAX_SIDE are kept, each with its first MAX_SIDE cells and its cell count. */
  readonly count: number;
  readonly rows: readonly { readonly offset: number; readonly cells: number[]; count: number }[];
}

/** The goal `<image>`, read as rows of 0/1 cells. */
function readGoal(
  goal: Goal,
  chars: ReadonlyMap<string, string>,
  foreground: string,
  background: string,
  fail: (offset: number, message: string) => never,
  colourError: (offset: number, what: string) => never,
): GoalImage {
  const black = chars.get(foreground) ?? 'X';
  const white = chars.get(background) ?? '.';
  const others = new Map([...chars].filter(([name]) => name !== foreground && name !== background).map(([n, c]) => [c, n]));
  const rows: { offset: number; cells: number[]; count: number }[] = [];
  let count = 0;
  for (const node of goal.texts) {
    // Offsets inside the text are exact only when the text is verbatim; else name its start.
    const at = (i: number) => node.offset + (node.verbatim ? i : 0);
    const s = node.text;
    let row: { offset: number; cells: number[]; count: number } | undefined;
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      if (!row) {
        if (c === '|') row = { offset: at(i), cells: [], count: 0 };
        else if (!/\s/.test(c)) fail(at(i), `expected "|" to start a row of the goal image, found ${charAt(s, i)}`);
        continue;
      }
      let cell: number;
      if (c === '|') {
        if (count < MAX_SIDE) rows.push(row);
        count++;
        row = undefined;
        continue;
      } else if (c === black) cell = 1;
      else if (c === white) cell = 0;
      else if (others.has(c)) return colourError(at(i), `goal cell colour ${quote(others.get(c)!)}`);
      else if (c === '\n' || c === '\r') return fail(at(i), 'expected "|" to end the row of the goal image, found a line break');
      else return fail(at(i), `expected ${quote(black)} (black) or ${quote(white)} (white) in the goal image, found ${charAt(s, i)}`);
      if (row.count < MAX_SIDE) row.cells.push(cell);
      row.count++;
    }
    if (row) fail(node.offset + (node.verbatim ? s.length : 0), 'expected "|" to end the row of the goal image');
  }
  if (count === 0) fail(goal.image, 'expected rows like |X..X| in the goal <image>');
  return { offset: goal.image, count, rows };
}

export function formatWebpbnXml(file: PuzzleFile): string {
  checkPuzzleFile(file);
  refuseGivens(file, 'webpbn XML');
  const { rows, cols } = file.puzzle;
  const out: string[] = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">',
    '<puzzleset>',
    '<puzzle type="grid" defaultcolor="black">',
  ];
  // XML cannot hold U+0000, not even as a reference: it becomes U+FFFD. (The reader trims credits.)
  const text = (s: string) => escapeEntities(s.replace(/\u0000/g, '\ufffd'));
  if (file.title !== undefined) out.push(`<title>${text(file.title)}</title>`);
  if (file.author !== undefined) out.push(`<author>${text(file.author)}</author>`);
  if (file.copyright !== undefined) out.push(`<copyright>${text(file.copyright)}</copyright>`);
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
