import { NonocryptError } from '../../errors.js';
import { Deadline, SearchTimeout } from '../Deadline.js';
import { AnswerTable } from '../model/AnswerTable.js';
import { Knowledge } from '../model/Knowledge.js';
import type { Rules } from '../model/Rules.js';
import type { Levels } from '../tuple/Levels.js';
import type { GuessClass } from '../tuple/Symmetry.js';
import { answerChars } from './StrategyTree.js';
import { entryText, membersText, proofText, reiterable, splitHead, type ProofEntry } from './BoundProof.js';
import { BoundSearch } from './BoundSearch.js';
import { SearchContext } from './SearchContext.js';

/**
 * Lower bounds: a proof that no strategy wins every play within h - 1 guesses, so the game
 * needs at least h (`bound --guesses h`), by the search of BoundSearch.ts, and the proof as
 * text (BoundProof.ts; the file around it is formatBoundProof.ts).
 *
 * The work is split over a fixed frontier so that it can be shared by processes and machines
 * (`shard`) and resumed (`done`): the positions after the first two guesses. At the root, the
 * first-guess classes that the one-step volume check leaves open, in the search's order; for
 * each, its heaviest child (the answer the search tries first; ties by answer); there, the
 * second-guess classes left open, in order. Item i of the frontier is the i-th (first, second)
 * pair: find the answer that refutes the second guess there (`frontierDepth` d: the d-th guess,
 * each guess before it taking its heaviest answer). Each item's search starts with
 * an empty memory of lost tuples, so an item's proof is the same whichever process finds it,
 * and a proof joined from shards is the one-process proof byte for byte. Games whose bound is
 * decided within FRONTIER_MIN_T guesses left, or by volume at the root, have no frontier: one
 * item, the whole search.
 *
 * In one process, an item whose second guess cannot be refuted means the frontier's answer
 * to its first guess does not lose; the search then tries that guess's other answers, as the
 * plain search would, each child split into items like the frontier's and searched one item
 * at a time (otherAnswer). A shard cannot: its part records the item as open, and joining says so.
 */
export interface BoundResult {
  /**
   * `proven`: no strategy wins within h - 1; `refuted`: one does; `unknown`: the limit came
   * first; `part`: a shard's items are all searched (`items`).
   */
  readonly status: 'proven' | 'refuted' | 'unknown' | 'part';
  /** h: the bound asked for. */
  readonly guesses: number;
  /** Tuples searched (by this run, items from `done` not counted). */
  readonly nodes: number;
  /** Guess classes refuted by the one-step volume check, without a search below them. */
  readonly volumeCuts: number;
  readonly ms: number;
  /** When the volume bound alone proves it (no search at all). */
  readonly byVolume: boolean;
  /** The proof's body (proven, when asked for as a string: `proof: true`). */
  readonly proof?: string;
  /**
   * The proof's body in pieces, in order (proven, `proof: 'pieces'`); each iteration writes it
   * again, from the items held.
   */
  readonly pieces?: Iterable<string>;
  /** Items of the frontier (1 when there is none). */
  readonly frontier: number;
  /** A shard's items (status `part`). */
  readonly items?: readonly BoundItem[];
  /** Status `unknown` because `shouldStop` asked: its reason (absent at the time limit). */
  readonly reason?: string;
}

/** One searched item of the frontier. */
export interface BoundItem {
  /** Its position in the frontier (0-based). */
  readonly index: number;
  /** The answer that refutes the second guess; null when none does (the item is open). */
  readonly answer: number | null;
  /** The proof of that answer's child (empty when open); the whole proof when there is no frontier. */
  readonly text: string;
  /** Tuples searched for it. */
  readonly positions: number;
  /**
   * Set for an item of a fallback (otherAnswer), not of the frontier: its path from the root
   * (each guess and answer, then the guess to refute), which names it in a checkpoint; `index`
   * is then its place among its fallback's items.
   */
  readonly fallback?: string;
}

export interface BoundProgress {
  /** Items of this run done, and its items in all (a shard's, or the frontier's). */
  readonly done: number;
  readonly total: number;
  /** Tuples searched so far by this run. */
  readonly positions: number;
}

