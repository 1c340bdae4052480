import { NonocryptError } from '../../errors.js';
import type { Grid } from '../../grid/Puzzle.js';
import { PictureJudge, type Judgement, type MakeTarget, type Zone } from './PictureJudge.js';

export interface ChangeSearchOptions {
  readonly target: MakeTarget;
  /** With the target `line-solvable`: line logic solves the picture within this many passes (PictureJudge). */
  readonly maxPasses?: number;
  /** What changing each cell costs (row-major, >= 0); 1 a cell when absent. */
  readonly costs?: ArrayLike<number>;
  /** Cells (row-major indices) that may not change. */
  readonly keep?: readonly number[];
  /** Change at most this many cells. */
  readonly maxChanges?: number;
  /** `performance.now()` time (ms) at which the search stops and keeps the best found. */
  readonly deadline?: number;
  /**
   * `greedy`: the greedy search and its removal pass alone (the benchmark's plain method);
   * `prove` (the default): those, destroy and repair, then the proof of the fewest changes by
   * iterative deepening.
   */
  readonly method?: 'greedy' | 'prove';
}

/**
 * What the search found. `lowerBound` is proved: every set of fewer changed cells was tried,
 * the tries pruned only by the sound zones of PictureJudge, and none meets the target. So the
 * changes are the proven fewest when `lowerBound` equals their count.
 */
export interface ChangeSearchResult {
  /** The cells changed, ascending; absent when no set of changes meeting the target was found. */
  readonly changes?: readonly number[];
  /** Their total cost (costs). */
  readonly cost?: number;
  /** No picture with fewer changed cells meets the target (proved). */
  readonly lowerBound: number;
  /** No set of as many changes (`changes.length`) with a lower cost meets the target (proved). */
  readonly cheapestProven: boolean;
  /** Every set of at most maxChanges cells was tried, and none meets the target. */
  readonly exhausted: boolean;
  /** Why the proof stopped short, when it did. */
  readonly stoppedBy?: 'time limit' | 'undecided candidates';
  /** Pictures judged (line logic from nothing, each on a core of its own). */
  readonly runs: number;
  /** The greedy search's changes before the proof improved them (absent when it found none or did not run). */
  readonly greedyChanges?: number;
}

/** Slack for comparing sums of costs (costs are at most 1 a cell). */
const COST_EPSILON = 1e-9;
/**
 * Destroy and repair (ChangeSearch.repair) runs while the best has this many changes or more
 * (unit: changes; range 2 and up): with 2 or 3, the proof's levels 1 and 2 settle most of the
 * benchmark's icons within the time limit (docs/results/make.md), so the time goes there.
 */
const REPAIR_FROM = 4;
/** A group move (ChangeSearch.groupMove) changes at most this many cells of one line (unit: cells). */
const GROUP_CELLS = 6;
/**
 * The greedy search by single changes stops at this many times the changes of the one with group
 * moves (unit: ratio, 1 and up): its removal pass may take back many of its changes, so a bound of
 * 1 cuts searches that end better (bootstrap-icons telephone-minus at 24x24: 14 changes with a
 * bound of 1, 12 with 2), while no bound lets it run long (cursor at 30x30: 115 steps, 11 s).
 */
const GREEDY_BOUND = 2;
/** Share of the time limit destroy and repair may take (range 0-1), and its tries at most. */
const REPAIR_SHARE = 0.4;
/**
 * When the greedy answer has this many changes or more (unit: changes), the proof cannot reach it
 * (it proves 2 or 3 changes within the limit), so destroy and repair takes LARGE_REPAIR_SHARE of
 * the time and takes LARGE_REPAIR_DROP changes back a try while the best stays this large.
 * Measured with an 8 s limit on the benchmark's largest (docs/results/make.md): at 30x30,
 * chevron-double-right 25 -> 9, cursor 14 -> 10 (telephone-minus 14 -> 15; with 3 a try: 16, 11,
 * 15; with share 0.6 and 4 a try: 23, 13, 15).
 */
