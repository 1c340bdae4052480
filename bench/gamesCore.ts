import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CLI_NODE_FLAGS } from '../src/cli/nodeFlags.js';
import { processCommand } from './harness/commands.js';
import { str, whole } from './harness/flags.js';
import { cliArgv, exitOf, type ProcRun } from './harness/proc.js';
import { groupBy, int, max, median, mib, secs, sum } from './harness/stats.js';
import { defineSuite, part, view, type Run } from './harness/suite.js';

/**
 * The lower-bound search's speed (issue 43, item 2): `mastermind bound` on the proofs that
 * finish (three runs each) and on the two open searches for a slice of `--seconds` of wall time
 * (one run each), every variant as its own process: this build with its compiled games core
 * (`core`), the same build's TypeScript search (`--no-core`), and any older builds named by
 * `--before label=DIR,...` (a package root with its own `dist/` and `engines/`, e.g. a scratch
 * checkout of an earlier commit after `npm ci && npm run build`). The part "checks" runs the
 * proof checker (`mastermind check FILE`) of this build and of the older ones on `--checks`
 * files (and the same build's checker without its compiled kernel, `--no-compiled`). Positions
 * per CPU second is the measure: CPU is the whole process's (start-up and the
 * answer table included). `--parts` runs some parts; the others keep their tables.
 */
interface Search {
  readonly label: string;
  readonly args: readonly string[];
}

interface Variant {
  readonly label: string;
  /** `mastermind <command> ...args --json` as this variant runs it. */
  readonly argv: (command: 'bound' | 'check', args: readonly string[]) => readonly string[];
  /** Whether it runs in the part "checks" (`--no-core` does not: its checker is the same build's). */
  readonly checker: boolean;
}

interface Outcome {
  readonly proc: ProcRun;
  readonly status: string;
  readonly positions: number;
  readonly refuted: number;
}

const PROOFS: readonly Search[] = [
  { label: 'Mastermind e = 1, h = 7', args: ['--lies', '1', '--guesses', '7'] },
  { label: 'AB game e = 1, h = 8', args: ['--game', 'ab', '--lies', '1', '--guesses', '8'] },
  { label: 'Mastermind e = 2, h = 8', args: ['--lies', '2', '--guesses', '8'] },
];

const OPEN = (seconds: number): readonly Search[] => [
  { label: 'Mastermind e = 2: is 8 enough?', args: ['--lies', '2', '--guesses', '9', '-t', String(seconds)] },
  { label: 'AB game e = 1: is 8 enough?', args: ['--game', 'ab', '--lies', '1', '--guesses', '9', '-t', String(seconds)] },
];

function variants(before: string | undefined): Variant[] {
  const older = (before ?? '').split(',').filter((s) => s.trim()).map((spec) => {
    const at = spec.indexOf('=');
    if (at <= 0) throw new Error(`--before: "${spec}" is not label=DIR`);
    const label = spec.slice(0, at);
    const cli = join(spec.slice(at + 1), 'dist', 'nonocrypt.mjs');
    if (!existsSync(cli)) throw new Error(`--before: ${cli} does not exist (build that folder first)`);
    return { label, checker: true, argv: (command: 'bound' | 'check', args: readonly string[]) => [process.execPath, ...CLI_NODE_FLAGS, cli, 'mastermind', command, ...args, '--json'] };
  });
  return [
    ...older,
    { label: '--no-core', checker: false, argv: (command, args) => cliArgv('mastermind', command, ...args, '--no-core', '--json') },
    { label: 'core', checker: true, argv: (command, args) => cliArgv('mastermind', command, ...args, '--json') },
  ];
}

async function measure(v: Variant, s: Search, command: 'bound' | 'check' = 'bound'): Promise<Outcome> {
  const proc = await processCommand(v.label, (x: Search) => v.argv(command, x.args)).run(s, 0);
  let json: { status?: string; nodes?: number; volumeCuts?: number; valid?: boolean; positions?: number } = {};
  try {
    json = JSON.parse(proc.stdout) as typeof json;
  } catch {
    /* no answer: shown as a problem */
  }
  const status = command === 'check' ? (json.valid === undefined ? undefined : json.valid ? 'valid' : 'not valid') : json.status;
  return { proc: { ...proc, stdout: '' }, status: status ?? `exit ${exitOf(proc)}`, positions: (command === 'check' ? json.positions : json.nodes) ?? NaN, refuted: json.volumeCuts ?? NaN };
}

