import type { Grid } from '../grid/Puzzle.js';
import { differingCells, givenSet, type RenderSheet } from './RenderSheet.js';
import { escapeXml } from './escapeXml.js';
import { sheetLayout, type LayoutOptions, type PanelOrigin, type SheetLayout, type TextLine } from './sheetLayout.js';

/**
 * A sheet as a standalone SVG document: the printed puzzle (clues around an empty or filled
 * grid), laid out by `sheetLayout`.
 *
 * What is drawn, bottom to top: a white page; the title; light guide lines through the clue
 * areas every 5 rows and columns; the clue numbers; per picture, its
 * black cells (one square each, in a group of class `filled`), the grid rules (thin grey,
 * black every 5 cells and around the board), rings on given cells (white on black, black on
 * white, so a given cell is marked whether filled or not) and, for two pictures, red squares on
 * the cells where they differ; then the caption explaining those marks.
 *
 * Output is deterministic: the same sheet and options give the same bytes (fixed attribute
 * order, numbers rounded to 0.01 and printed by JavaScript's shortest round-trip form, no
 * dates or ids). Text is escaped. The document has `xmlns`, `width`, `height` and `viewBox`,
 * so browsers, print and resvg all size it the same.
 */

export type SvgOptions = LayoutOptions;

/** Font stack: DejaVu Sans where installed (Linux), the common sans-serif faces elsewhere. */
export const FONT_FAMILY = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
const DIFFER_COLOUR = '#d40000';
const THIN_COLOUR = '#999';
const GUIDE_COLOUR = '#bbb';

const n = (v: number): string => String(Math.round(v * 100) / 100 + 0);

function text(t: TextLine, extra = ''): string {
  const anchor = t.anchor === 'start' ? '' : ` text-anchor="${t.anchor}"`;
  return `<text x="${n(t.x)}" y="${n(t.y)}" font-size="${n(t.size)}"${anchor}${extra}>${escapeXml(t.text)}</text>`;
}

/**
 * Light guide lines through the clue areas, continuing every fifth rule, so that on a big
 * board a row's clue can be followed to its row (and a column's to its column).
 */
function guides(layout: SheetLayout): string {
  const { cell, columns: W, rows: H, panels } = layout;
  const d: string[] = [];
  const first = panels[0]!;
  for (let j = 5; j < H; j += 5) d.push(`M${n(layout.clueLeft)} ${n(first.y + j * cell)}H${n(first.x)}`);
  for (const p of panels) for (let i = 5; i < W; i += 5) d.push(`M${n(p.x + i * cell)} ${n(layout.clueTop)}V${n(p.y)}`);
  if (d.length === 0) return '';
  return `<path class="guides" fill="none" stroke="${GUIDE_COLOUR}" stroke-width="${n(Math.max(1, cell / 24))}" d="${d.join('')}"/>`;
}

/** Thin rules inside the board, thick ones every 5 cells and around it, as two paths. */
function rules(layout: SheetLayout, p: PanelOrigin): string {
  const { cell, columns: W, rows: H } = layout;
  const thin: string[] = [];
  const thick: string[] = [];
  const x1 = p.x + W * cell;
  const y1 = p.y + H * cell;
  for (let i = 0; i <= W; i++) (i % 5 === 0 || i === W ? thick : thin).push(`M${n(p.x + i * cell)} ${n(p.y)}V${n(y1)}`);
  for (let j = 0; j <= H; j++) (j % 5 === 0 || j === H ? thick : thin).push(`M${n(p.x)} ${n(p.y + j * cell)}H${n(x1)}`);
  const thinWidth = n(Math.max(0.5, cell / 24));
  const thickWidth = n(Math.max(1.5, cell / 10));
  const out: string[] = [];
  if (thin.length > 0) out.push(`<path class="thin" fill="none" stroke="${THIN_COLOUR}" stroke-width="${thinWidth}" d="${thin.join('')}"/>`);
  out.push(`<path class="thick" fill="none" stroke="#000" stroke-width="${thickWidth}" stroke-linecap="square" d="${thick.join('')}"/>`);
  return out.join('\n');
}

function panel(layout: SheetLayout, p: PanelOrigin, grid: Grid | undefined, givens: ReadonlySet<number>, differ: readonly number[]): string {
  const { cell, columns: W } = layout;
  const corner = (i: number) => ({ x: p.x + (i % W) * cell, y: p.y + Math.floor(i / W) * cell });
  const out: string[] = [];
  if (grid) {
    const squares: string[] = [];
    for (let i = 0; i < grid.cells.length; i++) {
      if (!grid.cells[i]) continue;
      const c = corner(i);
      squares.push(`<rect x="${n(c.x)}" y="${n(c.y)}" width="${n(cell)}" height="${n(cell)}"/>`);
    }
    out.push(`<g class="filled" fill="#000">\n${squares.join('\n')}${squares.length > 0 ? '\n' : ''}</g>`);
  }
  out.push(rules(layout, p));
  if (givens.size > 0) {
    const rings: string[] = [];
    for (const i of [...givens].sort((a, b) => a - b)) {
      const c = corner(i);
      const stroke = grid?.cells[i] ? '#fff' : '#000';
      rings.push(`<circle cx="${n(c.x + cell / 2)}" cy="${n(c.y + cell / 2)}" r="${n(0.3 * cell)}" stroke="${stroke}"/>`);
    }
    out.push(`<g class="given" fill="none" stroke-width="${n(Math.max(1, 0.1 * cell))}">\n${rings.join('\n')}\n</g>`);
  }
  if (differ.length > 0) {
    const inset = 0.15 * cell;
    const marks = differ.map((i) => {
      const c = corner(i);
      return `<rect x="${n(c.x + inset)}" y="${n(c.y + inset)}" width="${n(cell - 2 * inset)}" height="${n(cell - 2 * inset)}"/>`;
    });
    out.push(`<g class="differ" fill="none" stroke="${DIFFER_COLOUR}" stroke-width="${n(Math.max(1, 0.12 * cell))}">\n${marks.join('\n')}\n</g>`);
  }
  return out.join('\n');
}

/** The SVG document of a sheet, ending with a line feed. */
export function renderSvg(sheet: RenderSheet, options: SvgOptions = {}): string {
  const layout = sheetLayout(sheet, options);
  const givens = givenSet(sheet);
  const differ = differingCells(sheet);
  const { width, height } = layout;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}">`,
  ];
  if (sheet.title) out.push(`<title>${escapeXml(sheet.title)}</title>`);
  out.push(`<rect class="page" width="${width}" height="${height}" fill="#fff"/>`);
  for (const line of layout.title) out.push(text(line, ' font-weight="bold"'));
  const guideLines = guides(layout);
  if (guideLines) out.push(guideLines);
  // Clue numbers share size and anchor, so the group carries them once.
  out.push(`<g class="clues" fill="#000" font-size="${n(layout.clueFont)}" text-anchor="middle">`);
  for (const t of layout.clueLabels) out.push(`<text x="${n(t.x)}" y="${n(t.y)}">${escapeXml(t.text)}</text>`);
  out.push('</g>');
  const pictures = [sheet.grid, sheet.second];
  layout.panels.forEach((p, k) => out.push(panel(layout, p, pictures[k], givens, differ)));
  if (layout.caption.length > 0) out.push(`<g class="caption" fill="#000">`, ...layout.caption.map((t) => text(t)), '</g>');
  out.push('</svg>');
  return out.join('\n') + '\n';
}
