// nonocrypt: a small C API over CaDiCaL's incremental interface, for the WebAssembly build in
// engines/build.sh. Same functions as glue/minisat.cc, plus an LRAT proof trace
// (nc_proof_begin / nc_proof_end). The TypeScript side (src/sat/WasmSolver.ts,
// src/sat/lratProof.ts) makes sure each call is allowed in the state the instance is in
// (CaDiCaL aborts on a call its API contract forbids, e.g. val() after an 'unsat').
#include <emscripten.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cadical.hpp"

/**
 * The proof's bytes go out through this import: `n` bytes at `bytes`, valid only during the
 * call. EM_JS declares it (emscripten's JavaScript, never used, would hold this body); our
 * loader, src/sat/wasmEngine.ts, gives the real one. It may throw: the instance is then dead.
 */
EM_JS(void, nc_proof_write, (const char* bytes, int32_t n), { throw new Error("nc_proof_write comes from src/sat/wasmEngine.ts"); });

namespace {

/** Stops a solve once emscripten_get_now() (the embedder's performance.now()) passes a deadline. */
struct DeadlineTerminator : CaDiCaL::Terminator {
  double deadline = INFINITY;
  bool terminate() override { return emscripten_get_now() >= deadline; }
};

/** Bytes the proof stream collects before it hands them to nc_proof_write. */
constexpr size_t PROOF_BUFFER_BYTES = 1 << 16;

ssize_t writeProof(void*, const char* bytes, size_t n) {
  nc_proof_write(bytes, (int32_t)n);
  return (ssize_t)n;
}

/**
 * A stdio stream whose bytes go to nc_proof_write (musl's fopencookie: there is no file
 * system), through a buffer of its own. Declared before the solver in Instance, so it is closed
 * after the solver's proof tracer, which writes to it, is gone.
 */
struct ProofStream {
  FILE* file = nullptr;
  char* buffer = nullptr;
  bool open() {
    cookie_io_functions_t io = {nullptr, writeProof, nullptr, nullptr};
    buffer = (char*)malloc(PROOF_BUFFER_BYTES);
    file = buffer ? fopencookie(nullptr, "w", io) : nullptr;
    return file && setvbuf(file, buffer, _IOFBF, PROOF_BUFFER_BYTES) == 0;
  }
  ~ProofStream() {
    if (file) fclose(file);
    free(buffer);
  }
};

struct Instance {
  ProofStream proof;
  CaDiCaL::Solver solver;
  DeadlineTerminator terminator;
};

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE Instance* nc_new() { return new Instance(); }

EMSCRIPTEN_KEEPALIVE void nc_delete(Instance* s) { delete s; }

/**
 * Trace a text LRAT proof of what the next solve refutes to nc_proof_write, with the next
 * `clauses` clauses added numbered 1..clauses (derived clauses after them). Only on a new
 * instance, before any other call. 1 when tracing, 0 when the stream could not be made.
 */
EMSCRIPTEN_KEEPALIVE int32_t nc_proof_begin(Instance* s, int32_t clauses) {
  CaDiCaL::Solver& solver = s->solver;
  if (!s->proof.open()) return 0;
  solver.set("lrat", 1);    // proof chains (hints) for every derived clause
  solver.set("binary", 0);  // text, not binary LRAT
  solver.trace_proof(s->proof.file, "lrat");
  solver.reserve_original_ids(clauses);  // our patch: originals are 1..clauses, as in DIMACS
  return 1;
}

/** After the solve: everything traced so far goes out through nc_proof_write. */
EMSCRIPTEN_KEEPALIVE void nc_proof_end(Instance* s) {
  s->solver.flush_proof_trace();
  fflush(s->proof.file);
}

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

/**
 * The next nc_solve stops (answer 0) once it has met `n` more conflicts, n >= 0; CaDiCaL
 * forgets the limit when that solve returns.
 */
EMSCRIPTEN_KEEPALIVE void nc_limit_conflicts(Instance* s, int32_t n) { s->solver.limit("conflicts", n); }

/** Value of variable v in the last model: 1 true, 0 false. */
EMSCRIPTEN_KEEPALIVE int32_t nc_value(Instance* s, int32_t v) { return s->solver.val(v) > 0 ? 1 : 0; }

/** After unsat under assumptions: was assumption `lit` used to refute them? */
EMSCRIPTEN_KEEPALIVE int32_t nc_failed(Instance* s, int32_t lit) { return s->solver.failed(lit) ? 1 : 0; }

/** Variables first..last are never used again. Nothing to do: CaDiCaL drops the clauses of
    satisfied literals and eliminates the variables itself in its inprocessing. */
EMSCRIPTEN_KEEPALIVE void nc_retire(Instance*, int32_t, int32_t) {}

/** Branch on `lit` first whenever the search decides its variable (CaDiCaL's forced phase). */
EMSCRIPTEN_KEEPALIVE void nc_phase(Instance* s, int32_t lit) { s->solver.phase(lit); }

/** Search statistics: 0 conflicts, 1 decisions, 2 propagations (our patch's getter). */
EMSCRIPTEN_KEEPALIVE double nc_stat(Instance* s, int32_t which) { return (double)s->solver.search_statistic(which); }

}  // extern "C"
