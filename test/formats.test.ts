import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError, ParseError } from '../src/errors.js';
import { formatFromPath, readPuzzleFile, sniffFormat, writePuzzleFile } from '../src/formats/detectFormat.js';
import { formatNin, parseNin } from '../src/formats/nin.js';
import { formatNon, parseNon } from '../src/formats/non.js';
import { formatPuzzleJson, parsePuzzleJson } from '../src/formats/puzzleJson.js';
import type { PuzzleFile, PuzzleFormat } from '../src/formats/PuzzleFile.js';
import { formatWebpbnXml, parseWebpbnXml } from '../src/formats/webpbnXml.js';
import { parseXml, textContent as textContentOf } from '../src/formats/xmlTree.js';
import type { Grid } from '../src/grid/Puzzle.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { fileOfPicture } from './helpers/fuzzInputs.js';

// Fixtures are the project's own tiny pictures.
function picture(rows: string[]): Grid {
  return makeGrid(rows[0]!.length, rows.length, [...rows.join('')].map((c) => (c === '#' ? 1 : 0)));
}

/** 3 wide, 5 tall, with an empty row. */
const TINY = picture(['#.#', '...', '###', '.#.', '##.']);
const TINY_PUZZLE = {
  width: 3,
  height: 5,
  rows: [[1, 1], [], [3], [1], [2]],
  cols: [[1, 1, 1], [3], [1, 1]],
};

function parseErrorOf(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw new Error(`expected a ParseError, got ${String(e)}`);
  }
  throw new Error('expected a ParseError, nothing was thrown');
}

function expectParseError(fn: () => unknown, line: number, column: number, part?: string | RegExp): ParseError {
  const e = parseErrorOf(fn);
  expect({ line: e.line, column: e.column }).toEqual({ line, column });
  if (part) expect(e.message).toMatch(part);
  return e;
}

function expectInputError(fn: () => unknown, code: string, part?: string | RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(InputError);
  expect((caught as InputError).code).toBe(code);
  if (part) expect((caught as InputError).message).toMatch(part);
}

describe('puzzleOf sanity for the fixture', () => {
  it('derives the fixture clues', () => {
    expect(puzzleOf(TINY)).toEqual(TINY_PUZZLE);
  });
});

