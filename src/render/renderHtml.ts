import type { RenderSheet } from './RenderSheet.js';
import { escapeXml } from './escapeXml.js';
import { FONT_FAMILY, renderSvg, type SvgOptions } from './renderSvg.js';

/**
 * Many sheets as one self-contained printable HTML page: a ciphertext has many blocks, and
 * this is the page that shows (or prints) all of them. Each sheet is one section whose heading
 * is the sheet's title ("block 3: unique"), followed by the sheet's SVG inline (the same SVG
 * as renderSvg, without its own title line). Nothing is fetched and nothing runs: inline CSS,
 * inline SVG, no scripts, no external fonts, so the file works offline and archived.
 *
 * In print every section starts a new page, sections are not split across pages, text is
 * black on white, and a sheet wider than the page is scaled down to its width (vector, so the
 * clues stay sharp).
 */

export interface HtmlOptions extends SvgOptions {
  /** The page's title (document title and top heading); default "nonocrypt puzzles". */
  readonly title?: string;
}

const STYLE = `
  body { margin: 1.5rem; font-family: ${FONT_FAMILY}; color: #000; background: #fff; }
  h1 { font-size: 1.4rem; margin: 0 0 1.5rem; }
  section { margin: 0 0 2.5rem; break-inside: avoid; page-break-inside: avoid; }
  section h2 { font-size: 1.1rem; margin: 0 0 0.5rem; }
  section svg { display: block; max-width: 100%; height: auto; }
  @media print {
    @page { margin: 12mm; }
    body { margin: 0; color: #000; background: #fff; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    h1 { margin-bottom: 1rem; }
    section { margin: 0; break-after: page; page-break-after: always; }
    section:last-of-type { break-after: auto; page-break-after: auto; }
  }
`;

/** The HTML document, ending with a line feed. */
export function renderHtml(sheets: readonly RenderSheet[], options: HtmlOptions = {}): string {
  const title = escapeXml(options.title ?? 'nonocrypt puzzles');
  const sections = sheets.map((sheet, i) => {
    const heading = sheet.title ? `<h2>${escapeXml(sheet.title)}</h2>\n` : '';
    const svg = renderSvg({ ...sheet, title: undefined }, options);
    return `<section id="sheet-${i + 1}">\n${heading}${svg}</section>`;
  });
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${title}</h1>`,
    ...sections,
    '</body>',
    '</html>',
  ].join('\n') + '\n';
}
