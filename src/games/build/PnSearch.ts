import { NonocryptError } from '../../errors.js';
import { SearchTimeout } from '../Deadline.js';
import { levelsKey, levelsSize, type Levels } from '../tuple/Levels.js';
import { GAMES_TUNING } from '../tuning.js';
import { BoundSearch } from './BoundSearch.js';
import { BUDGET_SPENT, BudgetedSearch } from './BudgetedSearch.js';
import type { SearchContext } from './SearchContext.js';

/**
 * Proof-number search for a strategy that wins within h guesses (issue 43, item 1): a
 * best-first AND-OR search (Allis's PN search with an explicit tree), where an OR node is a
 * position (a tuple with t guesses left) at which the code-breaker picks a guess, and an AND
 * node is a guess, won when every answer's child is won within t - 1.
 *
 * Each node carries a proof number (how many leaves must still be won to win it, estimated)
 * and a disproof number (how many must be lost to lose it). OR: pn = min over its guesses, dn =
 * sum; AND: pn = sum over its answers, dn = min. Each step walks from the root to the most
 * proving leaf (smallest pn under an OR node, smallest dn under an AND node), expands it, and
 * backs the numbers up the path. A new position's numbers come from the volume bound: with r its
 * weight over the capacity b(t) (tuple/Volume.ts), pn = 1 + PN_SCALE r and dn = 1 + PN_SCALE
 * (1 - r): a tight position is hard to win and easy to lose. A new guess's numbers are those of
 * its children, from the class counts alone (so the volume slack of every child, and the
 * heaviest child, decide its dn); guesses whose heaviest child passes the bound are never made.
 *
 * Positions are decided at once where that is cheap, and remembered: the empty tuple is won, a
 * tuple over the volume bound lost; a quick depth-first try with one guess a position
 * (PN_QUICK_WORK) may win it (a win found is a win; its failure says nothing); with at most
 * PN_EXACT_GUESSES left the lower-bound search (BoundSearch) says lost or won, and the exact
 * strategy search (every guess, within PN_EXACT_WORK) writes a win's text (past that budget the
 * position is numbered, known won: dn Infinity). Decided tuples up to PN_MEMO_MAX_CODES codes
 * are kept by their canonical key (levelsKey): won within t (so within more) with the subtree's
 * text, lost within t (so within fewer). Guesses are one per symmetry class where the searches use symmetry (SearchContext).
 *
 * Memory: a position holds no tuple (it is rebuilt from its parent on each walk), only its
 * guesses; an OR node makes its best PN_WIDTH guesses (lightest heaviest child first) and
 * the next one each time one is lost, the rest counted in its dn as 1 each. A solved node drops
 * its children (a won one keeps its subtree's text).
 *
 * The search is exhaustive: `lost` means no strategy wins within h (every guess was refuted by
 * the volume bound, the lower-bound search, or its children); it is the search's verdict, not a
 * checked proof (`bound --proof` writes one). A win comes with the strategy's text (compact
 * form, StrategyTree.ts), which the caller checks independently.
 *
 * Call order: construct, `solve` once (throws nothing but bugs: a deadline or a stop is the
 * result `unknown`).
 */
export interface PnOptions {
  /** Asked every PN_POLL expansions: a reason to stop now (e.g. memory), or undefined. */
  readonly shouldStop?: () => string | undefined;
  /** Guesses left up to which a position is decided at once (default PN_EXACT_GUESSES). */
  readonly exactGuesses?: number;
  /** Work of an exact decision (default PN_EXACT_WORK) and of a quick try (default PN_QUICK_WORK; 0: none). */
  readonly exactWork?: number;
  readonly quickWork?: number;
}

export interface PnResult {
  readonly status: 'won' | 'lost' | 'unknown';
  /** The strategy's compact text, when won. */
  readonly text?: string;
  /** Why it stopped, when unknown. */
  readonly stoppedBy?: string;
  /** Positions and guesses expanded (best-first steps). */
  readonly expanded: number;
  /** Positions made (each got numbers or was decided at once). */
  readonly positions: number;
  /** Positions decided at once by the exact or quick search, or found in memory. */
  readonly decided: number;
  /** Root's proof and disproof numbers at the end. */
  readonly pn: number;
  readonly dn: number;
}

interface OrNode {
  pn: number;
  dn: number;
  /** Won: the subtree's text. */
  text?: string;
  /** Expanded: the ranked guesses, the next not yet materialized, the live guess nodes. */
  ranked?: Int32Array;
  next?: number;
  kids?: AndNode[];
}

interface AndNode {
  guess: number;
  pn: number;
  dn: number;
  text?: string;
  /** Expanded: the live answers and their positions. */
  answers?: number[];
  kids?: OrNode[];
}

const WON = (text: string): OrNode => ({ pn: 0, dn: Infinity, text });
const LOST = (): OrNode => ({ pn: Infinity, dn: 0 });

