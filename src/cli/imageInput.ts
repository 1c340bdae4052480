import { InputError } from '../errors.js';
import { loadResvg } from '../render/renderPng.js';
import { greyOfPixels, type GreyImage, type Pixels } from '../solve/make/GreyImage.js';
import type { CliIO } from './CliIO.js';
import { inputName, readBytes } from './io.js';

/**
 * Images as grey levels for `make`: PNG (pngjs), JPEG (jpeg-js) and SVG (resvg, which the
 * project renders PNGs with), all pure decoders but resvg's prebuilt binary, each loaded on
 * first use (resvg through renderPng's loader), so no other command loads them at start-up. Each
 * becomes RGBA pixels, then the grey levels of a W x H board (greyOfPixels: the web page's
 * semantics, alpha composited on white). A file that cannot be decoded, or decodes to no
 * pixels, is bad input naming the file.
 */
export type ImageKind = 'png' | 'jpeg' | 'svg';

/** The kind of image a path's extension names, or undefined (then the input is a puzzle file). */
export function imageKindOf(path: string | undefined): ImageKind | undefined {
  const m = path ? /\.(png|jpe?g|svg)$/i.exec(path) : null;
  if (!m) return undefined;
  const ext = m[1]!.toLowerCase();
  return ext === 'png' ? 'png' : ext === 'svg' ? 'svg' : 'jpeg';
}

/**
 * SVG is rasterised at this many pixels a cell across (unit: pixels per cell; range 1 and up),
 * then averaged down: 8 x 8 samples a cell give grey levels in steps of 1/64, finer than any
 * threshold a user picks, at a cost of 16x the board's pixels under 1 ms at 30x30. The make
 * benchmark renders its icons at this too (bench/makeIcons.ts).
 */
export const SVG_SAMPLES = 8;

export async function readImage(io: CliIO, path: string, kind: ImageKind, width: number, height: number): Promise<GreyImage> {
  const name = inputName(path);
  const bytes = await readBytes(io, path);
  if (bytes.length === 0) throw new InputError('E_FILE', `${name}: an empty file: no image to read`);
  const pixels = await decode(bytes, kind, name, width);
  if (pixels.width === 0 || pixels.height === 0) throw new InputError('E_FILE', `${name}: an empty image (${pixels.width}x${pixels.height} pixels)`);
  return greyOfPixels(pixels, width, height);
}

async function decode(bytes: Buffer, kind: ImageKind, name: string, width: number): Promise<Pixels> {
  // Loaded before the decoding, so that a binary that does not load is not blamed on the file.
  const resvg = kind === 'svg' ? await loadResvg('reading an SVG image') : undefined;
  try {
    switch (kind) {
      case 'png': {
        const { PNG } = await import('pngjs');
        const png = PNG.sync.read(bytes);
        return { width: png.width, height: png.height, data: png.data };
      }
      case 'jpeg': {
        const { default: jpeg } = await import('jpeg-js');
        const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 512 });
        return { width: img.width, height: img.height, data: img.data };
      }
      case 'svg': {
        const img = new resvg!.Resvg(bytes, { fitTo: { mode: 'width', value: width * SVG_SAMPLES } }).render();
        return { width: img.width, height: img.height, data: img.pixels };
      }
    }
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    throw new InputError('E_FILE', `${name}: not a readable ${kind.toUpperCase()} image (${why})`);
  }
}
