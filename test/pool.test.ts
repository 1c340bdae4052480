// runBlocks: the same answers in one thread and in workers, in order; time limits and memory
// caps give `timeout` / `unknown`, never a verdict.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { bitsToGrids } from '../src/cipher/blocks.js';
import { builtinTable } from '../src/cipher/Table.js';
import { textToBits } from '../src/cipher/textBits.js';
import { encodePuzzle } from '../src/encode/encodePuzzle.js';
import { SolverAbortError } from '../src/errors.js';
import { checkGrid } from '../src/grid/checkGrid.js';
import { makeGrid, type Grid, type Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { BLACK, Propagator } from '../src/line/Propagator.js';
import { runBlocks, type RunOptions } from '../src/parallel/BlockRunner.js';
import type { BlockOutcome, BlockTask } from '../src/parallel/BlockTask.js';
import { SatSession } from '../src/sat/SatSession.js';
import { ENGINES, createSolver } from '../src/sat/engines.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import type { SolveResult } from '../src/solve/SolveResult.js';
import { bruteSolutions, randomCells, rng } from './helpers/bruteForce.js';
import { satUniqueGrid, satUnsolvablePuzzle, stalledGrid, stalls } from './helpers/puzzles.js';

async function collect(tasks: Iterable<BlockTask> | AsyncIterable<BlockTask>, options: RunOptions): Promise<BlockOutcome[]> {
  const out: BlockOutcome[] = [];
  for await (const o of runBlocks(tasks, options)) out.push(o);
  return out;
}

/** A random picture whose clue puzzle needs SAT (small enough for the brute force). */
function smallStalled(seed: number): Grid {
  return stalledGrid(6, 6, 0.5, seed);
}

/** The 40 mixed tasks: solve (line-solvable, SAT unique, multiple, none) and annotate. */
function mixedTasks(): BlockTask[] {
  const rand = rng(808);
  const tasks: BlockTask[] = [];
  for (let i = 0; i < 40; i++) {
    const kind = i % 8;
    if (kind === 0) {
      // Dense pictures: mostly line-solvable.
      const g = makeGrid(8, 8, randomCells(8, 8, 0.75, rand));
      tasks.push({ kind: 'solve', puzzle: puzzleOf(g), givens: [] });
    } else if (kind === 1) {
      // Needs SAT (mostly several solutions), with a black given from the picture.
      const g = smallStalled(1 + Math.floor(rand() * 10_000));
      const black = [...g.cells.keys()].filter((c) => g.cells[c]);
      tasks.push({ kind: 'solve', puzzle: puzzleOf(g), givens: [black[Math.floor(rand() * black.length)]!] });
    } else if (kind === 2) {
      // Unique, but only SAT can prove it.
      const g = satUniqueGrid(6, 6, 0.5, 1 + Math.floor(rand() * 10_000));
      tasks.push({ kind: 'solve', puzzle: puzzleOf(g), givens: [] });
    } else if (kind === 3) {
      tasks.push({ kind: 'solve', puzzle: satUnsolvablePuzzle(4242 + i), givens: [] });
    } else if (kind === 4) {
      // A larger block that needs SAT (not brute-forced).
      const g = stalledGrid(15, 15, 0.55, 1 + Math.floor(rand() * 10_000));
      tasks.push({ kind: 'solve', puzzle: puzzleOf(g), givens: [] });
    } else {
      const n = 5 + Math.floor(rand() * 4);
      const g = makeGrid(n, n, randomCells(n, n, 0.25 + rand() * 0.35, rand));
      tasks.push({ kind: 'annotate', grid: g, receiver: kind === 5 ? 'logic' : 'unique' });
    }
  }
  return tasks;
}

/** What must not depend on threads: verdicts, the unique grid, stats, annotations. */
function canonical(o: BlockOutcome): unknown {
  switch (o.kind) {
    case 'solve': {
      const r = o.result;
      return {
        kind: o.kind,
        status: r.status,
        lineSolvable: r.lineSolvable,
        grid: r.status === 'unique' ? [...r.grid.cells].join('') : undefined,
        // MiniSat's decisions and conflicts depend on what the instance met before (the blocks
        // that shared it): everything else is the same whichever worker ran the task.
        stats: r.stats && { ...r.stats, satDecisions: undefined, satConflicts: undefined },
      };
    }
    case 'annotate':
      return { kind: o.kind, annotation: o.annotation, proven: o.proven };
    default:
      return { kind: o.kind };
  }
}

/** Checks one outcome against its task independently (clue checker, brute force, propagation). */
function checkOutcome(task: BlockTask, o: BlockOutcome): string {
  if (task.kind === 'solve') {
    expect(o.kind).toBe('solve');
    const r = (o as Extract<BlockOutcome, { kind: 'solve' }>).result;
    const p = task.puzzle;
    if (r.status === 'unique') expect(checkGrid(p, r.grid, task.givens)).toBeNull();
    if (r.status === 'multiple') {
      for (const g of r.grids) expect(checkGrid(p, g, task.givens)).toBeNull();
      expect(r.grids[0].cells).not.toEqual(r.grids[1].cells);
    }
    expect(r.status).not.toBe('unknown');
    if (p.width * p.height <= 64) {
      const brute = bruteSolutions(p, 2, task.givens);
      expect(r.status).toBe(brute.length === 0 ? 'none' : brute.length === 1 ? 'unique' : 'multiple');
    }
    if (r.status === 'unique') expect(r.lineSolvable).toBe(!stalls(p, task.givens));
    return r.status === 'unique' ? (r.lineSolvable ? 'line-solvable' : 'sat-unique') : r.status;
  }
  expect(o.kind).toBe('annotate');
  const a = o as Extract<BlockOutcome, { kind: 'annotate' }>;
  expect(a.proven).toBe(true);
  for (const c of a.annotation) expect(task.grid.cells[c]).toBe(1);
  const p = puzzleOf(task.grid);
  if (task.receiver === 'logic') {
    const prop = new Propagator(p);
    const d = prop.unknownDomains();
    for (const c of a.annotation) d[c] = BLACK;
    expect(prop.run(d)).toBe('solved');
  } else {
    const brute = bruteSolutions(p, 2, a.annotation);
    expect(brute).toHaveLength(1);
    expect(checkGrid(p, makeGrid(task.grid.width, task.grid.height, brute[0]!), a.annotation)).toBeNull();
  }
  return a.annotation.length ? 'annotated' : 'bare';
}

describe('runBlocks', () => {
  test('jobs 1 and jobs 2 give the same outcomes, in task order, on 40 mixed tasks', async () => {
    const tasks = mixedTasks();
    const one = await collect(tasks, { jobs: 1 });
    // An async source too: the pool must not need the tasks up front.
    async function* source() {
      for (const t of tasks) yield t;
    }
    const two = await collect(source(), { jobs: 2 });
    expect(one).toHaveLength(40);
    expect(two).toHaveLength(40);
    const seen = new Map<string, number>();
    tasks.forEach((t, i) => {
      const what = checkOutcome(t, one[i]!);
      checkOutcome(t, two[i]!);
      seen.set(what, (seen.get(what) ?? 0) + 1);
      expect(canonical(two[i]!), `task ${i}`).toEqual(canonical(one[i]!));
    });
    // The mix really is mixed.
    for (const what of ['line-solvable', 'sat-unique', 'multiple', 'none', 'annotated']) {
      expect(seen.get(what) ?? 0, `${what} in ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
    }
  });

  test.each([1, 2])('a time limit stops a hard task (an unproven annotation, or its worker stopped); later tasks still run (jobs %i)', async (jobs) => {
    // The first 35x35 block of a classic-table text: proving its unique-model annotation
    // smallest takes far longer than the limit. Around it, tasks that need SAT (so they really
    // go to a worker).
    const classic = builtinTable('classic');
    const text =
      'IT WAS THE BEST OF TIMES, IT WAS THE WORST OF TIMES, IT WAS THE AGE OF WISDOM, IT WAS THE AGE OF FOOLISHNESS, IT WAS THE EPOCH OF BELIEF, IT WAS THE EPOCH OF INCREDULITY, IT WAS THE SEASON OF LIGHT, IT WAS THE SEASON OF DARKNESS.';
    const hard = bitsToGrids(textToBits(text, classic), 35, 35, 0)[0]!;
    const easy = [1, 2, 3, 4].map((s) => smallStalled(s));
    const tasks: BlockTask[] = [
      { kind: 'solve', puzzle: puzzleOf(easy[0]!), givens: [] },
      { kind: 'annotate', grid: hard, receiver: 'unique' },
      ...easy.slice(1).map((g): BlockTask => ({ kind: 'solve', puzzle: puzzleOf(g), givens: [] })),
      { kind: 'annotate', grid: easy[3]!, receiver: 'unique' },
    ];
    // The limit is generous for the easy tasks: it also has to cover a fresh worker's start-up,
    // which takes over a second on a loaded machine (see the next test).
    const started = performance.now();
    const out = await collect(tasks, { jobs, timeoutMs: 4000 });
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(out).toHaveLength(tasks.length);
    const stopped = out[1]!;
    if (stopped.kind === 'annotate') expect(stopped.proven).toBe(false);
    else expect(stopped.kind).toBe('timeout');
    tasks.forEach((t, i) => {
      if (i !== 1) checkOutcome(t, out[i]!);
    });
  });

  test('the time limit is for the block\'s work, not for starting a worker thread', async () => {
    // Workers that take a second to start, and blocks that need SAT but about a millisecond of
    // work each: a limit of 300 ms must stop none of them. It would if the clock started before
    // the worker was ready.
    const { WorkerPool } = await import('../src/parallel/WorkerPool.js');
    const tasks: BlockTask[] = [11, 12, 13, 14].map((s) => ({ kind: 'solve', puzzle: puzzleOf(smallStalled(s)), givens: [] }));
    const pool = new WorkerPool({ jobs: 2, timeoutMs: 300 }, { script: new URL('./fixtures/slowStartWorker.mjs', import.meta.url) });
    const out: BlockOutcome[] = [];
    try {
      for await (const o of pool.run(tasks)) out.push(o);
    } finally {
      await pool.close();
    }
    expect(out.map((o) => o.kind)).toEqual(['solve', 'solve', 'solve', 'solve']);
    tasks.forEach((t, i) => checkOutcome(t, out[i]!));
  });

  test.each(ENGINES)('a block that reaches the memory cap is unknown, never a verdict; the session recovers (%s)', async (engine) => {
    // 100x100 at density 0.5 needs far more than 16 MiB.
    const huge = puzzleOf(makeGrid(100, 100, randomCells(100, 100, 0.5, rng(1))));
    const memoryCapBytes = 16 * 2 ** 20;
    const session = new SatSession(engine, { memoryCapBytes });
    const r: SolveResult = solvePuzzle(huge, { session });
    expect(r.status).toBe('unknown');
    if (r.status === 'unknown') expect(r.reason).toMatch(/memory/i);

    // The same session then answers a small SAT block correctly (a fresh instance).
    const small = puzzleOf(smallStalled(9));
    const after = solvePuzzle(small, { session });
    const brute = bruteSolutions(small, 2);
    expect(after.status).toBe(brute.length === 1 ? 'unique' : 'multiple');
    if (after.status === 'unique') expect(checkGrid(small, after.grid)).toBeNull();
    if (after.status === 'multiple') for (const g of after.grids) expect(checkGrid(small, g)).toBeNull();

    // Through a runner, in this thread and in workers, followed by a task that needs SAT.
    for (const jobs of [1, 2]) {
      const out = await collect(
        [
          { kind: 'solve', puzzle: huge, givens: [] },
          { kind: 'solve', puzzle: small, givens: [] },
        ],
        { jobs, engine, memoryCapBytes },
      );
      expect(out[0]!.kind).toBe('solve');
      expect((out[0] as Extract<BlockOutcome, { kind: 'solve' }>).result).toMatchObject({ status: 'unknown', reason: expect.stringMatching(/memory/i) });
      checkOutcome({ kind: 'solve', puzzle: small, givens: [] }, out[1]!);
    }
  }, 60_000);

  test('an aborted SAT instance refuses every later call', () => {
    const huge: Puzzle = puzzleOf(makeGrid(100, 100, randomCells(100, 100, 0.5, rng(1))));
    const prop = new Propagator(huge);
    const d = prop.unknownDomains();
    expect(prop.run(d)).toBe('stalled');
    const s = createSolver('minisat', { memoryCapBytes: 16 * 2 ** 20 });
    expect(() => encodePuzzle(huge, d, s)).toThrow(SolverAbortError);
    expect(s.abortReason).toMatch(/memory/);
    expect(() => s.solve()).toThrow(SolverAbortError);
    expect(() => s.addClause([1])).toThrow(SolverAbortError);
  });
});

describe('WorkerPool: workers that die', () => {
  test('a worker that throws or exits fails only its own task; the others run on replacements, in order', async () => {
    const { WorkerPool } = await import('../src/parallel/WorkerPool.js');
    const script = new URL('./fixtures/dyingWorker.mjs', import.meta.url);
    const tasks: BlockTask[] = [];
    const widths = [6, 7, 6, 8, 6, 7, 8, 6];
    widths.forEach((w, i) => tasks.push({ kind: 'solve', puzzle: puzzleOf(stalledGrid(w, 6, 0.5, 100 + i)), givens: [] }));
    for (const jobs of [1, 2]) {
      const pool = new WorkerPool({ jobs }, { script });
      const out: BlockOutcome[] = [];
      try {
        for await (const o of pool.run(tasks)) out.push(o);
      } finally {
        await pool.close();
      }
      expect(out).toHaveLength(tasks.length);
      widths.forEach((w, i) => {
        const o = out[i]!;
        if (w === 7) expect(o).toMatchObject({ kind: 'error', code: 'E_WORKER', message: expect.stringContaining('boom') });
        else if (w === 8) expect(o).toMatchObject({ kind: 'error', code: 'E_WORKER', message: expect.stringContaining('exited') });
        else checkOutcome(tasks[i]!, o);
      });
    }
  }, 60_000);

  test('through a pipeline, a dead worker makes its block unknown with the reason; the run goes on', async () => {
    const { solveOutcome } = await import('../src/parallel/outcomes.js');
    expect(solveOutcome({ kind: 'error', code: 'E_WORKER', message: 'worker thread exited unexpectedly (code 9)' })).toEqual({
      status: 'unknown',
      reason: 'worker thread exited unexpectedly (code 9)',
    });
    expect(() => solveOutcome({ kind: 'error', code: 'E_INTERNAL', message: 'internal error: x' })).toThrow('internal error: x');
  });
});

describe('WorkerPool: close', () => {
  // Each case runs in its own process (test/fixtures/closeBusyPool.mjs), because the fault is a
  // process that never ends: a worker started after close() keeps Node alive.
  const runFixture = async (args: string[]) => {
    const { execFile } = await import('node:child_process');
    const script = fileURLToPath(new URL('./fixtures/closeBusyPool.mjs', import.meta.url));
    return new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [script, ...args], { timeout: 45_000 }, (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { code?: number | string; signal?: string }) | null;
        resolve({ code: e ? (typeof e.code === 'number' ? e.code : null) : 0, signal: e?.signal ?? null, stdout, stderr });
      });
    });
  };
  const closed = { kind: 'error', message: 'the worker pool was closed before the block finished' };

  test.each([
    ['close() while two workers run hard blocks (no time limit)', ['2', 'none', 'minisat', '1500'], 0],
    ['close() just after a worker that cannot stop was stopped at the hard limit and replaced', ['1', '300', 'stuck', 'first'], 1],
    ['runBlocks whose consumer stops after the first outcome, others stopped at the limit', ['2', '300', 'minisat', 'break'], 1],
  ])('%s: every task gets an outcome, no worker starts after close, the process ends', async (_what, args, before) => {
    const r = await runFixture(args);
    expect(r.signal, `killed: the process did not end (stderr: ${r.stderr})`).toBeNull();
    expect(r.code).toBe(0);
    const { outcomes, afterCloseMs } = JSON.parse(r.stdout) as { outcomes: { kind: string; message?: string }[]; afterCloseMs: number };
    if (args[3] === 'break') {
      // Stopped at the limit: by the engine itself (an unknown solve) or, when the block's
      // encoding or probing overran, by the pool at the hard limit (a timeout); never a verdict.
      expect(outcomes).toHaveLength(1);
      expect([{ kind: 'solve', status: 'unknown' }, { kind: 'timeout' }]).toContainEqual(outcomes[0]);
    } else {
      // The blocks take minutes: those before the close are time-outs, all others closed errors.
      expect(outcomes).toHaveLength(6);
      outcomes.slice(0, before).forEach((o) => expect(o).toEqual({ kind: 'timeout' }));
      outcomes.slice(before).forEach((o) => expect(o).toEqual(closed));
    }
    expect(afterCloseMs).toBeLessThan(10_000);
  }, 60_000);

  test('tasks given after close() come back at once as error outcomes, without starting a worker', async () => {
    const { WorkerPool } = await import('../src/parallel/WorkerPool.js');
    const pool = new WorkerPool({ jobs: 2 });
    await pool.close();
    const tasks: BlockTask[] = [21, 22].map((s) => ({ kind: 'solve', puzzle: puzzleOf(smallStalled(s)), givens: [] }));
    const out: BlockOutcome[] = [];
    for await (const o of pool.run(tasks)) out.push(o);
    expect(out).toEqual([
      { code: 'E_WORKER', ...closed },
      { code: 'E_WORKER', ...closed },
    ]);
  });
});
