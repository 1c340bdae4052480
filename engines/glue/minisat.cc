// nonocrypt: a small C API over MiniSat's incremental interface (core Solver, no preprocessor),
// for the WebAssembly build in engines/build.sh. Literals are DIMACS integers (v > 0 true, -v
// false); the TypeScript side (src/sat/WasmSolver.ts) makes sure every variable exists
// (nc_reserve) before a literal over it arrives, and that each call is allowed in the state
// the instance is in.
#include <emscripten.h>
#include <math.h>
#include <stdint.h>

#include "minisat/core/Solver.h"

using namespace Minisat;

namespace {

struct Instance {
  Solver solver;
  vec<Lit> lits;  // clause and assumption scratch, reused
};

inline Lit dimacsLit(int32_t l) { return l > 0 ? mkLit(l - 1, false) : mkLit(-l - 1, true); }

double clockNow() { return emscripten_get_now(); }

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE Instance* nc_new() { return new Instance(); }

EMSCRIPTEN_KEEPALIVE void nc_delete(Instance* s) { delete s; }

/** Make variables up to `n` (DIMACS numbering). */
EMSCRIPTEN_KEEPALIVE void nc_reserve(Instance* s, int32_t n) {
  while (s->solver.nVars() < n) s->solver.newVar();
}

/** Add the clause lits[0..n). Returns 0 once the formula is known to be unsatisfiable. */
EMSCRIPTEN_KEEPALIVE int32_t nc_add(Instance* s, const int32_t* lits, int32_t n) {
  vec<Lit>& c = s->lits;
  c.clear();
  for (int32_t i = 0; i < n; i++) c.push(dimacsLit(lits[i]));
  return s->solver.addClause_(c) ? 1 : 0;
}

/**
 * Solve under the assumptions a[0..n): 10 sat, 20 unsat, 0 unknown (the deadline passed).
 * `deadline` is an emscripten_get_now() time in ms (the embedder's performance.now()); +inf: none.
 */
EMSCRIPTEN_KEEPALIVE int32_t nc_solve(Instance* s, const int32_t* a, int32_t n, double deadline) {
  Solver& solver = s->solver;
  vec<Lit>& assumps = s->lits;
  assumps.clear();
  for (int32_t i = 0; i < n; i++) assumps.push(dimacsLit(a[i]));
  solver.deadline_clock = isinf(deadline) ? nullptr : clockNow;
  solver.deadline = deadline;
  solver.deadline_hit = false;
  solver.deadline_next_check = solver.propagations;  // the first budget check reads the clock
  const lbool r = solver.solveLimited(assumps);
  solver.deadline_clock = nullptr;
  return r == l_True ? 10 : r == l_False ? 20 : 0;
}

/** Value of variable v in the last model: 1 true, 0 false (or unassigned: a retired variable). */
EMSCRIPTEN_KEEPALIVE int32_t nc_value(Instance* s, int32_t v) {
  return s->solver.modelValue(v - 1) == l_True ? 1 : 0;
}

/** After unsat under assumptions: was assumption `lit` part of the final conflict? */
EMSCRIPTEN_KEEPALIVE int32_t nc_failed(Instance* s, int32_t lit) {
  const Lit neg = ~dimacsLit(lit);
  const vec<Lit>& conflict = s->solver.conflict;
  for (int i = 0; i < conflict.size(); i++)
    if (conflict[i] == neg) return 1;
  return 0;
}

/** Variables first..last are never used again: stop branching on them. */
EMSCRIPTEN_KEEPALIVE void nc_retire(Instance* s, int32_t first, int32_t last) {
  for (int32_t v = first; v <= last; v++) s->solver.setDecisionVar(v - 1, false);
}

/**
 * Branch on `lit` first whenever the search decides its variable (MiniSat's user polarity,
 * which phase saving does not override). A hint: answers do not change, only which model.
 */
EMSCRIPTEN_KEEPALIVE void nc_phase(Instance* s, int32_t lit) {
  s->solver.setPolarity(lit > 0 ? lit - 1 : -lit - 1, lit > 0 ? l_False : l_True);
}

/** Search statistics: 0 conflicts, 1 decisions, 2 propagations (for benchmarks). */
EMSCRIPTEN_KEEPALIVE double nc_stat(Instance* s, int32_t which) {
  const Solver& solver = s->solver;
  return which == 0 ? (double)solver.conflicts : which == 1 ? (double)solver.decisions : (double)solver.propagations;
}

}  // extern "C"
