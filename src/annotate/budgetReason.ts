/**
 * The reasons of an annotation whose proof of minimality the time budget stopped (the
 * annotation stays valid): before minimality was proven, or after its size was proven smallest
 * but before the row-major tie-break finished (minimizeAnnotation.ts). Apart from the time
 * limit's (solve/timeLimitReason.ts): the CLI tells the user which to raise, --budget or -t.
 */
export const BUDGET_REASON = 'time budget reached before minimality was proven';
export const BUDGET_TIE_BREAK_REASON = 'time budget reached after its size was proven smallest, before the row-major tie-break finished';

/** Whether `reason` is one of the budget's (above). */
export function isBudgetReason(reason: string | undefined): boolean {
  return reason === BUDGET_REASON || reason === BUDGET_TIE_BREAK_REASON;
}
