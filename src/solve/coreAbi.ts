// Generated from engines/core/abi.h by test/helpers/coreAbi.ts: do not edit. test/coreAbi.test.ts
// fails when this file is out of date, and UPDATE_GOLDEN=1 rewrites it. The numbers that cross
// the boundary to engines/core.wasm, read by their names there.

/** How propagation and probing end (core_load, core_propagate, core_probe). */
export const CoreStatus = {
  /** no solution: some line has no completion */
  CONFLICT: 0,
  /** a fixpoint with open cells */
  OPEN: 1,
  /** every cell known (core_propagate: or a finisher turned black, the cells part-way) */
  SOLVED: 2,
  /** a limit (time, probes) ended probing first; what it found is kept */
  STOPPED: 3,
} as const;
export type CoreStatus = (typeof CoreStatus)[keyof typeof CoreStatus];

/** How a search ends (core_search). */
export const CoreSearchEnd = {
  /** the whole tree explored: the solutions recorded are all there are */
  SEARCH_COMPLETE: 0,
  /** the number of solutions asked for was reached */
  SEARCH_ENOUGH: 1,
  /** a limit (time, nodes, probes) ended it first */
  SEARCH_STOPPED: 2,
  /** inside the search only: a run spent its node budget and the next run starts */
  SEARCH_RESTART: 3,
} as const;
export type CoreSearchEnd = (typeof CoreSearchEnd)[keyof typeof CoreSearchEnd];

/** The statistics core_stat answers: counts since the core was made (cells known: now). */
export const CoreStat = {
  /** line solver runs (the cache missed) */
  STAT_LINE_SOLVES: 0,
  /** line solves the cache answered */
  STAT_CACHE_HITS: 1,
  /** cells probed (each propagates both colours) */
  STAT_PROBES: 2,
  /** probes skipped: none of their lines changed since they ran */
  STAT_PROBE_SKIPS: 3,
  /** search nodes */
  STAT_NODES: 4,
  /** search restarts */
  STAT_RESTARTS: 5,
  /** cells known on the board now */
  STAT_KNOWN: 6,
} as const;
export type CoreStat = (typeof CoreStat)[keyof typeof CoreStat];

/** A cell as a byte (core_load, core_propagate, core_read, core_solve_line): the line solver's domains. */
export const CoreCell = {
  /** known white */
  CELL_WHITE: 1,
  /** known black */
  CELL_BLACK: 2,
  /** either */
  CELL_OPEN: 3,
} as const;
export type CoreCell = (typeof CoreCell)[keyof typeof CoreCell];

/** Which colour a search branch tries first (core_search's valueFirst). */
export const CoreValueFirst = {
  /** white */
  FIRST_WHITE: 0,
  /** black */
  FIRST_BLACK: 1,
  /** the colour whose probe fixed more cells */
  FIRST_BY_GAIN: 2,
} as const;
export type CoreValueFirst = (typeof CoreValueFirst)[keyof typeof CoreValueFirst];
