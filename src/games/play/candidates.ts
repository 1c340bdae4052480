import { NonocryptError } from '../../errors.js';
import { createSolver, DEFAULT_ENGINE } from '../../sat/engines.js';
import type { EngineName } from '../../sat/SatSolver.js';
import { Deadline, SearchTimeout } from '../Deadline.js';
import { AnswerTable } from '../model/AnswerTable.js';
import type { Turn } from '../model/History.js';
import { Knowledge } from '../model/Knowledge.js';
import type { Rules } from '../model/Rules.js';
import { GAMES_TUNING } from '../tuning.js';
import { LiesModel } from './LiesModel.js';

/**
 * What a history tells: the sizes of C^(0..e), the codes of each level (up to a limit), and
 * the answers that must have been lies (every code that fits contradicts them).
 *
 * Games up to MAX_ENUMERATED_CODES (tuning.ts) codes are enumerated (the knowledge tuple as bitsets);
 * larger ones (or `method: 'sat'`) are asked of the SAT model (LiesModel.ts): codes are found
 * one model at a time with blocking clauses, so counts stop at `countLimit` (then they are
 * lower bounds, `exact` false).
 */
export interface CandidateOptions {
  /** Codes listed per level, at most (default 20). */
  readonly limit?: number;
  readonly method?: 'auto' | 'enumerate' | 'sat';
  /** SAT: codes counted per level at most (default 1,000). */
  readonly countLimit?: number;
  readonly engine?: EngineName;
  /** `performance.now()` time to stop at: SAT's counts then are lower bounds; an enumeration cut short counts nothing (`timedOut`). */
  readonly deadline?: number;
  readonly table?: AnswerTable;
}

export interface CandidateReport {
  readonly method: 'enumerate' | 'sat';
  /** counts[j]: codes that contradict exactly j answers (a lower bound when not exact). */
  readonly counts: number[];
  /** Every count is exact. */
  readonly exact: boolean;
  /** exactCounts[j]: counts[j] is exact (else a lower bound). */
  readonly exactCounts: boolean[];
  /** The codes of each level, ascending, at most `limit` each (indices). */
  readonly codes: number[][];
  /** Turns (0-based) whose answer every fitting code contradicts: certainly lies. */
  readonly lies: number[];
  /** Turns whose status is undecided (SAT stopped at the deadline). */
  readonly undecided: number[];
  /** The enumeration stopped at the deadline: nothing was counted (counts and codes are empty). */
  readonly timedOut: boolean;
}

export const DEFAULT_COUNT_LIMIT = 1000;

export function candidates(rules: Rules, turns: readonly Turn[], options: CandidateOptions = {}): CandidateReport {
  const method = options.method ?? 'auto';
  const limit = options.limit ?? 20;
  const maxCodes = GAMES_TUNING.MAX_ENUMERATED_CODES.value;
  const enumerable = rules.game.size <= maxCodes;
  if (method === 'enumerate' && !enumerable) {
    throw new NonocryptError('E_USAGE', `${rules.game.size} codes are too many to enumerate (at most ${maxCodes}); use the SAT method`);
  }
  if (method === 'sat' || (method === 'auto' && !enumerable)) return bySat(rules, turns, limit, options);
  const deadline = new Deadline(options.deadline);
  try {
    return byEnumeration(rules, turns, limit, options.table ?? new AnswerTable(rules.game, undefined, deadline), deadline);
  } catch (e) {
    if (!(e instanceof SearchTimeout)) throw e;
    return { method: 'enumerate', counts: [], exact: false, exactCounts: [], codes: [], lies: [], undecided: turns.map((_, i) => i), timedOut: true };
  }
}

function byEnumeration(rules: Rules, turns: readonly Turn[], limit: number, table: AnswerTable, deadline: Deadline): CandidateReport {
  const k = Knowledge.after(rules, table, turns, deadline);
  const counts = k.counts();
  const codes = counts.map((_, j) => k.codes(j, limit));
  // A turn is a certain lie when no fitting code agrees with its answer.
  const agreed = new Uint8Array(turns.length);
  const rows = turns.map((t) => table.row(t.guess));
  for (let j = 0; j <= rules.lies; j++) {
    for (const c of k.codes(j)) {
      deadline.tick(turns.length);
      for (let i = 0; i < turns.length; i++) if (rows[i]![c] === turns[i]!.answer) agreed[i] = 1;
    }
  }
  const any = counts.some((n) => n > 0);
  const lies = any ? turns.map((_, i) => i).filter((i) => !agreed[i]) : [];
  return { method: 'enumerate', counts, exact: true, exactCounts: counts.map(() => true), codes, lies, undecided: [], timedOut: false };
}

function bySat(rules: Rules, turns: readonly Turn[], limit: number, options: CandidateOptions): CandidateReport {
  const solver = createSolver(options.engine ?? DEFAULT_ENGINE);
  const countLimit = options.countLimit ?? DEFAULT_COUNT_LIMIT;
  const limits = options.deadline === undefined ? undefined : { deadline: options.deadline };
  try {
    const model = new LiesModel(solver, rules, turns);
    const counts: number[] = [];
    const codes: number[][] = [];
    const exactCounts: boolean[] = [];
    for (let j = 0; j <= rules.lies; j++) {
      const query = model.scope.child();
      const found: number[] = [];
      let n = 0;
      let exact = true;
      for (;;) {
        if (n >= countLimit) {
          exact = false;
          break;
        }
        const r = query.solve(limits, model.levelAssumptions(j));
        if (r === 'unknown') {
          exact = false;
          break;
        }
        if (r === 'unsat') break;
        const c = model.code();
        found.push(c);
        n++;
        model.block(query, c);
      }
      query.retire();
      counts.push(n);
      exactCounts.push(exact);
      // The smallest codes found: the smallest of the level when all were found.
      codes.push(found.sort((a, b) => a - b).slice(0, limit));
    }
    const lies: number[] = [];
    const undecided: number[] = [];
    if (counts.some((n) => n > 0)) {
      for (let i = 0; i < turns.length; i++) {
        const r = model.scope.solve(limits, [-model.v[i]!]);
        if (r === 'unsat') lies.push(i);
        else if (r === 'unknown') undecided.push(i);
      }
    }
    return { method: 'sat', counts, exact: exactCounts.every(Boolean), exactCounts, codes, lies, undecided, timedOut: false };
  } finally {
    solver.release();
  }
}
