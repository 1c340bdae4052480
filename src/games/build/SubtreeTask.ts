import { Deadline, SearchTimeout } from '../Deadline.js';
import type { SharedAnswers } from '../model/AnswerTable.js';
import { Rules, type RulesSpec } from '../model/Rules.js';
import type { Levels } from '../tuple/Levels.js';
import { GAMES_TUNING } from '../tuning.js';
import { BudgetedSearch } from './BudgetedSearch.js';
import { KwbSearch } from './KwbSearch.js';
import { SearchContext } from './SearchContext.js';

/**
 * One subtree of a strategy to build, as plain data that crosses to a worker thread (the
 * answer table travels as a SharedArrayBuffer, not copied). `runSubtree` does the work in
 * whichever thread it is called.
 */
export interface SubtreeTask {
  readonly kind: 'games-subtree';
  readonly rules: Required<RulesSpec>;
  /** The answer table's memory (shared), when the game has a full table. */
  readonly table?: SharedAnswers;
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

export function runSubtree(task: SubtreeTask): SubtreeOutcome {
  const rules = new Rules(task.rules);
  const deadline = new Deadline(task.deadlineEpochMs === undefined ? undefined : task.deadlineEpochMs - performance.timeOrigin);
  const history = [...task.history];
  let ctx: SearchContext | undefined;
  try {
    ctx = SearchContext.of(rules, task.table, deadline);
    ctx.deadline = deadline;
    if (task.method === 'kwb') {
      const s = new KwbSearch(ctx, task.branch);
      const r = s.solve(task.levels, history);
      return { kind: 'games-subtree', text: r.text, depth: r.depth, nodes: s.nodes, timedOut: false };
    }
    const s = new BudgetedSearch(ctx, { branch: task.branch, ruleMaxCodes: GAMES_TUNING.RULE_MAX_CODES.value, ruleNodes: GAMES_TUNING.RULE_NODES.value });
    const text = s.solve(task.levels, task.guesses, history);
    return { kind: 'games-subtree', text, depth: task.guesses, nodes: s.nodes, timedOut: false };
  } catch (e) {
    if (e instanceof SearchTimeout) return { kind: 'games-subtree', text: null, depth: 0, nodes: 0, timedOut: true };
    throw e;
  } finally {
    if (ctx) ctx.deadline = Deadline.never;
  }
}
