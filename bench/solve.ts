import type { Puzzle } from '../src/grid/Puzzle.js';
import { countOpen, UNKNOWN } from '../src/line/Propagator.js';
import { DEFAULT_ENGINE, DEFAULT_MEMORY_CAP_BYTES, ENGINES } from '../src/sat/engines.js';
import type { EngineName } from '../src/sat/SatSolver.js';
import { NonogramCore } from '../src/solve/NonogramCore.js';
import type { SolveStats } from '../src/solve/SolveResult.js';
import { flag, list, num, str, whole } from './harness/flags.js';
import { benchDir, randomSet, sharedSet, type Entry } from './harness/inputs.js';
import { cliArgv, runProcess } from './harness/proc.js';
import { groupBy, max, median, mib, secs, sum, tally, type Column } from './harness/stats.js';
import { defineSuite, part, prose, view, type AnyView, type Command, type Run } from './harness/suite.js';
import { shownDir } from './harness/doc.js';
import { Worker } from './harness/worker.js';
import { decided, fromCall, puzzleFile, type Outcome } from './puzzles.js';

/**
 * The uniqueness checker on other people's puzzles, every engine side by side: Wolter's survey
 * set and the three 1000-puzzle computer-olympiad sets (read from ../shared/bench or --dir, never
 * copied into the project), and 20 random boards made here. Each puzzle is solved by
 * `solvePuzzle` in a warm child per engine (bench/puzzleTasks.ts: a fresh SatSession per puzzle,
 * as `nonocrypt solve FILE` has), which measures the solve's own CPU; the limit is on that CPU
 * (or on wall time). Survey puzzles and random boards each get a child of their own; survey
 * puzzles under a second are solved again (`--reps`) and run through the CLI as a whole process.
 */
const SETS = ['survey', 'taai2011', 'tcga2016', 'icga2017', 'random'] as const;
const TOURNAMENTS = ['taai2011', 'tcga2016', 'icga2017'];
const RANDOM_BOARDS = 20;
const RANDOM_SEED = 20261123;
const REPEAT_BELOW_S = 1;
/** TAAI 2011 is ordered by difficulty; the issue quotes these ranges. */
const TAAI_RANGES: readonly [number, number][] = [[1, 400], [401, 663], [664, 1000]];

/** The issue's measurements of the established solvers (CPU s per whole process), quoted. */
const REFERENCE: Record<string, { nonogrid: string; pbnsolve: string; target: number | null }> = {
  Forever: { nonogrid: '0.029', pbnsolve: '2.3', target: 0.029 }, Light: { nonogrid: '0.033', pbnsolve: '0.23', target: 0.033 }, Petro: { nonogrid: '0.027', pbnsolve: '< 0.05', target: 0.027 },
  Knotty: { nonogrid: 'not in 60 s', pbnsolve: 'not in 60 s', target: null }, Faase: { nonogrid: 'not in 60 s', pbnsolve: 'not in 60 s', target: null },
};
const REFERENCE_REST = { nonogrid: '≤ 0.016', pbnsolve: '< 0.05', target: 0.016 };

/** A solver's outcome with what this suite adds: every CPU of a repeated solve, the CLI's whole process, the encoding of a stopped one. */
type Solved = Outcome & { readonly cpuReps?: number[]; readonly cli?: { cpu: number; runs: number } };
type R = Run<Entry, Solved>;

