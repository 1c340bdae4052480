import type { Ciphertext } from '../formats/ciphertext.js';
import type { SatSession } from '../sat/SatSession.js';
import type { SolveResult, SolveStatus } from '../solve/SolveResult.js';
import { decodeBlock } from './blockWork.js';

/**
 * Verification: every block's verdict, without decoding the text. This is what a publisher
 * runs to show that a ciphertext is unambiguous, block by block.
 */
export interface BlockVerdict {
  /** 1-based block number. */
  readonly block: number;
  readonly status: SolveStatus;
  readonly lineSolvable: boolean;
  /** For `unknown`: why there is no verdict. */
  readonly reason?: string;
}

export interface VerifyReport {
  readonly blocks: BlockVerdict[];
  readonly summary: { unique: number; multiple: number; none: number; unknown: number };
}

export function verdictOf(result: SolveResult, block: number): BlockVerdict {
  return result.status === 'unknown'
    ? { block, status: 'unknown', lineSolvable: false, reason: result.reason }
    : { block, status: result.status, lineSolvable: result.lineSolvable };
}

export function summarize(blocks: readonly BlockVerdict[]): VerifyReport['summary'] {
  const summary = { unique: 0, multiple: 0, none: 0, unknown: 0 };
  for (const b of blocks) summary[b.status]++;
  return summary;
}

export function verify(ciphertext: Ciphertext, options: { session?: SatSession } = {}): VerifyReport {
  const blocks = ciphertext.blocks.map((b, i) => verdictOf(decodeBlock(b, options.session), i + 1));
  return { blocks, summary: summarize(blocks) };
}
