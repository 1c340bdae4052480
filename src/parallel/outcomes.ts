import { completeAnnotation } from '../annotate/completeAnnotation.js';
import { NonocryptError } from '../errors.js';
import type { Grid } from '../grid/Puzzle.js';
import type { SolveResult } from '../solve/SolveResult.js';
import { timeLimitReason } from '../solve/timeLimitReason.js';
import type { BlockOutcome } from './BlockTask.js';

/**
 * A runner's outcomes as the values pipelines report. Every block ends as a verdict or a
 * valid annotation: a block stopped at its time limit, or whose worker died, becomes an
 * `unknown` verdict or an unproven annotation that needs no search. Only an internal error
 * (a bug) is thrown.
 */

/** The outcome of a solve task as a verdict: a stopped block is `unknown`, never a guess. */
export function solveOutcome(out: BlockOutcome, timeoutMs?: number): SolveResult {
  switch (out.kind) {
    case 'solve':
      return out.result;
    case 'timeout':
      return { status: 'unknown', reason: timeLimitReason(timeoutMs ?? out.ms) };
    case 'error':
      if (out.code === 'E_WORKER') return { status: 'unknown', reason: out.message };
      throw new NonocryptError(out.code, out.message);
    case 'annotate':
      throw new NonocryptError('E_INTERNAL', 'internal error: annotate outcome for a solve task');
  }
}

export interface AnnotationResult {
  /** Cells given black, row-major indices, ascending. Always valid for the receiver. */
  readonly annotation: number[];
  /** Proved smallest (and first in row-major order). */
  readonly proven: boolean;
  /** A proven lower bound on the size of any valid annotation. */
  readonly lowerBound: number;
  readonly ms: number;
  /** When not proven: why (budget, time limit, memory, a stopped worker). */
  readonly reason?: string;
  /** The per-block time limit (not the budget) ended the work. */
  readonly timedOut?: boolean;
}

/** The outcome of an annotate task on `grid`, run with this time limit, as a valid annotation. */
export function annotateOutcome(grid: Grid, out: BlockOutcome, timeoutMs?: number): AnnotationResult {
  switch (out.kind) {
    case 'annotate': {
      // Which limit ended the proof: the time limit when it is the smaller of the two.
      const timedOut = !out.proven && timeoutMs !== undefined && (out.budgetMs === undefined || timeoutMs < out.budgetMs);
      const reason = out.proven ? undefined : timedOut ? timeLimitReason(timeoutMs) : out.reason;
      return {
        annotation: out.annotation,
        proven: out.proven,
        lowerBound: out.lowerBound,
        ms: out.ms,
        ...(reason ? { reason } : {}),
        ...(timedOut ? { timedOut } : {}),
      };
    }
    case 'error':
    case 'timeout': {
      // A worker that died is like one that was stopped; any other error is a bug.
      if (out.kind === 'error' && out.code !== 'E_WORKER') throw new NonocryptError(out.code, out.message);
      const why = out.kind === 'timeout' ? `${timeLimitReason(timeoutMs ?? out.ms)}, the worker was stopped` : out.message;
      return {
        annotation: completeAnnotation(grid),
        proven: false,
        lowerBound: 0,
        ms: out.kind === 'timeout' ? out.ms : 0,
        reason: `${why}; given every black cell line logic leaves open`,
        timedOut: out.kind === 'timeout',
      };
    }
    case 'solve':
      throw new NonocryptError('E_INTERNAL', 'internal error: solve outcome for an annotate task');
  }
}
