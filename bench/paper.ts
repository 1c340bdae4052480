import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { ReceiverModel } from '../src/annotate/ReceiverModel.js';
import { messageGrids } from '../src/cipher/encrypt.js';
import { BUILTIN_TABLES, builtinTable, type BuiltinTableName } from '../src/cipher/Table.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { here } from './harness/commands.js';
import { machine, packageRoot, progress, resultsPage, writeSection, writeWhole } from './harness/doc.js';
import { flag, ints, list, num, str, whole } from './harness/flags.js';
import { groupBy, markdownTable, max, mean, median, sum, table, type Column } from './harness/stats.js';
import { defineSuite, part, prose } from './harness/suite.js';
import { DEFAULT_SEED, drawExcerpts, type Excerpt } from './paperCorpus.js';
import { runAuto, autoReport, type AutoRecord } from './paperAuto.js';
import { paperCharts } from './paperCharts.js';
import { load1, runJobs, type Job, type SweepRecord } from './paperSweep.js';

/**
 * The paper's experiment (SPEC section 8), reproduced and extended: `--messages` 100-character
 * excerpts of the Brown corpus (bench/paperCorpus.ts, fixed seed), each encrypted at every board
 * side of `--sizes` with every table and receiver, two messages' blocks at a time through the
 * worker pool (`--jobs`). `--budget` is the minimality budget per message in seconds, divided
 * evenly among its blocks (at least `--block-floor` each); `--limit` is the hard limit per block
 * (bench/paperSweep.ts says what happens to a killed block).
 *
 * Results are cached in `--results` (default bench/results/paper.json), one record per
 * (message, table, receiver, n); a run computes only what is missing (or everything with
 * `--force`), so subsets can be run separately and the report made again with `--report-only`.
 * `--write` writes the generated sections of docs/results/paper.md and paper-tables.md and the plots in docs/plots/.
 * `--auto` runs `chooseBoard` (the library's `--size auto`) on the first `--auto-messages`
 * messages and caches and reports that too. `--section NAME` writes the results table to the
 * `NAME:results` markers instead (for a second cache), leaving the plots and the other sections.
 */
export interface Cache {
  format: 1;
  seed: number;
  messages: Excerpt[];
  records: SweepRecord[];
  auto: AutoRecord[];
  runs: { started: string; args: string[]; wallS: number; jobsRun: number; load: number[]; machine: string }[];
}

const RECEIVERS: readonly ReceiverModel[] = ['unique', 'logic'];

export const keyOf = (r: { msg: number; table: string; receiver: string; n: number }): string => `${r.table}/${r.receiver}/${r.n}/${r.msg}`;

function loadCache(file: string, seed: number, messages: Excerpt[]): Cache {
  const fresh: Cache = { format: 1, seed, messages, records: [], auto: [], runs: [] };
  if (!existsSync(file)) return fresh;
  const c = JSON.parse(readFileSync(file, 'utf8')) as Cache;
  if (c.format !== 1 || c.seed !== seed) {
    progress(`${file}: different seed or format; starting a new cache`);
    return fresh;
  }
  // Messages are drawn deterministically: the first k of a larger draw are the same.
  const known = new Map(c.messages.map((m) => [m.id, m.text]));
  for (const m of messages) {
    const t = known.get(m.id);
    if (t !== undefined && t !== m.text) throw new Error(`${file}: message ${m.id} differs from this draw; delete the cache or pass another --results`);
  }
  const merged = [...c.messages];
  for (const m of messages) if (!known.has(m.id)) merged.push(m);
  merged.sort((a, b) => a.id - b.id);
  return { ...c, messages: merged, auto: c.auto ?? [] };
}

export function saveCache(file: string, c: Cache): void {
  const records = [...c.records].sort((a, b) => keyOf(a).localeCompare(keyOf(b), 'en', { numeric: true }));
  // One record per line keeps the file diffable and small; written whole, a crash never leaves half a cache.
  const list = (k: string, xs: readonly unknown[]) => `  "${k}": [\n${xs.map((x) => `    ${JSON.stringify(x)}`).join(',\n')}\n  ]`;
  writeWhole(file, `{\n  "format": 1,\n  "seed": ${c.seed},\n${[list('messages', c.messages), list('runs', c.runs), list('auto', c.auto), list('records', records)].join(',\n')}\n}\n`);
}