export class PnSearch {
  expanded = 0;
  positions = 0;
  decided = 0;
  private readonly won = new Map<string, { h: number; text: string }>();
  private readonly lost = new Map<string, number>();
  private readonly exact: BudgetedSearch;
  private readonly quick: BudgetedSearch;
  private readonly scale = GAMES_TUNING.PN_SCALE.value;
  private readonly exactGuesses: number;
  private readonly bound: BoundSearch;

  constructor(
    readonly ctx: SearchContext,
    readonly options: PnOptions = {},
  ) {
    const rule = { ruleMaxCodes: GAMES_TUNING.RULE_MAX_CODES.value, ruleNodes: GAMES_TUNING.RULE_NODES.value };
    this.exact = new BudgetedSearch(ctx, { branch: Infinity, budget: options.exactWork ?? GAMES_TUNING.PN_EXACT_WORK.value, ...rule });
    this.quick = new BudgetedSearch(ctx, { branch: 1, budget: options.quickWork ?? GAMES_TUNING.PN_QUICK_WORK.value, ...rule });
    this.exactGuesses = options.exactGuesses ?? GAMES_TUNING.PN_EXACT_GUESSES.value;
    this.bound = new BoundSearch(ctx);
  }

  solve(levels: Levels, h: number): PnResult {
    const history: number[] = [];
    let root: OrNode = LOST();
    const result = (status: PnResult['status'], extra: Partial<PnResult> = {}): PnResult => ({
      status,
      expanded: this.expanded,
      positions: this.positions,
      decided: this.decided,
      pn: root.pn,
      dn: root.dn,
      ...extra,
    });
    try {
      root = this.position(levels, h, history);
      while (root.pn !== 0 && root.dn !== 0) {
        if (this.expanded % GAMES_TUNING.PN_POLL.value === 0) {
          this.ctx.deadline.check();
          const why = this.options.shouldStop?.();
          if (why !== undefined) return result('unknown', { stoppedBy: why });
        }
        this.step(root, levels, h, history);
      }
    } catch (e) {
      if (e instanceof SearchTimeout) return result('unknown', { stoppedBy: e.message });
      throw e;
    }
    return root.pn === 0 ? result('won', { text: root.text! }) : result('lost');
  }

  /** One best-first step: walk to the most proving leaf below `node`, expand it, back up. */
  private step(node: OrNode, levels: Levels, h: number, history: number[]): void {
    if (!node.kids) {
      this.expandOr(node, levels, h, history);
      return;
    }
    let best = node.kids[0]!;
    for (const k of node.kids) if (k.pn < best.pn || (k.pn === best.pn && k.dn > best.dn)) best = k;
    history.push(best.guess);
    try {
      if (!best.kids) this.expandAnd(best, levels, h, history);
      else {
        // The unsolved child with the smallest dn (a won child may have dn Infinity like an unsolved one).
        let i = -1;
        for (let j = 0; j < best.kids.length; j++) {
          const k = best.kids[j]!;
          if (k.pn !== 0 && (i < 0 || k.dn < best.kids[i]!.dn || (k.dn === best.kids[i]!.dn && k.pn > best.kids[i]!.pn))) i = j;
        }
        this.step(best.kids[i]!, this.ctx.part.child(levels, best.guess, best.answers![i]!), h - 1, history);
        this.updateAnd(best);
      }
    } finally {
      history.pop();
    }
    this.updateOr(node, levels, h);
  }

  /** A new position: decided at once (memory, volume, exact or quick search), or numbered. */
  private position(levels: Levels, h: number, history: number[]): OrNode {
    const { ctx } = this;
    this.positions++;
    const codes = levelsSize(levels);
    if (codes === 0) return WON('');
    if (h <= 0 || !ctx.volume.allows(levels, h)) return LOST();
    const key = codes <= GAMES_TUNING.PN_MEMO_MAX_CODES.value ? levelsKey(levels) : undefined;
    if (key !== undefined) {
      const w = this.won.get(key);
      if (w && w.h <= h) return this.decide(WON(w.text));
      if ((this.lost.get(key) ?? 0) >= h) return this.decide(LOST());
    }
    const r = ctx.volume.weight(levels, h) / ctx.volume.b(h);
    const numbered: OrNode = { pn: 1 + Math.floor(this.scale * r), dn: 1 + Math.floor(this.scale * (1 - r)) };
    // A quick win first; then, with few guesses left, the lower-bound search decides it, and a
    // win needs its text from the exact search.
    const quick = this.quick.options.budget === 0 ? undefined : this.tryDfs(this.quick, levels, h, history);
    if (typeof quick === 'string') {
      this.remember(key, h, quick);
      return this.decide(WON(quick));
    }
    if (h <= this.exactGuesses) {
      if (this.bound.lost(levels, h, history)) {
        this.remember(key, h, null);
        return this.decide(LOST());
      }
      const text = this.tryDfs(this.exact, levels, h, history);
      if (text === null) throw new NonocryptError('E_INTERNAL', 'internal error: the exact strategy search lost a tuple the bound search wins');
      if (text !== undefined) {
        this.remember(key, h, text);
        return this.decide(WON(text));
      }
      numbered.dn = Infinity;
    }
    return numbered;
  }

