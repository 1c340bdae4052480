import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { basename, isAbsolute } from 'node:path';
import { commandLine, load, machine, progress, resultsPage, revision, sectionIn, writeSection } from './doc.js';
import { flag, flagHelp, num, parseFlags, str, type Spec, type Values } from './flags.js';
import { secs, table, type Column } from './stats.js';

/**
 * A suite is a declaration: its flags, and parts that each name their inputs, the commands to
 * run on every input, and the tables (rows and columns) to make of the runs. The harness does
 * the rest the same way for every suite: it parses the flags, runs every command on every input
 * (`repeat` times, on `jobs` lanes at once, one at a time by default), prints progress, renders
 * the tables under a header that says when, where, on which code and by which exact command the
 * figures were made, prints the section and, with `--write`, puts it between the suite's markers
 * in the page of docs/results/ that holds it (`<!-- bench:NAME:start -->` ... `end`; a new suite's
 * section starts docs/results/NAME.md), leaving the rest of the file
 * alone. A part with a `marker` is a sub-section of its own, with its own header: rerunning some
 * parts keeps the others as they were. Problems (wrong results, not slowness) make the run exit 1.
 *
 * A part with a `key` can keep its runs in a log (`--log FILE`, JSON Lines): every run is
 * appended as soon as it is known, a run the log already holds is not run again (a long run can
 * be stopped and resumed, or run in pieces), and `--report` makes the tables from the log alone;
 * the header then lists the commands that produced the runs.
 */
export interface Command<I, V> {
  readonly label: string;
  /** Runs on one input; `lane` (0 .. jobs-1) tells concurrent runs apart. */
  run(input: I, lane: number): Promise<V>;
  /** Frees what the command holds (child processes) once the part is done. */
  close?(): void;
}

export interface Run<I, V> {
  readonly input: I;
  readonly command: string;
  readonly rep: number;
  readonly value: V;
  /** The code that produced it (from the log, for a run taken from there). */
  readonly code: string;
}

export interface View<R> {
  readonly title?: string;
  readonly about?: string;
  readonly rows: readonly R[];
  readonly columns: readonly Column<R>[];
  readonly after?: string;
}

export interface Part<I, V> {
  /** What names its runs in the log (default: the marker, the title, or the part's position). */
  readonly name?: string;
  readonly title?: string;
  readonly marker?: string;
  readonly about?: string;
  readonly inputs: readonly I[] | (() => readonly I[] | Promise<readonly I[]>);
  readonly commands: readonly Command<I, V>[];
  readonly repeat?: number;
  readonly jobs?: number;
  /** Names an input in progress lines and in the log. */
  readonly key?: (input: I) => string;
  /** The progress line of a run (default: the command and the input's key). */
  readonly progress?: (run: Run<I, V>) => string;
  /** The tables, from the runs. */
  views(runs: readonly Run<I, V>[]): readonly AnyView[];
  problems?(runs: readonly Run<I, V>[]): readonly string[];
}

// Parts of one suite differ in their input and value types.
 
export type AnyPart = Part<any, any>;

export interface Suite<S extends Spec> {
  readonly about: string;
  readonly flags: S;
  /** Environment variables that belong to the command (recorded with it, e.g. a peer's binary). */
  readonly env?: readonly string[];
  /** Words after the flags that the suite reads (help text); without, they are refused. */
  readonly positional?: string;
  /** The section it writes (default: the suite's name). */
  readonly section?: (o: Values<S>) => string;
  readonly title: (o: Values<S>) => string;
  /** What every part shares: the inputs, how it is measured (after the header). */
  readonly intro?: (o: Values<S>) => string;
  readonly parts: (o: Values<S>) => readonly AnyPart[] | Promise<readonly AnyPart[]>;
  /** Every marked part, in order: a run of some keeps the others from the file. */
  readonly markers?: readonly string[];
  /** Where the rendered parts go with --write (default: the suite's section in docs/results/); `runs` are each part's runs, by its name. */
  readonly write?: (o: Values<S>, body: string, parts: ReadonlyMap<string, string>, runs: ReadonlyMap<string, readonly Run<unknown, unknown>[]>) => string;
}

