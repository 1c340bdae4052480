import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { gzipPieces } from '../src/cli/gameFiles.js';
import { buildStrategy } from '../src/games/build/buildStrategy.js';
import { checkedBoundProof } from '../src/games/build/checkedBoundProof.js';
import { proveBound } from '../src/games/build/proveBound.js';
import { Rules, type LieRule } from '../src/games/model/Rules.js';
import { here } from './harness/commands.js';
import { packageRoot, resultsPage, writeSection } from './harness/doc.js';
import { num, str } from './harness/flags.js';
import { int, secs } from './harness/stats.js';
import { defineSuite, part, view } from './harness/suite.js';

/**
 * The exact values of small games with lies (issue 43, item 5): Mastermind 2x4 .. 4x4 and the
 * AB game 3 of 6 .. 4 of 7, e = 1 and 2, truthful end, both lie rules. For each: the default
 * strategy search gives a worst case U (a strategy, checked); `bound --guesses U` either
 * proves that U - 1 never suffice (the value is U: the proof is checked and written) or finds
 * that a strategy within U - 1 exists (the exact search then builds one, and U goes down by
 * one). Both files go to examples/games/small/, gzip-compressed (`check` reads gzip whatever
 * the name); a row whose searches do not end within `--limit` is left open, without files.
 * `--write` puts the table in docs/results/games-small.md. `--log` resumes a long run.
 */
interface Row {
  readonly kind: 'mastermind' | 'ab';
  readonly pegs: number;
  readonly symbols: number;
  readonly lies: number;
  readonly lie: LieRule;
}

interface Outcome {
  /** The value when both files were made; otherwise the bounds reached. */
  readonly value: number | null;
  readonly lower: number;
  readonly upper: number | null;
  readonly strategyCpu: number;
  readonly boundCpu: number;
  readonly positions: number;
  readonly plays: number;
  readonly strategyBytes: number;
  readonly proofBytes: number;
  readonly note: string;
}

const GAMES: readonly (readonly ['mastermind' | 'ab', number, number])[] = [
  ['mastermind', 2, 4],
  ['mastermind', 3, 3],
  ['mastermind', 3, 4],
  ['mastermind', 4, 3],
  ['mastermind', 3, 5],
  ['mastermind', 4, 4],
  ['ab', 3, 6],
  ['ab', 3, 7],
  ['ab', 4, 6],
  ['ab', 4, 7],
];

const ROWS: readonly Row[] = GAMES.flatMap(([kind, pegs, symbols]) => [1, 2].flatMap((lies) => (['any', 'plausible'] as const).map((lie) => ({ kind, pegs, symbols, lies, lie }))));

const gameName = (r: Row) => (r.kind === 'mastermind' ? `Mastermind ${r.pegs}x${r.symbols}` : `AB game ${r.pegs} of ${r.symbols}`);
/** The files' common stem, e.g. mastermind-3x3-e2-any. */
export const stem = (r: Row) => `${r.kind}-${r.pegs}x${r.symbols}-e${r.lies}-${r.lie}`;

export const SMALL_DIR = () => join(packageRoot(), 'examples', 'games', 'small');

/** CPU seconds of this process during `fn`. */
async function cpuOf<V>(fn: () => Promise<V> | V): Promise<[V, number]> {
  const c0 = process.cpuUsage();
  const v = await fn();
  const c = process.cpuUsage(c0);
  return [v, (c.user + c.system) / 1e6];
}

/** Whole or not at all: a temporary file renamed over it. */
function writeBytes(file: string, bytes: Uint8Array): void {
  writeFileSync(`${file}.tmp`, bytes);
  renameSync(`${file}.tmp`, file);
}

async function settle(row: Row, limitS: number): Promise<Outcome> {
  const rules = new Rules({ ...row, end: 'truthful' });
  const limitMs = limitS * 1000;
  let strategyCpu = 0;
  let boundCpu = 0;
  let positions = 0;
  const open = (lower: number, upper: number | null, note: string): Outcome => ({ value: null, lower, upper, strategyCpu, boundCpu, positions, plays: 0, strategyBytes: 0, proofBytes: 0, note });
  let [built, cpu] = await cpuOf(() => buildStrategy(rules, { timeLimitMs: limitMs }));
  strategyCpu += cpu;
  if (built.status !== 'built') return open(0, null, `strategy: ${built.status}`);
  let upper = built.worst!;
  for (;;) {
    const deadline = performance.now() + limitMs;
    const [proof, bcpu] = await cpuOf(() => {
      const b = proveBound(rules, upper, { proof: 'pieces', deadline });
      positions += b.nodes;
      return b.status === 'proven' ? { b, text: checkedBoundProof(rules, upper, b.pieces!, b.nodes, { deadline }) } : { b, text: undefined };
    });
    boundCpu += bcpu;
    if (proof.b.status === 'proven' && proof.text !== undefined) {
      const dir = SMALL_DIR();
      mkdirSync(dir, { recursive: true });
      for (const f of readdirSync(dir)) if (f.startsWith(`${stem(row)}-`)) rmSync(join(dir, f));
      const s = gzipSync(built.file!, { level: 9 });
      const p = Buffer.concat([...gzipPieces(proof.text)]);
      writeBytes(join(dir, `${stem(row)}-${upper}.strategy.gz`), s);
      writeBytes(join(dir, `${stem(row)}-lower-${upper}.proof.gz`), p);
      return { value: upper, lower: upper, upper, strategyCpu, boundCpu, positions, plays: built.check!.plays, strategyBytes: s.length, proofBytes: p.length, note: '' };
    }
    // The search may end in time and its check not: nothing is claimed, but the note says which half ran out.
    if (proof.b.status === 'proven') return open(0, upper, `bound --guesses ${upper}: the search proved it (${proof.b.nodes.toLocaleString('en-US')} positions), its check did not end within ${limitS} s`);
    if (proof.b.status !== 'refuted') return open(0, upper, `bound --guesses ${upper}: not decided within ${limitS} s`);
    // A strategy within upper - 1 exists: the exact search (every guess) builds one.
    [built, cpu] = await cpuOf(() => buildStrategy(rules, { guesses: upper - 1, branch: 64, timeLimitMs: limitMs }));
    strategyCpu += cpu;
    if (built.status !== 'built') return open(0, upper, `a strategy within ${upper - 1} exists (bound refuted it), the search did not build one within ${limitS} s`);
    upper = built.worst!;
  }
}

