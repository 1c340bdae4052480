import type { CiphertextSource } from '../../cipher/solveBlocks.js';
import { parseCiphertextLinesAsync } from '../../formats/ciphertext.js';
import type { CliIO } from '../CliIO.js';
import { inputName, readLines } from '../io.js';

/** A ciphertext file as a stream of blocks: the header read first, blocks parsed as they are needed. */
export function ciphertextInput(io: CliIO, path: string | undefined): Promise<CiphertextSource> {
  return parseCiphertextLinesAsync(readLines(io, path), inputName(path));
}
