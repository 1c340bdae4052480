import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { readFileSync } from 'node:fs';
import { SatSession } from '../src/sat/SatSession.js';
import { DEFAULT_ENGINE, ENGINES } from '../src/sat/engines.js';
import type { EngineName } from '../src/sat/SatSolver.js';
import { mulberry32 } from './common.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import type { Puzzle } from '../src/grid/Puzzle.js';
import type { SolveResult } from '../src/solve/SolveResult.js';

/**
 * Child process of `bench/solve`: solves one puzzle per request with the engine named by its
 * first argument and reports the CPU time of that solve, measured here with
 * process.cpuUsage() around solvePuzzle (user + system of this process, which does nothing
 * else meanwhile). The parent enforces the time limit on this process's CPU time by killing
 * it, the same way for every engine.
 *
 * Before it says "ready" the child solves a tiny puzzle that needs SAT, so the engine is
 * loaded and compiled, and then seeded random boards of 20, 25 and 40 cells a side (made
 * here, not taken from the benchmark sets) for 1.5 CPU s, so that the JIT has compiled the
 * solver's hot paths, the engine's included: start-up is excluded from every figure (the
 * CLI's start-up is measured separately). Each first solve of a survey puzzle is still
 * reported on its own ("1st").
 *
 * Every request gets a fresh SatSession (a fresh engine instance when SAT is needed), as
 * `nonocrypt solve FILE` has, so a figure does not depend on which puzzles came before.
 */
/** The engine this child solves with: its first argument (default: the default engine). */
const ENGINE: EngineName = (() => {
  const a = process.argv[2];
  if (a === undefined) return DEFAULT_ENGINE;
  if (!(ENGINES as readonly string[]).includes(a)) throw new Error(`bench child: no engine '${a}'`);
  return a as EngineName;
})();

/** Peak resident memory of this process so far (VmHWM), in bytes; NaN without /proc. */
export function peakRss(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

export interface SolveRequest {
  readonly id: number;
  readonly puzzle: Puzzle;
}

export type SolveReply =
  | { readonly type: 'ready'; readonly warmupCpu: number; readonly warmupWall: number }
  | { readonly type: 'done'; readonly id: number; readonly result: SolveResult; readonly cpu: number; readonly wall: number; readonly peakRss: number }
  | { readonly type: 'error'; readonly id: number; readonly message: string; readonly cpu: number; readonly wall: number };

/** 4 x 4, two solutions (two 2 x 2 checkerboards side by side in the middle rows): propagation stalls. */
export const WARMUP_PUZZLE: Puzzle = {
  width: 4,
  height: 4,
  rows: [[1, 1], [1, 1], [1, 1], [1, 1]],
  cols: [[1, 1], [1, 1], [1, 1], [1, 1]],
};

/**
 * JIT warm-up: seeded random boards, 20x20 and 25x25 at density 0.5 and 40x40 at 0.6
 * (propagation stalls on nearly all, so probing, the encoding and the engine all run; lines
 * over 29 cells take the multi-word line solver), solved until WARMUP_CPU_S of CPU time is
 * spent or WARMUP_MAX_BOARDS are done. V8 compiles hot JavaScript (and WebAssembly) with its
 * optimizing tier only after many calls; a short warm-up leaves the first repetitions of a
 * survey puzzle still paying for that.
 */
const WARMUP_CPU_S = 1.5;
/** ...or this many boards (they take about 15 ms each; the first few, up to 0.25 s). */
const WARMUP_MAX_BOARDS = 80;

function* warmUpBoards(): Generator<Puzzle> {
  const rand = mulberry32(20261122);
  for (let k = 0; ; k++) {
    const side = [20, 25, 40][k % 3]!;
    const density = side === 40 ? 0.6 : 0.5;
    const cells = new Uint8Array(side * side);
    for (let i = 0; i < cells.length; i++) cells[i] = rand() < density ? 1 : 0;
    yield puzzleOf(makeGrid(side, side, cells));
  }
}

function measure(puzzle: Puzzle): { result: SolveResult; cpu: number; wall: number } {
  const session = new SatSession(ENGINE);
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const result = solvePuzzle(puzzle, { session });
  const wall = (performance.now() - w0) / 1000;
  const c = process.cpuUsage(c0);
  session.close();
  return { result, cpu: (c.user + c.system) / 1e6, wall };
}

function send(reply: SolveReply): void {
  process.send!(reply);
}

if (process.send) {
  const warm = measure(WARMUP_PUZZLE);
  if (warm.result.status !== 'multiple' || (warm.result.stats?.satCalls ?? 0) === 0) {
    throw new Error(`warm-up puzzle: expected "multiple" through SAT, got ${warm.result.status}`);
  }
  let boards = 0;
  for (const board of warmUpBoards()) {
    if (warm.cpu >= WARMUP_CPU_S || ++boards > WARMUP_MAX_BOARDS) break;
    const r = measure(board);
    warm.cpu += r.cpu;
    warm.wall += r.wall;
  }
  process.on('message', (m: SolveRequest) => {
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    try {
      const r = measure(m.puzzle);
      send({ type: 'done', id: m.id, ...r, peakRss: peakRss() });
    } catch (e) {
      const c = process.cpuUsage(c0);
      const message = e instanceof Error ? e.message : String(e);
      send({ type: 'error', id: m.id, message, cpu: (c.user + c.system) / 1e6, wall: (performance.now() - w0) / 1000 });
    }
  });
  send({ type: 'ready', warmupCpu: warm.cpu, warmupWall: warm.wall });
}
