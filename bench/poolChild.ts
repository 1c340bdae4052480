import { createHash } from 'node:crypto';
import { builtinTable } from '../src/cipher/Table.js';
import { messageGrids } from '../src/cipher/encrypt.js';
import type { Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import type { BlockRunner } from '../src/parallel/BlockRunner.js';
import { quickOutcome, type BlockOutcome, type BlockTask } from '../src/parallel/BlockTask.js';
import type { EngineName } from '../src/sat/SatSolver.js';
import { all4x4, englishText, mulberry32, randomGrid } from './harness/inputs.js';
import { tally as count } from './harness/stats.js';
import { makeRunner, type PoolName } from './poolAdapters.js';

/**
 * The workloads of the pool benchmark (bench/pool.ts), each called once in a process of its own
 * (harness/worker.ts `oneShot`) so that start-up, CPU and peak memory are that pool's alone; the
 * process must end by itself once the pool is closed (the parent checks). CPU is
 * `process.cpuUsage()`: the whole process, worker threads included.
 */
export interface Phase {
  readonly wall: number;
  readonly cpu: number;
  /** Outcome kinds (solve outcomes by status), counted. */
  readonly outcomes: Record<string, number>;
  /** What this phase checks: empty when right. */
  readonly wrong: string[];
  /** Seconds from the start to the first outcome (start-up only). */
  readonly first?: number;
  /** A digest of the outcomes that must not depend on the pool. */
  readonly digest?: string;
}

export interface ChildResult {
  readonly phases: Record<string, Phase>;
  /** Peak resident memory of the process, MiB. */
  readonly rssMiB: number;
  /** CPU seconds of the whole process so far (module loading included). */
  readonly processCpu: number;
}

/** The number of 4x4 pictures whose clues no other shares (harness/inputs.ts `uniqueByCounting` counts them). */
export const UNIQUE_4X4 = 52_362;

/**
 * The text workload's budget per annotate task, ms: fixed per block (not encrypt's shared
 * budget, which hands out what time is left) so that the tasks, and so the annotations, do not
 * depend on the pool's speed; far above what a 25x25 block of this text needs.
 */
const TEXT_BLOCK_BUDGET_MS = 10_000;

const cpuNow = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

const tally = (outs: readonly BlockOutcome[]): Record<string, number> => Object.fromEntries(count(outs, (o) => (o.kind === 'solve' ? o.result.status : o.kind)));

/** Runs the tasks on a fresh runner, closed at the end; wall and CPU include start-up and close. */
async function phase(
  make: () => BlockRunner,
  tasks: Iterable<BlockTask>,
  check: (outs: BlockOutcome[]) => { wrong: string[]; digest?: string },
): Promise<Phase> {
  const c0 = cpuNow();
  const w0 = performance.now();
  const runner = make();
  const outs: BlockOutcome[] = [];
  let first: number | undefined;
  try {
    for await (const o of runner.run(tasks)) {
      first ??= (performance.now() - w0) / 1000;
      outs.push(o);
    }
  } finally {
    await runner.close();
  }
  const wall = (performance.now() - w0) / 1000;
  const cpu = cpuNow() - c0;
  return { wall, cpu, first, outcomes: tally(outs), ...check(outs) };
}

/** A small block that propagation leaves open: it really goes to a worker. */
function smallSatTask(seed: number): BlockTask {
  const rand = mulberry32(seed);
  for (;;) {
    const task: BlockTask = { kind: 'solve', puzzle: puzzleOf(randomGrid(6, 6, 0.5, rand)), givens: [] };
    if (quickOutcome(task) === undefined) return task;
  }
}

/** The storm's blocks: clues of random 60x60 pictures of density 0.5, seeds 1, 2, ... */
function* stormTasks(count: number): Generator<BlockTask> {
  for (let seed = 1; seed <= count; seed++) yield { kind: 'solve', puzzle: puzzleOf(randomGrid(60, 60, 0.5, mulberry32(seed))), givens: [] };
}

const sameCells = (a: Grid, b: Grid): boolean => a.cells.every((v, i) => v === b.cells[i]);

export interface Args {
  readonly pool: PoolName;
  readonly jobs: number;
  readonly timeoutMs?: number;
  readonly engine?: EngineName;
  readonly blocks?: number;
}

const runner = (a: Args) => () => makeRunner(a.pool, { jobs: a.jobs, ...(a.timeoutMs === undefined ? {} : { timeoutMs: a.timeoutMs }), ...(a.engine ? { engine: a.engine } : {}) });
const result = (phases: Record<string, Phase>): ChildResult => ({ phases, rssMiB: process.resourceUsage().maxRSS / 1024, processCpu: cpuNow() });

export async function startup(a: Args): Promise<ChildResult> {
  const outs = (o: BlockOutcome[]) => ({ wrong: o.length === 1 && o[0]!.kind === 'solve' ? [] : [`outcome ${JSON.stringify(o[0]).slice(0, 120)}`] });
  return result({ startup: await phase(runner(a), [smallSatTask(7)], outs) });
}

export async function verify(a: Args): Promise<ChildResult> {
  const tasks = (function* () {
    for (const g of all4x4()) yield { kind: 'solve', puzzle: puzzleOf(g), givens: [] } as BlockTask;
  })();
  return result({ verify: await phase(runner(a), tasks, (outs) => {
    const t = tally(outs);
    const wrong: string[] = [];
    if (outs.length !== 65_536) wrong.push(`${outs.length} outcomes of 65,536`);
    if (t.unique !== UNIQUE_4X4) wrong.push(`${t.unique} unique, counting clue classes gives ${UNIQUE_4X4}`);
    if ((t.unique ?? 0) + (t.multiple ?? 0) !== 65_536) wrong.push(`not every block unique or multiple: ${JSON.stringify(t)}`);
    return { wrong };
  }) });
}

export async function text(a: Args): Promise<ChildResult> {
  const { grids } = messageGrids(englishText(1_000_000), { size: 25, table: builtinTable('frequency') });
  const annotations: number[][] = [];
  const encrypt = await phase(runner(a), grids.map((grid): BlockTask => ({ kind: 'annotate', grid, receiver: 'unique', budgetMs: TEXT_BLOCK_BUDGET_MS })), (outs) => {
    const wrong = outs.length !== grids.length ? [`${outs.length} outcomes of ${grids.length}`] : [];
    for (const [i, o] of outs.entries()) {
      if (o.kind !== 'annotate') wrong.push(`block ${i + 1}: ${o.kind}`);
      annotations.push(o.kind === 'annotate' ? o.annotation : []);
    }
    return { wrong: wrong.slice(0, 5), digest: createHash('sha256').update(JSON.stringify(annotations)).digest('hex').slice(0, 16) };
  });
  const decrypt = await phase(runner(a), grids.map((grid, i): BlockTask => ({ kind: 'solve', puzzle: puzzleOf(grid), givens: annotations[i]! })), (outs) => {
    const wrong = outs.length !== grids.length ? [`${outs.length} outcomes of ${grids.length}`] : [];
    for (const [i, o] of outs.entries()) if (o.kind !== 'solve' || o.result.status !== 'unique' || !sameCells(o.result.grid, grids[i]!)) wrong.push(`block ${i + 1}: not the picture back`);
    return { wrong: wrong.slice(0, 5) };
  });
  return result({ encrypt, decrypt });
}

export async function storm(a: Args): Promise<ChildResult> {
  const count = a.blocks ?? 200;
  return result({ storm: await phase(runner(a), stormTasks(count), (outs) => {
    const wrong = outs.length !== count ? [`${outs.length} outcomes of ${count}`] : [];
    const decided = outs.filter((o) => o.kind === 'solve' && o.result.status !== 'unknown').length;
    if (decided) wrong.push(`${decided} blocks decided within the limit (the storm wants every block stopped)`);
    const errors = outs.filter((o) => o.kind === 'error');
    if (errors.length) wrong.push(`${errors.length} error outcomes, e.g. ${(errors[0] as { message: string }).message}`);
    return { wrong };
  }) });
}
