import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { WasmSolver } from '../src/sat/WasmSolver.js';
import { createSolver } from '../src/sat/engines.js';
import { engineModule } from '../src/sat/wasmEngine.js';

/**
 * Our WebAssembly SAT engines (engines/README.md has the figures):
 *   npm run bench -- engines setup            instance set-up in Node, median of many
 *   npm run bench -- engines solve f.cnf...   DIMACS files: our wasm MiniSat and CaDiCaL next to
 *                                             Debian's native `minisat` and `cadical` (if installed)
 * Options: --runs N (solve; default 3, medians are reported).
 */
export async function main(args: string[]): Promise<void> {
  const [what, ...rest] = args;
  const runsAt = rest.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(rest.splice(runsAt, 2)[1]) : 3;
  if (what === 'setup') return setup();
  if (what === 'solve') return solveFiles(rest, runs);
  throw new Error('usage: npm run bench -- engines setup | solve <file.cnf>... [--runs N]');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => x.toFixed(x < 1 ? 3 : 1);

function setup(): void {
  for (const engine of ['minisat', 'cadical'] as const) {
    const bytes = readFileSync(new URL(`../../engines/${engine}.wasm`, import.meta.url));
    // The first compile in this process (V8 caches a module it has compiled before).
    let t = performance.now();
    engineModule(engine);
    const compile = performance.now() - t;
    // A new instance each time (own memory, instantiation, the engine's constructor): dropped
    // without release(), so none is reused.
    const fresh: number[] = [];
    for (let i = 0; i < 101; i++) {
      t = performance.now();
      const s = createSolver(engine);
      fresh.push(performance.now() - t);
      s.newVar();
    }
    // Released and made again: the released instance's heap is reused.
    const reused: number[] = [];
    for (let i = 0; i < 1001; i++) {
      t = performance.now();
      const s = createSolver(engine);
      reused.push(performance.now() - t);
      s.release();
    }
    console.log(
      `${engine}: ${bytes.length} bytes; first compile ${ms(compile)} ms; new instance ${ms(median(fresh))} ms; after release() ${ms(median(reused))} ms (medians)`,
    );
  }
}

function parseDimacs(text: string): { vars: number; clauses: Int32Array[] } {
  let vars = 0;
  const clauses: Int32Array[] = [];
  let current: number[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('c') || line.trim() === '') continue;
    if (line.startsWith('p')) {
      vars = Number(line.trim().split(/\s+/)[2]);
      continue;
    }
    for (const token of line.trim().split(/\s+/)) {
      const lit = Number(token);
      if (lit === 0) {
        clauses.push(Int32Array.from(current));
        current = [];
      } else current.push(lit);
    }
  }
  return { vars, clauses };
}

function native(command: string, file: string): { seconds: number; conflicts: number } | undefined {
  const args = command === 'minisat' ? ['-no-pre', file] : [file];
  const run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.error) return undefined;
  const text = run.stdout;
  const number = (re: RegExp) => Number(re.exec(text)?.[1] ?? NaN);
  return command === 'minisat'
    ? { seconds: number(/CPU time\s*:\s*([\d.]+)/), conflicts: number(/conflicts\s*:\s*(\d+)/) }
    : { seconds: number(/total process time since initialization:\s*([\d.]+)/), conflicts: number(/c conflicts:\s*(\d+)/) };
}

function solveFiles(files: string[], runs: number): void {
  console.log('file | engine | wasm load+solve s | wasm conflicts | native s | native conflicts | wasm/native time');
  for (const file of files) {
    const { vars, clauses } = parseDimacs(readFileSync(file, 'utf8'));
    for (const engine of ['minisat', 'cadical'] as const) {
      const times: number[] = [];
      let conflicts = NaN;
      let outcome = '';
      for (let r = 0; r < runs; r++) {
        const t = performance.now();
        const s = createSolver(engine);
        s.newVars(vars);
        for (const c of clauses) s.addClause(c);
        outcome = s.solve();
        times.push((performance.now() - t) / 1000);
        conflicts = (s as WasmSolver).stats()?.conflicts ?? NaN;
        s.release();
      }
      const nat = Array.from({ length: runs }, () => native(engine, file)).filter((x) => x !== undefined);
      const natTime = nat.length ? median(nat.map((x) => x.seconds)) : NaN;
      const wasmTime = median(times);
      console.log(
        [basename(file), engine, `${wasmTime.toFixed(3)} (${outcome})`, conflicts, natTime, nat[0]?.conflicts ?? '', (wasmTime / natTime).toFixed(2)].join(' | '),
      );
    }
  }
}
