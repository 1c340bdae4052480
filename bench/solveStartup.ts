import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNon } from '../src/formats/non.js';
import { makeGrid, type Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { median } from './common.js';
import { CLI_NODE_FLAGS } from '../src/cli/nodeFlags.js';

/**
 * The CLI's start-up cost: process start to the answer, `node --single-threaded-gc dist/src/cli/main.js solve FILE` (the flags of the CLI's #! line)
 * on trivial puzzles the benchmark writes into a temporary folder, each run `runs` times.
 * CPU (user + system of the whole process, worker threads included) comes from GNU time
 * (`/usr/bin/time -f`), wall from performance.now() around the spawn; both as the median.
 */
export interface StartupCase {
  readonly label: string;
  readonly args: readonly string[];
  /** What the answer must start with (the run is rejected otherwise). */
  readonly expect: string;
}

export interface StartupFigure {
  readonly label: string;
  readonly command: string;
  readonly runs: number;
  readonly wallMedian: number;
  /** NaN when GNU time is not available. */
  readonly cpuMedian: number;
  readonly wallMin: number;
  readonly answer: string;
}

const GNU_TIME = '/usr/bin/time';

/** A 5 x 5 picture that line logic solves alone. */
const LINE_SOLVABLE = ['#####', '#...#', '#.#.#', '#...#', '#####'];
/** A 5 x 5 picture with a second solution (the two diagonals of the top-left 2 x 2 swap): SAT is needed. */
const NEEDS_SAT = ['#....', '.#...', '..###', '..#.#', '..###'];

function puzzleOfRows(rows: readonly string[]): Puzzle {
  const cells = rows.flatMap((r) => [...r].map((ch) => (ch === '#' ? 1 : 0)));
  return puzzleOf(makeGrid(rows[0]!.length, rows.length, cells));
}

function timeOnce(cmd: string, args: readonly string[], useTime: boolean): { wall: number; cpu: number; stdout: string; status: number | null; stderr: string } {
  const argv = useTime ? ['-f', '@@time %U %S', cmd, ...args] : [...args];
  const w0 = performance.now();
  const r = spawnSync(useTime ? GNU_TIME : cmd, argv, { encoding: 'utf8' });
  const wall = (performance.now() - w0) / 1000;
  let cpu = NaN;
  let stderr = r.stderr ?? '';
  if (useTime) {
    const m = /@@time ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
    if (m) {
      cpu = Number(m[1]) + Number(m[2]);
      stderr = stderr.slice(0, m.index);
    }
  }
  return { wall, cpu, stdout: r.stdout ?? '', status: r.status, stderr };
}

export function measureStartup(cliPath: string, runs: number): StartupFigure[] {
  return measureStartupCases(cliPath, runs, (cli, easy, sat) => [
    { label: 'Node alone (`node -e 0`), for reference', args: ['-e', '0'], expect: '' },
    { label: 'solve, 5x5 line-solvable', args: cli('solve', easy), expect: 'unique (line-solvable)' },
    { label: 'solve, 5x5 needing SAT (engine loads)', args: cli('solve', sat), expect: 'multiple' },
    { label: 'solve --timeout 60, 5x5 line-solvable', args: cli('solve', easy, '--timeout', '60'), expect: 'unique (line-solvable)' },
    { label: 'solve --timeout 60, 5x5 needing SAT (worker thread + engine)', args: cli('solve', sat, '--timeout', '60'), expect: 'multiple' },
  ]);
}

/**
 * Start-up cases of the caller's choosing on the two 5 x 5 files: `cases` gets a function
 * making the arguments of a CLI run (Node flags of the #! line, the CLI, then `args`), the
 * line-solvable file and the file that needs SAT.
 */
export function measureStartupCases(
  cliPath: string,
  runs: number,
  cases: (cli: (...args: string[]) => string[], easy: string, sat: string) => StartupCase[],
): StartupFigure[] {
  const useTime = existsSync(GNU_TIME);
  const dir = mkdtempSync(join(tmpdir(), 'nonocrypt-startup-'));
  try {
    const easy = join(dir, 'line-solvable-5x5.non');
    const sat = join(dir, 'needs-sat-5x5.non');
    writeFileSync(easy, formatNon({ puzzle: puzzleOfRows(LINE_SOLVABLE), title: 'line-solvable 5x5' }));
    writeFileSync(sat, formatNon({ puzzle: puzzleOfRows(NEEDS_SAT), title: 'needs SAT 5x5' }));
    const node = process.execPath;
    const out: StartupFigure[] = [];
    for (const c of cases((...args: string[]) => [...CLI_NODE_FLAGS, cliPath, ...args], easy, sat)) {
      timeOnce(node, c.args, false); // one untimed run: file cache
      const walls: number[] = [];
      const cpus: number[] = [];
      let answer = '';
      for (let i = 0; i < runs; i++) {
        const r = timeOnce(node, c.args, useTime);
        answer = r.stdout.split('\n')[0] ?? '';
        if (!answer.startsWith(c.expect) || (c.expect === '' && r.status !== 0)) {
          throw new Error(`start-up case "${c.label}": unexpected answer "${answer}" (exit ${r.status}) ${r.stderr.trim()}`);
        }
        walls.push(r.wall);
        cpus.push(r.cpu);
      }
      const shown = c.args.map((a) => (a === cliPath ? 'dist/src/cli/main.js' : a.startsWith(dir) ? a.slice(dir.length + 1) : a));
      out.push({
        label: c.label,
        command: ['node', ...shown].join(' '),
        runs,
        wallMedian: median(walls),
        cpuMedian: useTime ? median(cpus) : NaN,
        wallMin: Math.min(...walls),
        answer,
      });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface CliSolveFigure {
  readonly runs: number;
  /** Median CPU s of the whole `nonocrypt solve FILE` process; NaN without GNU time. */
  readonly cpu: number;
  readonly wall: number;
  /** First line of the answer (the verdict). */
  readonly answer: string;
}

/**
 * One puzzle through the CLI as a user runs it, `node --single-threaded-gc dist/src/cli/main.js solve FILE` (the flags of the CLI's #! line): the
 * whole process, start-up included, median of `runs` (after one untimed run). This is the
 * figure that compares with the whole-process measurements of other solvers.
 */
export function measureCliSolve(cliPath: string, file: string, runs: number, extra: readonly string[] = []): CliSolveFigure {
  const useTime = existsSync(GNU_TIME);
  const args = [...CLI_NODE_FLAGS, cliPath, 'solve', file, ...extra];
  timeOnce(process.execPath, args, false);
  const walls: number[] = [];
  const cpus: number[] = [];
  let answer = '';
  for (let i = 0; i < runs; i++) {
    const r = timeOnce(process.execPath, args, useTime);
    answer = r.stdout.split('\n')[0] ?? '';
    if (r.status !== 0 && r.status !== 1) throw new Error(`nonocrypt solve ${file}: exit ${r.status} ${r.stderr.trim()}`);
    walls.push(r.wall);
    cpus.push(r.cpu);
  }
  return { runs, cpu: useTime ? median(cpus) : NaN, wall: median(walls), answer };
}
