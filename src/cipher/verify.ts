import type { ReceiverModel } from '../annotate/ReceiverModel.js';
import type { RunOptions } from '../parallel/RunOptions.js';
import { asVerdict, type SolveResult, type VerdictStatus } from '../solve/SolveResult.js';
import { solveBlocks, type CiphertextSource } from './solveBlocks.js';

/**
 * Verification: every block's verdict, without decoding the text. This is what a publisher
 * runs to show that a ciphertext is unambiguous, block by block.
 */
export interface BlockVerdict {
  /** 1-based block number. */
  readonly block: number;
  readonly status: VerdictStatus;
  readonly lineSolvable: boolean;
  /** For `unknown`: why there is no verdict. */
  readonly reason?: string;
}

export interface VerifySummary {
  unique: number;
  multiple: number;
  none: number;
  unknown: number;
}

export interface VerifyReport {
  readonly blocks: BlockVerdict[];
  readonly summary: VerifySummary;
}

export function verdictOf(result: SolveResult, block: number): BlockVerdict {
  const v = asVerdict(result);
  return v.status === 'unknown'
    ? { block, status: 'unknown', lineSolvable: false, reason: v.reason }
    : { block, status: v.status, lineSolvable: v.lineSolvable };
}

/**
 * Whether a receiver of this model decodes the block: exactly one grid, and for `logic` one
 * that line logic alone finds (the paper's receiver). A unique block that is not
 * line-solvable fails the `logic` receiver.
 */
export function receiverAccepts(v: Pick<BlockVerdict, 'status' | 'lineSolvable'>, receiver: ReceiverModel): boolean {
  return v.status === 'unique' && (receiver === 'unique' || v.lineSolvable);
}

export function emptySummary(): VerifySummary {
  return { unique: 0, multiple: 0, none: 0, unknown: 0 };
}

/** Every block's verdict, collected. For a stream of verdicts as they come, use `solveBlocks`. */
export async function verify(source: CiphertextSource, options: RunOptions = {}): Promise<VerifyReport> {
  const blocks: BlockVerdict[] = [];
  const summary = emptySummary();
  for await (const b of solveBlocks(source, options)) {
    const v = verdictOf(b.result, b.block);
    summary[v.status]++;
    blocks.push(v);
  }
  return { blocks, summary };
}
