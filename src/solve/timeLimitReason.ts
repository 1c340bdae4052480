/**
 * The reason of an outcome stopped by a time limit. It names the limit the caller gave (the
 * user's `--timeout`), never what was left of it when a later stage started: a pipeline that
 * hands the rest of its limit to a next stage (a portfolio after the first solver, a
 * certificate after the solve) still reports the limit as given.
 */
export function timeLimitReason(ms: number): string {
  return `time limit of ${+(ms / 1000).toFixed(3)} s reached`;
}

/** Whether `reason` is one of `timeLimitReason`'s. */
export function isTimeLimitReason(reason: string): boolean {
  return reason.startsWith('time limit');
}

/**
 * The reason of a solve stopped by its budget of work (a count of SAT conflicts, see
 * BlockSolver's options), not by a time limit: the portfolio's signal to start its race
 * (puzzle/solve.ts). Never confused with a time limit's (`isTimeLimitReason` is false).
 */
export const WORK_BUDGET_REASON = 'work budget spent';
