import type { GuardScope } from '../sat/GuardScope.js';
import type { SolveLimits } from '../sat/SatSolver.js';

/**
 * The smallest number of true variables among the models of a scope, found core-guided (the
 * OLL scheme of MaxSAT solvers, unweighted, with totalizers).
 *
 * Every variable of interest ("soft") is assumed false. When the engine answers UNSAT, the
 * assumptions it used are a core: at least one of them must give way, so the lower bound rises
 * by one; those assumptions are dropped and replaced by one that allows exactly one of them to
 * be violated, "at most 1" over a totalizer of their violations. When an assumption on a
 * totalizer's output ("at most j") is itself in a core, it is relaxed to "at most j + 1" and
 * its violation joins the new totalizer. The first model found under the assumptions has
 * exactly `lowerBound` soft variables true: a minimum.
 *
 * Why not "at most k - 1 is UNSAT" with one counter, as before: on the logic receiver's
 * hitting sets (190 cells, 850-1,500 cores of 20-90 cells, optimum 15-17 at n = 25) that
 * proof took MiniSat 3.3 and 8.3 s from scratch (HiGHS' branch and cut about 10 s, its LP
 * bound 14.25 against 17); core-guided, 0.12 and 1.1 s. Each core proves the bound one higher
 * with a small refutation instead of one large pigeonhole-like one.
 *
 * Incremental: clauses added to the scope after a solve (new cores) only remove models, so
 * every core found stays a core and the state carries over to the next `solve`. The
 * totalizers are definitions over fresh variables (one direction: inputs imply outputs), so
 * they stay in the scope for good.
 *
 * Call order: addSoft (any number, any time) and clauses in the scope -> solve -> addSoft /
 * clauses -> solve ...; the object dies with its scope.
 */
export class CoreGuidedMinimum {
  /** Assumption literal -> the totalizer output list and index it bounds (none for a soft's own -v). */
  private readonly assumptionMap = new Map<number, { outputs: number[]; j: number } | null>();
  lowerBound = 0;
  solves = 0;

  constructor(private readonly scope: GuardScope) {}

  /**
   * The assumptions of the last `solve` that answered 'sat': its models are exactly the models
   * of the scope whose soft variables meet the bounds of the cores found, and have
   * `lowerBound` soft variables true. Under extra constraints, 'unsat' with these assumptions
   * is one more core: the optimum is then above `lowerBound`.
   */
  assumptions(): number[] {
    return [...this.assumptionMap.keys()];
  }

  /** Variable v counts (is assumed false until a core says otherwise). */
  addSoft(v: number): void {
    this.assumptionMap.set(-v, null);
  }

  /**
   * A model with `lowerBound` soft variables true (read it with `scope.solver.value`): 'sat';
   * 'unsat' when the scope's clauses have no model at all; 'unknown' when the deadline stopped
   * a solve (the bound found so far stays).
   */
  solve(limits: SolveLimits = {}): 'sat' | 'unsat' | 'unknown' {
    const s = this.scope.solver;
    for (;;) {
      const lits = [...this.assumptionMap.keys()];
      this.solves++;
      const r = this.scope.solve(limits, lits);
      if (r !== 'unsat') return r;
      const core = lits.filter((l) => s.failed(l));
      if (core.length === 0) return 'unsat';
      this.lowerBound++;
      const violations: number[] = [];
      for (const l of core) {
        const bound = this.assumptionMap.get(l);
        this.assumptionMap.delete(l);
        violations.push(-l);
        if (bound && bound.j + 1 < bound.outputs.length) this.assumptionMap.set(-bound.outputs[bound.j + 1]!, { outputs: bound.outputs, j: bound.j + 1 });
      }
      if (violations.length > 1) {
        const outputs = this.totalizer(violations);
        this.assumptionMap.set(-outputs[1]!, { outputs, j: 1 });
      }
    }
  }

  /** Outputs o with o[j] implied whenever at least j + 1 of `inputs` are true. */
  private totalizer(inputs: readonly number[]): number[] {
    if (inputs.length === 1) return [inputs[0]!];
    const mid = inputs.length >> 1;
    const a = this.totalizer(inputs.slice(0, mid));
    const b = this.totalizer(inputs.slice(mid));
    const first = this.scope.newVars(a.length + b.length);
    const o = Array.from({ length: a.length + b.length }, (_, i) => first + i);
    for (let i = 0; i < a.length; i++) this.scope.addClause([-a[i]!, o[i]!]);
    for (let j = 0; j < b.length; j++) this.scope.addClause([-b[j]!, o[j]!]);
    for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) this.scope.addClause([-a[i]!, -b[j]!, o[i + j + 1]!]);
    return o;
  }
}