const LARGE_FROM = 10;
const LARGE_REPAIR_SHARE = 0.8;
const LARGE_REPAIR_DROP = 4;
const REPAIR_TRIES = 200;
/** Its time without a time limit (unit: ms). */
const REPAIR_UNBOUNDED_MS = 5000;
/** Internal nodes' judgements kept between levels of the deepening (unit: entries; each holds two line masks). */
const MEMO_ENTRIES = 200_000;

/**
 * The fewest cells to change in a picture so that it meets a target (PictureJudge.ts), then the
 * cheapest such change among those of that size.
 *
 * 1. Greedy: change the cell that leaves line logic the fewest open cells (ties: the nearest to
 *    forcing a line, PictureClues.forcingSlack; then the cheapest), until the target is met; then drop every
 *    change that is not needed. Where no single change leaves fewer open cells than now, a group
 *    move may empty or fill a line in a few changes (groupMove). This gives an upper bound
 *    fast. While it has many changes, destroy and repair (`repair`) looks for fewer.
 * 2. Proof by iterative deepening on the number of changes k = 1, 2, ...: a depth-first search
 *    over sets of k cells, where each node branches only on the cells of its picture's zone
 *    (every helpful set of further changes holds one), the i-th branch excluding the cells of
 *    the branches before it (so each set is met once). A level tried to its end proves that no
 *    set of k cells works; the first level that finds one is the fewest. At the level of the
 *    best found, the search goes on for a cheaper set (pruning by cost), so the answer is the
 *    cheapest among the fewest when that level ends.
 * The difficulty targets (`probing`, `search`) have no zones and no greedy step: every cell is
 * a candidate at every node.
 *
 * Call order: construct; `run()` once.
 */
export class ChangeSearch {
  private readonly judge: PictureJudge;
  private readonly n: number;
  private readonly cur: Uint8Array;
  private readonly free: Uint8Array;
  private readonly costs: Float64Array;
  private readonly excluded: Uint8Array;
  private readonly flipped: number[] = [];
  private readonly deadline: number;
  private readonly minCost: number;
  private readonly memo = new Map<string, Judgement>();
  private best: { cells: number[]; cost: number } | undefined;
  private undecided = false;
  /** A greedy search made a group move (groupMove). */
  private groupMoved = false;

  constructor(
    private readonly start: Grid,
    private readonly options: ChangeSearchOptions,
  ) {
    const { width, height } = start;
    this.n = width * height;
    this.deadline = options.deadline ?? Infinity;
    this.judge = new PictureJudge(width, height, options.target, this.deadline, options.maxPasses);
    this.cur = start.cells.slice();
    this.free = new Uint8Array(this.n).fill(1);
    for (const c of options.keep ?? []) this.free[c] = 0;
    this.costs = new Float64Array(this.n).fill(1);
    if (options.costs) for (let i = 0; i < this.n; i++) this.costs[i] = Math.max(0, options.costs[i]!);
    this.excluded = new Uint8Array(this.n);
    let min = Infinity;
    for (let i = 0; i < this.n; i++) if (this.free[i]) min = Math.min(min, this.costs[i]!);
    this.minCost = Number.isFinite(min) ? min : 0;
  }