export const defineSuite = <S extends Spec>(s: Suite<S>): Suite<S> => s;
/** Typing helpers: a part's runs and a view's rows keep the types of their inputs and values. */
export const part = <I, V>(p: Part<I, V>): AnyPart => p;
export const view = <R>(v: View<R>): View<R> => v;
 
export type AnyView = View<any>;
/** Text between tables, no table of its own. */
export const prose = (about: string): AnyView => ({ about, rows: [], columns: [] });
// The registry holds suites of every flag type.
 
export type AnySuite = Suite<any>;

const COMMON = {
  write: flag('write the results: the suite\'s section in docs/results/, or where the suite\'s description says'),
  log: str(undefined, 'JSON Lines log of the runs (comma-separated to read several): resumes a run, feeds --report'),
  report: flag('make the tables from --log alone, running nothing'),
  'start-within': num(Infinity, 'minutes from the start after which no run begins (runs under way end; with --log a later run does the rest): a long run fitted to a sitting'),
};

interface LogRun {
  readonly type: 'run';
  readonly id: string;
  readonly date: string;
  readonly command: string;
  readonly revision: string;
  readonly load: string;
}
interface LogResult {
  readonly type: 'result';
  readonly run: string;
  readonly part: string;
  readonly key: string;
  readonly command: string;
  readonly rep: number;
  readonly value: unknown;
}

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ') + ' UTC';

export function usage(name: string, suite: AnySuite): string {
  return [`npm run bench -- ${name}${suite.positional ? ` ${suite.positional}` : ''} [options]: ${suite.about}`, ...flagHelp({ ...suite.flags, ...COMMON })].join('\n');
}

