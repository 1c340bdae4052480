import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { machine, packageRoot, resultsPage, revision, writeSection, writeWhole } from './harness/doc.js';
import { ints, str, whole } from './harness/flags.js';
import { cliArgv, lastLine, runProcess, type ProcRun } from './harness/proc.js';
import { int, markdownTable, max, median, min, secs } from './harness/stats.js';
import { defineSuite, part, view, type Command } from './harness/suite.js';

/**
 * The check by parts of an open search's proof (issue 43, docs/results/games-open.md). A search in
 * bench/results/open/ with every item done states its proof in its manifest: the recipe that
 * writes it from the committed checkpoint, and the text's SHA-256. That proof is too long to
 * check in one sitting, so it is checked in parts (`check FILE --part K/N --part-depth D`), each
 * its own process, on as many machines as there are; the manifest records every part found
 * valid. This suite runs the parts the manifest does not hold yet: it rebuilds the proof from
 * the recipe in a work folder (once; a proof already there is used when its text has the
 * manifest's SHA-256), runs the parts `--jobs` at a time, and with `--write` adds each part
 * found valid to the manifest (with its CPU, wall time, memory, date and code) and regenerates
 * the table of docs/results/games-open.md from the manifest. `--log` keeps the runs, so that a run stopped
 * halfway is recorded by `--report --write`. A part that is not valid is a problem (exit 1),
 * never recorded: it is what the check found.
 */

export const OPEN_DIR = (): string => join(packageRoot(), 'bench', 'results', 'open');

/** What `check --part K/N --json` prints for a part, as the manifest keeps it (with how it ran). */
export interface PartRecord {
  readonly valid: boolean;
  readonly game: string;
  readonly guesses: number;
  readonly positions: number;
  readonly units: { readonly checked: number; readonly total: number };
  readonly part: { readonly index: number; readonly count: number; readonly depth: number };
  readonly sha256: string;
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
  readonly maxRssMB: number;
  /** `YYYY-MM-DD HH:MM-HH:MM UTC`, start to end. */
  readonly date: string;
  /** `commit abc1234`, as harness/doc.ts revision() says it. */
  readonly code: string;
  readonly conditions: string;
}

export interface OpenManifest {
  readonly checkpoint: string;
  readonly frontier: number;
  readonly proof?: {
    readonly recipe: string;
    readonly textSha256: string;
    checked: string;
    readonly checkByParts: { readonly command: string; readonly parts: number; readonly partDepth: number; readonly note: string; reports: PartRecord[] };
  };
}

export const readOpenManifest = (name: string): OpenManifest => JSON.parse(readFileSync(join(OPEN_DIR(), `${name}.manifest.json`), 'utf8')) as OpenManifest;

/** The proof block of a manifest, or why it has none. */
function proofOf(name: string, m: OpenManifest): NonNullable<OpenManifest['proof']> {
  if (!m.proof) throw new Error(`${name}: the search is not whole yet (no proof in its manifest), so there is nothing to check`);
  return m.proof;
}

const code = (r: PartRecord) => r.code.replace(/^commit /, '');
const wall = (s: number) => `${Math.floor(Math.round(s) / 60)}:${String(Math.round(s) % 60).padStart(2, '0')}`;
const millions = (n: number) => (n / 1e6).toFixed(1);

/**
 * docs/results/games-open.md's account of a check by parts, made from the manifest alone (test/gamesOpen.test.ts
 * holds the document to it): how many parts are valid, each part, the pace by code and day, and
 * what is left at the pace of the latest code and day.
 */
