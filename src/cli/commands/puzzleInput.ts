import type { PuzzleFile } from '../../formats/PuzzleFile.js';
import { readPuzzle, type InputFormat } from '../../formats/puzzleText.js';
import type { CliIO } from '../CliIO.js';
import { inputName, readText } from '../io.js';

/** A puzzle file (any format `readPuzzle` knows) from a path or standard input. */
export async function readPuzzleInput(io: CliIO, path: string | undefined, format: InputFormat | undefined): Promise<PuzzleFile> {
  const text = await readText(io, path);
  return readPuzzle(text, { format, path: path === '-' ? undefined : path, source: inputName(path) });
}
