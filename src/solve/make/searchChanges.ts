import type { Grid } from '../../grid/Puzzle.js';
import { PictureJudge, type Judgement, type MakeTarget, type Zone } from './PictureJudge.js';

export interface ChangeSearchOptions {
  readonly target: MakeTarget;
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
   * `prove` (the default): those, then the proof of the fewest changes by iterative deepening.
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
/** Internal nodes' judgements kept between levels of the deepening (unit: entries; each holds two line masks). */
const MEMO_ENTRIES = 200_000;

/**
 * The fewest cells to change in a picture so that it meets a target (PictureJudge.ts), then the
 * cheapest such change among those of that size.
 *
 * 1. Greedy: change the cell that leaves line logic the fewest open cells (ties: the nearest to
 *    forcing a line, forcingSlack; then the cheapest), until the target is met; then drop every
 *    change that is not needed. This gives an upper bound fast.
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

  constructor(
    private readonly start: Grid,
    private readonly options: ChangeSearchOptions,
  ) {
    const { width, height } = start;
    this.n = width * height;
    this.deadline = options.deadline ?? Infinity;
    this.judge = new PictureJudge(width, height, options.target, this.deadline);
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
      const g = this.greedy(root, maxChanges);
      if (g) {
        greedyChanges = g.length;
        this.best = { cells: g, cost: this.costOf(g) };
      }
    }
    let cheapestProven = false;
    let stoppedBy: ChangeSearchResult['stoppedBy'];
    let tried = 0;
    if (this.options.method !== 'greedy') {
      for (let k = 1; k <= Math.min(maxChanges, this.best ? this.best.cells.length : Infinity); k++) {
        this.undecided = false;
        const end = this.level(k);
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

  /** Greedy changes from the start picture (class comment), then those not needed dropped; undefined when it fails. */
  private greedy(root: Judgement, maxChanges: number): number[] | undefined {
    let j = root;
    try {
      while (!j.met) {
        if (this.flipped.length >= maxChanges || performance.now() > this.deadline) return undefined;
        let pick = -1;
        let pickOpen = Infinity;
        let pickSlack = Infinity;
        // Every free cell: the zone says where a change must be, not which change helps most (on
        // bootstrap-icons magic at 24x24, zone candidates led greedy to 45 changes, all cells to 6).
        for (const c of this.candidates(undefined)) {
          this.flip(c);
          const open = this.judge.openCells(this.cur);
          const slack = open <= pickOpen ? forcingSlack(this.start.width, this.start.height, this.cur) : Infinity;
          this.unflip();
          // Candidates come cheapest first: a later one must be strictly better.
          if (open < pickOpen || (open === pickOpen && slack < pickSlack)) {
            pick = c;
            pickOpen = open;
            pickSlack = slack;
          }
        }
        if (pick < 0) return undefined;
        this.flip(pick);
        j = this.judge.judge(this.cur, false);
      }
      const cells = [...this.flipped];
      // Drop each change the target does not need, dearest first.
      for (const c of [...cells].sort((a, b) => this.costs[b]! - this.costs[a]!)) {
        this.cur[c]! ^= 1;
        if (this.judge.judge(this.cur, false).met) cells.splice(cells.indexOf(c), 1);
        else this.cur[c]! ^= 1;
      }
      return cells;
    } finally {
      this.cur.set(this.start.cells);
      this.flipped.length = 0;
    }
  }

  /** Every set of k changes (pruned by zones and by cost), keeping the best; 'stopped' at the deadline. */
  private level(k: number): 'done' | 'stopped' {
    this.excluded.fill(0);
    return this.node(k, 0);
  }

  private node(k: number, cost: number): 'done' | 'stopped' {
    if (performance.now() > this.deadline) return 'stopped';
    const depth = this.flipped.length;
    if (this.pruned(k, depth, cost)) return 'done';
    if (depth === k) {
      const j = this.judge.judge(this.cur, false);
      if (!j.decided) this.undecided = true;
      if (j.met) this.found(cost);
      return 'done';
    }
    const j = this.internal();
    if (!j.decided) this.undecided = true;
    if (j.met) {
      this.found(cost);
      return 'done';
    }
    const marked: number[] = [];
    try {
      for (const c of this.candidates(j.zone)) {
        if (this.pruned(k, depth + 1, cost + this.costs[c]!)) break; // candidates are cheapest first
        this.flip(c);
        const end = this.node(k, cost + this.costs[c]!);
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
  private internal(): Judgement {
    const key = [...this.flipped].sort((a, b) => a - b).join(',');
    let j = this.memo.get(key);
    if (!j) {
      j = this.judge.judge(this.cur, true);
      if (this.memo.size < MEMO_ENTRIES) this.memo.set(key, j);
    }
    return j;
  }

  /** No set of k changes below this node can beat the best: it has fewer cells, or as many and costs no more than the cheapest rest can. */
  private pruned(k: number, depth: number, cost: number): boolean {
    const b = this.best;
    if (!b || b.cells.length > k) return false;
    return cost + (k - depth) * this.minCost >= b.cost - COST_EPSILON;
  }

  private found(cost: number): void {
    const cells = [...this.flipped];
    if (!this.best || cells.length < this.best.cells.length || (cells.length === this.best.cells.length && cost < this.best.cost - COST_EPSILON)) this.best = { cells, cost };
  }
}

/**
 * How far line logic is from starting on the picture's clues, as a number to minimize: a line's
 * overlap lacks (slack - longest block + 1) cells before its first cell is forced (at most 0:
 * forced already; an empty line is forced whole, -length), and the two smallest lacks are
 * weighed as (first * 1000 + second). The greedy search breaks ties of open cells with it: on
 * outline icons line logic fixes no cell at all, and the open count alone cannot tell one change
 * from another (bootstrap-icons circle, patch-minus, sign-dead-end at 24x24: 576 open after
 * every single change), while this leads to a forced line in a few changes.
 */
function forcingSlack(width: number, height: number, cells: Uint8Array): number {
  let first = Infinity;
  let second = Infinity;
  const add = (lack: number) => {
    if (lack < first) [first, second] = [lack, first];
    else if (lack < second) second = lack;
  };
  const line = (start: number, step: number, n: number) => {
    let sum = 0;
    let blocks = 0;
    let longest = 0;
    let run = 0;
    for (let i = 0, at = start; i <= n; i++, at += step) {
      if (i < n && cells[at]) run++;
      else if (run > 0) {
        sum += run;
        blocks++;
        longest = Math.max(longest, run);
        run = 0;
      }
    }
    add(blocks === 0 ? -n : n - sum - (blocks - 1) - longest + 1);
  };
  for (let y = 0; y < height; y++) line(y * width, 1, width);
  for (let x = 0; x < width; x++) line(x, width, height);
  return first * 1000 + second;
}

function allCostOne(costs: Float64Array): boolean {
  return costs.every((c) => c === 1);
}
