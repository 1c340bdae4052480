import { GuardScope } from '../sat/GuardScope.js';
import { CoreGuidedMinimum } from './CoreGuidedMinimum.js';
import { CoreIndex } from './CoreIndex.js';
import { searchHittingSet } from './localSearchHittingSet.js';
import type { SatSession } from '../sat/SatSession.js';
import type { SatSolver, SolveLimits } from '../sat/SatSolver.js';

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
 * to round (the optimum never falls as cores are added).
 *
 * Once a minimum hitting set is valid, its size k is the optimum for good, and the row-major
 * tie-break runs as a dialogue with the oracle (`beginTieBreak`, `tieBreakStep`, `accept`).
 * Cells are decided in row-major order, each for good: a cell is in when some valid set of
 * size k agrees with the decisions so far and holds it. A valid set that agrees with the
 * decisions (the witness) decides its own cells in for free; for another cell, a minimum
 * hitting set with the decisions and the cell is asked for (without SAT when disjoint cores
 * or local search settle it), and the oracle checks it: valid, it is the new witness; not,
 * its cores join and the same cell is asked again; no such hitting set, the cell is out.
 * Before, each round recomputed the whole row-major first minimum hitting set (a solve per
 * undecided cell) and the oracle checked only that; decided cells were decided again each
 * round. On the 20 Brown messages at n = 25, logic receiver, 10 s each: 11-321 hitting-set
 * solves per block whose size was settled instead of 165-8,038, and 10 blocks proven
 * instead of 8 (11 in a second run).
 *
 * Before that, the optimum was found by raising k under a sequential counter ("at most k - 1"
 * is UNSAT) and each tie-break decision was a solve under that counter. On the logic
 * receiver's cores those proofs took seconds each (see CoreGuidedMinimum.ts).
 *
 * The instance comes from a SatSession and is shared with the hitting sets of earlier blocks
 * (a new instance per block costs milliseconds): everything of this block lives in one base
 * `GuardScope`, each tie-break query in a child scope; `dispose()` retires the
 * base scope and with it every variable this block created. A block whose exact solve runs
 * past MOVE_AFTER_MS moves to an instance of its own instead (CaDiCaL, from scratch): the
 * shared instance carries every earlier block's learnt clauses and this block's relaxations,
 * and the hard bounds of the logic receiver were proved many times faster on a fresh CaDiCaL.
 *
 * Call order: addCore (any number) -> solve -> addCore ... ; once a set from `solve` (or one of
 * the size `provenBound`, e.g. from local search) is valid: beginTieBreak -> tieBreakStep ->
 * accept or addCore -> tieBreakStep ... until it gives the answer (no `solve` in between);
 * dispose, once.
 */
/**
 * Retired scopes still hold memory in the instance: past this many variables the block's
 * hitting sets move to a fresh instance with the same cores (learnt clauses are lost, the
 * answers are the same).
 */
const REBUILD_VARIABLES = 150_000;

/**
 * How long an exact solve for the optimum may run on the shared instance (ms, 50-5,000): past
 * it, the block's hitting sets move to an instance of their own (`SatSession.solo`: CaDiCaL),
 * where the same cores are solved from scratch, and stay there for the rest of the block. Most
 * blocks never take that long and keep the shared instance, which costs nothing to open. On
 * the 20 Brown messages, logic receiver, 10 s each, paired runs at n = 30: 14 proven with
 * 300 ms against 9 without the move; 13 with 300 ms against 10 with 1,000 ms; 14 with 100 ms
 * against 14 with 300 ms; at n = 25, 13 against 13 without the move, the unproven gap 8 cells
 * against 24 (docs/results/minimizer.md, issue 10).
 */
const MOVE_AFTER_MS = 300;

/**
 * Swaps the tie-break's local search may make for one decision before SAT is asked
 * (steps, 100-100,000). With it and the packing bound, 4 Brown messages at n = 25 (logic
 * receiver, 10 s each) made 315 tie-break SAT queries instead of 413, and one more was proven.
 */
const TIE_SEARCH_STEPS = 2_000;

/** State of a tie-break (see MinHittingSet.tie). */
interface TieBreak {
  readonly k: number;
  readonly query: GuardScope;
  /** The cells some core held when it began, row-major; `open` the same as a set. */
  readonly cells: readonly number[];
  readonly open: ReadonlySet<number>;
  next: number;
  readonly chosen: Set<number>;
  /** The cells decided out, row-major. */
  readonly out: number[];
  readonly hit: boolean[];
  witness: Set<number>;
}

/**
 * A lower bound on the hitting sets of `cores` without SAT: cores that share no cell need one
 * cell each. Greedy packing, smallest cores first (the small local cores of `switchCores`
 * pack well).
 */
function packing(cores: readonly (readonly number[])[]): number {
  const used = new Set<number>();
  let count = 0;
  const bySize = [...cores].sort((a, b) => a.length - b.length);
  for (const core of bySize) {
    if (core.some((c) => used.has(c))) continue;
    for (const c of core) used.add(c);
    count++;
  }
  return count;
}

