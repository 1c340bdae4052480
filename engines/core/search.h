// Probing and a depth-first search on a Board.
//
// Probing: for an open cell, propagate "black" and "white" in turn (tentatively, undone through
// the trail). A colour that ends in a conflict proves the other; otherwise the facts both
// fixpoints share are implied and kept (the intersection of two fixpoints is itself one). A probe
// remembers the lines it solved and the clock when it ran: while none of those lines changes, it
// would find exactly the same and is skipped. A pass over every open cell repeats until it
// changes nothing.
//
// Search: probing to a fixpoint at every node, then a branch on the open cell whose two probes
// fixed the most (see `score`), each branch propagated, depth first. Solutions are recorded
// until `maxSolutions` distinct ones are known; a search that ends SEARCH_COMPLETE explored the
// whole tree, so the recorded solutions are all there are. Runs restart after a node budget that
// follows the Luby sequence (1 1 2 1 1 2 4 ...) times `restartNodes`, with random noise in the
// branching scores from the third run on; a run that finishes within its budget is complete.
//
// Call order: construct over a Board whose root fixpoint is loaded; set the limits; then any of
// `probeAll`, `run`, `implications` (each leaves the board at its root state, probing may add
// facts to it).
#pragma once
#include <assert.h>
#include <math.h>

#include <vector>

#include "board.h"

extern "C" double emscripten_get_now(void);

template <int NW>
class Search {
 public:
  typedef Mask<NW> M;
  typedef typename Board<NW>::Mark Mark;
  Board<NW>& b;  // the board searched; its root state is the caller's
  // Limits and settings, set by the caller before each call.
  int maxSolutions = 2;          // stop once this many distinct solutions are recorded, >= 1
  double deadline = INFINITY;    // emscripten_get_now() time (ms) to stop at
  double probeLimit = INFINITY;  // stop once this many probes were made in all, >= 0
  double nodeLimit = INFINITY;   // stop once this many nodes were visited in all, >= 0
  double restartNodes = 0;       // run budget unit in nodes, >= 0; 0: no restarts
  double noise = 0.5;            // relative noise in branching scores of randomized runs, >= 0
  int valueFirst = FIRST_WHITE;  // a ValueFirst: which colour a branch tries first
  // Results.
  std::vector<std::vector<uint8_t>> solutions;  // distinct, N cells each (1 black, 0 white), at most maxSolutions
  bool stopped = false;                         // a limit ended the last call

  Search(Board<NW>& board) : b(board) {
    const int N = b.N;
    lineWords = (b.L + 63) / 64;
    probedAt.assign(N, 0);
    gainBlack.assign(N, 0);
    gainWhite.assign(N, 0);
    // Remembering each probe's lines costs N * L bits; past 64 MiB probes are never skipped.
    if ((double)N * lineWords * 8 <= 64.0 * (1 << 20)) probeLines.assign((size_t)N * lineWords, 0);
    snapAt.assign(b.L, -1);
  }

  bool enough() const { return (int)solutions.size() >= maxSolutions; }

  /** Probe every open cell until a pass changes nothing: CONFLICT, OPEN, SOLVED, or STOPPED. */
  Status probeAll() {
    assert(!b.isTentative());
    for (;;) {
      bool changed = false;
      for (int r = 0; r < b.H; r++) {
        const M open = b.openOf(r);
        if (open.empty()) continue;
        Status end = OPEN;  // OPEN while the pass goes on; else how it ends
        open.forEach([&](int x) {
          if (end != OPEN) return;
          const int c = r * b.W + x;
          if (b.cell(c) >= 0) return;  // fixed by an earlier probe of this pass
          if (valid(c)) {
            b.counters.probeSkips++;
            return;
          }
          if (outOfTime()) {
            end = STOPPED;
            return;
          }
          const Status o = probe(c, changed);
          if (o == CONFLICT || o == SOLVED) end = o;
        });
        if (end != OPEN) return end;
      }
      if (!changed) return b.solved() ? SOLVED : OPEN;
    }
  }

