import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { CLI_NODE_FLAGS } from '../src/cli/nodeFlags.js';
import { codeVersion, commandLine, machine, markdownTable, max, median, packageRoot, parseArgs, progress, secs, writeSection } from './common.js';
import type { ChildResult, Phase, Workload } from './poolChild.js';
import { POOLS, type PoolName } from './poolAdapters.js';

/**
 * The pool benchmark: our WorkerPool (src/parallel/WorkerPool.ts) against piscina and tinypool,
 * which cancel a running task by terminating its worker. All three run behind our BlockRunner
 * interface (bench/poolAdapters.ts: the libraries in throw-away adapters with our pool's rules)
 * on the same tasks, each measurement in a fresh process (bench/poolChild.ts), the pools in a
 * rotating order, every round of each workload back to back so that the ratios come from one run
 * under one load.
 *
 * Workloads (`--part a,b`; default all), all with 2 jobs:
 * - startup: one small block that needs SAT, from making the pool to its outcome;
 * - verify: every 4x4 picture (65,536 blocks, 14,302 of which need a worker);
 * - text: 1 MB of English, frequency table, n = 25 (8,000 blocks): the encrypt tasks
 *   (smallest annotations, receiver unique), then the decrypt tasks (each block with its
 *   annotation) on a fresh pool, checked to give the pictures back;
 * - storm: 200 hard blocks (clues of random 60x60 pictures, density 0.5, seeds 1-200) with a
 *   short time limit (`--limit`, default 200 ms) on the default engine, which stops itself at
 *   the limit; a worker still busy at the hard limit (limit + 1 s) is terminated. (A storm
 *   where every worker is terminated needed an engine that cannot stop: logic-solver, removed
 *   after the engine benchmark; test/pool.test.ts covers that path with a worker that spins.)
 * Every storm block must get an outcome (none decided, none an error), and every process must
 * end by itself once its outcomes are in (a pool that leaves a worker running hangs it: the
 * cap `--cap` s kills it and the run says so).
 */
interface Run {
  readonly pool: PoolName;
  readonly result?: ChildResult;
  /** Whole process, seconds (start-up of Node and modules included). */
  readonly wall: number;
  readonly code: number | null;
  readonly capped: boolean;
  /** Seconds from the result line to the end of the process. */
  readonly exitAfter: number;
  readonly stderr: string;
  readonly load: number;
}

const WORKLOAD_PARTS = ['startup', 'verify', 'text', 'storm'] as const;
type Part = (typeof WORKLOAD_PARTS)[number];

