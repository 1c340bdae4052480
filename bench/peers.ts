import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flag, list, num, str, whole } from './harness/flags.js';
import { benchDir, randomSet, sharedSet, type Entry } from './harness/inputs.js';
import { splitRace } from './harness/splitRace.js';
import { cliArgv, runProcess } from './harness/proc.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { fixed, groupBy, max, secs, sum, summary, type Column } from './harness/stats.js';
import { defineSuite, part, view, type Command, type Run } from './harness/suite.js';
import { Worker } from './harness/worker.js';
import { minizincModel, readMinizincOutput } from './minizincModel.js';
import { decided, fromCall, gridOfRows, outcome, puzzleFile, stopped, type Outcome, type Verdict } from './puzzles.js';

/**
 * nonocrypt side by side with the public state of the art, nonosolve (hyouv/FastNonogramSolver,
 * built apart and named by the environment variable NONOSOLVE; never vendored), on the same
 * puzzles, one run at a time: Wolter's survey set, the TAAI 2011, TCGA 2016 and ICGA 2017
 * tournament sets (first solution, as the tournaments score it, and with uniqueness), seeded
 * random 30x30 boards at density 0.5, and a few random 50x50 to 100x100 boards at densities 0.4
 * to 0.6 (with uniqueness). Two constraint solvers run the classic model (`minizincModel.ts`, a
 * `regular` constraint per line): Gecode through Debian's `minizinc` and Chuffed, a lazy clause
 * generation solver, in WebAssembly from the npm package `minizinc` (`chuffedProcess.ts`; the
 * package's `dist` folder named by MINIZINC_DIST, installed apart, never a dependency).
 */
const TOURNAMENTS = ['taai2011', 'tcga2016', 'icga2017'];
const RANDOM: Record<string, [side: number, density: number]> = {
  random30: [30, 0.5],
  'random50-0.5': [50, 0.5],
  'random50-0.6': [50, 0.6],
  'random70-0.5': [70, 0.5],
  'random70-0.6': [70, 0.6],
  'random100-0.5': [100, 0.5],
  'random100-0.6': [100, 0.6],
  // issue 42: the sizes and densities around the frontier (appended, so the sets above keep their seeds)
  'random60-0.5': [60, 0.5],
  'random80-0.5': [80, 0.5],
  'random70-0.4': [70, 0.4],
};
const SETS = ['survey', ...TOURNAMENTS, ...Object.keys(RANDOM)];
const SOLVERS = ['nonocrypt-process', 'nonocrypt-split2', 'nonocrypt-inprocess', 'nonosolve', 'gecode', 'chuffed'] as const;
type Solver = (typeof SOLVERS)[number];
type Mode = 'first' | 'unique';
const SOLVER_TEXT: Record<Solver, string> = {
  'nonocrypt-process': 'nonocrypt, a process per puzzle',
  'nonocrypt-split2': 'nonocrypt, split over 2 processes (`--split K/2 -j 1`, each with the limit; CPU summed)',
  'nonocrypt-inprocess': 'nonocrypt, one process',
  nonosolve: 'nonosolve, a process per puzzle',
  gecode: 'MiniZinc + Gecode, a process per puzzle',
  chuffed: 'MiniZinc + Chuffed (WebAssembly), a process per puzzle',
};
/** The Chuffed runner beside this module (dist/bench/chuffedProcess.js). */
const CHUFFED = join(dirname(fileURLToPath(import.meta.url)), 'chuffedProcess.js');

interface Task {
  readonly entry: Entry;
  readonly mode: Mode;
}

