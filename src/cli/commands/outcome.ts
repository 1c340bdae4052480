import { NonocryptError } from '../../errors.js';
import type { BlockOutcome } from '../../parallel/BlockTask.js';
import type { SolveResult } from '../../solve/SolveResult.js';

/** A pool outcome of a solve task as a verdict: a stopped block is `unknown`, never a guess. */
export function outcomeResult(out: BlockOutcome, timeoutMs?: number): SolveResult {
  switch (out.kind) {
    case 'solve':
      return out.result;
    case 'timeout':
      return { status: 'unknown', reason: `time limit of ${(timeoutMs ?? out.ms) / 1000} s reached` };
    case 'error':
      throw new NonocryptError(out.code, out.message);
    case 'annotate':
      throw new NonocryptError('E_INTERNAL', 'internal error: annotate outcome for a solve task');
  }
}