  run(): ChangeSearchResult {
    const maxChanges = Math.min(this.options.maxChanges ?? Infinity, this.free.reduce((a, b) => a + b, 0));
    const root = this.judge.judge(this.cur, true);
    if (root.met) return { changes: [], cost: 0, lowerBound: 0, cheapestProven: true, exhausted: false, runs: this.judge.runs };
    let lowerBound = root.decided ? 1 : 0;
    let proving = root.decided;
    this.undecided = !root.decided;
    let greedyChanges: number | undefined;
    if (this.options.target === 'line-solvable' || this.options.target === 'unique') {
      // The first greedy search runs to its end whatever the time limit: without it there is no
      // picture to report. It makes group moves: on thin outlines it is short and far better
      // (bootstrap-icons cursor at 30x30: 18 changes in 0.7 s, against 115 in 11 s by single
      // changes alone). When it made one, the greedy search by single changes runs too, bounded
      // by GREEDY_BOUND times its changes and by the time limit: on some icons it is the better
      // (chevron-bar-left), on others it takes longer than the first (bootstrap-icons code-slash
      // at 30x30: 0.6 s, then 1.3 s to fail), and the Draw tab's first answer has a short limit.
      for (const groups of [true, false]) {
        if (!groups && this.best && !this.groupMoved) break; // no group move made: the same search
        const bound = this.best ? Math.min(maxChanges, GREEDY_BOUND * this.best.cells.length) : maxChanges;
        const g = this.greedy(root, bound, this.best ? this.deadline : Infinity, [], undefined, groups);
        if (g) this.keepBetter(g);
      }
      if (this.best) {
        greedyChanges = this.best.cells.length;
        if (this.options.method !== 'greedy') this.repair(root, maxChanges);
      }
    }
    let cheapestProven = false;
    let stoppedBy: ChangeSearchResult['stoppedBy'];
    let tried = 0;
    if (this.options.method !== 'greedy') {
      for (let k = 1; k <= Math.min(maxChanges, this.best ? this.best.cells.length : Infinity); k++) {
        this.undecided = false;
        const end = this.level(k, root);
        if (end === 'stopped') {
          stoppedBy = 'time limit';
          break;
        }
        const complete = !this.undecided;
        if (!complete) stoppedBy = 'undecided candidates';
        proving &&= complete;
        if (proving && !(this.best && this.best.cells.length <= k)) lowerBound = k + 1;
        if (proving) tried = k;
        if (this.best && this.best.cells.length === k) {
          cheapestProven = complete;
          break;
        }
      }
    }
    const runs = this.judge.runs;
    const base = { runs, ...(greedyChanges !== undefined ? { greedyChanges } : {}), ...(stoppedBy && !(this.best && cheapestProven) ? { stoppedBy } : {}) };
    if (!this.best) return { lowerBound, cheapestProven: false, exhausted: proving && tried >= maxChanges && Number.isFinite(maxChanges), ...base };
    // A set of changes below a proven lower bound would be a bug in a proof: never reported.
    if (this.best.cells.length < lowerBound) throw new NonocryptError('E_INTERNAL', `internal error: ${this.best.cells.length} changes work where ${lowerBound} were proven needed`);
    const cells = [...this.best.cells].sort((a, b) => a - b);
    return { changes: cells, cost: this.best.cost, lowerBound, cheapestProven: cheapestProven || (this.minCost === 1 && allCostOne(this.costs)), exhausted: false, ...base };
  }

  private costOf(cells: readonly number[]): number {
    return cells.reduce((s, c) => s + this.costs[c]!, 0);
  }

  private flip(c: number): void {
    this.cur[c]! ^= 1;
    this.flipped.push(c);
  }

  private unflip(): void {
    this.cur[this.flipped.pop()!]! ^= 1;
  }

  /** The free cells of `zone` (all free cells when there is none) not changed yet nor excluded: cheapest first, then those inside the zone's rows and columns both. */
  private candidates(zone: Zone | undefined): number[] {
    const { width } = this.start;
    const inFlips = new Set(this.flipped);
    const out: number[] = [];
    const inside = (i: number) => (zone ? (zone.rows[Math.floor(i / width)]! & zone.cols[i % width]!) : 0);
    for (let i = 0; i < this.n; i++) {
      if (!this.free[i] || this.excluded[i] || inFlips.has(i)) continue;
      if (zone && !zone.rows[Math.floor(i / width)] && !zone.cols[i % width]) continue;
      out.push(i);
    }
    return out.sort((a, b) => this.costs[a]! - this.costs[b]! || inside(b) - inside(a) || a - b);
  }