const flags = {
  sets: list(SETS, 'sets, each optionally with how many of its puzzles (taai2011:50); random30 has 1000 boards, the larger random sets 20 each (the first 10 as before: a board depends only on the boards before it)'),
  limit: whole(1000, 'at most this many puzzles of each set (the first ones)'),
  modes: list<Mode>(['first', 'unique'], 'first solution (tournament sets only) and/or uniqueness', ['first', 'unique']),
  timeout: num(60, 'time limit per puzzle, CPU seconds of the solving process', [(n) => n > 0, 'a number > 0']),
  'wall-cap': num(10, 'wall-clock cap per puzzle, as a multiple of --timeout', [(n) => n >= 1, 'a number >= 1']),
  solvers: list<Solver>(['nonocrypt-process', 'nonocrypt-inprocess', 'nonosolve'], 'which solvers (gecode: Debian\'s minizinc; chuffed: MINIZINC_DIST)', SOLVERS),
  seed: whole(20261125, 'seed of the random boards', 0),
  dir: str(undefined, 'the shared benchmark puzzles (default ../shared/bench)'),
  frontier: flag('write the section "peers-frontier" (large random boards against every peer, issue 42) instead of "peers"'),
};

/** Whether `nonocrypt solve` has a first-solution flag (the solver engineer adds `--first`). */
const cliHasFirst = (): boolean => /--first\b/.test(spawnSync(cliArgv()[0]!, [...cliArgv('solve', '--help').slice(1)], { encoding: 'utf8' }).stdout);

function tasks(o: { sets: string[]; limit: number; modes: Mode[]; seed: number; dir: string | undefined }): Task[] {
  return o.sets.flatMap((spec) => {
    const [set, count] = spec.split(':') as [string, string | undefined];
    if (!SETS.includes(set) || (count !== undefined && !/^\d+$/.test(count))) throw new Error(`--sets: "${spec}" is not one of ${SETS.join(', ')} (optionally :COUNT)`);
    const r = RANDOM[set];
    const all = r ? randomSet(set, set === 'random30' ? 1000 : 20, o.seed + SETS.indexOf(set), () => r[0], () => r[1]) : sharedSet(benchDir(o.dir), set);
    const entries = all.slice(0, Math.min(o.limit, Number(count ?? Infinity)));
    return o.modes.filter((m) => m === 'unique' || TOURNAMENTS.includes(set)).flatMap((mode) => entries.map((entry) => ({ entry, mode })));
  });
}

function commands(o: { solvers: Solver[]; timeout: number; 'wall-cap': number }, bin: string | undefined, first: boolean): Command<Task, Outcome>[] {
  const limit = { cpuS: o.timeout, capS: o.timeout * o['wall-cap'] };
  const proc = { cpuLimitS: limit.cpuS, capS: limit.capS };
  const unsupported = (t: Task) => t.mode === 'first' && !first;
  const unsupportedYet = stopped('error', 'not supported yet', { cpu: NaN, wall: NaN, rssMiB: NaN });
  const args = (t: Task) => ['solve', puzzleFile(t.entry, 'non'), '--json', ...(t.mode === 'first' ? ['--first'] : [])];
  const worker = new Worker('./puzzleTasks.js');
  const all: Record<Solver, Command<Task, Outcome>> = {
    'nonocrypt-process': {
      label: 'nonocrypt-process',
      run: async (t) => {
        if (unsupported(t)) return unsupportedYet;
        const r = await runProcess(cliArgv(...args(t)), proc);
        return r.stopped ? stopped('unknown', r.stopped, r) : fromNonocryptJson(t.entry, r.stdout, r);
      },
    },
    'nonocrypt-split2': {
      label: 'nonocrypt-split2',
      run: async (t) => {
        if (t.mode === 'first') return unsupportedYet;
        const r = await splitRace(puzzleFile(t.entry, 'non'), 2, ['solve', '--json', '-j', '1'], proc);
        const rss = r.runs.map((x) => x.rssMiB).filter(Number.isFinite);
        const m = { cpu: r.cpu, wall: r.wall, rssMiB: rss.length ? Math.max(...rss) : NaN };
        if (!r.merged) return r.error ? stopped('error', `merge: ${r.error}`, m) : stopped('unknown', r.stopped.join(', '), m);
        const why = r.merged.unfinished.map((u) => `part ${u.part}: ${u.reason}`).join('; ');
        return r.merged.status === 'unknown' ? stopped('unknown', why || 'unknown', m) : outcome(t.entry, r.merged.status, r.merged.solutions.map(gridOfRows), m);
      },
    },
    'nonocrypt-inprocess': {
      label: 'nonocrypt-inprocess',
      run: async (t) => {
        if (unsupported(t)) return unsupportedYet;
        const c = await worker.call<{ stdout: string }>('cli', { argv: args(t) }, limit);
        return c.kind === 'done' ? fromNonocryptJson(t.entry, c.value.stdout, c) : fromCall(t.entry, c);
      },
      close: () => worker.close(),
    },
    gecode: {
      label: 'gecode',
      run: async (t) => fromMinizinc(t.entry, await runProcess(['minizinc', '--solver', 'gecode', '-G', 'std', '-n', '2', mznFile(t.entry)], proc)),
    },
    chuffed: {
      label: 'chuffed',
      run: async (t) => fromMinizinc(t.entry, await runProcess([process.execPath, CHUFFED, mznFile(t.entry), '-n', '2'], proc)),
    },
    nonosolve: {
      label: 'nonosolve',
      run: async (t) => {
        const json = `${puzzleFile(t.entry, 'nin')}.${t.mode}.json`;
        const r = await runProcess([bin!, '-q', '--json', json, ...(t.mode === 'first' ? ['-n', '1'] : []), puzzleFile(t.entry, 'nin')], proc);
        return r.stopped ? stopped('unknown', r.stopped, r) : r.code !== 0 ? stopped('error', `exit ${r.code ?? r.signal}: ${r.stderr.trim().slice(0, 80)}`, r) : fromNonosolve(t.entry, existsSync(json) ? readFileSync(json, 'utf8') : '', r);
      },
    },
  };
  return o.solvers.map((s) => all[s]);
}

