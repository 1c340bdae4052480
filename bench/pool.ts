import { list, whole } from './harness/flags.js';
import type { ProcRun } from './harness/proc.js';
import { max, median, secs, type Column } from './harness/stats.js';
import { defineSuite, part, view, type AnyPart, type AnyView, type Run } from './harness/suite.js';
import { oneShot, type Call } from './harness/worker.js';
import type { Args, ChildResult, Phase } from './poolChild.js';
import { POOLS, type PoolName } from './poolAdapters.js';

/**
 * Our WorkerPool (src/parallel/WorkerPool.ts) against piscina and tinypool, which cancel a
 * running task by terminating its worker. All three run behind our BlockRunner interface
 * (bench/poolAdapters.ts) on the same tasks, each measurement a fresh process
 * (bench/poolChild.ts), the pools in a rotating order, every round of a workload back to back so
 * that the ratios come from one run under one load. Workloads (`--part`), all with 2 jobs:
 * startup (one small block that needs SAT), verify (every 4x4 picture), text (1 MB of English:
 * the encrypt tasks, then the decrypt tasks on a fresh pool), storm (200 hard blocks with a short
 * time limit on the default engine, which stops itself; a worker still busy at the hard limit is
 * terminated). Every process must end by itself once its outcomes are in (a pool that leaves a
 * worker running hangs it: the cap kills it and the run says so).
 */
const WORKLOADS = ['startup', 'verify', 'text', 'storm'] as const;
type Workload = (typeof WORKLOADS)[number];
type R = Run<{ round: number; pool: PoolName }, { run: ProcRun; call?: Call<ChildResult> }>;

const result = (r: R): ChildResult | undefined => (r.value.call?.kind === 'done' ? r.value.call.value : undefined);
const phase = (r: R, name: string): Phase | undefined => result(r)?.phases[name];
const f2 = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '-');
const ms = (s: number): string => (Number.isFinite(s) ? (s * 1000).toFixed(0) : '-');
const pair = (xs: number[], fmt: (x: number) => string = secs): string => `${fmt(median(xs))} / ${fmt(max(xs))}`;
const byPool = (runs: readonly R[]) => POOLS.map((pool) => runs.filter((r) => r.input.pool === pool));

/** Per pool: median and max of a phase's wall and CPU, the ratios of the medians to ours, peak memory. */
function phaseColumns(runs: readonly R[], name: string): Column<R[]>[] {
  const med = (rs: readonly R[], f: (p: Phase) => number) => median(rs.map((r) => phase(r, name)).filter((p): p is Phase => !!p).map(f));
  const ours = runs.filter((r) => r.input.pool === 'ours');
  return [
    ['pool', (g) => g[0]!.input.pool],
    ['runs', (g) => g.filter((r) => phase(r, name)).length],
    ['wall s (median / max)', (g) => pair(g.flatMap((r) => phase(r, name)?.wall ?? []))],
    ['CPU s (median / max)', (g) => pair(g.flatMap((r) => phase(r, name)?.cpu ?? []))],
    ['vs ours: wall / CPU (medians)', (g) => `${f2(med(g, (p) => p.wall) / med(ours, (p) => p.wall))} / ${f2(med(g, (p) => p.cpu) / med(ours, (p) => p.cpu))}`],
    ['peak RSS MiB (median)', (g) => median(g.map((r) => result(r)?.rssMiB ?? NaN)).toFixed(0)],
  ];
}

const endedBy = (g: readonly R[]): string => {
  const bad = g.filter((r) => r.value.run.stopped || r.value.run.code !== 0 || !result(r)).length;
  return bad ? `**${bad} of ${g.length} did not**` : `yes (${g.length}/${g.length}; exit after the last outcome: ${pair(g.map((r) => r.value.run.exitAfter), ms)} ms)`;
};

/** No result, a wrong result, a process that did not end by itself. */
const problems = (label: string) => (runs: readonly R[]): string[] => runs.flatMap((r) => [
  ...(r.value.run.stopped ? [`${label} ${r.input.pool}: the process did not end within the cap (hang)`] : !result(r) ? [`${label} ${r.input.pool}: no result (exit ${r.value.run.code}: ${r.value.run.stderr.split('\n')[0]})`] : r.value.run.code !== 0 ? [`${label} ${r.input.pool}: exit ${r.value.run.code}`] : []),
  ...Object.entries(result(r)?.phases ?? {}).flatMap(([k, v]) => v.wrong.map((w) => `${label} ${r.input.pool} ${k}: ${w}`)),
]);