export class MinHittingSet {
  /** This block's scope in the shared instance; opened on first use (most blocks need no annotation). */
  private baseScope: GuardScope | undefined;
  /** Once a solve ran past MOVE_AFTER_MS: this block's own instance, released with the block. */
  private own: SatSolver | undefined;
  private coreGuided: CoreGuidedMinimum | undefined;
  private readonly varOf = new Map<number, number>();
  private lowerBound = 0;
  /** The cores so far, each sorted, indexed both ways (for the tie-break and the local search). */
  readonly index = new CoreIndex();
  solves = 0;
  /**
   * The tie-break under way: decisions in row-major order over the core cells of its start
   * (`next` is the first undecided), the cells decided in, which cores they hit, and a valid
   * set of size k that agrees with every decision (the witness).
   */
  private tie: TieBreak | undefined;

  private readonly moveAfterMs: number;

  /** `moveAfterMs`: MOVE_AFTER_MS unless given (tests move every block at once with 0). */
  constructor(
    private readonly session: SatSession,
    options: { readonly moveAfterMs?: number } = {},
  ) {
    this.moveAfterMs = options.moveAfterMs ?? MOVE_AFTER_MS;
  }

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
    this.tie?.query.retire();
    this.tie = undefined;
    this.baseScope?.retire();
    this.baseScope = undefined;
    this.coreGuided = undefined;
    this.own?.release();
    this.own = undefined;
  }

  /** Add a core (any order); an empty core means no hitting set exists. */
  addCore(core: readonly number[]): void {
    const sorted = [...core].sort((a, b) => a - b);
    this.index.add(sorted);
    this.addCoreClause(sorted);
  }

  /** How many of the cores hold `cell`. */
  coresHolding(cell: number): number {
    return this.index.holding(cell).length;
  }

  /** The cores so far, in the order they were added, each sorted. */
  get cores(): readonly (readonly number[])[] {
    return this.index.cores;
  }

  /**
   * A lower bound on every hitting set of the cores so far, without a solve: the exact
   * solver's bound or the disjoint-core packing, whichever is larger.
   */
  get provenBound(): number {
    return Math.max(this.lowerBound, packing(this.cores));
  }

  /**
   * A minimum hitting set of the cores so far (whichever the engine finds), or null when a core
   * is empty; 'unknown' when the deadline stopped a solve.
   */
  solve(limits: SolveLimits = {}): number[] | null | 'unknown' {
    if (this.tie) throw new Error('internal error: solve during the tie-break');
    if (this.cores.some((c) => c.length === 0)) return null;
    if (this.cores.length === 0) return [];
    if (this.base.solver.numVars > REBUILD_VARIABLES) this.rebuild();
    // The optimum, core-guided (CoreGuidedMinimum.ts): its model is a minimum hitting set.
    this.solves++;
    const deadline = limits.deadline ?? Infinity;
    const moved = this.own !== undefined;
    let optimum = this.minimum.solve(moved ? limits : { ...limits, deadline: Math.min(deadline, performance.now() + this.moveAfterMs) });
    if (optimum === 'unknown' && !moved && performance.now() < deadline) {
      this.rebuild(true);
      optimum = this.minimum.solve(limits);
    }
    if (optimum === 'unknown') return 'unknown';
    if (optimum === 'unsat') return null;
    const k = this.minimum.lowerBound;
    this.lowerBound = Math.max(this.lowerBound, k);
    return this.modelCells(k);
  }

  /**
   * Start the row-major tie-break. require: `witness` hits every core with `provenBound` cells
   * and the oracle accepted it; its size k is then the optimum for good.
   */
  beginTieBreak(witness: readonly number[]): void {
    const k = witness.length;
    if (k !== this.provenBound) throw new Error('internal error: a tie-break without a proven optimum');
    if (this.base.solver.numVars > REBUILD_VARIABLES) this.rebuild();
    this.tie = {
      k,
      query: this.base.child(),
      cells: [...this.varOf.keys()].sort((a, b) => a - b),
      open: new Set(this.varOf.keys()),
      next: 0,
      chosen: new Set(),
      out: [],
      hit: [],
      witness: new Set(witness),
    };
  }

  /**
   * One step of the tie-break: `answer`, the row-major first valid set of size k; or `ask`, a
   * minimum hitting set for the oracle, answered by `accept(ask)` when it is valid and by
   * `addCore` (its cores) when not; 'unknown' when the deadline stopped a solve (call again
   * with more time, or give up).
   */
  tieBreakStep(limits: SolveLimits = {}): { answer: number[] } | { ask: number[] } | 'unknown' {
    const t = this.tie;
    if (!t) throw new Error('internal error: tieBreakStep before beginTieBreak');
    // The queries assume the core-guided bound: it must have reached k (a bound found by
    // packing or a hitting set found by local search leaves it lower).
    if (this.minimum.lowerBound < t.k) {
      this.solves++;
      const r = this.minimum.solve(limits);
      if (r === 'unknown') return 'unknown';
      if (r === 'unsat' || this.minimum.lowerBound !== t.k) throw new Error('internal error: the tie-break lost its optimum');
      this.lowerBound = t.k;
    }
    for (let j = t.hit.length; j < this.cores.length; j++) t.hit.push(this.cores[j]!.some((c) => t.chosen.has(c)));
    while (t.next < t.cells.length && t.chosen.size < t.k) {
      // Local search answers most steps without SAT, and so without the engine's deadline check.
      if (limits.deadline !== undefined && performance.now() > limits.deadline) return 'unknown';
      const cell = t.cells[t.next]!;
      const v = this.varOf.get(cell)!;
      const mine = this.index.holding(cell);
      const inSet = t.witness.has(cell);
      // A cell all of whose cores the cells already in hit cannot be in a minimum set: dropping
      // it would leave a smaller one. Nor can a cell shadowed by one decided out (`shadowed`).
      // Otherwise ask for a minimum hitting set with the decisions and this cell; 'unsat' shuts
      // it out for good.
      const unhit = inSet ? [] : mine.filter((j) => !t.hit[j]);
      if (unhit.length > 0 && !this.shadowed(t, unhit)) {
        const r = this.withoutSolve(t, cell) ?? this.bySat(t, v, limits);
        if (r === 'unknown') return 'unknown';
        if (r !== 'out') return { ask: r };
      }
      t.query.addClause(inSet ? [v] : [-v]);
      if (inSet) {
        t.chosen.add(cell);
        for (const j of mine) t.hit[j] = true;
      } else t.out.push(cell);
      t.next++;
    }
    return { answer: [...t.chosen] };
  }

  /**
   * True when a cell decided out holds every core in `unhit` (the cores the cell being decided
   * holds and the cells in leave unhit, ascending). Then the cell is out too: a minimum
   * hitting set with the decisions and this cell would stay one with that cell in its place,
   * and it would have put that cell in when it was decided (its cores then were a subset of
   * today's, the cells in then a subset of today's, and no cell decided out before it is in).
   */
  private shadowed(t: TieBreak, unhit: readonly number[]): boolean {
    return t.out.some((o) => {
      const theirs = this.index.holding(o);
      let i = 0;
      for (const j of unhit) {
        while (i < theirs.length && theirs[i]! < j) i++;
        if (theirs[i] !== j) return false;
      }
      return true;
    });
  }

  /**
   * The tie-break's question for `cell` ("is there a minimum hitting set with the decisions so
   * far and this cell?") answered without SAT where that is easy: 'out' when the cores the
   * cells in leave unhit, cut down to the cells still open (later in row-major order, and
   * held by a core when the tie-break began: no other cell is in any minimum hitting set),
   * need more cells than are left (disjoint-core packing); a set to ask about when local
   * search finds one; undefined when neither settles it.
   */
  private withoutSolve(t: TieBreak, cell: number): number[] | 'out' | undefined {
    const taken = new Set(t.chosen).add(cell);
    const rest: number[][] = [];
    for (const core of this.cores) {
      if (core.some((c) => taken.has(c))) continue;
      const open = core.filter((c) => c > cell && t.open.has(c));
      if (open.length === 0) return 'out';
      rest.push(open);
    }
    const need = t.k - taken.size;
    if (packing(rest) > need) return 'out';
    if (rest.length === 0) return need === 0 ? [...taken].sort((a, b) => a - b) : undefined;
    const start = [...t.witness].filter((c) => c > cell);
    const found = searchHittingSet(rest, { k: need, start, maxSteps: TIE_SEARCH_STEPS, seed: t.next });
    return found?.length === need ? [...taken, ...found].sort((a, b) => a - b) : undefined;
  }

  /**
   * The tie-break's question for the cell of variable `v`, by SAT under the core-guided
   * bound k: a minimum hitting set with the decisions and the cell, or 'out' when none has it.
   */
  private bySat(t: TieBreak, v: number, limits: SolveLimits): number[] | 'out' | 'unknown' {
    this.solves++;
    const r = t.query.solve(limits, [...this.minimum.assumptions(), v]);
    return r === 'sat' ? this.modelCells(t.k) : r === 'unsat' ? 'out' : 'unknown';
  }

  /** The oracle accepted the set the last `tieBreakStep` asked about: it becomes the witness. */
  accept(ask: readonly number[]): void {
    if (!this.tie) throw new Error('internal error: accept before beginTieBreak');
    this.tie.witness = new Set(ask);
  }

  /** The cells true in the engine's last model, row-major; a minimum hitting set of `k` cells. */
  private modelCells(k: number): number[] {
    const sat = this.base.solver;
    const out: number[] = [];
    for (const [cell, v] of this.varOf) if (sat.value(v) === 1) out.push(cell);
    if (out.length !== k) throw new Error(`internal error: a minimum hitting set of ${out.length} cells against a bound of ${k}`);
    return out.sort((a, b) => a - b);
  }

  /**
   * The same cores on a fresh instance: with `own`, one of the block's own (`SatSession.solo`;
   * once moved, a block stays on its own instances), else a new shared one.
   */
  private rebuild(own = this.own !== undefined): void {
    this.dispose();
    if (own) this.own = this.session.solo();
    this.baseScope = new GuardScope(this.own ?? this.session.fresh('hittingSets'));
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
