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
#include <math.h>

#include <vector>

#include "board.h"

extern "C" double emscripten_get_now(void);

template <int NW>
class Search {
 public:
  typedef Mask<NW> M;
  Board<NW>& b;
  int maxSolutions = 2;
  std::vector<std::vector<uint8_t>> solutions;
  double deadline = INFINITY;
  double probeLimit = INFINITY;  // stop once this many probes were made in all
  double nodeLimit = INFINITY;   // stop once this many nodes were visited in all
  double restartNodes = 0;       // 0: no restarts
  double noise = 0.5;            // relative noise in branching scores of randomized runs
  int valueFirst = FIRST_WHITE;  // a ValueFirst: which colour a branch tries first
  bool stopped = false;

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
    for (;;) {
      bool changed = false;
      for (int r = 0; r < b.H; r++) {
        const M open = M::first(b.W).minus(b.black[r] | b.white[r]);
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
      if (!changed) return b.known == b.N ? SOLVED : OPEN;
    }
  }

  /** The search from the board's state (a probing fixpoint or not): SEARCH_COMPLETE, SEARCH_ENOUGH or SEARCH_STOPPED. */
  SearchEnd run() {
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
    int n = 0;
    for (int c = 0; c < b.N && n < maxPairs; c++) {
      if (b.cell(c) >= 0) continue;
      for (int v = 1; v >= 0 && n < maxPairs; v--) {
        const int not_x = v ? -(c + 1) : c + 1;
        b.tentative = true;
        const auto m = b.mark();
        b.fix(c, v);
        if (b.propagate() == CONFLICT) {
          out[2 * n] = not_x;
          out[2 * n + 1] = 0;
          n++;
        } else {
          b.forChangedSince(m, [&](int l, const M& oldB, const M& oldW) {
            if (l >= b.H) return;  // every cell lies in one row: rows say it all
            b.black[l].minus(oldB).forEach([&](int x) {
              const int y = l * b.W + x;
              if (y != c && n < maxPairs) {
                out[2 * n] = not_x;
                out[2 * n + 1] = y + 1;
                n++;
              }
            });
            b.white[l].minus(oldW).forEach([&](int x) {
              const int y = l * b.W + x;
              if (y != c && n < maxPairs) {
                out[2 * n] = not_x;
                out[2 * n + 1] = -(y + 1);
                n++;
              }
            });
          });
        }
        b.undoTo(m);
        b.tentative = false;
      }
    }
    return n;
  }

  /** The board as a solution: 1 black, 0 white per cell; recorded once. */
  void record() {
    std::vector<uint8_t> g(b.N);
    for (int r = 0; r < b.H; r++)
      for (int x = 0; x < b.W; x++) g[r * b.W + x] = b.black[r].has(x) ? 1 : 0;
    for (const auto& s : solutions)
      if (s == g) return;
    solutions.push_back(g);
  }

 private:
  int lineWords;
  std::vector<uint64_t> probedAt;  // per cell: the clock when its probe was valid (0: never)
  std::vector<int> gainBlack, gainWhite;
  std::vector<uint64_t> probeLines;  // per cell, the lines its probe solved
  struct Snap {
    int line;
    M b, w;
  };
  std::vector<Snap> snap;
  std::vector<int> snapAt;
  double budget = INFINITY, runNodes = 0;
  bool randomize = false, flipValue = false;
  uint64_t rng = 0x9E3779B97F4A7C15ull;

  bool outOfTime() {
    if (b.counters.probes >= probeLimit) stopped = true;
    else if (((long long)b.counters.probes & 31) == 0 && emscripten_get_now() >= deadline) stopped = true;
    return stopped;
  }

  bool valid(int c) const {
    if (probedAt[c] == 0 || probeLines.empty()) return false;
    const uint64_t at = probedAt[c];
    const uint64_t* lines = &probeLines[(size_t)c * lineWords];
    for (int i = 0; i < lineWords; i++) {
      uint64_t x = lines[i];
      while (x) {
        const int l = 64 * i + __builtin_ctzll(x);
        if (b.changedAt[l] > at) return false;
        x &= x - 1;
      }
    }
    return true;
  }

