import { InputError } from '../errors.js';
import { bitsToGrids } from './blocks.js';
import { builtinTable, type Table } from './Table.js';
import { textToBits } from './textBits.js';

/**
 * A message's blocks as pictures, before any clue or annotation: the board it is cut into
 * (`boardOf`: a side, or width and height; default 8 x 8) and the W x H grids of its bits, the
 * last one padded with the table's padding bit. Encryption and `size: 'auto'` (which prices
 * every candidate board from these pictures) both start here.
 */
export function boardOf(options: { size?: number | 'auto'; width?: number; height?: number }): { width: number; height: number } {
  if ((options.width === undefined) !== (options.height === undefined)) {
    throw new InputError('E_USAGE', 'width and height go together (a W x H board); for square boards give the size');
  }
  if (options.width !== undefined && options.size !== undefined) {
    throw new InputError('E_USAGE', 'give either the size or width and height, not both');
  }
  const size = options.size === 'auto' ? undefined : options.size;
  const width = options.width ?? size ?? 8;
  const height = options.height ?? size ?? 8;
  for (const v of [width, height]) {
    if (!Number.isInteger(v) || v < 1 || v > 1000) {
      throw new InputError('E_SIZE', `board side must be a whole number from 1 to 1000, got ${v}`);
    }
  }
  return { width, height };
}

/** The message's blocks as pictures (before clues and annotations). */
export function messageGrids(text: string, options: { size?: number; width?: number; height?: number; table?: Table; extended?: boolean } = {}) {
  const table = options.table ?? builtinTable('classic');
  const { width, height } = boardOf(options);
  return { width, height, grids: bitsToGrids(textToBits(text, table, { extended: options.extended }), width, height, table.paddingBit) };
}
