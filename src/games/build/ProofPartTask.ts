import { checkBoundProof, type ProofReport } from '../check/checkBoundProof.js';
import { textPieces } from './textPieces.js';

/**
 * One part of a proof's check by parts (check/verifyProof.ts, ProofPart), as a worker thread
 * runs it: the proof file's unpacked bytes (shared between the threads, not copied), which part,
 * and the time left. Each thread reads the whole text; it checks its own units and only reads
 * past the others.
 */
export interface ProofPartTask {
  readonly kind: 'proof-part';
  readonly bytes: Uint8Array;
  readonly where: string;
  /** 0-based. */
  readonly index: number;
  readonly count: number;
  readonly depth: number;
  /** CheckProofOptions.compiled. */
  readonly compiled: boolean;
  /** Milliseconds left (each thread has its own clock). */
  readonly ms?: number;
}

export interface ProofPartOutcome {
  readonly kind: 'proof-part';
  readonly index: number;
  readonly report: ProofReport;
}

export function runProofPart(task: ProofPartTask): ProofPartOutcome {
  const part = { index: task.index, count: task.count, depth: task.depth };
  const report = checkBoundProof(textPieces(task.bytes), task.where, { part, compiled: task.compiled, ...(task.ms === undefined ? {} : { deadline: performance.now() + task.ms }) });
  return { kind: 'proof-part', index: task.index, report };
}
