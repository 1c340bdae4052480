import type { GuessClass } from '../tuple/Symmetry.js';
import { concatLevels, levelsKey, levelsSize, type Levels } from '../tuple/Levels.js';
import { GAMES_TUNING } from '../tuning.js';
import type { ProofEntry, ProofNode, Split } from './BoundProof.js';
import { GamesCore, PULSE_NODES } from './GamesCore.js';
import type { SearchContext } from './SearchContext.js';

/**
 * The lower-bound search (the PPBFB idea of the thesis chapter, docs/explanation/games.md References; our
 * own design): a worst-first exhaustive AND-OR search that returns why a tuple with t guesses
 * left is lost, as a proof tree (BoundProof.ts), or null when some strategy wins it.
 *
 * A tuple is lost when every guess (one per symmetry class near the root) has an answer whose
 * child is lost with t - 1. The volume bound (tuple/Volume.ts) decides a tuple at once; one
 * step ahead it refutes most guesses from their class counts alone; only the guesses that
 * survive it have children searched, heaviest child first. At t = 2 the one-step check is
 * exact (a child within b(1) holds one code that a guess wins), so a survivor there means a
 * win. Lost tuples are remembered (transpositions) up to BOUND_MEMO of them and
 * BOUND_MEMO_CHARS of keys, and only when small (BOUND_MEMO_MAX_CODES); `forget` clears them
 * (the frontier's items each start afresh, so their proofs do not depend on the order they run
 * in). The search is exact: when it ends without a deadline, its answer is a proof either way.
 * Throws SearchTimeout at the context's deadline.
 *
 * Below the symmetry range (every guess its own class, and so at every tuple under it) the
 * search runs in the compiled games core (GamesCore.ts) when the game fits it, unless the
 * search is made with `core: false`: the same positions, counters and proof, four to five
 * times as many positions per CPU second on long searches (docs/results/games-core.md, "The compiled games
 * core"). This file stays the reference the core is tested against.
 */
export interface BoundSearchOptions {
  /** Search below the symmetry range in the compiled core when the game fits it (default true). */
  readonly core?: boolean;
}

export class BoundSearch {
  /** Tuples searched (each is one split examined). */
  nodes = 0;
  /** Guess classes refuted by the one-step volume check. */
  volumeCuts = 0;
  /** Tuples found lost in memory (transpositions), and searched tuples that turned out won. */
  memoHits = 0;
  won = 0;
  private readonly memo = new Map<string, { node: Split; t: number }>();
  /** Characters of the memo's keys (BOUND_MEMO_CHARS). */
  memoChars = 0;
  /** Called every PULSE_NODES tuples searched (progress within a long item). */
  onPulse: (() => void) | undefined;

  /** The compiled core, when this search uses it. */
  readonly core: GamesCore | undefined;

  constructor(
    readonly ctx: SearchContext,
    options: BoundSearchOptions = {},
  ) {
    this.core = options.core === false ? undefined : GamesCore.of(ctx);
  }

  forget(): void {
    this.memo.clear();
    this.memoChars = 0;
    this.core?.forget();
  }

  /** Tuples remembered here (the core's own count with them against BOUND_MEMO and BOUND_MEMO_CHARS). */
  get memoSize(): number {
    return this.memo.size;
  }

  /** Why `levels` with t guesses left is lost, or null when a strategy wins it. */
  lost(levels: Levels, t: number, history: number[]): ProofNode | null {
    const { ctx } = this;
    const codes = levelsSize(levels);
    if (this.core && !ctx.symmetric(codes, history.length)) return this.core.lost(levels, t, this);
    if (codes === 0) return null;
    if (t <= 0 || !ctx.volume.allows(levels, t)) return { kind: 'volume', weight: ctx.volume.weight(levels, Math.max(t, 0)) };
    this.nodes++;
    if (this.onPulse && this.nodes % PULSE_NODES === 0) this.onPulse();
    ctx.deadline.check();
    const key = codes <= GAMES_TUNING.BOUND_MEMO_MAX_CODES.value ? t + ':' + levelsKey(levels) : undefined;
    const seen = key === undefined ? undefined : this.memo.get(key);
    if (seen && seen.t >= t) {
      this.memoHits++;
      return { kind: 'same', target: seen.node };
    }
    const head = this.split(levels, t, history);
    if (head.open.length > 0 && t - 1 <= 1) {
      this.won++;
      return null;
    }
    const entries: ProofEntry[] = [];
    const mark = this.core?.mark();
    for (const c of head.open) {
      const e = this.refute(levels, t, history, c);
      if (!e) {
        this.won++;
        if (mark !== undefined) this.core!.release(mark);
        return null;
      }
      entries.push(e);
    }
    const node: Split = { kind: 'split', byVolume: head.byVolume, bound: head.bound, entries };
    const coreSize = this.core?.memoSize ?? 0;
    const coreChars = this.core?.memoChars ?? 0;
    if (key !== undefined && this.memo.size + coreSize < GAMES_TUNING.BOUND_MEMO.value && this.memoChars + coreChars + key.length <= GAMES_TUNING.BOUND_MEMO_CHARS.value) {
      this.memo.set(key, { node, t });
      this.memoChars += key.length;
    }
    return node;
  }

