import { GuardScope } from '../sat/GuardScope.js';
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
 * It is a small SAT problem on a SAT instance kept for hitting sets: one variable per
 * candidate cell, one clause per core (permanent for this block: cores stay true), and a
 * sequential counter in a scope of its own (built once over the block's black cells with
 * "at most k" as an assumption when they are given, so learnt clauses carry over between
 * rounds). The smallest k is found by raising k from the previous optimum or the disjoint-core
 * packing bound, whichever is larger (cores only grow, so the optimum never falls); then cells
 * are fixed in or out in row-major order, each decision checked by one solve, the current
 * model answering most of them free, and cells the previous tie-break at the same k refuted
 * after the same decisions staying out without a solve (on 3 Brown messages at n = 25, logic
 * receiver: half the tie-break solves, one message proven in 2.6 s CPU instead of unproven).
 *
 * The instance comes from a SatSession and is shared with the hitting sets of earlier blocks
 * (a new instance per block costs milliseconds): everything of this block lives in one base
 * `GuardScope`, the counter and each tie-break query in child scopes; `dispose()` retires the
 * base scope and with it every variable this block created.
 *
 * Call order: addCore (any number) -> solve -> addCore ... -> dispose, once.
 */
/**
 * Retired counters still hold memory in the instance: past this many variables the block's
 * hitting sets move to a fresh instance with the same cores (learnt clauses are lost, the
 * answers are the same).
 */
const REBUILD_VARIABLES = 150_000;

export class MinHittingSet {
  /** This block's scope in the shared instance; opened on first use (most blocks need no annotation). */
  private baseScope: GuardScope | undefined;
  private readonly varOf = new Map<number, number>();
  private lowerBound = 0;
  private counter: { scope: GuardScope; k: number; n: number; outputs?: number[] } | undefined;
  readonly cores: number[][] = [];
  solves = 0;
  /** The last tie-break: its k, the cells it proved out, and the set it chose. */
  private refuted: { k: number; cells: Set<number> } | undefined;
  private lastChosen = new Set<number>();

  /**
   * `universe`: every cell a core can ever hold (the block's black cells), when known. The
   * counter is then built once over all of them with "at most k" as an assumption, so the
   * engine keeps what it learnt about it from round to round; otherwise a counter is built
   * over the cells seen so far, for each k.
   */
  constructor(
    private readonly session: SatSession,
    private readonly universe?: readonly number[],
  ) {}

  private get base(): GuardScope {
    return (this.baseScope ??= new GuardScope(this.session.get(0, 'hittingSets')));
  }

  /** Switch this block's clauses off for good and retire its variables. */
  dispose(): void {
    this.counter?.scope.retire();
    this.counter = undefined;
    this.baseScope?.retire();
    this.baseScope = undefined;
  }

  /** Add a core (any order); an empty core means no hitting set exists. */
  addCore(core: readonly number[]): void {
    const sorted = [...core].sort((a, b) => a - b);
    this.cores.push(sorted);
    this.addCoreClause(sorted);
  }

  /** Current lower bound on the size of any valid annotation. */
  get bound(): number {
    return this.lowerBound;
  }

