// The nonogram core (engines/core/) built natively with every assert live, against brute force.
// test/coreNative.test.ts compiles it with g++ -O0 -g -fsanitize=address,undefined (no -DNDEBUG)
// and runs it; a failed check or assert, or a sanitizer report, ends it with a non-zero status.
//
//   coreHarness SEED           random lines and boards from SEED; prints what it checked
//   coreHarness misuse WHAT    breaks one precondition on purpose (WHAT: place-twice,
//                              undo-unmarked, line-too-wide), so the assert must fire
//
// Lines: the bit-parallel line solver (1, 2 and 4 words, and core_solve_line's 16) against
// enumerating every placement of the blocks (lines up to 16 cells) and against a plain dynamic
// program over (cell, block) (longer lines; the program is itself checked against the
// enumeration on the short ones). Boards up to 6x6: every solution enumerated row by row; then,
// through the C API that src/solve/NonogramCore.ts calls, propagation (the exact fixpoint of the
// reference line solver), finishers, probing (only facts every solution shares), the search
// (exactly the solutions, whatever the restarts and branching order), limits, and the binary
// clauses probing implies (each holds in every solution). Wide boards (lines of 2 and 4 words):
// the same propagation fixpoint, and every solution found re-checked against the clues.
#include "api.cc"  // the whole core, one translation unit, asserts on

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