export interface BoundOptions {
  /** `performance.now()` time to stop at. */
  readonly deadline?: number;
  readonly table?: AnswerTable;
  /**
   * The proof's body, when proven: true, as the result's `proof` string (E_USAGE when it is
   * longer than a string can be, about 2^29 characters); 'pieces', as `pieces` (the way to
   * write a large proof to a file).
   */
  readonly proof?: boolean | 'pieces';
  /** Search only the frontier's items K, K + N, ... (K 1-based): status `part` with `items`. */
  readonly shard?: { readonly index: number; readonly count: number };
  /** Items searched before (a checkpoint, or other shards): taken as they are. */
  readonly done?: ReadonlyMap<number, BoundItem>;
  /** Items of fallbacks searched before (a checkpoint), by their path (BoundItem.fallback). */
  readonly doneFallback?: ReadonlyMap<string, BoundItem>;
  /** Once the frontier is known, before any item is searched: how many items it has. */
  readonly onFrontier?: (items: number) => void;
  /** After each item this run searches, a fallback's too (to checkpoint it). */
  readonly onItem?: (item: BoundItem) => void;
  readonly onProgress?: (p: BoundProgress) => void;
  /**
   * Asked about once a second of search (with `onProgress`): a reason to stop now (the proof of
   * an item is built in memory, so the caller may watch its memory), or undefined to go on.
   * A stop is `unknown` with that reason; the items done are kept (`onItem`).
   */
  readonly shouldStop?: () => string | undefined;
  /**
   * Search below the symmetry range in the compiled games core (GamesCore.ts) when the game
   * fits it (default true); false: in TypeScript only (the reference: the same positions and
   * proof, slower).
   */
  readonly core?: boolean;
  /**
   * The frontier's depth: how many guesses an item fixes (2: a first guess class, its heaviest
   * answer, and a second guess class to refute there), 1 to `maxFrontierDepth`. Deeper, the
   * items are more and smaller: an item's proof is built in memory, and the first item of
   * Mastermind e = 2 at 9 guesses outgrew 8 GB at depth 2. Default: 2, or 3 when 2 give fewer
   * than 100 items. Parts and checkpoints record an explicit depth; the parts of one proof
   * share it.
   */
  readonly frontierDepth?: number;
}

/**
 * The frontier's depth: the positions after this many guesses (2), or one more when those
 * are fewer than FRONTIER_MIN_ITEMS (the AB game has one first guess up to symmetry and 20
 * second ones: 20 items would share badly over many machines). A frontier needs its deepest
 * positions to have at least 3 guesses left (below that the search decides by the t <= 2 rule,
 * which the items do not follow); a bound with fewer has no frontier.
 */
const FRONTIER_DEPTH = 2;
const FRONTIER_MIN_ITEMS = 100;
const FRONTIER_MIN_T = 3;

/** The deepest frontier a bound of `guesses` may ask for: its positions need FRONTIER_MIN_T guesses left. */
const maxFrontierDepth = (guesses: number): number => guesses - FRONTIER_MIN_T;

function checkDepth(guesses: number, depth: number | undefined): void {
  if (depth === undefined) return;
  const most = maxFrontierDepth(guesses);
  if (!Number.isInteger(depth) || depth < 1 || depth > most) throw new NonocryptError('E_USAGE', most < 1 ? `a bound of ${guesses} guesses has no frontier (its positions need ${FRONTIER_MIN_T} guesses left)` : `the frontier's depth must be a whole number from 1 to ${most} for a bound of ${guesses} guesses (its positions need ${FRONTIER_MIN_T} guesses left), not ${depth}`);
}