/** One run per row (a log may hold several): a settled one, else the longest. */
function best<R extends { readonly input: Row; readonly value: { readonly value: Outcome } }>(runs: readonly R[]): R[] {
  const by = new Map<string, R>();
  const rank = (r: R) => (r.value.value.value !== null ? 1 : 0);
  for (const r of runs) {
    const old = by.get(stem(r.input));
    if (!old || rank(r) > rank(old) || (rank(r) === rank(old) && r.value.value.strategyCpu + r.value.value.boundCpu > old.value.value.strategyCpu + old.value.value.boundCpu)) by.set(stem(r.input), r);
  }
  return ROWS.flatMap((row) => by.get(stem(row)) ?? []);
}

export const suite = defineSuite({
  about: 'exact values of small Mastermind and AB games with 1 or 2 lies: a strategy and a lower-bound proof for each, written to examples/games/small/',
  flags: {
    limit: num(600, 'seconds each search (strategy, bound) may take before the row is left open'),
    only: str(undefined, 'only the rows whose file stem contains this (e.g. mastermind-3x3)'),
  },
  title: () => 'Small games: exact values (issue 43, `npm run bench -- games-small`)',
  intro: () =>
    'Mastermind 2x4 to 4x4 and the AB game 3 of 6 to 4 of 7, one or two lies, truthful end, both lie rules. For each: the default `strategy` search ' +
    '(worst case U, the strategy checked), then `bound --guesses U --proof` (checked): proven, the value is U; refuted, the exact search builds a ' +
    'strategy within U - 1 and the bound is tried again; not decided, or its proof not checked, within `--limit` seconds (wall, the search and its ' +
    'check together), the row is open and has no files. CPU seconds of ' +
    'this process (one thread): strategy (its check included) and bound (the check of its proof included). Each settled row has ' +
    '`examples/games/small/STEM-V.strategy.gz` and `STEM-lower-V.proof.gz`, gzip, which `nonocrypt mastermind check FILE` reads as they are; ' +
    'test/gamesSmall.test.ts checks every strategy whole, and every proof whose whole check takes seconds; the 10 whose whole check takes minutes (recorded in ' +
    '`examples/games/small/checked.jsonl`, by `nonocrypt mastermind check FILE`) are held to that record (size, SHA-256, verdict) and checked for their first 15 s. `--log bench/results/games-small.jsonl` keeps the runs (a stopped run resumes); to run a row ' +
    'again (one left open, with a longer `--limit`), delete its line from the log.',
  parts: (o) => [
    part({
      name: 'rows',
      key: stem,
      inputs: ROWS.filter((r) => o.only === undefined || stem(r).includes(o.only)),
      commands: [here('settle', (r: Row) => settle(r, o.limit))],
      progress: (run) => {
        const v = run.value.value as Outcome;
        return `${stem(run.input as Row)}: ${v.value ?? `open (${v.note})`}, ${v.strategyCpu.toFixed(1)} + ${v.boundCpu.toFixed(1)} s CPU`;
      },
      views: (runs) => [
        view({
          rows: best(runs),
          columns: [
            ['game', (r) => gameName(r.input)],
            ['e', (r) => r.input.lies],
            ['lies', (r) => r.input.lie],
            ['value', (r) => (r.value.value.value !== null ? `**${r.value.value.value}**` : `open${r.value.value.upper === null ? '' : `, at most ${r.value.value.upper}`}: ${r.value.value.note}`)],
            ['strategy CPU s', (r) => secs(r.value.value.strategyCpu)],
            ['plays', (r) => int(r.value.value.plays)],
            ['bound CPU s', (r) => secs(r.value.value.boundCpu)],
            ['positions', (r) => int(r.value.value.positions)],
            ['files (gzip bytes)', (r) => (r.value.value.value !== null ? `${int(r.value.value.strategyBytes)} + ${int(r.value.value.proofBytes)}` : '-')],
          ],
        }),
      ],
      problems: (runs) => runs.filter((r) => r.value.value.value !== null && !existsSync(join(SMALL_DIR(), `${stem(r.input)}-${r.value.value.value}.strategy.gz`))).map((r) => `${stem(r.input)}: its strategy file is missing`),
    }),
  ],
  write: (_o, body) => writeSection(resultsPage('bench:games-small', 'games-small.md'), 'bench:games-small', body),
});
