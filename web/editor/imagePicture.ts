// An image as a picture to draw on: its pixels (RGBA, as a canvas gives them) averaged over the
// W x H cells each covers, and a cell black where the average is darker than the threshold.
// Transparent pixels count as white (a drawing on a transparent background). No DOM here: the
// tab reads the file into a canvas and hands its pixels over.

export interface Pixels {
  readonly width: number;
  readonly height: number;
  /** RGBA, 4 bytes a pixel, row-major (ImageData's layout). */
  readonly data: ArrayLike<number>;
}

/**
 * The cells (row-major, 1 black) of `image` scaled to `width` x `height`: each cell is the mean
 * lightness (0 black .. 255 white, alpha blended over white) of the pixels whose centres fall in
 * it, or of the nearest pixel when the image is smaller than the board; black when below
 * `threshold`.
 */
export function imageCells(image: Pixels, width: number, height: number, threshold: number): Uint8Array {
  const sums = new Float64Array(width * height);
  const counts = new Uint32Array(width * height);
  const lightness = (p: number): number => {
    const d = image.data;
    const a = d[p + 3]! / 255;
    const l = 0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!;
    return l * a + 255 * (1 - a);
  };
  for (let py = 0; py < image.height; py++) {
    const cy = Math.min(height - 1, Math.floor(((py + 0.5) * height) / image.height));
    for (let px = 0; px < image.width; px++) {
      const cx = Math.min(width - 1, Math.floor(((px + 0.5) * width) / image.width));
      sums[cy * width + cx]! += lightness((py * image.width + px) * 4);
      counts[cy * width + cx]!++;
    }
  }
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let mean: number;
      if (counts[i]) mean = sums[i]! / counts[i]!;
      else {
        // A board finer than the image: the pixel under the cell's centre.
        const px = Math.min(image.width - 1, Math.floor(((x + 0.5) * image.width) / width));
        const py = Math.min(image.height - 1, Math.floor(((y + 0.5) * image.height) / height));
        mean = lightness((py * image.width + px) * 4);
      }
      cells[i] = mean < threshold ? 1 : 0;
    }
  }
  return cells;
}
