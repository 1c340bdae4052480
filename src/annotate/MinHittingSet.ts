import { GuardScope } from '../sat/GuardScope.js';
import { CoreGuidedMinimum } from './CoreGuidedMinimum.js';
import type { SatSession } from '../sat/SatSession.js';
import type { SolveLimits } from '../sat/SatSolver.js';

/**
 * Minimum hitting sets, lexicographically first.
 *
 * The minimizer collects cores: cell sets that every valid annotation must hit. This class
 * answers "what is the smallest set of cells that hits every core, and among those the first
 * in row-major order?". Cells are numbered row-major, so row-major order of sorted sets is
 * plain lexicographic order of their sorted indices, and a set A comes before B exactly when
 * the smallest cell in which they differ belongs to A.
 *
 * It is a small SAT problem on a SAT instance kept for hitting sets: one variable per cell
 * that some core holds, one clause per core (permanent for this block: cores stay true). The
 * optimum is found core-guided (`CoreGuidedMinimum`), which carries its cores over from round
 * to round (the optimum never falls as cores are added). Then cells are fixed in or out in
 * row-major order, each decision checked by one solve under the core-guided bound, the
 * current model answering most of them free, and cells the previous tie-break at the same k
 * refuted after the same decisions staying out without a solve (on 3 Brown messages at
 * n = 25, logic receiver: half the tie-break solves).
 *
 * Before, the optimum was found by raising k under a sequential counter ("at most k - 1" is
 * UNSAT) and each tie-break decision was a solve under that counter. On the logic receiver's
 * cores those proofs took seconds each (see CoreGuidedMinimum.ts); on the 20 Brown messages
 * at n = 25 (10 s each) the size was proven for 4 messages before, 13 with core-guided
 * bounds and local search (localSearchHittingSet.ts), and the tie-break, 15 ms per solve
 * under the counter, became the cost.
 *
 * The instance comes from a SatSession and is shared with the hitting sets of earlier blocks
 * (a new instance per block costs milliseconds): everything of this block lives in one base
 * `GuardScope`, each tie-break query in a child scope; `dispose()` retires the
 * base scope and with it every variable this block created.
 *
 * Call order: addCore (any number) -> solve -> addCore ... -> dispose, once.
 */
/**
 * Retired scopes still hold memory in the instance: past this many variables the block's
 * hitting sets move to a fresh instance with the same cores (learnt clauses are lost, the
 * answers are the same).
 */
const REBUILD_VARIABLES = 150_000;

export class MinHittingSet {
  /** This block's scope in the shared instance; opened on first use (most blocks need no annotation). */
  private baseScope: GuardScope | undefined;
  private coreGuided: CoreGuidedMinimum | undefined;
  private readonly varOf = new Map<number, number>();
  private lowerBound = 0;
  readonly cores: number[][] = [];
  /** Cell -> the indices of the cores that hold it (kept as cores are added, for the tie-break). */
  private readonly coresOf = new Map<number, number[]>();
  solves = 0;
  /** The last tie-break: its k, the cells it proved out, and the set it chose. */
  private refuted: { k: number; cells: Set<number> } | undefined;
  private lastChosen = new Set<number>();

  constructor(private readonly session: SatSession) {}

  private get base(): GuardScope {
    return (this.baseScope ??= new GuardScope(this.session.get(0, 'hittingSets')));
  }

  /** The core-guided search for the optimum, in the base scope, over every cell variable. */
  private get minimum(): CoreGuidedMinimum {
    if (!this.coreGuided) {
      this.coreGuided = new CoreGuidedMinimum(this.base);
      for (const v of this.varOf.values()) this.coreGuided.addSoft(v);
    }
    return this.coreGuided;
  }

  /** Switch this block's clauses off for good and retire its variables. */
  dispose(): void {
    this.baseScope?.retire();
    this.baseScope = undefined;
    this.coreGuided = undefined;
  }

  /** Add a core (any order); an empty core means no hitting set exists. */
  addCore(core: readonly number[]): void {
    const sorted = [...core].sort((a, b) => a - b);
    for (const c of sorted) {
      let list = this.coresOf.get(c);
      if (!list) this.coresOf.set(c, (list = []));
      list.push(this.cores.length);
    }
    this.cores.push(sorted);
    this.addCoreClause(sorted);
  }

  /** How many of the cores hold `cell`. */
  coresHolding(cell: number): number {
    return this.coresOf.get(cell)?.length ?? 0;
  }

  /**
   * A lower bound on every hitting set of the cores so far, without a solve: the exact
   * solver's bound or the disjoint-core packing, whichever is larger.
   */
  get provenBound(): number {
    return Math.max(this.lowerBound, this.packingBound());
  }

