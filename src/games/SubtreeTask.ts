import { AnswerTable } from './AnswerTable.js';
import { KwbSearch } from './KwbSearch.js';
import type { Levels } from './Partition.js';
import { Rules, type RulesSpec } from './Rules.js';
import { BudgetedSearch, SearchContext, SearchTimeout } from './StrategySearch.js';

/**
 * One subtree of a strategy to build, as plain data that crosses to a worker thread (the
 * answer table travels as a SharedArrayBuffer, not copied). `runSubtree` does the work in
 * whichever thread it is called.
 */
export interface SubtreeTask {
  readonly kind: 'games-subtree';
  readonly rules: Required<RulesSpec>;
  /** The answer table's buffer (shared memory), when the game has a full table. */
  readonly table?: ArrayBufferLike;
  readonly levels: Levels;
  readonly history: number[];
  readonly method: 'search' | 'kwb';
  /** search: the guesses left for this subtree. */
  readonly guesses: number;
  /** Guesses tried per tuple (search) or groups expanded (kwb). */
  readonly branch: number;
  /** Wall-clock time to stop at (ms since the epoch: the same in every thread). */
  readonly deadlineEpochMs?: number;
}

export type SubtreeOutcome =
  | {
      readonly kind: 'games-subtree';
      /** The subtree's compact text; null when the search found none within `guesses`. */
      readonly text: string | null;
      /** The most guesses a play needs in it (kwb; search: at most `guesses`). */
      readonly depth: number;
      readonly nodes: number;
      readonly timedOut: boolean;
    };

/**
 * Tuples with at most this many codes try the fewest-lies rule first (it wins most endgames
 * and keeps files small: Mastermind e = 2 within 9 is 0.6 MB). Range 0-100; not tuned.
 */
export const RULE_MAX_CODES = 12;
/** Guesses the rule check may look at per tuple before giving up on it. Range 100-100,000; not tuned. */
export const RULE_NODES = 5000;

/** Contexts made in this thread, by game (a worker builds subtrees of one game many times). */
const contexts = new Map<string, SearchContext>();

export function searchContext(rules: Rules, table?: AnswerTable | ArrayBufferLike): SearchContext {
  const key = JSON.stringify(rules.spec());
  let ctx = contexts.get(key);
  if (!ctx) {
    const t = table instanceof AnswerTable ? table : new AnswerTable(rules.game, table);
    ctx = new SearchContext(rules, t);
    contexts.clear();
    contexts.set(key, ctx);
  }
  return ctx;
}

export function runSubtree(task: SubtreeTask): SubtreeOutcome {
  const rules = new Rules(task.rules);
  const ctx = searchContext(rules, task.table);
  const deadline = task.deadlineEpochMs === undefined ? undefined : task.deadlineEpochMs - performance.timeOrigin;
  const history = [...task.history];
  try {
    if (task.method === 'kwb') {
      const s = new KwbSearch(ctx, task.branch, deadline);
      const r = s.solve(task.levels, history);
      return { kind: 'games-subtree', text: r.text, depth: r.depth, nodes: s.nodes, timedOut: false };
    }
    const s = new BudgetedSearch(ctx, { branch: task.branch, deadline, ruleMaxCodes: RULE_MAX_CODES, ruleNodes: RULE_NODES });
    const text = s.solve(task.levels, task.guesses, history);
    return { kind: 'games-subtree', text, depth: task.guesses, nodes: s.nodes, timedOut: false };
  } catch (e) {
    if (e instanceof SearchTimeout) return { kind: 'games-subtree', text: null, depth: 0, nodes: 0, timedOut: true };
    throw e;
  }
}