export const suite = defineSuite({
  about: 'our WorkerPool against piscina and tinypool: start-up, 65,536 4x4 verify, 1 MB encrypt/decrypt, time-out storms (--part startup|verify|text|storm)',
  flags: {
    part: list([...WORKLOADS], 'workloads', WORKLOADS),
    rounds: whole(3, 'rounds of each workload (start-up: three times as many)'),
    'storm-rounds': whole(1, 'rounds of the storm'),
    limit: whole(200, 'the storm\'s time limit per block, ms'),
    cap: whole(900, 'safety cap of one process, s'),
  },
  title: () => 'pool: our WorkerPool against piscina and tinypool',
  intro: (o) => 'Each pool runs behind our `BlockRunner` (bench/poolAdapters.ts: piscina 5 and tinypool 2 in adapters that keep our rules: propagation-settled blocks in the calling thread, at most 8 tasks in flight per job, outcomes in order, the hard limit counted from when a worker starts the task, cancellation through an AbortSignal, which terminates the worker). ' +
    `Each measurement is a fresh process (bench/poolChild.ts); CPU is \`process.cpuUsage()\` of that process, worker threads included. Rounds: ${o.rounds} (start-up ${o.rounds * 3}), storms ${o['storm-rounds']}; the pools' order rotates each round. Other work shares the cores: read the ratios, and CPU before wall.`,
  parts: (o) => {
    const make = (w: Workload, rounds: number, args: Partial<Args>, title: string, about: string, views: (runs: readonly R[]) => AnyView[]) => part({
      title,
      about,
      inputs: Array.from({ length: rounds }, (_, round) => POOLS.map((_, k) => ({ round, pool: POOLS[(round + k) % POOLS.length]! }))).flat(),
      commands: [{ label: w, run: (i: { round: number; pool: PoolName }) => oneShot<ChildResult>('./poolChild.js', w, { pool: i.pool, jobs: 2, ...args }, { capS: o.cap }) }],
      progress: (r) => `${w} round ${r.input.round + 1} ${r.input.pool}: ${Object.entries(result(r)?.phases ?? {}).map(([k, v]) => `${k} ${secs(v.wall)} s wall / ${secs(v.cpu)} s CPU${v.wrong.length ? ` WRONG: ${v.wrong[0]}` : ''}`).join('; ') || 'no result'}; process ${secs(r.value.run.wall)} s, exit ${r.value.run.stopped ?? r.value.run.code}`,
      views,
      problems: problems(w),
    });
    const all: Record<Workload, () => AnyPart> = {
      startup: () => make('startup', o.rounds * 3, {}, 'Start-up: the first result',
        'One 6x6 block that propagation leaves open (so it goes to a worker), 2 jobs. "first result": from making the pool to the block\'s outcome, in the process; "process": the whole child process (Node, module loading, the pool, the block, closing), wall and CPU. Our pool starts a worker when a task needs one (here one); piscina and tinypool start `minThreads` (here 2) at once.',
        (runs) => {
          const first = (g: readonly R[]) => g.map((r) => phase(r, 'startup')?.first ?? NaN);
          const cpu = (g: readonly R[]) => g.map((r) => result(r)?.processCpu ?? NaN);
          const ours = runs.filter((r) => r.input.pool === 'ours');
          return [view({ rows: byPool(runs), columns: [
            ['pool', (g) => g[0]!.input.pool], ['runs', (g) => g.length], ['first result ms (median / max)', (g) => pair(first(g), ms)], ['vs ours (medians)', (g) => f2(median(first(g)) / median(first(ours)))],
            ['process wall ms (median / max)', (g) => pair(g.map((r) => r.value.run.wall), ms)], ['process CPU ms (median / max)', (g) => pair(cpu(g), ms)], ['process CPU vs ours', (g) => f2(median(cpu(g)) / median(cpu(ours)))],
          ] })];
        }),
      verify: () => make('verify', o.rounds, {}, 'Verify of every 4x4 picture (65,536 blocks)',
        'Clues only, 2 jobs; blocks that propagation settles (51,234) are answered in the calling thread by every pool, the other 14,302 go to the workers. Checked: 52,362 unique (the count of clue classes with one picture), the rest multiple.',
        (runs) => [view({ rows: byPool(runs), columns: [...phaseColumns(runs, 'verify'), ['verdicts', (g) => (g.every((r) => phase(r, 'verify')?.wrong.length === 0) ? 'right' : '**WRONG**')]] })]),
      text: () => make('text', o.rounds, {}, '1 MB of English: encrypt and decrypt (8,000 blocks of 25x25)', '', (runs) => {
        const digests = new Set(runs.map((r) => phase(r, 'encrypt')?.digest).filter((d) => d));
        return [view({
          about: 'Frequency table, receiver `unique`, budget 10 s per block, 2 jobs; encrypt runs the annotate tasks (pictures that propagation solves alone are answered in the calling thread), decrypt the solve tasks of the encrypted blocks on a fresh pool. Each phase includes making and closing its pool. ' +
            `Every pool gave the same annotations in every run: ${digests.size === 1 ? 'yes' : '**no**'}; every decrypt gave every picture back: ${runs.every((r) => phase(r, 'decrypt')?.wrong.length === 0) ? 'yes' : '**no**'}.`,
          rows: ['encrypt', 'decrypt'].flatMap((ph) => byPool(runs).map((g) => ({ ph, g }))),
          columns: [['phase', (x) => x.ph], ...phaseColumns(runs, 'encrypt').map(([h], i): Column<{ ph: string; g: R[] }> => [h, (x) => phaseColumns(runs, x.ph)[i]![1](x.g)])],
        })];
      }),
      storm: () => make('storm', o['storm-rounds'], { timeoutMs: o.limit, blocks: 200 }, `Time-out storm: 200 hard blocks, time limit ${o.limit} ms, default engine`,
        `Clues of random 60x60 pictures (density 0.5, seeds 1-200), 2 jobs, \`timeoutMs ${o.limit}\`. The engine (MiniSat) stops at the limit by itself: \`unknown\`; a block still running at the hard limit (the limit plus 1 s: encoding and propagation do not watch the clock) has its worker terminated and replaced: \`timeout\`. Which blocks pass the hard limit depends on the load, not on the pool.`,
        (runs) => [view({ rows: byPool(runs), columns: [
          ...phaseColumns(runs, 'storm'),
          ['outcomes (all runs)', (g) => Object.entries(g.reduce<Record<string, number>>((t, r) => (Object.entries(phase(r, 'storm')?.outcomes ?? {}).forEach(([k, v]) => (t[k] = (t[k] ?? 0) + v)), t), {})).map(([k, v]) => `${k} ${v}`).join(', ')],
          ['every block an outcome, none decided', (g) => (g.every((r) => phase(r, 'storm')?.wrong.length === 0) ? 'yes (200 of 200 in each run)' : '**no**')],
          ['process ended by itself', endedBy],
        ] })]),
    };
    return o.part.map((w) => all[w]());
  },
});
