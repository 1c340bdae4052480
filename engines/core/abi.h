// The numbers that cross the WebAssembly boundary, named once. src/solve/coreAbi.ts is
// generated from this file (test/coreAbi.test.ts checks it is up to date; UPDATE_GOLDEN=1
// rewrites it), so TypeScript reads every status, statistic and cell code by its name here.
//
// The generator reads each `enum` below with its doc comment and, for every enumerator, its
// explicit value and its trailing comment: keep that form (one enumerator a line, `= value`).
#pragma once

/** How propagation and probing end (core_load, core_propagate, core_probe). */
enum Status {
  CONFLICT = 0,  // no solution: some line has no completion
  OPEN = 1,      // a fixpoint with open cells
  SOLVED = 2,    // every cell known (core_propagate: or a finisher turned black, the cells part-way)
  STOPPED = 3,   // a limit (time, probes) ended probing first; what it found is kept
};

/** How a search ends (core_search). */
enum SearchEnd {
  SEARCH_COMPLETE = 0,  // the whole tree explored: the solutions recorded are all there are
  SEARCH_ENOUGH = 1,    // the number of solutions asked for was reached
  SEARCH_STOPPED = 2,   // a limit (time, nodes, probes) ended it first
  SEARCH_RESTART = 3,   // inside the search only: a run spent its node budget and the next run starts
};

/** The statistics core_stat answers: counts since the core was made (cells known: now). */
enum Stat {
  STAT_LINE_SOLVES = 0,  // line solver runs (the cache missed)
  STAT_CACHE_HITS = 1,   // line solves the cache answered
  STAT_PROBES = 2,       // cells probed (each propagates both colours)
  STAT_PROBE_SKIPS = 3,  // probes skipped: none of their lines changed since they ran
  STAT_NODES = 4,        // search nodes
  STAT_RESTARTS = 5,     // search restarts
  STAT_KNOWN = 6,        // cells known on the board now
};

/** A cell as a byte (core_load, core_propagate, core_read, core_solve_line): the line solver's domains. */
enum Cell {
  CELL_WHITE = 1,  // known white
  CELL_BLACK = 2,  // known black
  CELL_OPEN = 3,   // either
};

/** Which colour a search branch tries first (core_search's valueFirst). */
enum ValueFirst {
  FIRST_WHITE = 0,    // white
  FIRST_BLACK = 1,    // black
  FIRST_BY_GAIN = 2,  // the colour whose probe fixed more cells
};