export function checkByPartsText(name: string, m: OpenManifest): string {
  const proof = proofOf(name, m);
  const { parts, partDepth, reports } = proof.checkByParts;
  const rows = [...reports].sort((a, b) => a.part.index - b.part.index);
  // Runs are grouped by code and day: the same code ran on different machines on different days.
  const group = (r: PartRecord) => `${code(r)} ${r.date.slice(0, 10)}`;
  const groups = [...new Set(rows.map(group))].map((g) => {
    const rs = rows.filter((r) => group(r) === g);
    return { code: code(rs[0]!), day: rs[0]!.date.slice(0, 10), rs, cpu: rs.map((r) => r.cpuSeconds), pos: rs.map((r) => r.positions), rate: median(rs.map((r) => r.positions / r.cpuSeconds)) };
  });
  const left = parts - rows.length;
  const latest = [...rows].sort((a, b) => a.date.localeCompare(b.date)).pop();
  const last = latest && groups.find((g) => g.code === code(latest) && g.day === latest.date.slice(0, 10));
  const lines = [
    `A check by parts, \`check FILE --part K/${parts} --part-depth ${partDepth} --json\` (the units are the nodes of the frontier's ${int(m.frontier)} items): **${rows.length} of the ${parts} parts are valid**, each of the text with the SHA-256 above.`,
    markdownTable(
      ['part', 'units', 'positions checked', 'code', 'CPU s', 'wall', 'resident', 'verdict'],
      rows.map((r) => [`${r.part.index}/${parts}`, int(r.units.checked), int(r.positions), code(r), r.cpuSeconds.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }), wall(r.wallSeconds), `${r.maxRssMB} MiB`, r.valid ? 'valid' : 'not valid']),
    ),
    `By code and day (the same proof text; the machine may differ from one day to the next; CPU, user and system, and peak memory of each part's process, measured from outside it):`,
    markdownTable(
      ['code', 'day', 'parts', 'CPU s a part: median (max)', 'positions a part', 'positions a CPU second (median)'],
      groups.map((g) => [g.code, g.day, g.rs.length, `${int(Math.round(median(g.cpu)))} (${int(Math.round(max(g.cpu)))})`, `${millions(min(g.pos))} to ${millions(max(g.pos))} million`, int(Math.round(g.rate))]),
    ),
    left === 0
      ? `Every part is valid: the proof is checked whole, part by part.`
      : last
        ? `The other ${left} parts, at the median pace of the latest code and day (${last.code}, ${last.day}), need about ${(left * median(last.cpu) / 3600).toFixed(1)} CPU hours: ${(left * median(last.cpu) / 7200).toFixed(1)} hours on 2 cores, or about ${Math.round(median(last.cpu) / 60)} minutes on each of ${left} machines (on each, \`npm run bench -- games-open-check --only K --log K.jsonl\`; then, on one, \`--report --log 1.jsonl,2.jsonl,... --write\` records them).`
        : `No part has been checked yet.`,
  ];
  return lines.join('\n\n');
}

/** The manifest's one-line state of the check (its `checked` field). */
export function checkedLine(name: string, m: OpenManifest): string {
  const { parts, reports } = proofOf(name, m).checkByParts;
  if (reports.length === parts) return `checked by parts: all ${parts} parts valid (docs/results/games-open.md)`;
  return `not yet whole: nothing is claimed until every part of the check by parts below is valid (or check accepts the proof whole). ${reports.length} of the ${parts} parts are valid (docs/results/games-open.md)`;
}

/** The recipe's `bound` arguments, with the proof written to `file` (not `-v`), and its NODE_OPTIONS. */
function recipeArgs(recipe: string, file: string): { args: string[]; nodeOptions: string | undefined } {
  const m = /^gunzip -c \S+ > \S+\.partial && (?:NODE_OPTIONS=(\S+) )?nonocrypt (mastermind bound .*)$/.exec(recipe);
  if (!m) throw new Error(`the recipe is not "gunzip -c CHECKPOINT > PROOF.partial && [NODE_OPTIONS=...] nonocrypt mastermind bound ...": ${recipe}`);
  const args = m[2]!.split(' ').filter((a) => a !== '-v');
  const at = args.indexOf('--proof');
  if (at < 0) throw new Error(`the recipe names no --proof: ${recipe}`);
  args[at + 1] = file;
  return { args, nodeOptions: m[1] };
}

const textSha = (file: string) => createHash('sha256').update(gunzipSync(readFileSync(file))).digest('hex');