/** Open cells (after propagation, after probing), SAT variables and clauses, without solving: for a stopped solve. */
function encodingStats(puzzle: Puzzle): SolveStats {
  const core = new NonogramCore(puzzle);
  try {
    const status = core.load(new Uint8Array(puzzle.width * puzzle.height).fill(UNKNOWN));
    const openCells = countOpen(core.read());
    const none = { probes: 0, openAfterProbing: openCells, satVariables: 0, satClauses: 0, satCalls: 0, difficulty: 'line' as const, probingStopped: false, openCells };
    if (status !== 'stalled') return none;
    const probed = core.probe();
    const probes = core.stats().probes;
    const cnf = probed === 'stalled' ? core.encode(0) : 'contradiction';
    const enc = cnf === 'contradiction' ? { variables: 0, clauses: 0 } : cnf;
    return { ...none, probes, openAfterProbing: countOpen(core.read()), satVariables: enc.variables, satClauses: enc.clauses, difficulty: probed === 'stalled' ? 'search' : 'probing' };
  } finally {
    core.dispose();
  }
}

const flags = {
  set: list<(typeof SETS)[number]>(['survey'], 'sets', SETS),
  engine: list<EngineName>([DEFAULT_ENGINE], 'SAT engines side by side', ENGINES),
  limit: num(60, 'time limit per puzzle, s', [(n) => n > 0, 'a number > 0']),
  'limit-kind': str('cpu', 'what the limit counts: the child\'s CPU time or wall time', ['cpu', 'wall']),
  'wall-cap': num(10, 'wall-clock cap of a CPU limit, as a multiple of it', [(n) => n >= 1, 'a number >= 1']),
  from: whole(1, 'first position in each set'),
  to: whole(1000, 'last position in each set'),
  jobs: whole(1, 'children at once (timing runs want 1)'),
  reps: whole(9, `survey puzzles under ${REPEAT_BELOW_S} s are solved this many times`),
  // The CLI's start-up is measured by `engines compare --part startup`; these stay for the recorded commands.
  'no-startup': flag('no effect (the start-up cases are in `engines compare`)'),
  'startup-runs': whole(10, 'no effect (see --no-startup)'),
  'cli-runs': whole(5, 'whole-process CLI runs per quick survey puzzle', 0),
  dir: str(undefined, 'the shared benchmark puzzles (default ../shared/bench)'),
  note: str(undefined, 'a paragraph to add to the report'),
};

function engineCommand(engine: EngineName, o: { limit: number; 'limit-kind': string; 'wall-cap': number; reps: number; 'cli-runs': number }): Command<Entry, Solved> {
  const workers: Worker[] = [];
  const limit = o['limit-kind'] === 'cpu' ? { cpuS: o.limit, capS: o.limit * o['wall-cap'] } : { cpuS: Infinity, capS: o.limit };
  return {
    label: engine,
    close: () => workers.forEach((w) => w.close()),
    run: async (e, lane) => {
      const w = (workers[lane] ??= new Worker('./puzzleTasks.js', [engine]));
      const out: Solved = fromCall(e, await w.call('solve', { puzzle: e.puzzle }, limit));
      const quick = e.set === 'survey' && decided(out) && out.cpu < REPEAT_BELOW_S;
      const cpuReps = [out.cpu];
      for (let i = 1; quick && i < o.reps; i++) {
        const again = fromCall(e, await w.call('solve', { puzzle: e.puzzle }, limit));
        if (again.verdict !== out.verdict) throw new Error(`${e.id}: a repeated solve says ${again.verdict}, the first ${out.verdict}`);
        cpuReps.push(again.cpu);
      }
      // Survey puzzles and random boards each in a child of their own: no JIT profit from the puzzles before, their own peak memory.
      if (e.set === 'survey' || e.set === 'random') w.close();
      const cli = [];
      for (let i = 0; quick && i <= o['cli-runs'] && o['cli-runs'] > 0; i++) cli.push(await runProcess(cliArgv('solve', puzzleFile(e, 'non'), '--engine', engine)));
      return { ...out, cpuReps, ...(decided(out) ? {} : { stats: encodingStats(e.puzzle) }), ...(cli.length ? { cli: { cpu: median(cli.slice(1).map((r) => r.cpu)), runs: cli.length - 1 } } : {}) };
    },
  };
}

// ---------------------------------------------------------------- the report

