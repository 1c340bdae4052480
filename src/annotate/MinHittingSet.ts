import { MiniSat } from '../sat/MiniSat.js';

/**
 * Minimum hitting sets, lexicographically first.
 *
 * The minimizer collects cores: cell sets that every valid annotation must hit. This class
 * answers "what is the smallest set of cells that hits every core, and among those the first
 * in row-major order?". Cells are numbered row-major, so row-major order of sorted sets is
 * plain lexicographic order of their sorted indices, and a set A comes before B exactly when
 * the smallest cell in which they differ belongs to A.
 *
 * It is a small SAT problem on its own MiniSat instance: one variable per candidate cell,
 * one clause per core (permanent: cores stay true), and per query a sequential counter
 * "at most k" under a guard. The smallest k is found by raising k from the previous optimum
 * (cores only grow, so the optimum never falls); then cells are fixed in or out in row-major
 * order, each decision checked by one solve, the current model answering most of them free.
 */
export class MinHittingSet {
  private sat = new MiniSat();
  private readonly varOf = new Map<number, number>();
  private readonly cellOf: number[] = [0];
  private lowerBound = 0;
  readonly cores: number[][] = [];
  solves = 0;

  /** Add a core (any order); an empty core means no hitting set exists. */
  addCore(core: readonly number[]): void {
    const sorted = [...core].sort((a, b) => a - b);
    this.cores.push(sorted);
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
    // A fresh instance per query: guarded counters of earlier queries would slow every solve.
    this.sat = new MiniSat();
    this.varOf.clear();
    for (const core of this.cores) this.sat.addClause(core.map((c) => this.cellVar(c)));
    const cells = [...this.varOf.keys()].sort((a, b) => a - b);
    const vars = cells.map((c) => this.varOf.get(c)!);
    let k = Math.max(this.lowerBound, 1);
    let g: number;
    for (;;) {
      g = this.sat.newVar();
      this.atMost(vars, k, g);
      this.solves++;
      if (this.sat.solve(g)) break;
      this.sat.addClause([-g]);
      k++;
    }
    this.lowerBound = k;
    if (!first) {
      const m = this.sat.model();
      this.sat.addClause([-g]);
      return cells.filter((_, i) => m[vars[i]!] === 1);
    }
    // Lexicographic tie-break under the round guard g.
    let model = this.sat.model();
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
      let inSet = model[v] === 1;
      const mine = coresOf.get(cells[i]!) ?? [];
      if (!inSet && mine.every((j) => hit[j])) {
        this.sat.addClause([-g, -v]);
        continue;
      }
      if (!inSet) {
        const h = this.sat.newVar();
        this.sat.addClause([-h, g]);
        this.sat.addClause([-h, v]);
        this.solves++;
        if (this.sat.solve(h)) {
          inSet = true;
          model = this.sat.model();
        }
        this.sat.addClause([-h]);
      }
      this.sat.addClause(inSet ? [-g, v] : [-g, -v]);
      if (inSet) {
        for (const j of mine) hit[j] = 1;
        chosen.push(cells[i]!);
        taken++;
      }
    }
    this.sat.addClause([-g]);
    return chosen;
  }

  private cellVar(cell: number): number {
    let v = this.varOf.get(cell);
    if (v === undefined) {
      v = this.sat.newVar();
      this.varOf.set(cell, v);
      this.cellOf[v] = cell;
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
