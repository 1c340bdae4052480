// An image as a picture to draw on: its pixels (RGBA, as a canvas gives them) averaged over the
// W x H cells each covers, and a cell black where the average is darker than the threshold.
// Transparent pixels count as white (a drawing on a transparent background). No DOM here: the
// tab reads the file into a canvas and hands its pixels over. The grey levels are the library's
// (greyOfPixels), the ones `nonocrypt make` reads an image with.

import { greyOfPixels, type Pixels } from '../../src/solve/make/GreyImage.js';

export type { Pixels };

/**
 * The cells (row-major, 1 black) of `image` scaled to `width` x `height`: each cell is the mean
 * lightness (0 black .. 255 white, alpha blended over white) of the pixels whose centres fall in
 * it, or of the nearest pixel when the image is smaller than the board (greyOfPixels); black
 * when below `threshold`.
 */
export function imageCells(image: Pixels, width: number, height: number, threshold: number): Uint8Array {
  const { darkness } = greyOfPixels(image, width, height);
  return Uint8Array.from(darkness, (d) => ((1 - d) * 255 < threshold ? 1 : 0));
}