  /** The search from the board's state (a probing fixpoint or not): SEARCH_COMPLETE, SEARCH_ENOUGH or SEARCH_STOPPED. */
  SearchEnd run() {
    assert(maxSolutions >= 1 && restartNodes >= 0);
    assert(valueFirst == FIRST_WHITE || valueFirst == FIRST_BLACK || valueFirst == FIRST_BY_GAIN);
    for (long long round = 0;; round++) {
      budget = restartNodes > 0 ? restartNodes * luby(round) : INFINITY;
      runNodes = 0;
      randomize = round >= 2;
      flipValue = round % 2 == 1;
      const SearchEnd e = dfs();
      if (e == SEARCH_RESTART) {
        b.counters.restarts++;
        continue;
      }
      return e;
    }
  }

  /**
   * Binary clauses "cell x has colour v -> cell y has colour u" from propagating each colour of
   * each open cell, as literal pairs (cell c black is c + 1, white -(c + 1)); a colour that
   * conflicts gives the unit clause of the other, written as the pair (lit, 0). Writes at most
   * `maxPairs` pairs; returns how many.
   */
  int implications(int32_t* out, int maxPairs) {
    assert(maxPairs >= 0 && (out || maxPairs == 0) && !b.isTentative());
    int n = 0;
    auto pair = [&](int32_t x, int32_t y) {
      assert(n < maxPairs);
      out[2 * n] = x;
      out[2 * n + 1] = y;
      n++;
    };
    for (int c = 0; c < b.N && n < maxPairs; c++) {
      if (b.cell(c) >= 0) continue;
      for (int v = 1; v >= 0 && n < maxPairs; v--) {
        const int not_x = v ? -(c + 1) : c + 1;
        b.beginTentative();
        const auto m = b.mark();
        b.fix(c, v);
        if (b.propagate() == CONFLICT) {
          pair(not_x, 0);
        } else {
          b.forChangedSince(m, [&](int l, const M& oldB, const M& oldW) {
            if (l >= b.H) return;  // every cell lies in one row: rows say it all
            b.blackOf(l).minus(oldB).forEach([&](int x) {
              const int y = l * b.W + x;
              if (y != c && n < maxPairs) pair(not_x, y + 1);
            });
            b.whiteOf(l).minus(oldW).forEach([&](int x) {
              const int y = l * b.W + x;
              if (y != c && n < maxPairs) pair(not_x, -(y + 1));
            });
          });
        }
        b.undoTo(m);
        b.endTentative();
      }
    }
    return n;
  }

  /** The board, solved, as a solution: 1 black, 0 white per cell; recorded once. */
  void record() {
    assert(b.solved());
    std::vector<uint8_t> g(b.N);
    for (int r = 0; r < b.H; r++)
      for (int x = 0; x < b.W; x++) g[r * b.W + x] = b.blackOf(r).has(x) ? 1 : 0;
    for (const auto& s : solutions)
      if (s == g) return;
    solutions.push_back(g);
  }

 private:
  int lineWords;                     // (L + 63) / 64
  std::vector<uint64_t> probedAt;    // per cell: the clock when its probe was valid (0: never)
  std::vector<int> gainBlack;        // per cell: cells its last probe's black fixpoint fixed (0: none yet)
  std::vector<int> gainWhite;        // per cell: the same for white, 0..N
  std::vector<uint64_t> probeLines;  // per cell, lineWords words: the lines its probe solved; empty when too large
  struct Snap {
    int line;  // 0..L-1
    M b, w;    // its black and white cells in a fixpoint
  };
  std::vector<Snap> snap;    // during a probe: the lines the black fixpoint changed, as it left them
  std::vector<int> snapAt;   // per line: its index in `snap`, -1 when not there
  std::vector<Snap> common;  // during a probe: lines whose cells both fixpoints add
  double budget = INFINITY;  // this run's node budget, >= 1 (INFINITY: no restarts)
  double runNodes = 0;       // nodes of this run, 0..budget + 1
  bool randomize = false;    // noise in the branching scores (from the third run on)
  bool flipValue = false;    // the other colour first (odd runs)
  uint64_t rng = 0x9E3779B97F4A7C15ull;  // xorshift64 state, never 0

