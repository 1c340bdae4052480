import type { ClauseSink } from './ClauseSink.js';
import type { SatOutcome, SatSolver, SolveLimits } from './SatSolver.js';

/**
 * The guard protocol, in one place: temporary clauses in a shared SAT instance.
 *
 * A SAT instance only ever grows, and once a solve without assumptions is UNSAT it stays
 * UNSAT. So everything temporary (a block's encoding in an instance shared by many blocks, a
 * blocking clause, a cardinality constraint for one query) lives under a fresh guard variable
 * g: each clause C is added as (-g OR C), which holds trivially unless g is assumed. Solving
 * "under the scope" assumes g; retiring the scope adds the unit (-g), which satisfies its
 * clauses for good (engines then drop them), and tells the engine that the scope's variables
 * are finished with.
 *
 * Scopes nest: a child (a query on a block, say) is active only together with its ancestors:
 * a solve assumes the guards of the whole chain. Extra assumption literals (cells given black
 * for one query) are passed as further assumptions.
 *
 * Call order:
 *   const s = new GuardScope(solver)          open (or `parent.child()`)
 *   s.newVar() / s.addClause(...)             require: s not retired; the scope's variables
 *                                             appear only in clauses of s or its descendants
 *   s.solve(limits, extra) -> SatOutcome      any number of times; then solver.value(v) reads
 *                                             the model, solver.failed(lit) the reasons
 *   s.retire()                                once, after every child is retired; no call after
 * A scope also serves as the `ClauseSink` the CNF encoder writes into.
 *
 * The top scope (`GuardScope.top(solver)`) of an instance that belongs to one owner has no
 * guard: its clauses go in as they are, permanent, and a solve assumes only its descendants'
 * guards and the extra literals. Engines simplify such clauses far better (CaDiCaL eliminates
 * variables and subsumes clauses: on a 80x80 board with no picture, `typo80-9`, its proof took
 * 254,000 conflicts and 49 CPU s with the clauses at the top and 1.08 million and 299 s with
 * all of them under one guard; scratch runs 2026-11-30). Its `retire()` only ends the scope:
 * the owner releases the instance, which no one else may use.
 */
export class GuardScope implements ClauseSink {
  readonly guard: number;
  /** Variables this scope made, as [first, last] ranges (its guard included). */
  private readonly ranges: number[] = [];
  private readonly chain: number[];
  private buf = new Int32Array(16);
  private retired = false;

  constructor(
    readonly solver: SatSolver,
    readonly parent?: GuardScope,
    unguarded = false,
  ) {
    this.guard = unguarded ? 0 : this.newVar();
    const above = parent ? parent.chain : [];
    this.chain = unguarded ? above : [...above, this.guard];
  }

  /** The scope without a guard of an instance that belongs to its owner alone (see the class comment). */
  static top(solver: SatSolver): GuardScope {
    return new GuardScope(solver, undefined, true);
  }

  /** A scope whose clauses hold only while this one's do too. */
  child(): GuardScope {
    return new GuardScope(this.solver, this);
  }

  newVar(): number {
    return this.newVars(1);
  }

  newVars(count: number): number {
    const first = this.solver.newVars(count);
    const last = first + count - 1;
    const r = this.ranges;
    if (r.length > 0 && r[r.length - 1] === first - 1) r[r.length - 1] = last;
    else r.push(first, last);
    return first;
  }

  /** Add (-guard OR the first `length` literals of `lits`); in the top scope, the literals alone. */
  addClause(lits: ArrayLike<number>, length = lits.length): void {
    if (this.guard === 0) {
      this.solver.addClause(lits, length);
      return;
    }
    if (this.buf.length < length + 1) this.buf = new Int32Array(2 * (length + 1));
    const buf = this.buf;
    buf[0] = -this.guard;
    for (let i = 0; i < length; i++) buf[i + 1] = lits[i]!;
    this.solver.addClause(buf, length + 1);
  }

  /** Solve with this scope (and its ancestors) on, and `extra` literals assumed true. */
  solve(limits?: SolveLimits, extra: ArrayLike<number> = []): SatOutcome {
    const all = new Int32Array(this.chain.length + extra.length);
    all.set(this.chain);
    for (let i = 0; i < extra.length; i++) all[this.chain.length + i] = extra[i]!;
    return this.solver.solve(all, limits);
  }

  /** Switch the scope off for good; its variables are finished with. A dead solver is left alone. */
  retire(): void {
    if (this.retired) return;
    this.retired = true;
    const s = this.solver;
    if (s.abortReason || this.guard === 0) return;
    s.addClause([-this.guard]);
    for (let i = 0; i < this.ranges.length; i += 2) s.retireVars(this.ranges[i]!, this.ranges[i + 1]!);
  }
}
