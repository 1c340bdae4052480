// The board of a nonogram search: every line's known black and known white cells as bit sets
// (rows 0..H-1, then columns H..H+W-1: each cell is held twice, once in its row and once in its
// column), propagation to a fixpoint with a cache of line results, and a trail to undo changes.
// The board's state changes only through the operations below, which keep its invariants (see
// `consistent()`): a line's cells lie within its width, no cell is both black and white, a row
// and a column agree on the cell they share, and `known()` counts the cells known.
//
// Call order: construct; `reset()` then `fix()` for the given cells (or `place()` and
// `enqueue()`); `propagate()`. A `mark()` is closed by `undoTo(mark)` (the changes since are
// undone) or by `keep(mark)` (they stay, and an enclosing undo removes them); marks nest like a
// stack. Every change of a line outside a tentative stretch (`beginTentative()` to
// `endTentative()`, used by probing) is stamped with a fresh clock value, so that work computed
// from some lines can tell whether they changed since.
#pragma once
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include <vector>

#include "abi.h"
#include "line_solver.h"

/** What the core counted since it was made (each a whole number from 0, exact up to 2^53). */
struct Counters {
  double lineSolves = 0;  // line solver runs (the cache missed)
  double cacheHits = 0;   // line solves the cache answered
  double probes = 0;      // cells probed
  double probeSkips = 0;  // probes skipped as still valid
  double nodes = 0;       // search nodes
  double restarts = 0;    // search restarts
};

template <int NW>
class Board {
 public:
  typedef Mask<NW> M;
  // The puzzle, fixed by the constructor.
  const int W, H;  // width and height, each 0..64 * NW - 2
  const int L, N;  // lines W + H (rows first), cells W * H (row-major)
  std::vector<int> len;        // per line: its cells, W for a row and H for a column
  std::vector<int> clueAt;     // per line: the index in `clues` of its first run
  std::vector<int> clueCount;  // per line: its runs, 0..(len + 1) / 2
  std::vector<int> clues;      // every line's runs in line order, each >= 1; a line's runs fit it
  Counters counters;
  LineWork<NW> work;  // the line solver's scratch; `work.starts` as `solveFresh` left it

  Board(int width, int height, const int* clueData, int cacheBits)
      : W(width), H(height), L(width + height), N(width * height) {
    assert(width >= 0 && width + 2 <= 64 * NW && height >= 0 && height + 2 <= 64 * NW);
    assert(cacheBits >= 0 && cacheBits <= 30);
    len.resize(L);
    clueAt.resize(L);
    clueCount.resize(L);
    const int* p = clueData;
    for (int l = 0; l < L; l++) {
      len[l] = l < H ? W : H;
      clueCount[l] = *p++;
      clueAt[l] = (int)clues.size();
      int used = clueCount[l] - 1;
      for (int j = 0; j < clueCount[l]; j++) {
        clues.push_back(*p++);
        used += clues.back();
        assert(clues.back() >= 1);
      }
      assert(used <= len[l]);
      (void)used;
    }
    black.assign(L, M::none());
    white.assign(L, M::none());
    queue.assign(L, 0);
    queued.assign(L, 0);
    savedIn.assign(L, 0);
    touched.assign((L + 63) / 64, 0);
    lineClock.assign(L, 0);
    cache.resize(size_t(1) << cacheBits);
    cacheMask = (uint64_t(1) << cacheBits) - 1;
    for (auto& e : cache) e.line = -1;
  }

  // ---- reading -----------------------------------------------------------------------------
  /** -1 open, 0 white, 1 black. */
  int cell(int c) const {
    assert(c >= 0 && c < N);
    const int r = c / W, x = c % W;
    return black[r].has(x) ? 1 : white[r].has(x) ? 0 : -1;
  }
  /** Line l's cells known black, known white, open. */
  const M& blackOf(int l) const {
    assert(l >= 0 && l < L);
    return black[l];
  }
  const M& whiteOf(int l) const {
    assert(l >= 0 && l < L);
    return white[l];
  }
  M openOf(int l) const {
    assert(l >= 0 && l < L);
    return M::first(len[l]).minus(black[l] | white[l]);
  }
  int known() const { return knownCells; }
  bool solved() const { return knownCells == N; }
  bool isTentative() const { return tentative; }
  /** The clock of line l's last stamped change. */
  uint64_t changedAt(int l) const {
    assert(l >= 0 && l < L);
    return lineClock[l];
  }
  /** A fresh clock value, later than every stamp so far. */
  uint64_t tick() { return ++clock; }
  /** The lines solved since `startTouching()`, as (L + 63) / 64 words of bits. */
  const uint64_t* touchedLines() const { return touched.data(); }