  bool outOfTime() {
    if (b.counters.probes >= probeLimit) stopped = true;
    else if (((long long)b.counters.probes & 31) == 0 && emscripten_get_now() >= deadline) stopped = true;
    return stopped;
  }

  bool valid(int c) const {
    assert(c >= 0 && c < b.N);
    if (probedAt[c] == 0 || probeLines.empty()) return false;
    const uint64_t at = probedAt[c];
    const uint64_t* lines = &probeLines[(size_t)c * lineWords];
    for (int i = 0; i < lineWords; i++) {
      uint64_t x = lines[i];
      while (x) {
        const int l = 64 * i + __builtin_ctzll(x);
        if (b.changedAt(l) > at) return false;
        x &= x - 1;
      }
    }
    return true;
  }

  // ---- a probe, step by step ---------------------------------------------------------------
  /** What one colour of a probe came to: how its propagation ended, and the cells then known. */
  struct Trial {
    Status status;
    int known;
  };

  /**
   * Probe one open cell: try black, then white, and keep what the two outcomes prove.
   * CONFLICT: neither colour fits; SOLVED: enough solutions, or the board is full; OPEN
   * otherwise. `changed` is set when the board learnt a fact.
   */
  Status probe(int c, bool& changed) {
    assert(b.cell(c) < 0 && snap.empty());
    b.counters.probes++;
    const int known0 = b.known();
    b.startTouching();
    b.beginTentative();
    const Trial black = tryBlack(c);
    if (enough()) return abandonProbe();
    const auto m = b.mark();
    const Trial white = tryWhite(c);
    b.stopTouching();
    rememberProbe(c, black.known - known0, white.known - known0);
    Status result = OPEN;
    if (black.status == CONFLICT && white.status == CONFLICT) result = refute(m);
    else if (black.status == CONFLICT) keepWhite(m, changed);
    else if (white.status == CONFLICT) keepBlack(m, black.known, changed);
    else keepCommon(m, changed);
    // The probe's findings hold for the state it leaves (facts it added change neither fixpoint).
    probedAt[c] = b.tick();
    clearSnap();
    assert(b.consistent() && !b.isTentative());
    if (result == CONFLICT) return CONFLICT;
    return b.solved() || enough() ? SOLVED : OPEN;
  }

  /** Propagate c black, snapshot the lines it changed (in `snap`), and undo it. */
  Trial tryBlack(int c) {
    const auto m = b.mark();
    b.fix(c, 1);
    const Trial t{b.propagate(), b.known()};
    if (t.status != CONFLICT) {
      if (t.status == SOLVED) record();
      b.forChangedSince(m, [&](int l, const M&, const M&) {
        snapAt[l] = (int)snap.size();
        snap.push_back(Snap{l, b.blackOf(l), b.whiteOf(l)});
      });
    }
    b.undoTo(m);
    return t;
  }

  /** Propagate c white and leave the board at that fixpoint (on the trail since the open mark). */
  Trial tryWhite(int c) {
    b.fix(c, 0);
    const Trial t{b.propagate(), b.known()};
    if (t.status == SOLVED) record();
    return t;
  }

  /** Black found enough solutions: the probe ends there, the board as it was. */
  Status abandonProbe() {
    b.stopTouching();
    b.endTentative();
    clearSnap();
    return SOLVED;
  }

  /** What a probe of c saw, for skipping it later and for scoring a branch on c. */
  void rememberProbe(int c, int gainB, int gainW) {
    if (!probeLines.empty()) {
      uint64_t* lines = &probeLines[(size_t)c * lineWords];
      for (int i = 0; i < lineWords; i++) lines[i] = b.touchedLines()[i];
    }
    gainBlack[c] = gainB;
    gainWhite[c] = gainW;
  }

  /** Neither colour fits: undo white; the board is contradictory. */
  Status refute(const Mark& m) {
    b.undoTo(m);
    b.endTentative();
    return CONFLICT;
  }

  /** Black conflicts, so white holds: keep its fixpoint. */
  void keepWhite(const Mark& m, bool& changed) {
    b.endTentative();
    b.keep(m);
    changed = true;
  }

