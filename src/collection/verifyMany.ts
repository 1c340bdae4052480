import type { SolvedBlock } from '../cipher/solveBlocks.js';
import { parseCiphertextLinesAsync, type CipherBlock } from '../formats/ciphertext.js';
import type { RunOptions } from '../parallel/RunOptions.js';
import { solveOutcome } from '../parallel/outcomes.js';
import { asVerdict } from '../solve/SolveResult.js';
import { runInOrder, type RunItem } from '../parallel/runInOrder.js';
import { inputFailure, type InputFailure, type LineSource } from './sources.js';

/**
 * Every block of many ciphertexts, one report per block, in input order: the collection
 * pipeline under `nonocrypt verify A B C`, `verify DIR` and `verify 'GLOB'`. All blocks of all
 * files are tasks of one runner (one worker pool), each file streamed as its turn comes. A file
 * that cannot be read or has a malformed line is reported as a failure at the place it
 * failed: the blocks before the bad line keep their reports, and the next file follows.
 */
export interface FileBlock extends SolvedBlock {
  readonly name: string;
}

export type BlockReport = FileBlock | InputFailure;

export async function* verifyMany(files: Iterable<LineSource> | AsyncIterable<LineSource>, options: RunOptions = {}): AsyncGenerator<BlockReport> {
  type Entry = { name: string; block?: number; cipher?: CipherBlock; failure?: InputFailure };
  async function* items(): AsyncGenerator<RunItem<Entry>> {
    for await (const file of files) {
      const it = file.lines()[Symbol.asyncIterator]();
      let n = 0;
      try {
        const source = await parseCiphertextLinesAsync({ [Symbol.asyncIterator]: () => it }, file.name);
        for await (const cipher of source.blocks) {
          yield { value: { name: file.name, block: ++n, cipher }, task: { kind: 'solve', puzzle: cipher.puzzle, givens: cipher.annotation } };
        }
      } catch (e) {
        yield { value: { name: file.name, failure: inputFailure(file.name, e) } };
      } finally {
        // A file left part-read (a malformed line) is closed now, not when collected.
        await it.return?.();
      }
    }
  }
  let done = 0;
  for await (const { value, outcome } of runInOrder(items(), options)) {
    if (value.failure) {
      yield value.failure;
      continue;
    }
    yield { name: value.name, block: value.block!, cipher: value.cipher!, result: asVerdict(solveOutcome(outcome!, options.timeoutMs)) };
    options.onProgress?.(++done);
  }
}
