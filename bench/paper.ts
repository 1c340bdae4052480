import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { ReceiverModel } from '../src/annotate/ReceiverModel.js';
import { messageGrids } from '../src/cipher/encrypt.js';
import { BUILTIN_TABLES, builtinTable, type BuiltinTableName } from '../src/cipher/Table.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { machine, markdownTable, median, parseArgs, progress } from './common.js';
import { DEFAULT_SEED, drawExcerpts, type Excerpt } from './paperCorpus.js';
import { runAuto, autoReport, type AutoRecord } from './paperAuto.js';
import { paperCharts } from './paperCharts.js';
import { load1, runJobs, type Job, type SweepRecord } from './paperSweep.js';

/**
 * The paper's experiment (SPEC section 8), reproduced and extended:
 *
 *   npm run bench -- paper [--sizes 1-35] [--messages 50] [--tables classic,frequency]
 *                          [--receivers unique,logic] [--budget 1] [--limit 10] [--jobs 2]
 *                          [--seed N] [--results FILE] [--force] [--report-only] [--write]
 *                          [--auto] [--auto-messages 10] [--auto-budget 5] [--section paper]
 *
 * Draws `--messages` 100-character excerpts of the Brown corpus (bench/paperCorpus.ts, fixed
 * seed) and encrypts each at every board side of `--sizes` with every table and receiver, two
 * messages' blocks at a time through the worker pool (`--jobs`). `--budget` is the minimality
 * budget per message in seconds, divided evenly among the message's blocks; `--limit` is the
 * hard limit per block in seconds (see bench/paperSweep.ts for what happens to a killed block).
 *
 * Results are cached in `--results` (default bench/results/paper.json), one record per
 * (message, table, receiver, n); a run computes only what is missing (or everything with
 * `--force`), so subsets can be run separately and the report regenerated with
 * `--report-only`. `--write` writes the generated sections of docs/EXPERIMENTS.md and the
 * plots in docs/plots/. `--auto` runs `chooseBoard` (the library's `--size auto`) on the first
 * `--auto-messages` messages and caches and reports that too. `--section NAME` writes the
 * results table to the `NAME:results` markers instead (for a second cache, e.g. a subset with
 * a larger budget), without touching the plots and the other sections.
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

function parseSizes(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw new Error(`bad --sizes "${spec}"; expected e.g. 1-35 or 8,12,16`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    for (let n = a; n <= b; n++) if (n >= 1 && n <= 35 && !out.includes(n)) out.push(n);
  }
  if (out.length === 0) throw new Error(`--sizes "${spec}" names no side in 1..35`);
  return out.sort((x, y) => x - y);
}

function parseList<T extends string>(spec: string | undefined, all: readonly T[], what: string): T[] {
  if (spec === undefined) return [...all];
  const items = spec.split(',').map((s) => s.trim());
  for (const i of items) if (!(all as readonly string[]).includes(i)) throw new Error(`unknown ${what} "${i}"; known: ${all.join(', ')}`);
  return items as T[];
}

export function packageDir(): string {
  // bench/paper.ts or dist/bench/paper.js -> the package root (nearest package.json).
  let dir = dirname(new URL(import.meta.url).pathname);
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('no package.json above bench/paper');
    dir = up;
  }
  return dir;
}

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
  mkdirSync(dirname(file), { recursive: true });
  const records = [...c.records].sort((a, b) => keyOf(a).localeCompare(keyOf(b), 'en', { numeric: true }));
  // One record per line keeps the file diffable and small.
  const body = [
    '{',
    `  "format": 1,`,
    `  "seed": ${c.seed},`,
    `  "messages": [\n${c.messages.map((m) => `    ${JSON.stringify(m)}`).join(',\n')}\n  ],`,
    `  "runs": [\n${c.runs.map((r) => `    ${JSON.stringify(r)}`).join(',\n')}\n  ],`,
    `  "auto": [\n${c.auto.map((r) => `    ${JSON.stringify(r)}`).join(',\n')}\n  ],`,
    `  "records": [\n${records.map((r) => `    ${JSON.stringify(r)}`).join(',\n')}\n  ]`,
    '}',
  ].join('\n');
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, `${body}\n`);
  // rename is atomic: a crash never leaves half a cache.
  renameSync(tmp, file);
}

export async function main(args: string[]): Promise<void> {
  const opts = parseArgs(args, {
    sizes: 'value',
    messages: 'value',
    tables: 'value',
    receivers: 'value',
    budget: 'value',
    limit: 'value',
    jobs: 'value',
    seed: 'value',
    results: 'value',
    force: 'flag',
    'report-only': 'flag',
    write: 'flag',
    auto: 'flag',
    'auto-messages': 'value',
    'auto-budget': 'value',
    'auto-receivers': 'value',
    'block-floor': 'value',
    section: 'value',
  });
  const num = (k: string, d: number) => {
    const v = opts.get(k);
    if (v === undefined) return d;
    const x = Number(v);
    if (!Number.isFinite(x) || x < 0) throw new Error(`--${k} needs a non-negative number, got "${String(v)}"`);
    return x;
  };
  const sizes = parseSizes((opts.get('sizes') as string | undefined) ?? '1-35');
  const count = num('messages', 50);
  const tables = parseList(opts.get('tables') as string | undefined, BUILTIN_TABLES, 'table');
  const receivers = parseList(opts.get('receivers') as string | undefined, RECEIVERS, 'receiver');
  const budgetS = num('budget', 1);
  const limitS = num('limit', 10);
  const floorS = num('block-floor', 0.5);
  const jobs = num('jobs', 2);
  const seed = num('seed', DEFAULT_SEED);
  const root = packageDir();
  const file = resolve((opts.get('results') as string | undefined) ?? join(root, 'bench', 'results', 'paper.json'));
  const messages = drawExcerpts(count, seed);
  const cache = loadCache(file, seed, messages);

  if (!opts.has('report-only')) {
    const have = new Set(cache.records.map(keyOf));
    const todo: Job[] = [];
    // Cheap combinations first; the classic table at large n last.
    const order = [...tables].sort((a, b) => (a === 'frequency' ? -1 : 0) - (b === 'frequency' ? -1 : 0));
    for (const table of order) {
      for (const receiver of receivers) {
        for (const n of sizes) {
          for (const msg of messages) {
            const job = { msg, table, receiver, n };
            if (opts.has('force') || !have.has(keyOf({ msg: msg.id, table, receiver, n }))) todo.push(job);
          }
        }
      }
    }
    const started = new Date();
    const t0 = performance.now();
    const load: number[] = [load1()];
    progress(`paper: ${todo.length} message encryptions to run (budget ${budgetS} s/message, floor ${floorS} s/block, limit ${limitS} s/block, ${jobs} jobs), cache ${file}`);
    // Batches of up to 5 sizes of one (table, receiver): results are saved after each batch.
    const batches: Job[][] = [];
    for (const j of todo) {
      const last = batches[batches.length - 1];
      const head = last?.[0];
      if (last && head && head.table === j.table && head.receiver === j.receiver && Math.floor((head.n - 1) / 5) === Math.floor((j.n - 1) / 5)) last.push(j);
      else batches.push([j]);
    }
    const run = { started: started.toISOString(), args, wallS: 0, jobsRun: 0, load, machine: machine() };
    cache.runs.push(run);
    for (const batch of batches) {
      const b0 = performance.now();
      const records = await runJobs(batch, {
        jobs,
        budgetMs: budgetS * 1000,
        blockFloorMs: floorS * 1000,
        limitMs: limitS * 1000,
        fallbackLimitMs: 60_000,
        verifyLimitMs: 120_000,
      });
      const done = new Set(records.map(keyOf));
      cache.records = cache.records.filter((r) => !done.has(keyOf(r))).concat(records);
      run.jobsRun += records.length;
      run.wallS = Math.round(performance.now() - t0) / 1000;
      load.push(load1());
      saveCache(file, cache);
      const h = batch[0]!;
      const bad = records.filter((r) => r.valid !== true).length;
      const unproven = records.filter((r) => r.unproven > 0).length;
      progress(
        `  ${h.table}/${h.receiver} n=${batch[0]!.n}..${batch[batch.length - 1]!.n}: ${records.length} messages in ${((performance.now() - b0) / 1000).toFixed(1)} s` +
          ` (unproven ${unproven}, killed blocks ${records.reduce((a, r) => a + r.killed, 0)}, not verified ${bad}); total ${run.wallS.toFixed(0)} s, load ${load1()}`,
      );
    }
    progress(`paper: done in ${run.wallS.toFixed(1)} s`);
  }

  if (opts.has('auto')) {
    const autoCount = num('auto-messages', 10);
    const autoBudget = num('auto-budget', 5);
    const autoReceivers = parseList(opts.get('auto-receivers') as string | undefined, RECEIVERS, 'receiver');
    const recs = await runAuto(cache.messages.slice(0, autoCount), autoReceivers, autoBudget * 1000);
    const keys = new Set(recs.map((r) => `${r.msg}/${r.receiver}/${r.budgetS}`));
    cache.auto = cache.auto.filter((r) => !keys.has(`${r.msg}/${r.receiver}/${r.budgetS}`)).concat(recs);
    saveCache(file, cache);
  }

  const report = sweepReport(file, cache, messages.map((m) => m.id), sizes, tables, receivers);
  const auto = autoReport(cache);
  process.stdout.write(`${report.markdown}\n\n${auto}\n`);
  if (opts.has('write')) {
    const doc = join(root, 'docs', 'EXPERIMENTS.md');
    const section = (opts.get('section') as string | undefined) ?? 'paper';
    writeSectionIn(doc, `${section}:results`, report.markdown);
    if (section === 'paper') {
      writeSectionIn(doc, 'paper:statements', report.statements);
      writeSectionIn(doc, 'paper:auto', auto);
      const plots = join(root, 'docs', 'plots');
      mkdirSync(plots, { recursive: true });
      for (const [name, svg] of Object.entries(paperCharts(report.rows))) writeFileSync(join(plots, name), svg);
    }
    progress(`wrote ${doc}${section === 'paper' ? ' and docs/plots/' : ` (section ${section})`}`);
  }
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` in `file`. */
export function writeSectionIn(file: string, name: string, body: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Experiments\n';
  const section = `${start}\n${body.trim()}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i >= 0 && j > i) text = text.slice(0, i) + section + text.slice(j + end.length);
  else text = `${text.trimEnd()}\n\n${section}\n`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

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

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const f1 = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : '-');
const fs2 = (s: number): string => (s >= 10 ? s.toFixed(1) : s >= 1 ? s.toFixed(2) : s.toFixed(3));

export function aggregate(cache: Cache, ids: readonly number[], sizes: readonly number[], tables: readonly BuiltinTableName[], receivers: readonly ReceiverModel[]): Row[] {
  const want = new Set(ids);
  const by = new Map<string, SweepRecord[]>();
  for (const r of cache.records) {
    if (!want.has(r.msg)) continue;
    const k = `${r.table}/${r.receiver}/${r.n}`;
    let a = by.get(k);
    if (!a) by.set(k, (a = []));
    a.push(r);
  }
  const rows: Row[] = [];
  for (const table of tables) {
    for (const receiver of receivers) {
      for (const n of sizes) {
        const rs = by.get(`${table}/${receiver}/${n}`);
        if (!rs || rs.length === 0) continue;
        const secs = rs.map((r) => r.ms / 1000);
        rows.push({
          table,
          receiver,
          n,
          messages: rs.length,
          blocks: rs[0]!.blocks,
          clue: mean(rs.map((r) => r.clueChars)),
          ann: mean(rs.map((r) => r.annChars)),
          total: mean(rs.map((r) => r.clueChars + r.annChars)),
          file: mean(rs.map((r) => r.fileChars)),
          cells: mean(rs.map((r) => r.cells)),
          medianS: median(secs),
          maxS: Math.max(...secs),
          proven: rs.filter((r) => r.unproven === 0).length,
          killed: rs.reduce((a, r) => a + r.killed, 0),
          lastResort: rs.reduce((a, r) => a + r.lastResort, 0),
          valid: rs.filter((r) => r.valid === true).length,
        });
      }
    }
  }
  return rows;
}

/** The results file as shown in the report: relative to the package when inside it. */
function resultsName(file: string): string {
  const rel = relative(packageDir(), file);
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
  for (const table of tables) {
    for (const receiver of receivers) {
      const rs = rows.filter((r) => r.table === table && r.receiver === receiver);
      if (rs.length === 0) continue;
      out.push('', `#### ${table} table, ${receiver} receiver`, '');
      out.push(
        markdownTable(
          ['n', 'blocks', 'clue', 'ann', 'total', 'file', 'cells', 'time median s', 'time max s', 'proven', 'killed', 'ok'],
          rs.map((r) => [
            r.n,
            r.blocks,
            f1(r.clue),
            f1(r.ann),
            f1(r.total),
            f1(r.file),
            f1(r.cells),
            fs2(r.medianS),
            fs2(r.maxS),
            r.proven === r.messages ? `${r.proven}/${r.messages}` : `**${r.proven}/${r.messages}**`,
            r.killed + (r.lastResort ? ` (${r.lastResort} last resort)` : ''),
            r.valid === r.messages ? `${r.valid}/${r.messages}` : `**${r.valid}/${r.messages}**`,
          ]),
        ),
      );
    }
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

export { mean, f1, fs2 };