  /**
   * The one-step check of every guess class at a tuple: how many guesses it refutes (each has
   * a child heavier than b(t - 1)), and the classes it leaves open, lightest heaviest child
   * first (the ones most likely to win, so a tuple that is not lost shows it soonest).
   */
  split(levels: Levels, t: number, history: readonly number[]): { byVolume: number; bound: number; open: GuessClass[] } {
    const { ctx } = this;
    const limit = ctx.volume.b(t - 1);
    let classes = ctx.guessClasses(levels, history);
    const work = levelsSize(levels);
    let byVolume = 0;
    if (classes.length === ctx.table.size && ctx.volumeRefutesOutside(levels, t - 1)) {
      // Only the tuple's own codes may escape; every other guess is refuted.
      const inside = concatLevels(levels);
      byVolume = ctx.table.size - inside.length;
      this.volumeCuts += byVolume;
      classes = Array.from(inside, (rep) => ({ rep, members: [] })).sort((a, b) => a.rep - b.rep);
    }
    const open: { c: GuessClass; worst: number }[] = [];
    const worsts = this.worsts(levels, t - 1, classes, work);
    for (let i = 0; i < classes.length; i++) {
      const c = classes[i]!;
      const worst = worsts[i]!;
      if (worst > limit) {
        this.volumeCuts++;
        byVolume += 1 + c.members.length;
      } else open.push({ c, worst });
    }
    open.sort((a, b) => a.worst - b.worst);
    return { byVolume, bound: limit, open: open.map((o) => o.c) };
  }

  /**
   * The one-step volume check (SearchContext.volumeRefuter, h guesses left for the children) of
   * every class's representative: in the core in one call, or here (`work` per class ticks the
   * deadline).
   */
  private worsts(levels: Levels, h: number, classes: readonly GuessClass[], work: number): ArrayLike<number> {
    const { ctx } = this;
    if (this.core) {
      ctx.deadline.tick(work * classes.length);
      return this.core.worst(levels, h, classes.map((c) => c.rep));
    }
    const refuter = ctx.volumeRefuter(levels, h);
    return classes.map((c) => {
      ctx.deadline.tick(work);
      return refuter(c.rep);
    });
  }

  /**
   * The entry that refutes a guess class: the first answer, heaviest child first, whose child
   * is lost with t - 1; null when none is (the guess wins the tuple).
   */
  refute(levels: Levels, t: number, history: number[], c: GuessClass, skip = 0): ProofEntry | null {
    const { ctx } = this;
    const g = c.rep;
    const kids = this.children(levels, t, g).slice(skip);
    history.push(g);
    try {
      for (const k of kids) {
        const sub = this.lost(ctx.part.child(levels, g, k.answer), t - 1, history);
        if (sub) return { guess: g, answer: k.answer, members: this.members(history.slice(0, -1), c), child: sub };
      }
    } finally {
      history.pop();
    }
    return null;
  }

  /**
   * A guess's answers whose child is not empty, heaviest child (with t - 1 guesses left)
   * first, then by answer; the weights (and codes) from the guess's class counts, the children
   * not built.
   */
  children(levels: Levels, t: number, g: number): { answer: number; weight: number; size: number }[] {
    const { ctx } = this;
    const { rules } = ctx;
    const E1 = ctx.E + 1;
    const counts = ctx.part.count(levels, g);
    const allowed = rules.answersFor(g);
    const truthful = rules.end === 'truthful';
    const out: { answer: number; weight: number; size: number }[] = [];
    for (const r of rules.alphabet) {
      if (r === rules.win || !allowed[r]) continue;
      let size = 0;
      let weight = 0;
      for (let j = 0; j < E1; j++) {
        // Codes of level j answering r stay; codes of level j - 1 answering otherwise move up.
        let n = counts[r * E1 + j]!;
        if (j > 0) n += levels[j - 1]!.length - (truthful ? counts[rules.win * E1 + j - 1]! : 0) - counts[r * E1 + j - 1]!;
        size += n;
        weight += n * ctx.volume.a(ctx.E - j, t - 1);
      }
      if (size > 0) out.push({ answer: r, weight, size });
    }
    return out.sort((a, b) => b.weight - a.weight || a.answer - b.answer);
  }

  /** The members of a class with the permutations that map them to its representative. */
  members(history: readonly number[], c: GuessClass): ProofEntry['members'] {
    return c.members.map((code) => ({ code, perm: this.ctx.symmetry.permutationTo(history, code, c.rep) }));
  }
}