extern "C" double emscripten_get_now(void) {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

namespace {

typedef std::vector<int8_t> Cells;  // per cell: -1 open, 0 white, 1 black
typedef std::vector<int> Clue;

#define CHECK(cond, ...)                                                        \
  do {                                                                          \
    if (!(cond)) {                                                              \
      fprintf(stderr, "check failed at %s:%d: %s: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                             \
      fprintf(stderr, "\n");                                                    \
      exit(1);                                                                  \
    }                                                                           \
  } while (0)

uint64_t rngState;
uint64_t next() {  // splitmix64
  uint64_t z = (rngState += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
int below(int n) { return (int)(next() % (uint64_t)n); }
double unit() { return (double)(next() >> 11) / 9007199254740992.0; }

Clue runsOf(const Cells& line) {
  Clue r;
  int run = 0;
  for (int8_t v : line) {
    if (v == 1) run++;
    else if (run) r.push_back(run), run = 0;
  }
  if (run) r.push_back(run);
  return r;
}

std::string show(const Clue& clue, const Cells& cells) {
  std::string s = "clue";
  for (int c : clue) s += " " + std::to_string(c);
  s += " cells ";
  for (int8_t v : cells) s += v < 0 ? '.' : v ? '#' : '-';
  return s;
}

// ---- reference line solvers ------------------------------------------------------------------
/** Narrowed cells, or false: by enumerating every placement of the blocks. */
bool enumerateLine(const Clue& clue, const Cells& cells, Cells& out) {
  const int n = (int)cells.size(), k = (int)clue.size();
  std::vector<int> canBlack(n, 0), canWhite(n, 0);
  Cells line(n, 0);
  bool any = false;
  // Block j starts at or after `from`; cells before `from` are written.
  auto place = [&](auto&& self, int j, int from) -> void {
    if (j == k) {
      for (int i = from; i < n; i++) line[i] = 0;
      for (int i = 0; i < n; i++)
        if (cells[i] >= 0 && cells[i] != line[i]) return;
      any = true;
      for (int i = 0; i < n; i++) (line[i] ? canBlack : canWhite)[i] = 1;
      return;
    }
    for (int s = from; s + clue[j] <= n; s++) {
      for (int i = from; i < s; i++) line[i] = 0;
      for (int i = s; i < s + clue[j]; i++) line[i] = 1;
      if (s + clue[j] < n) line[s + clue[j]] = 0;
      self(self, j + 1, std::min(n, s + clue[j] + 1));
    }
  };
  place(place, 0, 0);
  if (!any) return false;
  out.assign(n, -1);
  for (int i = 0; i < n; i++) out[i] = canBlack[i] && canWhite[i] ? -1 : canBlack[i] ? 1 : 0;
  return true;
}

/**
 * Narrowed cells, or false: a dynamic program. fw[j][p]: the first j blocks fit cells [0, p)
 * and the prefix ends white (p = 0 or cell p-1 white); bw[j][p]: blocks j.. fit cells [p, n)
 * when p is n or cell p-1 was white. A virtual white cell n ends the line.
 */
bool dynamicLine(const Clue& clue, const Cells& cells, Cells& out) {
  const int n = (int)cells.size(), k = (int)clue.size();
  auto white = [&](int i) { return i >= n || cells[i] != 1; };
  auto blackRun = [&](int s, int c) {
    if (s + c > n) return false;
    for (int i = s; i < s + c; i++)
      if (cells[i] == 0) return false;
    return white(s + c);
  };
  std::vector<std::vector<char>> fw(k + 1, std::vector<char>(n + 2, 0)), bw(k + 1, std::vector<char>(n + 2, 0));
  fw[0][0] = 1;
  for (int p = 0; p <= n; p++)
    for (int j = 0; j <= k; j++) {
      if (!fw[j][p]) continue;
      if (white(p)) fw[j][p + 1] = 1;
      if (j < k && blackRun(p, clue[j])) fw[j + 1][std::min(n + 1, p + clue[j] + 1)] = 1;
    }
  if (!fw[k][n + 1]) return false;
  bw[k][n + 1] = 1;
  for (int p = n; p >= 0; p--)
    for (int j = k; j >= 0; j--) {
      if (white(p) && bw[j][p + 1]) bw[j][p] = 1;
      if (j < k && blackRun(p, clue[j]) && bw[j + 1][std::min(n + 1, p + clue[j] + 1)]) bw[j][p] = 1;
    }
  std::vector<int> canBlack(n, 0), canWhite(n, 0);
  for (int j = 0; j <= k; j++)
    for (int p = 0; p < n; p++) {
      if (fw[j][p] && white(p) && bw[j][p + 1]) canWhite[p] = 1;
      if (j < k && fw[j][p] && blackRun(p, clue[j]) && bw[j + 1][std::min(n + 1, p + clue[j] + 1)]) {
        for (int i = p; i < p + clue[j]; i++) canBlack[i] = 1;
        if (p + clue[j] < n) canWhite[p + clue[j]] = 1;  // the white cell after the block
      }
    }
  out.assign(n, -1);
  for (int i = 0; i < n; i++) {
    if (!canBlack[i] && !canWhite[i]) return false;
    out[i] = canBlack[i] && canWhite[i] ? -1 : canBlack[i] ? 1 : 0;
  }
  return true;
}

/** A random line: a picture's clue, sometimes a run dropped or lengthened; some cells known. */
void randomLine(int n, Clue& clue, Cells& cells) {
  Cells picture(n);
  const double density = 0.2 + 0.6 * unit();
  for (auto& v : picture) v = unit() < density;
  clue = runsOf(picture);
  const int kind = below(4);
  if (kind == 1 && !clue.empty()) clue.erase(clue.begin() + below((int)clue.size()));
  if (kind == 2 && !clue.empty()) clue[below((int)clue.size())]++;
  int used = clue.empty() ? 0 : (int)clue.size() - 1;
  for (int c : clue) used += c;
  if (used > n) clue = runsOf(picture);  // the core assumes every clue fits its line
  const double knownShare = unit() * 0.7;
  cells.assign(n, -1);
  for (int i = 0; i < n; i++)
    if (unit() < knownShare) cells[i] = unit() < 0.85 ? picture[i] : 1 - picture[i];
}

template <int NW>
bool coreLine(const Clue& clue, const Cells& cells, Cells& out) {
  static LineWork<NW> work;
  const int n = (int)cells.size();
  Mask<NW> b = Mask<NW>::none(), w = Mask<NW>::none(), ob, ow;
  for (int i = 0; i < n; i++) {
    if (cells[i] == 1) b.set(i);
    if (cells[i] == 0) w.set(i);
  }
  if (!solveLineBits<NW>(n, clue.data(), (int)clue.size(), b, w, ob, ow, work)) return false;
  out.assign(n, -1);
  for (int i = 0; i < n; i++) out[i] = ob.has(i) ? 1 : ow.has(i) ? 0 : -1;
  return true;
}

/** Colours (-1 open, 0 white, 1 black) as the API's cell bytes, and back. */
std::vector<uint8_t> cellBytes(const Cells& g) {
  std::vector<uint8_t> b(g.size());
  for (size_t c = 0; c < g.size(); c++) b[c] = g[c] < 0 ? CELL_OPEN : g[c] ? CELL_BLACK : CELL_WHITE;
  return b;
}
Cells cellColours(const std::vector<uint8_t>& b) {
  Cells g(b.size());
  for (size_t c = 0; c < b.size(); c++) g[c] = b[c] == CELL_OPEN ? -1 : b[c] == CELL_BLACK ? 1 : 0;
  return g;
}

bool apiLine(const Clue& clue, const Cells& cells, Cells& out) {
  std::vector<uint8_t> bytes = cellBytes(cells);
  const int r = core_solve_line((int)cells.size(), clue.data(), (int)clue.size(), bytes.data());
  CHECK(r == 0 || r == 1, "core_solve_line answered %d", r);
  if (!r) return false;
  out = cellColours(bytes);
  return true;
}

/** `solver` agrees with `reference` on `count` random lines of n in [lo, hi]. */
template <class A, class B>
int compareLines(const char* what, int count, int lo, int hi, A solver, B reference) {
  for (int t = 0; t < count; t++) {
    Clue clue;
    Cells cells, want, got;
    randomLine(lo + below(hi - lo + 1), clue, cells);
    const bool ok = reference(clue, cells, want);
    CHECK(solver(clue, cells, got) == ok, "%s: %s: fits %d", what, show(clue, cells).c_str(), ok);
    if (ok) CHECK(got == want, "%s: %s: narrowed to %s", what, show(clue, cells).c_str(), show(clue, got).c_str());
  }
  return count;
}

int checkLines() {
  int n = 0;
  n += compareLines("dynamic program", 1500, 1, 16, dynamicLine, enumerateLine);
  n += compareLines("1 word", 2000, 1, 16, coreLine<1>, enumerateLine);
  n += compareLines("1 word", 300, 17, 62, coreLine<1>, dynamicLine);
  n += compareLines("2 words", 500, 1, 16, coreLine<2>, enumerateLine);
  n += compareLines("2 words", 200, 40, 126, coreLine<2>, dynamicLine);
  n += compareLines("4 words", 100, 100, 254, coreLine<4>, dynamicLine);
  n += compareLines("core_solve_line", 500, 1, 16, apiLine, enumerateLine);
  n += compareLines("core_solve_line", 20, 200, 1022, apiLine, dynamicLine);
  return n;
}

// ---- boards ----------------------------------------------------------------------------------
struct Puzzle {
  int W, H;
  std::vector<Clue> lines;  // rows, then columns
  std::vector<int32_t> data() const {
    std::vector<int32_t> d;
    for (const Clue& c : lines) {
      d.push_back((int32_t)c.size());
      for (int v : c) d.push_back(v);
    }
    return d;
  }
  Cells line(const Cells& g, int l) const {
    Cells out;
    if (l < H)
      for (int x = 0; x < W; x++) out.push_back(g[l * W + x]);
    else
      for (int y = 0; y < H; y++) out.push_back(g[y * W + l - H]);
    return out;
  }
  bool solves(const Cells& g) const {
    for (int l = 0; l < W + H; l++)
      if (runsOf(line(g, l)) != lines[l]) return false;
    return true;
  }
};

Puzzle fromPicture(int W, int H, const Cells& g) {
  Puzzle p{W, H, {}};
  for (int l = 0; l < W + H; l++) p.lines.push_back(runsOf(p.line(g, l)));
  return p;
}

Puzzle randomPuzzle(int W, int H) {
  Cells g(W * H);
  const double density = 0.25 + 0.5 * unit();
  for (auto& v : g) v = unit() < density;
  Puzzle p = fromPicture(W, H, g);
  // Now and then a clue taken from another picture: often no solution at all.
  if (below(5) == 0) {
    const int l = below(W + H);
    Cells other(l < H ? W : H);
    for (auto& v : other) v = unit() < density;
    p.lines[l] = runsOf(other);
  }
  return p;
}

/** Every solution, row by row, columns checked as they grow; false when there are more than `cap`. */
bool allSolutions(const Puzzle& p, size_t cap, std::vector<Cells>& out) {
  out.clear();
  std::vector<std::vector<Cells>> rowOptions(p.H);
  for (int r = 0; r < p.H; r++)
    for (int m = 0; m < (1 << p.W); m++) {
      Cells row(p.W);
      for (int x = 0; x < p.W; x++) row[x] = (m >> x) & 1;
      if (runsOf(row) == p.lines[r]) rowOptions[r].push_back(row);
    }
  Cells g(p.W * p.H, 0);
  // Column x's cells so far may start its clue: finished runs match, the open one is not too long.
  auto columnPrefixFits = [&](int x, int rows) {
    const Clue& clue = p.lines[p.H + x];
    size_t j = 0;
    int run = 0;
    for (int y = 0; y < rows; y++) {
      if (g[y * p.W + x]) run++;
      else if (run) {
        if (j >= clue.size() || clue[j] != run) return false;
        j++, run = 0;
      }
    }
    if (run) return j < clue.size() && run <= clue[j];
    return j <= clue.size();
  };
  bool overflow = false;
  auto fill = [&](auto&& self, int r) -> void {
    if (overflow) return;
    if (r == p.H) {
      if (!p.solves(g)) return;
      if (out.size() == cap) overflow = true;
      else out.push_back(g);
      return;
    }
    for (const Cells& row : rowOptions[r]) {
      std::copy(row.begin(), row.end(), g.begin() + r * p.W);
      bool fits = true;
      for (int x = 0; x < p.W && fits; x++) fits = columnPrefixFits(x, r + 1);
      if (fits) self(self, r + 1);
    }
  };
  fill(fill, 0);
  return !overflow;
}

/** The propagation fixpoint by the reference line solver, from `g`: false on a contradiction. */
bool referenceFixpoint(const Puzzle& p, Cells& g) {
  for (bool changed = true; changed;) {
    changed = false;
    for (int l = 0; l < p.W + p.H; l++) {
      Cells out;
      if (!dynamicLine(p.lines[l], p.line(g, l), out)) return false;
      for (int i = 0; i < (int)out.size(); i++) {
        const int c = l < p.H ? l * p.W + i : i * p.W + (l - p.H);
        if (g[c] != out[i]) g[c] = out[i], changed = true;
      }
    }
  }
  return true;
}

/** Every known cell of `g` is as in each of `solutions`. */
bool sharedBy(const Cells& g, const std::vector<Cells>& solutions) {
  for (const Cells& s : solutions)
    for (size_t c = 0; c < g.size(); c++)
      if (g[c] >= 0 && g[c] != s[c]) return false;
  return true;
}

int openCells(const Cells& g) { return (int)std::count(g.begin(), g.end(), -1); }

/** One core through the C API, as src/solve/NonogramCore.ts drives it. */
struct Api {
  const Puzzle& p;
  Core* core;
  Api(const Puzzle& puzzle, int cacheBits) : p(puzzle) {
    const std::vector<int32_t> d = p.data();
    core = core_new(p.W, p.H, d.data(), cacheBits);
    CHECK(core, "core_new %dx%d", p.W, p.H);
  }
  ~Api() { core_delete(core); }
  Api(const Api&) = delete;
  Api& operator=(const Api&) = delete;

  int load(const Cells& g) {
    std::vector<uint8_t> b = cellBytes(g);
    return core_load(core, b.data());
  }
  Cells read() {
    std::vector<uint8_t> b(p.W * p.H);
    core_read(core, b.data());
    const Cells g = cellColours(b);
    CHECK(core_stat(core, STAT_KNOWN) == p.W * p.H - openCells(g), "STAT_KNOWN");
    return g;
  }
  /** core_search; the solutions it found, each checked against the clues and distinct. */
  int search(int maxSolutions, double maxNodes, double maxProbes, double restartNodes, int valueFirst, std::vector<Cells>& found) {
    const double nodes = core_stat(core, STAT_NODES);
    const int r = core_search(core, maxSolutions, INFINITY, maxNodes, maxProbes, restartNodes, valueFirst);
    CHECK(r == SEARCH_COMPLETE || r == SEARCH_ENOUGH || r == SEARCH_STOPPED, "core_search answered %d", r);
    CHECK(core_stat(core, STAT_NODES) >= nodes, "STAT_NODES went down");
    found.clear();
    std::vector<uint8_t> b(p.W * p.H);
    for (int i = 0; i < core_solutions(core); i++) {
      core_solution(core, i, b.data());
      Cells g(b.begin(), b.end());
      CHECK(p.solves(g), "a solution that is none");
      found.push_back(g);
    }
    CHECK(std::set<Cells>(found.begin(), found.end()).size() == found.size(), "a solution twice");
    CHECK((int)found.size() <= maxSolutions, "more solutions than asked for");
    if (r == SEARCH_ENOUGH) CHECK((int)found.size() == maxSolutions, "enough, with %zu of %d", found.size(), maxSolutions);
    return r;
  }
};

struct Tally {
  int boards = 0, givens = 0, fixpoints = 0, probed = 0, enumerated = 0, enough = 0, limited = 0, implications = 0, propagations = 0,
      finished = 0, wide = 0;
};

/** Binary clauses from probing (core_implications): each holds in every solution. */
void checkImplications(Api& a, const std::vector<Cells>& solutions, Tally& t) {
  std::vector<int32_t> pairs(2 * 4096);
  const int n = core_implications(a.core, pairs.data(), 4096);
  CHECK(n >= 0 && n <= 4096, "core_implications answered %d", n);
  auto holds = [](int32_t lit, const Cells& s) { return lit > 0 ? s[lit - 1] == 1 : s[-lit - 1] == 0; };
  for (int i = 0; i < n; i++)
    for (const Cells& s : solutions)
      CHECK(holds(pairs[2 * i], s) || (pairs[2 * i + 1] != 0 && holds(pairs[2 * i + 1], s)), "implied %d or %d", pairs[2 * i],
            pairs[2 * i + 1]);
  t.implications += n;
}

/**
 * core_propagate from a fixpoint `root` with one more cell set, only its two lines queued (as
 * the minimizer does), with and without finishers, against the reference fixpoint.
 */
void checkPropagate(Api& a, const Puzzle& p, const Cells& root, Tally& t) {
  std::vector<int> open;
  for (int c = 0; c < p.W * p.H; c++)
    if (root[c] < 0) open.push_back(c);
  if (open.empty()) return;
  const int c = open[below((int)open.size())];
  Cells start = root;
  start[c] = below(2);
  Cells want = start;
  const bool ok = referenceFixpoint(p, want);
  const int32_t lines[2] = {c / p.W, p.H + c % p.W};
  std::vector<uint8_t> b = cellBytes(start);
  const int r = core_propagate(a.core, b.data(), lines, 2, nullptr);
  CHECK(r == (!ok ? CONFLICT : openCells(want) ? OPEN : SOLVED), "core_propagate answered %d", r);
  CHECK(cellColours(b) == (ok ? want : start), "core_propagate's cells");
  t.propagations++;
  // Finishers: cells open in `start`; a finisher that would turn black ends it (SOLVED, part-way).
  std::vector<uint8_t> finishers(p.W * p.H, 0);
  bool reached = false;
  for (int f : open)
    if (f != c && below(3) == 0) {
      finishers[f] = 1;
      reached = reached || (ok && want[f] == 1);
    }
  b = cellBytes(start);
  const int rf = core_propagate(a.core, b.data(), lines, 2, finishers.data());
  if (!ok) {
    CHECK(rf == CONFLICT || rf == SOLVED, "with finishers, after a conflict: %d", rf);
  } else if (reached) {
    CHECK(rf == SOLVED, "a finisher turns black, yet %d", rf);
    const Cells part = cellColours(b);
    for (int x = 0; x < p.W * p.H; x++) CHECK(part[x] < 0 || part[x] == want[x], "part-way cell %d", x);
    t.finished++;
  } else {
    CHECK(rf == r && cellColours(b) == want, "finishers never reached, yet %d", rf);
  }
}

/** core_load from given cells (a solution's, or any): the reference fixpoint from them. */
void checkLoadGiven(Api& a, const Puzzle& p, const std::vector<Cells>& solutions, Tally& t) {
  const int N = p.W * p.H;
  Cells given(N, -1);
  const double share = unit() * 0.5;
  for (int c = 0; c < N; c++)
    if (unit() < share) given[c] = solutions.empty() || below(4) == 0 ? below(2) : solutions[0][c];
  Cells want = given;
  const bool ok = referenceFixpoint(p, want);
  CHECK(a.load(given) == (!ok ? CONFLICT : openCells(want) ? OPEN : SOLVED), "core_load from givens");
  if (ok) CHECK(a.read() == want, "core_load's fixpoint from givens");
  t.givens++;
}

/** One small board: everything against its enumerated solutions. */
void checkBoard(const Puzzle& p, Tally& t) {
  const int N = p.W * p.H;
  std::vector<Cells> solutions;
  const bool all = allSolutions(p, 40, solutions);  // else more than 40: `solutions` holds 40
  Cells root(N, -1);
  const bool ok = referenceFixpoint(p, root);
  CHECK(ok || solutions.empty(), "reference propagation refutes a solvable board");
  Api a(p, below(3) == 0 ? 0 : 2 + below(8));  // tiny caches, so entries collide
  checkLoadGiven(a, p, solutions, t);
  const int loaded = a.load(Cells(N, -1));
  t.boards++;
  CHECK(loaded == (!ok ? CONFLICT : openCells(root) ? OPEN : SOLVED), "core_load answered %d", loaded);
  if (!ok) return;
  CHECK(a.read() == root && sharedBy(root, solutions), "core_load's fixpoint");
  t.fixpoints++;
  checkPropagate(a, p, root, t);
  if (loaded != OPEN) {
    CHECK(solutions.size() == 1 && solutions[0] == root, "solved by propagation");
    return;
  }
  a.load(Cells(N, -1));
  if (below(2)) checkImplications(a, solutions, t);
  const int probed = core_probe(a.core, INFINITY, INFINITY);
  t.probed++;
  CHECK(probed == CONFLICT || probed == OPEN || probed == SOLVED, "core_probe answered %d", probed);
  if (probed == CONFLICT) {
    CHECK(solutions.empty(), "probing refutes a solvable board");
    return;
  }
  const Cells after = a.read();
  CHECK(sharedBy(after, solutions), "probing fixed a cell some solution has otherwise");
  if (probed == SOLVED) {
    CHECK(solutions.size() == 1 && solutions[0] == after, "solved by probing");
    return;
  }
  if (below(2)) checkImplications(a, solutions, t);
  std::vector<Cells> found;
  if (all) {
    // The whole tree, one solution more than there are: exactly the solutions, whatever the order.
    const double restarts[] = {0, 1, 2, 7};
    const int r = a.search((int)solutions.size() + 1, INFINITY, INFINITY, restarts[below(4)], below(3), found);
    CHECK(r == SEARCH_COMPLETE, "core_search answered %d, expected complete", r);
    std::sort(found.begin(), found.end());
    std::vector<Cells> want = solutions;
    std::sort(want.begin(), want.end());
    CHECK(found == want, "the search found %zu solutions of %zu", found.size(), want.size());
    t.enumerated++;
  }
  if (solutions.size() >= 2) {
    CHECK(a.search(2, INFINITY, INFINITY, below(2) ? 0 : 1, below(3), found) == SEARCH_ENOUGH, "two wanted");
    t.enough++;
  }
  // Limits: a node or two, a few probes. Whatever it says, the root keeps only shared facts.
  const int r = a.search(1000, 1 + below(2), below(2) ? INFINITY : below(20), 0, below(3), found);
  if (r == SEARCH_COMPLETE && all) CHECK(found.size() == solutions.size(), "complete within the limit");
  if (r == SEARCH_STOPPED) t.limited++;
  CHECK(sharedBy(a.read(), solutions), "the root after a search");
  CHECK(core_encode(a.core, below(2) ? 0 : 3) == 1, "core_encode of a consistent board");
  CHECK(core_cnf_vars(a.core) >= openCells(a.read()), "a variable per open cell");
  core_cnf_drop(a.core);
}

/** A board with lines of 2 or 4 words: the fixpoint, probing and a search checked against the picture. */
void checkWide(int W, int H, Tally& t) {
  Cells picture(W * H);
  const double density = 0.4 + 0.4 * unit();
  for (auto& v : picture) v = unit() < density;
  const Puzzle p = fromPicture(W, H, picture);
  Cells root(W * H, -1);
  CHECK(referenceFixpoint(p, root), "the picture's own clues refuted");
  Api a(p, 10);
  const int loaded = a.load(Cells(W * H, -1));
  CHECK(loaded == (openCells(root) ? OPEN : SOLVED) && a.read() == root, "a wide board's fixpoint");
  checkPropagate(a, p, root, t);
  a.load(Cells(W * H, -1));
  const std::vector<Cells> picture1(1, picture);
  if (loaded == OPEN) {
    CHECK(core_probe(a.core, INFINITY, 5000) != CONFLICT, "probing refutes the picture");
    CHECK(sharedBy(a.read(), picture1), "probing contradicts the picture");
    std::vector<Cells> found;
    a.search(2, 300, INFINITY, 50, below(3), found);
    CHECK(sharedBy(a.read(), picture1), "the search's root contradicts the picture");
  }
  t.wide++;
}

int misuse(const char* what) {
  const int32_t clues[] = {1, 1, 1, 1, 1, 1, 1, 1};  // 2x2, every line "1"
  Board<1> b(2, 2, clues, 2);
  b.reset();
  if (!strcmp(what, "place-twice")) {
    b.place(0, 1);
    b.place(0, 0);  // the cell is known already
  } else if (!strcmp(what, "undo-unmarked")) {
    const auto m = b.mark();
    b.undoTo(m);
    b.undoTo(m);  // that mark was closed
  } else if (!strcmp(what, "line-too-wide")) {
    LineWork<1> work;
    Mask<1> ob, ow;
    const int clue[] = {1};
    solveLineBits<1>(63, clue, 1, Mask<1>::none(), Mask<1>::none(), ob, ow, work);  // 63 + 2 > 64
  } else {
    fprintf(stderr, "coreHarness: no misuse '%s'\n", what);
    return 2;
  }
  printf("misuse %s: no assert fired\n", what);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && !strcmp(argv[1], "misuse")) return misuse(argv[2]);
  if (argc != 2) {
    fprintf(stderr, "usage: coreHarness SEED | coreHarness misuse WHAT\n");
    return 2;
  }
  rngState = strtoull(argv[1], nullptr, 10);
  const int lines = checkLines();
  Tally t;
  for (int k = 0; k < 300; k++) checkBoard(randomPuzzle(1 + below(4), 1 + below(7)), t);
  for (int k = 0; k < 900; k++) checkBoard(randomPuzzle(4 + below(4), 4 + below(4)), t);
  for (int k = 0; k < 12; k++) checkWide(63 + below(8), 2 + below(3), t);
  for (int k = 0; k < 6; k++) checkWide(2 + below(2), 63 + below(8), t);
  for (int k = 0; k < 4; k++) checkWide(127 + below(10), 2 + below(2), t);
  printf("lines %d\nboards %d\ngivens %d\nfixpoints %d\nprobed %d\nenumerated %d\nenough %d\nlimited %d\nimplications %d\n"
         "propagations %d\nfinished %d\nwide %d\n",
         lines, t.boards, t.givens, t.fixpoints, t.probed, t.enumerated, t.enough, t.limited, t.implications, t.propagations, t.finished, t.wide);
  return 0;
}