  private decide(n: OrNode): OrNode {
    this.decided++;
    return n;
  }

  /** The depth-first search's verdict within its budget: text, null (failed), undefined (budget spent). */
  private tryDfs(s: BudgetedSearch, levels: Levels, h: number, history: number[]): string | null | undefined {
    s.work = 0;
    try {
      return s.solve(levels, h, history);
    } catch (e) {
      if (e instanceof SearchTimeout && e.stoppedBy === BUDGET_SPENT) return undefined;
      throw e;
    }
  }

  private remember(key: string | undefined, h: number, text: string | null): void {
    if (key === undefined || this.won.size + this.lost.size >= GAMES_TUNING.STRATEGY_MEMO.value) return;
    if (text === null) this.lost.set(key, Math.max(h, this.lost.get(key) ?? 0));
    else this.won.set(key, { h, text });
  }

  /** Rank the guesses and make the best PN_WIDTH of them. */
  private expandOr(node: OrNode, levels: Levels, h: number, history: number[]): void {
    const { ctx } = this;
    this.expanded++;
    // One guess per symmetry class, those the volume bound refutes one step ahead dropped, lightest heaviest child first.
    node.ranked = Int32Array.from(this.bound.split(levels, h, history).open, (c) => c.rep);
    node.next = 0;
    node.kids = [];
    for (let i = 0; i < GAMES_TUNING.PN_WIDTH.value; i++) if (!this.materialize(node, levels, h)) break;
    this.updateOr(node, levels, h);
  }

  /** Make the next ranked guess of an OR node; false when none is left. */
  private materialize(node: OrNode, levels: Levels, h: number): boolean {
    if (node.next! >= node.ranked!.length) return false;
    const g = node.ranked![node.next!++]!;
    node.kids!.push(this.guessNode(levels, h, g));
    return true;
  }

  /** A new guess's numbers from its children's volume, the children not built. */
  private guessNode(levels: Levels, h: number, g: number): AndNode {
    const truthful = this.ctx.rules.end === 'truthful';
    const cap = this.ctx.volume.b(h - 1);
    let pn = 0;
    let dn = Infinity;
    for (const { size, weight } of this.bound.children(levels, h, g)) {
      // A child of one code is won (truthful end): it adds nothing.
      if (size === 1 && truthful) continue;
      const x = weight / cap;
      pn += 1 + Math.floor(this.scale * x);
      dn = Math.min(dn, 1 + Math.floor(this.scale * (1 - x)));
    }
    // Every child trivial: the guess wins (expanding it confirms and writes the text).
    return { guess: g, pn: Math.max(pn, 1), dn };
  }

  /** Build a guess's children (each a new position). */
  private expandAnd(node: AndNode, levels: Levels, h: number, history: number[]): void {
    const { ctx } = this;
    this.expanded++;
    node.answers = ctx.part.liveAnswers(levels, node.guess);
    node.kids = [];
    for (const r of node.answers) {
      const kid = this.position(ctx.part.child(levels, node.guess, r), h - 1, history);
      node.kids.push(kid);
      if (kid.dn === 0) break;
    }
    this.updateAnd(node);
  }

  private updateAnd(node: AndNode): void {
    const kids = node.kids!;
    let pn = 0;
    let dn = Infinity;
    for (const k of kids) {
      pn += k.pn;
      if (k.dn < dn) dn = k.dn;
    }
    node.pn = pn;
    node.dn = dn;
    if (dn === 0) {
      node.kids = [];
      node.answers = [];
    } else if (pn === 0) {
      node.text = this.ctx.nodeText(
        node.guess,
        node.answers!.map((r, i) => [r, kids[i]!.text!] as const),
      );
      node.kids = [];
      node.answers = [];
    }
  }

  private updateOr(node: OrNode, levels: Levels, h: number): void {
    const kids = node.kids!;
    // Drop lost guesses, making the next ranked ones in their place.
    for (let i = 0; i < kids.length; ) {
      if (kids[i]!.dn === 0) {
        kids[i] = kids[kids.length - 1]!;
        kids.pop();
        this.materialize(node, levels, h);
      } else i++;
    }
    let pn = Infinity;
    let dn = node.ranked!.length - node.next!;
    for (const k of kids) {
      if (k.pn === 0) {
        node.pn = 0;
        node.dn = Infinity;
        node.text = k.text!;
        delete node.kids;
        delete node.ranked;
        this.remember(this.keyOf(levels), h, node.text);
        return;
      }
      if (k.pn < pn) pn = k.pn;
      dn += k.dn;
    }
    node.pn = pn;
    node.dn = dn;
    if (kids.length === 0) {
      node.pn = Infinity;
      node.dn = 0;
      delete node.kids;
      delete node.ranked;
      this.remember(this.keyOf(levels), h, null);
    }
  }

  private keyOf(levels: Levels): string | undefined {
    return levelsSize(levels) <= GAMES_TUNING.PN_MEMO_MAX_CODES.value ? levelsKey(levels) : undefined;
  }
}