type Measure = { cpu: number; wall: number; rssMiB: number };

/** The puzzle as the classic MiniZinc model, beside its .non file. */
function mznFile(e: Entry): string {
  const file = puzzleFile(e, 'non').replace(/\.non$/, '.mzn');
  if (!existsSync(file)) writeFileSync(file, minizincModel(e.puzzle));
  return file;
}

/**
 * An outcome from MiniZinc asked for two solutions (`-n 2`): two grids are `multiple`, one grid
 * with the search complete is `unique`, none with `=====UNSATISFIABLE=====` is `none`; anything
 * else is `unknown`. The solver runs as a child of the MiniZinc driver with its own CPU limit, so
 * its stop shows as an incomplete answer rather than as the driver's signal.
 */
function fromMinizinc(e: Entry, r: Awaited<ReturnType<typeof runProcess>>): Outcome {
  if (r.stopped) return stopped('unknown', r.stopped, r);
  const o = readMinizincOutput(r.stdout);
  if (o.grids.length >= 2) return outcome(e, 'multiple', o.grids.slice(0, 2).map(gridOfRows), r);
  if (o.complete) return outcome(e, o.unsat ? 'none' : 'unique', o.grids.map(gridOfRows), r);
  const why = r.stderr.trim().split('\n').find((l) => l.trim()) ?? '';
  return stopped('unknown', `no complete answer (exit ${r.code ?? r.signal}${why ? `: ${why.slice(0, 80)}` : ''}); CPU limit`, r);
}
/** A solver's JSON answer; undefined when there is none. */
function json<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** An outcome from `nonocrypt solve --json` (status, solutions as rows; with --first a solution alone means found). */
function fromNonocryptJson(e: Entry, stdout: string, m: Measure): Outcome {
  const doc = json<{ status?: string; solutions?: string[][]; reason?: string; lineSolvable?: boolean }>(stdout);
  if (!doc) return stopped('error', `no JSON answer: ${stdout.slice(0, 80)}`, m);
  const grids = (doc.solutions ?? []).map(gridOfRows);
  const s = doc.status ?? '';
  const named = ['unique', 'multiple', 'none'].includes(s);
  return !named && !grids.length ? stopped('unknown', doc.reason ?? s, m) : outcome(e, named ? (s as Verdict) : 'found', grids, m, { lineSolvable: doc.lineSolvable === true });
}

