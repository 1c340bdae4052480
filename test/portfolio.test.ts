// The portfolio for one hard puzzle: members race on worker threads, the first verdict wins and
// the losers are stopped (their workers terminated), never left running.
import { expect, test } from 'vitest';
import { checkGrid } from '../src/grid/checkGrid.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import type { BlockOutcome, BlockTask } from '../src/parallel/BlockTask.js';
import { WorkerPool } from '../src/parallel/WorkerPool.js';
import { portfolioMembers } from '../src/puzzle/portfolio.js';
import { solve } from '../src/puzzle/solve.js';
import { randomCells, rng } from './helpers/bruteForce.js';
import { stalledGrid } from './helpers/puzzles.js';

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a race returns the first decisive outcome and terminates the workers still running', async () => {
  // The loser: a random 100x100 board, hopeless in seconds, with no time limit at all.
  const slow: BlockTask = { kind: 'solve', puzzle: puzzleOf(stalledGrid(100, 100, 0.5)), givens: [] };
  const quick: BlockTask = { kind: 'solve', puzzle: puzzleOf(makeGrid(30, 30, randomCells(30, 30, 0.5, rng(3)))), givens: [] };
  const pool = new WorkerPool({ jobs: 2 });
  const started = performance.now();
  const out = await pool.race([slow, quick], (o: BlockOutcome) => o.kind === 'solve' && o.result.status !== 'unknown');
  expect(performance.now() - started).toBeLessThan(30_000);
  expect(out.kind).toBe('solve');
  if (out.kind !== 'solve' || out.result.status !== 'multiple') throw new Error(`expected the quick board's verdict, got ${JSON.stringify(out).slice(0, 200)}`);
  for (const g of out.result.grids) expect(checkGrid(quick.puzzle, g)).toBeNull();
  expect(pool.liveWorkers).toBe(0);
  // Nothing runs on: the process uses (almost) no CPU afterwards.
  const before = cpuSeconds();
  await sleep(1500);
  expect(cpuSeconds() - before).toBeLessThan(0.4);
}, 60_000);

test('when no member decides, the race ends with the last outcome, within the time limit', async () => {
  const hard: BlockTask = { kind: 'solve', puzzle: puzzleOf(stalledGrid(100, 100, 0.5, 7)), givens: [] };
  const pool = new WorkerPool({ jobs: 2, timeoutMs: 1500 });
  const started = performance.now();
  const out = await pool.race([hard, { ...hard, tuning: { beliefRounds: 5 } }], (o) => o.kind === 'solve' && o.result.status !== 'unknown');
  expect(performance.now() - started).toBeLessThan(15_000);
  expect(out.kind === 'timeout' || (out.kind === 'solve' && out.result.status === 'unknown')).toBe(true);
  expect(pool.liveWorkers).toBe(0);
}, 60_000);

test('solve() with jobs races a portfolio once the puzzle outlasts its work alone; the verdict is re-checked', async () => {
  const p = puzzleOf(makeGrid(30, 30, randomCells(30, 30, 0.5, rng(11))));
  const r = await solve(p, { jobs: 2, portfolioAfterConflicts: 0 });
  expect(r.status).toBe('multiple');
  if (r.status === 'multiple') for (const g of r.grids) expect(checkGrid(p, g)).toBeNull();
  // A hopeless board: unknown at the time limit, and the call comes back.
  const started = performance.now();
  const u = await solve(puzzleOf(stalledGrid(100, 100, 0.5, 9)), { jobs: 2, portfolioAfterConflicts: 200, timeoutMs: 2500 });
  expect(u.status).toBe('unknown');
  // The members raced with what was left of the limit; the reason names the limit given (issue 40, item 2).
  if (u.status === 'unknown') expect(u.reason).toBe('time limit of 2.5 s reached');
  expect(performance.now() - started).toBeLessThan(20_000);
}, 60_000);

test('portfolio members: the first is the default solver (on the engine named), the others differ', () => {
  const m = portfolioMembers(6, 'cadical');
  expect(m[0]).toEqual({ engine: 'cadical', tuning: {} });
  const keys = m.map((x) => JSON.stringify(x));
  expect(new Set(keys).size).toBe(6);
});