const rate = (o: Outcome) => o.positions / o.proc.cpu;
/** One file's runs: build `last`'s positions per CPU s over build `first`'s. */
const ratioOf = (g: readonly Run<Search, Outcome>[], last: string, first: string): number => rate(g.find((r) => r.command === last)!.value) / rate(g.find((r) => r.command === first)!.value);
const range = (xs: readonly number[]) => xs.map(secs).join(', ');
/** A ratio of two rates, "4.6x"; '-' when one is unknown. */
const times = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}x` : '-');

export const suite = defineSuite({
  about: 'the lower-bound search: compiled core against the TypeScript search and older builds',
  flags: {
    runs: whole(3, 'runs of each proof that finishes'),
    seconds: whole(90, 'wall-clock seconds of each open search (bound -t)'),
    before: str(undefined, 'older builds to run too: label=DIR,... (package roots with dist/ and engines/)'),
    checks: str(undefined, 'proof files to check (comma-separated), with this build and the older ones: the part "checks"'),
    parts: str('proofs,open', 'the parts to run (proofs, open, checks); the others keep their tables in docs/results/games-core.md'),
  },
  markers: ['proofs', 'open', 'checks'],
  title: () => 'The lower-bound search: positions per CPU second',
  intro: () =>
    "Each command is one process (`nonocrypt mastermind bound ... --json`, `check ... --json`); CPU = user + system of the whole process (Node's start-up and the answer table included), from the kernel. Variants: `core` is the build's default (the compiled games core), `--no-core` the same build's TypeScript search, and the other labels older builds run from their own folders (`--before`); each part's header names the builds.",
  parts: (o) => {
    const vs = variants(o.before);
    const commands = vs.map((v) => ({ label: v.label, run: (s: Search) => measure(v, s) }));
    // The checker: older builds, this build's TypeScript loops alone (`--no-compiled`), and this build (its compiled kernel).
    const plainChecker: Variant = { label: '--no-compiled', checker: true, argv: (command, args) => cliArgv('mastermind', command, ...args, '--no-compiled', '--json') };
    const checkers = [...vs.filter((v) => v.checker && v.label !== 'core'), plainChecker, vs.find((v) => v.label === 'core')!].map((v) => ({ label: v.label === 'core' ? 'this build' : v.label, run: (s: Search) => measure(v, s, 'check') }));
    const files: Search[] = (o.checks ?? '').split(',').filter((f) => f.trim()).map((f) => ({ label: basename(f), args: [f] }));
    const byVariant = (rs: readonly Run<Search, Outcome>[]) => groupBy([...rs], (r) => `${r.input.label}\t${r.command}`);
    const wanted = new Set(o.parts.split(','));
    for (const w of wanted) if (!['proofs', 'open', 'checks'].includes(w)) throw new Error(`--parts: no part "${w}" (proofs, open, checks)`);
    if (wanted.has('checks') && !files.length) throw new Error('--parts checks needs --checks FILE,...');
    return [
      part({
        marker: 'proofs',
        title: 'Proofs that finish',
        about: `Each proof ${o.runs} times per variant, one variant after the other.`,
        inputs: PROOFS,
        key: (s: Search) => s.label,
        repeat: o.runs,
        commands,
        progress: (r: Run<Search, Outcome>) => `${r.command} ${r.input.label}: ${r.value.status}, ${int(r.value.positions)} positions, ${secs(r.value.proc.cpu)} CPU s`,
        views: (rs: readonly Run<Search, Outcome>[]) => [
          view({
            rows: byVariant(rs),
            columns: [
              ['proof', (g) => g[0]!.input.label],
              ['command', (g) => `\`bound ${g[0]!.input.args.join(' ')} --json\``],
              ['variant', (g) => `\`${g[0]!.command}\``],
              ['positions', (g) => int(g[0]!.value.positions)],
              [`CPU s (${o.runs} runs)`, (g) => range(g.map((r) => r.value.proc.cpu))],
              ['median', (g) => secs(median(g.map((r) => r.value.proc.cpu)))],
              ['max', (g) => secs(max(g.map((r) => r.value.proc.cpu)))],
              ['positions per CPU s, median (max)', (g) => `${int(Math.round(median(g.map((r) => rate(r.value)))))} (${int(Math.round(max(g.map((r) => rate(r.value)))))})`],
              [`against \`${vs[0]!.label}\` (medians)`, (g) => times(median(g.map((r) => rate(r.value))), median(rs.filter((r) => r.input === g[0]!.input && r.command === vs[0]!.label).map((r) => rate(r.value))))],
            ],
          }),
        ],
        problems: (rs: readonly Run<Search, Outcome>[]) => [
          ...rs.filter((r) => r.value.status !== 'proven').map((r) => `${r.command} on ${r.input.label}: ${r.value.status}, not proven`),
          ...groupBy([...rs], (r) => r.input.label)
            .filter((g) => new Set(g.map((r) => r.value.positions)).size > 1)
            .map((g) => `${g[0]!.input.label}: the variants searched different numbers of positions (${[...new Set(g.map((r) => `${r.command} ${r.value.positions}`))].join(', ')})`),
        ],
      }),
      part({
        marker: 'open',
        title: 'The open searches, a slice each',
        about: `Each search once per variant, stopped by its own time limit after ${o.seconds} s of wall time.`,
        inputs: OPEN(o.seconds),
        key: (s: Search) => s.label,
        commands,
        progress: (r: Run<Search, Outcome>) => `${r.command} ${r.input.label}: ${int(r.value.positions)} positions, ${secs(r.value.proc.cpu)} CPU s`,
        views: (rs: readonly Run<Search, Outcome>[]) => [
          view({
            rows: rs,
            columns: [
              ['search', (r) => r.input.label],
              ['command', (r) => `\`bound ${r.input.args.join(' ')} --json\``],
              ['variant', (r) => `\`${r.command}\``],
              ['CPU s', (r) => secs(r.value.proc.cpu)],
              ['positions', (r) => int(r.value.positions)],
              ['positions per CPU s', (r) => int(Math.round(rate(r.value)))],
              ['guesses refuted one step ahead per CPU s', (r) => `${(r.value.refuted / r.value.proc.cpu / 1e6).toFixed(1)} million`],
              ['memory (max RSS)', (r) => `${mib(r.value.proc.rssMiB)} MiB`],
              [`against \`${vs[0]!.label}\``, (r) => times(rate(r.value), rs.filter((x) => x.input === r.input && x.command === vs[0]!.label).map((x) => rate(x.value))[0] ?? NaN)],
            ],
          }),
        ],
        problems: (rs: readonly Run<Search, Outcome>[]) => rs.filter((r) => r.value.status !== 'unknown' && r.value.status !== 'proven').map((r) => `${r.command} on ${r.input.label}: ${r.value.status}`),
      }),
      part({
        marker: 'checks',
        title: 'The proof checker',
        about: `\`nonocrypt mastermind check FILE --json\` of each file, once per build; positions are the splits the checker walked.`,
        inputs: files,
        key: (s: Search) => s.label,
        commands: checkers,
        progress: (r: Run<Search, Outcome>) => `${r.command} check ${r.input.label}: ${r.value.status}, ${secs(r.value.proc.cpu)} CPU s`,
        views: (rs: readonly Run<Search, Outcome>[]) => {
          const first = checkers[0]!.label;
          const last = checkers.at(-1)!.label;
          const byFile = groupBy([...rs], (r) => r.input.label);
          const ratios = byFile.map((g) => ratioOf(g, last, first));
          const cpu = (label: string) => sum(rs.filter((r) => r.command === label).map((r) => r.value.proc.cpu));
          return [
            view({
              rows: byFile,
              columns: [
                ['proof', (g) => `\`${g[0]!.input.label}\``],
                ['positions', (g) => int(g[0]!.value.positions)],
                ...checkers.map((c): [string, (g: Run<Search, Outcome>[]) => string] => [`CPU s, \`${c.label}\``, (g) => secs(g.find((r) => r.command === c.label)?.value.proc.cpu ?? NaN)]),
                [`\`${last}\` against \`${first}\``, (g) => times(ratioOf(g, last, first), 1)],
              ],
              after: `Over the ${byFile.length} files, \`${last}\` took ${secs(cpu(last))} CPU s against ${secs(cpu(first))} for \`${first}\`; positions per CPU s, per file, ${last} against ${first}: median ${times(median(ratios), 1)}, from ${times(Math.min(...ratios), 1)} to ${times(max(ratios), 1)}.`,
            }),
          ];
        },
        problems: (rs: readonly Run<Search, Outcome>[]) => [
          ...rs.filter((r) => r.value.status !== 'valid').map((r) => `${r.command} check ${r.input.label}: ${r.value.status}`),
          ...groupBy([...rs], (r) => r.input.label)
            .filter((g) => new Set(g.map((r) => r.value.positions)).size > 1)
            .map((g) => `${g[0]!.input.label}: the checkers walked different numbers of positions`),
        ],
      }),
    ].filter((p) => wanted.has(p.marker!));
  },
});
