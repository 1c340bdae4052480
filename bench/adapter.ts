import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Cnf } from '../src/encode/Cnf.js';
import { encodePuzzle } from '../src/encode/encodePuzzle.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { Propagator } from '../src/line/Propagator.js';
import { AsmMiniSat as MiniSat } from '../src/sat/AsmMiniSat.js';
import { commandLine, machine, markdownTable, parseArgs, secs, writeSection } from './common.js';

/**
 * Why the SAT adapter feeds numeric clauses to logic-solver's bundled MiniSat instead of using
 * logic-solver's public formula API: the same CNF (the automaton encoding of random boards) is
 * loaded and solved both ways, each in a child process of its own so that peak memory is that
 * variant's alone.
 */
interface ChildResult {
  vars: number;
  clauses: number;
  loadS: number;
  solveS: number;
  sat: boolean;
  maxRssMb: number;
}

function instance(side: number, density: number): Cnf {
  let s = 12345 + side;
  const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);
  const grid = makeGrid(side, side, Array.from({ length: side * side }, () => (rand() < density ? 1 : 0)));
  const puzzle = puzzleOf(grid);
  const p = new Propagator(puzzle);
  const d = p.unknownDomains();
  p.run(d);
  const cnf = new Cnf();
  encodePuzzle(puzzle, d, cnf);
  return cnf;
}

function child(variant: string, side: number, density: number): ChildResult {
  const cnf = instance(side, density);
  new MiniSat(); // compile the asm.js module first: both variants share that start-up cost
  const t0 = performance.now();
  let solve: () => boolean;
  if (variant === 'raw') {
    const s = new MiniSat();
    s.newVars(cnf.numVars);
    for (const c of cnf.clauses) s.addClause(c);
    solve = () => s.solve() === 'sat';
  } else {
    const require = createRequire(import.meta.url);
    const Logic = require('logic-solver') as {
      Solver: new () => { require(f: unknown): void; solve(): unknown };
      or(...terms: string[]): unknown;
    };
    const solver = new Logic.Solver();
    for (const c of cnf.clauses) solver.require(Logic.or(...c.map((l) => (l > 0 ? `v${l}` : `-v${-l}`))));
    solve = () => solver.solve() !== null;
  }
  const t1 = performance.now();
  const sat = solve();
  const t2 = performance.now();
  return {
    vars: cnf.numVars,
    clauses: cnf.clauses.length,
    loadS: (t1 - t0) / 1000,
    solveS: (t2 - t1) / 1000,
    sat,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

export async function main(args: string[]): Promise<void> {
  const opts = parseArgs(args, { write: 'flag', child: 'value' });
  const spec = opts.get('child');
  if (typeof spec === 'string') {
    const [variant, side, density] = spec.split(',');
    process.stdout.write(JSON.stringify(child(variant!, Number(side), Number(density))));
    return;
  }
  const runJs = fileURLToPath(new URL('./run.js', import.meta.url));
  const rows: (string | number)[][] = [];
  for (const [side, density] of [
    [20, 0.5],
    [30, 0.5],
    [40, 0.5],
    [60, 0.6],
  ] as const) {
    const results: Record<string, ChildResult> = {};
    for (const variant of ['raw', 'formula']) {
      const r = spawnSync(process.execPath, [runJs, 'adapter', '--child', `${variant},${side},${density}`], { encoding: 'utf8', maxBuffer: 1 << 24 });
      if (r.status !== 0) throw new Error(`child ${variant} ${side} failed: ${r.stderr}`);
      results[variant] = JSON.parse(r.stdout) as ChildResult;
    }
    const raw = results.raw!;
    const f = results.formula!;
    rows.push([
      `${side}x${side}, density ${density}`,
      `${raw.vars} / ${raw.clauses}`,
      `${secs(raw.loadS)} / ${secs(f.loadS)}`,
      (f.loadS / raw.loadS).toFixed(1),
      `${secs(raw.solveS)} / ${secs(f.solveS)}`,
      `${raw.maxRssMb.toFixed(0)} / ${f.maxRssMb.toFixed(0)}`,
      raw.sat === f.sat ? 'yes' : 'NO',
    ]);
  }
  const table = markdownTable(
    ['random board', 'vars / clauses', 'load s: raw / formula API', 'load ratio', 'first solve s: raw / formula', 'peak RSS MB: raw / formula', 'same answer'],
    rows,
  );
  const body = `## SAT adapter: raw numeric clauses vs logic-solver's formula API

${new Date().toISOString()} on ${machine()}. Command: \`${commandLine('adapter', args)}\`.

The same CNF (automaton encoding of a random board after propagation) loaded into logic-solver's
bundled MiniSat through our numeric adapter (\`src/sat/AsmMiniSat.ts\`) and through the public
formula API (\`Logic.Solver#require(Logic.or(...))\` with named variables), each in its own child
process.

${table}

The adapter uses the numeric path; it is not logic-solver's public API, so the version is pinned
exactly in package.json.
`;
  process.stdout.write(body);
  if (opts.has('write')) writeSection('adapter', body);
}
