import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClauseSink } from '../src/sat/ClauseSink.js';
import { encodePuzzle } from '../src/encode/encodePuzzle.js';
import { readPuzzleFile } from '../src/formats/detectFormat.js';
import { checkGrid } from '../src/grid/checkGrid.js';
import { gridsEqual, makeGrid, type Grid, type Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { BlockSolver } from '../src/solve/BlockSolver.js';
import { probe } from '../src/line/probe.js';
import { countOpen } from '../src/line/Propagator.js';
import type { SolveStats } from '../src/solve/SolveResult.js';
import { commandLine, machine, revision, markdownTable, max, median, mulberry32, packageRoot, parseArgs, progress, secs, sum, writeSection } from './common.js';
import type { SolveReply } from './solveChild.js';
import { measureCliSolve, measureStartup, type CliSolveFigure, type StartupFigure } from './solveStartup.js';
import { CLI_NODE_FLAGS } from '../src/cli/nodeFlags.js';
import { DEFAULT_ENGINE, DEFAULT_MEMORY_CAP_BYTES, ENGINES } from '../src/sat/engines.js';
import type { EngineName } from '../src/sat/SatSolver.js';

/**
 * The uniqueness checker on other people's puzzles: Wolter's survey sample set and the three
 * 1000-puzzle computer-olympiad sets, read from `<repo>/../shared/bench` (or `--dir`) at bench
 * time and never copied into the project.
 *
 *     npm run build && npm run bench -- solve [--set survey|taai2011|tcga2016|icga2017|all]
 *         [--limit SECONDS (60)] [--limit-kind cpu|wall (cpu)] [--wall-cap FACTOR (10)]
 *         [--from N --to N (positions in the set)] [--jobs N (1)] [--reps N (9, survey)]
 *         [--no-startup] [--startup-runs N (10)] [--dir PATH] [--log FILE[,FILE...]] [--report [--note TEXT]] [--write]
 *
 * Each job is a child process (bench/solveChild.ts) that measures its own CPU time, so the
 * per-puzzle figures stay per puzzle with `--jobs 2`; the machine's other work still adds
 * noise, so timing runs should use one job.
 *
 * Per puzzle: size, verdict, whether it matches the known answer, line-solvable, the CPU
 * seconds of solvePuzzle (start-up excluded: see bench/solveChild.ts), the encoding's size.
 * Every grid that comes back is re-checked here with checkGrid (each `unique` grid, both
 * `multiple` grids, which must also differ); a failed check or a verdict that contradicts the
 * known answer counts as a wrong verdict. Per set: counts, totals, median, max. Separately:
 * the CLI's start-up cost (bench/solveStartup.ts).
 *
 * Long runs: `--log FILE` appends every result as one JSON line as soon as it is known;
 * `--report --log FILE` rebuilds the report from such a log without solving (the newest
 * result per puzzle wins), so a set can be run in pieces (`--from/--to`) and reported whole.
 * With `--log`, `--write` writes the report of everything in the log.
 */

type Known = 'unique' | 'multiple' | 'unknown';
type Verdict = 'unique' | 'multiple' | 'none' | 'unknown' | 'error';

const SETS = ['survey', 'taai2011', 'tcga2016', 'icga2017', 'random'] as const;
type SetName = (typeof SETS)[number];

interface Entry {
  readonly set: SetName;
  /** 1-based position in the set (file order). */
  readonly index: number;
  readonly id: string;
  readonly name?: string;
  readonly known: Known;
  readonly puzzle: Puzzle;
  /** The puzzle's own file (survey puzzles), for the CLI measurement. */
  readonly file?: string;
  /** The picture the clues were made from (random boards): a solution exists, and a unique one is it. */
  readonly picture?: Grid;
}

interface PuzzleRecord {
  readonly type: 'puzzle';
  readonly run: string;
  /**
   * The SAT engine (absent in old logs: logic-solver, the only engine then). A string: logs
   * keep engines this build no longer has (logic-solver, measured until it was removed).
   */
  readonly engine?: string;
  readonly set: SetName;
  readonly index: number;
  readonly id: string;
  readonly name?: string;
  readonly width: number;
  readonly height: number;
  readonly known: Known;
  readonly verdict: Verdict;
  /** Why `unknown` / `error`: the time limit, MiniSat's heap, an exception. */
  readonly reason?: string;
  readonly lineSolvable: boolean | null;
  /** CPU seconds of the first solve; null when it was stopped. */
  readonly cpu: number | null;
  /** CPU seconds of every solve of this puzzle (the first included), when repeated. */
  readonly cpuReps: number[];
  readonly wall: number;
  readonly limit: number;
  /** Which clock the limit was on (absent in old logs: wall). */
  readonly limitKind?: 'cpu' | 'wall';
  /** CPU seconds a stopped solve had used when it was stopped. */
  readonly stoppedCpu?: number;
  /** From the solver, or, for a stopped solve, recomputed here (propagation and encoding only). */
  readonly stats: SolveStats | null;
  /** Failed grid checks; must stay empty. */
  readonly violations: string[];
  /** Peak resident memory (VmHWM, bytes) of the child process so far, when the puzzle ended. */
  readonly peakRss?: number;
  /** The same puzzle through `nonocrypt solve FILE`, whole process (survey puzzles). */
  readonly cli?: CliSolveFigure;
}

interface RunRecord {
  readonly type: 'run';
  readonly run: string;
  readonly date: string;
  readonly command: string;
  /** The code measured: git commit (and whether src/ had uncommitted changes). */
  readonly revision: string;
  readonly machine: string;
  /** os.loadavg() when the run started: how busy the shared machine was. */
  readonly loadavg?: number[];
  readonly limit: number;
  readonly limitKind?: 'cpu' | 'wall';
  readonly wallCap?: number;
  readonly jobs: number;
  readonly reps: number;
}

interface StartupRecord {
  readonly type: 'startup';
  readonly run: string;
  readonly figures: StartupFigure[];
}

type LogRecord = PuzzleRecord | RunRecord | StartupRecord;

/** The issue's measurements of the established solvers (CPU s per whole process), quoted. */
const REFERENCE: Record<string, { nonogrid: string; pbnsolve: string; target: number | null }> = {
  Forever: { nonogrid: '0.029', pbnsolve: '2.3', target: 0.029 },
  Light: { nonogrid: '0.033', pbnsolve: '0.23', target: 0.033 },
  Petro: { nonogrid: '0.027', pbnsolve: '< 0.05', target: 0.027 },
  Knotty: { nonogrid: 'not in 60 s', pbnsolve: 'not in 60 s', target: null },
  Faase: { nonogrid: 'not in 60 s', pbnsolve: 'not in 60 s', target: null },
};
const REFERENCE_REST = { nonogrid: '≤ 0.016', pbnsolve: '< 0.05', target: 0.016 };

/** TAAI 2011 is ordered by difficulty; the issue quotes these ranges. */
const TAAI_RANGES: readonly [number, number][] = [
  [1, 400],
  [401, 663],
  [664, 1000],
];

const REPEAT_BELOW_S = 1;

// ---------------------------------------------------------------------------------------------
// Puzzles

function benchDir(option: string | undefined): string {
  return option ? resolve(option) : resolve(packageRoot(), '..', 'shared', 'bench');
}

function entryOf(set: SetName, index: number, text: string, source: string): Entry {
  const raw = JSON.parse(text) as { id?: unknown; name?: unknown; solutions_known?: unknown };
  const { puzzle } = readPuzzleFile(text, 'json', source);
  const known = raw.solutions_known === 'unique' || raw.solutions_known === 'multiple' ? raw.solutions_known : 'unknown';
  return {
    set,
    index,
    id: typeof raw.id === 'string' ? raw.id : `${set}-${index}`,
    ...(typeof raw.name === 'string' ? { name: raw.name } : {}),
    known,
    puzzle,
  };
}

/**
 * The `random` set: RANDOM_BOARDS pictures made here from RANDOM_SEED, sides spread evenly
 * from 30 to 80 cells (square), each cell black with a probability drawn from [0.5, 0.6).
 * Their clues always have a solution (the picture), so `none` is wrong, and a `unique`
 * answer must be the picture itself.
 */
const RANDOM_BOARDS = 20;
const RANDOM_SEED = 20261123;

function randomSet(): Entry[] {
  const rand = mulberry32(RANDOM_SEED);
  return Array.from({ length: RANDOM_BOARDS }, (_, k) => {
    const side = Math.round(30 + (50 * k) / (RANDOM_BOARDS - 1));
    const density = 0.5 + 0.1 * rand();
    const cells = new Uint8Array(side * side);
    for (let i = 0; i < cells.length; i++) cells[i] = rand() < density ? 1 : 0;
    const picture = makeGrid(side, side, cells);
    return { set: 'random' as const, index: k + 1, id: `random-${k + 1}`, name: `${side}x${side} d=${density.toFixed(3)}`, known: 'unknown' as const, puzzle: puzzleOf(picture), picture };
  });
}

function loadSet(dir: string, set: SetName): Entry[] {
  if (set === 'random') return randomSet();
  if (set === 'survey') {
    const folder = join(dir, 'survey');
    if (!existsSync(folder)) throw new Error(`${folder} is missing (use --dir to point at the bench puzzles)`);
    const files = readdirSync(folder).filter((f) => f.endsWith('.json'));
    const entries = files.map((f) => ({ ...entryOf(set, 0, readFileSync(join(folder, f), 'utf8'), join(folder, f)), file: join(folder, f) }));
    // Wolter's numbered puzzles in order, then the two others by board area (Knotty, Faase).
    const area = (e: Entry) => e.puzzle.width * e.puzzle.height;
    entries.sort((a, b) => {
      const wa = a.id.startsWith('webpbn-');
      const wb = b.id.startsWith('webpbn-');
      if (wa !== wb) return wa ? -1 : 1;
      return wa ? a.id.localeCompare(b.id) : area(a) - area(b);
    });
    return entries.map((e, i) => ({ ...e, index: i + 1 }));
  }
  const file = join(dir, 'tournament', `${set}.jsonl`);
  if (!existsSync(file)) throw new Error(`${file} is missing (use --dir to point at the bench puzzles)`);
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
  return lines.map((l, i) => entryOf(set, i + 1, l, `${file}:${i + 1}`));
}

// ---------------------------------------------------------------------------------------------
// Child processes: one solve at a time each, killed at the time limit

type ChildOutcome =
  | { kind: 'done'; reply: Extract<SolveReply, { type: 'done' }> }
  /** Stopped at the limit; `cpu` is what the child had spent on this puzzle (NaN if unknown). */
  | { kind: 'timeout'; wall: number; cpu: number; why: string }
  | { kind: 'error'; message: string; wall: number };

/**
 * The time limit. `cpu`: the child's own CPU time (user + system, read from /proc/<pid>/stat
 * every 50 ms) on the puzzle, so that a busy shared machine does not turn decidable puzzles
 * into unknowns; a wall-clock cap of `wallCap` x the limit still applies. `wall`: wall-clock
 * time, as the library's `--timeout`. Without /proc, `cpu` falls back to `wall`.
 */
interface Limit {
  readonly kind: 'cpu' | 'wall';
  readonly seconds: number;
  readonly wallCap: number;
}

const CLOCK_TICKS = (() => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const n = Number(r.stdout?.trim());
  return r.status === 0 && n > 0 ? n : 100;
})();

