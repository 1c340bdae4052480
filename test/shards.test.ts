// The recipe for many machines (docs/how-to/many-machines.md, "Many machines"): `verify`/`solve --shard K/N` run as N
// jobs of GNU parallel (Debian's `parallel`), each writing JSON Lines; the shards' lines
// together are one process's lines, each input in exactly one shard, and parallel's exit code
// counts the shards that met a failing input. In CI (.ci/run installs parallel) it must run;
// elsewhere it is skipped, saying so, only when parallel is not installed.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { formatPicture } from '../src/formats/picture.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { ROOT, assertBuilt, childEnv, cliOnPath, hasGnuParallel, tempDir } from './helpers/cli.js';
import { satUniqueGrid, satUnsolvablePuzzle, stalledGrid } from './helpers/puzzles.js';

const hasParallel = hasGnuParallel();
if (!hasParallel && process.env.CI) throw new Error('GNU parallel is missing in CI: .ci/run installs it (apt-get install -y parallel)');
if (!hasParallel) console.warn('test/shards.test.ts: skipped, GNU parallel is not installed (apt-get install -y parallel; .ci/run does)');

type Doc = Record<string, unknown> & { file: string; block?: number };

describe.skipIf(!hasParallel)('--shard K/N under GNU parallel', () => {
  let tmp: { dir: string; cleanup: () => void };
  let env: NodeJS.ProcessEnv;
  const at = (...p: string[]) => join(tmp.dir, ...p);

  beforeAll(() => {
    assertBuilt();
    tmp = tempDir('nonocrypt-shards-');
    env = childEnv({ PATH: `${cliOnPath(tmp.dir)}:${process.env.PATH}` });
    // Puzzles: the examples, pictures that need search, one unsolvable, one malformed, nested.
    mkdirSync(at('puzzles', 'more'), { recursive: true });
    for (const f of ['heart.pic', 'scatter.pic', 'needs-search.nc', 'to-be-block2.nc']) copyFileSync(join(ROOT, 'examples', f), at('puzzles', f));
    for (let seed = 1; seed <= 6; seed++) writeFileSync(at('puzzles', 'more', `search-${seed}.pic`), formatPicture(satUniqueGrid(7, 7, 0.5, seed * 100)));
    writeFileSync(at('puzzles', 'more', 'none.nc'), formatCiphertext({ width: 6, height: 6, blocks: [{ puzzle: satUnsolvablePuzzle(), annotation: [] }] }));
    writeFileSync(at('puzzles', 'broken.non'), 'width 5\nheight 5\nrows\n9\n');
    // Ciphertexts of several blocks each, one with an ambiguous block, one malformed.
    mkdirSync(at('ciphertexts'), { recursive: true });
    copyFileSync(join(ROOT, 'examples', 'to-be.txt'), at('ciphertexts', 'to-be.txt'));
    for (let seed = 1; seed <= 5; seed++) {
      const blocks = [1, 2, 3].map((k) => ({ puzzle: puzzleOf(stalledGrid(8, 8, 0.5, seed * 10 + k)), annotation: [] }));
      writeFileSync(at('ciphertexts', `c${seed}.nc`), formatCiphertext({ width: 8, height: 8, blocks }));
    }
    writeFileSync(at('ciphertexts', 'broken.txt'), '5\nnot a clue line\n');
  });

  afterAll(() => tmp?.cleanup());

  const sh = (command: string) => spawnSync('sh', ['-c', command], { cwd: tmp.dir, env, input: '', encoding: 'utf8', timeout: 120_000 });
  const lines = (text: string): Doc[] => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Doc);
  /** The SAT engine's decisions and conflicts depend on what its instance solved before (SolveStats). */
  const withoutHistory = (d: Doc): Doc => {
    const stats = d.stats as Record<string, unknown> | undefined;
    if (!stats) return d;
    const { satDecisions: _d, satConflicts: _c, ...rest } = stats;
    return { ...d, stats: rest };
  };
  const failing = (d: Doc) => 'error' in d || d.status !== 'unique';

  for (const [command, folder, shards] of [
    ['verify', 'ciphertexts', 3],
    ['solve', 'puzzles', 4],
    ['solve', 'puzzles', 16], // more shards than inputs: the extra ones are empty
  ] as const) {
    test(`${command} ${folder}/ as ${shards} shards: their lines together are one process's lines`, () => {
      const whole = sh(`nonocrypt ${command} --json ${folder}`);
      expect(whole.stderr).toBe('');
      const expected = lines(whole.stdout).map(withoutHistory);
      expect(expected.length).toBeGreaterThan(10);
      const out = `${command}-${shards}`;
      const run = sh(`parallel --halt never 'nonocrypt ${command} --json -j 1 --shard {}/${shards} ${folder} > ${out}-{}.jsonl' ::: $(seq ${shards})`);
      expect(run.stderr).toBe('');
      const parts = Array.from({ length: shards }, (_, k) => lines(readFileSync(at(`${out}-${k + 1}.jsonl`), 'utf8')).map(withoutHistory));
      // Each input in exactly one shard, the shards in the order --shard describes.
      const files = parts.map((p) => [...new Set(p.map((d) => d.file))]);
      expect(files.flat()).toHaveLength(new Set(files.flat()).size);
      const order = [...new Set(expected.map((d) => d.file))];
      files.forEach((f, k) => expect(f).toEqual(order.filter((_, i) => i % shards === k)));
      // Merged by file (and block), they are one process's lines.
      const merged = parts.flat().sort((a, b) => order.indexOf(a.file) - order.indexOf(b.file) || (a.block ?? 0) - (b.block ?? 0));
      expect(merged).toEqual(expected);
      // parallel's exit code: the number of shards that met a failing input.
      expect(run.status).toBe(parts.filter((p) => p.some(failing)).length);
      expect(run.status).toBeGreaterThan(0);
    });
  }
});
