import type { CipherBlock } from '../formats/ciphertext.js';
import { runBlocks, type RunOptions } from '../parallel/BlockRunner.js';
import type { BlockTask } from '../parallel/BlockTask.js';
import { solveOutcome } from '../parallel/outcomes.js';
import { asVerdict, type Verdict } from '../solve/SolveResult.js';
import type { CertifyOutcome } from '../certificate/make/certifyBlock.js';

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
  /** With `options.certify`, for a `unique` or `none` verdict: the certificate, or why there is none. */
  readonly certificate?: CertifyOutcome;
}

export async function* solveBlocks(source: CiphertextSource, options: RunOptions = {}): AsyncGenerator<SolvedBlock> {
  const inFlight: CipherBlock[] = [];
  let read = 0;
  async function* tasks(): AsyncGenerator<BlockTask> {
    for await (const b of source.blocks) {
      inFlight.push(b);
      read++;
      yield { kind: 'solve', puzzle: b.puzzle, givens: b.annotation, ...(options.certify ? { certify: true, label: `block ${read}` } : {}) };
    }
  }
  let n = 0;
  for await (const out of runBlocks(tasks(), options)) {
    const certificate = out.kind === 'solve' ? out.certificate : undefined;
    yield { block: ++n, cipher: inFlight.shift()!, result: asVerdict(solveOutcome(out, options.timeoutMs)), ...(certificate ? { certificate } : {}) };
    options.onProgress?.(n);
  }
}
