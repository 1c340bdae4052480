// The rendering library: golden SVG, text and HTML of fixed sheets; PNG checked by decoding it;
// properties over random grids (SVG is well-formed XML with one square per black cell, half
// blocks and colour half blocks decode back to the grid).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { parseCiphertext } from '../src/formats/ciphertext.js';
import { formatPicture } from '../src/formats/picture.js';
import { parseXml, type XmlElement } from '../src/formats/xmlTree.js';
import { gridsEqual, makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import type { RenderSheet } from '../src/render/RenderSheet.js';
import { renderHtml } from '../src/render/renderHtml.js';
import { renderPng } from '../src/render/renderPng.js';
import { renderSvg } from '../src/render/renderSvg.js';
import { renderText, type TextOptions } from '../src/render/renderText.js';
import { cellCentre, sheetLayout, type SheetLayout } from '../src/render/sheetLayout.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { expectGolden } from './helpers/golden.js';

const picture = (rows: string[]): Grid => makeGrid(rows[0]!.length, rows.length, [...rows.join('')].map((c) => (c === '#' ? 1 : 0)));

/** Block 2 of the README's ciphertext: unique only with its given cell (5, 2). */
function toBeBlock2(): RenderSheet {
  const text = readFileSync(new URL('../examples/to-be.txt', import.meta.url), 'utf8');
  const block = parseCiphertext(text).blocks[1]!;
  const result = solvePuzzle(block.puzzle, { givens: block.annotation });
  if (result.status !== 'unique') throw new Error(`fixture: block 2 is ${result.status}`);
  return { puzzle: block.puzzle, grid: result.grid, givens: block.annotation, title: 'block 2: unique' };
}

/** Two 7x5 pictures with the same clues, differing in 4 cells. */
const MULTI_A = picture(['#.#.##.', '.#....#', '.#...#.', '.#..#..', '.###.##']);
const MULTI_B = picture(['#.#..##', '.#..#..', '.#...#.', '.#..#..', '.###.##']);
const MULTIPLE: RenderSheet = { puzzle: puzzleOf(MULTI_A), grid: MULTI_A, second: MULTI_B, title: 'block 7: multiple' };

const HEART = picture(['.##...##.', '####.####', '#########', '#########', '.#######.', '..#####..', '...###...', '....#....']);
const UNSOLVED: RenderSheet = { puzzle: puzzleOf(HEART), givens: [31, 2], title: 'heart, unsolved' };

const WIDE = picture(['#..#.###.......', '#..#..#...##...', '####..#..#..#..', '#..#..#..#..#..', '#..#.###..##...']);
const RECTANGLE: RenderSheet = { puzzle: puzzleOf(WIDE), grid: WIDE };

/** 38 x 12 with runs of 37 (above the cipher's symbols), 12 and 10. */
function longRuns(): Grid {
  const W = 38;
  const H = 12;
  const cells = new Uint8Array(W * H);
  for (let x = 0; x < 37; x++) cells[x] = 1; // row 0: 37
  for (let y = 0; y < H; y++) cells[y * W] = 1; // column 0: 12
  for (let y = 2; y < H; y++) cells[y * W + 37] = 1; // column 37: 10
  for (let x = 2; x < 14; x++) cells[6 * W + x] = 1; // row 6: 12
  for (let y = 2; y < H; y += 2) for (let x = 16; x < 34; x += 3) cells[y * W + x + (y % 4)] = 1;
  return makeGrid(W, H, cells);
}
const LONG = longRuns();
const LONG_RUNS: RenderSheet = { puzzle: puzzleOf(LONG), grid: LONG, title: 'runs of 37, 12 and 10' };

const FIXTURES: Record<string, () => RenderSheet> = {
  unique: toBeBlock2,
  multiple: () => MULTIPLE,
  unsolved: () => UNSOLVED,
  rectangle: () => RECTANGLE,
  'long-runs': () => LONG_RUNS,
};

const TEXT_VIEWS: [string, TextOptions][] = [
  ['blocks', {}],
  ['ascii', { style: 'ascii' }],
  ['blocks, clues', { clues: true }],
  ['ascii, clues', { style: 'ascii', clues: true }],
  ['blocks, colour', { color: true }],
  ['ascii, clues, colour', { style: 'ascii', clues: true, color: true }],
];

const elements = (e: XmlElement): XmlElement[] => e.children.filter((c): c is XmlElement => c.kind === 'element');
const byClass = (root: XmlElement, cls: string): XmlElement[] => {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    if (e.attributes.get('class') === cls) out.push(e);
    elements(e).forEach(walk);
  };
  walk(root);
  return out;
};
const num = (e: XmlElement, name: string): number => Number(e.attributes.get(name));
/** The width a sheet needs for its grids: the last grid's right edge and the margin (the row clues' left edge). */
const layoutRight = (l: SheetLayout): number => l.panels[l.panels.length - 1]!.x + l.columns * l.cell + l.clueLeft;