  /** Probe one open cell. CONFLICT: neither colour fits; SOLVED: enough solutions, or the board is full. */
  Status probe(int c, bool& changed) {
    b.counters.probes++;
    const int known0 = b.known;
    for (auto& t : b.touched) t = 0;
    b.touching = true;
    b.tentative = true;
    // Black.
    auto m = b.mark();
    b.fix(c, 1);
    const Status ob = b.propagate();
    const int knownB = b.known;
    if (ob != CONFLICT) {
      if (ob == SOLVED) record();
      b.forChangedSince(m, [&](int l, const M&, const M&) {
        snapAt[l] = (int)snap.size();
        snap.push_back(Snap{l, b.black[l], b.white[l]});
      });
    }
    b.undoTo(m);
    Status result = OPEN;
    if (enough()) {
      b.touching = b.tentative = false;
      clearSnap();
      return SOLVED;
    }
    // White.
    m = b.mark();
    b.fix(c, 0);
    const Status ow = b.propagate();
    const int knownW = b.known;
    if (ow == SOLVED) record();
    b.touching = false;
    if (!probeLines.empty()) {
      uint64_t* lines = &probeLines[(size_t)c * lineWords];
      for (int i = 0; i < lineWords; i++) lines[i] = b.touched[i];
    }
    gainBlack[c] = knownB - known0;
    gainWhite[c] = knownW - known0;
    if (ob == CONFLICT && ow == CONFLICT) {
      b.undoTo(m);
      b.tentative = false;
      result = CONFLICT;
    } else if (ob == CONFLICT) {
      // White holds: keep its changes (on the trail, so an enclosing undo removes them).
      b.tentative = false;
      b.forChangedSince(m, [&](int l, const M&, const M&) { b.stamp(l); });
      changed = true;
    } else if (ow == CONFLICT) {
      b.undoTo(m);
      b.tentative = false;
      for (const Snap& s : snap) {
        b.save(s.line);
        b.black[s.line] = s.b;
        b.white[s.line] = s.w;
        b.stamp(s.line);
      }
      b.known = knownB;
      changed = true;
    } else {
      // Both fit: keep what both fixpoints know. Only lines both changed can gain.
      common.clear();
      b.forChangedSince(m, [&](int l, const M& oldB, const M& oldW) {
        const int at = snapAt[l];
        if (at < 0) return;
        const M nb = snap[at].b & b.black[l], nw = snap[at].w & b.white[l];
        if (nb != oldB || nw != oldW) common.push_back(Snap{l, nb, nw});
      });
      b.undoTo(m);
      b.tentative = false;
      for (const Snap& s : common) {
        if (s.line < b.H) b.known += s.b.minus(b.black[s.line]).count() + s.w.minus(b.white[s.line]).count();
        b.save(s.line);
        b.black[s.line] = s.b;
        b.white[s.line] = s.w;
        b.stamp(s.line);
      }
      if (!common.empty()) changed = true;
    }
    // The probe's findings hold for the state it leaves (facts it added change neither fixpoint).
    probedAt[c] = ++b.clock;
    clearSnap();
    if (result == CONFLICT) return CONFLICT;
    return b.known == b.N || enough() ? SOLVED : OPEN;
  }
  std::vector<Snap> common;

  void clearSnap() {
    for (const Snap& s : snap) snapAt[s.line] = -1;
    snap.clear();
  }

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
      const M open = M::first(b.W).minus(b.black[r] | b.white[r]);
      open.forEach([&](int x) {
        const int c = r * b.W + x;
        const double s = score(c);
        if (s > bestScore) {
          bestScore = s;
          best = c;
        }
      });
    }
    return best;
  }

  int firstColour(int c) const {
    int v = valueFirst == FIRST_BY_GAIN ? (gainBlack[c] >= gainWhite[c] ? 1 : 0) : valueFirst == FIRST_BLACK ? 1 : 0;
    return flipValue ? 1 - v : v;
  }

  static double luby(long long i) {
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
      const int v = k == 0 ? first : 1 - first;
      const auto m = b.mark();
      b.fix(c, v);
      const Status o = b.propagate();
      const SearchEnd e = o == CONFLICT ? SEARCH_COMPLETE : o == SOLVED ? leaf() : dfs();
      b.undoTo(m);
      if (e != SEARCH_COMPLETE) return e;
    }
    return SEARCH_COMPLETE;
  }
};
