import { makeGrid, type Grid } from '../../grid/Puzzle.js';

/**
 * A picture in grey levels, one per cell: what an image becomes once scaled to the board.
 * `darkness` is row-major, 0 white .. 1 black. The picture a search starts from is its
 * threshold picture (black where darkness > threshold), and changing a cell costs what the
 * change moves the picture away from the grey levels (flipCosts).
 */
export interface GreyImage {
  readonly width: number;
  readonly height: number;
  /** Row-major, 0 white .. 1 black. */
  readonly darkness: ArrayLike<number>;
}

/** Pixels as a canvas or an image decoder gives them: RGBA, 4 bytes a pixel, row-major. */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: ArrayLike<number>;
}

/** The threshold of darkness above which a cell is black (unit: darkness, 0..1; the middle grey). */
export const DEFAULT_THRESHOLD = 0.5;

/**
 * The grey levels of `image` scaled to `width` x `height` cells, as the web page's image import
 * reads an image (web/editor/imagePicture.ts): the mean lightness (0.299 R + 0.587 G + 0.114 B,
 * alpha composited on white) of the pixels whose centres fall in a cell, or of the pixel under
 * the cell's centre when the board is finer than the image; darkness = 1 - lightness.
 */
export function greyOfPixels(image: Pixels, width: number, height: number): GreyImage {
  const sums = new Float64Array(width * height);
  const counts = new Uint32Array(width * height);
  const d = image.data;
  const lightness = (p: number): number => {
    const a = d[p + 3]! / 255;
    const l = (0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!) / 255;
    return l * a + (1 - a);
  };
  for (let py = 0; py < image.height; py++) {
    const cy = Math.min(height - 1, Math.floor(((py + 0.5) * height) / image.height));
    for (let px = 0; px < image.width; px++) {
      const cx = Math.min(width - 1, Math.floor(((px + 0.5) * width) / image.width));
      sums[cy * width + cx]! += lightness((py * image.width + px) * 4);
      counts[cy * width + cx]!++;
    }
  }
  const darkness = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (counts[i]) darkness[i] = 1 - sums[i]! / counts[i]!;
      else {
        const px = Math.min(image.width - 1, Math.floor(((x + 0.5) * image.width) / width));
        const py = Math.min(image.height - 1, Math.floor(((y + 0.5) * image.height) / height));
        darkness[i] = 1 - lightness((py * image.width + px) * 4);
      }
    }
  }
  return { width, height, darkness };
}

/** The threshold picture: black where darkness > threshold. */
export function thresholdPicture(image: GreyImage, threshold = DEFAULT_THRESHOLD): Grid {
  const cells = new Uint8Array(image.width * image.height);
  for (let i = 0; i < cells.length; i++) cells[i] = image.darkness[i]! > threshold ? 1 : 0;
  return makeGrid(image.width, image.height, cells);
}

/**
 * What changing each cell of the threshold picture costs: 2 |darkness - threshold|, at most 1.
 * At the middle grey threshold this is exactly how much farther the picture moves from the grey
 * levels (the sum over cells of |picture - darkness| grows by it): a cell at the threshold
 * costs 0, a pure black or white one 1. A picture without grey levels costs 1 a cell.
 */
export function flipCosts(image: GreyImage, threshold = DEFAULT_THRESHOLD): Float64Array {
  const costs = new Float64Array(image.width * image.height);
  for (let i = 0; i < costs.length; i++) costs[i] = Math.min(1, 2 * Math.abs(image.darkness[i]! - threshold));
  return costs;
}
