import { puzzleDimacs } from '../encode/puzzleDimacs.js';
import type { PuzzleFile } from '../formats/PuzzleFile.js';
import { formatPuzzle, inputFormats, type InputFormat } from '../formats/puzzleText.js';

/**
 * Every format a puzzle can be written in: those `readPuzzle` reads (formats/puzzleText.ts),
 * and DIMACS, the puzzle's CNF for any external SAT solver (encode/puzzleDimacs.ts), an output
 * only. It lives here, above both, because the file formats depend on nothing but the grid.
 */
export type OutputFormat = InputFormat | 'dimacs';
export const outputFormats: readonly OutputFormat[] = [...inputFormats, 'dimacs'];

/** Write a puzzle in a format (see `writePuzzleFile` for what each puzzle format can hold). */
export function writePuzzle(file: PuzzleFile, format: OutputFormat): string {
  return format === 'dimacs' ? puzzleDimacs(file.puzzle, file.givens ?? []) : formatPuzzle(file, format);
}
