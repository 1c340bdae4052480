import type { Puzzle } from '../../grid/Puzzle.js';
import type { SolveResult } from '../../solve/SolveResult.js';
import { certifyBlock, type CertifyOutcome } from './certifyBlock.js';
import { loadProofEngine } from './proofEngine.js';

/**
 * The certificate of a puzzle's verdict (`solve --certify`), made in this thread once the
 * verdict is known: `unique` and `none` are certified, any other verdict has nothing to certify
 * (undefined). The time limit, when given, starts now; `limitMs` is the limit the user gave,
 * which a reason names (default `timeoutMs`: the solve may have spent part of it). A split part's
 * result is its cube's (`cube`), and so is its certificate.
 */
export async function certifySolution(
  puzzle: Puzzle,
  givens: readonly number[],
  result: SolveResult,
  options: { readonly timeoutMs?: number; readonly limitMs?: number; readonly memoryCapBytes?: number; readonly label?: string; readonly cube?: readonly number[] } = {},
): Promise<CertifyOutcome | undefined> {
  if (result.status !== 'unique' && result.status !== 'none') return undefined;
  const prove = await loadProofEngine();
  const limits = {
    ...(options.timeoutMs !== undefined ? { deadline: performance.now() + options.timeoutMs, limitMs: options.limitMs ?? options.timeoutMs } : {}),
    ...(options.memoryCapBytes !== undefined ? { memoryCapBytes: options.memoryCapBytes } : {}),
  };
  return certifyBlock(prove, puzzle, givens, result.status === 'unique' ? result.grid : undefined, limits, options.label ?? 'puzzle', options.cube);
}
