import { GAMES_TUNING } from './tuning.js';

/**
 * A time limit that long loops check without reading the clock at every step: `tick(work)`
 * adds work units (about one per answer looked up) and reads the clock once every
 * DEADLINE_CHECK_WORK units (tuning.ts); past the limit it throws SearchTimeout. `check()`
 * reads the clock now. The time is a `performance.now()` value of this thread; `never` has
 * no limit.
 */
export class Deadline {
  private work = 0;

  constructor(readonly at: number | undefined) {}

  static readonly never = new Deadline(undefined);

  /** The deadline `ms` milliseconds from now (none when undefined). */
  static after(ms: number | undefined): Deadline {
    return ms === undefined ? Deadline.never : new Deadline(performance.now() + ms);
  }

  tick(work: number): void {
    if (this.at === undefined) return;
    this.work += work;
    if (this.work >= GAMES_TUNING.DEADLINE_CHECK_WORK.value) {
      this.work = 0;
      if (performance.now() > this.at) throw new SearchTimeout();
    }
  }

  check(): void {
    if (this.at !== undefined && performance.now() > this.at) throw new SearchTimeout();
  }

  /** True once the time is up (reads the clock). */
  get passed(): boolean {
    return this.at !== undefined && performance.now() > this.at;
  }

  /** Milliseconds left (Infinity without a limit). */
  get leftMs(): number {
    return this.at === undefined ? Infinity : this.at - performance.now();
  }
}

/**
 * The search must stop: the time limit was reached, or its caller asked it to (`stoppedBy`, the
 * caller's reason, e.g. past a memory limit). The caller reports that nothing was decided.
 */
export class SearchTimeout extends Error {
  constructor(readonly stoppedBy?: string) {
    super(stoppedBy ?? 'time limit reached');
  }
}
