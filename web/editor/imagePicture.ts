// An image as a picture to draw on: its grey levels on the W x H cells (the library's
// greyOfPixels: the mean lightness of the pixels whose centres fall in a cell, transparent
// pixels white, as `nonocrypt make` reads an image), and a cell black where it is darker than
// the tab's threshold. The tab's Threshold slider speaks lightness (1..255, a cell black below
// it); the library's threshold is darkness (0..1, black above it): one converts to the other
// here. No DOM: the tab reads the file into a canvas and hands its pixels over.
import { greyOfPixels, thresholdPicture, type GreyImage, type Pixels } from '../../src/solve/make/GreyImage.js';

export type { GreyImage, Pixels };

/** The darkness threshold (black above it) of the slider's lightness threshold `lightness` (black below it). */
export const darknessThreshold = (lightness: number): number => 1 - lightness / 255;

/** The grey levels of an image on a W x H board: the library's. */
export { greyOfPixels };

/** The cells (row-major, 1 black) of `grey` at the slider's `lightness` threshold. */
export const greyCells = (grey: GreyImage, lightness: number): Uint8Array => thresholdPicture(grey, darknessThreshold(lightness)).cells;

/** The cells of `image` scaled to `width` x `height`: black where a cell is darker than the slider's `lightness` threshold. */
export const imageCells = (image: Pixels, width: number, height: number, lightness: number): Uint8Array => greyCells(greyOfPixels(image, width, height), lightness);

/**
 * The grey levels the make search uses for `cells`, the picture drawn from `grey` at threshold
 * `lightness` and perhaps edited by hand since: a cell still as the image made it keeps the
 * image's grey level, a cell the author changed is pure black or white (1 or 0: to change it
 * again costs a whole cell, as in a picture without grey levels). Its threshold picture is `cells`.
 */
export function editedGrey(grey: GreyImage, lightness: number, cells: Uint8Array): { darkness: number[]; edited: number } {
  const threshold = darknessThreshold(lightness);
  let edited = 0;
  const darkness = Array.from(cells, (c, i) => {
    const d = grey.darkness[i]!;
    if ((d > threshold ? 1 : 0) === c) return d;
    edited++;
    return c;
  });
  return { darkness, edited };
}