export function proveBound(rules: Rules, guesses: number, options: BoundOptions = {}): BoundResult {
  checkDepth(guesses, options.frontierDepth);
  const started = performance.now();
  const deadline = new Deadline(options.deadline);
  AnswerTable.assertFits(rules.game);
  let ctx: SearchContext | undefined;
  let search: BoundSearch | undefined;
  let total = 1;
  const result = (status: BoundResult['status'], extra: Partial<BoundResult> = {}): BoundResult => ({
    status,
    guesses,
    nodes: search?.nodes ?? 0,
    volumeCuts: search?.volumeCuts ?? 0,
    ms: performance.now() - started,
    byVolume: false,
    frontier: total,
    ...extra,
  });
  try {
    ctx = SearchContext.of(rules, options.table, deadline);
    ctx.deadline = deadline;
    search = new BoundSearch(ctx, options.core === undefined ? {} : { core: options.core });
    const root = Knowledge.initial(rules).lists();
    const t = guesses - 1;
    if (!ctx.volume.allows(root, t)) {
      options.onFrontier?.(1);
      if (options.shard) return result('part', { byVolume: true, items: [] });
      const leaf = `V${ctx.volume.weight(root, Math.max(t, 0))};`;
      return result('proven', { byVolume: true, ...deliver(options.proof, () => [leaf]) });
    }
    const frontier = boundFrontier(search, root, t, options.frontierDepth);
    total = frontier ? frontier.items.length : 1;
    options.onFrontier?.(total);
    const mine = Array.from({ length: total }, (_, i) => i).filter((i) => !options.shard || i % options.shard.count === options.shard.index - 1);
    const items = new Map<number, BoundItem>();
    for (const i of mine) {
      const before = options.done?.get(i);
      if (before) items.set(i, before);
    }
    const progress = () => options.onProgress?.({ done: items.size, total: mine.length, positions: search!.nodes });
    search.onPulse = () => {
      progress();
      const why = options.shouldStop?.();
      if (why !== undefined) throw new SearchTimeout(why);
    };
    progress();
    for (const i of mine) {
      if (items.has(i)) continue;
      const item = frontier ? searchItem(search, frontier.items, i) : searchWhole(search, root, t, rules);
      items.set(i, item);
      options.onItem?.(item);
      progress();
    }
    if (options.shard) return result('part', { items: mine.map((i) => items.get(i)!) });
    if (!frontier) {
      const whole = items.get(0)!;
      return whole.answer === null ? result('refuted') : result('proven', deliver(options.proof, () => [whole.text]));
    }
    const fallback = { depth: frontier.depth, done: options.doneFallback ?? new Map<string, BoundItem>(), ...(options.onItem ? { onItem: options.onItem } : {}) };
    const lost = lostNode(search, frontier.root, (i) => items.get(i)!, fallback);
    const s = search;
    return lost === null ? result('refuted') : result('proven', deliver(options.proof, () => lostText(rules, s, lost)));
  } catch (e) {
    if (!(e instanceof SearchTimeout)) throw e;
    return result('unknown', e.stoppedBy === undefined ? {} : { reason: e.stoppedBy });
  } finally {
    if (ctx) ctx.deadline = Deadline.never;
  }
}

/** A body written by `pieces` (each call writes it again), delivered as `asked`. */
function deliver(asked: BoundOptions['proof'], pieces: () => Iterable<string>): { proof?: string; pieces?: Iterable<string> } {
  if (!asked) return {};
  if (asked === 'pieces') return { pieces: reiterable(pieces) };
  const all = [...pieces()];
  try {
    return { proof: all.join('') };
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    const length = all.reduce((n, p) => n + p.length, 0);
    throw new NonocryptError('E_USAGE', `the proof has ${length.toLocaleString('en-US')} characters, more than one string can hold: ask for it in pieces (proof: 'pieces'), as bound --proof FILE does`);
  }
}

/**
 * Joins items searched in parts (shards) into the proof's body: the frontier is computed
 * again, every item must be there and refuted. Returns the body in pieces (each iteration
 * writes it again; it may be longer than one string can be), or why there is none.
 */
export function joinBoundItems(rules: Rules, guesses: number, items: ReadonlyMap<number, BoundItem>, options: { table?: AnswerTable; frontierDepth?: number } = {}): { pieces: Iterable<string> } | { missing: number[] } | { open: number[] } {
  checkDepth(guesses, options.frontierDepth);
  AnswerTable.assertFits(rules.game);
  const ctx = SearchContext.of(rules, options.table);
  const search = new BoundSearch(ctx);
  const root = Knowledge.initial(rules).lists();
  const t = guesses - 1;
  if (!ctx.volume.allows(root, t)) {
    const leaf = `V${ctx.volume.weight(root, Math.max(t, 0))};`;
    return { pieces: [leaf] };
  }
  const frontier = boundFrontier(search, root, t, options.frontierDepth);
  const total = frontier ? frontier.items.length : 1;
  const missing = Array.from({ length: total }, (_, i) => i).filter((i) => !items.has(i));
  if (missing.length) return { missing };
  const open = [...items.values()].filter((it) => it.answer === null).map((it) => it.index);
  if (open.length) return { open };
  if (!frontier) {
    return { pieces: [items.get(0)!.text] };
  }
  const lost = lostNode(search, frontier.root, (i) => items.get(i)!, undefined)!;
  return { pieces: reiterable(() => lostText(rules, search, lost)) };
}

/** A position of the frontier: its tuple, its guesses left, the path to it, its split. */
interface FrontierNode {
  readonly tuple: Levels;
  readonly t: number;
  readonly history: number[];
  /** The guesses and answers on the path to it, as text ("" at the root; names fallback items). */
  readonly path: string;
  readonly head: { readonly byVolume: number; readonly bound: number };
  readonly entries: readonly FrontierEntry[];
}

