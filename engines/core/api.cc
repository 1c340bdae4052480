// nonocrypt's nonogram core: the C API that src/solve/NonogramCore.ts calls. One object per
// puzzle; the line width in 64-bit words (1, 2, 4, 8 or 16: lines up to 1022 cells) is chosen at
// creation.
//
// Every number that crosses the boundary is named in abi.h (statuses, search ends, statistics,
// cell bytes), from which src/solve/coreAbi.ts is generated. Preconditions are asserts: live in
// the native debug build (test/coreNative.test.ts), compiled out of core.wasm (-DNDEBUG), where
// NonogramCore.ts guarantees them.
#include <assert.h>
#include <math.h>
#include <stdint.h>
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

#include "abi.h"
#include "encode.h"
#include "search.h"

namespace {

struct Core {
  virtual ~Core() {}
  virtual int load(const uint8_t* cells) = 0;
  virtual int propagate(uint8_t* cells, const int32_t* lines, int count, const uint8_t* finishers) = 0;
  virtual void read(uint8_t* cells) = 0;
  virtual int probe(double deadline, double maxProbes) = 0;
  virtual int search(int maxSolutions, double deadline, double maxNodes, double maxProbes, double restartNodes, int valueFirst) = 0;
  virtual int solutions() = 0;
  virtual void solution(int i, uint8_t* cells) = 0;
  virtual int implications(int32_t* out, int maxPairs) = 0;
  virtual int encode(int beliefRounds) = 0;
  virtual Cnf& cnf() = 0;
  virtual double stat(int which) = 0;
};

/** A cell byte as a colour: 1 black, 0 white, -1 open. */
static int colourOf(uint8_t cell) {
  assert(cell == CELL_WHITE || cell == CELL_BLACK || cell == CELL_OPEN);
  return cell == CELL_BLACK ? 1 : cell == CELL_WHITE ? 0 : -1;
}

template <int NW>
struct CoreOf : Core {
  Board<NW> board;     // the puzzle and its current state
  Search<NW> searcher; // probing and search on `board`, with the solutions of the last search
  Cnf formula;         // the last core_encode's CNF (empty after core_cnf_drop)
  CoreOf(int w, int h, const int* clues, int cacheBits) : board(w, h, clues, cacheBits), searcher(board) {}

