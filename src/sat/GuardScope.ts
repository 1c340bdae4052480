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
  ) {
    this.guard = this.newVar();
    this.chain = parent ? [...parent.chain, this.guard] : [this.guard];
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

  /** Add (-guard OR the first `length` literals of `lits`). */
  addClause(lits: ArrayLike<number>, length = lits.length): void {
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
    if (s.abortReason) return;
    s.addClause([-this.guard]);
    for (let i = 0; i < this.ranges.length; i += 2) s.retireVars(this.ranges[i]!, this.ranges[i + 1]!);
  }
}
