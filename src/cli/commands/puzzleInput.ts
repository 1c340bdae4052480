import { InputError } from '../../errors.js';
import { formatFromPath, readPuzzleFile, sniffFormat } from '../../formats/detectFormat.js';
import { isPictureText, parsePicture } from '../../formats/picture.js';
import type { PuzzleFile, PuzzleFormat } from '../../formats/PuzzleFile.js';
import { puzzleOf } from '../../grid/runsOf.js';
import { inputName, readText } from '../io.js';

/**
 * Reading a puzzle for `solve` and `annotate`: the format comes from --format, else the file
 * name's extension (`.pic` is a picture), else the text when that is unambiguous. A bare
 * picture (rows of # and ., or 1 and 0) is read as a puzzle whose goal is that picture.
 */
export async function readPuzzleInput(path: string | undefined, format: PuzzleFormat | 'picture' | undefined): Promise<PuzzleFile> {
  const text = await readText(path);
  const name = inputName(path);
  const byName = path && path !== '-' ? (/\.pic(ture)?$/i.test(path) ? 'picture' : formatFromPath(path)) : undefined;
  const chosen = format ?? byName ?? (isPictureText(text) ? 'picture' : sniffFormat(text));
  if (!chosen) {
    throw new InputError('E_FORMAT', `${name}: cannot tell the puzzle format; use --format non|nin|xml|json|cipher|picture`);
  }
  if (chosen === 'picture') {
    const goal = parsePicture(text, name);
    return { puzzle: puzzleOf(goal), goal };
  }
  return readPuzzleFile(text, chosen, name);
}
