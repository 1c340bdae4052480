import { parseCiphertextLinesAsync, type CipherBlock } from '../../formats/ciphertext.js';
import type { BlockTask } from '../../parallel/BlockTask.js';
import { inputName, readLines } from '../io.js';

/**
 * A ciphertext file as a stream of solve tasks: the header is read first, blocks are parsed
 * as the pool asks for them, so a large file is never held whole.
 */
export async function ciphertextTasks(path: string | undefined) {
  const stream = await parseCiphertextLinesAsync(readLines(path), inputName(path));
  async function* tasks(): AsyncGenerator<BlockTask> {
    for await (const b of stream.blocks as AsyncIterable<CipherBlock>) {
      yield { kind: 'solve', puzzle: b.puzzle, givens: b.annotation };
    }
  }
  return { width: stream.width, height: stream.height, tasks: tasks() };
}
