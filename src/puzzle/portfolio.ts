import type { EngineName } from '../sat/SatSolver.js';
import type { SolverTuning } from '../solve/BlockSolver.js';

/**
 * The members of a portfolio for one hard puzzle: solvers that differ in where they look first
 * (the SAT engine, the phases' rounds of belief propagation, how long the search goes on before
 * SAT, which colour a branch tries first). Any member's answer is a proof; on puzzles whose
 * time depends on SAT's luck (Faase: 26-80 s over the belief rounds tried, docs/results/solver-research.md),
 * the first of several finishes well before the slowest.
 */
export interface PortfolioMember {
  readonly engine?: EngineName;
  readonly tuning: Partial<SolverTuning>;
}

const MEMBERS: readonly PortfolioMember[] = [
  { tuning: {} },
  { engine: 'cadical', tuning: { beliefRounds: 40 } },
  { tuning: { beliefRounds: 20, searchLineWork: 20e6, valueFirst: 1 } },
  { tuning: { searchLineWork: 1e12, restartNodes: 100, valueFirst: 2 } },
];

/** The first `count` members; member 0 is the default solver (on `engine`, when named). */
export function portfolioMembers(count: number, engine?: EngineName): PortfolioMember[] {
  const out: PortfolioMember[] = [];
  for (let i = 0; i < count; i++) {
    const m = MEMBERS[i] ?? { tuning: { beliefRounds: 30 + 10 * i } };
    out.push(i === 0 && engine ? { ...m, engine } : m);
  }
  return out;
}

/**
 * How much work one puzzle gets in the calling thread before a portfolio starts on the worker
 * threads, in SAT conflicts (range 1e4-1e8). A count of work, not a time: the same puzzle races
 * or not, and at the same point, at any load (issue 42: a trigger after 30 s of wall time fired
 * after less CPU the busier the machine). A race costs CPU on every member, so it is kept for
 * puzzles the default solver has not decided in a while: every tournament puzzle and every
 * survey puzzle took under 30 s alone (Faase 24 s, in one run; with a race from 2 s it took
 * 59 CPU s and 58 s wall on this shared 2-core machine, against 24 alone), so they never race.
 * What 30 s were in conflicts (the SAT calls' and the finishing blocks', MiniSat, `--jobs 1`,
 * load 2.4-2.8, scratch runs 2026-11-29): board 4 of `random70-0.5` had spent about 72,000
 * after 28 s and board 2 of `random80-0.5` about 55,000 after 30 s (from the conflicts and
 * times of each slice and attempt); Faase, which now takes 42 s alone (decimation included),
 * spent 87,862 in SAT's own calls, about 63,000 in 30 s pro rata; so 60,000. Checked after:
 * with this budget the stage alone took 26.5 and 28.1 CPU s on those two boards (27.0 and
 * 28.3 s wall); with a busy loop on the other core, 128 and 161 s wall, 31.9 and 40.2 CPU s,
 * and the same statistics (conflicts, decisions, decimation attempts), where 30 s of wall time
 * would have been 6-7 CPU s.
 */
export const PORTFOLIO_AFTER_CONFLICTS = 60_000;
