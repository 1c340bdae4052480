// nonocrypt: a small C API over CaDiCaL's incremental interface, for the WebAssembly build in
// engines/build.sh. Same functions as glue/minisat.cc. The TypeScript side
// (src/sat/WasmSolver.ts) makes sure each call is allowed in the state the instance is in
// (CaDiCaL aborts on a call its API contract forbids, e.g. val() after an 'unsat').
#include <emscripten.h>
#include <math.h>
#include <stdint.h>

#include "cadical.hpp"

namespace {

/** Stops a solve once emscripten_get_now() (the embedder's performance.now()) passes a deadline. */
struct DeadlineTerminator : CaDiCaL::Terminator {
  double deadline = INFINITY;
  bool terminate() override { return emscripten_get_now() >= deadline; }
};

struct Instance {
  CaDiCaL::Solver solver;
  DeadlineTerminator terminator;
};

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE Instance* nc_new() { return new Instance(); }

EMSCRIPTEN_KEEPALIVE void nc_delete(Instance* s) { delete s; }

/** Make variables up to `n`. */
EMSCRIPTEN_KEEPALIVE void nc_reserve(Instance* s, int32_t n) { s->solver.reserve(n); }

/** Add the clause lits[0..n). Always 1 (CaDiCaL does not say at once when it is inconsistent). */
EMSCRIPTEN_KEEPALIVE int32_t nc_add(Instance* s, const int32_t* lits, int32_t n) {
  CaDiCaL::Solver& solver = s->solver;
  for (int32_t i = 0; i < n; i++) solver.add(lits[i]);
  solver.add(0);
  return 1;
}

/**
 * Solve under the assumptions a[0..n): 10 sat, 20 unsat, 0 unknown (the deadline passed).
 * `deadline` is an emscripten_get_now() time in ms (the embedder's performance.now()); +inf: none.
 */
EMSCRIPTEN_KEEPALIVE int32_t nc_solve(Instance* s, const int32_t* a, int32_t n, double deadline) {
  CaDiCaL::Solver& solver = s->solver;
  for (int32_t i = 0; i < n; i++) solver.assume(a[i]);
  if (isinf(deadline)) {
    solver.disconnect_terminator();
  } else {
    s->terminator.deadline = deadline;
    solver.connect_terminator(&s->terminator);
  }
  const int r = solver.solve();
  solver.disconnect_terminator();
  return r == 10 || r == 20 ? r : 0;
}

/** Value of variable v in the last model: 1 true, 0 false. */
EMSCRIPTEN_KEEPALIVE int32_t nc_value(Instance* s, int32_t v) { return s->solver.val(v) > 0 ? 1 : 0; }

/** After unsat under assumptions: was assumption `lit` used to refute them? */
EMSCRIPTEN_KEEPALIVE int32_t nc_failed(Instance* s, int32_t lit) { return s->solver.failed(lit) ? 1 : 0; }

/** Variables first..last are never used again. Nothing to do: CaDiCaL drops the clauses of
    satisfied literals and eliminates the variables itself in its inprocessing. */
EMSCRIPTEN_KEEPALIVE void nc_retire(Instance*, int32_t, int32_t) {}

/** Branch on `lit` first whenever the search decides its variable (CaDiCaL's forced phase). */
EMSCRIPTEN_KEEPALIVE void nc_phase(Instance* s, int32_t lit) { s->solver.phase(lit); }

/** Search statistics (0 conflicts, 1 decisions, 2 propagations): not in CaDiCaL 1.5.3's API. */
EMSCRIPTEN_KEEPALIVE double nc_stat(Instance*, int32_t) { return -1; }

}  // extern "C"
