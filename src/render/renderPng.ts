import { NonocryptError } from '../errors.js';
import type { RenderSheet } from './RenderSheet.js';
import { FONT_FAMILY, renderSvg, type SvgOptions } from './renderSvg.js';
import { sheetLayout } from './sheetLayout.js';

/**
 * A sheet as a PNG image: the sheet's SVG (renderSvg) rasterised by resvg (`@resvg/resvg-js`,
 * a maintained Rust SVG renderer with prebuilt Node binaries), never by hand. The image is
 * `round(width * scale)` by `round(height * scale)` pixels of the sheet's layout, opaque
 * (the sheet has a white page).
 *
 * resvg draws text only with fonts it can find, and without one it silently leaves the clue
 * numbers out, which would make a useless puzzle. So before rendering, a line of digits in
 * the sheet's font stack is drawn with the same font settings; if it comes out blank, this
 * throws and names the remedy (install a font such as DejaVu Sans, or pass `fontFiles`).
 * With the same fonts the output is byte-for-byte repeatable.
 *
 * resvg is loaded on first use, so importing the library never loads a native module, and a
 * platform without a prebuilt binary fails here with an explanation rather than at import.
 */

export interface PngOptions extends SvgOptions {
  /** Image pixels per layout unit (default 2, print-sharp clues); positive. */
  readonly scale?: number;
  /** Font files (TrueType, OpenType) for resvg to read, besides or instead of system fonts. */
  readonly fontFiles?: readonly string[];
  /** Whether resvg loads the system's fonts (default true). */
  readonly systemFonts?: boolean;
}

/** Above this many pixels (256 MiB of RGBA) rendering is refused rather than risking memory. */
export const MAX_PNG_PIXELS = 2 ** 26;

type Resvg = typeof import('@resvg/resvg-js');
let resvgModule: Promise<Resvg> | undefined;

/**
 * resvg, loaded once on first use (renderPng, and `make` reading an SVG image). When its prebuilt
 * binary does not load on this platform: E_BUILD naming `purpose` (what needed it) and the reason,
 * never an error that reads as a fault of the input.
 */
export function loadResvg(purpose: string): Promise<Resvg> {
  resvgModule ??= import('@resvg/resvg-js');
  return resvgModule.catch((e: unknown) => {
    resvgModule = undefined;
    const why = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    throw new NonocryptError('E_BUILD', `${purpose} needs @resvg/resvg-js with a prebuilt binary for this platform, which did not load: ${why}`);
  });
}

interface FontOptions {
  loadSystemFonts: boolean;
  fontFiles: string[];
  sansSerifFamily: string;
}

/** Font settings already shown to draw digits (by their JSON), so the check runs once each. */
const fontsThatDrawDigits = new Set<string>();

async function checkDigitsDraw(resvg: Resvg, font: FontOptions): Promise<void> {
  const key = JSON.stringify(font);
  if (fontsThatDrawDigits.has(key)) return;
  const probe =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="30" viewBox="0 0 160 30">` +
    `<rect width="160" height="30" fill="#fff"/>` +
    `<text x="4" y="24" font-family="${FONT_FAMILY}" font-size="20">0123456789</text></svg>`;
  const image = await resvg.renderAsync(probe, { font, logLevel: 'off' });
  const px = image.pixels;
  let dark = 0;
  for (let i = 0; i < px.length; i += 4) if (px[i]! < 128) dark++;
  if (dark === 0) {
    throw new Error(
      `no font found that draws the clue digits (looked for ${FONT_FAMILY}${font.loadSystemFonts ? ' among the system fonts' : ''}` +
        `${font.fontFiles.length ? ` and in ${font.fontFiles.join(', ')}` : ''}); install one (e.g. DejaVu Sans) or pass fontFiles`,
    );
  }
  fontsThatDrawDigits.add(key);
}

/** The PNG file of a sheet. */
export async function renderPng(sheet: RenderSheet, options: PngOptions = {}): Promise<Uint8Array> {
  const scale = options.scale ?? 2;
  if (!(Number.isFinite(scale) && scale > 0)) throw new RangeError(`scale ${scale}; expected a positive number`);
  const layout = sheetLayout(sheet, options);
  const pixels = Math.round(layout.width * scale) * Math.round(layout.height * scale);
  if (pixels > MAX_PNG_PIXELS) {
    throw new RangeError(
      `a ${layout.width} x ${layout.height} sheet at scale ${scale} would be ${pixels} pixels, more than ${MAX_PNG_PIXELS}; use a smaller scale or cellSize, or the SVG`,
    );
  }
  const svg = renderSvg(sheet, options);
  const resvg = await loadResvg('PNG rendering');
  const font: FontOptions = {
    loadSystemFonts: options.systemFonts ?? true,
    fontFiles: [...(options.fontFiles ?? [])],
    // A face for the generic family at the end of the stack when no named face is present.
    sansSerifFamily: 'DejaVu Sans',
  };
  await checkDigitsDraw(resvg, font);
  const image = await resvg.renderAsync(svg, { font, fitTo: { mode: 'zoom', value: scale }, logLevel: 'off' });
  return image.asPng();
}