/** An outcome from nonosolve's `--json` file: status (UNIQUE, MULTIPLE, NONE, FOUND, TIMEOUT), solutions as strings of 0 and 1. */
function fromNonosolve(e: Entry, text: string, m: Measure): Outcome {
  const doc = json<{ status?: string; solutions?: string[] }>(text);
  const status = (doc?.status ?? '').toLowerCase();
  if (!['unique', 'multiple', 'none', 'found'].includes(status)) return stopped(status === 'timeout' ? 'unknown' : 'error', status || `no JSON answer: ${text.slice(0, 80)}`, m);
  return outcome(e, status as Verdict, (doc?.solutions ?? []).map((x) => makeGrid(e.puzzle.width, e.puzzle.height, [...x].map(Number))), m);
}

type Runs = readonly Run<Task, Outcome>[];
interface Row {
  readonly set: string;
  readonly solver: Solver;
  readonly runs: Runs;
  /** Distinct checked solutions any solver gave, per run: what a verdict is judged against. */
  readonly proven: readonly number[];
  readonly peers: Runs;
  /** Every other solver's runs on the same set. */
  readonly others: Runs;
}

function rows(runs: Runs): Row[] {
  const proven = new Map<string, number>();
  for (const r of runs) proven.set(r.input.entry.id, Math.max(proven.get(r.input.entry.id) ?? 0, r.value.valid));
  return groupBy(runs, (r) => `${r.input.entry.set}\t${r.command}`).map((g) => ({
    set: g[0]!.input.entry.set,
    solver: g[0]!.command as Solver,
    runs: g,
    proven: g.map((r) => proven.get(r.input.entry.id) ?? 0),
    peers: runs.filter((r) => r.input.entry.set === g[0]!.input.entry.set && r.command === 'nonosolve'),
    others: runs.filter((r) => r.input.entry.set === g[0]!.input.entry.set && r.command !== g[0]!.command),
  }));
}

const same = (a: Outcome, b: Outcome) => (a.verdict === 'found' || b.verdict === 'found' ? (a.verdict === 'none') === (b.verdict === 'none') : a.verdict === b.verdict);
/** Wrong: a failed check, or what others proved contradicts it (`none` against a checked grid, `unique` against two distinct ones). */
const isWrong = (o: Outcome, proven: number): boolean => o.violations.length > 0 || (o.verdict === 'none' && proven >= 1) || (o.verdict === 'unique' && proven >= 2);
const cpu = (r: Row) => summary(r.runs.map((x) => x.value.cpu));
/** Decided, total, median, p99 and max of CPU (stopped runs count with what they used), unknowns, wrong, peak memory. */
const summaryColumns: Column<Row>[] = [
  ['puzzles', (r) => r.runs.length], ['decided', (r) => r.runs.filter((x) => decided(x.value)).length], ['total CPU s', (r) => secs(cpu(r).total)], ['median', (r) => secs(cpu(r).median)], ['p99', (r) => secs(cpu(r).p99)], ['max', (r) => secs(cpu(r).max)],
  ['unknown', (r) => r.runs.filter((x) => !decided(x.value)).length], ['wrong', (r) => r.runs.filter((x, i) => isWrong(x.value, r.proven[i] ?? 0)).length],
  ['peak RSS MiB', (r) => fixed(0)(max(r.runs.map((x) => x.value.rssMiB).filter(Number.isFinite)))],
];
const notYet = (r: Row) => r.runs.every((x) => x.value.reason === 'not supported yet');
const columns: Column<Row>[] = [
  ['set', (r) => r.set],
  ['solver', (r) => SOLVER_TEXT[r.solver]],
  ...summaryColumns.map(([h, f]): Column<Row> => [h, (r) => (notYet(r) ? 'not supported yet' : f(r))]),
  ['CPU vs nonosolve (totals)', (r) => {
    const mine = sum(r.runs.map((x) => x.value.cpu));
    const theirs = sum(r.peers.map((x) => x.value.cpu));
    return r.solver === 'nonosolve' || !(theirs > 0) || !Number.isFinite(mine) ? '-' : `${(mine / theirs).toFixed(2)}x`;
  }],
  ['verdicts differing from nonosolve', (r) => (r.solver === 'nonosolve' || !r.peers.length || notYet(r) ? '-' : r.runs.filter((x) => {
    const p = r.peers.find((y) => y.input.entry.id === x.input.entry.id)?.value;
    return p && decided(p) && decided(x.value) && !same(p, x.value);
  }).length)],
  ['verdicts differing from any other solver', (r) => (notYet(r) ? '-' : r.runs.filter((x) => decided(x.value) && r.others.some((y) => y.input.entry.id === x.input.entry.id && decided(y.value) && !same(y.value, x.value))).length)],
];

