import type { Grid } from '../grid/Puzzle.js';
import { makeGrid } from '../grid/Puzzle.js';

/**
 * Bits <-> blocks (SPEC section 2). The bit string is cut into blocks of W*H bits; each block
 * fills a W x H grid row by row (1 = black). The last block is filled up with the table's
 * padding bit. An empty bit string gives no blocks at all (the ciphertext of the empty
 * message is its header line alone), so the round trip empty -> [] -> empty holds.
 */
export function bitsToGrids(bits: Uint8Array, width: number, height: number, paddingBit: 0 | 1): Grid[] {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`board must be at least 1x1 with integer sides, got ${width}x${height}`);
  }
  const size = width * height;
  const grids: Grid[] = [];
  for (let start = 0; start < bits.length; start += size) {
    const grid = makeGrid(width, height);
    const chunk = bits.subarray(start, Math.min(start + size, bits.length));
    for (let i = 0; i < chunk.length; i++) grid.cells[i] = chunk[i] ? 1 : 0;
    if (chunk.length < size) grid.cells.fill(paddingBit, chunk.length);
    grids.push(grid);
  }
  return grids;
}

/** The blocks' cells concatenated in order: the inverse of `bitsToGrids` up to padding. */
export function gridsToBits(grids: readonly Grid[]): Uint8Array {
  let total = 0;
  for (const g of grids) total += g.cells.length;
  const bits = new Uint8Array(total);
  let at = 0;
  for (const g of grids) {
    bits.set(g.cells, at);
    at += g.cells.length;
  }
  return bits;
}