const verdictText = (o: Outcome) => (decided(o) ? o.verdict : `${o.verdict} (${o.reason ?? ''})`);
const statsText = (s: SolveStats | undefined) => (s ? `${s.openCells} / ${s.openAfterProbing ?? '-'} / ${s.satVariables} / ${s.satClauses}` : '-');
const match = (r: R) => (!decided(r.value) ? (r.input.known === 'unknown' ? '-' : 'undecided') : r.input.known === 'unknown' ? '-' : r.value.verdict === r.input.known ? 'yes' : 'NO');
const isWrong = (r: R) => match(r) === 'NO' || r.value.violations.length > 0;
const decidedCpu = (rs: readonly R[]) => rs.filter((r) => decided(r.value)).map((r) => r.value.cpu);
const cpuMedian = (o: Solved) => median(o.cpuReps ?? [o.cpu]);
const stoppedAt = (o: Solved) => (Number.isFinite(o.cpu) ? ` at ${secs(o.cpu)}` : '');

/** Why the undecided ones were undecided, counted: "2 (CPU limit 60 s: 1, out of memory: 1)". */
function unknownText(rs: readonly R[]): string {
  const un = rs.filter((r) => !decided(r.value));
  return un.length ? `${un.length} (${[...tally(un, (r) => (r.value.reason ?? r.value.verdict).replace(/wall-clock cap .*/, 'wall-clock cap'))].map(([k, n]) => `${k}: ${n}`).join(', ')})` : '0';
}

interface Group {
  readonly label: string;
  readonly runs: readonly R[];
  readonly of: number;
}

function groups(runs: readonly R[]): Group[] {
  const of = (set: string) => runs.filter((r) => r.input.set === set);
  const out: Group[] = [];
  if (of('survey').length) out.push({ label: 'survey', runs: of('survey'), of: 14 });
  for (const set of TOURNAMENTS) {
    if (!of(set).length) continue;
    if (set === 'taai2011') for (const [a, b] of TAAI_RANGES) if (of(set).some((r) => r.input.index >= a && r.input.index <= b)) out.push({ label: `taai2011 ${a}-${b}`, runs: of(set).filter((r) => r.input.index >= a && r.input.index <= b), of: b - a + 1 });
    out.push({ label: set, runs: of(set), of: 1000 });
  }
  if (of('random').length) out.push({ label: 'random 30x30-80x80', runs: of('random'), of: RANDOM_BOARDS });
  return out;
}

/** Per puzzle, a cell per engine. */
function sideBySide(runs: readonly R[], engines: readonly string[], head: readonly Column<R[]>[], cell: (r: R | undefined) => string, title: (e: string) => string) {
  return view({ rows: groupBy([...runs].sort((a, b) => a.input.index - b.input.index), (r) => r.input.id), columns: [...head, ...engines.map((e): Column<R[]> => [title(e), (g) => cell(g.find((r) => r.command === e))])] });
}

