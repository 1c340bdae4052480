/**
 * The checker's own time limit (it imports nothing from the searches): `tick(work)` counts
 * work and reads the clock once per CHECK_WORK units; past the limit (a `performance.now()`
 * time; undefined: none) it throws CheckTimeout, which the checker's entry turns into a
 * report that says nothing was decided.
 */
export class CheckClock {
  private work = 0;

  constructor(readonly at: number | undefined) {}

  tick(work: number): void {
    if (this.at === undefined) return;
    this.work += work;
    if (this.work >= CHECK_WORK) {
      this.work = 0;
      if (performance.now() > this.at) throw new CheckTimeout();
    }
  }
}

/** Work units (about one answer computed each) between two readings of the clock. */
const CHECK_WORK = 1 << 14;

export class CheckTimeout extends Error {
  constructor() {
    super('time limit reached before the check was done');
  }
}