/** CPU seconds (user + system) a process has used so far, from /proc; NaN when unreadable. */
function procCpu(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ": state is field 3 of stat(5), so utime (14) and stime (15) are f[11], f[12].
    return (Number(f[11]) + Number(f[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** Peak resident memory (VmHWM) of a process so far, in bytes; NaN when unreadable. */
function procPeakRss(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

export const canLimitCpu = (): boolean => Number.isFinite(procCpu(process.pid));

class Runner {
  private child: ChildProcess | undefined;
  private nextId = 0;
  constructor(
    private readonly script: string,
    private readonly engine: EngineName,
  ) {}

  private start(): Promise<ChildProcess> {
    return new Promise((res, rej) => {
      // The child runs with the CLI's Node flags, so in-process figures are those of the CLI.
      const child = fork(this.script, [this.engine], { execArgv: [...CLI_NODE_FLAGS], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const onMessage = (m: SolveReply) => {
        if (m.type !== 'ready') return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        res(child);
      };
      const onExit = (code: number | null) => rej(new Error(`bench child exited (${code}) before it was ready`));
      child.on('message', onMessage);
      child.on('exit', onExit);
    });
  }

  async solve(puzzle: Puzzle, limit: Limit): Promise<ChildOutcome> {
    this.child ??= await this.start();
    const child = this.child;
    const id = this.nextId++;
    const w0 = performance.now();
    const cpu0 = procCpu(child.pid);
    const byCpu = limit.kind === 'cpu' && Number.isFinite(cpu0);
    const wallLimit = byCpu ? limit.seconds * limit.wallCap : limit.seconds;
    return new Promise<ChildOutcome>((res) => {
      const done = (o: ChildOutcome) => {
        clearInterval(poll);
        child.off('message', onMessage);
        child.off('exit', onExit);
        res(o);
      };
      const onMessage = (m: SolveReply) => {
        if (m.type === 'done' && m.id === id) done({ kind: 'done', reply: m });
        else if (m.type === 'error' && m.id === id) done({ kind: 'error', message: m.message, wall: m.wall });
      };
      const onExit = (code: number | null, signal: string | null) => {
        this.child = undefined;
        done({ kind: 'error', message: `child process died (${signal ?? `exit ${code}`})`, wall: (performance.now() - w0) / 1000 });
      };
      const stop = (why: string) => {
        const cpu = procCpu(child.pid) - cpu0;
        this.lastPeakRss = procPeakRss(child.pid);
        this.child = undefined;
        child.kill('SIGKILL');
        done({ kind: 'timeout', wall: (performance.now() - w0) / 1000, cpu, why });
      };
      const poll = setInterval(() => {
        const wall = (performance.now() - w0) / 1000;
        if (byCpu && procCpu(child.pid) - cpu0 >= limit.seconds) stop(`CPU limit ${limit.seconds} s`);
        else if (wall >= wallLimit) stop(byCpu ? `wall-clock cap ${wallLimit} s` : `time limit ${limit.seconds} s`);
      }, 50);
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send({ id, puzzle });
    });
  }

  /** VmHWM of the child when it was last stopped at the limit (bytes; NaN if unknown). */
  lastPeakRss = NaN;

  stop(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
  }
}

/** Open cells (after propagation, after probing), SAT variables and clauses of a puzzle, without solving (for stopped solves). */
function encodingStats(puzzle: Puzzle): SolveStats {
  const block = new BlockSolver(puzzle);
  const none = { probes: 0, openAfterProbing: block.openCells, satVariables: 0, satClauses: 0, satCalls: 0, difficulty: 'line' as const, probingStopped: false };
  if (block.presolve !== 'stalled') return { openCells: block.openCells, ...none };
  const domains = block.domains.slice();
  const probed = probe(block.propagator, domains);
  let vars = 0;
  const sink: ClauseSink = { newVar: () => ++vars, addClause: () => undefined };
  const enc = probed.status === 'stalled' ? encodePuzzle(puzzle, domains, sink) : { variables: 0, clauses: 0 };
  return {
    ...none,
    openCells: block.openCells,
    probes: probed.probes,
    openAfterProbing: countOpen(domains),
    satVariables: enc.variables,
    satClauses: enc.clauses,
    difficulty: probed.status === 'stalled' ? 'search' : 'probing',
    probingStopped: probed.budgetExhausted,
  };
}

async function solveEntry(runner: Runner, engine: EngineName, e: Entry, limit: Limit, reps: number, run: string): Promise<PuzzleRecord> {
  const base = { type: 'puzzle' as const, run, engine, set: e.set, index: e.index, id: e.id, ...(e.name ? { name: e.name } : {}), width: e.puzzle.width, height: e.puzzle.height, known: e.known, limit: limit.seconds, limitKind: limit.kind };
  const first = await runner.solve(e.puzzle, limit);
  if (first.kind !== 'done') {
    const reason = first.kind === 'timeout' ? first.why : first.message;
    const stoppedCpu = first.kind === 'timeout' && Number.isFinite(first.cpu) ? { stoppedCpu: first.cpu } : {};
    const peak = first.kind === 'timeout' && Number.isFinite(runner.lastPeakRss) ? { peakRss: runner.lastPeakRss } : {};
    return { ...base, verdict: first.kind === 'timeout' ? 'unknown' : 'error', reason, lineSolvable: null, cpu: null, ...stoppedCpu, cpuReps: [], wall: first.wall, stats: encodingStats(e.puzzle), violations: [], ...peak };
  }
  const { result, cpu, wall, peakRss } = first.reply;
  const cpuReps = [cpu];
  const isDecided = result.status !== 'unknown';
  if (reps > 1 && isDecided && cpu < REPEAT_BELOW_S) {
    for (let i = 1; i < reps; i++) {
      const again = await runner.solve(e.puzzle, limit);
      if (again.kind !== 'done' || again.reply.result.status !== result.status) {
        throw new Error(`${e.id}: repeated solve disagrees with the first (${again.kind === 'done' ? again.reply.result.status : again.kind})`);
      }
      cpuReps.push(again.reply.cpu);
    }
  }
  const violations: string[] = [];
  if (result.status === 'unique') {
    const bad = checkGrid(e.puzzle, result.grid);
    if (bad) violations.push(`unique grid: ${bad}`);
  } else if (result.status === 'multiple') {
    result.grids.forEach((g, i) => {
      const bad = checkGrid(e.puzzle, g);
      if (bad) violations.push(`grid ${i + 1} of 2: ${bad}`);
    });
    if (gridsEqual(result.grids[0], result.grids[1])) violations.push('the two grids of "multiple" are equal');
  } else if (result.status === 'none' && e.picture) violations.push('"none", but the clues were made from a picture');
  if (result.status === 'unique' && e.picture && !gridsEqual(result.grid, e.picture)) violations.push('"unique", but not the picture the clues were made from');
  return {
    ...base,
    verdict: result.status,
    ...(result.status === 'unknown' ? { reason: result.reason } : {}),
    lineSolvable: result.status === 'unique' ? result.lineSolvable : result.status === 'unknown' ? null : false,
    cpu,
    cpuReps,
    wall,
    stats: isDecided ? (result.stats ?? null) : encodingStats(e.puzzle),
    violations,
    ...(Number.isFinite(peakRss) ? { peakRss } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Judging

function match(r: PuzzleRecord): 'yes' | 'NO' | '-' | 'undecided' {
  if (r.verdict === 'unknown' || r.verdict === 'error') return r.known === 'unknown' ? '-' : 'undecided';
  if (r.known === 'unknown') return '-';
  return r.verdict === r.known ? 'yes' : 'NO';
}

function limitText(r: RunRecord): string {
  if (r.limitKind === 'cpu') return `limit ${r.limit} CPU s per puzzle (wall-clock cap ${r.limit * (r.wallCap ?? 10)} s)`;
  return `limit ${r.limit} s wall-clock per puzzle`;
}

/** A stopped solve's CPU: what it had used when it was stopped. */
const stoppedText = (r: PuzzleRecord) => (r.stoppedCpu !== undefined ? `stopped at ${secs(r.stoppedCpu)}` : 'stopped');

const isWrong = (r: PuzzleRecord) => match(r) === 'NO' || r.violations.length > 0;
const decided = (r: PuzzleRecord) => r.verdict === 'unique' || r.verdict === 'multiple' || r.verdict === 'none';
const cpuMedian = (r: PuzzleRecord) => (r.cpuReps.length ? median(r.cpuReps) : NaN);

// ---------------------------------------------------------------------------------------------
// Report

const size = (r: PuzzleRecord) => `${r.width}x${r.height}`;
const ls = (r: PuzzleRecord) => (r.lineSolvable === null ? '-' : r.lineSolvable ? 'yes' : 'no');
const verdictText = (r: PuzzleRecord) => (r.verdict === 'unknown' || r.verdict === 'error' ? `${r.verdict} (${r.reason ?? ''})` : r.verdict);
/** Open cells after propagation / after probing / SAT variables / clauses ('-' where a log record predates probing). */
const statsText = (s: SolveStats | null) => (s ? `${s.openCells} / ${s.openAfterProbing ?? '-'} / ${s.satVariables} / ${s.satClauses}` : '-');

function surveyTable(records: PuzzleRecord[]): string {
  const rows = records.map((r) => {
    const ref = REFERENCE[r.name ?? ''] ?? REFERENCE_REST;
    const med = cpuMedian(r);
    const judge = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '-' : x <= ref.target! ? 'yes' : 'no');
    const met = ref.target === null ? (decided(r) ? 'decided' : 'undecided') : `${judge(med)} / ${judge(r.cli?.cpu)}`;
    return [
      `${r.name ?? r.id} (${r.id})`,
      size(r),
      r.known,
      verdictText(r),
      match(r),
      ls(r),
      statsText(r.stats),
      r.cpu === null ? stoppedText(r) : secs(r.cpu),
      r.cpuReps.length > 1 ? `${secs(med)} (${r.cpuReps.length})` : '-',
      r.cli ? `${secs(r.cli.cpu)} (${r.cli.runs})` : '-',
      ref.nonogrid,
      ref.pbnsolve,
      met,
    ];
  });
  return markdownTable(
    ['puzzle', 'W x H', 'known', 'verdict', 'matches', 'line-solvable', 'open cells (propagation / probing) / SAT vars / clauses', 'in-process CPU s (1st)', 'in-process (median, runs)', 'CLI whole process CPU s (median, runs)', 'nonogrid-SAT (issue)', 'pbnsolve (issue)', 'at/below the faster: in-process / whole process'],
    rows,
  );
}

interface Summary {
  label: string;
  records: PuzzleRecord[];
  of: number;
}

/** The code revisions a group of results came from, with counts when there are several. */
function revisionsOf(records: PuzzleRecord[], runs: RunRecord[]): string {
  const rev = new Map(runs.map((r) => [r.run, r.revision.split(' ')[0]!]));
  const counts = new Map<string, number>();
  for (const r of records) {
    const k = rev.get(r.run) ?? '?';
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  if (counts.size === 1) return [...counts.keys()][0]!;
  return [...counts].map(([k, n]) => `${k} (${n})`).join(', ');
}

function tournamentTable(records: PuzzleRecord[]): string {
  return markdownTable(
    ['#', 'id', 'verdict', 'line-solvable', 'CPU s', 'wall s', 'open (propagation / probing) / vars / clauses', 'check'],
    records.map((r) => [r.index, r.id, verdictText(r), ls(r), secs(r.cpu ?? NaN), secs(r.wall), statsText(r.stats), r.violations.length ? r.violations.join('; ') : isWrong(r) ? 'WRONG' : 'ok']),
  );
}

function startupTable(figures: StartupFigure[]): string {
  return markdownTable(
    ['case', 'command', 'answer', 'runs', 'wall s (median)', 'wall s (min)', 'CPU s (median)', 'target'],
    figures.map((f) => [f.label, `\`${f.command}\``, f.answer || '-', f.runs, secs(f.wallMedian), secs(f.wallMin), secs(f.cpuMedian), f.command.includes('main.js') ? '< 0.3' : '']),
  );
}

const engineOf = (r: PuzzleRecord): string => r.engine ?? 'logic-solver';
/** Display order: this build's engines, then the one the logs may still hold. */
const ENGINE_ORDER: readonly string[] = [...ENGINES, 'logic-solver'];
const mib = (bytes: number | undefined) => (bytes === undefined || !Number.isFinite(bytes) ? '-' : (bytes / 2 ** 20).toFixed(0));
const peakOf = (rs: PuzzleRecord[]) => Math.max(...rs.map((r) => r.peakRss ?? NaN).filter(Number.isFinite));

/** The engines present, in the registry's order. */
function enginesIn(records: PuzzleRecord[]): string[] {
  const present = new Set(records.map(engineOf));
  return ENGINE_ORDER.filter((e) => present.has(e));
}

/** Why the undecided puzzles of a group were undecided, counted: "2 (CPU limit 60 s: 1, out of memory: 1)". */
function unknownText(records: PuzzleRecord[]): string {
  const un = records.filter((r) => !decided(r));
  if (!un.length) return '0';
  const why = new Map<string, number>();
  for (const r of un) {
    const k = (r.reason ?? r.verdict).replace(/wall-clock cap .*/, 'wall-clock cap');
    why.set(k, (why.get(k) ?? 0) + 1);
  }
  return `${un.length} (${[...why].map(([k, n]) => `${k}: ${n}`).join(', ')})`;
}

/** Per puzzle, each engine's verdict and CPU side by side. */
function sideBySide(records: PuzzleRecord[], engines: string[], cell: (r: PuzzleRecord | undefined) => string): Map<string, { first: PuzzleRecord; cells: string[] }> {
  const byPuzzle = new Map<string, { first: PuzzleRecord; cells: string[] }>();
  const sorted = [...records].sort((a, b) => a.index - b.index);
  for (const r of sorted) if (!byPuzzle.has(r.id)) byPuzzle.set(r.id, { first: r, cells: [] });
  for (const [id, row] of byPuzzle) row.cells = engines.map((e) => cell(records.find((r) => r.id === id && engineOf(r) === e)));
  return byPuzzle;
}

function surveySideBySide(survey: PuzzleRecord[], engines: string[]): string {
  const cell = (r: PuzzleRecord | undefined) => {
    if (!r) return 'not run';
    if (!decided(r)) return `**${verdictText(r)}**${r.stoppedCpu !== undefined ? ` at ${secs(r.stoppedCpu)} CPU s` : ''}; peak ${mib(r.peakRss)} MiB`;
    const med = r.cpuReps.length > 1 ? ` / ${secs(cpuMedian(r))}` : '';
    return `${r.verdict}${isWrong(r) ? ' **WRONG**' : ''}: ${secs(r.cpu ?? NaN)}${med}${r.cli ? ` / ${secs(r.cli.cpu)}` : ''}`;
  };
  const rows = [...sideBySide(survey, engines, cell).values()].map(({ first, cells }) => [`${first.name ?? first.id}`, size(first), first.known, statsText(first.stats), ...cells]);
  return markdownTable(['puzzle', 'W x H', 'known', 'open (propagation / probing) / SAT vars / clauses', ...engines.map((e) => `\`${e}\`: verdict: CPU s 1st / median / CLI process`)], rows);
}

function knottyFaaseLines(survey: PuzzleRecord[], engines: string[]): string {
  const lines = engines.map((e) => {
    const parts = ['Knotty', 'Faase'].map((name) => {
      const r = survey.find((x) => x.name === name && engineOf(x) === e);
      if (!r) return `${name} not run`;
      if (decided(r)) return `${name} decided \`${r.verdict}\` in ${secs(r.cpu ?? NaN)} CPU s (${match(r) === 'yes' ? 'matching' : match(r) === '-' ? 'no known answer' : 'CONTRADICTING'} the known answer; peak RSS ${mib(r.peakRss)} MiB)`;
      const spent = r.cpu ?? r.stoppedCpu;
      return `${name} **not decided**: ${verdictText(r)}${spent !== undefined ? ` after ${secs(spent)} CPU s` : ''}, peak RSS ${mib(r.peakRss)} MiB`;
    });
    return `- \`${e}\`: ${parts.join('; ')}.`;
  });
  const k = survey.find((x) => x.name === 'Knotty');
  const f = survey.find((x) => x.name === 'Faase');
  const enc = (r: PuzzleRecord | undefined) => (r?.stats ? `${r.stats.openCells} cells open after propagation, ${r.stats.openAfterProbing ?? '-'} after probing, ${r.stats.satVariables} SAT variables, ${r.stats.satClauses} clauses` : 'encoding not measured');
  return [
    `Knotty (${enc(k)}) and Faase (${enc(f)}), honestly, per engine:`,
    '',
    ...lines,
    '',
    'The issue reports that none of the solvers it measured (nonogrid with and without SAT, pbnsolve) decides them within 60 s; Wolter\'s survey lists no solver finishing them in 600 s.',
  ].join('\n');
}

function summaryRows(label: string, records: PuzzleRecord[], of: number, runs: RunRecord[], engines: string[]): (string | number)[][] {
  return engines.flatMap((engine) => {
    const rs = records.filter((r) => engineOf(r) === engine);
    if (!rs.length) return [];
    const dec = rs.filter(decided);
    const cpus = dec.map((r) => r.cpu ?? 0);
    const unique = rs.filter((r) => r.verdict === 'unique');
    const stopped = rs.filter((r) => r.stoppedCpu !== undefined).map((r) => r.stoppedCpu!);
    return [
      [
        label,
        `\`${engine}\``,
        revisionsOf(rs, runs),
        `${rs.length} of ${of}`,
        `${unique.length} (${unique.filter((r) => r.lineSolvable).length})`,
        rs.filter((r) => r.verdict === 'multiple').length,
        rs.filter((r) => r.verdict === 'none').length,
        unknownText(rs),
        rs.filter((r) => r.verdict === 'error').length,
        `${sum(rs.map((r) => (r.verdict === 'unique' ? 1 : r.verdict === 'multiple' ? 2 : 0)))} (${sum(rs.map((r) => r.violations.length))})`,
        rs.filter(isWrong).length,
        secs(sum(cpus)),
        secs(median(cpus)),
        secs(max(cpus)),
        dec.filter((r) => (r.cpu ?? 0) > 20).length,
        stopped.length ? secs(sum(stopped)) : '-',
        mib(peakOf(rs)),
      ],
    ];
  });
}

/**
 * Totals per set and engine in one row per set: the comparison the engine decision rests on.
 * Over the puzzles every engine has a result for, so that a run cut short compares like with like.
 */
function totalsTable(summaries: Summary[], engines: string[]): string {
  const ref = engines.includes('logic-solver') ? 'logic-solver' : engines[0]!;
  const rows = summaries.map(({ label, records, of }) => {
    const ids = engines.map((e) => new Set(records.filter((r) => engineOf(r) === e).map((r) => r.id)));
    const common = records.filter((r) => ids.every((set) => set.has(r.id)));
    const n = new Set(common.map((r) => r.id)).size;
    const cpuOf = (e: string) => sum(common.filter((r) => engineOf(r) === e && decided(r)).map((r) => r.cpu ?? 0));
    const base = cpuOf(ref);
    return [
      label,
      n === of ? `all ${of}` : `${n} of ${of}`,
      ...engines.map((e) => {
        const rs = common.filter((r) => engineOf(r) === e);
        const un = rs.filter((r) => !decided(r)).length;
        const ratio = e !== ref && base > 0 ? ` (x${(cpuOf(e) / base).toFixed(2)})` : '';
        return `${secs(cpuOf(e))}${ratio}; ${un} unknown; ${rs.filter(isWrong).length} wrong`;
      }),
    ];
  });
  return markdownTable(['set / range', 'puzzles (run by every engine)', ...engines.map((e) => `\`${e}\`: CPU s of decided (ratio to \`${ref}\`); unknown; wrong`)], rows);
}

function randomTable(random: PuzzleRecord[], engines: string[]): string {
  const cell = (r: PuzzleRecord | undefined) => {
    if (!r) return 'not run';
    const v = decided(r) ? `${r.verdict}${isWrong(r) ? ' **WRONG**' : ''}` : `**${verdictText(r)}**`;
    const cpu = r.cpu !== null ? secs(r.cpu) : r.stoppedCpu !== undefined ? `stopped at ${secs(r.stoppedCpu)}` : '-';
    return `${v}; ${cpu}; ${mib(r.peakRss)}`;
  };
  const rows = [...sideBySide(random, engines, cell).values()].map(({ first, cells }) => [first.index, first.name ?? first.id, statsText(first.stats), ...cells]);
  return markdownTable(['#', 'board (density)', 'open (propagation / probing) / SAT vars / clauses', ...engines.map((e) => `\`${e}\`: verdict; CPU s; peak RSS MiB`)], rows);
}

function slowestSideBySide(records: PuzzleRecord[], engines: string[], n: number): string {
  const worst = new Map<string, number>();
  for (const r of records) worst.set(r.id, Math.max(worst.get(r.id) ?? 0, r.cpu ?? r.stoppedCpu ?? Infinity));
  const ids = [...worst].sort((a, b) => b[1] - a[1]).slice(0, n).map(([id]) => id);
  const rows = ids.map((id) => {
    const any = records.find((r) => r.id === id)!;
    return [
      any.id,
      statsText(any.stats),
      ...engines.map((e) => {
        const r = records.find((x) => x.id === id && engineOf(x) === e);
        if (!r) return 'not run';
        return decided(r) ? `${r.verdict}: ${secs(r.cpu ?? NaN)}` : `**${verdictText(r)}**${r.stoppedCpu !== undefined ? ` at ${secs(r.stoppedCpu)}` : ''}`;
      }),
    ];
  });
  return markdownTable(['puzzle', 'open (propagation / probing) / SAT vars / clauses', ...engines.map((e) => `\`${e}\` CPU s`)], rows);
}

function report(records: PuzzleRecord[], runs: RunRecord[], startup: StartupFigure[] | undefined, dirNote: string, note?: string): string {
  const out: string[] = [];
  const engines = enginesIn(records);
  const dates = runs.map((r) => r.date);
  out.push('## Solving other people\'s puzzles, every engine side by side (`bench/solve`)', '');
  out.push(`Date: ${dates.length ? [...new Set([dates[0]!.slice(0, 10), dates[dates.length - 1]!.slice(0, 10)])].join(' to ') : '-'}. Machine: ${runs[runs.length - 1]?.machine ?? machine()}. Engines: ${engines.map((e) => `\`${e}\`${e === DEFAULT_ENGINE ? ' (the default)' : ''}`).join(', ')}.`, '');
  out.push('Commands (at the package root, after `npm run build`; the processes of all engines ran concurrently, sharing one machine load):', '');
  for (const r of runs) out.push(`- \`${r.command}\` (${r.date}; code ${r.revision}; ${limitText(r)}, ${r.jobs} job${r.jobs > 1 ? 's' : ''}${r.loadavg ? `; load average ${r.loadavg.join(' ')} at the start` : ''})`);
  out.push('');
  if (note) out.push(note, '');
  const gone = engines.filter((e) => !(ENGINES as readonly string[]).includes(e));
  if (gone.length) out.push(`${gone.map((e) => `\`${e}\``).join(', ')}: no longer an engine of this build; measured in the runs above, before its removal.`, '');
  out.push(
    `Puzzles: ${dirNote}; the random boards are made by the benchmark (seed ${RANDOM_SEED}: ${RANDOM_BOARDS} square boards, sides spread evenly from 30 to 80, each cell black with a probability drawn from [0.5, 0.6)). How it is measured: each puzzle is solved by \`solvePuzzle\` in a child process (Node started with the CLI's flags, \`--single-threaded-gc\`) with the named engine (\`new SatSession(engine)\`, the default memory cap of one instance: ${DEFAULT_MEMORY_CAP_BYTES / 2 ** 20} MiB for our WebAssembly engines; logic-solver's asm.js MiniSat has its fixed 64 MiB heap). Before its first puzzle the child solves a 4x4 puzzle that needs SAT, then seeded random 20x20, 25x25 and 40x40 boards for 1.5 CPU s, so that the engine is loaded and the JIT has compiled the hot paths; every puzzle then gets a fresh session, as \`nonocrypt solve FILE\` has. "CPU s" is \`process.cpuUsage()\` (user + system) of that child around the one \`solvePuzzle\` call: propagation, probing (when propagation stalls), encoding, the SAT call for a grid and the one for a second grid; start-up is excluded (see the section \`engines\` for start-up per engine). The limit is on the child's own CPU time (read from \`/proc\` every 50 ms; a wall-clock cap of 10 x the limit also applies): at the limit the child is killed and the puzzle is \`unknown\` with that reason; a solve that reaches the engine's memory cap (or logic-solver's heap) is \`unknown\` with the reason "out of memory". "Peak RSS" is the child's VmHWM from \`/proc\` when the puzzle ended: for tournament puzzles (one after another in the same child) it is the peak so far of that child; survey puzzles and random boards each get a child of their own, so theirs is the puzzle's own (the warm-up's ~65-90 MiB included). Survey puzzles under ${REPEAT_BELOW_S} s are solved again in the same child and the median is given, and also through the CLI (\`node --single-threaded-gc dist/src/cli/main.js solve FILE --engine E\`, whole process, CPU from GNU time). Every grid returned is re-checked with \`checkGrid\` (both grids of \`multiple\`, which must differ; a random board's \`unique\` grid must be its picture, and \`none\` on a random board is wrong since its picture solves it); "wrong" counts those failures plus verdicts that contradict a known answer. The machine has 2 cores and was shared with other work (load average in the command list), so compare CPU seconds, not wall time.`,
    '',
  );

  const tsets = SETS.filter((s) => s !== 'survey' && s !== 'random');
  const summaries: Summary[] = [];
  const survey = records.filter((r) => r.set === 'survey');
  const random = records.filter((r) => r.set === 'random');
  if (survey.length) summaries.push({ label: 'survey', records: survey, of: 14 });
  for (const set of tsets) {
    const rs = records.filter((r) => r.set === set);
    if (!rs.length) continue;
    if (set === 'taai2011') {
      for (const [a, b] of TAAI_RANGES) {
        const part = rs.filter((r) => r.index >= a && r.index <= b);
        if (part.length) summaries.push({ label: `taai2011 ${a}-${b}`, records: part, of: b - a + 1 });
      }
    }
    summaries.push({ label: set, records: rs, of: 1000 });
  }
  if (random.length) summaries.push({ label: 'random 30x30-80x80', records: random, of: RANDOM_BOARDS });
  if (summaries.length) {
    out.push('### Totals per engine', '');
    out.push(totalsTable(summaries, engines), '');
    out.push('### Sets', '');
    out.push(
      markdownTable(
        ['set / range', 'engine', 'code', 'run', 'unique (line-solvable)', 'multiple', 'none', 'unknown (why)', 'errors', 'grids re-checked (failed)', 'wrong', 'CPU s total (decided)', 'median', 'max', '> 20 s', 'CPU s of stopped', 'peak RSS MiB'],
        summaries.flatMap(({ label, records: rs, of }) => summaryRows(label, rs, of, runs, engines)),
      ),
      '',
    );
    out.push(
      '"CPU s total", median and max are over the decided puzzles only; "CPU s of stopped" adds what the stopped ones had used when they were stopped. "> 20 s" counts decided puzzles over 20 CPU s, the issue\'s cut-off.',
      '',
    );
  }
  if (records.some((r) => r.set === 'taai2011')) {
    out.push(
      'The issue\'s measurements for TAAI 2011 (quoted, not ours): puzzles 1-400 took nonogrid with SAT 70 CPU s and pbnsolve 131 CPU s (one past 20 s); puzzles 401-663 took nonogrid with SAT 564 CPU s (two past 20 s), while pbnsolve ran past 20 s on 73 of them. Target: 1-400 in under 35 CPU s in total.',
      '',
    );
  }
  const wrong = records.filter(isWrong);
  out.push(`Wrong verdicts: ${wrong.length === 0 ? 'none, on every engine' : wrong.map((r) => `${r.id} with ${engineOf(r)} (${verdictText(r)}, known ${r.known}${r.violations.length ? `: ${r.violations.join('; ')}` : ''})`).join(', ')}.`, '');
  const memoryUnknowns = records.filter((r) => !decided(r) && /memory/i.test(r.reason ?? ''));
  out.push(`Unknowns caused by memory: ${memoryUnknowns.length === 0 ? 'none' : memoryUnknowns.map((r) => `${r.id} with ${engineOf(r)}`).join(', ')}.`, '');

  if (survey.length) {
    out.push('### Wolter\'s survey puzzles', '');
    out.push(surveySideBySide(survey, engines), '');
    out.push(knottyFaaseLines(survey, engines), '');
    const def = survey.filter((r) => engineOf(r) === DEFAULT_ENGINE).sort((a, b) => a.index - b.index);
    if (def.length) {
      out.push(`With the default engine (\`${DEFAULT_ENGINE}\`), against the issue's measurements of the established solvers (CPU seconds per whole process, start-up included, quoted as given, not measured here; for the puzzles other than Forever, Light and Petro the issue gives only the bounds shown):`, '');
      out.push(surveyTable(def), '');
    }
  }
  if (random.length) {
    out.push('### Random boards', '');
    out.push(randomTable(random, engines), '');
  }
  if (startup) {
    out.push('### Start-up of the CLI', '');
    out.push(startupTable(startup), '');
  }
  for (const set of tsets) {
    const rs = records.filter((r) => r.set === set);
    if (!rs.length) continue;
    out.push(`### Slowest of ${set}`, '');
    out.push(slowestSideBySide(rs, engines, 10), '');
    for (const e of engines) {
      const unknown = rs.filter((r) => engineOf(r) === e && !decided(r));
      if (unknown.length) out.push(`Not decided in ${set} by \`${e}\`: ${unknown.map((r) => `${r.id} (${r.reason ?? r.verdict})`).join(', ')}.`, '');
    }
  }
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main

function readLog(file: string): LogRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LogRecord);
}

/** Newest result per puzzle, the runs they came from, and the newest start-up figures. */
function collect(log: LogRecord[]): { records: PuzzleRecord[]; runs: RunRecord[]; startup?: StartupFigure[] } {
  const byKey = new Map<string, PuzzleRecord>();
  let startup: StartupFigure[] | undefined;
  let startupRun: string | undefined;
  for (const r of log) {
    if (r.type === 'puzzle') byKey.set(`${r.engine ?? 'logic-solver'}/${r.set}/${r.id}`, r);
    else if (r.type === 'startup') {
      startup = r.figures;
      startupRun = r.run;
    }
  }
  const records = [...byKey.values()];
  const used = new Set([...records.map((r) => r.run), ...(startupRun ? [startupRun] : [])]);
  const runs = log.filter((r): r is RunRecord => r.type === 'run' && used.has(r.run));
  return { records, runs, ...(startup ? { startup } : {}) };
}

export async function main(args: string[]): Promise<void> {
  const opts = parseArgs(args, {
    set: 'value',
    limit: 'value',
    'limit-kind': 'value',
    'wall-cap': 'value',
    from: 'value',
    to: 'value',
    jobs: 'value',
    reps: 'value',
    dir: 'value',
    log: 'value',
    report: 'flag',
    'no-startup': 'flag',
    'startup-runs': 'value',
    'cli-runs': 'value',
    note: 'value',
    write: 'flag',
    engine: 'value',
  });
  const num = (key: string, dflt: number, ok: (n: number) => boolean): number => {
    const v = opts.get(key);
    const n = v === undefined ? dflt : Number(v);
    if (!Number.isFinite(n) || !ok(n)) throw new Error(`--${key}: bad value "${String(v)}"`);
    return n;
  };
  const setOpt = String(opts.get('set') ?? 'survey');
  const sets: SetName[] = setOpt === 'all' ? [...SETS] : (setOpt.split(',') as SetName[]);
  for (const s of sets) if (!(SETS as readonly string[]).includes(s)) throw new Error(`--set takes ${SETS.join(', ')} (comma-separated) or all`);
  const engines = String(opts.get('engine') ?? DEFAULT_ENGINE).split(',') as EngineName[];
  for (const e of engines) if (!ENGINES.includes(e)) throw new Error(`--engine takes ${ENGINES.join(', ')} (comma-separated)`);
  const limitS = num('limit', 60, (n) => n > 0);
  const limitKindOpt = String(opts.get('limit-kind') ?? 'cpu');
  if (limitKindOpt !== 'cpu' && limitKindOpt !== 'wall') throw new Error('--limit-kind takes cpu or wall');
  const limitKind: 'cpu' | 'wall' = limitKindOpt === 'cpu' && !canLimitCpu() ? 'wall' : limitKindOpt;
  const wallCap = num('wall-cap', 10, (n) => n >= 1);
  const limit: Limit = { kind: limitKind, seconds: limitS, wallCap };
  const from = num('from', 1, (n) => Number.isInteger(n) && n >= 1);
  const to = num('to', 1000, (n) => Number.isInteger(n) && n >= from);
  const jobs = num('jobs', 1, (n) => Number.isInteger(n) && n >= 1);
  const reps = num('reps', 9, (n) => Number.isInteger(n) && n >= 1);
  const startupRuns = num('startup-runs', 10, (n) => Number.isInteger(n) && n >= 1);
  const cliRuns = num('cli-runs', 5, (n) => Number.isInteger(n) && n >= 0);
  const dir = benchDir(opts.get('dir') as string | undefined);
  const logFile = opts.get('log') as string | undefined;
  const dirNote = opts.get('dir') ? `read from \`${opts.get('dir') as string}\`` : 'read from `../shared/bench/` beside the repository (not part of the project)';

  if (opts.get('report')) {
    if (!logFile) throw new Error('--report rebuilds the report from a log: give --log FILE');
    const { records, runs, startup } = collect(logFile.split(',').flatMap(readLog));
    const text = report(records, runs, startup, dirNote, opts.get('note') as string | undefined);
    process.stdout.write(text + '\n');
    if (opts.get('write')) progress(`wrote ${writeSection('solve', text)}`);
    return;
  }

  const run = new Date().toISOString();
  const runRecord: RunRecord = { type: 'run', run, date: run.slice(0, 19).replace('T', ' ') + ' UTC', command: commandLine('solve', args), revision: revision(), machine: machine(), loadavg: loadavg().map((x) => Math.round(x * 10) / 10), limit: limitS, limitKind, wallCap, jobs, reps };
  const log = (r: LogRecord) => {
    if (logFile) appendFileSync(logFile, JSON.stringify(r) + '\n');
  };
  log(runRecord);

  const script = fileURLToPath(new URL('./solveChild.js', import.meta.url));
  if (!existsSync(script)) throw new Error(`${script} is missing: run npm run build`);
  const records: PuzzleRecord[] = [];

  const cli = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build`);
  let startup: StartupFigure[] | undefined;
  if (!opts.get('no-startup')) {
    progress(`CLI start-up: ${startupRuns} runs per case`);
    startup = measureStartup(cli, startupRuns);
    log({ type: 'startup', run, figures: startup });
  }

  for (const set of sets) for (const engine of engines) {
    const all = loadSet(dir, set);
    const entries = all.filter((e) => e.index >= from && e.index <= to);
    progress(`${set}, ${engine}: ${entries.length} puzzles, ${limitKind} limit ${limitS} s, ${jobs} job(s)`);
    const runners = Array.from({ length: jobs }, () => new Runner(script, engine));
    const results: PuzzleRecord[] = new Array<PuzzleRecord>(entries.length);
    let next = 0;
    let finished = 0;
    let cpuSoFar = 0;
    const t0 = performance.now();
    await Promise.all(
      runners.map(async (runner) => {
        try {
          for (;;) {
            const i = next++;
            if (i >= entries.length) return;
            const e = entries[i]!;
            let r = await solveEntry(runner, engine, e, limit, set === 'survey' ? reps : 1, run);
            if (set === 'survey' || set === 'random') {
              // Each survey puzzle and random board in a child of its own: its first figure does
              // not profit from code the JIT compiled for the puzzles before it, and its peak
              // memory is its own.
              runner.stop();
              if (cliRuns > 0 && e.file && decided(r) && (r.cpu ?? Infinity) < REPEAT_BELOW_S) r = { ...r, cli: measureCliSolve(cli, e.file, cliRuns, ['--engine', engine]) };
            }
            results[i] = r;
            log(r);
            finished++;
            cpuSoFar += r.cpu ?? 0;
            const loud = set === 'survey' || set === 'random' || !decided(r) || (r.cpu ?? 0) > 5 || isWrong(r) || finished % 25 === 0;
            if (loud) {
              progress(
                `  ${set} ${engine} ${e.index} ${e.name ?? e.id}: ${verdictText(r)}${isWrong(r) ? ' WRONG' : ''}, ${secs(r.cpu ?? NaN)} CPU s` +
                  ` [${finished}/${entries.length}, ${secs(cpuSoFar)} CPU s, ${secs((performance.now() - t0) / 1000)} s wall]`,
              );
            }
          }
        } finally {
          runner.stop();
        }
      }),
    );
    records.push(...results);
    if (set !== 'survey') {
      process.stdout.write(`\n### ${set}: every puzzle run\n\n${tournamentTable(results)}\n`);
    }
  }

  let text: string;
  if (logFile) {
    const c = collect(readLog(logFile));
    text = report(c.records, c.runs, c.startup, dirNote);
  } else {
    text = report(records, [runRecord], startup, dirNote);
  }
  process.stdout.write(`\n${text}\n`);
  if (opts.get('write')) progress(`wrote ${writeSection('solve', text)}`);
}