export const suite = defineSuite({
  about: "the paper's experiment: 50 Brown-corpus messages, n = 1..35, both tables and receivers; --size auto (--write updates docs/results/paper.md and paper-tables.md)",
  flags: {
    sizes: ints(Array.from({ length: 35 }, (_, i) => i + 1), 'board sides, 1..35'),
    messages: whole(50, 'messages'),
    tables: list([...BUILTIN_TABLES], 'tables', BUILTIN_TABLES),
    receivers: list([...RECEIVERS], 'receivers', RECEIVERS),
    budget: num(1, 'minimality budget per message, s'),
    limit: num(10, 'hard limit per block, s'),
    'block-floor': num(0.5, 'least budget per block, s'),
    jobs: whole(2, 'worker threads'),
    seed: whole(DEFAULT_SEED, 'seed of the draw', 0),
    results: str(undefined, 'the results cache (default bench/results/paper.json)'),
    force: flag('run again what the cache holds'),
    'report-only': flag('run nothing: the report from the cache'),
    auto: flag('also run --size auto on the first messages'),
    'auto-messages': whole(10, 'messages for --auto'),
    'auto-budget': num(5, 'budget of --auto, s'),
    'auto-receivers': list([...RECEIVERS], 'receivers of --auto', RECEIVERS),
    section: str('paper', 'the section of the results table (docs/results/paper-tables.md)'),
  },
  title: () => "paper: the paper's experiment",
  parts: (o) => {
    const sizes = [...new Set(o.sizes.filter((n) => n >= 1 && n <= 35))].sort((x, y) => x - y);
    if (!sizes.length) throw new Error('--sizes names no side in 1..35');
    const file = resolve(o.results ?? join(packageRoot(), 'bench', 'results', 'paper.json'));
    const messages = drawExcerpts(o.messages, o.seed);
    const cache = loadCache(file, o.seed, messages);
    const have = new Set(cache.records.map(keyOf));
    // Cheap combinations first (the frequency table), the classic table at large n last; batches of
    // up to 5 sides of one (table, receiver), the cache saved after each.
    const todo = o['report-only'] ? [] : [...o.tables].sort((a, b) => (a === 'frequency' ? -1 : 0) - (b === 'frequency' ? -1 : 0)).flatMap((table) => o.receivers.flatMap((receiver) => sizes.flatMap((n) => messages.map((msg): Job => ({ msg, table, receiver, n })))))
      .filter((j) => o.force || !have.has(keyOf({ msg: j.msg.id, table: j.table, receiver: j.receiver, n: j.n })));
    const batches: Job[][] = [];
    for (const j of todo) {
      const h = batches[batches.length - 1]?.[0];
      if (h && h.table === j.table && h.receiver === j.receiver && Math.floor((h.n - 1) / 5) === Math.floor((j.n - 1) / 5)) batches[batches.length - 1]!.push(j);
      else batches.push([j]);
    }
    const t0 = performance.now();
    const run = { started: new Date().toISOString(), args: process.argv.slice(3), wallS: 0, jobsRun: 0, load: [load1()], machine: machine() };
    if (batches.length) cache.runs.push(run);
    progress(`paper: ${todo.length} message encryptions to run (budget ${o.budget} s/message, floor ${o['block-floor']} s/block, limit ${o.limit} s/block, ${o.jobs} jobs), cache ${file}`);
    const report = () => sweepReport(file, cache, messages.map((m) => m.id), sizes, o.tables, o.receivers);
    return [
      part({
        name: 'sweep',
        inputs: batches,
        commands: [here('encrypt', (batch: Job[]) => runJobs(batch, { jobs: o.jobs, budgetMs: o.budget * 1000, blockFloorMs: o['block-floor'] * 1000, limitMs: o.limit * 1000, fallbackLimitMs: 60_000, verifyLimitMs: 120_000 }))],
        progress: (r) => {
          const done = new Set(r.value.value.map(keyOf));
          cache.records = cache.records.filter((x) => !done.has(keyOf(x))).concat(r.value.value);
          Object.assign(run, { jobsRun: run.jobsRun + r.value.value.length, wallS: Math.round(performance.now() - t0) / 1000 });
          run.load.push(load1());
          saveCache(file, cache);
          const h = r.input[0]!;
          return `${h.table}/${h.receiver} n=${h.n}..${r.input[r.input.length - 1]!.n}: ${r.value.value.length} messages in ${r.value.wall.toFixed(1)} s (unproven ${r.value.value.filter((x) => x.unproven > 0).length}, killed blocks ${r.value.value.reduce((a, x) => a + x.killed, 0)}, not verified ${r.value.value.filter((x) => x.valid !== true).length}); total ${run.wallS.toFixed(0)} s, load ${load1()}`;
        },
        views: () => [],
      }),
      part({
        name: 'auto',
        inputs: o.auto ? [cache.messages.slice(0, o['auto-messages'])] : [],
        commands: [here('auto', (ms: Excerpt[]) => runAuto(ms, o['auto-receivers'], o['auto-budget'] * 1000))],
        progress: (r) => {
          const keys = new Set(r.value.value.map((x) => `${x.msg}/${x.receiver}/${x.budgetS}`));
          cache.auto = cache.auto.filter((x) => !keys.has(`${x.msg}/${x.receiver}/${x.budgetS}`)).concat(r.value.value);
          saveCache(file, cache);
          return `auto: ${r.value.value.length} records`;
        },
        views: () => [prose(autoReport(cache))],
      }),
      part({ name: 'results', inputs: [], commands: [], views: () => ((plotRows = report().rows), [prose(report().markdown)]) }),
      part({ name: 'statements', inputs: [], commands: [], views: () => [prose(report().statements)] }),
    ];
  },
  write: (o, _body, parts) => {
    // Each section goes to the results page that holds it (a new one to paper-tables.md).
    const tables = writeSection(resultsPage(`${o.section}:results`, 'paper-tables.md'), `${o.section}:results`, parts.get('results') ?? '', '# Experiments\n');
    if (o.section !== 'paper') return `${tables} (section ${o.section})`;
    const statements = writeSection(resultsPage('paper:statements', 'paper.md'), 'paper:statements', parts.get('statements') ?? '');
    writeSection(resultsPage('paper:auto', 'paper-tables.md'), 'paper:auto', parts.get('auto') ?? '');
    mkdirSync(join(packageRoot(), 'docs', 'plots'), { recursive: true });
    for (const [name, svg] of Object.entries(paperCharts(plotRows))) writeFileSync(join(packageRoot(), 'docs', 'plots', name), svg);
    return `${statements}, ${tables} and docs/plots/`;
  },
});