  /** Greedy changes from the start picture and `from` (class comment), then those not needed dropped; undefined when it fails or `stopAt` (a performance.now() time) passes. */
  private greedy(root: Judgement, maxChanges: number, stopAt: number, from: readonly number[] = [], rand?: () => number, groups = false): number[] | undefined {
    for (const c of from) this.flip(c);
    let j = from.length ? this.judge.judge(this.cur, false, true) : root;
    try {
      while (!j.met) {
        if (this.flipped.length >= maxChanges || performance.now() > stopAt) return undefined;
        let pick = -1;
        let pickOpen = Infinity;
        let pickSlack = Infinity;
        let ties = 1;
        // Every free cell: the zone says where a change must be, not which change helps most (on
        // bootstrap-icons magic at 24x24, zone candidates led greedy to 45 changes, all cells to 6).
        for (const c of this.candidates(undefined)) {
          this.flip(c);
          const open = this.judge.openCells(this.cur);
          const slack = open <= pickOpen ? this.judge.forcingSlack(this.cur) : Infinity;
          this.unflip();
          // Candidates come cheapest first: a later one must be strictly better (with `rand`, an
          // equal one replaces the pick with chance 1/ties: a uniform choice among the equals).
          if (open < pickOpen || (open === pickOpen && slack < pickSlack)) {
            pick = c;
            pickOpen = open;
            pickSlack = slack;
            ties = 1;
          } else if (rand && open === pickOpen && slack === pickSlack && rand() * ++ties < 1) pick = c;
        }
        if (pick < 0) return undefined;
        const group = groups && pickOpen >= j.open ? this.groupMove(j.open, pickOpen, maxChanges) : undefined;
        if (group) this.groupMoved = true;
        for (const c of group ?? [pick]) this.flip(c);
        j = this.judge.judge(this.cur, false, true);
      }
      const cells = [...this.flipped];
      // Drop each change the target does not need, dearest first.
      for (const c of [...cells].sort((a, b) => this.costs[b]! - this.costs[a]!)) {
        this.cur[c]! ^= 1;
        if (this.judge.judge(this.cur, false, true).met) cells.splice(cells.indexOf(c), 1);
        else this.cur[c]! ^= 1;
      }
      return cells;
    } finally {
      this.cur.set(this.start.cells);
      this.flipped.length = 0;
    }
  }

  /**
   * A group move for a stalled greedy step (no single change leaves fewer open cells than now):
   * a line with at most GROUP_CELLS cells that differ from empty (or from full) made empty (or
   * full), so that line logic fixes it whole. Of those, the one that frees the most open cells
   * for each cell it changes, when it leaves fewer open cells than `single` (the best single
   * change's) and than `current` (now's); else undefined.
   */
  private groupMove(current: number, single: number, maxChanges: number): number[] | undefined {
    const { width, height } = this.start;
    const inFlips = new Set(this.flipped);
    let best: number[] | undefined;
    let bestRate = 0;
    const tryLine = (start: number, step: number, n: number) => {
      for (const want of [0, 1]) {
        const g: number[] = [];
        for (let i = 0, at = start; i < n; i++, at += step) if (this.cur[at] !== want) g.push(at);
        if (g.length < 2 || g.length > GROUP_CELLS || this.flipped.length + g.length > maxChanges) continue;
        if (g.some((c) => !this.free[c] || inFlips.has(c))) continue;
        for (const c of g) this.cur[c]! ^= 1;
        const open = this.judge.openCells(this.cur);
        for (const c of g) this.cur[c]! ^= 1;
        const rate = (current - open) / g.length;
        if (open < single && rate > bestRate) {
          best = g;
          bestRate = rate;
        }
      }
    };
    for (let y = 0; y < height; y++) tryLine(y * width, 1, width);
    for (let x = 0; x < width; x++) tryLine(x, width, height);
    return best;
  }

