// The nonogram core's native debug build: test/native/coreHarness.cc compiled with g++, every
// assert in engines/core/ live (no -DNDEBUG, unlike core.wasm), AddressSanitizer and
// UndefinedBehaviorSanitizer on, run against brute force. Skipped, and saying so, without g++.
//
// The build takes 13-15 s of CPU on this shared 2-core machine (-O0: at -O1 UBSan's
// instrumentation about triples it), so the binary is kept in the system's temporary folder under
// a hash of the compiler, the flags and every source it reads: a later run only runs it (3-5 s).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './helpers/cli.js';

const CORE = join(ROOT, 'engines', 'core');
const HARNESS = join(ROOT, 'test', 'native', 'coreHarness.cc');
const FLAGS = ['-std=c++17', '-O0', '-g', '-fsanitize=address,undefined', '-fno-sanitize-recover=all', '-Wall', '-Wextra'];
const SEED = '20261201';
const BUILD_MS = 300_000; // a loaded 2-core machine took 55 s

const compiler = spawnSync('g++', ['--version'], { encoding: 'utf8' });
const haveGxx = compiler.status === 0;
const named = (what: string) => (haveGxx ? what : `${what} (skipped: g++ is not on PATH)`);
if (!haveGxx) console.warn('test/coreNative.test.ts: skipped, g++ is not on PATH (the native debug build of engines/core/ needs it)');

let built: string | undefined;

/** The harness binary: from the cache, or compiled into it. */
function harness(): string {
  if (built) return built;
  const hash = createHash('sha256').update(compiler.stdout).update(FLAGS.join(' ')).update(readFileSync(HARNESS));
  for (const f of readdirSync(CORE).sort()) hash.update(f).update(readFileSync(join(CORE, f)));
  const dir = join(tmpdir(), 'nonocrypt-core-harness');
  const binary = join(dir, hash.digest('hex').slice(0, 32));
  if (!existsSync(binary)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${binary}.${process.pid}`;
    const r = spawnSync('g++', [...FLAGS, `-I${CORE}`, HARNESS, '-o', partial], { encoding: 'utf8' });
    if (r.status !== 0) {
      rmSync(partial, { force: true });
      throw new Error(`g++ failed on test/native/coreHarness.cc:\n${r.stderr}`);
    }
    renameSync(partial, binary);
    // Builds of other sources (10 MB each) go after a day; a concurrent run's is younger.
    for (const f of readdirSync(dir)) {
      const other = join(dir, f);
      if (other !== binary && Date.now() - statSync(other).mtimeMs > 86_400_000) rmSync(other, { force: true });
    }
  }
  return (built = binary);
}

const run = (...args: string[]) => spawnSync(harness(), args, { encoding: 'utf8', env: { ...process.env, UBSAN_OPTIONS: 'print_stacktrace=1' } });

describe('the core built natively, asserts and sanitizers on', () => {
  test.skipIf(!haveGxx)(
    named('agrees with brute force on random lines and small boards, and with the picture on wide ones'),
    () => {
      const r = run(SEED);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const counts = Object.fromEntries(r.stdout.trim().split('\n').map((line) => line.split(' ') as [string, string]).map(([k, v]) => [k, Number(v)]));
      // What the run checked: fixed by the seed (lines 5120, fixpoints 1024, probed 282,
      // enumerated 259, enough 259, limited 117, implications 28070, propagations 298, finished
      // 133); the floors keep a change of the generators from hollowing it out.
      expect(counts).toMatchObject({ boards: 1200, givens: 1200, wide: 22 });
      const floors = { lines: 5000, fixpoints: 900, probed: 200, enumerated: 200, enough: 200, limited: 80, implications: 20_000, propagations: 200, finished: 100 };
      for (const [what, floor] of Object.entries(floors)) expect(counts[what], what).toBeGreaterThanOrEqual(floor);
    },
    BUILD_MS,
  );

  test.skipIf(!haveGxx)(
    named('the asserts are live: each broken precondition aborts at its assert'),
    () => {
      const cases: [string, RegExp][] = [
        ['place-twice', /board\.h:\d+: .*Assertion `cell\(c\) < 0/],
        ['undo-unmarked', /board\.h:\d+: .*Assertion `!openMarks\.empty\(\)/],
        ['line-too-wide', /line_solver\.h:\d+: .*Assertion `n >= 0 && n \+ 2 <= 64 \* NW'/],
      ];
      for (const [what, assertion] of cases) {
        const r = run('misuse', what);
        expect(r.signal, what).toBe('SIGABRT');
        expect(r.stderr, what).toMatch(assertion);
        expect(r.stdout, what).toBe('');
      }
    },
    BUILD_MS,
  );
});
