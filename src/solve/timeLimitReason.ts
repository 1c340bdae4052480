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
