import type { MiniSat } from '../sat/MiniSat.js';
import type { SatSession } from '../solve/SatSession.js';

/**
 * Minimum hitting sets, lexicographically first.
 *
 * The minimizer collects cores: cell sets that every valid annotation must hit. This class
 * answers "what is the smallest set of cells that hits every core, and among those the first
 * in row-major order?". Cells are numbered row-major, so row-major order of sorted sets is
 * plain lexicographic order of their sorted indices, and a set A comes before B exactly when
 * the smallest cell in which they differ belongs to A.
 *
 * It is a small SAT problem on a MiniSat instance kept for hitting sets: one variable per
 * candidate cell, one clause per core (permanent: cores stay true), and per query a
 * sequential counter "at most k" under a guard. The smallest k is found by raising k from the
 * previous optimum (cores only grow, so the optimum never falls); then cells are fixed in or
 * out in row-major order, each decision checked by one solve, the current model answering most
 * of them free.
 *
 * The instance comes from a SatSession and is shared with the hitting sets of earlier blocks
 * (a new MiniSat per block costs milliseconds and a 64 MiB heap that the garbage collector
 * must then reclaim): everything of this block hangs off one base guard. Cores carry it, and every
 * query guard implies it, so one assumption still switches on the cores and the query;
 * `dispose()` retires the base guard and every variable this block created.
 */
const REBUILD_VARIABLES = 150_000;

export class MinHittingSet {
  // Created on first use: most blocks need no annotation and never ask for a hitting set.
  private satInstance: MiniSat | undefined;
  /** Base guard of this block's clauses in the shared instance. */
  private base = 0;
  private get sat(): MiniSat {
    return (this.satInstance ??= this.open(false));
  }

  constructor(private readonly session: SatSession) {}

  private open(fresh: boolean): MiniSat {
    const s = fresh ? this.session.fresh('hittingSets') : this.session.get(0, 'hittingSets');
    this.base = s.newVar();
    return s;
  }

  /** Switch this block's clauses off for good and retire its variables. */
  dispose(): void {
    const s = this.satInstance;
    if (s && !s.abortReason) s.retireGuarded(this.base, this.base + 1, s.numVars);
    this.satInstance = undefined;
  }
  private readonly varOf = new Map<number, number>();
  private lowerBound = 0;
  private counter: { g: number; k: number; n: number; firstVar: number; lastVar: number } | undefined;
  readonly cores: number[][] = [];
  solves = 0;

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
   * A minimum hitting set, or null when a core is empty. With `first`, the lexicographically
   * first one (costs one solve per undecided candidate); otherwise whichever MiniSat finds.
   */
  solve(first = true): number[] | null {
    if (this.cores.some((c) => c.length === 0)) return null;
    if (this.cores.length === 0) return [];
    if (this.sat.numVars > REBUILD_VARIABLES) this.rebuild();
    const cells = [...this.varOf.keys()].sort((a, b) => a - b);
    const vars = cells.map((c) => this.varOf.get(c)!);
    let k = Math.max(this.lowerBound, 1);
    let g: number;
    for (;;) {
      g = this.counterFor(vars, k);
      this.solves++;
      if (this.sat.solve(g)) break;
      k++;
    }
    this.lowerBound = k;
    if (!first) return cells.filter((_, i) => this.sat.value(vars[i]!) === 1);
    // Lexicographic tie-break: decisions are fixed under a query guard q that implies g.
    const firstQueryVar = this.sat.numVars + 1;
    let model = vars.map((v) => this.sat.value(v));
    const q = this.sat.newVar();
    this.sat.addClause([-q, g]);
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
    for (let i = 0; i < cells.length && taken < k; i++) {
      const v = vars[i]!;
      let inSet = model[i] === 1;
      const mine = coresOf.get(cells[i]!) ?? [];
      if (!inSet && mine.every((j) => hit[j])) {
        this.sat.addClause([-q, -v]);
        continue;
      }
      if (!inSet) {
        const h = this.sat.newVar();
        this.sat.addClause([-h, q]);
        this.sat.addClause([-h, v]);
        this.solves++;
        if (this.sat.solve(h)) {
          inSet = true;
          model = vars.map((x) => this.sat.value(x));
        }
        this.sat.addClause([-h]);
      }
      this.sat.addClause(inSet ? [-q, v] : [-q, -v]);
      if (inSet) {
        for (const j of mine) hit[j] = 1;
        chosen.push(cells[i]!);
        taken++;
      }
    }
    this.sat.retireGuarded(q, firstQueryVar, this.sat.numVars);
    return chosen;
  }

  /**
   * The guard of "at most k of these cells", reused while k and the candidate cells stay the
   * same (MiniSat's learnt clauses about the counter then carry over between queries); a new
   * counter replaces the old one otherwise.
   */
  private counterFor(vars: readonly number[], k: number): number {
    const c = this.counter;
    if (c && c.k === k && c.n === vars.length) return c.g;
    if (c) this.sat.retireGuarded(c.g, c.firstVar, c.lastVar);
    const firstVar = this.sat.numVars + 1;
    const g = this.sat.newVar();
    this.sat.addClause([-g, this.base]);
    this.atMost(vars, k, g);
    this.counter = { g, k, n: vars.length, firstVar, lastVar: this.sat.numVars };
    return g;
  }

  /**
   * Retired counters still hold memory in MiniSat's fixed heap: past a size, start a fresh
   * instance with the same cores (learnt clauses are lost, the answers are the same).
   */
  private rebuild(): void {
    this.satInstance = this.open(true);
    this.varOf.clear();
    this.counter = undefined;
    for (const core of this.cores) this.addCoreClause(core);
  }

  private addCoreClause(core: readonly number[]): void {
    const s = this.sat; // opens the instance and its base guard before any literal is made
    const lits = core.map((c) => this.cellVar(c));
    lits.push(-this.base);
    s.addClause(lits);
  }

  private cellVar(cell: number): number {
    let v = this.varOf.get(cell);
    if (v === undefined) {
      v = this.sat.newVar();
      this.varOf.set(cell, v);
    }
    return v;
  }

  /** Sequential counter (Sinz 2005): at most k of xs are true while g is assumed. */
  private atMost(xs: readonly number[], k: number, g: number): void {
    const s = this.sat;
    const n = xs.length;
    if (k >= n) return;
    if (k === 0) {
      for (const x of xs) s.addClause([-g, -x]);
      return;
    }
    // r[j] = "at least j+1 of the first i are true", rolled over i.
    let prev: number[] = [];
    for (let i = 0; i < n - 1; i++) {
      const x = xs[i]!;
      const cur: number[] = [];
      for (let j = 0; j < k; j++) cur.push(s.newVar());
      s.addClause([-g, -x, cur[0]!]);
      if (i > 0) {
        for (let j = 0; j < k; j++) s.addClause([-g, -prev[j]!, cur[j]!]);
        for (let j = 1; j < k; j++) s.addClause([-g, -x, -prev[j - 1]!, cur[j]!]);
        s.addClause([-g, -x, -prev[k - 1]!]);
      }
      prev = cur;
    }
    s.addClause([-g, -xs[n - 1]!, -prev[k - 1]!]);
  }
}
