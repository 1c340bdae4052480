// The board of a nonogram search: every line's known black and known white cells as bit sets
// (rows 0..H-1, then columns H..H+W-1: each cell is held twice, once in its row and once in its
// column), propagation to a fixpoint with a cache of line results, and a trail to undo changes.
//
// Call order: construct; `reset()` then `fix()` for the given cells (or `load()`); `propagate()`.
// Changes after a `mark()` are undone by `undoTo(mark)`; marks nest like a stack. Every change of
// a line outside a tentative stretch (`tentative = true`, used by probing) is stamped with a
// fresh clock value, so that work computed from some lines can tell whether they changed since.
#pragma once
#include <stdint.h>
#include <string.h>

#include <vector>

#include "abi.h"
#include "line_solver.h"

struct Counters {
  double lineSolves = 0, cacheHits = 0, probes = 0, probeSkips = 0, nodes = 0, restarts = 0;
};

template <int NW>
class Board {
 public:
  typedef Mask<NW> M;
  int W, H, L, N;
  std::vector<int> len, clueAt, clueCount, clues;
  std::vector<M> black, white;
  int known = 0;
  bool tentative = false;
  /** Collect the lines solved while `touching` is set (probing wants to know which). */
  bool touching = false;
  std::vector<uint64_t> touched;  // L bits
  uint64_t clock = 1;
  std::vector<uint64_t> changedAt;  // per line: clock of its last stamped change
  Counters counters;

  Board(int width, int height, const int* clueData, int cacheBits) : W(width), H(height), L(width + height), N(width * height) {
    len.resize(L);
    clueAt.resize(L);
    clueCount.resize(L);
    const int* p = clueData;
    for (int l = 0; l < L; l++) {
      len[l] = l < H ? W : H;
      clueCount[l] = *p++;
      clueAt[l] = (int)clues.size();
      for (int j = 0; j < clueCount[l]; j++) clues.push_back(*p++);
    }
    black.assign(L, M::none());
    white.assign(L, M::none());
    queue.assign(L, 0);
    queued.assign(L, 0);
    savedIn.assign(L, 0);
    touched.assign((L + 63) / 64, 0);
    changedAt.assign(L, 0);
    cache.resize(size_t(1) << cacheBits);
    cacheMask = (uint64_t(1) << cacheBits) - 1;
    for (auto& e : cache) e.line = -1;
  }

  // ---- cells -------------------------------------------------------------------------------
  /** -1 open, 0 white, 1 black. */
  int cell(int c) const {
    const int r = c / W, x = c % W;
    return black[r].has(x) ? 1 : white[r].has(x) ? 0 : -1;
  }
  void reset() {
    for (int l = 0; l < L; l++) black[l] = white[l] = M::none();
    known = 0;
    trail.clear();
    clearQueue();
    for (int l = 0; l < L; l++) changedAt[l] = ++clock;
  }
  /** Set open cell c to v (1 black) without queueing its lines (loading a state). */
  void place(int c, int v) {
    const int r = c / W, x = c % W, col = H + x;
    if (v) {
      black[r].set(x);
      black[col].set(r);
    } else {
      white[r].set(x);
      white[col].set(r);
    }
    known++;
  }
  /** Queue line l for propagation. */
  void enqueue(int l) { push(l); }
  /**
   * Cells whose turning black ends a propagation at once (per line, as `black` is; empty: none):
   * the caller knows any state with one of them black is solved.
   */
  std::vector<M> finishers;

  /** Set open cell c to v (1 black) and queue its two lines. */
  void fix(int c, int v) {
    const int r = c / W, col = H + c % W;
    save(r);
    save(col);
    place(c, v);
    stamp(r);
    stamp(col);
    push(r);
    push(col);
  }
  void queueAll() {
    for (int l = 0; l < L; l++) push(l);
  }