function views(runs: readonly R[], note: string | undefined) {
  const engines = [...new Set(runs.map((r) => r.command))];
  const ref = engines[0]!;
  const gs = groups(runs);
  const survey = runs.filter((r) => r.input.set === 'survey');
  const random = runs.filter((r) => r.input.set === 'random');
  /** The runs of the puzzles every engine has a result for: a run cut short compares like with like. */
  const common = (g: Group) => {
    const ids = engines.map((e) => new Set(g.runs.filter((r) => r.command === e).map((r) => r.input.id)));
    return g.runs.filter((r) => ids.every((s) => s.has(r.input.id)));
  };
  const commonCount = (g: Group) => new Set(common(g).map((r) => r.input.id)).size;
  const byEngine = (rs: readonly R[], e: string) => rs.filter((r) => r.command === e);
  const totals: Column<Group>[] = [
    ['set / range', (g) => g.label],
    ['puzzles (run by every engine)', (g) => (commonCount(g) === g.of ? `all ${g.of}` : `${commonCount(g)} of ${g.of}`)],
    ...engines.map((e): Column<Group> => [`\`${e}\`: CPU s of decided (ratio to \`${ref}\`); unknown; wrong`, (g) => {
      const rs = byEngine(common(g), e);
      const base = sum(decidedCpu(byEngine(common(g), ref)));
      return `${secs(sum(decidedCpu(rs)))}${e !== ref && base > 0 ? ` (x${(sum(decidedCpu(rs)) / base).toFixed(2)})` : ''}; ${rs.filter((r) => !decided(r.value)).length} unknown; ${rs.filter(isWrong).length} wrong`;
    }]),
  ];
  type Row = { label: string; of: number; engine: string; rs: readonly R[] };
  const setRows: Row[] = gs.flatMap((g) => engines.map((engine) => ({ label: g.label, of: g.of, engine, rs: byEngine(g.runs, engine) })).filter((x) => x.rs.length));
  const stopped = (rs: readonly R[]) => rs.filter((r) => !decided(r.value) && Number.isFinite(r.value.cpu)).map((r) => r.value.cpu);
  const sets: Column<Row>[] = [
    ['set / range', (x) => x.label],
    ['engine', (x) => `\`${x.engine}\``],
    ['code', (x) => groupBy(x.rs, (r) => r.code).map((g, _, all) => (all.length > 1 ? `${g[0]!.code} (${g.length})` : g[0]!.code)).join(', ')],
    ['run', (x) => `${x.rs.length} of ${x.of}`],
    ['unique (line-solvable)', (x) => `${x.rs.filter((r) => r.value.verdict === 'unique').length} (${x.rs.filter((r) => r.value.verdict === 'unique' && r.value.lineSolvable).length})`],
    ['multiple', (x) => x.rs.filter((r) => r.value.verdict === 'multiple').length],
    ['none', (x) => x.rs.filter((r) => r.value.verdict === 'none').length],
    ['unknown (why)', (x) => unknownText(x.rs.filter((r) => r.value.verdict !== 'error'))],
    ['errors', (x) => x.rs.filter((r) => r.value.verdict === 'error').length],
    ['grids re-checked (failed)', (x) => `${sum(x.rs.map((r) => r.value.checked))} (${sum(x.rs.map((r) => r.value.violations.length))})`],
    ['wrong', (x) => x.rs.filter(isWrong).length],
    ['CPU s total (decided)', (x) => secs(sum(decidedCpu(x.rs)))],
    ['median', (x) => secs(median(decidedCpu(x.rs)))],
    ['max', (x) => secs(max(decidedCpu(x.rs)))],
    ['> 20 s', (x) => decidedCpu(x.rs).filter((c) => c > 20).length],
    ['CPU s of stopped', (x) => (stopped(x.rs).length ? secs(sum(stopped(x.rs))) : '-')],
    ['peak RSS MiB', (x) => mib(max(x.rs.map((r) => r.value.rssMiB).filter(Number.isFinite)))],
  ];
  const wrong = runs.filter(isWrong);
  const memory = runs.filter((r) => !decided(r.value) && /memory/i.test(r.value.reason ?? ''));
  const surveyCell = (r: R | undefined) => !r ? 'not run' : !decided(r.value) ? `**${verdictText(r.value)}**${stoppedAt(r.value)} CPU s; peak ${mib(r.value.rssMiB)} MiB`
    : `${r.value.verdict}${isWrong(r) ? ' **WRONG**' : ''}: ${secs(r.value.cpu)}${(r.value.cpuReps?.length ?? 0) > 1 ? ` / ${secs(cpuMedian(r.value))}` : ''}${r.value.cli ? ` / ${secs(r.value.cli.cpu)}` : ''}`;
  const knottyFaase = engines.map((e) => `- \`${e}\`: ${['Knotty', 'Faase'].map((name) => {
    const r = survey.find((x) => x.input.name === name && x.command === e);
    if (!r) return `${name} not run`;
    if (decided(r.value)) return `${name} decided \`${r.value.verdict}\` in ${secs(r.value.cpu)} CPU s (${match(r) === 'yes' ? 'matching' : match(r) === '-' ? 'no known answer' : 'CONTRADICTING'} the known answer; peak RSS ${mib(r.value.rssMiB)} MiB)`;
    return `${name} **not decided**: ${verdictText(r.value)}${Number.isFinite(r.value.cpu) ? ` after ${secs(r.value.cpu)} CPU s` : ''}, peak RSS ${mib(r.value.rssMiB)} MiB`;
  }).join('; ')}.`);
  const enc = (name: string) => survey.find((x) => x.input.name === name)?.value.stats;
  const encText = (name: string) => (enc(name) ? `${enc(name)!.openCells} cells open after propagation, ${enc(name)!.openAfterProbing} after probing, ${enc(name)!.satVariables} SAT variables, ${enc(name)!.satClauses} clauses` : 'encoding not measured');
  const firstStats = (g: R[]) => statsText(g.find((r) => r.value.stats)?.value.stats);
  const def = survey.filter((r) => r.command === DEFAULT_ENGINE).sort((a, b) => a.input.index - b.input.index);
  const refOf = (r: R) => REFERENCE[r.input.name ?? ''] ?? REFERENCE_REST;
  const judge = (r: R, x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '-' : x <= refOf(r).target! ? 'yes' : 'no');
  const out: AnyView[] = [
    ...(note ? [prose(note)] : []),
    ...(gs.length ? [
      view({ title: 'Totals per engine', rows: gs, columns: totals }),
      view({ title: 'Sets', rows: setRows, columns: sets, after: '"CPU s total", median and max are over the decided puzzles only; "CPU s of stopped" adds what the stopped ones had used when they were stopped. "> 20 s" counts decided puzzles over 20 CPU s, the issue\'s cut-off.' }),
    ] : []),
    prose(
      [
        ...(runs.some((r) => r.input.set === 'taai2011') ? ["The issue's measurements for TAAI 2011 (quoted, not ours): puzzles 1-400 took nonogrid with SAT 70 CPU s and pbnsolve 131 CPU s (one past 20 s); puzzles 401-663 took nonogrid with SAT 564 CPU s (two past 20 s), while pbnsolve ran past 20 s on 73 of them. Target: 1-400 in under 35 CPU s in total.\n\n"] : []),
        `Wrong verdicts: ${wrong.length === 0 ? 'none, on every engine' : wrong.map((r) => `${r.input.id} with ${r.command} (${verdictText(r.value)}, known ${r.input.known}${r.value.violations.length ? `: ${r.value.violations.join('; ')}` : ''})`).join(', ')}.\n\n`,
        `Unknowns caused by memory: ${memory.length === 0 ? 'none' : memory.map((r) => `${r.input.id} with ${r.command}`).join(', ')}.`,
      ].join(''),
    ),
  ];
  if (survey.length) {
    out.push(
      { ...sideBySide(survey, engines, [['puzzle', (g) => g[0]!.input.name ?? g[0]!.input.id], ['W x H', (g) => `${g[0]!.input.puzzle.width}x${g[0]!.input.puzzle.height}`], ['known', (g) => g[0]!.input.known], ['open (propagation / probing) / SAT vars / clauses', firstStats]], surveyCell, (e) => `\`${e}\`: verdict: CPU s 1st / median / CLI process`), title: "Wolter's survey puzzles",
        after: [`Knotty (${encText('Knotty')}) and Faase (${encText('Faase')}), honestly, per engine:`, '', ...knottyFaase, '', "The issue reports that none of the solvers it measured (nonogrid with and without SAT, pbnsolve) decides them within 60 s; Wolter's survey lists no solver finishing them in 600 s."].join('\n') },
    );
    if (def.length) {
      out.push(view({
        about: `With the default engine (\`${DEFAULT_ENGINE}\`), against the issue's measurements of the established solvers (CPU seconds per whole process, start-up included, quoted as given, not measured here; for the puzzles other than Forever, Light and Petro the issue gives only the bounds shown):`,
        rows: def,
        columns: [
          ['puzzle', (r) => `${r.input.name ?? r.input.id} (${r.input.id})`], ['W x H', (r) => `${r.input.puzzle.width}x${r.input.puzzle.height}`], ['known', (r) => r.input.known], ['verdict', (r) => verdictText(r.value)], ['matches', match],
          ['line-solvable', (r) => (!decided(r.value) ? '-' : r.value.lineSolvable ? 'yes' : 'no')], ['open cells (propagation / probing) / SAT vars / clauses', (r) => statsText(r.value.stats)],
          ['in-process CPU s (1st)', (r) => (decided(r.value) ? secs(r.value.cpu) : `stopped${stoppedAt(r.value)}`)], ['in-process (median, runs)', (r) => ((r.value.cpuReps?.length ?? 0) > 1 ? `${secs(cpuMedian(r.value))} (${r.value.cpuReps!.length})` : '-')],
          ['CLI whole process CPU s (median, runs)', (r) => (r.value.cli ? `${secs(r.value.cli.cpu)} (${r.value.cli.runs})` : '-')], ['nonogrid-SAT (issue)', (r) => refOf(r).nonogrid], ['pbnsolve (issue)', (r) => refOf(r).pbnsolve],
          ['at/below the faster: in-process / whole process', (r) => (refOf(r).target === null ? (decided(r.value) ? 'decided' : 'undecided') : `${judge(r, decided(r.value) ? cpuMedian(r.value) : undefined)} / ${judge(r, r.value.cli?.cpu)}`)],
        ],
      }));
    }
  }
  if (random.length) {
    out.push({ ...sideBySide(random, engines, [['#', (g) => g[0]!.input.index], ['board (density)', (g) => g[0]!.input.name ?? g[0]!.input.id], ['open (propagation / probing) / SAT vars / clauses', firstStats]],
      (r) => (!r ? 'not run' : `${decided(r.value) ? `${r.value.verdict}${isWrong(r) ? ' **WRONG**' : ''}` : `**${verdictText(r.value)}**`}; ${decided(r.value) ? secs(r.value.cpu) : `stopped${stoppedAt(r.value)}`}; ${mib(r.value.rssMiB)}`), (e) => `\`${e}\`: verdict; CPU s; peak RSS MiB`), title: 'Random boards' });
  }
  for (const set of TOURNAMENTS) {
    const rs = runs.filter((r) => r.input.set === set);
    if (!rs.length) continue;
    const worst = groupBy(rs, (r) => r.input.id).sort((a, b) => max(b.map((r) => r.value.cpu)) - max(a.map((r) => r.value.cpu))).slice(0, 10).flat();
    const undecided = engines.flatMap((e) => { const un = rs.filter((r) => r.command === e && !decided(r.value)); return un.length ? [`Not decided in ${set} by \`${e}\`: ${un.map((r) => `${r.input.id} (${r.value.reason ?? r.value.verdict})`).join(', ')}.`] : []; });
    const slow = sideBySide(worst, engines, [['puzzle', (g) => g[0]!.input.id], ['open (propagation / probing) / SAT vars / clauses', firstStats]], (r) => (!r ? 'not run' : decided(r.value) ? `${r.value.verdict}: ${secs(r.value.cpu)}` : `**${verdictText(r.value)}**${stoppedAt(r.value)}`), (e) => `\`${e}\` CPU s`);
    out.push({ ...slow, rows: [...slow.rows].sort((a, b) => max(b.map((r) => r.value.cpu)) - max(a.map((r) => r.value.cpu))), title: `Slowest of ${set}`, after: undecided.join('\n\n') });
  }
  return out;
}

