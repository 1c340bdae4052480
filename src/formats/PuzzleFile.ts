import type { Grid, Puzzle } from '../grid/Puzzle.js';

/**
 * A puzzle file: what every reader returns and every writer takes, whatever the format.
 * Besides the clues it may carry the intended picture (`goal`), the cells given black
 * (`givens`, row-major indices, ascending, no repeats; absent when there are none) and
 * free-text credits. Readers leave out what the file does not say.
 */
export interface PuzzleFile {
  readonly puzzle: Puzzle;
  readonly goal?: Grid;
  /** Cells given black, row-major indices `y * width + x`. */
  readonly givens?: readonly number[];
  readonly title?: string;
  readonly author?: string;
  readonly copyright?: string;
}

export type PuzzleFormat = 'non' | 'nin' | 'xml' | 'json' | 'cipher';

/** Every format, in the order the CLI lists them. */
export const puzzleFormats: readonly PuzzleFormat[] = ['non', 'nin', 'xml', 'json', 'cipher'];
