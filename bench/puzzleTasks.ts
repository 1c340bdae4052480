import { Readable } from 'node:stream';
import { runCli } from '../src/cli/runCli.js';
import type { Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { SatSession } from '../src/sat/SatSession.js';
import { DEFAULT_ENGINE, ENGINES } from '../src/sat/engines.js';
import type { EngineName } from '../src/sat/SatSolver.js';
import type { SolveResult } from '../src/solve/SolveResult.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { mulberry32, randomGrid } from './harness/inputs.js';

/**
 * Calls the puzzle suites make in a warm child (harness/worker.ts): `solve` runs `solvePuzzle`
 * with a fresh SatSession of the child's engine, as `nonocrypt solve FILE` has, so a figure does
 * not depend on the puzzles before it; `cli` runs the CLI itself (`runCli`) with captured
 * streams, so in-process figures go through exactly the code path of the whole-process ones.
 */
let engine: EngineName = DEFAULT_ENGINE;

/** JIT warm-up: a 4x4 puzzle solved by SAT (the search left out), then seeded random 20x20, 25x25 (density 0.5) and 40x40 (0.6) boards for 1.5 CPU s or 80 boards. */
const WARMUP_CPU_S = 1.5;
const WARMUP_MAX_BOARDS = 80;
const NEEDS_SAT: Puzzle = { width: 4, height: 4, rows: [[1, 1], [1, 1], [1, 1], [1, 1]], cols: [[1, 1], [1, 1], [1, 1], [1, 1]] };

export function warmUp(name: string = DEFAULT_ENGINE): void {
  if (!(ENGINES as readonly string[]).includes(name)) throw new Error(`no engine '${name}'`);
  engine = name as EngineName;
  const c0 = process.cpuUsage();
  const session = new SatSession(engine);
  // The search decides a board this small before SAT; without it, SAT does.
  const first = solvePuzzle(NEEDS_SAT, { session, search: false });
  session.close();
  if (first.status !== 'multiple' || !first.stats?.satCalls) throw new Error(`warm-up puzzle: expected "multiple" through SAT, got ${first.status}`);
  const rand = mulberry32(20261122);
  for (let k = 0; k < WARMUP_MAX_BOARDS; k++) {
    const c = process.cpuUsage(c0);
    if ((c.user + c.system) / 1e6 >= WARMUP_CPU_S) break;
    const side = [20, 25, 40][k % 3]!;
    solve({ puzzle: puzzleOf(randomGrid(side, side, side === 40 ? 0.6 : 0.5, rand)) });
  }
}

export function solve({ puzzle }: { puzzle: Puzzle }): SolveResult {
  const session = new SatSession(engine);
  try {
    return solvePuzzle(puzzle, { session });
  } finally {
    session.close();
  }
}

export async function cli({ argv }: { argv: string[] }): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (add: (s: string) => void) => ({ write: (d: string | Uint8Array) => (add(typeof d === 'string' ? d : Buffer.from(d).toString()), true) });
  const code = await runCli(argv, { stdin: Readable.from([]), stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)), env: {} });
  return { code, stdout, stderr };
}