/** The proof in `work`, rebuilt by the manifest's recipe unless a file there already has its text. */
async function proofFile(name: string, m: OpenManifest, work: string, say: (s: string) => void): Promise<string> {
  const proof = proofOf(name, m);
  const out = /--proof (\S+)/.exec(proof.recipe)?.[1];
  if (!out) throw new Error(`${name}: its recipe names no --proof`);
  mkdirSync(work, { recursive: true });
  const file = join(work, out);
  if (existsSync(file) && textSha(file) === proof.textSha256) return file;
  say(`rebuilding ${file} by the manifest's recipe`);
  writeFileSync(`${file}.partial`, gunzipSync(readFileSync(join(OPEN_DIR(), m.checkpoint))));
  const { args, nodeOptions } = recipeArgs(proof.recipe, file);
  const r = await runProcess(cliArgv(...args), nodeOptions ? { env: { NODE_OPTIONS: nodeOptions } } : {});
  // The recipe ends `--unchecked`: it exits 3 (written, nothing claimed).
  if (r.code !== 3 || !existsSync(file)) throw new Error(`${name}: the recipe did not write the proof (exit ${r.code ?? r.signal}): ${lastLine(r.stderr)}`);
  const sha = textSha(file);
  if (sha !== proof.textSha256) throw new Error(`${name}: the recipe wrote a text with SHA-256 ${sha}, not the manifest's ${proof.textSha256}`);
  return file;
}

interface PartRun {
  readonly index: number;
  readonly proc: ProcRun;
  /** What the part printed on stdout (`check --json`), when it printed JSON. */
  readonly report: Omit<PartRecord, 'cpuSeconds' | 'wallSeconds' | 'maxRssMB' | 'date' | 'code' | 'conditions'> | null;
  readonly date: string;
  readonly code: string;
  /** How the machine was used while it ran (--conditions, or the default), recorded with the part. */
  readonly conditions: string;
}

const minute = () => new Date().toISOString().slice(0, 16).replace('T', ' ');

/** Why a part's run is not a valid part of this proof, or undefined when it is. */
function fault(run: PartRun, sha: string, parts: number, depth: number): string | undefined {
  const r = run.report;
  if (run.proc.code === undefined) return `ended by ${run.proc.stopped ?? run.proc.signal}`;
  if (!r) return `exit ${run.proc.code}, no report: ${lastLine(run.proc.stderr)}`;
  if (r.sha256 !== sha) return `checked a text with SHA-256 ${r.sha256}, not the manifest's`;
  if (r.part.index !== run.index || r.part.count !== parts || r.part.depth !== depth) return `checked part ${r.part.index}/${r.part.count} at depth ${r.part.depth}`;
  if (!r.valid || run.proc.code !== 0) return `NOT VALID (exit ${run.proc.code}): ${lastLine(run.proc.stderr)}`;
  return undefined;
}

