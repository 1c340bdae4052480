import type { Grid, Puzzle } from '../grid/Puzzle.js';
import { runBlocks, type RunOptions } from '../parallel/BlockRunner.js';
import type { BlockTask } from '../parallel/BlockTask.js';
import { solveOutcome } from '../parallel/outcomes.js';
import { WorkerPool } from '../parallel/WorkerPool.js';
import type { SolveResult } from '../solve/SolveResult.js';
import { WORK_BUDGET_REASON, isTimeLimitReason, timeLimitReason } from '../solve/timeLimitReason.js';
import type { Cube } from '../solve/split/splitCubes.js';
import { PORTFOLIO_AFTER_CONFLICTS, portfolioMembers } from './portfolio.js';
import type { CertifyOutcome } from '../certificate/make/certifyBlock.js';
import { certifySolution } from '../certificate/make/certifySolution.js';
import { withPasses } from '../solve/withPasses.js';

/**
 * Solve one puzzle: unique (with whether line logic alone finds it), multiple (two grids),
 * none, or unknown (time limit, memory cap). The time limit is honoured on every engine: in
 * this thread by the engine's deadline, else on a worker that is stopped at the limit.
 *
 * With `jobs` >= 2, a puzzle still undecided after PORTFOLIO_AFTER_CONFLICTS of work in this
 * thread (SAT conflicts: the same point at any load, not a time) is solved by a portfolio: `jobs`
 * differently tuned solvers race on worker threads (portfolio.ts) with what is left of the time
 * limit, the first verdict wins and the others are stopped. Counting never races (one count,
 * one solver).
 */
export interface SolveOptions extends RunOptions {
  /** Cells (row-major indices) given black. */
  readonly givens?: readonly number[];
  /** Probe before SAT when propagation stalls (default true). */
  readonly probing?: boolean;
  /** Count solutions up to this many: SAT with a blocking clause per grid found; the result carries `count`. */
  readonly countMax?: number;
  /**
   * Stop at the first solution: status 'found' (or 'unique' when propagation or probing proved
   * it, 'none', 'unknown'); no search for a second one. The tournaments' task.
   */
  readonly first?: boolean;
  /** With `jobs` >= 2: how much work (SAT conflicts) the puzzle gets in this thread before a portfolio races (default PORTFOLIO_AFTER_CONFLICTS). */
  readonly portfolioAfterConflicts?: number;
  /** Only the pictures in this cube (a part of a split board: solvePart.ts); the verdict is the cube's. */
  readonly cube?: Cube;
  /**
   * A picture known to fit the clues and the givens (the Draw tab's drawing): only a second one
   * is searched for, and a grid that differs from it by one 2x2 switch is found before any
   * search. Checked first (E_INTERNAL when it does not fit). Ignored when counting or with `first`.
   */
  readonly known?: Grid;
  /** For a line-solvable verdict: count line logic's passes (stats.passes, withPasses). */
  readonly countPasses?: boolean;
}

/**
 * How many solutions `--count` looks for when no maximum is given (unit: solutions; range 1
 * and up). Each further solution is one more SAT call on an instance that keeps what it
 * learnt, so counting is cheap next to the first two grids: on TAAI 2011 puzzles 1-40 (25x25,
 * 2 to 560 solutions each, all counted exactly), counting took at most 0.1 CPU s per puzzle,
 * about 0.05 ms per further solution (minisat, 2026-11-23, load average 22). A thousand keeps a
 * default count under a second on such boards while telling "a few" from "very many".
 */
export const DEFAULT_COUNT_MAX = 1000;

export async function solve(puzzle: Puzzle, options: SolveOptions = {}): Promise<SolveResult> {
  const r = await decide(puzzle, options);
  return options.countPasses ? withPasses(r, puzzle, options.givens ?? []) : r;
}

/** `solve` without the count of passes. */
async function decide(puzzle: Puzzle, options: SolveOptions): Promise<SolveResult> {
  const task = { kind: 'solve' as const, puzzle, givens: options.givens ?? [], probing: options.probing, countMax: options.countMax, first: options.first, ...(options.cube ? { cube: options.cube } : {}), ...(options.known ? { known: options.known } : {}) };
  const jobs = Math.max(1, Math.floor(options.jobs ?? 1));
  const started = performance.now();
  const limit = options.timeoutMs ?? Infinity;
  const race = jobs >= 2 && options.countMax === undefined;
  const alone = await once(race ? { ...task, conflicts: options.portfolioAfterConflicts ?? PORTFOLIO_AFTER_CONFLICTS } : task, { ...options, jobs: 1 });
  if (!race || alone.status !== 'unknown' || alone.reason !== WORK_BUDGET_REASON) return alone;
  const left = limit - (performance.now() - started);
  if (left <= 0) return { ...alone, reason: timeLimitReason(limit) };
  const members = portfolioMembers(jobs, options.engine).map((m): BlockTask => ({ ...task, ...m }));
  const pool = new WorkerPool({ ...options, jobs: members.length, ...(Number.isFinite(left) ? { timeoutMs: Math.max(1, left) } : {}) });
  const out = await pool.race(members, (o) => o.kind === 'solve' && o.result.status !== 'unknown');
  const raced = solveOutcome(out, options.timeoutMs);
  // The members got what the first solver left of the limit; the reason names the limit given.
  return raced.status === 'unknown' && isTimeLimitReason(raced.reason) ? { ...raced, reason: timeLimitReason(limit) } : raced;
}

/**
 * `solve`, and for a `unique` or `none` verdict its certificate (src/certificate/make/): the proof
 * engine is loaded only here. The time limit covers both (the certificate gets what the solve
 * left). `multiple` carries its two pictures and needs none; `unknown` and `found` get none.
 */
export async function solveCertified(puzzle: Puzzle, options: SolveOptions = {}): Promise<{ readonly result: SolveResult; readonly certificate?: CertifyOutcome }> {
  const started = performance.now();
  const result = await solve(puzzle, options);
  const left = options.timeoutMs === undefined ? undefined : Math.max(1, options.timeoutMs - (performance.now() - started));
  const certificate = await certifySolution(puzzle, options.givens ?? [], result, {
    ...(left !== undefined ? { timeoutMs: left, limitMs: options.timeoutMs } : {}),
    ...(options.memoryCapBytes !== undefined ? { memoryCapBytes: options.memoryCapBytes } : {}),
    ...(options.cube ? { cube: options.cube } : {}),
  });
  return { result, ...(certificate ? { certificate } : {}) };
}

/** One solve task on a runner made for it. */
async function once(task: BlockTask, options: RunOptions): Promise<SolveResult> {
  for await (const out of runBlocks([task], options)) return solveOutcome(out, options.timeoutMs);
  throw new Error('unreachable: a runner gives every task an outcome');
}
