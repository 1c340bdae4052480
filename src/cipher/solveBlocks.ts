import type { CipherBlock } from '../formats/ciphertext.js';
import { runBlocks, type RunOptions } from '../parallel/BlockRunner.js';
import type { BlockTask } from '../parallel/BlockTask.js';
import { solveOutcome } from '../parallel/outcomes.js';
import { asVerdict, type Verdict } from '../solve/SolveResult.js';

/**
 * The one decoding pipeline under verify and decrypt: every block of a ciphertext decided,
 * in order, in this thread or on workers, with the per-block time limit of `options`.
 * The source may be a parsed ciphertext or a stream of blocks (a large file is never held
 * whole: at most a window of blocks is in flight).
 *
 * Every block gets a verdict: a block stopped at its time limit, or whose worker died, is
 * `unknown` with the reason; only an internal error (a bug) ends the run, as a thrown error.
 */
export interface CiphertextSource {
  readonly width: number;
  readonly height: number;
  readonly blocks: Iterable<CipherBlock> | AsyncIterable<CipherBlock>;
}

export interface SolvedBlock {
  /** 1-based block number. */
  readonly block: number;
  readonly cipher: CipherBlock;
  readonly result: Verdict;
}

export async function* solveBlocks(source: CiphertextSource, options: RunOptions = {}): AsyncGenerator<SolvedBlock> {
  const inFlight: CipherBlock[] = [];
  async function* tasks(): AsyncGenerator<BlockTask> {
    for await (const b of source.blocks) {
      inFlight.push(b);
      yield { kind: 'solve', puzzle: b.puzzle, givens: b.annotation };
    }
  }
  let n = 0;
  for await (const out of runBlocks(tasks(), options)) {
    yield { block: ++n, cipher: inFlight.shift()!, result: asVerdict(solveOutcome(out, options.timeoutMs)) };
    options.onProgress?.(n);
  }
}