  /**
   * The invariants (for asserts): lines within their widths, no cell both black and white, rows
   * and columns agree, `known()` counts the rows' cells.
   */
  bool consistent() const {
    int count = 0;
    for (int l = 0; l < L; l++) {
      if (!black[l].within(len[l]) || !white[l].within(len[l]) || !(black[l] & white[l]).empty()) return false;
      if (l < H) count += black[l].count() + white[l].count();
    }
    for (int r = 0; r < H; r++)
      for (int x = 0; x < W; x++)
        if (black[r].has(x) != black[H + x].has(r) || white[r].has(x) != white[H + x].has(r)) return false;
    return count == knownCells;
  }

  // ---- cells -------------------------------------------------------------------------------
  void reset() {
    assert(openMarks.empty() && !tentative && !touching);
    for (int l = 0; l < L; l++) black[l] = white[l] = M::none();
    knownCells = 0;
    trail.clear();
    clearQueue();
    for (int l = 0; l < L; l++) lineClock[l] = ++clock;
  }
  /** Set open cell c to v (1 black) without queueing its lines (loading a state). */
  void place(int c, int v) {
    assert(cell(c) < 0 && (v == 0 || v == 1));
    const int r = c / W, x = c % W, col = H + x;
    if (v) {
      black[r].set(x);
      black[col].set(r);
    } else {
      white[r].set(x);
      white[col].set(r);
    }
    knownCells++;
  }
  /** Queue line l for propagation. */
  void enqueue(int l) {
    assert(l >= 0 && l < L);
    push(l);
  }
  /** Set open cell c to v (1 black) and queue its two lines. */
  void fix(int c, int v) {
    assert(c >= 0 && c < N);
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
  /**
   * Line l learns cells: it becomes black `nb`, white `nw`, which hold what it holds. The
   * crossing lines are not told: the caller assigns every line whose cells change, rows and
   * columns alike, so that they agree again when it is done (`known()` counts the rows').
   */
  void assignLine(int l, const M& nb, const M& nw) {
    assert(l >= 0 && l < L);
    assert(black[l].subsetOf(nb) && white[l].subsetOf(nw) && (nb & nw).empty() && nb.within(len[l]) && nw.within(len[l]));
    if (l < H) knownCells += nb.minus(black[l]).count() + nw.minus(white[l]).count();
    save(l);
    black[l] = nb;
    white[l] = nw;
    stamp(l);
  }

  // ---- tentative stretches and touched lines -----------------------------------------------
  /** Changes from now on are not stamped (they are to be undone, or kept by `keep`). */
  void beginTentative() {
    assert(!tentative);
    tentative = true;
  }
  void endTentative() {
    assert(tentative);
    tentative = false;
  }
  /** Record the lines `propagate` solves from now on (`touchedLines()`), forgetting earlier ones. */
  void startTouching() {
    assert(!touching);
    for (auto& t : touched) t = 0;
    touching = true;
  }
  void stopTouching() {
    assert(touching);
    touching = false;
  }

  // ---- propagation -------------------------------------------------------------------------
  /** Solve queued lines until nothing changes: CONFLICT (queue cleared), OPEN or SOLVED. */
  Status propagate() {
    while (count) {
      const int l = pop();
      if (touching) touched[l >> 6] |= 1ull << (l & 63);
      M ob, ow;
      if (!solve(l, black[l], white[l], ob, ow)) {
        clearQueue();
        assert(consistent());
        return CONFLICT;
      }
      const M nb = ob.minus(black[l]), nw = ow.minus(white[l]);
      if (nb.empty() && nw.empty()) continue;
      if (!finishers.empty() && !(nb & finishers[l]).empty()) {
        clearQueue();
        return SOLVED;  // a finisher turned black: the caller knows such a state finishes
      }
      save(l);
      black[l] |= nb;
      white[l] |= nw;
      knownCells += nb.count() + nw.count();
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
    assert(consistent());
    return solved() ? SOLVED : OPEN;
  }
  /**
   * `propagate()` that also ends, answering SOLVED with the board part-way, as soon as one of
   * the cells marked in `finishing` (a byte per cell, nonzero: a finisher) would turn black.
   */
  Status propagateUntil(const uint8_t* finishing) {
    assert(finishers.empty());
    finishers.assign(L, M::none());
    for (int c = 0; c < N; c++)
      if (finishing[c]) {
        finishers[c / W].set(c % W);
        finishers[H + c % W].set(c / W);
      }
    const Status o = propagate();
    finishers.clear();
    return o;
  }

  /** The line solver without the cache, leaving each block's real starts in `work.starts`. */
  bool solveFresh(int l, M& ob, M& ow) {
    assert(l >= 0 && l < L);
    return solveLineBits<NW>(len[l], clues.data() + clueAt[l], clueCount[l], black[l], white[l], ob, ow, work);
  }

  // ---- trail -------------------------------------------------------------------------------
  struct Mark {
    size_t trail;    // the trail's length when taken
    int known;       // known() when taken
    uint32_t frame;  // the frame it opened (unique per mark)
  };
  Mark mark() {
    frame++;
#ifndef NDEBUG
    openMarks.push_back(frame);
#endif
    return Mark{trail.size(), knownCells, frame};
  }
  /** Restore every line changed since `m` and close it. Outside tentative stretches, restored lines are stamped. */
  void undoTo(const Mark& m) {
    close(m);
    assert(m.trail <= trail.size() && m.known <= knownCells);
    for (size_t i = trail.size(); i-- > m.trail;) {
      const Saved& s = trail[i];
      black[s.line] = s.b;
      white[s.line] = s.w;
      stamp(s.line);
    }
    trail.resize(m.trail);
    knownCells = m.known;
    frame++;
    assert(consistent());
  }
  /**
   * Close `m` keeping the changes since (they stay on the trail, so an enclosing undo removes
   * them); the lines changed since are stamped, as changed for good. require: not tentative.
   */
  void keep(const Mark& m) {
    assert(!tentative);
    forChangedSince(m, [&](int l, const M&, const M&) { stamp(l); });
    close(m);
  }
  /**
   * The lines changed since `m`, each once, with their contents at `m`.
   * require: `m` is the innermost open mark, and nothing was undone since.
   */
  template <class F>
  void forChangedSince(const Mark& m, F f) {
    assert(!openMarks.empty() && openMarks.back() == m.frame && m.frame == frame);
    for (size_t i = m.trail; i < trail.size(); i++) f(trail[i].line, trail[i].b, trail[i].w);
  }

 private:
  // The cells, each line's own view; see the class comment for what keeps them in step.
  std::vector<M> black, white;  // per line: known black, known white; disjoint, within len[l]
  int knownCells = 0;           // cells known, 0..N
  bool tentative = false;       // inside a tentative stretch: changes are not stamped
  bool touching = false;        // `propagate` records the lines it solves in `touched`
  std::vector<uint64_t> touched;    // (L + 63) / 64 words: bit l, line l was solved since startTouching
  uint64_t clock = 1;               // the last value handed out; only grows
  std::vector<uint64_t> lineClock;  // per line: the clock of its last stamped change, <= clock
  std::vector<M> finishers;         // empty, or per line the finisher cells (propagateUntil)

  struct Saved {
    int line;  // 0..L-1
    M b, w;    // its contents before the change
  };
  std::vector<Saved> trail;        // lines saved since the outermost mark, oldest first
  std::vector<uint32_t> savedIn;   // per line: the frame it was last saved in (saved once a frame)
  uint32_t frame = 1;              // changes with every mark and undo
#ifndef NDEBUG
  std::vector<uint32_t> openMarks;  // the frames of the open marks, innermost last
#endif

  void close(const Mark& m) {
    assert(!openMarks.empty() && openMarks.back() == m.frame);
#ifndef NDEBUG
    openMarks.pop_back();
#endif
    (void)m;
  }
  void save(int l) {
    if (savedIn[l] == frame) return;
    savedIn[l] = frame;
    trail.push_back(Saved{l, black[l], white[l]});
  }
  void stamp(int l) {
    if (!tentative) lineClock[l] = ++clock;
  }

  // The propagation queue: a ring of the lines to solve, each at most once.
  std::vector<int> queue;       // L slots; entries [head, head + count) mod L are queued
  std::vector<uint8_t> queued;  // per line: 1 while it is in the queue
  int head = 0, count = 0;      // 0..L-1, 0..L
  void push(int l) {
    if (queued[l]) return;
    queued[l] = 1;
    int at = head + count;
    if (at >= L) at -= L;
    queue[at] = l;
    count++;
    assert(count <= L);
  }
  int pop() {
    assert(count > 0);
    const int l = queue[head];
    if (++head == L) head = 0;
    count--;
    queued[l] = 0;
    return l;
  }
  void clearQueue() {
    for (int i = 0; i < count; i++) queued[queue[(head + i) % L]] = 0;
    head = count = 0;
  }

  // The line cache: direct-mapped, by a hash of (line, black, white).
  struct Entry {
    int line, ok;     // -1 (empty) or 0..L-1; 1 when the line has a completion
    M b, w, ob, ow;   // the input and, when ok, the output
  };
  std::vector<Entry> cache;  // 2^cacheBits entries
  uint64_t cacheMask;        // 2^cacheBits - 1
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
    const bool ok = solveLineBits<NW>(len[l], clues.data() + clueAt[l], clueCount[l], b, w, ob, ow, work);
    e.line = l;
    e.b = b;
    e.w = w;
    e.ob = ob;
    e.ow = ow;
    e.ok = ok;
    return ok;
  }
  static uint64_t hash(int l, const M& b, const M& w) {
    uint64_t h = (uint64_t)(l + 1) * 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < NW; i++) {
      h ^= b.w[i] + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
      h ^= (w.w[i] * 0xC2B2AE3D27D4EB4Full) + (h << 6) + (h >> 2);
    }
    return h ^ (h >> 31);
  }
};