describe('golden files', () => {
  for (const [name, make] of Object.entries(FIXTURES)) {
    it(`${name}: SVG and text`, () => {
      const sheet = make();
      expectGolden(`render/${name}.svg`, renderSvg(sheet));
      expectGolden(`render/${name}.txt`, TEXT_VIEWS.map(([view, o]) => `-- ${view}\n${renderText(sheet, o)}`).join(''));
    });
  }

  it('HTML page of several sheets', () => {
    expectGolden('render/sheets.html', renderHtml([toBeBlock2(), MULTIPLE, UNSOLVED], { title: 'examples/to-be.txt & co' }));
  });
});

describe('renderSvg', () => {
  it('is a standalone SVG document whose size is the layout', () => {
    for (const make of Object.values(FIXTURES)) {
      const sheet = make();
      const svg = renderSvg(sheet);
      const root = parseXml(svg);
      const layout = sheetLayout(sheet);
      expect(root.name).toBe('svg');
      expect(root.attributes.get('xmlns')).toBe('http://www.w3.org/2000/svg');
      expect(root.attributes.get('width')).toBe(String(layout.width));
      expect(root.attributes.get('height')).toBe(String(layout.height));
      expect(root.attributes.get('viewBox')).toBe(`0 0 ${layout.width} ${layout.height}`);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
    }
  });

  it('writes clue numbers as decimals, one text per run, inside the page and each within its column', () => {
    const sheet = LONG_RUNS;
    const layout = sheetLayout(sheet);
    const root = parseXml(renderSvg(sheet));
    const labels = elements(byClass(root, 'clues')[0]!).map((t) => ({ x: num(t, 'x'), y: num(t, 'y'), text: t.children.map((c) => (c.kind === 'text' ? c.text : '')).join('') }));
    const runs = [...sheet.puzzle.rows, ...sheet.puzzle.cols].map((c) => (c.length ? c.map(String) : ['0']));
    expect(labels.map((l) => l.text).sort()).toEqual(runs.flat().sort());
    expect(labels.map((l) => l.text)).toContain('37');
    expect(labels.map((l) => l.text)).toContain('12');
    for (const l of labels) {
      expect(l.text).toMatch(/^\d+$/);
      expect(l.x).toBeGreaterThan(0);
      expect(l.x).toBeLessThan(layout.width);
      expect(l.y).toBeGreaterThan(0);
      expect(l.y).toBeLessThan(layout.height);
    }
    // A column's numbers are centred on it and narrower than a cell (at 0.64 em per digit).
    const grid = layout.panels[0]!;
    for (const l of labels.filter((l) => l.y < grid.y)) {
      const column = (l.x - grid.x) / layout.cell - 0.5;
      expect(Number.isInteger(Math.round(column * 100) / 100)).toBe(true);
      expect(l.text.length * 0.64 * layout.clueFont).toBeLessThanOrEqual(layout.cell);
    }
    // Row clues stand left of the grid, the last run nearest to it.
    for (const l of labels.filter((l) => l.y > grid.y)) expect(l.x).toBeLessThan(grid.x);
  });

  it('shrinks cells for big boards and keeps 100 x 100 legible', () => {
    const g = makeGrid(100, 100, Array.from({ length: 10_000 }, (_, i) => ((i * 7919) % 13 < 8 ? 1 : 0)));
    const layout = sheetLayout({ puzzle: puzzleOf(g), grid: g });
    expect(layout.cell).toBe(12);
    expect(layout.clueFont).toBeGreaterThanOrEqual(7);
    expect(sheetLayout(RECTANGLE).cell).toBe(28);
    expect(sheetLayout(RECTANGLE, { cellSize: 10 }).cell).toBe(10);
    expect(() => sheetLayout(RECTANGLE, { cellSize: 1.5 })).toThrow(RangeError);
  });

  it('marks given cells with a ring that contrasts with the cell, and differing cells in both pictures', () => {
    const unique = toBeBlock2();
    const rings = elements(byClass(parseXml(renderSvg(unique)), 'given')[0]!);
    expect(rings).toHaveLength(unique.givens!.length);
    expect(rings.map((r) => r.attributes.get('stroke'))).toEqual(['#fff']); // a black given cell
    const open = elements(byClass(parseXml(renderSvg(UNSOLVED)), 'given')[0]!);
    expect(open.map((r) => r.attributes.get('stroke'))).toEqual(['#000', '#000']); // no fill: black rings
    const layout = sheetLayout(UNSOLVED);
    const c = cellCentre(layout, 0, 31);
    expect([num(open[1]!, 'cx'), num(open[1]!, 'cy')]).toEqual([c.x, c.y]);

    const root = parseXml(renderSvg(MULTIPLE));
    const marks = byClass(root, 'differ').map((g) => elements(g));
    expect(marks.map((m) => m.length)).toEqual([4, 4]);
    expect(byClass(root, 'filled')).toHaveLength(2);
    // The caption says so, wrapped to the grids' width (its lines read as the sentence).
    const caption = elements(byClass(root, 'caption')[0]!).map((t) => t.children.map((c) => (c.kind === 'text' ? c.text : '')).join(''));
    expect(caption.join(' ')).toContain('they differ in 4 cells (outlined in red)');
    expect(sheetLayout(MULTIPLE).width).toBe(layoutRight(sheetLayout(MULTIPLE)));
  });

  it('escapes text and drops characters XML forbids', () => {
    const svg = renderSvg({ ...RECTANGLE, title: 'a <b> & "c" \'d\' \u0007 \ud800' });
    const root = parseXml(svg);
    expect(svg).toContain('a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39; \ufffd \ufffd');
    const title = elements(root).find((e) => e.name === 'title')!;
    expect(title.children[0]).toMatchObject({ text: 'a <b> & "c" \'d\' \ufffd \ufffd' });
  });

  it('rejects sheets whose parts do not belong to one board', () => {
    const p = puzzleOf(HEART);
    expect(() => renderSvg({ puzzle: p, grid: WIDE })).toThrow(/grid is 15 x 5, the puzzle 9 x 8/);
    expect(() => renderSvg({ puzzle: p, second: HEART })).toThrow(/needs the first one/);
    expect(() => renderSvg({ puzzle: p, givens: [72] })).toThrow(/given cell 72 is off the 9 x 8 board/);
    expect(() => renderText({ puzzle: { ...p, rows: p.rows.slice(1) } })).toThrow(/7 row clues for a board of 8 rows/);
    expect(() => renderSvg({ puzzle: { ...p, cols: [[0], ...p.cols.slice(1)] } })).toThrow(/column 1 has the run 0/);
  });
});