function surveyView(runs: Runs) {
  const survey = groupBy(runs.filter((r) => r.input.entry.set === 'survey'), (r) => r.input.entry.id);
  const solvers = [...new Set(runs.map((r) => r.command as Solver))];
  const cell = (o: Outcome | undefined) => (!o ? 'not run' : decided(o) ? `${o.verdict}${o.violations.length ? ' **WRONG**' : ''}: ${secs(o.cpu)}` : `**${o.verdict} (${o.reason})**`);
  return view({
    title: "Wolter's survey puzzles, one by one (CPU s)",
    rows: survey,
    columns: [
      ['puzzle', (g) => g[0]!.input.entry.name ?? g[0]!.input.entry.id],
      ['W x H', (g) => `${g[0]!.input.entry.puzzle.width}x${g[0]!.input.entry.puzzle.height}`],
      ['known', (g) => g[0]!.input.entry.known],
      ...solvers.map((s): Column<Run<Task, Outcome>[]> => [SOLVER_TEXT[s], (g) => cell(g.find((r) => r.command === s)?.value)]),
    ],
  });
}

/** `--report` (a flag of every suite) draws the tables from the log: the peers' programs need not be on this machine. */
const readingLog = (o: object) => (o as { report?: boolean }).report === true;

export const suite = defineSuite({
  about: 'nonocrypt side by side with nonosolve ($NONOSOLVE): the survey, the tournament sets (first solution and uniqueness), random 30x30 to 100x100 boards',
  flags,
  env: ['NONOSOLVE', 'MINIZINC_DIST'],
  title: (o) => (o.frontier ? 'Large random boards against peers' : 'peers: nonocrypt side by side with nonosolve'),
  section: (o) => (o.frontier ? 'peers-frontier' : 'peers'),
  intro: (o) => {
    const bin = process.env.NONOSOLVE;
    const named = bin && existsSync(bin)
      ? `${bin}; sha256 ${createHash('sha256').update(readFileSync(bin)).digest('hex').slice(0, 12)}`
      : readingLog(o) ? 'not on this machine: its rows are read from the log' : 'not set';
    return [
      ...(o.frontier
        ? [
            'Issue 42: how far each solver reaches on random boards at the frontier (60x60 to 100x100, density 0.5, and 70x70 at 0.4 and 0.6), every solver as a process per board under the same CPU limit, with uniqueness (two solutions asked for). nonocrypt runs with its defaults (`--jobs` the number of cores: after 60,000 SAT conflicts alone, about 30 s, a board is raced by a portfolio on the worker threads, whose CPU counts against the same limit). One board split over 2 processes (`solve --split K/N`) is measured in its own section, "One board on many processes". Where a solver has fewer boards of a set than another, its runs stopped at the boards shown (the first ones of the set).',
          ]
        : []),
      `nonosolve: the binary named by \`NONOSOLVE\` (${named}), built from the public sources of hyouv/FastNonogramSolver in a scratch folder (recipe in ../shared/NOTES.md), never part of the project (how it works: TECHNIQUES.md beside it); \`nonosolve -q --json OUT [-n 1] FILE.nin\`, the puzzle converted to .nin by our writer, every solution it reports (both of \`MULTIPLE\`) read from OUT.`,
      `nonocrypt: \`node --single-threaded-gc dist/nonocrypt.mjs solve FILE.non --json\` (\`--first\` for the first solution), either as a process per puzzle, or in one warm process over the whole set (the same arguments through the CLI's own \`runCli\` in a child process that first solves a few seeded boards; the CPU of each call, \`process.cpuUsage()\`, start-up left out).`,
      `One run at a time, the solvers interleaved puzzle by puzzle (the machine is shared with other work: compare CPU, and ratios within this run). The limit: ${o.timeout} CPU s per puzzle of the solving process (RLIMIT_CPU for the processes, /proc for the warm one), and a wall-clock cap of ${o['wall-cap']} times that; a stopped run is \`unknown\` and counts with the CPU it had used. CPU of a process per puzzle: user + system from the kernel (bash's \`time\`, to the millisecond), start-up included; \`--log FILE\` keeps every run, so a long run can be resumed and \`--report\` redraws the tables. Random boards are drawn here (seed ${o.seed} plus the set's position; cells black with the set's density), so a solution always exists: \`none\` on them is wrong, and so is \`unique\` with another grid than the picture.`,
      `MiniZinc: the classic model (bench/minizincModel.ts: cells 1 = white, 2 = black, one \`regular\` constraint per row and column over its clue's automaton, written as a transition table), \`-n 2\` for uniqueness. Gecode: Debian's \`minizinc --solver gecode -G std\` (${spawnSync('minizinc', ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0]?.trim() ?? 'not installed'}; \`-G std\`: the standard decompositions, as Gecode's own library fails on these models in this version). Chuffed: MiniZinc 2.10.0 with Chuffed 0.14.0 in WebAssembly, from the npm package \`minizinc\` 4.5.1 installed apart (MINIZINC_DIST), run in Node by \`dist/bench/chuffedProcess.js\`; a process pays about 3 CPU s to compile the 17 MB WebAssembly before it solves. The solvers' own time limits are not used: the CPU limit below stops them (the solver process under the MiniZinc driver has its own).`,
      '"wrong": a grid that `checkGrid` rejects (every grid a solver prints is re-checked), a verdict contradicting the known answer, `none` against a checked grid, or `unique` against two distinct checked grids of any solver. "verdicts differing": both decided and disagree (unique/multiple/none; in the first-solution mode, found against none).',
    ].join('\n\n');
  },
  parts: (o) => {
    const bin = process.env.NONOSOLVE;
    if (o.solvers.includes('nonosolve') && !readingLog(o) && (!bin || !existsSync(bin))) throw new Error('set NONOSOLVE to the nonosolve binary (or leave it out with --solvers)');
    const mzn = process.env.MINIZINC_DIST;
    if (o.solvers.includes('chuffed') && !readingLog(o) && (!mzn || !existsSync(join(mzn, 'minizinc-worker.js')))) throw new Error('set MINIZINC_DIST to the dist folder of the npm package minizinc, installed apart (or leave chuffed out with --solvers)');
    const first = cliHasFirst();
    const all = tasks(o);
    return o.modes.filter((m) => all.some((t) => t.mode === m)).map((mode) => part({
      title: mode === 'first' ? 'First solution, as the tournaments score it' : 'With uniqueness (a second solution searched for, or proved absent)',
      about: mode === 'first' && !first ? 'nonocrypt: not supported yet (`nonocrypt solve` has no `--first` flag in this build); nonosolve alone, with `-n 1`.' : '',
      inputs: all.filter((t) => t.mode === mode),
      key: (t: Task) => `${t.entry.set}/${t.entry.id}/${t.mode}`,
      commands: commands(o, bin, first),
      progress: (r) => `${r.command} ${r.input.entry.set} ${r.input.entry.index} ${r.input.entry.name ?? r.input.entry.id}: ${r.value.verdict}${r.value.reason ? ` (${r.value.reason})` : ''}${r.value.violations.length ? ' WRONG' : ''} ${secs(r.value.cpu)} CPU s`,
      views: (runs) => [view({ rows: rows(runs), columns }), ...(runs.some((r) => r.input.entry.set === 'survey') ? [surveyView(runs)] : [])],
      problems: (runs) => rows(runs).flatMap((r) => r.solver === 'nonosolve' ? [] : r.runs.filter((x) => x.value.violations.length).map((x) => `${x.input.entry.id} (${r.solver}): ${x.value.violations.join('; ')}`)),
    }));
  },
});