/**
 * A guess class left open at a frontier position: inside, the child of its first answer
 * (heaviest) as a frontier position; at the deepest positions, an item to search.
 */
interface FrontierEntry {
  readonly cls: GuessClass;
  readonly answer?: number;
  readonly child?: FrontierNode;
  readonly item?: number;
}

interface Frontier {
  readonly root: FrontierNode;
  /** The level whose guesses are the items. */
  readonly depth: number;
  /** Item i: the deepest position and the guess class to refute there. */
  readonly items: readonly { readonly node: FrontierNode; readonly cls: GuessClass }[];
}

/** The frontier (at `depth` when asked, checkDepth having checked it), or none when the bound is decided too close to the root for one. */
function boundFrontier(search: BoundSearch, root: Levels, t: number, depth?: number): Frontier | undefined {
  if (depth !== undefined) return frontierOf(search, root, t, depth);
  for (let depth = FRONTIER_DEPTH; depth <= FRONTIER_DEPTH + 1; depth++) {
    if (t - (depth - 1) < FRONTIER_MIN_T) return depth === FRONTIER_DEPTH ? undefined : frontierOf(search, root, t, depth - 1);
    const f = frontierOf(search, root, t, depth);
    if (f.items.length >= FRONTIER_MIN_ITEMS || depth === FRONTIER_DEPTH + 1) return f;
  }
  return undefined;
}

function frontierOf(search: BoundSearch, root: Levels, t: number, depth: number): Frontier {
  const items: Frontier['items'][number][] = [];
  return { root: frontierBelow(search, root, t, [], '', depth, items), depth, items };
}

/**
 * The frontier position at `tuple` (after the guesses of `history`) and the positions below it
 * down to `depth` guesses, each guess class before the deepest taking its heaviest answer; the
 * deepest classes are appended to `items`.
 */
function frontierBelow(search: BoundSearch, tuple: Levels, t: number, history: number[], path: string, depth: number, items: Frontier['items'][number][]): FrontierNode {
  const head = search.split(tuple, t, history);
  const entries: FrontierEntry[] = [];
  const here: FrontierNode = { tuple, t, history, path, head: { byVolume: head.byVolume, bound: head.bound }, entries };
  for (const cls of head.open) {
    if (history.length + 1 === depth) {
      entries.push({ cls, item: items.length });
      items.push({ node: here, cls });
      continue;
    }
    const answer = search.children(tuple, t, cls.rep)[0]!.answer;
    const child = frontierBelow(search, search.ctx.part.child(tuple, cls.rep, answer), t - 1, [...history, cls.rep], pathStep(search, path, cls.rep, answer), depth, items);
    entries.push({ cls, answer, child });
  }
  return here;
}

/** The path below a frontier position by guess g and answer r, each as the proof writes it ("11 00, 22 10, " in Mastermind 2x3). */
function pathStep(search: BoundSearch, path: string, g: number, r: number): string {
  const { game, pegs } = search.ctx.rules;
  return `${path}${game.format(g)} ${answerChars(pegs, r)}, `;
}

/**
 * `run` on an empty memory of lost tuples, cleared again after it (so that a proof does not
 * depend on what ran before), and the tuples it searched.
 */
function afresh<T>(search: BoundSearch, run: () => T): { found: T; positions: number } {
  search.forget();
  const before = search.nodes;
  try {
    return { found: run(), positions: search.nodes - before };
  } finally {
    search.forget();
  }
}

function searchItem(search: BoundSearch, items: Frontier['items'], i: number): BoundItem {
  const { node, cls } = items[i]!;
  const { found: e, positions } = afresh(search, () => search.refute(node.tuple, node.t, [...node.history], cls));
  if (!e) return { index: i, answer: null, text: '', positions };
  return { index: i, answer: e.answer, text: proofText(search.ctx.rules, e.child), positions };
}

function searchWhole(search: BoundSearch, root: Levels, t: number, rules: Rules): BoundItem {
  const { found: node, positions } = afresh(search, () => search.lost(root, t, []));
  return node ? { index: 0, answer: 0, text: proofText(rules, node, 2), positions } : { index: 0, answer: null, text: '', positions };
}

/**
 * A frontier position found lost, ready to be written: each entry with the item or the child
 * position that refutes it (the frontier's answer, or another one after a fallback), or the
 * proof of another answer whose child the volume bound refutes.
 */
