import { NonocryptError } from '../../errors.js';
import { checkStrategy, type CheckReport } from '../check/checkStrategy.js';
import { Deadline, SearchTimeout } from '../Deadline.js';
import type { AnswerTable } from '../model/AnswerTable.js';
import { Knowledge } from '../model/Knowledge.js';
import type { Rules } from '../model/Rules.js';
import type { Levels } from '../tuple/Levels.js';
import { GAMES_TUNING } from '../tuning.js';
import { BUDGET_SPENT, BudgetedSearch } from './BudgetedSearch.js';
import { formatStrategyFile } from './formatStrategyFile.js';
import { KwbSearch } from './KwbSearch.js';
import { PnSearch } from './PnSearch.js';
import { SearchContext } from './SearchContext.js';
import { subtreeRunner } from './SubtreeRunner.js';
import type { SubtreeTask } from './SubtreeTask.js';

/**
 * The strategy pipeline: build a strategy, write its file text, and re-check it with the
 * independent checker (checkStrategy.ts) before it is returned.
 *
 * - `search` (the default): the budgeted volume-guided search (BudgetedSearch.ts) for a
 *   strategy within h guesses, h from `guesses` (or the volume lower bound) up to
 *   `maxGuesses`, the first h that works being kept. Then, unless `guesses` was given, it
 *   tries to do better (`improve`): for h one below, then lower while it succeeds down to
 *   the volume bound, the same search from the root in this thread with a widening branch
 *   (4 x branch, then every guess, which is exact), each try within IMPROVE_WORK answers looked up
 *   (tuning.ts) and half the time left. An exact try that fails proves h too few and ends it.
 * - `kwb`: the chapter's k-way branching (KwbSearch.ts) with k = `branch`.
 * - `pn`: the proof-number search (PnSearch.ts), exhaustive and best-first, in this thread
 *   (`jobs` and `branch` unused): within `guesses`, or from the volume lower bound up to
 *   `maxGuesses` (each h it rules out goes to `failed`: its own verdict, not a checked proof).
 * The first guess is chosen here; each of its children is one task, run on worker threads
 * (`jobs` > 1) or in this thread. `timeLimitMs` bounds the whole build, the answer table and
 * the final check included: when it passes, the
 * result is `timeout` and no strategy is returned (never a partial one).
 */
export interface StrategyOptions {
  readonly method?: 'search' | 'kwb' | 'pn';
  /** Guesses tried per tuple (search, default 4) or groups expanded (kwb, default 1). */
  readonly branch?: number;
  /** search: the worst case to build for; default: the volume lower bound, then up. */
  readonly guesses?: number;
  /** search: the largest worst case tried when `guesses` is not given (default lower bound + 10). */
  readonly maxGuesses?: number;
  /** search without `guesses`: try to lower the worst case found (default true). */
  readonly improve?: boolean;
  /** search: answers each improving try may look up (default IMPROVE_WORK, tuning.ts). */
  readonly improveWork?: number;
  readonly timeLimitMs?: number;
  /** Worker threads (default 1: this thread). */
  readonly jobs?: number;
  /** After each subtree: the worst case being tried, subtrees done and their number. */
  readonly onProgress?: (p: { guesses: number; done: number; total: number }) => void;
  readonly table?: AnswerTable;
  /** pn: asked about every PN_POLL expansions, a reason to stop now (e.g. memory; the result is then `timeout` with `stoppedBy`). */
  readonly shouldStop?: () => string | undefined;
}

export interface StrategyResult {
  /** built: a strategy, checked; none: no strategy found within the guesses tried; timeout. */
  readonly status: 'built' | 'none' | 'timeout';
  /** The strategy file's text (JSON), when built. */
  readonly file?: string;
  /** The claimed worst case (the builder's), when built. */
  readonly worst?: number;
  /** The independent check of the file, when built (always valid: an invalid one is a bug). */
  readonly check?: Extract<CheckReport, { valid: true }>;
  /** Worst cases tried without success (search). */
  readonly failed: readonly number[];
  readonly nodes: number;
  readonly ms: number;
  /** pn: why it stopped before the time limit (e.g. memory), when `timeout`. */
  readonly stoppedBy?: string;
  /** pn: the last search's counts (positions expanded best-first, made, decided at once). */
  readonly pn?: { readonly expanded: number; readonly positions: number; readonly decided: number };
}