/** The sweep rows the plots are drawn from (set when the report is made). */
let plotRows: Row[] = [];

export interface Row {
  readonly table: BuiltinTableName;
  readonly receiver: ReceiverModel;
  readonly n: number;
  readonly messages: number;
  readonly blocks: number;
  readonly clue: number;
  readonly ann: number;
  readonly total: number;
  readonly file: number;
  readonly cells: number;
  readonly medianS: number;
  readonly maxS: number;
  /** Messages whose every block is proven minimal. */
  readonly proven: number;
  readonly killed: number;
  readonly lastResort: number;
  /** Messages verified (decoded back, line-solvable for logic). */
  readonly valid: number;
}

const f1 = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : '-');
const fs2 = (s: number): string => (s >= 10 ? s.toFixed(1) : s >= 1 ? s.toFixed(2) : s.toFixed(3));

export function aggregate(cache: Cache, ids: readonly number[], sizes: readonly number[], tables: readonly BuiltinTableName[], receivers: readonly ReceiverModel[]): Row[] {
  const want = new Set(ids);
  const groups = new Map(groupBy(cache.records.filter((r) => want.has(r.msg)), (r) => `${r.table}/${r.receiver}/${r.n}`).map((g) => [`${g[0]!.table}/${g[0]!.receiver}/${g[0]!.n}`, g]));
  return tables.flatMap((table) => receivers.flatMap((receiver) => sizes.flatMap((n): Row[] => {
    const rs = groups.get(`${table}/${receiver}/${n}`);
    if (!rs) return [];
    const avg = (f: (r: SweepRecord) => number) => mean(rs.map(f));
    const t = rs.map((r) => r.ms / 1000);
    return [{ table, receiver, n, messages: rs.length, blocks: rs[0]!.blocks, clue: avg((r) => r.clueChars), ann: avg((r) => r.annChars), total: avg((r) => r.clueChars + r.annChars), file: avg((r) => r.fileChars), cells: avg((r) => r.cells),
      medianS: median(t), maxS: max(t), proven: rs.filter((r) => r.unproven === 0).length, killed: sum(rs.map((r) => r.killed)), lastResort: sum(rs.map((r) => r.lastResort)), valid: rs.filter((r) => r.valid === true).length }];
  })));
}