/** Reads half blocks back: each character is the upper and the lower cell of one column. */
function decodeHalfBlocks(lines: string[], width: number, height: number): Grid {
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 2) {
    const chars = [...lines[y / 2]!];
    expect(chars).toHaveLength(width);
    chars.forEach((ch, x) => {
      const k = ' ▀▄█'.indexOf(ch);
      expect(k).toBeGreaterThanOrEqual(0);
      cells[y * width + x] = k & 1;
      if (y + 1 < height) cells[(y + 1) * width + x] = k >> 1;
      else expect(k >> 1).toBe(0);
    });
  }
  return makeGrid(width, height, cells);
}

/** Reads colour half blocks back: every character is ▀ with the upper cell's colour in front. */
function decodeColourHalfBlocks(lines: string[], width: number, height: number): Grid {
  const cells = new Uint8Array(width * height);
  const black = { fg: 30, bg: 40 };
  const white = { fg: 97, bg: 107 };
  for (let y = 0; y < height; y += 2) {
    const re = /\x1b\[(\d+);(\d+)m|(▀)|\x1b\[0m$/g;
    let fg = -1;
    let bg = -1;
    let x = 0;
    for (const m of lines[y / 2]!.matchAll(re)) {
      if (m[1]) [fg, bg] = [Number(m[1]), Number(m[2])];
      if (!m[3]) continue;
      expect([black.fg, white.fg]).toContain(fg);
      cells[y * width + x] = fg === black.fg ? 1 : 0;
      if (y + 1 < height) {
        expect([black.bg, white.bg]).toContain(bg);
        cells[(y + 1) * width + x] = bg === black.bg ? 1 : 0;
      } else expect(bg).toBe(49);
      x++;
    }
    expect(x).toBe(width);
  }
  return makeGrid(width, height, cells);
}

describe('renderText', () => {
  it('plain ascii of a solved sheet is the .pic picture text', () => {
    for (const g of [HEART, WIDE, LONG]) expect(renderText({ puzzle: puzzleOf(g), grid: g }, { style: 'ascii' })).toBe(formatPicture(g));
  });

  it('aligns clues: row clues right-aligned, column clues bottom-aligned over their cells', () => {
    const lines = renderText(LONG_RUNS, { style: 'ascii', clues: true }).split('\n');
    const depth = Math.max(...LONG_RUNS.puzzle.cols.map((c) => c.length));
    const header = lines.slice(1, 1 + depth);
    const body = lines.slice(1 + depth, 1 + depth + LONG.height);
    const rowClueWidth = Math.max(...LONG_RUNS.puzzle.rows.map((c) => (c.length ? c.join(' ') : '0').length));
    // Two-digit column clues: cells are 2 wide, separated by one space.
    body.forEach((line, y) => {
      expect(line.slice(0, rowClueWidth).trimStart()).toBe(LONG_RUNS.puzzle.rows[y]!.join(' ') || '0');
      const cells = line.slice(rowClueWidth + 1).split(' ');
      expect(cells.map((c) => (c === '##' ? '#' : c === '..' ? '.' : '?')).join('')).toBe(formatPicture(LONG).split('\n')[y]);
    });
    LONG_RUNS.puzzle.cols.forEach((clue, x) => {
      const start = rowClueWidth + 1 + 3 * x;
      const column = header.map((l) => l.slice(start, start + 2).trim()).filter((t) => t !== '');
      expect(column).toEqual(clue.length ? clue.map(String) : ['0']);
      expect(header[depth - 1]!.slice(start, start + 2).trim()).not.toBe(''); // bottom-aligned
    });
  });

  it('marks differing cells in both pictures and adds a difference picture to half blocks', () => {
    const ascii = renderText(MULTIPLE, { style: 'ascii' }).split('\n');
    expect(ascii.slice(1, 6)).toEqual(['#.#.X#x  #.#.x#X', '.#..x.X  .#..X.x', '.#...#.  .#...#.', '.#..#..  .#..#..', '.###.##  .###.##']);
    // Half blocks: picture, gap, picture, gap, then the cells that differ as ink.
    const blocks = renderText(MULTIPLE).split('\n').slice(1, 4);
    const third = blocks.map((l) => [...l].slice(7 + 2 + 7 + 2).join(''));
    const differ = makeGrid(7, 5, Array.from(MULTI_A.cells, (v, i) => (v !== MULTI_B.cells[i] ? 1 : 0)));
    expect(gridsEqual(decodeHalfBlocks(third, 7, 5), differ)).toBe(true);
  });

  it('never lets a title reach the terminal with control characters', () => {
    const out = renderText({ ...RECTANGLE, title: 'evil\x1b]0;pwned\x07\x9b31m' }, { color: false });
    expect(out).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    expect(out.split('\n')[0]).toBe('evil\ufffd]0;pwned\ufffd\ufffd31m');
  });

  it('colours only when asked', () => {
    expect(renderText(MULTIPLE, { clues: true })).not.toContain('\x1b');
    expect(renderText(MULTIPLE, { clues: true, color: true })).toContain('\x1b[31m');
    expect(renderText(UNSOLVED, { color: true })).toContain('\x1b[34;47m'); // given over unknown
  });
});

describe('renderHtml', () => {
  it('is one self-contained page: a section per sheet, inline SVG, print CSS, nothing fetched or run', () => {
    const sheets = [toBeBlock2(), MULTIPLE, UNSOLVED, RECTANGLE];
    const html = renderHtml(sheets, { title: '<ciphertext>' });
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>&lt;ciphertext&gt;</title>');
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(/i);
    // The only address is the SVG namespace, which is a name, not a fetch.
    expect(html.match(/https?:\/\/[^"]*/g)?.every((u) => u === 'http://www.w3.org/2000/svg')).toBe(true);
    expect(html).toMatch(/@media print[^]*break-after: page/);
    const sections = html.match(/<section id="sheet-\d+">[^]*?<\/section>/g)!;
    expect(sections).toHaveLength(sheets.length);
    sections.forEach((s, i) => {
      const sheet = sheets[i]!;
      const svg = renderSvg({ ...sheet, title: undefined });
      expect(s).toContain(svg);
      if (sheet.title) expect(s).toContain(`<h2>${sheet.title}</h2>`);
      else expect(s).not.toContain('<h2>');
    });
  });
});

/** RGB luminance of the pixel covering layout point (x, y) at `scale`. */
function luminanceAt(png: PNG, x: number, y: number, scale: number): number {
  const i = (Math.floor(y * scale) * png.width + Math.floor(x * scale)) * 4;
  return 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
}

function expectCellsAsPictured(png: PNG, layout: SheetLayout, pictures: (Grid | undefined)[], scale: number): void {
  pictures.forEach((grid, panel) => {
    for (let i = 0; i < layout.columns * layout.rows; i++) {
      const c = cellCentre(layout, panel, i);
      const l = luminanceAt(png, c.x, c.y, scale);
      if (grid?.cells[i]) expect(l, `picture ${panel} cell ${i} should be dark`).toBeLessThan(60);
      else expect(l, `picture ${panel} cell ${i} should be light`).toBeGreaterThan(200);
    }
  });
}

describe('renderPng', () => {
  it('decodes to the layout size times the scale, cells dark where black and light where white', async () => {
    for (const [sheet, scale] of [[MULTIPLE, 2], [toBeBlock2(), 1], [UNSOLVED, 1.5], [LONG_RUNS, 1]] as const) {
      const png = PNG.sync.read(Buffer.from(await renderPng(sheet, { scale })));
      const layout = sheetLayout(sheet);
      expect([png.width, png.height]).toEqual([Math.round(layout.width * scale), Math.round(layout.height * scale)]);
      expectCellsAsPictured(png, layout, [sheet.grid, sheet.second].slice(0, layout.panels.length), scale);
    }
  });

  it('draws the clue digits (a font was found) and is repeatable', async () => {
    const sheet = LONG_RUNS;
    const bytes = await renderPng(sheet);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(await renderPng(sheet)))).toBe(0);
    const png = PNG.sync.read(Buffer.from(bytes));
    const layout = sheetLayout(sheet);
    for (const label of layout.clueLabels) {
      const half = (label.text.length * 0.64 * label.size) / 2;
      let dark = 0;
      for (let y = label.y - 0.75 * label.size; y <= label.y; y += 0.5) {
        for (let x = label.x - half; x <= label.x + half; x += 0.5) if (luminanceAt(png, x, y, 2) < 128) dark++;
      }
      expect(dark, `clue ${label.text} at (${label.x}, ${label.y})`).toBeGreaterThan(3);
    }
    // The board's border is drawn, the page around it is white.
    const first = layout.panels[0]!;
    expect(luminanceAt(png, first.x - 1, first.y - 1, 2)).toBeLessThan(128); // the border
    expect(luminanceAt(png, layout.width - 2, 2, 2)).toBeGreaterThan(250); // the page's corner
  });

  it('a long title over a small board wraps to the grid: the picture sets the width, every title pixel on the page', async () => {
    const block1 = parseCiphertext(readFileSync(new URL('../examples/to-be.txt', import.meta.url), 'utf8')).blocks[0]!;
    const solved = solvePuzzle(block1.puzzle);
    if (solved.status !== 'unique') throw new Error(`fixture: block 1 is ${solved.status}`);
    const sheet: RenderSheet = { puzzle: block1.puzzle, grid: solved.grid, title: 'block 1: unique (line-solvable)' };
    const layout = sheetLayout(sheet);
    // As wide as the grid and its clues with a margin each side (it was 432 wide, the grid's right edge at 232).
    expect(layout.width).toBe(layoutRight(layout));
    expect(layout.title.map((t) => t.text)).toEqual(['block 1: unique', '(line-solvable)']);
    const png = PNG.sync.read(Buffer.from(await renderPng(sheet, { scale: 2 })));
    expect(png.width).toBe(2 * layoutRight(layout));
    // The title's ink ends inside the page: the last columns of pixels above the grid are white.
    for (let y = 0; y < layout.panels[0]!.y - 2; y++) expect(luminanceAt(png, layout.width - 1, y, 2), `row ${y}`).toBeGreaterThan(250);
    // And it is drawn: its lines have dark pixels.
    for (const t of layout.title) {
      let dark = 0;
      for (let x = t.x; x < layout.width; x += 0.5) if (luminanceAt(png, x, t.y - 0.3 * t.size, 2) < 128) dark++;
      expect(dark, t.text).toBeGreaterThan(10);
    }
  });

  it('refuses to draw clues without a font, instead of leaving them out', async () => {
    await expect(renderPng(RECTANGLE, { systemFonts: false })).rejects.toThrow(/no font found that draws the clue digits/);
  });

  it('refuses images too large to hold', async () => {
    await expect(renderPng(RECTANGLE, { scale: 200 })).rejects.toThrow(/use a smaller scale/);
    await expect(renderPng(RECTANGLE, { scale: 0 })).rejects.toThrow(RangeError);
  });
});

const arbGrid = fc
  .record({ width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 12 }) })
  .chain(({ width, height }) =>
    fc.uint8Array({ min: 0, max: 1, minLength: width * height, maxLength: width * height }).map((cells) => makeGrid(width, height, cells)),
  );

describe('properties over random grids up to 12 x 12', () => {
  it('the SVG is well-formed XML with exactly one filled square per black cell, where that cell is', () => {
    fc.assert(
      fc.property(arbGrid, fc.boolean(), (grid, withTitle) => {
        const sheet: RenderSheet = { puzzle: puzzleOf(grid), grid, title: withTitle ? 'a & b' : undefined };
        const root = parseXml(renderSvg(sheet));
        const layout = sheetLayout(sheet);
        const filled = byClass(root, 'filled');
        expect(filled).toHaveLength(1);
        const squares = elements(filled[0]!).map((r) => `${num(r, 'x')},${num(r, 'y')},${num(r, 'width')},${num(r, 'height')}`);
        const expected: string[] = [];
        for (let i = 0; i < grid.cells.length; i++) {
          if (!grid.cells[i]) continue;
          const c = cellCentre(layout, 0, i);
          expected.push(`${c.x - layout.cell / 2},${c.y - layout.cell / 2},${layout.cell},${layout.cell}`);
        }
        expect(squares.sort()).toEqual(expected.sort());
        // The only other square is the white page.
        const rects: XmlElement[] = [];
        const walk = (e: XmlElement) => (e.name === 'rect' && rects.push(e), elements(e).forEach(walk));
        walk(root);
        expect(rects).toHaveLength(squares.length + 1);
        expect(byClass(root, 'page')[0]!.attributes.get('fill')).toBe('#fff');
      }),
      { numRuns: 150 },
    );
  });

  it('half blocks, with and without colour, read back to the grid', () => {
    fc.assert(
      fc.property(arbGrid, (grid) => {
        const sheet: RenderSheet = { puzzle: puzzleOf(grid), grid };
        const plain = renderText(sheet).split('\n');
        expect(plain).toHaveLength(Math.ceil(grid.height / 2) + 1); // and the final line feed
        expect(gridsEqual(decodeHalfBlocks(plain, grid.width, grid.height), grid)).toBe(true);
        const colour = renderText(sheet, { color: true }).split('\n');
        expect(gridsEqual(decodeColourHalfBlocks(colour, grid.width, grid.height), grid)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
