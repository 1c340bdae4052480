/**
 * One time budget shared by tasks that start one after another (encrypt's blocks): each task
 * that needs work gets, WHEN IT STARTS, the time left divided among the needy tasks not yet
 * started (itself included), times the tasks running at once. Time an easy task leaves over
 * goes to the later ones, and the last needy task may use all that is left, so the run ends
 * within the budget. A share is plain data (it crosses to a worker thread with its task) and
 * is turned into milliseconds by `shareMs` at the task's start: a worker pool takes tasks from
 * its source well before their workers are free, and a budget fixed then was spent twice over
 * (8 hard blocks on 2 workers took 20 s of a 10 s budget).
 *
 * Call order: `shareBudget` once, before the first task starts; `shareMs` once per task, as it
 * starts, in task order.
 */
export interface BudgetShare {
  /** When the shared budget ends, on the `budgetClock` (the same in every thread of the process). */
  readonly endsAt: number;
  /** Needy tasks from this one on, this one included (at least 1). */
  readonly needyLeft: number;
  /** Tasks running at once. */
  readonly parallel: number;
  /** The least the task gets, in ms (already capped at the whole budget). */
  readonly floorMs: number;
}

/** Below this many ms left (range 0-100) nothing is worth starting: a task gets 0. A guess, not measured. */
const MIN_SHARE_MS = 20;

/** Milliseconds since the epoch, high resolution: comparable between worker threads. */
export function budgetClock(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * The shares of a budget starting now: one per task that needs work (`needsWork[i]`),
 * undefined for the others and for every task when the budget is Infinity. `floorMs`: the
 * least a needy task gets however many share the budget (capped at the budget).
 */
export function shareBudget(budgetMs: number, needsWork: readonly boolean[], parallel = 1, floorMs = 0): (BudgetShare | undefined)[] {
  if (budgetMs === Infinity) return needsWork.map(() => undefined);
  const endsAt = budgetClock() + budgetMs;
  const floor = Math.min(floorMs, budgetMs);
  const shares: (BudgetShare | undefined)[] = new Array(needsWork.length);
  let needyLeft = 0;
  for (let i = needsWork.length - 1; i >= 0; i--) {
    shares[i] = needsWork[i] ? { endsAt, needyLeft: ++needyLeft, parallel: Math.max(1, parallel), floorMs: floor } : undefined;
  }
  return shares;
}

/** A share in milliseconds at `now` (the task's start). */
export function shareMs(share: BudgetShare, now = budgetClock()): number {
  const left = share.endsAt - now < MIN_SHARE_MS ? 0 : share.endsAt - now;
  return Math.max(share.floorMs, Math.min(left, (left * share.parallel) / share.needyLeft));
}
