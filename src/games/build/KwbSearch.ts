import { compareVectors } from '../tuple/compareVectors.js';
import { levelsSize, type Levels } from '../tuple/Levels.js';
import { GAMES_TUNING } from '../tuning.js';
import type { SearchContext } from './SearchContext.js';

/**
 * The chapter's k-way branching (KWB) builder (the thesis chapter: docs/explanation/games.md, References),
 * generalized to e lies. At a tuple every guess
 * (one per symmetry class near the root) splits each level C^(j) into classes by true
 * answer. Guesses whose splits look alike, by the hash of each level's class sizes sorted
 * (all levels, in order), form one group (HCG). Groups are compared by the evaluation f:
 * each class weighs sum_j d_j |class in C^(j)| with d_j = alpha^(e-j) (fewer lies matter more;
 * alpha is KWB_ALPHA in tuning.ts, the chapter's 3),
 * and the weights sorted from the heaviest are compared lexicographically (the lighter the
 * heaviest class, the better; ties go to the next). One guess of each of the k best groups
 * is expanded in full, recursively, and the one whose subtree needs the fewest guesses (then
 * the fewest in total over its plays' last guesses) is kept. k = 1 is the greedy builder.
 * A tuple of one code is left to the fewest-lies rule (it guesses that code).
 */
export interface KwbResult {
  readonly text: string;
  /** The most guesses any play needs from this tuple. */
  readonly depth: number;
  /** Sum of depths over the subtree's leaves (a tie-break). */
  readonly total: number;
}

export class KwbSearch {
  nodes = 0;
  private readonly d: number[];

  constructor(
    readonly ctx: SearchContext,
    readonly k: number,
  ) {
    const E = ctx.E;
    this.d = Array.from({ length: E + 1 }, (_, j) => GAMES_TUNING.KWB_ALPHA.value ** (E - j));
  }

  solve(levels: Levels, history: number[]): KwbResult {
    const { ctx } = this;
    const codes = levelsSize(levels);
    if (codes === 0) return { text: '', depth: 0, total: 0 };
    ctx.deadline.check();
    if (codes === 1) {
      // One code left: guess it until it is confirmed (truthful end: once).
      const j = levels.findIndex((l) => l.length > 0);
      const depth = ctx.rules.end === 'truthful' ? 1 : ctx.E - j + 1;
      return { text: '*', depth, total: depth };
    }
    const best: KwbResult[] = [];
    for (const g of this.choose(levels, history)) {
      const kids = ctx.part.liveAnswers(levels, g).map((r) => [r, ctx.part.child(levels, g, r)] as const);
      history.push(g);
      let depth = 1;
      let total = 1;
      const texts: [number, string][] = [];
      try {
        for (const [r, child] of kids) {
          const sub = this.solve(child, history);
          depth = Math.max(depth, sub.depth + 1);
          total += sub.total + 1;
          texts.push([r, sub.text]);
        }
      } finally {
        history.pop();
      }
      best.push({ text: ctx.nodeText(g, texts), depth, total });
    }
    this.nodes++;
    best.sort((a, b) => a.depth - b.depth || a.total - b.total);
    return best[0]!;
  }

  /** One guess from each of the k best groups, best first. */
  choose(levels: Levels, history: readonly number[]): number[] {
    const { ctx, d } = this;
    const E1 = ctx.E + 1;
    const win = ctx.rules.win;
    const answers = ctx.rules.alphabet;
    const pool = ctx.guessPool(levels, history);
    const n = pool ? pool.length : ctx.table.size;
    const groups = new Map<string, { g: number; f: number[] }>();
    const codes = levelsSize(levels);
    for (let i = 0; i < n; i++) {
      const g = pool ? pool[i]! : i;
      ctx.deadline.tick(codes);
      const counts = ctx.part.count(levels, g);
      // A guess that gives every code the same answer leaves the tuple as it is: no move.
      let stuck = false;
      for (const r of answers) {
        if (r === win) continue;
        let n = 0;
        for (let j = 0; j < E1; j++) n += counts[r * E1 + j]!;
        if (n === codes) stuck = true;
      }
      if (stuck) continue;
      let hash = '';
      for (let j = 0; j < E1; j++) {
        const sizes = answers.map((r) => counts[r * E1 + j]!).sort((a, b) => b - a);
        hash += sizes.join(',') + ';';
      }
      if (groups.has(hash)) continue;
      const f = answers.map((r) => {
        let w = 0;
        for (let j = 0; j < E1; j++) w += d[j]! * counts[r * E1 + j]!;
        return r === win ? 0 : w;
      });
      f.sort((a, b) => b - a);
      groups.set(hash, { g, f });
    }
    const ranked = [...groups.values()].sort((a, b) => compareVectors(a.f, b.f) || a.g - b.g);
    return ranked.slice(0, this.k).map((x) => x.g);
  }
}