  /** White conflicts, so black holds: undo white and put back black's fixpoint from `snap`. */
  void keepBlack(const Mark& m, int knownB, bool& changed) {
    b.undoTo(m);
    b.endTentative();
    for (const Snap& s : snap) b.assignLine(s.line, s.b, s.w);
    assert(b.known() == knownB);
    (void)knownB;
    changed = true;
  }

  /** Both colours fit: keep what both fixpoints know. Only lines both changed can gain. */
  void keepCommon(const Mark& m, bool& changed) {
    common.clear();
    b.forChangedSince(m, [&](int l, const M& oldB, const M& oldW) {
      const int at = snapAt[l];
      if (at < 0) return;
      const M nb = snap[at].b & b.blackOf(l), nw = snap[at].w & b.whiteOf(l);
      if (nb != oldB || nw != oldW) common.push_back(Snap{l, nb, nw});
    });
    b.undoTo(m);
    b.endTentative();
    for (const Snap& s : common) b.assignLine(s.line, s.b, s.w);
    if (!common.empty()) changed = true;
  }

  void clearSnap() {
    for (const Snap& s : snap) snapAt[s.line] = -1;
    snap.clear();
  }

  // ---- the search --------------------------------------------------------------------------
  double random01() {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) * (1.0 / 9007199254740992.0);
  }

  /**
   * How good a branch on a cell is, from what its two probes fixed: both branches should fix
   * much (the smaller gain first), and a lopsided pair a little more (one side likely fails fast).
   */
  double score(int c) {
    const double a = gainBlack[c], w = gainWhite[c];
    double s = (a < w ? a : w) + 1.5 * log1p(fabs(a - w));
    if (randomize) s *= 1 + noise * random01();
    return s;
  }

  int chooseCell() {
    int best = -1;
    double bestScore = -1;
    for (int r = 0; r < b.H; r++) {
      b.openOf(r).forEach([&](int x) {
        const int c = r * b.W + x;
        const double s = score(c);
        if (s > bestScore) {
          bestScore = s;
          best = c;
        }
      });
    }
    assert(best >= 0 && b.cell(best) < 0);
    return best;
  }

  int firstColour(int c) const {
    int v = valueFirst == FIRST_BY_GAIN ? (gainBlack[c] >= gainWhite[c] ? 1 : 0) : valueFirst == FIRST_BLACK ? 1 : 0;
    return flipValue ? 1 - v : v;
  }

  static double luby(long long i) {
    assert(i >= 0);
    // The i-th term (from 0) of 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
    long long size = 1, seq = 0;
    while (size < i + 1) {
      seq++;
      size = 2 * size + 1;
    }
    while (size - 1 != i) {
      size = (size - 1) >> 1;
      seq--;
      i = i % size;
    }
    return (double)(1ll << seq);
  }

  /** A solved board: record it; the subtree is explored unless that was enough. */
  SearchEnd leaf() {
    record();
    return enough() ? SEARCH_ENOUGH : SEARCH_COMPLETE;
  }

  /** One node: probe to a fixpoint, then branch on the best open cell, each colour in turn. */
  SearchEnd dfs() {
    b.counters.nodes++;
    if (b.counters.nodes > nodeLimit) {
      stopped = true;
      return SEARCH_STOPPED;
    }
    if (++runNodes > budget) return SEARCH_RESTART;
    const Status p = probeAll();
    if (p == STOPPED) return SEARCH_STOPPED;
    if (p == CONFLICT) return SEARCH_COMPLETE;
    if (enough()) return SEARCH_ENOUGH;
    if (p == SOLVED) return leaf();
    const int c = chooseCell();
    const int first = firstColour(c);
    for (int k = 0; k < 2; k++) {
      const SearchEnd e = branch(c, k == 0 ? first : 1 - first);
      if (e != SEARCH_COMPLETE) return e;
    }
    return SEARCH_COMPLETE;
  }

  /** Set open cell c to v, propagate, and search below; the board is restored after. */
  SearchEnd branch(int c, int v) {
    const auto m = b.mark();
    b.fix(c, v);
    const Status o = b.propagate();
    const SearchEnd e = o == CONFLICT ? SEARCH_COMPLETE : o == SOLVED ? leaf() : dfs();
    b.undoTo(m);
    return e;
  }
};
