// The board's open part as CNF, for the SAT search: block positions, not automaton states.
//
// For each line and block j: order variables "block j starts at or before p" (false before the
// block's first real start, true from its last) and, for each cell the block can reach, a cover
// variable "block j covers cell i" = (starts at or before i) and not (starts at or before i - c).
// Clauses: order variables are monotone; block j+1 starting at or before p puts block j at or
// before p - c_j - 1 (blocks keep their order and a gap); a position that is not a real start of
// the block (the line solver's `starts`) is excluded; a cover makes its cell black; a black cell
// is covered by some block. Cells already known are constants, folded away.
//
// Phases from belief propagation: each cell's belief, each order variable's cumulative start
// probability, each cover variable's coverage probability (>= 1/2: true).
#pragma once
#include <assert.h>

#include <vector>

#include "board.h"
#include "marginals.h"

struct Cnf {
  int vars = 0;                  // variables 1..vars, >= 0
  std::vector<int32_t> lits;     // clauses, each ended by 0; literals +-(1..vars)
  std::vector<int8_t> phase;     // vars + 1 entries (index 0 unused): 1 true, -1 false, 0 none
  std::vector<int32_t> cellVar;  // per cell: its variable 1..vars, 0 when known
  int clauses = 0;               // the 0s in `lits`
  int newVar(int8_t ph) {
    assert(ph >= -1 && ph <= 1 && (int)phase.size() == vars + 1);
    phase.push_back(ph);
    return ++vars;
  }
};

static const int32_t LIT_TRUE = 0x7fffffff, LIT_FALSE = -0x7fffffff;

/** Add a clause, dropping false constants; a true constant (or x, -x) satisfies it. */
static void addClause(Cnf& f, std::initializer_list<int32_t> lits) {
  const size_t at = f.lits.size();
  for (int32_t x : lits) {
    if (x == LIT_TRUE) {
      f.lits.resize(at);
      return;
    }
    if (x == LIT_FALSE) continue;
    assert(x != 0 && (x > 0 ? x : -x) <= f.vars);
    for (size_t i = at; i < f.lits.size(); i++)
      if (f.lits[i] == -x) {
        f.lits.resize(at);
        return;
      }
    f.lits.push_back(x);
  }
  f.lits.push_back(0);
  f.clauses++;
}
static void addClause(Cnf& f, const std::vector<int32_t>& lits) {
  const size_t at = f.lits.size();
  for (int32_t x : lits) {
    if (x == LIT_TRUE) {
      f.lits.resize(at);
      return;
    }
    if (x == LIT_FALSE) continue;
    assert(x != 0 && (x > 0 ? x : -x) <= f.vars);
    f.lits.push_back(x);
  }
  f.lits.push_back(0);
  f.clauses++;
}
static inline int32_t neg(int32_t x) { return -x; }  // LIT_TRUE and LIT_FALSE are each other's negation

/**
 * Encode the board's state. `beliefs` may be null (no phases). Returns false when a line has no
 * completion (then the board is contradictory; the caller knows that from propagation already).
 */
template <int NW>
static bool encodeBoard(Board<NW>& b, const Beliefs* beliefs, Cnf& f) {
  typedef Mask<NW> M;
  f = Cnf();
  f.phase.push_back(0);
  f.cellVar.assign(b.N, 0);
  assert(beliefs == nullptr || (int)beliefs->belief.size() == b.N);
  for (int r = 0; r < b.H; r++)
    for (int x = 0; x < b.W; x++) {
      const int c = r * b.W + x;
      if (b.cell(c) >= 0) continue;
      const int8_t ph = beliefs ? (beliefs->belief[c] >= 0.5 ? 1 : -1) : 0;
      f.cellVar[c] = f.newVar(ph);
    }
  std::vector<int> lo, hi;
  std::vector<std::vector<int32_t>> order;  // per block: variables for p in [lo, hi)
  std::vector<std::vector<int32_t>> coverAt;  // per cell of the line: its cover variables
  std::vector<int32_t> clause;
  for (int l = 0; l < b.L; l++) {
    const int n = b.len[l], k = b.clueCount[l];
    const int* c = b.clues.data() + b.clueAt[l];
    const bool row = l < b.H;
    const int idx = row ? l : l - b.H;
    if (b.openOf(l).empty()) continue;  // nothing open
    auto cellLit = [&](int i) -> int32_t {
      if (b.blackOf(l).has(i)) return LIT_TRUE;
      if (b.whiteOf(l).has(i)) return LIT_FALSE;
      return f.cellVar[row ? idx * b.W + i : i * b.W + idx];
    };
    M ob, ow;
    if (!b.solveFresh(l, ob, ow)) return false;
    lo.assign(k, 0);
    hi.assign(k, 0);
    order.assign(k, std::vector<int32_t>());
    for (int j = 0; j < k; j++) {
      lo[j] = b.work.starts[j].lowest();
      hi[j] = b.work.starts[j].highest();
    }
    const std::vector<double>* st = beliefs && !beliefs->starts[l].empty() ? &beliefs->starts[l] : nullptr;
    for (int j = 0; j < k; j++) {
      double cum = 0;
      for (int p = lo[j]; p < hi[j]; p++) {
        if (st) cum += (*st)[(size_t)j * n + p];
        order[j].push_back(f.newVar(st ? (cum >= 0.5 ? 1 : -1) : 0));
      }
    }
    // "block j starts at or before p" as a literal.
    auto Y = [&](int j, int p) -> int32_t {
      assert(j >= 0 && j < k);
      if (p < lo[j]) return LIT_FALSE;
      if (p >= hi[j]) return LIT_TRUE;
      return order[j][p - lo[j]];
    };
    for (int j = 0; j < k; j++) {
      for (int p = lo[j]; p + 1 < hi[j]; p++) addClause(f, {neg(Y(j, p)), Y(j, p + 1)});
      if (j + 1 < k)
        for (int p = lo[j + 1]; p < hi[j + 1]; p++) addClause(f, {neg(Y(j + 1, p)), Y(j, p - c[j] - 1)});
      for (int p = lo[j] + 1; p <= hi[j]; p++)
        if (!b.work.starts[j].has(p)) addClause(f, {neg(Y(j, p)), Y(j, p - 1)});
    }
    coverAt.assign(n, std::vector<int32_t>());
    for (int j = 0; j < k; j++) {
      for (int i = lo[j]; i < hi[j] + c[j]; i++) {
        const int32_t a = Y(j, i), z = neg(Y(j, i - c[j]));
        int32_t v;
        if (a == LIT_TRUE && z == LIT_TRUE) v = LIT_TRUE;
        else if (a == LIT_FALSE || z == LIT_FALSE) continue;  // never covers i
        else {
          double pr = 0;
          if (st)
            for (int s = i - c[j] + 1; s <= i; s++)
              if (s >= 0) pr += (*st)[(size_t)j * n + s];
          v = f.newVar(st ? (pr >= 0.5 ? 1 : -1) : 0);
          addClause(f, {-v, a});
          addClause(f, {-v, z});
          addClause(f, {v, neg(a), neg(z)});
        }
        addClause(f, {neg(v), cellLit(i)});
        coverAt[i].push_back(v);
      }
    }
    for (int i = 0; i < n; i++) {
      const int32_t x = cellLit(i);
      if (x == LIT_FALSE) continue;
      clause.assign(1, neg(x));
      for (int32_t v : coverAt[i]) clause.push_back(v);
      addClause(f, clause);
    }
  }
  return true;
}