describe('.non', () => {
  const text = [
    '# a tiny test puzzle',
    'catalogue "nonocrypt tests #1"',
    'title "Tiny &amp; odd &copy; &#233;"',
    'by "Nonocrypt tests"',
    'copyright "none"',
    'license CC0-1.0',
    'width 3',
    'height 5',
    '',
    'rows',
    '1,1',
    '0',
    '3',
    '1',
    '2',
    '',
    'columns',
    '1,1,1',
    '3',
    '1,1',
    '',
    'goal "101000111010110"',
    'given 0,0 2,2',
    '',
  ].join('\n');

  it('reads clues, credits, goal and givens', () => {
    const f = parseNon(text);
    expect(f.puzzle).toEqual(TINY_PUZZLE);
    expect(f.title).toBe('Tiny & odd \u00a9 \u00e9');
    expect(f.author).toBe('Nonocrypt tests');
    expect(f.copyright).toBe('none');
    expect(f.goal).toEqual(TINY);
    expect(f.givens).toEqual([0, 8]);
  });

  it('takes a blank line as an empty clue, keywords in any case, CRLF, size as rows/columns N', () => {
    const f = parseNon('COLUMNS 3\r\nrows 5\r\nRows\r\n1,1\r\n\r\n3\r\n1\r\n2\r\n\r\nColumns\r\n1,1,1\r\n3\r\n1, 1\r\n');
    expect(f.puzzle).toEqual(TINY_PUZZLE);
    expect(f.goal).toBeUndefined();
    expect(f.givens).toBeUndefined();
  });

  it('ignores blank separator lines when the clues are all written (Simpson style)', () => {
    const f = parseNon('width 3\nheight 5\nrows\n\n1,1\n0\n3\n\n1\n2\n\ncolumns\n\n1,1,1\n3\n1,1\n\n');
    expect(f.puzzle).toEqual(TINY_PUZZLE);
  });

  it('reads goal on the line after the keyword, quoted or not', () => {
    const base = 'width 3\nheight 5\nrows\n1,1\n0\n3\n1\n2\ncolumns\n1,1,1\n3\n1,1\n';
    expect(parseNon(base + 'goal\n"101000111010110"\n').goal).toEqual(TINY);
    expect(parseNon(base + 'goal\n  101000111010110\n').goal).toEqual(TINY);
    expect(parseNon(base + 'goal 101000111010110\n').goal).toEqual(TINY);
  });

  it('reads a non-square empty board', () => {
    const f = parseNon('width 4\nheight 2\nrows\n0\n0\ncolumns\n0\n0\n0\n0\n');
    expect(f.puzzle).toEqual({ width: 4, height: 2, rows: [[], []], cols: [[], [], [], []] });
  });

  it('names the line and column of malformed input', () => {
    // One row too many: the third clue line of a 2-row board.
    expectParseError(() => parseNon('width 1\nheight 2\nrows\n1\n0\n1\ncolumns\n1\n'), 6, 1, /expected 2 row clues .*one too many/);
    // Too few: the section ends at "columns" on line 5.
    expectParseError(() => parseNon('width 1\nheight 3\nrows\n1\ncolumns\n1\n'), 5, 1, /expected 3 row clues after "rows" on line 3, found 1/);
    expectParseError(() => parseNon('width 3\nheight 1\nrows\n1,x\ncolumns\n1\n0\n0\n'), 4, 3, /expected a run length/);
    expectParseError(() => parseNon('width 3\nheight 1\nrows\n1,,1\ncolumns\n1\n0\n0\n'), 4, 3, /expected a run length .*, found ","$/);
    expectParseError(() => parseNon('width 3\nheight 1\nrows\n1,\ncolumns\n1\n0\n0\n'), 4, 3, /after the comma, found the end of the line/);
    expectParseError(() => parseNon('width 3\nheight 1\nrows\n0,1\ncolumns\n1\n0\n0\n'), 4, 1, /found "0" \(0 stands alone/);
    expectParseError(() => parseNon('width 3\nheight 1\nrows\n -1\ncolumns\n1\n0\n0\n'), 4, 2, /expected a run length .*, found "-1"$/);
    expectParseError(() => parseNon('width three\nheight 1\n'), 1, 7, /expected the width as a whole number, found "three"$/);
    expect(parseErrorOf(() => parseNon('width 1x\nheight 1\n', 'x.non')).message).toBe('x.non:1:7: expected the width as a whole number, found "1x"');
    expectParseError(() => parseNon('width 1\nwidth 2\n'), 2, 7, /width appears twice \(first on line 1\)/);
    expectParseError(() => parseNon('width 1\nrows\n1\ncolumns\n1\n'), 2, 1, /expected a "height H" line \(how many row clues follow "rows"\)/);
    expectParseError(() => parseNon('width 1\nheight 1\ncolumns\n1\n'), 5, 1, /expected a "rows" line/);
    expectParseError(() => parseNon('1,2\nwidth 1\n'), 1, 1, /expected a keyword .*, found "1,2"$/);
    expectParseError(
      () => parseNon('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "1x"\n'),
      8,
      8,
      /expected 0 \(white\) or 1 \(black\) in the goal, found "x"$/,
    );
    expectParseError(() => parseNon('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "101"\n'), 8, 7, /expected 2 goal cells/);
    expectParseError(() => parseNon('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngiven 0,0 1;0\n'), 8, 11, /x,y .*, found "1;0"$/);
    expectParseError(() => parseNon('width 5\nheight 1\nrows\n1,1234567\ncolumns\n'), 4, 3, 'number "1234567" is too large (more than 6 digits)');
  });

  it('refuses clues that cannot fit, huge sizes, colours, off-board givens and wrong goals', () => {
    expectInputError(() => parseNon('width 3\nheight 1\nrows\n2,1\ncolumns\n1\n0\n1\n'), 'E_CLUE', /^4:1: row 1 clue "2,1" needs 4 cells but rows are 3 cells wide$/);
    expectInputError(() => parseNon('width 1\nheight 1\nrows\n1\ncolumns\n2\n', 'f.non'), 'E_CLUE', /^f\.non:6:1: column 1 clue "2" needs 2/);
    expectInputError(() => parseNon('width 5\nheight 1\nrows\n007\ncolumns\n0\n0\n0\n0\n0\n'), 'E_CLUE', /^4:1: row 1 clue "007" needs 7 cells/);
    expectInputError(() => parseNon('width 1001\nheight 1\n'), 'E_SIZE', /^1:7: width "1001" is out of range; expected a whole number from 1 to 1000$/);
    expectInputError(() => parseNon('width 99999999999999999999\n'), 'E_SIZE', /^1:7: width "99999999999999999999" is out/);
    expectInputError(() => parseNon('width 0\nheight 1\n'), 'E_SIZE');
    expectInputError(() => parseNon('width 2\nheight 1\nrows\n2a\ncolumns\n1a\n1a\n'), 'E_COLOR', '4:1: run "2a" has a colour; multi-colour puzzles are not supported, only black and white');
    expectInputError(() => parseNon('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngiven 2,0\n'), 'E_GIVEN', /^8:7: given cell "2,0" is off the 2x1 board/);
    // Givens before the size are checked once it is known; the first off the board (in file order) is named.
    expectInputError(() => parseNon('given 0,0 5,0 99999999999999999999,0\nwidth 2\nheight 1\nrows\n1\ncolumns\n1\n0\n'), 'E_GIVEN', /^1:11: given cell "5,0"/);
    expectInputError(() => parseNon('given 99999999999999999999,0 5,0\nwidth 2\nheight 1\nrows\n1\ncolumns\n1\n0\n'), 'E_GIVEN', /^1:7: given cell "99999999999999999999,0"/);
    expectInputError(() => parseNon('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "01"\n'), 'E_GOAL', /column 1 does not match/);
    expectInputError(() => parseNon('width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "10"\ngiven 1,0\n'), 'E_GOAL', /given cell \(1, 0\)/);
  });

  it('writes a file that reads back the same, with the given extension documented', () => {
    const f: PuzzleFile = { puzzle: TINY_PUZZLE, goal: TINY, givens: [0, 8], title: 'A "quoted" & <odd> title', author: 'me' };
    const out = formatNon(f);
    expect(out).toContain('\nrows\n1,1\n0\n3\n1\n2\n');
    expect(out).toContain('title "A &quot;quoted&quot; &amp; &lt;odd&gt; title"');
    expect(out).toMatch(/# given .*nonocrypt extension/);
    expect(out).toContain('given 0,0 2,2\n');
    expect(parseNon(out)).toEqual(f);
  });
});

describe('.nin', () => {
  const text = '# tiny\n3 5\n1 1\n0\n3\n1\n2\n1 1 1\n3\n1 1\n';

  it('reads rows then columns', () => {
    expect(parseNin(text)).toEqual({ puzzle: TINY_PUZZLE });
  });

  it('takes an empty line as an empty clue, and comments anywhere', () => {
    expect(parseNin('3 5\n1 1\n\n3\n# a comment\n1\n2\n1  1\t1\n3\n1 1\n\n\n').puzzle).toEqual(TINY_PUZZLE);
  });

  it('names the line and column of malformed input', () => {
    expectParseError(() => parseNin('# only comments\n'), 2, 1, /board size "W H" .*, found the end of the file$/);
    expectParseError(() => parseNin('3\n1\n'), 1, 2, /board size/);
    expectParseError(() => parseNin('3 x\n'), 1, 3, /board size .*, found "x"$/);
    expectParseError(() => parseNin('1 1 1\n'), 1, 5, /board size .*, found a third field "1"$/);
    expectParseError(() => parseNin('2 1\n1 -1\n1\n0\n'), 2, 3, /expected a run length .*, found "-1"$/);
    expectParseError(() => parseNin('2 1\n1,1\n1\n1\n'), 2, 1, /expected a run length \(whole numbers separated by spaces\), found "1,1"$/);
    expectParseError(() => parseNin('1 1\n1\n1\n1\n'), 4, 1, /expected 1 row clue then 1 column clue after the size on line 1; this line \("1"\) is one too many/);
    expectParseError(() => parseNin('1 2\n1\n1\n'), 4, 1, /found 2/);
  });

  it('refuses clues that cannot fit and huge sizes', () => {
    expectInputError(() => parseNin('2 1\n3\n1\n1\n', 'a.nin'), 'E_CLUE', /^a\.nin:2:1: row 1 clue "3" needs 3 cells/);
    expectInputError(() => parseNin('2 1001\n'), 'E_SIZE', /^1:3: height "1001" is out of range/);
  });

  it('round-trips credits through comments, drops the goal, refuses givens', () => {
    const f: PuzzleFile = { puzzle: TINY_PUZZLE, title: 'Tiny', author: 'me', copyright: 'none' };
    const out = formatNin({ ...f, goal: TINY });
    expect(out).toBe('# title: Tiny\n# by: me\n# copyright: none\n3 5\n1 1\n0\n3\n1\n2\n1 1 1\n3\n1 1\n');
    expect(parseNin(out)).toEqual(f);
    expectInputError(() => formatNin({ ...f, givens: [0] }), 'E_GIVENS');
  });
});

describe('webpbn XML', () => {
  const xml = `<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd" [
  <!ENTITY x "y">
]>
<puzzleset>
<puzzle type="grid" defaultcolor="black">
<source>nonocrypt tests</source>
<id>#1</id>
<title>Tiny &amp; odd &#233;</title>
<author>Nonocrypt tests</author>
<!-- a comment with <tags> -->
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clues type="columns">
<line><count>1</count><count>1</count><count>1</count></line>
<line><count color="black">3</count></line>
<line> <count> 1 </count> <count>1</count> </line>
</clues>
<clues type="rows">
<line><count>1</count><count>1</count></line>
<line/>
<line><count>3</count></line>
<line><count>1</count></line>
<line><count>2</count></line>
</clues>
<solution type="solution"><image>|XXX|</image></solution>
<solution type="goal">
<image>
|X.X|
|...|
|XXX|
|.X.|
|XX.|
</image>
</solution>
</puzzle>
</puzzleset>
`;

  it('reads clues, credits and the goal image', () => {
    const f = parseWebpbnXml(xml);
    expect(f.puzzle).toEqual(TINY_PUZZLE);
    expect(f.goal).toEqual(TINY);
    expect(f.title).toBe('Tiny & odd \u00e9');
    expect(f.author).toBe('Nonocrypt tests');
    expect(f.copyright).toBeUndefined();
    expect(f.givens).toBeUndefined();
  });

  it('reads defaultcolor="white" as black clues, other colour chars, and set-level credits', () => {
    const f = parseWebpbnXml(`<puzzleset><title>Set</title><puzzle type="grid" defaultcolor="white">
<color name="white" char="-">fff</color><color name="black" char="#">000</color>
<clues type="rows"><line><count>1</count></line><line/></clues>
<clues type="columns"><line/><line><count>1</count></line><line/></clues>
<solution><image>|-#-|\n|---|</image></solution></puzzle></puzzleset>`);
    expect(f.puzzle).toEqual({ width: 3, height: 2, rows: [[1], []], cols: [[], [1], []] });
    expect(f.goal).toEqual(picture(['.#.', '...']));
    expect(f.title).toBe('Set');
  });

  it('derives the clues of a puzzle given only by its goal', () => {
    const f = parseWebpbnXml('<puzzleset><puzzle><solution type="goal"><image>|X.X||...||XXX||.X.||XX.|</image></solution></puzzle></puzzleset>');
    expect(f).toEqual({ puzzle: TINY_PUZZLE, goal: TINY });
  });

  it('names the line and column of malformed XML', () => {
    expectParseError(() => parseXml('<a>\n  <b></c>\n</a>'), 2, 6, /expected <\/b> \(opened on line 2\) but found <\/c>/);
    expectParseError(() => parseXml('<a>\n<b x=1/>\n</a>'), 2, 6, /quoted value for attribute x/);
    expectParseError(() => parseXml('<a x="1" x="2"/>'), 1, 10, /appears twice/);
    expectParseError(() => parseXml('<a>\n &nbsp;</a>'), 2, 2, /unknown entity "&nbsp;"/);
    expectParseError(() => parseXml('<a>AT&T</a>'), 1, 6, /expected an entity like &amp;/);
    expectParseError(() => parseXml('<a>\n<b>\n'), 3, 1, /expected <\/b> before the end of the document \(opened on line 2\)/);
    expectParseError(() => parseXml('<a/>\n<b/>'), 2, 1, /end of the document after the root/);
    expectParseError(() => parseXml('<a><!-- open'), 1, 4, /"-->"/);
    expectParseError(() => parseXml('</a>'), 1, 1, /no element is open/);
    expectParseError(() => parseXml('  '), 1, 3, /expected a root element/);
    expectParseError(() => parseXml('<a>\n<1/></a>'), 2, 2, /element name/);
    expect(parseXml('<a><![CDATA[<x>&]]></a>').children).toEqual([{ kind: 'text', text: '<x>&', offset: 12, verbatim: false }]);
  });

  it('names the place of puzzle errors', () => {
    const wrap = (body: string) => `<puzzleset><puzzle>\n${body}\n</puzzle></puzzleset>`;
    expectParseError(
      () => parseWebpbnXml(wrap('<clues type="rows"><line><count>x</count></line></clues><clues type="columns"><line/></clues>')),
      2,
      26,
      /expected a run length/,
    );
    expectParseError(
      () => parseWebpbnXml(wrap('<clues type="rows"><line/></clues><clues type="columns"><line/></clues>\n<solution><image>\n|X.|\n</image></solution>')),
      4,
      1,
      /expected 1 cell in row 1 of the goal image, found 2/,
    );
    expectParseError(
      () => parseWebpbnXml(wrap('<clues type="rows"><line/></clues><clues type="columns"><line/></clues>\n<solution><image>\n|?|\n</image></solution>')),
      4,
      2,
      /expected "X" \(black\) or "\." \(white\)/,
    );
    expectInputError(
      () => parseWebpbnXml(wrap('<clues type="rows"><line><count color="red">1</count></line></clues><clues type="columns"><line/></clues>')),
      'E_COLOR',
      /^2:26: count colour "red" is not black; multi-colour puzzles are not supported/,
    );
    expectInputError(
      () => parseWebpbnXml(wrap('<color name="red" char="r">f00</color><solution><image>|r|</image></solution>')),
      'E_COLOR',
      /goal cell colour "red"/,
    );
    expectInputError(
      () => parseWebpbnXml(wrap('<clues type="rows"><line><count>2</count></line></clues><clues type="columns"><line/></clues>')),
      'E_CLUE',
      /^2:20: row 1 clue 2 needs 2 cells but rows are 1 cell wide/,
    );
    expectInputError(() => parseWebpbnXml('<puzzleset><puzzle/><puzzle/></puzzleset>'), 'E_PUZZLES', /holds 2 puzzles/);
    expectInputError(() => parseWebpbnXml('<puzzleset><puzzle type="triddler"/></puzzleset>'), 'E_TYPE');
    expectParseError(() => parseWebpbnXml('<puzzleset>\n<puzzle></puzzle></puzzleset>'), 2, 1, /expected <clues> or a goal <solution>/);
  });

  it('quotes what it found, as written, on one line', () => {
    const wrap = (body: string) => `<puzzleset><puzzle>\n${body}\n</puzzle></puzzleset>`;
    expectParseError(
      () => parseWebpbnXml(wrap('<clues type="rows"><line><count>0\n1</count></line></clues><clues type="columns"><line/></clues>')),
      2,
      26,
      /in <count>, found "0\\n1"$/,
    );
    expectInputError(() => parseWebpbnXml('<puzzleset><puzzle type="a&#10;b"/></puzzleset>'), 'E_TYPE', /^1:12: puzzle type "a\\nb" is not supported/);
    expectParseError(() => parseXml('<a>\n<b x=1/></a>'), 2, 6, /quoted value for attribute x, found "1"$/);
    expectParseError(() => parseXml('<a>&b\u0001;</a>'), 1, 4, /^1:4: unknown entity "&b\\u0001;"/);
  });

  it('counts clue lines and goal rows exactly, keeping at most 1000 of them', () => {
    const lines = (n: number) => '<line><count>1</count></line>'.repeat(n);
    const many = `<puzzle><clues type="columns">${lines(5000)}</clues><clues type="rows">${lines(2)}</clues></puzzle>`;
    expectInputError(() => parseWebpbnXml(many), 'E_SIZE', /^1:9: width 5000 \(the <line>s of <clues type="columns">\) is out of range/);
    const wide = `<puzzle><solution><image>|${'X'.repeat(3000)}|</image></solution></puzzle>`;
    expectInputError(() => parseWebpbnXml(wide), 'E_SIZE', /width 3000 \(the cells in row 1 of the goal image\)/);
    const long = `<puzzle><clues type="rows"><line>${'<count>600</count>'.repeat(2)}</line></clues><clues type="columns">${'<line/>'.repeat(1000)}</clues></puzzle>`;
    expectInputError(() => parseWebpbnXml(long), 'E_CLUE', /row 1 clue 600,600 needs 1201 cells but rows are 1000 cells wide$/);
  });

  it('walks any nesting without recursion, up to 1000 levels', () => {
    const nested = (n: number) => `<puzzle><title>${'<b>'.repeat(n)}deep${'</b>'.repeat(n)}</title><solution><image>|X|</image></solution></puzzle>`;
    expect(parseWebpbnXml(nested(990)).title).toBe('deep');
    expect(textContentOf(parseXml(`<a>${'<b>x'.repeat(999)}${'</b>'.repeat(999)}</a>`))).toBe('x'.repeat(999));
    expectParseError(() => parseWebpbnXml(nested(5000)), 1, 3010, /elements nested deeper than 1000 levels$/);
  });

  it('writes a file that reads back the same, with empty lines as <line/>', () => {
    const f: PuzzleFile = { puzzle: TINY_PUZZLE, goal: TINY, title: 'A <b> & "c"', author: 'me', copyright: '(c) nobody' };
    const out = formatWebpbnXml(f);
    expect(out).toContain('<line/>');
    expect(out).toContain('<image>\n|X.X|\n|...|\n|XXX|\n|.X.|\n|XX.|\n</image>');
    expect(parseWebpbnXml(out)).toEqual(f);
    expectInputError(() => formatWebpbnXml({ ...f, givens: [0] }), 'E_GIVENS');
  });
});

describe('puzzle JSON', () => {
  const json = `{
  "format": "nonocrypt-puzzle",
  "version": 1,
  "title": "Tiny",
  "width": 3,
  "height": 5,
  "rows": [[1, 1], [], [3], [1], [2]],
  "cols": [[1, 1, 1], [3], [1, 1]],
  "goal": ["#.#", "...", "###", ".#.", "##."],
  "givens": [[2, 2], [0, 0], [0, 0]]
}`;

  it('reads every field; givens are sorted without repeats', () => {
    expect(parsePuzzleJson(json)).toEqual({ puzzle: TINY_PUZZLE, goal: TINY, givens: [0, 8], title: 'Tiny' });
  });

  it('reads the benchmark form', () => {
    const bench = '{"id": "tiny-1", "source": "made up", "rows": [[1, 1], [], [3], [1], [2]], "cols": [[1, 1, 1], [3], [1, 1]], "solutions_known": "unique"}';
    expect(parsePuzzleJson(bench)).toEqual({ puzzle: TINY_PUZZLE, title: 'tiny-1' });
    expect(parsePuzzleJson(bench.replace('{', '{"name": "Tiny",')).title).toBe('Tiny');
  });

  it('reports syntax errors with line and column', () => {
    // A trailing comma: the engine names the position of the closing brace.
    expectParseError(() => parsePuzzleJson('{\n  "width": 3,\n}'), 3, 1, /invalid JSON/);
    expectParseError(() => parsePuzzleJson('{\n  "rows": [[1] [2]]\n}'), 2, 16, /invalid JSON/);
    expectParseError(() => parsePuzzleJson('{\n  "rows": [1,'), 2, 14, /invalid JSON/);
    // No position in the engine's message here: our own scan finds the line.
    const e = parseErrorOf(() => parsePuzzleJson('{\n  "a": 1,\n  "b": tru\n}'));
    expect(e.line).toBe(3);
    expect(e.message).not.toContain('\n');
  });

  it('validates strictly, naming the place and the value as written', () => {
    const base = JSON.parse(json) as Record<string, unknown>;
    const text = (patch: Record<string, unknown>) => JSON.stringify({ ...base, ...patch });
    const bad = (patch: Record<string, unknown>) => () => parsePuzzleJson(text(patch), 'p.json');
    expectInputError(bad({ version: 2 }), 'E_JSON', /^p\.json:1:40: "version" is 2; expected 1/);
    expectInputError(bad({ format: 'other' }), 'E_JSON', /^p\.json:1:11: "format" is "other"/);
    expectInputError(bad({ givns: [] }), 'E_JSON', /unknown key "givns"$/);
    expectInputError(bad({ width: '3' }), 'E_JSON', /"width" is "3"; expected a whole number$/);
    expectInputError(bad({ width: 3.5 }), 'E_SIZE', /width 3\.5 is out of range/);
    expectInputError(bad({ width: 2000 }), 'E_SIZE', /width 2000 is out of range/);
    expectInputError(bad({ rows: [[1, 1], [], [3], [1]] }), 'E_JSON', /"rows" has 4 clues; expected 5 \(the height\)/);
    expectInputError(bad({ rows: [[1, 1], [], [3], [1], [-2]] }), 'E_CLUE', /rows\[4\]\[0\] is -2; expected a run length/);
    expectInputError(bad({ rows: [[1, 1], [], [3], [1], [1.5]] }), 'E_CLUE', /rows\[4\]\[0\] is 1\.5/);
    expectInputError(bad({ rows: [[1, 1], [], [3], [1], '2'] }), 'E_JSON', /rows\[4\] is "2"/);
    expectInputError(bad({ cols: [[1, 1, 1], [6], [1, 1]] }), 'E_CLUE', /column 2 clue \[6\] needs 6 cells but columns are 5 cells tall/);
    expectInputError(bad({ goal: ['#.#', '...', '###', '.#.', '##x'] }), 'E_JSON', /goal\[4\] is "##x"/);
    expectInputError(bad({ goal: ['#.#', '...', '###', '.#.', '#.#'] }), 'E_GOAL', /row 5 does not match/);
    expectInputError(bad({ givens: [[3, 0]] }), 'E_GIVEN', /given cell \[3,0\] \(givens\[0\]\) is off the 3x5 board/);
    expectInputError(bad({ givens: [[1]] }), 'E_JSON', /givens\[0\] is \[1\]; expected a cell \[x, y\]/);
    expectInputError(bad({ title: 5 }), 'E_JSON', /"title" is 5; expected a string/);
    expectInputError(() => parsePuzzleJson('[]'), 'E_JSON', /^1:1: expected a JSON object \{\.\.\.\} at the top, found \[\]$/);
    expectInputError(() => parsePuzzleJson('{"width": 3}'), 'E_JSON', /expected "format": "nonocrypt-puzzle"/);
    expectInputError(() => parsePuzzleJson('{"rows": [[2]], "cols": [[1]]}'), 'E_CLUE', /row 1 clue \[2\]/);
    expectInputError(() => parsePuzzleJson('{"rows": [], "rows": []}'), 'E_JSON', /^1:14: key "rows" appears twice \(first at 1:2\)$/);
  });

  it('shows numbers as written, never reformatted', () => {
    const doc = (width: string) => `{"format": "nonocrypt-puzzle", "version": 1, "width": ${width}, "height": 1}`;
    expectInputError(() => parsePuzzleJson(doc('99999999999999999999')), 'E_SIZE', /^1:55: width 99999999999999999999 is out of range/);
    expectInputError(() => parsePuzzleJson(doc('1e400')), 'E_SIZE', /width 1e400 is out of range/);
    expectInputError(() => parsePuzzleJson(doc('1' + '0'.repeat(100))), 'E_SIZE', /^1:55: width 100000000000000000000000… \(101 characters\) is out of range/);
    const run = (r: string) => `{"format": "nonocrypt-puzzle", "version": 1, "width": 2, "height": 1, "rows": [[${r}]], "cols": [[], []]}`;
    expectParseError(() => parsePuzzleJson(run("007")), 1, 81, /invalid JSON: expected a number as JSON writes it .*, found "007"$/);
    expectInputError(() => parsePuzzleJson(run('1E3')), 'E_CLUE', /^1:80: row 1 clue \[1E3\] needs 1000 cells but rows are 2 cells wide$/);
    expectInputError(() => parsePuzzleJson(run('1e400')), 'E_CLUE', /^1:80: row 1 clue \[1e400\] needs more cells than any line has but rows are 2 cells wide$/);
  });

  it('reads any nesting without recursion, and names syntax faults with what it found', () => {
    const deep = `{"id": "x", "rows": [[1]], "cols": [[1]], "extra": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(parsePuzzleJson(deep).puzzle).toEqual({ width: 1, height: 1, rows: [[1]], cols: [[1]] });
    expectParseError(() => parsePuzzleJson(`{"a": ${'['.repeat(200_000)}}`), 1, 200_007, /expected a value .*, found "}"$/);
    expectParseError(() => parsePuzzleJson('{"title": "a\nb"}'), 1, 13, /raw control characters .*, found "\\n"$/);
    expectParseError(() => parsePuzzleJson('{"title": "a\\qb"}'), 1, 13, /after the backslash, found "\\\\q"$/);
    expectParseError(() => parsePuzzleJson('{"a": 1} x'), 1, 10, /expected the end of the text after the JSON value, found "x"$/);
  });

  it('counts clue lists exactly, keeping at most what a board can use', () => {
    const lots = `[${Array(5000).fill('[]').join(',')}]`;
    expectInputError(() => parsePuzzleJson(`{"rows": ${lots}, "cols": [[]]}`), 'E_SIZE', /^1:10: height 5000 \(the number of "rows"\) is out of range/);
    const doc = `{"format": "nonocrypt-puzzle", "version": 1, "width": 1, "height": 1, "rows": ${lots}, "cols": [[]]}`;
    expectInputError(() => parsePuzzleJson(doc), 'E_JSON', /^1:79: "rows" has 5000 clues; expected 1 \(the height\)$/);
    const runs = `[${Array(100_000).fill('1').join(',')}]`;
    expectInputError(
      () => parsePuzzleJson(`{"rows": [${runs}], "cols": [[1]]}`),
      'E_CLUE',
      /^1:11: row 1 clue \[1,1,1,1,1,1,1,1,1,1,1,1… \(200001 characters\) needs 199999 cells but rows are 1 cell wide$/,
    );
  });

  it('writes readable JSON: two-space indent, one clue per line', () => {
    const f: PuzzleFile = { puzzle: TINY_PUZZLE, goal: TINY, givens: [0, 8], title: 'Tiny' };
    const out = formatPuzzleJson(f);
    expect(out).toBe(`{
  "format": "nonocrypt-puzzle",
  "version": 1,
  "title": "Tiny",
  "width": 3,
  "height": 5,
  "rows": [
    [1, 1],
    [],
    [3],
    [1],
    [2]
  ],
  "cols": [
    [1, 1, 1],
    [3],
    [1, 1]
  ],
  "goal": [
    "#.#",
    "...",
    "###",
    ".#.",
    "##."
  ],
  "givens": [[0, 0], [2, 2]]
}
`);
    expect(JSON.parse(out)).toBeTruthy();
    expect(parsePuzzleJson(out)).toEqual(f);
  });
});

describe('format detection and dispatch', () => {
  const samples: Record<PuzzleFormat, string> = {
    non: 'title "x"\nwidth 3\nheight 5\nrows\n1,1\n0\n3\n1\n2\ncolumns\n1,1,1\n3\n1,1\n',
    nin: '# tiny\n3 5\n1 1\n0\n3\n1\n2\n1 1 1\n3\n1 1\n',
    xml: '\n<?xml version="1.0"?><puzzleset/>',
    json: '  {"format": "nonocrypt-puzzle"}',
    cipher: '3 5\n111,3,11,11,,3,1,2\nX\n',
  };

  it('knows formats by extension', () => {
    expect(formatFromPath('a/b/puzzle.NON')).toBe('non');
    expect(formatFromPath('x.nin')).toBe('nin');
    expect(formatFromPath('x.xml')).toBe('xml');
    expect(formatFromPath('x.pbn')).toBe('xml');
    expect(formatFromPath('C:\\p\\x.json')).toBe('json');
    expect(formatFromPath('x.nc')).toBe('cipher');
    expect(formatFromPath('x.cipher')).toBe('cipher');
    expect(formatFromPath('x.txt')).toBeUndefined(); // too generic: the content decides
    expect(formatFromPath('x.png')).toBeUndefined();
    expect(formatFromPath('non')).toBeUndefined();
    expect(formatFromPath('dir.non/file')).toBeUndefined();
    expect(formatFromPath('.json')).toBeUndefined();
  });

  it('sniffs only what is unambiguous', () => {
    for (const [format, text] of Object.entries(samples)) expect(sniffFormat(text)).toBe(format);
    expect(sniffFormat('6\n22,11,21,1,2,1,11,4,0,11,32,0\nX\n')).toBe('cipher');
    expect(sniffFormat('\ufeff# c\n\n5 3\n')).toBe('nin');
    expect(sniffFormat('5 3\n1 2\nAB\n')).toBeUndefined();
    expect(sniffFormat('hello\n')).toBeUndefined();
    expect(sniffFormat('')).toBeUndefined();
    expect(sniffFormat('  Width 3\n')).toBe('non');
  });

  it('reads a one-block ciphertext with its annotation as givens', () => {
    const f = readPuzzleFile(samples.cipher, 'cipher');
    expect(f).toEqual({ puzzle: TINY_PUZZLE });
    expect(readPuzzleFile('3 5\n111,3,11,11,,3,1,2\n0022\n', 'cipher').givens).toEqual([0, 8]);
    expectInputError(
      () => readPuzzleFile('3 5\n111,3,11,11,,3,1,2\nX\n111,3,11,11,,3,1,2\nX\n', 'cipher', 'two.nc'),
      'E_BLOCKS',
      'two.nc: a ciphertext is a puzzle when it has one block; this one has 2 blocks',
    );
  });

  it('keeps every message on one line, whatever the file name and the text', () => {
    const name = 'odd\nname\u2028.txt';
    const cases: [PuzzleFormat, string][] = [
      ['non', 'width x\n'],
      ['nin', '1 1\n2\n1\n'],
      ['xml', '<puzzle/>\nstray'],
      ['json', '{"format": 1}'],
      ['cipher', '2\n1,1,1,9\nX\n'],
      ['cipher', '1\n1,1\nX\n1,1\nX\n'],
    ];
    for (const [format, text] of cases) {
      let message = '';
      try {
        readPuzzleFile(text, format, name);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message.startsWith('odd\\nname\\u2028.txt:') || message.startsWith('odd\\nname\\u2028.txt: '), message).toBe(true);
      expect(message).not.toMatch(/[\n\r\u2028]/);
    }
    expectParseError(() => parseXml('<a/>\n stray'), 2, 2, /after the root element, found "stray"$/);
  });

  it('counts the blocks of a ciphertext read as a puzzle without keeping them', () => {
    const many = '1\n' + '1,1\nX\n'.repeat(10_000);
    expectInputError(() => readPuzzleFile(many, 'cipher', 'c.nc'), 'E_BLOCKS', 'c.nc: a ciphertext is a puzzle when it has one block; this one has 10000 blocks');
    expectInputError(() => readPuzzleFile('1\n', 'cipher'), 'E_BLOCKS', /has 0 blocks/);
  });

  it('dispatches readers and writers', () => {
    const f: PuzzleFile = { puzzle: TINY_PUZZLE, givens: [0, 8] };
    for (const format of ['non', 'json', 'cipher'] as const) {
      expect(readPuzzleFile(writePuzzleFile(f, format), format)).toEqual(f);
    }
    expect(writePuzzleFile(f, 'cipher')).toBe('3 5\n111,3,11,11,0,3,1,2\n0022\n');
    for (const format of ['nin', 'xml'] as const) {
      expect(readPuzzleFile(writePuzzleFile({ puzzle: TINY_PUZZLE }, format), format)).toEqual({ puzzle: TINY_PUZZLE });
      expectInputError(() => writePuzzleFile(f, format), 'E_GIVENS');
    }
  });
});

describe('credits that the fuzzing found hard to round-trip', () => {
  const puzzle = { width: 1, height: 1, rows: [[1]], cols: [[1]] };
  it('.non keeps U+0000 (written &#0;, which read back as the text "&#0;")', () => {
    const f: PuzzleFile = { puzzle, title: 'a\u0000b', author: '&#0;' };
    expect(formatNon(f)).toContain('title "a&#0;b"');
    expect(parseNon(formatNon(f))).toEqual(f);
  });
  it('XML cannot hold U+0000: the writer puts U+FFFD (it wrote &#0;, which no XML reader accepts), and a raw one is an error', () => {
    const out = formatWebpbnXml({ puzzle, title: 'a\u0000b' });
    expect(parseWebpbnXml(out).title).toBe('a\ufffdb');
    expectParseError(() => parseXml('<a>\n x\u0000</a>'), 2, 3, 'XML does not allow the character "\\u0000"');
  });
  it('.nin keeps tabs, double spaces and U+2028 in a credit (it collapsed all whitespace and lost a credit holding U+2028)', () => {
    const f: PuzzleFile = { puzzle, title: 'a\t\tb  c', author: 'x\u2028y' };
    expect(parseNin(formatNin(f))).toEqual(f);
    expect(parseNin(formatNin({ puzzle, title: ' line\r\nbreak ' })).title).toBe('line break');
  });
});

describe('round trips over random small puzzles', () => {
  const text = fc
    .string({ maxLength: 12 })
    .map((s) => s.replace(/\s+/g, ' ').trim());
  const file = fc
    .record({
      width: fc.integer({ min: 1, max: 7 }),
      height: fc.integer({ min: 1, max: 7 }),
      seed: fc.array(fc.boolean(), { minLength: 49, maxLength: 49 }),
      givenMask: fc.array(fc.boolean(), { minLength: 49, maxLength: 49 }),
      withGoal: fc.boolean(),
      title: fc.option(text, { nil: undefined }),
      author: fc.option(text, { nil: undefined }),
      copyright: fc.option(text, { nil: undefined }),
    })
    .map(({ width, height, seed, givenMask, withGoal, title, author, copyright }) => {
      const goal = makeGrid(width, height, seed.slice(0, width * height).map(Number));
      const givens = [...goal.cells.keys()].filter((i) => goal.cells[i] && givenMask[i]);
      return fileOfPicture(goal, givens, withGoal, { title, author, copyright });
    });
  const strip = (f: PuzzleFile, keep: { goal: boolean; givens: boolean; credits: boolean }): PuzzleFile => ({
    puzzle: f.puzzle,
    ...(keep.goal && f.goal ? { goal: f.goal } : {}),
    ...(keep.givens && f.givens ? { givens: f.givens } : {}),
    ...(keep.credits && f.title !== undefined ? { title: f.title } : {}),
    ...(keep.credits && f.author !== undefined ? { author: f.author } : {}),
    ...(keep.credits && f.copyright !== undefined ? { copyright: f.copyright } : {}),
  });

  it('parse(format(x)) equals x in every format (what the format can hold)', () => {
    fc.assert(
      fc.property(file, (f) => {
        expect(parseNon(formatNon(f))).toStrictEqual(f);
        expect(parsePuzzleJson(formatPuzzleJson(f))).toStrictEqual(f);
        const xmlPart = strip(f, { goal: true, givens: false, credits: true });
        expect(parseWebpbnXml(formatWebpbnXml(xmlPart))).toStrictEqual(xmlPart);
        const ninPart = strip(f, { goal: false, givens: false, credits: true });
        expect(parseNin(formatNin(ninPart))).toStrictEqual(ninPart);
        const cipherPart = strip(f, { goal: false, givens: true, credits: false });
        expect(readPuzzleFile(writePuzzleFile(cipherPart, 'cipher'), 'cipher')).toStrictEqual(cipherPart);
        for (const format of ['non', 'nin', 'xml', 'json'] as const) {
          expect(sniffFormat(writePuzzleFile(ninPart, format))).toBe(format);
        }
      }),
      { numRuns: 300 },
    );
  });
});
