import { createHash } from 'node:crypto';
import { builtinTable } from '../src/cipher/Table.js';
import { messageGrids } from '../src/cipher/encrypt.js';
import { makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import type { BlockRunner } from '../src/parallel/BlockRunner.js';
import { quickOutcome, type BlockOutcome, type BlockTask } from '../src/parallel/BlockTask.js';
import type { EngineName } from '../src/sat/SatSolver.js';
import { mulberry32 } from './common.js';
import { makeRunner, POOLS, type PoolName } from './poolAdapters.js';
import { all4x4, englishText } from './scaleInputs.js';

/**
 * One measurement of the pool benchmark (bench/pool.ts), in a process of its own so that
 * start-up, CPU and peak memory are that pool's alone:
 * `node --single-threaded-gc dist/bench/poolChild.js <pool> <workload> [jobs] [timeoutMs] [engine] [blocks]`.
 * Prints one JSON line (a ChildResult) when every outcome is in and the pool is closed; the
 * process must then end by itself (the parent checks).
 *
 * CPU is `process.cpuUsage()`: the whole process, worker threads included.
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
  readonly pool: PoolName;
  readonly workload: Workload;
  readonly phases: Record<string, Phase>;
  /** Peak resident memory of the process, MiB. */
  readonly rssMiB: number;
  /** CPU seconds of the whole process so far (module loading included). */
  readonly processCpu: number;
}

export const WORKLOADS = ['startup', 'verify', 'text', 'storm'] as const;
export type Workload = (typeof WORKLOADS)[number];

/** The number of 4x4 pictures whose clues no other shares (bench/scaleInputs.ts counts them). */
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

function tally(outs: readonly BlockOutcome[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const o of outs) {
    const k = o.kind === 'solve' ? o.result.status : o.kind;
    t[k] = (t[k] ?? 0) + 1;
  }
  return t;
}

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
    const cells = new Uint8Array(36);
    for (let i = 0; i < 36; i++) cells[i] = rand() < 0.5 ? 1 : 0;
    const task: BlockTask = { kind: 'solve', puzzle: puzzleOf(makeGrid(6, 6, cells)), givens: [] };
    if (quickOutcome(task) === undefined) return task;
  }
}

/** The storm's blocks: clues of random 60x60 pictures of density 0.5, seeds 1, 2, ... */
export function* stormTasks(count: number): Generator<BlockTask> {
  for (let seed = 1; seed <= count; seed++) {
    const rand = mulberry32(seed);
    const cells = new Uint8Array(3600);
    for (let i = 0; i < cells.length; i++) cells[i] = rand() < 0.5 ? 1 : 0;
    yield { kind: 'solve', puzzle: puzzleOf(makeGrid(60, 60, cells)), givens: [] };
  }
}

const sameCells = (a: Grid, b: Grid): boolean => a.cells.every((v, i) => v === b.cells[i]);

async function main(argv: string[]): Promise<void> {
  const [poolArg, workloadArg, jobsArg = '2', timeoutArg = 'none', engineArg = 'default', blocksArg = '200'] = argv;
  const pool = poolArg as PoolName;
  const workload = workloadArg as Workload;
  if (!POOLS.includes(pool) || !WORKLOADS.includes(workload)) throw new Error(`usage: poolChild <${POOLS.join('|')}> <${WORKLOADS.join('|')}> [jobs] [timeoutMs|none] [engine|default] [blocks]`);
  const jobs = Number(jobsArg);
  const timeoutMs = timeoutArg === 'none' ? undefined : Number(timeoutArg);
  const engine = engineArg === 'default' ? undefined : (engineArg as EngineName);
  const make = () => makeRunner(pool, { jobs, ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(engine ? { engine } : {}) });
  const phases: Record<string, Phase> = {};

  if (workload === 'startup') {
    const task = smallSatTask(7);
    phases.startup = await phase(make, [task], (outs) => ({ wrong: outs.length === 1 && outs[0]!.kind === 'solve' ? [] : [`outcome ${JSON.stringify(outs[0]).slice(0, 120)}`] }));
  } else if (workload === 'verify') {
    const tasks = (function* () {
      for (const g of all4x4()) yield { kind: 'solve', puzzle: puzzleOf(g), givens: [] } as BlockTask;
    })();
    phases.verify = await phase(make, tasks, (outs) => {
      const t = tally(outs);
      const wrong: string[] = [];
      if (outs.length !== 65_536) wrong.push(`${outs.length} outcomes of 65,536`);
      if (t.unique !== UNIQUE_4X4) wrong.push(`${t.unique} unique, counting clue classes gives ${UNIQUE_4X4}`);
      if ((t.unique ?? 0) + (t.multiple ?? 0) !== 65_536) wrong.push(`not every block unique or multiple: ${JSON.stringify(t)}`);
      return { wrong };
    });
  } else if (workload === 'text') {
    const text = englishText(1_000_000);
    const { grids } = messageGrids(text, { size: 25, table: builtinTable('frequency') });
    const annotations: number[][] = [];
    phases.encrypt = await phase(
      make,
      grids.map((grid): BlockTask => ({ kind: 'annotate', grid, receiver: 'unique', budgetMs: TEXT_BLOCK_BUDGET_MS })),
      (outs) => {
        const wrong: string[] = [];
        if (outs.length !== grids.length) wrong.push(`${outs.length} outcomes of ${grids.length}`);
        for (const [i, o] of outs.entries()) {
          if (o.kind !== 'annotate') wrong.push(`block ${i + 1}: ${o.kind}`);
          annotations.push(o.kind === 'annotate' ? o.annotation : []);
        }
        return { wrong: wrong.slice(0, 5), digest: createHash('sha256').update(JSON.stringify(annotations)).digest('hex').slice(0, 16) };
      },
    );
    phases.decrypt = await phase(
      make,
      grids.map((grid, i): BlockTask => ({ kind: 'solve', puzzle: puzzleOf(grid), givens: annotations[i]! })),
      (outs) => {
        const wrong: string[] = [];
        if (outs.length !== grids.length) wrong.push(`${outs.length} outcomes of ${grids.length}`);
        for (const [i, o] of outs.entries()) {
          if (o.kind !== 'solve' || o.result.status !== 'unique' || !sameCells(o.result.grid, grids[i]!)) wrong.push(`block ${i + 1}: not the picture back`);
        }
        return { wrong: wrong.slice(0, 5) };
      },
    );
  } else {
    const count = Number(blocksArg);
    phases.storm = await phase(make, stormTasks(count), (outs) => {
      const wrong: string[] = [];
      if (outs.length !== count) wrong.push(`${outs.length} outcomes of ${count}`);
      const decided = outs.filter((o) => o.kind === 'solve' && o.result.status !== 'unknown').length;
      if (decided) wrong.push(`${decided} blocks decided within the limit (the storm wants every block stopped)`);
      const errors = outs.filter((o) => o.kind === 'error');
      if (errors.length) wrong.push(`${errors.length} error outcomes, e.g. ${(errors[0] as { message: string }).message}`);
      return { wrong };
    });
  }
  const result: ChildResult = { pool, workload, phases, rssMiB: process.resourceUsage().maxRSS / 1024, processCpu: cpuNow() };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