  int load(const uint8_t* cells) override {
    board.reset();
    for (int c = 0; c < board.N; c++)
      if (colourOf(cells[c]) >= 0) board.fix(c, colourOf(cells[c]));
    board.queueAll();
    return board.propagate();
  }
  int propagate(uint8_t* cells, const int32_t* lines, int count, const uint8_t* finishers) override {
    assert(count < 0 || lines || count == 0);
    board.reset();
    for (int c = 0; c < board.N; c++)
      if (colourOf(cells[c]) >= 0) board.place(c, colourOf(cells[c]));
    if (count < 0) board.queueAll();
    else
      for (int i = 0; i < count; i++) board.enqueue(lines[i]);
    const Status o = finishers ? board.propagateUntil(finishers) : board.propagate();
    if (o == CONFLICT) return CONFLICT;
    read(cells);
    return o;
  }
  void read(uint8_t* cells) override {
    for (int c = 0; c < board.N; c++) {
      const int v = board.cell(c);
      cells[c] = v < 0 ? CELL_OPEN : v ? CELL_BLACK : CELL_WHITE;
    }
  }
  int probe(double deadline, double maxProbes) override {
    searcher.deadline = deadline;
    searcher.probeLimit = board.counters.probes + maxProbes;
    searcher.stopped = false;
    searcher.maxSolutions = 1 << 30;  // probing never stops for a solution it meets
    const Status o = searcher.probeAll();
    searcher.solutions.clear();
    return o;
  }
  int search(int maxSolutions, double deadline, double maxNodes, double maxProbes, double restartNodes, int valueFirst) override {
    searcher.maxSolutions = maxSolutions;
    searcher.deadline = deadline;
    searcher.nodeLimit = board.counters.nodes + maxNodes;
    searcher.probeLimit = board.counters.probes + maxProbes;
    searcher.restartNodes = restartNodes;
    searcher.valueFirst = valueFirst;
    searcher.stopped = false;
    searcher.solutions.clear();
    if (board.solved()) {
      searcher.record();
      return SEARCH_COMPLETE;  // the one solution is recorded
    }
    return searcher.run();
  }
  int solutions() override { return (int)searcher.solutions.size(); }
  void solution(int i, uint8_t* cells) override {
    assert(i >= 0 && i < solutions());
    const auto& s = searcher.solutions[i];
    for (int c = 0; c < board.N; c++) cells[c] = s[c];
  }
  int implications(int32_t* out, int maxPairs) override { return searcher.implications(out, maxPairs); }
  int encode(int beliefRounds) override {
    Beliefs beliefs;
    if (beliefRounds > 0) {
      assert(beliefRounds <= 1000);
      std::vector<int8_t> known(board.N);
      for (int c = 0; c < board.N; c++) known[c] = (int8_t)board.cell(c);
      beliefs.run(board.W, board.H, board.len, board.clueAt, board.clueCount, board.clues, known, beliefRounds, 0.5);
    }
    return encodeBoard(board, beliefRounds > 0 ? &beliefs : nullptr, formula) ? 1 : 0;
  }
  Cnf& cnf() override { return formula; }
  double stat(int which) override {
    const Counters& k = board.counters;
    switch (which) {
      case STAT_LINE_SOLVES: return k.lineSolves;
      case STAT_CACHE_HITS: return k.cacheHits;
      case STAT_PROBES: return k.probes;
      case STAT_PROBE_SKIPS: return k.probeSkips;
      case STAT_NODES: return k.nodes;
      case STAT_RESTARTS: return k.restarts;
      case STAT_KNOWN: return board.known();
    }
    assert(!"no such statistic");
    return -1;
  }
};

}  // namespace

