import { InputError, NonocryptError } from '../../errors.js';
import type { PuzzleFile } from '../../formats/PuzzleFile.js';
import { inputFormatOf, readPuzzle, type InputFormat } from '../../formats/puzzleText.js';
import type { CliIO } from '../CliIO.js';
import { inputName, readText } from '../io.js';

/** A puzzle's text, where it came from, and the format it is read in. */
export interface PuzzleText {
  readonly text: string;
  /** The name errors give it (`<stdin>` for standard input). */
  readonly source: string;
  /** The file's path (for its extension), none for standard input. */
  readonly path?: string;
  readonly format: InputFormat;
}

/**
 * A puzzle's text from a path or standard input, with its format: `--from`, else the file's
 * extension, else what the text shows. A format that cannot be told names the flag that tells it.
 */
export async function readPuzzleText(io: CliIO, path: string | undefined, from: InputFormat | undefined): Promise<PuzzleText> {
  const text = await readText(io, path);
  const source = inputName(path);
  const file = path === '-' ? undefined : path;
  try {
    return { text, source, ...(file ? { path: file } : {}), format: inputFormatOf(text, { format: from, path: file, source }) };
  } catch (e) {
    throw withHint(e);
  }
}

/**
 * What the command line adds to a puzzle input's error: the flag or command that helps (the
 * library's message names neither; the web page adds its own words).
 */
export function puzzleErrorHint(code: string): string {
  switch (code) {
    case 'E_FORMAT':
      return '; name it with --from FORMAT';
    case 'E_BLOCKS':
      return ' (nonocrypt verify decides every block of a ciphertext; render --block N draws one)';
    default:
      return '';
  }
}

/** A puzzle file (any format `readPuzzle` knows) from a path or standard input. */
export async function readPuzzleInput(io: CliIO, path: string | undefined, from: InputFormat | undefined): Promise<PuzzleFile> {
  const p = await readPuzzleText(io, path, from);
  try {
    return readPuzzle(p.text, { format: p.format, path: p.path, source: p.source });
  } catch (e) {
    throw withHint(e);
  }
}

/** The error with the command line's hint for its code, if it has one. */
function withHint(e: unknown): unknown {
  const hint = e instanceof NonocryptError ? puzzleErrorHint(e.code) : '';
  return hint ? new InputError((e as NonocryptError).code, `${(e as NonocryptError).message}${hint}`) : e;
}