/** The results file as shown in the report: relative to the package when inside it. */
function resultsName(file: string): string {
  const rel = relative(packageRoot(), file);
  if (!rel.startsWith('..')) return rel;
  // Run from a copy of the build (e.g. a snapshot of dist/): show it as if in bench/results/.
  return dirname(file).endsWith(join('bench', 'results')) ? join('bench', 'results', basename(file)) : file;
}

export function sweepReport(
  file: string,
  cache: Cache,
  ids: readonly number[],
  sizes: readonly number[],
  tables: readonly BuiltinTableName[],
  receivers: readonly ReceiverModel[],
): { markdown: string; statements: string; rows: Row[] } {
  const rows = aggregate(cache, ids, sizes, tables, receivers);
  const out: string[] = [];
  const budgets = [...new Set(cache.records.filter((r) => ids.includes(r.msg)).map((r) => r.budgetS))];
  const runs = cache.runs;
  const floors = [...new Set(cache.records.filter((r) => ids.includes(r.msg)).map((r) => r.floorS))];
  const limits = [...new Set(cache.records.filter((r) => ids.includes(r.msg)).map((r) => r.limitS))];
  const wall = runs.reduce((a, r) => a + r.wallS, 0);
  const loads = runs.flatMap((r) => r.load);
  out.push(
    `Generated by \`npm run bench -- paper --write\` from ${cache.records.length} cached message encryptions ` +
      `(${resultsName(file)}; ${ids.length} messages, seed ${cache.seed}). ` +
      `Minimality budget: ${budgets.map((b) => `${b} s`).join(', ')} per message, divided evenly among its blocks ` +
      `but at least ${floors.map((b) => `${b} s`).join(', ')} per block; a block still running at the hard limit ` +
      `(${limits.map((b) => `${b} s`).join(', ')}) is stopped and re-run with budget 0. ` +
      `Sweep wall time: ${(wall / 60).toFixed(1)} min over ${runs.length} run(s) ` +
      `(1-minute load average during the runs: ${loads.length ? `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}` : '-'} on ${runs[0]?.machine ?? machine()}; ` +
      `other work shared the machine).`,
  );
  out.push('');
  out.push(
    'Columns: **clue** = clue symbols (commas not counted, `0` of an empty line counted), **ann** = annotation ' +
      'symbols (`X` not counted; 2 per cell), **total** = clue + ann (the paper\'s measure), **file** = characters ' +
      'of the whole ciphertext file (header, commas, `X`, newlines: what the user gets), **cells** = annotated cells; ' +
      'all means per message. **time** = encryption time per message (sum of its blocks\' minimizer times), median ' +
      'and max. **proven** = messages whose every annotation is proved smallest; **killed** = blocks stopped at the hard ' +
      'limit and annotated by the fallback; **ok** = messages that decode back (line-solvable for `logic`).',
  );
  const of = (n: number, m: number) => (n === m ? `${n}/${m}` : `**${n}/${m}**`);
  for (const [t, rcv] of tables.flatMap((t) => receivers.map((rcv) => [t, rcv] as const))) {
    const rs = rows.filter((r) => r.table === t && r.receiver === rcv);
    if (rs.length) out.push('', `#### ${t} table, ${rcv} receiver`, '', table(rs, [
      ['n', (r) => r.n], ['blocks', (r) => r.blocks], ...(['clue', 'ann', 'total', 'file', 'cells'] as const).map((k): Column<Row> => [k, (r) => f1(r[k])]),
      ['time median s', (r) => fs2(r.medianS)], ['time max s', (r) => fs2(r.maxS)], ['proven', (r) => of(r.proven, r.messages)], ['killed', (r) => r.killed + (r.lastResort ? ` (${r.lastResort} last resort)` : '')], ['ok', (r) => of(r.valid, r.messages)],
    ]));
  }
  return {
    markdown: out.join('\n'),
    statements: statements(rows, cache.records.filter((r) => ids.includes(r.msg)), emptyLines(cache.messages.filter((m) => ids.includes(m.id)))),
    rows,
  };
}

/**
 * All-white lines per (table, n, message) for n = 1..8: their clue is the one character `0`,
 * which the main measure counts. The paper's statement that classic is shorter than frequency
 * at every n <= 8, n = 1 included, can only hold if it did not count them (at n = 1 both tables
 * give every cell two one-character clues), so the check is also made without them. No solving:
 * clues depend on the pictures only.
 */