export async function buildStrategy(rules: Rules, options: StrategyOptions = {}): Promise<StrategyResult> {
  const started = performance.now();
  const method = options.method ?? 'search';
  const branch = Math.max(1, Math.floor(options.branch ?? (method === 'kwb' ? 1 : 4)));
  const deadline = Deadline.after(options.timeLimitMs);
  const deadlineEpochMs = deadline.at === undefined ? undefined : performance.timeOrigin + deadline.at;
  const failed: number[] = [];
  let nodes = 0;
  const done = (status: StrategyResult['status'], extra: Partial<StrategyResult> = {}): StrategyResult => ({
    status,
    failed,
    nodes,
    ms: performance.now() - started,
    ...extra,
  });
  let ctx: SearchContext;
  try {
    ctx = SearchContext.of(rules, options.table, deadline);
  } catch (e) {
    if (e instanceof SearchTimeout) return done('timeout');
    throw e;
  }
  const table = ctx.table.shared;
  const root = Knowledge.initial(rules).lists();
  const runner = subtreeRunner(options.jobs ?? 1, options.timeLimitMs);
  const task = (levels: Levels, history: number[], guesses: number): SubtreeTask => ({
    kind: 'games-subtree',
    rules: rules.spec(),
    ...(table ? { table } : {}),
    levels,
    history,
    method: method === 'kwb' ? 'kwb' : 'search',
    guesses,
    branch,
    ...(deadlineEpochMs !== undefined ? { deadlineEpochMs } : {}),
  });
  /** The node for first guess g from its children's subtrees, or why there is none. */
  const expand = async (g: number, guesses: number): Promise<{ text: string; depth: number } | 'failed' | 'timeout'> => {
    const answers = ctx.part.liveAnswers(root, g);
    const tasks = answers.map((r) => task(ctx.part.child(root, g, r), [g], guesses - 1));
    const outs = await runner.run(tasks, (n) => options.onProgress?.({ guesses, done: n, total: tasks.length }));
    const texts: [number, string][] = [];
    let depth = 0;
    for (let i = 0; i < outs.length; i++) {
      const o = outs[i]!;
      if (o.kind === 'error') throw new NonocryptError(o.code, o.message);
      if (o.kind === 'timeout' || o.timedOut) return 'timeout';
      nodes += o.nodes;
      if (o.text === null) return 'failed';
      texts.push([answers[i]!, o.text]);
      depth = Math.max(depth, o.depth);
    }
    return { text: ctx.nodeText(g, texts), depth: depth + 1 };
  };
  const finish = (text: string, worst: number): StrategyResult => {
    const file = formatStrategyFile(rules, text, { worst, extra: { built: method === 'pn' ? 'proof-number search' : `${method}, ${method === 'kwb' ? 'k' : 'branch'} ${branch}` } });
    const check = checkStrategy(file, 'strategy', deadline.at === undefined ? {} : { deadline: deadline.at });
    if (check.valid === null) return done('timeout');
    if (!check.valid) {
      const play = check.turns.map((t) => `${t.guess}=${t.answer}`).join(',');
      throw new NonocryptError('E_INTERNAL', `internal error: the built strategy fails the independent check (secret ${check.secret}, ${play}: ${check.problem})`);
    }
    return done('built', { file, worst, check });
  };

  /** The improving tries (see the doc comment above): the best strategy found. */
  const improve = (found: { text: string; h: number }, lower: number): { text: string; h: number } => {
    const phase = deadline.at === undefined ? Deadline.never : Deadline.after(deadline.leftMs / 2);
    ctx.deadline = phase;
    try {
      for (let h = found.h - 1; h >= lower; h--) {
        let text: string | null = null;
        for (const k of [4 * branch, Infinity]) {
          const s = new BudgetedSearch(ctx, {
            branch: k,
            ruleMaxCodes: GAMES_TUNING.RULE_MAX_CODES.value,
            ruleNodes: GAMES_TUNING.RULE_NODES.value,
            budget: options.improveWork ?? GAMES_TUNING.IMPROVE_WORK.value,
          });
          try {
            text = s.solve(root, h, []);
          } catch (e) {
            if (!(e instanceof SearchTimeout)) throw e;
            if (e.stoppedBy !== BUDGET_SPENT) return found;
            continue;
          } finally {
            nodes += s.nodes;
          }
          if (text !== null) break;
          if (k === Infinity) return found;
        }
        if (text === null) return found;
        found = { text, h };
      }
      return found;
    } finally {
      ctx.deadline = deadline;
    }
  };

  ctx.deadline = deadline;
  try {
    if (method === 'kwb') {
      const kwb = new KwbSearch(ctx, branch);
      let best: { text: string; depth: number } | undefined;
      for (const g of kwb.choose(root, [])) {
        const r = await expand(g, 0);
        if (r === 'timeout') return done('timeout');
        if (r !== 'failed' && (!best || r.depth < best.depth)) best = r;
      }
      return best ? finish(best.text, best.depth) : done('none');
    }
    const lower = Math.max(1, ctx.volume.lowerBound(root));
    if (method === 'pn') {
      const last = options.guesses ?? options.maxGuesses ?? lower + 10;
      for (let h = options.guesses ?? lower; h <= last; h++) {
        const s = new PnSearch(ctx, options.shouldStop ? { shouldStop: options.shouldStop } : {});
        const r = s.solve(root, h);
        nodes += s.expanded;
        const pn = { expanded: s.expanded, positions: s.positions, decided: s.decided };
        if (r.status === 'won') return { ...finish(r.text!, h), pn };
        if (r.status === 'unknown') return done('timeout', { pn, ...(r.stoppedBy && deadline.passed === false ? { stoppedBy: r.stoppedBy } : {}) });
        failed.push(h);
        if (h === last) return done('none', { pn });
      }
      return done('none');
    }
    const first = options.guesses ?? lower;
    const last = options.guesses ?? options.maxGuesses ?? lower + 10;
    const pool = ctx.guessPool(root, []);
    for (let h = first; h <= last; h++) {
      const ranked = ctx.rank(root, h, pool).slice(0, branch);
      for (const { guess } of ranked) {
        const r = await expand(guess, h);
        if (r === 'timeout') return done('timeout');
        if (r === 'failed') continue;
        if (options.guesses !== undefined || options.improve === false) return finish(r.text, h);
        const better = improve({ text: r.text, h }, lower);
        return finish(better.text, better.h);
      }
      failed.push(h);
    }
    return done('none');
  } catch (e) {
    if (e instanceof SearchTimeout) return done('timeout');
    throw e;
  } finally {
    ctx.deadline = Deadline.never;
    await runner.close();
  }
}