  // ---- propagation -------------------------------------------------------------------------
  /**
   * Solve queued lines until nothing changes: CONFLICT (queue cleared) or OPEN / SOLVED; with
   * `finishers`, SOLVED as soon as one of them would turn black (the board then part-way: the
   * caller knows such a state finishes).
   */
  Status propagate() {
    while (count) {
      const int l = pop();
      if (touching) touched[l >> 6] |= 1ull << (l & 63);
      M ob, ow;
      if (!solve(l, black[l], white[l], ob, ow)) {
        clearQueue();
        return CONFLICT;
      }
      const M nb = ob.minus(black[l]), nw = ow.minus(white[l]);
      if (nb.empty() && nw.empty()) continue;
      if (!finishers.empty() && !(nb & finishers[l]).empty()) {
        clearQueue();
        return SOLVED;
      }
      save(l);
      black[l] |= nb;
      white[l] |= nw;
      known += nb.count() + nw.count();
      stamp(l);
      const bool row = l < H;
      const int at = row ? l : l - H;
      nb.forEach([&](int i) {
        const int x = row ? H + i : i;
        save(x);
        black[x].set(at);
        stamp(x);
        push(x);
      });
      nw.forEach([&](int i) {
        const int x = row ? H + i : i;
        save(x);
        white[x].set(at);
        stamp(x);
        push(x);
      });
    }
    return known == N ? SOLVED : OPEN;
  }

  /** The line solver through the cache. */
  bool solve(int l, const M& b, const M& w, M& ob, M& ow) {
    Entry& e = cache[hash(l, b, w) & cacheMask];
    if (e.line == l && e.b == b && e.w == w) {
      counters.cacheHits++;
      ob = e.ob;
      ow = e.ow;
      return e.ok;
    }
    counters.lineSolves++;
    const bool ok = solveLineBits<NW>(len[l], &clues[clueAt[l]], clueCount[l], b, w, ob, ow, work);
    e.line = l;
    e.b = b;
    e.w = w;
    e.ob = ob;
    e.ow = ow;
    e.ok = ok;
    return ok;
  }
  /** The line solver without the cache, leaving each block's real starts in `work.starts`. */
  bool solveFresh(int l, M& ob, M& ow) {
    return solveLineBits<NW>(len[l], &clues[clueAt[l]], clueCount[l], black[l], white[l], ob, ow, work);
  }
  LineWork<NW> work;

  // ---- trail -------------------------------------------------------------------------------
  struct Mark {
    size_t trail;
    int known;
  };
  Mark mark() {
    frame++;
    return Mark{trail.size(), known};
  }
  /** Restore every line changed since `m`. Outside tentative stretches, restored lines are stamped. */
  void undoTo(const Mark& m) {
    for (size_t i = trail.size(); i-- > m.trail;) {
      const Saved& s = trail[i];
      black[s.line] = s.b;
      white[s.line] = s.w;
      stamp(s.line);
    }
    trail.resize(m.trail);
    known = m.known;
    frame++;
  }
  /**
   * The lines changed since `m`, each once, with their contents at `m`.
   * require: no other mark was taken since `m`.
   */
  template <class F>
  void forChangedSince(const Mark& m, F f) {
    for (size_t i = m.trail; i < trail.size(); i++) f(trail[i].line, trail[i].b, trail[i].w);
  }

  void save(int l) {
    if (savedIn[l] == frame) return;
    savedIn[l] = frame;
    trail.push_back(Saved{l, black[l], white[l]});
  }
  void stamp(int l) {
    if (!tentative) changedAt[l] = ++clock;
  }

  void clearQueue() {
    for (int i = 0; i < count; i++) queued[queue[(head + i) % L]] = 0;
    head = count = 0;
  }

 private:
  struct Saved {
    int line;
    M b, w;
  };
  std::vector<Saved> trail;
  std::vector<uint32_t> savedIn;
  uint32_t frame = 1;

  std::vector<int> queue;
  std::vector<uint8_t> queued;
  int head = 0, count = 0;
  void push(int l) {
    if (queued[l]) return;
    queued[l] = 1;
    int at = head + count;
    if (at >= L) at -= L;
    queue[at] = l;
    count++;
  }
  int pop() {
    const int l = queue[head];
    if (++head == L) head = 0;
    count--;
    queued[l] = 0;
    return l;
  }

  struct Entry {
    int line, ok;
    M b, w, ob, ow;
  };
  std::vector<Entry> cache;
  uint64_t cacheMask;
  static uint64_t hash(int l, const M& b, const M& w) {
    uint64_t h = (uint64_t)(l + 1) * 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < NW; i++) {
      h ^= b.w[i] + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
      h ^= (w.w[i] * 0xC2B2AE3D27D4EB4Full) + (h << 6) + (h >> 2);
    }
    return h ^ (h >> 31);
  }
};