export const suite = defineSuite({
  about: "the check by parts of an open search's proof (bench/results/open/): runs the parts its manifest does not hold yet; --write records the valid ones there and in docs/results/games-open.md",
  flags: {
    manifest: str('mastermind-e2-lower-9-depth3', 'the search: bench/results/open/NAME.manifest.json'),
    only: ints([], 'the parts to run (e.g. 23-40,50) of those not recorded yet; none named: all of them'),
    jobs: whole(1, 'parts at once (each one process, one core)'),
    work: str(undefined, 'folder for the proof, rebuilt there by the recipe when absent (default: TMPDIR/nonocrypt-open-check)'),
    conditions: str(undefined, 'how the machine was used while the parts ran, recorded with each (default: "--jobs J at once, one a core" and the machine)'),
  },
  title: (o) => `Check by parts: ${o.manifest} (\`npm run bench -- games-open-check\`)`,
  intro: (o) => `The parts of the proof of bench/results/open/${o.manifest}.manifest.json run by this command, each \`nonocrypt mastermind check PROOF --part K/N --part-depth D --json\` as its own process.`,
  parts: (o) => {
    const m = readOpenManifest(o.manifest);
    const proof = proofOf(o.manifest, m);
    const { parts, partDepth, reports } = proof.checkByParts;
    const bad = o.only.filter((k) => !(k >= 1 && k <= parts));
    if (bad.length) throw new Error(`--only: there are parts 1 to ${parts} (not ${bad.join(', ')})`);
    const recorded = new Set(reports.map((r) => r.part.index));
    const wanted = (o.only.length ? [...new Set(o.only)].sort((a, b) => a - b) : Array.from({ length: parts }, (_, i) => i + 1)).filter((k) => !recorded.has(k));
    const work = o.work ?? join(tmpdir(), 'nonocrypt-open-check');
    let file: Promise<string> | undefined;
    const conditions = o.conditions ?? `${o.jobs} part${o.jobs === 1 ? '' : 's'} at once, one a core; ${machine()}`;
    const check: Command<number, PartRun> = {
      label: 'check',
      run: async (index) => {
        const proofPath = await (file ??= proofFile(o.manifest, m, work, (s) => process.stderr.write(`${s}\n`)));
        const start = minute();
        const proc = await runProcess(cliArgv('mastermind', 'check', proofPath, '--part', `${index}/${parts}`, '--part-depth', String(partDepth), '--json'));
        let report: PartRun['report'] = null;
        try {
          const j = JSON.parse(proc.stdout) as PartRun['report'];
          if (j && typeof j === 'object' && 'valid' in j) report = { valid: j.valid, game: j.game, guesses: j.guesses, positions: j.positions, units: j.units, part: j.part, sha256: j.sha256 };
        } catch {
          /* no JSON: the fault says what stderr said */
        }
        return { index, proc, report, date: `${start}-${minute().slice(11)} UTC`, code: revision(), conditions };
      },
    };
    const faults = (runs: readonly { readonly value: PartRun }[]) => runs.flatMap((r) => {
      const f = fault(r.value, proof.textSha256, parts, partDepth);
      return f ? [`part ${r.value.index}/${parts}: ${f}`] : [];
    });
    return [
      part({
        name: o.manifest,
        key: (k: number) => `${k}/${parts}`,
        inputs: wanted,
        jobs: o.jobs,
        commands: [check],
        progress: (run) => {
          const v = run.value as PartRun;
          return `part ${v.index}/${parts}: ${fault(v, proof.textSha256, parts, partDepth) ?? 'valid'}, ${secs(v.proc.cpu)} CPU s, ${v.report ? int(v.report.positions) : '-'} positions`;
        },
        views: (runs) => [
          view({
            rows: runs.map((r) => r.value as PartRun),
            columns: [
              ['part', (v) => `${v.index}/${parts}`],
              ['positions', (v) => (v.report ? int(v.report.positions) : '-')],
              ['CPU s', (v) => secs(v.proc.cpu)],
              ['wall', (v) => wall(v.proc.wall)],
              ['resident MiB', (v) => Math.round(v.proc.rssMiB)],
              ['positions a CPU s', (v) => (v.report ? int(Math.round(v.report.positions / v.proc.cpu)) : '-')],
              ['code', (v) => v.code],
              ['verdict', (v) => fault(v, proof.textSha256, parts, partDepth) ?? 'valid'],
            ],
          }),
        ],
        problems: (runs) => faults(runs as readonly { readonly value: PartRun }[]),
      }),
    ];
  },
  write: (o, _body, _rendered, runs) => {
    const file = join(OPEN_DIR(), `${o.manifest}.manifest.json`);
    const m = readOpenManifest(o.manifest);
    const proof = proofOf(o.manifest, m);
    const { parts, partDepth, reports } = proof.checkByParts;
    for (const v of (runs.get(o.manifest) ?? []).map((r) => r.value as PartRun)) {
      if (fault(v, proof.textSha256, parts, partDepth) || reports.some((r) => r.part.index === v.index)) continue;
      reports.push({ ...v.report!, cpuSeconds: Math.round(v.proc.cpu * 10) / 10, wallSeconds: Math.round(v.proc.wall * 10) / 10, maxRssMB: Math.round(v.proc.rssMiB), date: v.date, code: v.code, conditions: v.conditions });
    }
    reports.sort((a, b) => a.part.index - b.part.index);
    proof.checked = checkedLine(o.manifest, m);
    writeWhole(file, `${JSON.stringify(m, null, 2)}\n`);
    writeSection(resultsPage(`open-check:${o.manifest}`, 'games-open.md'), `open-check:${o.manifest}`, checkByPartsText(o.manifest, m));
    return `${file} and docs/results/games-open.md`;
  },
});

