import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createSolver, DEFAULT_ENGINE, ENGINES } from '../src/sat/engines.js';
import type { EngineName } from '../src/sat/SatSolver.js';
import type { WasmSolver } from '../src/sat/WasmSolver.js';
import { engineModule } from '../src/sat/wasmEngine.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { here, processCommand } from './harness/commands.js';
import { packageRoot } from './harness/doc.js';
import { list, whole } from './harness/flags.js';
import { all4x4, uniqueByCounting, writeClueCiphertext } from './harness/inputs.js';
import { cliArgv, exitOf, measuredBy, runProcess, shown, type ProcRun } from './harness/proc.js';
import { fixed, groupBy, int, median, min, secs } from './harness/stats.js';
import { defineSuite, part, view, type AnyPart, type Run } from './harness/suite.js';
import { gridOfRows, puzzleFile, workFolder } from './puzzles.js';

/**
 * Our WebAssembly SAT engines (engines/README.md quotes the figures):
 * - `engines compare`: every engine side by side on the census (`verify` of all 65,536 4x4
 *   pictures, each verdict checked against counting clue classes) and on the CLI's start-up;
 * - `engines setup`: instance set-up in Node (first compile, a new instance, one after release);
 * - `engines solve f.cnf...`: DIMACS files on our wasm MiniSat and CaDiCaL next to Debian's
 *   native `minisat` and `cadical` (when installed), medians of `--runs`.
 */
const WHAT = ['compare', 'setup', 'solve'];

function parseDimacs(text: string): { vars: number; clauses: Int32Array[] } {
  const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('c'));
  const vars = Number(lines.find((l) => l.startsWith('p'))?.trim().split(/\s+/)[2] ?? 0);
  const lits = lines.filter((l) => !l.startsWith('p')).join(' ').trim().split(/\s+/).map(Number);
  const clauses: Int32Array[] = [];
  for (let i = 0, j = 0; j < lits.length; j++) if (lits[j] === 0) (clauses.push(Int32Array.from(lits.slice(i, j))), (i = j + 1));
  return { vars, clauses };
}

/** Debian's native solver on the file: its own CPU time and conflicts from its report. */
async function native(engine: EngineName, file: string): Promise<{ seconds: number; conflicts: number }> {
  const r = await runProcess(engine === 'minisat' ? ['minisat', '-no-pre', file] : ['cadical', file]).catch(() => undefined);
  const get = (re: RegExp) => Number(re.exec(r?.stdout ?? '')?.[1] ?? NaN);
  return engine === 'minisat' ? { seconds: get(/CPU time\s*:\s*([\d.]+)/), conflicts: get(/conflicts\s*:\s*(\d+)/) } : { seconds: get(/total process time since initialization:\s*([\d.]+)/), conflicts: get(/c conflicts:\s*(\d+)/) };
}

/** A start-up case: node's arguments (the CLI's file and flags included) and what the answer must start with. */
export interface StartupCase {
  readonly label: string;
  readonly args: readonly string[];
  readonly expect: string;
}

/**
 * Process start to answer on two 5x5 puzzles written to the temporary folder (one that line
 * logic solves, one with a second solution, found by the search): `cases` gets a function making
 * a CLI run's node arguments and the two files. Each case runs `runs` times after one untimed
 * run (the file cache); wall from around the spawn, CPU from the kernel; medians and minimum.
 */
export function startupPart(runs: number, cases: (cli: (...args: string[]) => string[], easy: string, two: string) => StartupCase[]): AnyPart {
  const file = (id: string, rows: string[]) => puzzleFile({ set: 'startup', index: 0, id, known: 'unknown', puzzle: puzzleOf(gridOfRows(rows)) }, 'non');
  const easy = file('line-solvable-5x5', ['#####', '#...#', '#.#.#', '#...#', '#####']);
  const two = file('two-solutions-5x5', ['#....', '.#...', '..###', '..#.#', '..###']);
  const all = cases((...args) => cliArgv(...args).slice(1), easy, two);
  const answer = (r: ProcRun) => r.stdout.split('\n')[0] ?? '';
  const timed = (g: Run<StartupCase, ProcRun>[]) => g.filter((r) => r.rep > 0).map((r) => r.value);
  return part({
    inputs: all,
    key: (c: StartupCase) => c.label,
    repeat: runs + 1,
    commands: [processCommand('start-up', (c: StartupCase) => [process.execPath, ...c.args])],
    progress: (r) => `${r.input.label}: ${secs(r.value.wall)} s wall, ${secs(r.value.cpu)} s CPU`,
    views: (rs) => [view({
      rows: groupBy(rs, (r) => r.input.label),
      columns: [
        ['case', (g) => g[0]!.input.label],
        ['command', (g) => `\`${shown([process.execPath, ...g[0]!.input.args]).replace(`${easy.slice(0, easy.lastIndexOf('/') + 1)}`, '')}\``],
        ['answer', (g) => answer(g[0]!.value) || '-'],
        ['runs', (g) => timed(g).length],
        ['wall s (median)', (g) => secs(median(timed(g).map((r) => r.wall)))],
        ['wall s (min)', (g) => secs(min(timed(g).map((r) => r.wall)))],
        ['CPU s (median)', (g) => secs(median(timed(g).map((r) => r.cpu)))],
      ],
    })],
    problems: (rs) => rs.filter((r) => !answer(r.value).startsWith(r.input.expect) || r.value.code !== (r.input.expect === '' ? 0 : r.value.code)).map((r) => `start-up case "${r.input.label}": answer "${answer(r.value)}" (exit ${r.value.code ?? r.value.signal}) ${r.value.stderr.trim().slice(0, 120)}`),
  });
}