  /**
   * A minimum hitting set, or null when a core is empty; 'unknown' when the deadline stopped
   * a solve. With `first`, the lexicographically first one (costs one solve per undecided
   * candidate, each a single core-guided step); otherwise whichever the engine finds.
   */
  solve(first = true, limits: SolveLimits = {}): number[] | null | 'unknown' {
    if (this.cores.some((c) => c.length === 0)) return null;
    if (this.cores.length === 0) return [];
    if (this.base.solver.numVars > REBUILD_VARIABLES) this.rebuild();
    const sat = this.base.solver;
    const cells = [...this.varOf.keys()].sort((a, b) => a - b);
    const vars = cells.map((c) => this.varOf.get(c)!);
    // The optimum, core-guided (CoreGuidedMinimum.ts): its model is a minimum hitting set.
    this.solves++;
    const optimum = this.minimum.solve(limits);
    if (optimum === 'unknown') return 'unknown';
    if (optimum === 'unsat') return null;
    const k = this.minimum.lowerBound;
    this.lowerBound = Math.max(this.lowerBound, k);
    let model = vars.map((v) => sat.value(v));
    const size = model.reduce<number>((a, b) => a + b, 0);
    if (size !== k) throw new Error(`internal error: a minimum hitting set of ${size} cells against a bound of ${k}`);
    if (!first) return cells.filter((_, i) => model[i] === 1);
    // Lexicographic tie-break: can cell c join, given the decisions before it? The core-guided
    // search's assumptions hold exactly the models of its cores' bound k, and its cores stay
    // cores under extra constraints; so under the decisions (clauses of a query scope) and c,
    // a model under those assumptions is a minimum hitting set with c, and 'unsat' means one
    // more core: every hitting set with these decisions and c has more than k cells.
    const atMostK = this.minimum.assumptions();
    const query = this.base.child();
    try {
      let taken = 0;
      const chosen: number[] = [];
      // hit[j]: core j is hit by the cells fixed in so far. A cell all of whose cores are
      // already hit cannot be in a minimum set (dropping it would leave a smaller one).
      const hit = new Uint8Array(this.cores.length);
      // Cells the previous tie-break at this k proved out (no minimum hitting set has them
      // with the decisions before them) stay out while the decisions before them are the
      // same: cores were only added since, so those sets are still impossible.
      const previous = this.refuted?.k === k ? this.refuted.cells : new Set<number>();
      const refuted = new Set<number>();
      let samePrefix = true;
      for (let i = 0; i < cells.length && taken < k; i++) {
        const v = vars[i]!;
        const cell = cells[i]!;
        let inSet = model[i] === 1;
        const mine = this.coresOf.get(cell) ?? [];
        if (!inSet && mine.every((j) => hit[j])) {
          if (this.lastChosen.has(cell)) samePrefix = false;
          query.addClause([-v]);
          continue;
        }
        if (!inSet && samePrefix && previous.has(cell)) {
          refuted.add(cell);
          query.addClause([-v]);
          continue;
        }
        if (!inSet) {
          this.solves++;
          const r = query.solve(limits, [...atMostK, v]);
          if (r === 'unknown') return 'unknown';
          if (r === 'sat') {
            inSet = true;
            model = vars.map((x) => sat.value(x));
          } else refuted.add(cell);
        }
        if (inSet && !this.lastChosen.has(cell)) samePrefix = false;
        if (!inSet && this.lastChosen.has(cell)) samePrefix = false;
        query.addClause(inSet ? [v] : [-v]);
        if (inSet) {
          for (const j of mine) hit[j] = 1;
          chosen.push(cells[i]!);
          taken++;
        }
      }
      this.refuted = { k, cells: refuted };
      this.lastChosen = new Set(chosen);
      return chosen;
    } finally {
      query.retire();
    }
  }

  /**
   * A lower bound without SAT: cores that share no cell need one cell each. Greedy packing,
   * smallest cores first (the small local cores of `switchCores` pack well).
   */
  private packingBound(): number {
    const used = new Set<number>();
    let count = 0;
    const bySize = [...this.cores].sort((a, b) => a.length - b.length);
    for (const core of bySize) {
      if (core.some((c) => used.has(c))) continue;
      for (const c of core) used.add(c);
      count++;
    }
    return count;
  }

  private rebuild(): void {
    this.dispose();
    this.baseScope = new GuardScope(this.session.fresh('hittingSets'));
    this.varOf.clear();
    for (const core of this.cores) this.addCoreClause(core);
  }

  private addCoreClause(core: readonly number[]): void {
    this.base.addClause(core.map((c) => this.cellVar(c)));
  }

  private cellVar(cell: number): number {
    let v = this.varOf.get(cell);
    if (v === undefined) {
      v = this.base.newVar();
      this.varOf.set(cell, v);
      this.coreGuided?.addSoft(v);
    }
    return v;
  }
}