extern "C" {

/**
 * A core for a width x height puzzle. `clues`: for each line (rows top to bottom, then columns
 * left to right) its number of runs, then the runs. `cacheBits`: the line cache has 2^cacheBits
 * entries. Null when a line is longer than 1022 cells.
 */
EMSCRIPTEN_KEEPALIVE Core* core_new(int width, int height, const int32_t* clues, int cacheBits) {
  const int longest = (width > height ? width : height) + 2;
  if (longest <= 64) return new CoreOf<1>(width, height, clues, cacheBits);
  if (longest <= 128) return new CoreOf<2>(width, height, clues, cacheBits);
  if (longest <= 256) return new CoreOf<4>(width, height, clues, cacheBits);
  if (longest <= 512) return new CoreOf<8>(width, height, clues, cacheBits);
  if (longest <= 1024) return new CoreOf<16>(width, height, clues, cacheBits);
  return nullptr;
}
EMSCRIPTEN_KEEPALIVE void core_delete(Core* c) { delete c; }

/** Start from these cells (Cell bytes) and propagate: a Status (CONFLICT, OPEN, SOLVED). */
EMSCRIPTEN_KEEPALIVE int core_load(Core* c, const uint8_t* cells) { return c->load(cells); }
/**
 * Propagation from these cells (Cell bytes), written back in place: the queued lines are
 * `lines[0..count)` (count < 0: every line; the rest is taken to be a fixpoint already), and
 * with `finishers` (1 per cell, or null) it stops as soon as one turns black. Status: CONFLICT
 * (cells unchanged), OPEN, SOLVED (or a finisher reached: cells part-way).
 * The search's board is left loaded with the result (use core_load to start over).
 */
EMSCRIPTEN_KEEPALIVE int core_propagate(Core* c, uint8_t* cells, const int32_t* lines, int count, const uint8_t* finishers) {
  return c->propagate(cells, lines, count, finishers);
}
/** The board's cells now. */
EMSCRIPTEN_KEEPALIVE void core_read(Core* c, uint8_t* cells) { c->read(cells); }
/** Probe to a fixpoint (facts found stay on the board): a Status. */
EMSCRIPTEN_KEEPALIVE int core_probe(Core* c, double deadline, double maxProbes) { return c->probe(deadline, maxProbes); }
/**
 * Search for up to `maxSolutions` solutions from the board: a SearchEnd (SEARCH_COMPLETE,
 * SEARCH_ENOUGH, SEARCH_STOPPED). What probing at the root finds stays on the board; everything
 * below the root is undone. `valueFirst`: a ValueFirst.
 */
EMSCRIPTEN_KEEPALIVE int core_search(Core* c, int maxSolutions, double deadline, double maxNodes, double maxProbes,
                                     double restartNodes, int valueFirst) {
  return c->search(maxSolutions, deadline, maxNodes, maxProbes, restartNodes, valueFirst);
}
EMSCRIPTEN_KEEPALIVE int core_solutions(Core* c) { return c->solutions(); }
EMSCRIPTEN_KEEPALIVE void core_solution(Core* c, int i, uint8_t* cells) { c->solution(i, cells); }
/** Binary clauses learnt by probing each open cell (see Search::implications): pairs written. */
EMSCRIPTEN_KEEPALIVE int core_implications(Core* c, int32_t* out, int maxPairs) { return c->implications(out, maxPairs); }
/** Build the CNF of the open part (1; 0 when contradictory); read it with the functions below. */
EMSCRIPTEN_KEEPALIVE int core_encode(Core* c, int beliefRounds) { return c->encode(beliefRounds); }
EMSCRIPTEN_KEEPALIVE int core_cnf_vars(Core* c) { return c->cnf().vars; }
EMSCRIPTEN_KEEPALIVE int core_cnf_clauses(Core* c) { return c->cnf().clauses; }
EMSCRIPTEN_KEEPALIVE int core_cnf_size(Core* c) { return (int)c->cnf().lits.size(); }
EMSCRIPTEN_KEEPALIVE const int32_t* core_cnf_lits(Core* c) { return c->cnf().lits.data(); }
EMSCRIPTEN_KEEPALIVE const int8_t* core_cnf_phases(Core* c) { return c->cnf().phase.data(); }
EMSCRIPTEN_KEEPALIVE const int32_t* core_cnf_cells(Core* c) { return c->cnf().cellVar.data(); }
/** Free the CNF's memory. */
EMSCRIPTEN_KEEPALIVE void core_cnf_drop(Core* c) { c->cnf() = Cnf(); }
/**
 * The line solver alone, for tests: line[0..n) cells in (Cell bytes), narrowed in place; 1, or
 * 0 when no completion fits (then `line` is unchanged); -1 when the line is too long.
 */
EMSCRIPTEN_KEEPALIVE int core_solve_line(int n, const int32_t* clue, int k, uint8_t* line) {
  if (n + 2 > 1024 || k > LineWork<16>::MAX_BLOCKS) return -1;
  static LineWork<16> work;
  Mask<16> b = Mask<16>::none(), w = Mask<16>::none(), ob, ow;
  for (int i = 0; i < n; i++) {
    if (colourOf(line[i]) == 1) b.set(i);
    if (colourOf(line[i]) == 0) w.set(i);
  }
  if (!solveLineBits<16>(n, clue, k, b, w, ob, ow, work)) return 0;
  for (int i = 0; i < n; i++) line[i] = ob.has(i) ? CELL_BLACK : ow.has(i) ? CELL_WHITE : CELL_OPEN;
  return 1;
}

#ifndef CORE_SOURCE_HASH
#define CORE_SOURCE_HASH "unknown"
#endif
/** The SHA-256 of the sources this build came from (engines/build.sh), NUL-terminated. */
EMSCRIPTEN_KEEPALIVE const char* core_source_hash() { return CORE_SOURCE_HASH; }

/** A statistic (a Stat). */
EMSCRIPTEN_KEEPALIVE double core_stat(Core* c, int which) { return c->stat(which); }

}  // extern "C"