  /**
   * A minimum hitting set, or null when a core is empty; 'unknown' when the deadline stopped
   * a solve. With `first`, the lexicographically first one (costs one solve per undecided
   * candidate); otherwise whichever the engine finds.
   */
  solve(first = true, limits: SolveLimits = {}): number[] | null | 'unknown' {
    if (this.cores.some((c) => c.length === 0)) return null;
    if (this.cores.length === 0) return [];
    if (this.base.solver.numVars > REBUILD_VARIABLES) this.rebuild();
    const sat = this.base.solver;
    const cells = [...this.varOf.keys()].sort((a, b) => a - b);
    const vars = cells.map((c) => this.varOf.get(c)!);
    let k = Math.max(this.lowerBound, this.packingBound(), 1);
    let counter: GuardScope;
    let atMostK: number[];
    for (;;) {
      ({ scope: counter, assume: atMostK } = this.counterFor(vars, k));
      this.solves++;
      const r = counter.solve(limits, atMostK);
      if (r === 'unknown') return 'unknown';
      if (r === 'sat') break;
      k++;
      this.lowerBound = k;
    }
    this.lowerBound = k;
    if (!first) return cells.filter((_, i) => sat.value(vars[i]!) === 1);
    // Lexicographic tie-break: decisions are fixed as clauses of a query scope under the counter.
    let model = vars.map((v) => sat.value(v));
    const query = counter.child();
    try {
      let taken = 0;
      const chosen: number[] = [];
      // hit[j]: core j is hit by the cells fixed in so far. A cell all of whose cores are
      // already hit cannot be in a minimum set (dropping it would leave a smaller one).
      const hit = new Uint8Array(this.cores.length);
      const coresOf = new Map<number, number[]>();
      this.cores.forEach((core, j) => {
        for (const c of core) {
          let list = coresOf.get(c);
          if (!list) coresOf.set(c, (list = []));
          list.push(j);
        }
      });
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
        const mine = coresOf.get(cell) ?? [];
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

  /**
   * The scope of "at most k of these cells", reused while k and the candidate cells stay the
   * same (the engine's learnt clauses about the counter then carry over between queries); a
   * new counter replaces the old one otherwise.
   */
  private counterFor(vars: readonly number[], k: number): { scope: GuardScope; assume: number[] } {
    const c = this.counter;
    if (this.universe && k >= UNIVERSE_FROM_K) {
      // One counter over every cell, large enough for k; "at most k" is the assumption that
      // its output "at least k+1" is false.
      if (c?.outputs && k < c.k && c.n === vars.length) return { scope: c.scope, assume: [-c.outputs[k]!] };
      c?.scope.retire();
      const scope = this.base.child();
      const cap = Math.min(vars.length, Math.max(2 * k, k + COUNTER_HEADROOM));
      const outputs = counterOutputs(scope, vars, cap);
      this.counter = { scope, k: cap, n: vars.length, outputs };
      return k < outputs.length ? { scope, assume: [-outputs[k]!] } : { scope, assume: [] };
    }
    if (c && c.k === k && c.n === vars.length) return { scope: c.scope, assume: [] };
    c?.scope.retire();
    const scope = this.base.child();
    atMost(scope, vars, k);
    this.counter = { scope, k, n: vars.length };
    return { scope, assume: [] };
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
    if (this.universe && this.varOf.size === 0) for (const u of this.universe) this.varOf.set(u, this.base.newVar());
    let v = this.varOf.get(cell);
    if (v === undefined) {
      v = this.base.newVar();
      this.varOf.set(cell, v);
    }
    return v;
  }
}

/**
 * The smallest k for which the one counter over the universe is used (cells, range 1-8); below
 * it, a counter over the cells the cores hold is built for each k. Most blocks of ordinary
 * text need one cell or none, and for them the counter over every black cell (hundreds of
 * cells times k + 16 registers) costs more than it saves: 1,600 blocks of 25x25 (200,000
 * characters, frequency table, unique receiver, one thread) took 3.1-3.5 CPU s with the one
 * counter from k = 1, 1.2 s without it. Blocks that need several cells (the classic table's,
 * the logic receiver's) are where learnt clauses carrying over between rounds pay.
 */
const UNIVERSE_FROM_K = 2;

/** Room above k when the one counter over the universe is built (cells; rebuilt when passed). */
const COUNTER_HEADROOM = 16;

/**
 * Sequential counter (Sinz 2005) over all of xs with registers up to `cap`: returns outputs o
 * with o[j] true whenever at least j+1 of xs are true (o.length = cap; more than cap is
 * forbidden outright, as the caller never asks for more).
 */
function counterOutputs(scope: GuardScope, xs: readonly number[], cap: number): number[] {
  let prev: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const cur: number[] = [];
    const width = Math.min(cap, i + 1);
    for (let j = 0; j < width; j++) cur.push(scope.newVar());
    scope.addClause([-x, cur[0]!]);
    for (let j = 0; j < prev.length; j++) scope.addClause([-prev[j]!, cur[j]!]);
    for (let j = 1; j < width; j++) scope.addClause([-x, -prev[j - 1]!, cur[j]!]);
    if (prev.length === cap) scope.addClause([-x, -prev[cap - 1]!]);
    prev = cur;
  }
  return prev;
}

/** Sequential counter (Sinz 2005) in `scope`: at most k of xs are true. */
function atMost(scope: GuardScope, xs: readonly number[], k: number): void {
  const n = xs.length;
  if (k >= n) return;
  if (k === 0) {
    for (const x of xs) scope.addClause([-x]);
    return;
  }
  // r[j] = "at least j+1 of the first i are true", rolled over i.
  let prev: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    const x = xs[i]!;
    const cur: number[] = [];
    for (let j = 0; j < k; j++) cur.push(scope.newVar());
    scope.addClause([-x, cur[0]!]);
    if (i > 0) {
      for (let j = 0; j < k; j++) scope.addClause([-prev[j]!, cur[j]!]);
      for (let j = 1; j < k; j++) scope.addClause([-x, -prev[j - 1]!, cur[j]!]);
      scope.addClause([-x, -prev[k - 1]!]);
    }
    prev = cur;
  }
  scope.addClause([-xs[n - 1]!, -prev[k - 1]!]);
}
