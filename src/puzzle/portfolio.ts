import type { EngineName } from '../sat/SatSolver.js';
import type { SolverTuning } from '../solve/BlockSolver.js';

/**
 * The members of a portfolio for one hard puzzle: solvers that differ in where they look first
 * (the SAT engine, the phases' rounds of belief propagation, how long the search goes on before
 * SAT, which colour a branch tries first). Any member's answer is a proof; on puzzles whose
 * time depends on SAT's luck (Faase: 26-80 s over the belief rounds tried, docs/BENCHMARKS.md),
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
 * How long one puzzle is solved in the calling thread before a portfolio starts on the worker
 * threads (ms; range 2,000-120,000). A race costs CPU on every member, so it is kept for
 * puzzles the default solver has not decided in a while: every tournament puzzle and every
 * survey puzzle took under 30 s alone (Faase 24 s, in one run; with a race from 2 s it took
 * 59 CPU s and 58 s wall on this shared 2-core machine, against 24 alone), so they never race.
 */
export const PORTFOLIO_AFTER_MS = 30_000;