const ms = fixed(3);
const wasmEngines: EngineName[] = ['minisat', 'cadical'];

export const suite = defineSuite({
  about: 'our WebAssembly MiniSat and CaDiCaL: compare (census and CLI start-up per engine) | setup (instance set-up) | solve f.cnf... (next to the native Debian binaries)',
  positional: `${WHAT.join('|')} [f.cnf ...]`,
  flags: {
    engine: list<EngineName>([...ENGINES], 'engines', ENGINES),
    part: list(['census', 'startup'], 'compare: parts', ['census', 'startup']),
    'startup-runs': whole(10, 'compare: runs per start-up case'),
    runs: whole(3, 'solve: runs per file and engine'),
  },
  section: (o) => ({ compare: 'engines', setup: 'engines-setup', solve: 'engines-cnf' })[o._[0] ?? 'compare'] ?? 'engines',
  title: (o) => ({ setup: 'Engine set-up in Node (`bench/engines setup`)', solve: 'DIMACS files: wasm against native (`bench/engines solve`)' })[o._[0] ?? ''] ?? 'SAT engines side by side (`bench/engines compare`)',
  intro: (o) => (o._[0] ?? 'compare') === 'compare' ? `Engines: ${o.engine.map((e) => `\`${e}\`${e === DEFAULT_ENGINE ? ' (the default)' : ''}`).join(', ')}. The tournament sets, Wolter's survey and the random boards, per engine, are in the section \`solve\` below.` : '',
  parts: (o) => {
    const [what = 'compare', ...files] = o._;
    if (!WHAT.includes(what)) throw new Error(`usage: npm run bench -- engines ${WHAT.join('|')} [f.cnf ...]`);
    if (what === 'setup') {
      return [part({
        about: 'Per engine: its first compile in this process, a new instance (own memory, instantiation, constructor; median of 101, none released), and one made after a `release()` (median of 1001, the released heap reused).',
        inputs: wasmEngines,
        commands: [here('set up', (engine: EngineName) => {
          let t = performance.now();
          engineModule(engine);
          const compile = performance.now() - t;
          const fresh = Array.from({ length: 101 }, () => ((t = performance.now()), createSolver(engine).newVar(), performance.now() - t));
          const reused = Array.from({ length: 1001 }, () => ((t = performance.now()), createSolver(engine).release(), performance.now() - t));
          return { bytes: readFileSync(join(packageRoot(), 'engines', `${engine}.wasm`)).length, compile, fresh: median(fresh), reused: median(reused) };
        })],
        views: (runs) => [view({ rows: runs, columns: [['engine', (r) => r.input], ['bytes', (r) => int(r.value.value.bytes)], ['first compile ms', (r) => ms(r.value.value.compile)], ['new instance ms', (r) => ms(r.value.value.fresh)], ['after release() ms', (r) => ms(r.value.value.reused)]] })],
      })];
    }
    if (what === 'solve') {
      return [part({
        about: `Each file loaded and solved by our wasm engine (a new instance each run; time includes loading the clauses) and by Debian's native binary (\`minisat -no-pre\`, \`cadical\`; its own CPU time), medians of ${o.runs} runs.`,
        inputs: files.flatMap((file) => wasmEngines.map((engine) => ({ file, engine }))),
        commands: [here('solve', async ({ file, engine }: { file: string; engine: EngineName }) => {
          const { vars, clauses } = parseDimacs(readFileSync(file, 'utf8'));
          const times: number[] = [];
          let conflicts = NaN;
          let outcome = '';
          for (let r = 0; r < o.runs; r++) {
            const t = performance.now();
            const s = createSolver(engine);
            s.newVars(vars);
            for (const c of clauses) s.addClause(c);
            outcome = s.solve();
            times.push((performance.now() - t) / 1000);
            conflicts = (s as WasmSolver).stats()?.conflicts ?? NaN;
            s.release();
          }
          const nat: { seconds: number; conflicts: number }[] = [];
          for (let r = 0; r < o.runs; r++) nat.push(await native(engine, file));
          return { wasm: median(times), outcome, conflicts, native: median(nat.map((x) => x.seconds)), nativeConflicts: nat[0]?.conflicts ?? NaN };
        })],
        views: (runs) => [view({ rows: runs, columns: [
          ['file', (r) => basename(r.input.file)], ['engine', (r) => r.input.engine], ['wasm load+solve s', (r) => `${r.value.value.wasm.toFixed(3)} (${r.value.value.outcome})`], ['wasm conflicts', (r) => r.value.value.conflicts],
          ['native s', (r) => secs(r.value.value.native)], ['native conflicts', (r) => r.value.value.nativeConflicts], ['wasm/native time', (r) => (r.value.value.wasm / r.value.value.native).toFixed(2)],
        ] })],
      })];
    }
    const census = part({
      title: 'Census: `verify` of all 65,536 4x4 pictures',
      about: `One ciphertext whose blocks are all 65,536 4x4 pictures (their clues, no annotation), verified by one CLI process per engine with \`--jobs 1\` (the main thread; SAT instances shared across blocks as always). CPU (user + system) and peak RSS of the whole process from ${measuredBy}. "wrong" compares every block's verdict with counting clue classes (a picture is unique exactly when no other picture has its clues; the rest must be multiple); the library re-checks every grid a SAT call returns with \`checkGrid\`.`,
      inputs: async () => (await writeClueCiphertext(join(workFolder(), 'all-4x4.cipher'), 4, 4, all4x4()), o.engine),
      commands: [{ label: 'verify', run: async (engine: EngineName) => {
        const r = await runProcess(cliArgv('verify', '--jobs', '1', '--quiet', '--engine', engine, join(workFolder(), 'all-4x4.cipher')), { capS: 1800 });
        const expected = uniqueByCounting(all4x4()).map((u) => (u ? 'unique' : 'multiple'));
        const verdicts = r.stdout.split('\n').flatMap((l) => { const m = /^block (\d+): (unique|multiple|none|unknown)/.exec(l); return m ? [[Number(m[1]) - 1, m[2]!] as const] : []; });
        return { r, verdicts, wrong: verdicts.filter(([i, v]) => v !== expected[i]) };
      } }],
      views: (runs) => [view({ rows: runs, columns: [
        ['engine', (x) => `\`${x.input}\``], ['blocks', () => int(65_536)],
        ...(['unique', 'multiple', 'none', 'unknown'] as const).map((k): [string, (x: (typeof runs)[number]) => string] => [k, (x) => int(x.value.verdicts.filter(([, v]) => v === k).length)]),
        ['wrong', (x) => x.value.wrong.length], ['CPU s', (x) => secs(x.value.r.cpu)], ['wall s', (x) => secs(x.value.r.wall)], ['peak RSS MiB', (x) => x.value.r.rssMiB.toFixed(0)], ['exit', (x) => exitOf(x.value.r)],
      ] })],
      problems: (runs) => runs.flatMap((x) => [...x.value.wrong.slice(0, 3).map(([i, v]) => `census ${x.input}: block ${i + 1} is ${v}, counting says otherwise`), ...(x.value.verdicts.length === 65_536 ? [] : [`census ${x.input}: ${x.value.verdicts.length} block lines of 65,536 (exit ${exitOf(x.value.r)})`])]),
    });
    // The 5x5 with two solutions is decided by the search; no SAT engine loads for it (test/startup.test.ts),
    // so --engine cannot change these figures: the engines' own set-up is `engines setup`.
    const startup = { ...startupPart(o['startup-runs'], (cli, easy, two) => [
      { label: 'Node alone (`node -e 0`), for reference', args: ['-e', '0'], expect: '' },
      { label: 'line-solvable 5x5', args: cli('solve', easy), expect: 'unique (line-solvable)' },
      { label: 'two solutions 5x5 (probing and the search)', args: cli('solve', two), expect: 'multiple' },
      { label: 'two solutions 5x5, in a worker thread (`--timeout 60`)', args: cli('solve', two, '--timeout', '60'), expect: 'multiple' },
      { label: 'two solutions 5x5, node --no-liftoff', args: ['--no-liftoff', ...cli('solve', two)], expect: 'multiple' },
      { label: 'two solutions 5x5, node --liftoff-only', args: ['--liftoff-only', ...cli('solve', two)], expect: 'multiple' },
    ]), title: 'CLI start-up', about: 'Process start to answer: a fresh `node` process per run on 5x5 puzzles written to a temporary folder; wall from around the spawn, CPU (user + system, all threads) from the kernel; medians of the runs shown after one untimed run. Neither puzzle loads a SAT engine (line logic, probing and the search decide them); the solver core\'s WebAssembly loads for both. The target of issue 27: under 0.15 CPU s for a small puzzle. Wall-clock figures on this shared 2-core machine rise with its load; the minimum is the best estimate of an idle machine.' };
    return [...(o.part.includes('census') ? [census] : []), ...(o.part.includes('startup') ? [startup] : [])];
  },
});