function emptyLines(messages: readonly Excerpt[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const table of BUILTIN_TABLES) {
    for (let n = 1; n <= 8; n++) {
      for (const m of messages) {
        let z = 0;
        for (const g of messageGrids(m.text, { size: n, table: builtinTable(table) }).grids) {
          const p = puzzleOf(g);
          for (const c of [...p.rows, ...p.cols]) if (c.length === 0) z++;
        }
        out.set(`${table}/${n}/${m.id}`, z);
      }
    }
  }
  return out;
}

/** The numbers behind each statement of SPEC section 8. */
function statements(rows: readonly Row[], records: readonly SweepRecord[], zeros: Map<string, number>): string {
  const totalOf = new Map(records.map((r) => [keyOf(r), r.clueChars + r.annChars]));
  const z = (t: string, n: number, msg: number) => zeros.get(`${t}/${n}/${msg}`) ?? 0;
  /** Mean total without the `0` of all-white lines. */
  const noZero = (t: string, rcv: string, n: number): string => {
    const rs = records.filter((r) => r.table === t && r.receiver === rcv && r.n === n);
    return rs.length ? f1(mean(rs.map((r) => r.clueChars + r.annChars - z(t, n, r.msg)))) : '-';
  };
  const compare = (rcv: string, n: number, withZeros: boolean): string => {
    let shorter = 0;
    let equal = 0;
    let longer = 0;
    for (const rec of records) {
      if (rec.table !== 'frequency' || rec.receiver !== rcv || rec.n !== n) continue;
      const b = totalOf.get(keyOf({ msg: rec.msg, table: 'classic', receiver: rcv, n }));
      if (b === undefined) continue;
      const a = rec.clueChars + rec.annChars - (withZeros ? 0 : z('frequency', n, rec.msg));
      const c = b - (withZeros ? 0 : z('classic', n, rec.msg));
      if (a < c) shorter++;
      else if (a === c) equal++;
      else longer++;
    }
    return `${shorter} / ${equal} / ${longer}`;
  };
  const get = (t: string, rcv: string, n: number) => rows.find((r) => r.table === t && r.receiver === rcv && r.n === n);
  const out: string[] = [];
  for (const rcv of RECEIVERS) {
    const c = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => get('classic', rcv, n));
    const f = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => get('frequency', rcv, n));
    if (c.some((r) => !r)) continue;
    out.push(`**${rcv} receiver.**`, '');
    out.push(
      markdownTable(
        ['n', ...c.map((r) => String(r!.n))],
        [
          ['classic total', ...c.map((r) => f1(r!.total))],
          ['classic ann (cells)', ...c.map((r) => `${f1(r!.ann)} (${f1(r!.cells)})`)],
          ...(f.every((r) => r)
            ? [
                ['frequency total', ...f.map((r) => f1(r!.total))],
                ['frequency ann', ...f.map((r) => f1(r!.ann))],
                ['messages: frequency shorter / equal / longer', ...f.map((r) => compare(rcv, r!.n, true))],
                ['classic total without empty-line 0s', ...c.map((r) => noZero('classic', rcv, r!.n))],
                ['frequency total without empty-line 0s', ...f.map((r) => noZero('frequency', rcv, r!.n))],
                ['same, messages: frequency shorter / equal / longer', ...f.map((r) => compare(rcv, r!.n, false))],
              ]
            : []),
        ],
      ),
    );
    const fr = rows.filter((r) => r.table === 'frequency' && r.receiver === rcv && r.n >= 5 && r.n <= 25);
    if (fr.length) {
      out.push(
        '',
        `frequency, n = 5..25: annotation mean ${f1(Math.min(...fr.map((r) => r.ann)))}..${f1(Math.max(...fr.map((r) => r.ann)))} characters; ` +
          `slowest message ${fs2(Math.max(...fr.map((r) => r.maxS)))} s; median time up to ${fs2(Math.max(...fr.map((r) => r.medianS)))} s.`,
      );
    }
    const best = (t: string) => rows.filter((r) => r.table === t && r.receiver === rcv).reduce<Row | undefined>((a, r) => (!a || r.total < a.total ? r : a), undefined);
    const bestFile = (t: string) => rows.filter((r) => r.table === t && r.receiver === rcv).reduce<Row | undefined>((a, r) => (!a || r.file < a.file ? r : a), undefined);
    for (const t of ['classic', 'frequency']) {
      const b = best(t);
      const bf = bestFile(t);
      if (b && bf) out.push('', `${t}: shortest mean total ${f1(b.total)} at n = ${b.n}; shortest mean file ${f1(bf.file)} at n = ${bf.n}.`);
    }
    out.push('');
  }
  return out.join('\n');
}