interface LostNode {
  readonly node: FrontierNode;
  readonly entries: readonly ({ readonly item: BoundItem } | { readonly answer: number; readonly child: LostNode } | { readonly other: ProofEntry })[];
}

/**
 * Whether a frontier position is lost by its items (`itemOf`): the position ready to be
 * written, or null when it is not lost. An entry whose child position is not lost falls back
 * (when `fallback` is given) to the class's other answers, as the plain search tries them; an
 * open item means its guess wins there.
 */
function lostNode(search: BoundSearch, node: FrontierNode, itemOf: (index: number) => BoundItem, fallback: Fallback | undefined): LostNode | null {
  const entries: LostNode['entries'][number][] = [];
  for (const e of node.entries) {
    if (e.item !== undefined) {
      const item = itemOf(e.item);
      if (item.answer === null) return null;
      entries.push({ item });
      continue;
    }
    const child = lostNode(search, e.child!, itemOf, fallback);
    if (child !== null) {
      entries.push({ answer: e.answer!, child });
      continue;
    }
    if (fallback === undefined) throw new NonocryptError('E_INTERNAL', 'internal error: an open item reached the proof');
    const other = otherAnswer(search, node, e.cls, fallback);
    if (other === null) return null;
    entries.push(other);
  }
  return { node, entries };
}

/** What a fallback needs: the frontier's depth, its items searched before, and where to report new ones. */
interface Fallback {
  readonly depth: number;
  readonly done: ReadonlyMap<string, BoundItem>;
  readonly onItem?: (item: BoundItem) => void;
}

/**
 * The frontier's answer to a guess class does not lose: its other answers, heaviest child
 * first as the plain search tries them, until one loses. Each child is split like the frontier,
 * down to the same depth, and its items are searched one at a time, each afresh, as they are
 * needed; so no search holds more than one item's proof tree, as in the frontier itself (one
 * search of the whole child held its tree and outgrew a 9 GB heap after 37 million positions:
 * AB 4 of 6 e = 2 at 9 guesses, docs/results/games-small.md). Its items are named by their paths, taken
 * from `done` when searched before and passed to `onItem` when searched here (a checkpoint).
 */
function otherAnswer(search: BoundSearch, node: FrontierNode, cls: GuessClass, fallback: Fallback): LostNode['entries'][number] | null {
  const { ctx } = search;
  const t = node.t - 1;
  for (const { answer } of search.children(node.tuple, node.t, cls.rep).slice(1)) {
    const tuple = ctx.part.child(node.tuple, cls.rep, answer);
    if (!ctx.volume.allows(tuple, t)) {
      return { other: { guess: cls.rep, answer, members: search.members(node.history, cls), child: { kind: 'volume', weight: ctx.volume.weight(tuple, t) } } };
    }
    const items: Frontier['items'][number][] = [];
    const sub = frontierBelow(search, tuple, t, [...node.history, cls.rep], pathStep(search, node.path, cls.rep, answer), fallback.depth, items);
    const searched = new Map<number, BoundItem>();
    const itemOf = (i: number): BoundItem => {
      const { node: at, cls: guess } = items[i]!;
      const key = at.path + ctx.rules.game.format(guess.rep);
      const known = searched.get(i) ?? fallback.done.get(key);
      if (known) return known;
      const item = { ...searchItem(search, items, i), fallback: key };
      searched.set(i, item);
      fallback.onItem?.(item);
      return item;
    };
    const child = lostNode(search, sub, itemOf, fallback);
    if (child !== null) return { answer, child };
  }
  return null;
}

/**
 * The proof's text of a lost frontier position, a piece at a time: the whole text may be longer
 * than one string can be; each item's text is not.
 */
function* lostText(rules: Rules, search: BoundSearch, lost: LostNode): Generator<string> {
  const { game, pegs } = rules;
  const { node } = lost;
  yield splitHead(node.head);
  for (let i = 0; i < node.entries.length; i++) {
    const e = node.entries[i]!;
    const at = lost.entries[i]!;
    if ('other' in at) {
      yield entryText(rules, at.other, proofText(rules, at.other.child, 1)) + '\n';
      continue;
    }
    const answer = 'item' in at ? at.item.answer! : at.answer;
    yield game.format(e.cls.rep) + answerChars(pegs, answer) + membersText(rules, search.members(node.history, e.cls));
    if ('item' in at) yield at.item.text;
    else yield* lostText(rules, search, at.child);
    yield '\n';
  }
  yield ')';
}
