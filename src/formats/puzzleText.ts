import { InputError } from '../errors.js';
import { puzzleOf } from '../grid/runsOf.js';
import { formatFromPath, readPuzzleFile, sniffFormat, writePuzzleFile } from './detectFormat.js';
import { formatPicture, isPictureText, parsePicture } from './picture.js';
import { puzzleFormats, type PuzzleFile, type PuzzleFormat } from './PuzzleFile.js';
import { sourceName } from './quote.js';
import { refuseGivens } from './checkPuzzleFile.js';

/**
 * Puzzle files in and out, whatever the format: what `solve`, `annotate` and `convert` read
 * and write. Besides the puzzle formats, a picture (rows of # and ., or 1 and 0) reads as the
 * puzzle whose goal is that picture, and writes from a goal. (DIMACS, an output only, is the
 * CNF encoding's: puzzle/writePuzzle.ts adds it.)
 */
export type InputFormat = PuzzleFormat | 'picture';
export const inputFormats: readonly InputFormat[] = [...puzzleFormats, 'picture'];

/**
 * Read a puzzle. The format is `format`, else the one the file name's extension names (`.pic`
 * is a picture), else the one the text shows when that is unambiguous.
 */
export function readPuzzle(text: string, options: { readonly format?: InputFormat; readonly path?: string; readonly source?: string } = {}): PuzzleFile {
  const name = options.source ?? options.path ?? '<input>';
  const chosen = inputFormatOf(text, options);
  if (chosen === 'picture') {
    const goal = parsePicture(text, name);
    return { puzzle: puzzleOf(goal), goal };
  }
  return readPuzzleFile(text, chosen, name);
}

/** The format a file name's extension names (`.pic` or `.picture`: a picture), or undefined. */
export function inputFormatFromPath(path: string): InputFormat | undefined {
  return /\.pic(ture)?$/i.test(path) ? 'picture' : formatFromPath(path);
}

/**
 * The format `readPuzzle` reads `text` in: `format`, else the path's extension, else the
 * content when unambiguous (`render` uses it to tell a many-block ciphertext from a puzzle).
 * Empty text (white space alone) is no puzzle in any format, and says so.
 */
export function inputFormatOf(text: string, options: { readonly format?: InputFormat; readonly path?: string; readonly source?: string } = {}): InputFormat {
  const path = options.path;
  if (!/\S/.test(text)) {
    const name = options.source ?? options.path ?? '<input>';
    throw new InputError('E_PARSE', `${sourceName(name)}: empty ${path === undefined ? 'input' : 'file'}: no puzzle to read`);
  }
  const byName = path ? inputFormatFromPath(path) : undefined;
  const chosen = options.format ?? byName ?? (isPictureText(text) ? 'picture' : sniffFormat(text));
  if (!chosen) {
    const name = options.source ?? options.path ?? '<input>';
    // Which control names the format is the caller's to say (a CLI flag, a menu of a page).
    throw new InputError('E_FORMAT', `${sourceName(name)}: cannot tell the puzzle format (${inputFormats.join(', ')})`);
  }
  return chosen;
}

/** Write a puzzle in a format `readPuzzle` reads (see `writePuzzleFile` for what each format can hold). */
export function formatPuzzle(file: PuzzleFile, format: InputFormat): string {
  if (format !== 'picture') return writePuzzleFile(file, format);
  refuseGivens(file, '.pic');
  if (!file.goal) throw new InputError('E_GOAL', 'a picture needs the goal: this puzzle has none (convert --solve fills it in when the solution is unique)');
  return formatPicture(file.goal);
}