async function child(pool: PoolName, workload: Workload, args: string[], capS: number): Promise<Run> {
  const script = join(packageRoot(), 'dist', 'bench', 'poolChild.js');
  const load = loadavg()[0]!;
  const started = performance.now();
  const p = spawn(process.execPath, [...CLI_NODE_FLAGS, script, pool, workload, ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  let resultAt = NaN;
  p.stdout.setEncoding('utf8').on('data', (s: string) => {
    stdout += s;
    if (stdout.includes('\n') && Number.isNaN(resultAt)) resultAt = performance.now();
  });
  p.stderr.setEncoding('utf8').on('data', (s: string) => {
    if (stderr.length < 1 << 14) stderr += s;
  });
  let capped = false;
  const timer = setTimeout(() => {
    capped = true;
    try {
      process.kill(-p.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, capS * 1000);
  const code = await new Promise<number | null>((resolve) => p.once('close', (c) => resolve(c)));
  clearTimeout(timer);
  const ended = performance.now();
  let result: ChildResult | undefined;
  try {
    result = JSON.parse(stdout.split('\n')[0]!) as ChildResult;
  } catch {
    result = undefined;
  }
  const run = { pool, result, wall: (ended - started) / 1000, code, capped, exitAfter: (ended - resultAt) / 1000, stderr, load };
  const ph = result ? Object.entries(result.phases).map(([k, v]) => `${k} ${secs(v.wall)} s wall / ${secs(v.cpu)} s CPU${v.wrong.length ? ` WRONG: ${v.wrong[0]}` : ''}`) : ['no result'];
  progress(`  ${pool} ${workload}: ${ph.join('; ')}; process ${secs(run.wall)} s, exit ${capped ? 'killed at the cap' : code}, load ${load.toFixed(1)}${stderr ? `; stderr: ${stderr.split('\n')[0]}` : ''}`);
  return run;
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '-');
const ms = (s: number): string => (Number.isFinite(s) ? (s * 1000).toFixed(0) : '-');
const pair = (xs: number[], fmt: (x: number) => string = secs): string => `${fmt(median(xs))} / ${fmt(max(xs))}`;

/** Runs' problems: no result, a wrong result, a process that did not end by itself. */
function problemsOf(runs: Run[], label: string): string[] {
  const out: string[] = [];
  for (const r of runs) {
    if (r.capped) out.push(`${label} ${r.pool}: the process did not end within the cap (hang)`);
    else if (!r.result) out.push(`${label} ${r.pool}: no result (exit ${r.code}: ${r.stderr.split('\n')[0]})`);
    else if (r.code !== 0) out.push(`${label} ${r.pool}: exit ${r.code}`);
    for (const [k, v] of Object.entries(r.result?.phases ?? {})) for (const w of v.wrong) out.push(`${label} ${r.pool} ${k}: ${w}`);
  }
  return out;
}

const phaseOf = (r: Run, name: string): Phase | undefined => r.result?.phases[name];
const byPool = (runs: Run[], pool: PoolName): Run[] => runs.filter((r) => r.pool === pool);

/** Per pool: median and max of wall and CPU of a phase, and the ratios of the medians to ours. */
function phaseRows(runs: Run[], name: string, extra: (rs: Run[]) => (string | number)[] = () => []): (string | number)[][] {
  const med = (pool: PoolName, f: (p: Phase) => number) => median(byPool(runs, pool).map((r) => phaseOf(r, name)).filter((p): p is Phase => !!p).map(f));
  return POOLS.map((pool) => {
    const ps = byPool(runs, pool).map((r) => phaseOf(r, name)).filter((p): p is Phase => !!p);
    const walls = ps.map((p) => p.wall);
    const cpus = ps.map((p) => p.cpu);
    const rss = byPool(runs, pool).map((r) => r.result?.rssMiB ?? NaN);
    return [
      pool,
      ps.length,
      pair(walls),
      pair(cpus),
      `${f3(med(pool, (p) => p.wall) / med('ours', (p) => p.wall))} / ${f3(med(pool, (p) => p.cpu) / med('ours', (p) => p.cpu))}`,
      median(rss).toFixed(0),
      ...extra(byPool(runs, pool)),
    ];
  });
}

const HEAD = ['pool', 'runs', 'wall s (median / max)', 'CPU s (median / max)', 'vs ours: wall / CPU (medians)', 'peak RSS MiB (median)'];

const endedBy = (rs: Run[]): string => {
  const bad = rs.filter((r) => r.capped || r.code !== 0 || !r.result).length;
  return bad ? `**${bad} of ${rs.length} did not**` : `yes (${rs.length}/${rs.length}; exit after the last outcome: ${pair(rs.map((r) => r.exitAfter), ms)} ms)`;
};

export async function main(args: string[]): Promise<void> {
  const opts = parseArgs(args, { part: 'value', write: 'flag', rounds: 'value', 'storm-rounds': 'value', limit: 'value', cap: 'value' });
  const num = (k: string, d: number) => {
    const v = opts.get(k);
    const n = typeof v === 'string' ? Number(v) : d;
    if (!(n > 0) || !Number.isInteger(n)) throw new Error(`--${k} takes a positive whole number`);
    return n;
  };
  const parts = typeof opts.get('part') === 'string' ? ((opts.get('part') as string).split(',') as Part[]) : [...WORKLOAD_PARTS];
  for (const p of parts) if (!WORKLOAD_PARTS.includes(p)) throw new Error(`unknown part "${p}"; parts: ${WORKLOAD_PARTS.join(', ')}`);
  const rounds = num('rounds', 3);
  const stormRounds = num('storm-rounds', 1);
  const limit = num('limit', 200);
  const capS = num('cap', 900);
  const startedAt = new Date();
  const load0 = loadavg()[0]!;
  const w0 = performance.now();
  const sections: string[] = [];
  const problems: string[] = [];

  /** `n` rounds of one workload, pools in a rotating order. */
  const measure = async (workload: Workload, n: number, childArgs: string[]): Promise<Run[]> => {
    const runs: Run[] = [];
    for (let round = 0; round < n; round++) {
      progress(`${workload}: round ${round + 1} of ${n}`);
      for (let k = 0; k < POOLS.length; k++) runs.push(await child(POOLS[(round + k) % POOLS.length]!, workload, childArgs, capS));
    }
    return runs;
  };

  if (parts.includes('startup')) {
    const runs = await measure('startup', rounds * 3, ['2']);
    problems.push(...problemsOf(runs, 'startup'));
    const first = (pool: PoolName) => byPool(runs, pool).map((r) => phaseOf(r, 'startup')?.first ?? NaN);
    const rows = POOLS.map((pool) => {
      const rs = byPool(runs, pool);
      return [
        pool,
        rs.length,
        pair(first(pool), ms),
        f3(median(first(pool)) / median(first('ours'))),
        pair(rs.map((r) => r.wall), ms),
        pair(rs.map((r) => r.result?.processCpu ?? NaN), ms),
        f3(median(rs.map((r) => r.result?.processCpu ?? NaN)) / median(byPool(runs, 'ours').map((r) => r.result?.processCpu ?? NaN))),
      ];
    });
    sections.push(
      [
        '### Start-up: the first result',
        '',
        'One 6x6 block that propagation leaves open (so it goes to a worker), 2 jobs. "first result": from making the pool to the block\'s outcome, in the process; ' +
          '"process": the whole child process (Node, module loading, the pool, the block, closing), wall and CPU. ' +
          'Our pool starts a worker when a task needs one (here one); piscina and tinypool start `minThreads` (here 2) at once.',
        '',
        markdownTable(['pool', 'runs', 'first result ms (median / max)', 'vs ours (medians)', 'process wall ms (median / max)', 'process CPU ms (median / max)', 'process CPU vs ours'], rows),
      ].join('\n'),
    );
  }

  if (parts.includes('verify')) {
    const runs = await measure('verify', rounds, ['2']);
    problems.push(...problemsOf(runs, 'verify'));
    sections.push(
      [
        '### Verify of every 4x4 picture (65,536 blocks)',
        '',
        'Clues only, 2 jobs; blocks that propagation settles (51,234) are answered in the calling thread by every pool, the other 14,302 go to the workers. ' +
          `Checked: ${'52,362'} unique (the count of clue classes with one picture), the rest multiple.`,
        '',
        markdownTable([...HEAD, 'verdicts'], phaseRows(runs, 'verify', (rs) => [rs.every((r) => r.result?.phases.verify?.wrong.length === 0) ? 'right' : '**WRONG**'])),
      ].join('\n'),
    );
  }

  if (parts.includes('text')) {
    const runs = await measure('text', rounds, ['2']);
    problems.push(...problemsOf(runs, 'text'));
    const digests = new Set(runs.map((r) => r.result?.phases.encrypt?.digest).filter((d) => d));
    if (digests.size > 1) problems.push(`text: the pools' annotations differ (${[...digests].join(', ')})`);
    sections.push(
      [
        '### 1 MB of English: encrypt and decrypt (8,000 blocks of 25x25)',
        '',
        'Frequency table, receiver `unique`, budget 10 s per block, 2 jobs; encrypt runs the annotate tasks (pictures that propagation solves alone are answered in the calling thread), ' +
          'decrypt the solve tasks of the encrypted blocks on a fresh pool. Each phase includes making and closing its pool. ' +
          `Every pool gave the same annotations in every run: ${digests.size === 1 ? 'yes' : '**no**'}; every decrypt gave every picture back: ${runs.every((r) => r.result?.phases.decrypt?.wrong.length === 0) ? 'yes' : '**no**'}.`,
        '',
        markdownTable(['phase', ...HEAD], [...phaseRows(runs, 'encrypt').map((r) => ['encrypt', ...r]), ...phaseRows(runs, 'decrypt').map((r) => ['decrypt', ...r])]),
      ].join('\n'),
    );
  }

  const stormSection = (title: string, about: string, runs: Run[], blocks: number) => {
    const outcomes = (rs: Run[]) => {
      const t: Record<string, number> = {};
      for (const r of rs) for (const [k, v] of Object.entries(r.result?.phases.storm?.outcomes ?? {})) t[k] = (t[k] ?? 0) + v;
      return Object.entries(t)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
    };
    const every = (rs: Run[]) => (rs.every((r) => r.result?.phases.storm?.wrong.length === 0) ? `yes (${blocks} of ${blocks} in each run)` : '**no**');
    return [title, '', about, '', markdownTable([...HEAD, 'outcomes (all runs)', 'every block an outcome, none decided', 'process ended by itself'], phaseRows(runs, 'storm', (rs) => [outcomes(rs), every(rs), endedBy(rs)]))].join('\n');
  };

  if (parts.includes('storm')) {
    const runs = await measure('storm', stormRounds, ['2', String(limit), 'default', '200']);
    problems.push(...problemsOf(runs, 'storm'));
    sections.push(
      stormSection(
        `### Time-out storm: 200 hard blocks, time limit ${limit} ms, default engine`,
        `Clues of random 60x60 pictures (density 0.5, seeds 1-200), 2 jobs, \`timeoutMs ${limit}\`. The engine (MiniSat) stops at the limit by itself: \`unknown\`; ` +
          `a block still running at the hard limit (the limit plus 1 s: encoding and propagation do not watch the clock) has its worker terminated and replaced: \`timeout\`. ` +
          'Which blocks pass the hard limit depends on the load, not on the pool.',
        runs,
        200,
      ),
    );
  }

  const body = [
    '## pool: our WorkerPool against piscina and tinypool',
    '',
    `Run ${startedAt.toISOString()} (${secs((performance.now() - w0) / 1000)} s); machine: ${machine()}. Load average (1 min) ${load0.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end ` +
      `(other work shares the cores: read the ratios, and CPU before wall). Code: ${codeVersion()}. Command: \`${commandLine('pool', args)}\` (after \`npm run build\`).`,
    '',
    'Each pool runs behind our `BlockRunner` (bench/poolAdapters.ts: piscina 5 and tinypool 2 in adapters that keep our rules: propagation-settled blocks in the calling thread, ' +
      'at most 8 tasks in flight per job, outcomes in order, the hard limit counted from when a worker starts the task, cancellation through an AbortSignal, which terminates the worker). ' +
      'Each measurement is a fresh process (bench/poolChild.ts); CPU is `process.cpuUsage()` of that process, worker threads included. ' +
      `Rounds: ${rounds} (start-up ${rounds * 3}), storms ${stormRounds}; the pools' order rotates each round.`,
    '',
    ...sections.flatMap((s) => [s, '']),
    ...(problems.length ? ['**Problems:**', '', ...problems.map((p) => `- ${p}`), ''] : []),
  ].join('\n');
  process.stdout.write(`${body}\n`);
  if (opts.get('write')) progress(`wrote section "pool" of ${writeSection('pool', body)}`);
  if (problems.length) process.exitCode = 1;
}