export async function runSuite(name: string, suite: AnySuite, args: readonly string[]): Promise<number> {
  const o = parseFlags<Spec>({ ...suite.flags, ...COMMON }, args, suite.positional !== undefined) as Values<typeof COMMON>;
  // A program named by its path on this machine is shown as the reader's own build of it.
  const command = [...(suite.env ?? []).filter((k) => process.env[k]).map((k) => `${k}=${isAbsolute(process.env[k]!) ? `path/to/${basename(process.env[k]!)}` : process.env[k]}`), commandLine(name, args)].join(' ');
  const runId = new Date().toISOString();
  const logFiles = o.log?.split(',') ?? [];
  const logged = logFiles.flatMap((f) => (existsSync(f) ? readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as LogRun | LogResult) : []));
  if (o.report && !logFiles.length) throw new Error('--report makes the tables from a log: give --log FILE');
  const append = (r: LogRun | LogResult) => void (logFiles[0] && !o.report && appendFileSync(logFiles[0], `${JSON.stringify(r)}\n`));
  const thisRun: LogRun = { type: 'run', id: runId, date: now(), command, revision: revision(), load: load() };
  append(thisRun);
  const used = new Set<string>();
  const codeOf = (id: string) => (logged.find((r): r is LogRun => r.type === 'run' && r.id === id)?.revision ?? thisRun.revision).replace(/^commit /, '').split(' ')[0]!;
  const started = { date: now(), load: load(), w0: performance.now() };
  const startBy = started.w0 + o['start-within'] * 60_000;
  const rendered = new Map<string, string>();
  const partRuns = new Map<string, readonly Run<unknown, unknown>[]>();
  const problems: string[] = [];

  for (const [p, part] of (await suite.parts(o)).entries()) {
    const partName = part.name ?? part.marker ?? part.title ?? String(p);
    const t0 = { date: now(), load: load(), w0: performance.now() };
    const inputs = typeof part.inputs === 'function' ? await part.inputs() : part.inputs;
    const key = part.key ?? ((i: unknown) => String(inputs.indexOf(i) + 1));
    const old = new Map<string, LogResult>();
    if (part.key) for (const r of logged) if (r.type === 'result' && r.part === partName) old.set(`${r.key}\t${r.command}\t${r.rep}`, r);
    const todo = inputs.flatMap((input) => part.commands.flatMap((c) => Array.from({ length: part.repeat ?? 1 }, (_, rep) => ({ input, c, rep }))));
    const runs: Run<unknown, unknown>[] = new Array(todo.length);
    let next = 0;
    const lane = async (l: number) => {
      for (let i = next++; i < todo.length; i = next++) {
        const { input, c, rep } = todo[i]!;
        const hit = old.get(`${key(input)}\t${c.label}\t${rep}`);
        if (hit) {
          used.add(hit.run);
          runs[i] = { input, command: c.label, rep, value: hit.value, code: codeOf(hit.run) };
          continue;
        }
        if (o.report || performance.now() >= startBy) continue;
        const run = { input, command: c.label, rep, value: await c.run(input, l), code: codeOf(runId) };
        runs[i] = run;
        used.add(runId);
        if (part.key) append({ type: 'result', run: runId, part: partName, key: key(input), command: c.label, rep, value: run.value });
        progress(`  ${part.progress ? part.progress(run) : `${c.label}: ${key(input)}`} [${i + 1}/${todo.length}]`);
      }
    };
    try {
      await Promise.all(Array.from({ length: part.jobs ?? 1 }, (_, l) => lane(l)));
    } finally {
      for (const c of part.commands) c.close?.();
    }
    const done = runs.filter((r) => r !== undefined);
    if (!o.report && done.length < todo.length && performance.now() >= startBy) progress(`  ${todo.length - done.length} of ${todo.length} runs not begun: --start-within ${o['start-within']} minutes had passed`);
    partRuns.set(partName, done);
    const partProblems = part.problems?.(done) ?? [];
    problems.push(...partProblems);
    const text = [
      part.title ? `### ${part.title}` : '',
      part.marker ? `Run ${t0.date} (${secs((performance.now() - t0.w0) / 1000)} s); machine: ${machine()}; load average ${t0.load} at the start, ${load()} at the end. Code: ${revision()}. Command: \`${command}\` (after \`npm run build\`).` : '',
      part.about ?? '',
      ...part.views(done).flatMap((v) => [v.title ? `${part.title ? '####' : '###'} ${v.title}` : '', v.about ?? '', v.rows.length ? table(v.rows, v.columns) : '', v.after ?? '']),
      partProblems.length ? `**Problems (wrong results):**\n\n${partProblems.map((x) => `- ${x}`).join('\n')}` : '',
    ].filter((s) => s !== '').join('\n\n');
    rendered.set(partName, text);
  }

  const section = suite.section?.(o) ?? name;
  const runs = logged.filter((r): r is LogRun => r.type === 'run' && used.has(r.id) && r.id !== runId);
  const origin = runs.length
    ? `Machine: ${machine()}. The runs whose results are shown (at the package root, after \`npm run build\`):\n\n${[...runs, ...(used.has(runId) ? [thisRun] : [])].map((r) => `- \`${r.command}\` (${r.date}; code ${r.revision}; load average ${r.load} at the start)`).join('\n')}`
    : `Date ${started.date}; machine: ${machine()}; load average ${started.load} at the start, ${load()} at the end. Code: ${revision()}. Command: \`${command}\` (after \`npm run build\`). Whole run ${secs((performance.now() - started.w0) / 1000)} s wall.`;
  const page = resultsPage(`bench:${section}`, `${section}.md`);
  const previous = suite.markers && existsSync(page) ? (sectionIn(readFileSync(page, 'utf8'), `bench:${section}`) ?? '') : '';
  const parts = suite.markers
    ? suite.markers.map((m) => {
        const t = rendered.get(m);
        return t === undefined ? (sectionIn(previous, `${section}:${m}`) ?? '') : `<!-- ${section}:${m}:start -->\n${t}\n<!-- ${section}:${m}:end -->`;
      })
    : [...rendered.values()];
  const body = [`## ${suite.title(o)}`, suite.markers ? '' : origin, suite.intro?.(o) ?? '', ...parts].filter((s) => s !== '').join('\n\n');
  process.stdout.write(`${body}\n`);
  if (o.write) progress(`wrote ${suite.write ? suite.write(o, body, rendered, partRuns) : writeSection(page, `bench:${section}`, body, `# Results: ${name}\n`)}`);
  return problems.length ? 1 : 0;
}