  /**
   * Destroy and repair: while the best has REPAIR_FROM changes or more (too many for the proof
   * to reach), take two of its changes back at random (LARGE_REPAIR_DROP while it has LARGE_FROM
   * or more) and finish the picture greedily again, equal candidates chosen at random; keep what
   * is better. Up to REPAIR_SHARE of the time (LARGE_REPAIR_SHARE when the best starts large).
   */
  private repair(root: Judgement, maxChanges: number): void {
    const started = performance.now();
    const share = this.best!.cells.length >= LARGE_FROM ? LARGE_REPAIR_SHARE : REPAIR_SHARE;
    const until = Number.isFinite(this.deadline) ? started + share * (this.deadline - started) : started + REPAIR_UNBOUNDED_MS;
    let seed = 0x9e3779b9;
    const rand = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 4294967296;
    };
    for (let tries = 0; tries < REPAIR_TRIES && this.best!.cells.length >= REPAIR_FROM && performance.now() < until; tries++) {
      const keep = [...this.best!.cells];
      const drops = keep.length >= LARGE_FROM ? LARGE_REPAIR_DROP : 2;
      for (let drop = 0; drop < drops && keep.length > 0; drop++) keep.splice(Math.floor(rand() * keep.length), 1);
      const g = this.greedy(root, maxChanges, until, keep, rand, tries % 2 === 0);
      if (g) this.keepBetter(g);
    }
  }

  /** `cells` (costing `cost`) becomes the best when it has fewer changes than the best, or as many and costs less. */
  private keepBetter(cells: number[], cost = this.costOf(cells)): void {
    if (!this.best || cells.length < this.best.cells.length || (cells.length === this.best.cells.length && cost < this.best.cost - COST_EPSILON)) this.best = { cells, cost };
  }

  /** Every set of k changes (pruned by zones and by cost), keeping the best; 'stopped' at the deadline. */
  private level(k: number, root: Judgement): 'done' | 'stopped' {
    this.excluded.fill(0);
    return this.node(k, 0, root);
  }

  /** The node of the changes made (`flipped`); `parent`, its parent's judgement (the root's own at depth 0). */
  private node(k: number, cost: number, parent: Judgement): 'done' | 'stopped' {
    if (performance.now() > this.deadline) return 'stopped';
    const depth = this.flipped.length;
    if (this.pruned(k, depth, cost)) return 'done';
    if (depth === k) {
      const j = this.judgeHere(parent, false);
      if (!j.decided) this.undecided = true;
      if (j.met) this.keepBetter([...this.flipped], cost);
      return 'done';
    }
    const j = depth === 0 ? parent : this.internal(parent);
    if (!j.decided) this.undecided = true;
    if (j.met) {
      this.keepBetter([...this.flipped], cost);
      return 'done';
    }
    const marked: number[] = [];
    try {
      for (const c of this.candidates(j.zone)) {
        if (this.pruned(k, depth + 1, cost + this.costs[c]!)) break; // candidates are cheapest first
        this.flip(c);
        const end = this.node(k, cost + this.costs[c]!, j);
        this.unflip();
        if (end === 'stopped') return 'stopped';
        this.excluded[c] = 1;
        marked.push(c);
      }
      return 'done';
    } finally {
      for (const c of marked) this.excluded[c] = 0;
    }
  }

  /** An internal node's judgement with its zone, kept for the next levels. */
  private internal(parent: Judgement): Judgement {
    const key = [...this.flipped].sort((a, b) => a - b).join(',');
    let j = this.memo.get(key);
    if (!j) {
      j = this.judgeHere(parent, true);
      if (this.memo.size < MEMO_ENTRIES) this.memo.set(key, j);
    }
    return j;
  }

  /** The current picture judged, from its parent's fixpoint when it has one (PictureJudge.judgeChange). */
  private judgeHere(parent: Judgement, wantZone: boolean): Judgement {
    const last = this.flipped[this.flipped.length - 1]!;
    return parent.fixpoint ? this.judge.judgeChange(this.cur, parent.fixpoint, last, wantZone) : this.judge.judge(this.cur, wantZone);
  }

  /** No set of k changes below this node can beat the best: it has fewer cells, or as many and costs no more than the cheapest rest can. */
  private pruned(k: number, depth: number, cost: number): boolean {
    const b = this.best;
    if (!b || b.cells.length > k) return false;
    return cost + (k - depth) * this.minCost >= b.cost - COST_EPSILON;
  }
}

function allCostOne(costs: Float64Array): boolean {
  return costs.every((c) => c === 1);
}
