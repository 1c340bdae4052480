import { Deadline, SearchTimeout } from '../Deadline.js';
import { AnswerTable } from '../model/AnswerTable.js';
import { Knowledge } from '../model/Knowledge.js';
import type { Rules } from '../model/Rules.js';
import { levelsSize, type Levels } from '../tuple/Levels.js';
import { GAMES_TUNING } from '../tuning.js';
import { SearchContext } from './SearchContext.js';

/**
 * Lower bounds: a proof that no strategy wins every play within h - 1 guesses, so the game
 * needs at least h (`bound --guesses h`).
 *
 * A worst-first exhaustive search (the PPBFB idea of the thesis chapter, docs/GAMES.md
 * References; our own design): a tuple with t guesses left is lost when every guess (one per
 * symmetry class) has an answer whose child is lost with t - 1. The volume bound
 * (tuple/Volume.ts) decides most tuples at once, and one step
 * ahead it refutes most guesses from their class counts alone; only guesses that survive it
 * have children searched, heaviest child (relative to its bound) first. With t = 2 the
 * one-step check is exact (each child must hold at most one code, truthful end), so the
 * search never goes below it. Lost tuples are remembered (transpositions). The search is
 * exact: when it ends without a deadline, its answer is a proof either way.
 */
export interface BoundResult {
  /** `proven`: no strategy wins within h - 1; `refuted`: one does; `unknown`: the limit came first. */
  readonly status: 'proven' | 'refuted' | 'unknown';
  /** h: the bound asked for. */
  readonly guesses: number;
  /** Tuples searched. */
  readonly nodes: number;
  /** Guesses refuted by the one-step volume check, without a search below them. */
  readonly volumeCuts: number;
  readonly ms: number;
  /** When the volume bound alone proves it (no search at all). */
  readonly byVolume: boolean;
}

export interface BoundOptions {
  /** `performance.now()` time to stop at. */
  readonly deadline?: number;
  readonly table?: AnswerTable;
  /** Remembered lost tuples at most (memory; default BOUND_MEMO in tuning.ts). */
  readonly memo?: number;
}

export function proveBound(rules: Rules, guesses: number, options: BoundOptions = {}): BoundResult {
  const started = performance.now();
  const deadline = new Deadline(options.deadline);
  AnswerTable.assertFits(rules.game);
  const t = guesses - 1;
  let status: BoundResult['status'] = 'unknown';
  let ctx: SearchContext | undefined;
  let search: BoundSearch | undefined;
  let byVolume = false;
  try {
    ctx = SearchContext.of(rules, options.table, deadline);
    ctx.deadline = deadline;
    search = new BoundSearch(ctx, options.memo ?? GAMES_TUNING.BOUND_MEMO.value);
    const root = Knowledge.initial(rules).lists();
    byVolume = !ctx.volume.allows(root, t);
    status = search.lost(root, t, []) ? 'proven' : 'refuted';
  } catch (e) {
    if (!(e instanceof SearchTimeout)) throw e;
  } finally {
    if (ctx) ctx.deadline = Deadline.never;
  }
  return { status, guesses, nodes: search?.nodes ?? 0, volumeCuts: search?.volumeCuts ?? 0, ms: performance.now() - started, byVolume };
}

/** Tuples past this many codes are not remembered. */
const MEMO_MAX_CODES = 4096;

class BoundSearch {
  nodes = 0;
  volumeCuts = 0;
  private readonly memo = new Set<string>();

  constructor(
    private readonly ctx: SearchContext,
    private readonly memoMax: number,
  ) {}

  /** True when no strategy wins `levels` within t guesses. */
  lost(levels: Levels, t: number, history: number[]): boolean {
    const { ctx } = this;
    const codes = levelsSize(levels);
    if (codes === 0) return false;
    if (t <= 0) return true;
    if (!ctx.volume.allows(levels, t)) return true;
    this.nodes++;
    ctx.deadline.check();
    // Only small tuples repeat; a key for a large one costs more than it could save.
    const key = codes <= MEMO_MAX_CODES ? t + ':' + levels.map((l) => l.join(',')).join('|') : undefined;
    if (key !== undefined && this.memo.has(key)) return true;
    const { part, volume } = ctx;
    const limit = volume.b(t - 1);
    const pool = ctx.guessPool(levels, history, codes);
    const n = pool ? pool.length : ctx.table.size;
    const weights = ctx.childWeights(t - 1);
    // Guesses the one-step check cannot refute, with their lightest worst child (best first).
    const open: { g: number; worst: number }[] = [];
    for (let i = 0; i < n; i++) {
      const g = pool ? pool[i]! : i;
      ctx.deadline.tick(codes);
      const { worst } = ctx.weigh(levels, g, weights);
      if (worst > limit) this.volumeCuts++;
      else open.push({ g, worst });
    }
    if (open.length > 0 && t - 1 <= 1) return false; // exact at t = 2: a guess passed
    open.sort((a, b) => a.worst - b.worst);
    for (const { g } of open) {
      const kids = part
        .liveAnswers(levels, g)
        .map((r) => part.child(levels, g, r))
        .map((child) => ({ child, w: volume.weight(child, t - 1) }))
        .sort((a, b) => b.w - a.w);
      history.push(g);
      let refuted = false;
      try {
        for (const k of kids) {
          if (this.lost(k.child, t - 1, history)) {
            refuted = true;
            break;
          }
        }
      } finally {
        history.pop();
      }
      if (!refuted) return false;
    }
    if (key !== undefined && this.memo.size < this.memoMax) this.memo.add(key);
    return true;
  }
}