export const suite = defineSuite({
  about: "Wolter's survey puzzles and the TAAI/TCGA/ICGA tournament sets (../shared/bench), and random boards: verdicts and CPU s per SAT engine",
  flags,
  title: () => "Solving other people's puzzles, every engine side by side (`bench/solve`)",
  intro: (o) => `Puzzles: ${o.dir ? `read from \`${shownDir(o.dir)}\`` : 'read from `../shared/bench/` beside the repository (not part of the project)'}; the random boards are made by the benchmark (seed ${RANDOM_SEED}: ${RANDOM_BOARDS} square boards, sides spread evenly from 30 to 80, each cell black with a probability drawn from [0.5, 0.6)). How it is measured: each puzzle is solved by \`solvePuzzle\` in a child process (Node started with the CLI's flags, \`--single-threaded-gc\`) with the named engine (\`new SatSession(engine)\`, the default memory cap of one instance: ${DEFAULT_MEMORY_CAP_BYTES / 2 ** 20} MiB). Before its first puzzle the child solves a 4x4 puzzle that needs SAT, then seeded random 20x20, 25x25 and 40x40 boards for 1.5 CPU s, so that the engine is loaded and the JIT has compiled the hot paths; every puzzle then gets a fresh session, as \`nonocrypt solve FILE\` has. "CPU s" is \`process.cpuUsage()\` (user + system) of that child around the one \`solvePuzzle\` call; start-up is excluded (see the section \`engines\`). The limit is on the child's own CPU time (read from \`/proc\` every 50 ms; a wall-clock cap of ${o['wall-cap']} x the limit also applies) unless \`--limit-kind wall\`: at the limit the child is killed and the puzzle is \`unknown\` with that reason; a solve that reaches the engine's memory cap is \`unknown\` with the reason "out of memory". "Peak RSS" is the child's VmHWM when the puzzle ended: for tournament puzzles (one after another in the same child) the peak so far of that child; survey puzzles and random boards each get a child of their own (the warm-up's ~65-90 MiB included). Survey puzzles under ${REPEAT_BELOW_S} s are solved again in the same child and the median is given, and also through the CLI (\`node --single-threaded-gc dist/nonocrypt.mjs solve FILE --engine E\`, whole process, CPU from the kernel). Every grid returned is re-checked with \`checkGrid\` (both grids of \`multiple\`, which must differ; a random board's \`unique\` grid must be its picture, and \`none\` on a random board is wrong since its picture solves it); "wrong" counts those failures plus verdicts that contradict a known answer. The machine has 2 cores, shared: compare CPU seconds, not wall time.`,
  parts: (o) => [
    part({
      name: 'solve',
      inputs: () => o.set.flatMap((set) => (set === 'random' ? randomSet('random', RANDOM_BOARDS, RANDOM_SEED, (k) => Math.round(30 + (50 * k) / (RANDOM_BOARDS - 1)), (_, rand) => 0.5 + 0.1 * rand()) : sharedSet(benchDir(o.dir), set))).filter((e) => e.index >= o.from && e.index <= o.to),
      key: (e: Entry) => `${e.set}/${e.id}`,
      jobs: o.jobs,
      commands: o.engine.map((e) => engineCommand(e, o)),
      progress: (r) => `${r.input.set} ${r.command} ${r.input.index} ${r.input.name ?? r.input.id}: ${verdictText(r.value)}${isWrong(r) ? ' WRONG' : ''}, ${secs(r.value.cpu)} CPU s`,
      views: (runs) => views(runs, o.note),
      problems: (runs) => runs.filter(isWrong).map((r) => `${r.input.id} with ${r.command}: ${verdictText(r.value)}, known ${r.input.known} ${r.value.violations.join('; ')}`),
    }),
  ],
});
