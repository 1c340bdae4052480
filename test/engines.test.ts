import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { NonocryptError, SolverAbortError } from '../src/errors.js';
import type { SatSolver } from '../src/sat/SatSolver.js';
import { createSolver, loadEngine } from '../src/sat/engines.js';
import type { WasmSolver } from '../src/sat/WasmSolver.js';
import { coreSourceHash } from '../src/solve/NonogramCore.js';
import { tempDir } from './helpers/cli.js';
import { bruteSat, pigeonhole } from './helpers/cnf.js';

// The WebAssembly engines (engines/*.wasm) behind the SatSolver interface. No timed
// assertions: speed is measured in engines/README.md, not tested.

const ENGINES = ['minisat', 'cadical'] as const;
const root = new URL('../', import.meta.url);
const MIB = 1 << 20;

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function rng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n) | 0;
  };
}

const satisfies = (clause: number[], bit: (v: number) => boolean) => clause.some((l) => bit(Math.abs(l)) === l > 0);

function randomClause(rand: (n: number) => number, n: number, maxLen: number): number[] {
  const len = 1 + rand(maxLen);
  return Array.from({ length: len }, () => (1 + rand(n)) * (rand(2) ? 1 : -1));
}

function expectModel(s: SatSolver, clauses: number[][], assume: number[] = []): void {
  const bit = (v: number) => s.value(v) === 1;
  for (const c of clauses) expect(satisfies(c, bit), `clause ${c.join(' ')}`).toBe(true);
  for (const a of assume) expect(satisfies([a], bit), `assumption ${a}`).toBe(true);
}

/** Pigeonhole (helpers/cnf.ts) on fresh variables of `s`, each clause under `guard` if given; returns its x(i, j). */
function addPigeonhole(s: SatSolver, p: number, guard?: number): (i: number, j: number) => number {
  const { n, clauses, x } = pigeonhole(p);
  const shift = s.newVars(n) - 1;
  const at = (l: number) => (l > 0 ? l + shift : l - shift);
  for (const c of clauses) s.addClause(guard === undefined ? c.map(at) : [-guard, ...c.map(at)]);
  return (i, j) => x(i, j) + shift;
}

test('every committed .wasm matches engines/SHA256SUMS, and the README names the Debian source versions', () => {
  const sums = readFileSync(new URL('engines/SHA256SUMS', root), 'utf8').trim().split('\n');
  const named = sums.map((line) => line.split(/\s+/)[1]).sort();
  expect(named).toEqual(['cadical.wasm', 'checker.wasm', 'core.wasm', 'games.wasm', 'minisat.wasm']);
  for (const line of sums) {
    const [sum, file] = line.split(/\s+/) as [string, string];
    const actual = createHash('sha256').update(readFileSync(new URL(`engines/${file}`, root))).digest('hex');
    expect(actual, file).toBe(sum);
  }
  const readme = readFileSync(new URL('engines/README.md', root), 'utf8');
  expect(readme).toContain('minisat2 1:2.2.1-5');
  expect(readme).toContain('cadical 1.7.4-1');
  const build = readFileSync(new URL('engines/build.sh', root), 'utf8');
  expect(build).toContain('MINISAT_VERSION=1:2.2.1-5');
  expect(build).toContain('CADICAL_VERSION=1.7.4-1');
});

/** What engines/build.sh reads from the repository: itself and every file of glue/, patches/, stub/, core/, games/ and checker/. */
function buildInputs(): string[] {
  const dir = fileURLToPath(new URL('engines/', root));
  const files: string[] = ['build.sh'];
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${rel}/${e.name}`);
      else files.push(`${rel}/${e.name}`);
    }
  };
  for (const d of ['glue', 'patches', 'stub', 'core', 'games', 'checker']) walk(d);
  return files.sort().map((f) => `${createHash('sha256').update(readFileSync(join(dir, f))).digest('hex')}  ${f}`);
}

test('engines/INPUTS.sha256 holds every file engines/build.sh reads and the Debian versions it pins: the .wasm files were built from this tree', () => {
  const recorded = readFileSync(new URL('engines/INPUTS.sha256', root), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const files = recorded.filter((l) => !l.startsWith('debian '));
  const now = buildInputs();
  const changed = [...new Set([...now, ...files].filter((l) => !now.includes(l) || !files.includes(l)).map((l) => l.slice(66)))];
  expect(changed, `engines/ build inputs changed since the .wasm files were built (${changed.join(', ')}): run engines/build.sh (ONLY=core, ONLY=games or ONLY=checker engines/build.sh when only that folder changed)`).toEqual([]);
  const build = readFileSync(new URL('engines/build.sh', root), 'utf8');
  const pin = (name: string) => new RegExp(`^${name}=(\\S+)`, 'm').exec(build)?.[1];
  expect(recorded.filter((l) => l.startsWith('debian ')), 'the pinned Debian versions of build.sh were built with: run engines/build.sh').toEqual([
    `debian ${pin('MINISAT_SRC')} ${pin('MINISAT_VERSION')} ${pin('MINISAT_DSC')} ${pin('MINISAT_DSC_SHA256')}`,
    `debian ${pin('CADICAL_SRC')} ${pin('CADICAL_VERSION')} ${pin('CADICAL_TAR')} ${pin('CADICAL_TAR_SHA256')}`,
    `debian emscripten ${pin('EMSCRIPTEN_VERSION')}`,
  ]);
});

describe('engines/build.sh in a broken environment stops with one line saying what is missing and what to do', () => {
  const buildSh = fileURLToPath(new URL('engines/build.sh', root));
  /** Runs build.sh with PATH = a folder of the given fake tools, then `rest` (the real tools, or none). */
  function run(fakes: Record<string, string>, rest: string, env: Record<string, string> = {}): { code: number | null; stderr: string; cleanup: () => void } {
    const { dir, cleanup } = tempDir('nonocrypt-build-');
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    for (const [name, body] of Object.entries(fakes)) {
      writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
      chmodSync(join(bin, name), 0o755);
    }
    const r = spawnSync('/bin/bash', [buildSh], {
      env: { PATH: `${bin}${rest ? `:${rest}` : ''}`, OUT: join(dir, 'out'), WORK: join(dir, 'work'), ...env },
      encoding: 'utf8',
    });
    return { code: r.status, stderr: r.stderr, cleanup };
  }
  const oneLine = (stderr: string) => {
    const lines = stderr.trim().split('\n');
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^build\.sh: /);
    return lines[0]!;
  };
  // Fakes for the tools before the source packages; real coreutils after them.
  const tools = {
    'em++': 'exit 0',
    'dpkg-source': 'exit 0',
    'dpkg-query': "printf '%s' '3.1.6~dfsg-5'",
  };

  test('no emscripten, and apt-get cannot install it', () => {
    // PATH: apt-get (failing) and dirname only, so neither em++ nor dpkg-source is found.
    const { code, stderr, cleanup } = run({ 'apt-get': 'echo "E: Unable to locate package emscripten" >&2; exit 100', dirname: 'exec /usr/bin/dirname "$@"' }, '');
    cleanup();
    expect(code).toBe(1);
    expect(oneLine(stderr)).toBe(
      "build.sh: missing em++ (package emscripten) dpkg-source (package dpkg-dev), and 'apt-get install emscripten dpkg-dev' failed (E: Unable to locate package emscripten): run build.sh as root on Debian bookworm, or install Debian's emscripten 3.1.6~dfsg-5 and dpkg-dev first",
    );
  });

  test('the source packages cannot be downloaded', () => {
    const apt = 'case "$1" in source) echo "E: Failed to fetch" >&2; exit 100;; esac; exit 0';
    const cache = 'case "$2" in minisat2) echo "Version: 1:2.2.1-5";; cadical) echo "Version: 1.7.4-1";; esac';
    const { code, stderr, cleanup } = run({ ...tools, 'apt-get': apt, 'apt-cache': cache }, '/usr/bin:/bin');
    cleanup();
    expect(code).toBe(1);
    expect(oneLine(stderr)).toBe(
      'build.sh: apt-get source could not download minisat2 1:2.2.1-5 and cadical 1.7.4-1 (mirror unreachable?): take the files from snapshot.debian.org and run SOURCES=dir engines/build.sh (engines/README.md)',
    );
  });

  test('SOURCES=dir without the files, or with other files under their names', () => {
    const { dir: sources, cleanup: removeSources } = tempDir('nonocrypt-sources-');
    let r = run(tools, '/usr/bin:/bin', { SOURCES: sources });
    r.cleanup();
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe(`build.sh: SOURCES=${sources} has no minisat2_2.2.1-5.dsc (engines/README.md lists the files to take from snapshot.debian.org)`);
    writeFileSync(join(sources, 'minisat2_2.2.1-5.dsc'), 'not the package\n');
    writeFileSync(join(sources, 'cadical_1.7.4.orig.tar.gz'), 'not the tarball\n');
    r = run(tools, '/usr/bin:/bin', { SOURCES: sources });
    r.cleanup();
    removeSources();
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe(
      'build.sh: minisat2_2.2.1-5.dsc or cadical_1.7.4.orig.tar.gz does not have the SHA-256 pinned in build.sh: these are not the sources the engines are built from',
    );
  });
});

test('engines/core.wasm was built from the sources in engines/core/ (engines/build.sh compiles their SHA-256 in)', () => {
  const dir = new URL('engines/core/', root);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.h') || f.endsWith('.cc'))
    .sort();
  expect(files).toContain('api.cc');
  const hash = createHash('sha256');
  for (const f of files) hash.update(readFileSync(new URL(f, dir)));
  expect(coreSourceHash(), 'engines/core/ changed since core.wasm was built: run ONLY=core engines/build.sh').toBe(hash.digest('hex'));
});

test('the engine modules import nothing from Node statically (they must bundle for browsers)', () => {
  const seen = new Set<string>();
  const visit = (url: URL) => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    const text = readFileSync(new URL(url.href.replace(/\.js$/, '.ts')), 'utf8');
    // Type-only imports are erased by the compiler.
    for (const [, spec] of text.matchAll(/^(?:import|export)(?!\s+type\b)[^'"]*from\s+'([^']+)'/gm)) {
      expect(spec!.startsWith('.'), `${url.pathname} imports ${spec}`).toBe(true);
      visit(new URL(spec!, url));
    }
  };
  visit(new URL('src/sat/engines.js', root));
  visit(new URL('src/sat/lratProof.js', root)); // the proof engine runs in the page's worker too
  expect(seen.size).toBeGreaterThanOrEqual(5);
});

describe.each(ENGINES)('%s', (engine) => {
  test('agrees with brute force on random small CNFs: incremental, assumptions of both signs, failed assumptions', () => {
    const rand = rng(engine === 'minisat' ? 1 : 2);
    for (let round = 0; round < 300; round++) {
      const n = 1 + rand(9);
      const s = createSolver(engine);
      expect(s.newVars(n)).toBe(1);
      const clauses: number[][] = [];
      // Three stages: clauses are added after each solve, each stage solved under assumptions too.
      for (let stage = 0; stage < 3; stage++) {
        const more = rand(4 * n + 2);
        for (let k = 0; k < more; k++) {
          const c = randomClause(rand, n, 4);
          clauses.push(c);
          s.addClause(c);
        }
        const plain = s.solve();
        expect(plain, `round ${round} stage ${stage}`).toBe(bruteSat(n, clauses) ? 'sat' : 'unsat');
        if (plain === 'sat') expectModel(s, clauses);
        for (let q = 0; q < 3; q++) {
          const assume = Array.from({ length: rand(5) }, () => (1 + rand(n)) * (rand(2) ? 1 : -1));
          const outcome = s.solve(assume);
          expect(outcome, `round ${round} stage ${stage} assuming ${assume.join(' ')}`).toBe(bruteSat(n, clauses, assume) ? 'sat' : 'unsat');
          if (outcome === 'sat') {
            expectModel(s, clauses, assume);
          } else {
            const failed: number[] = [];
            for (let v = 1; v <= n; v++) {
              for (const lit of [v, -v]) if (s.failed(lit)) failed.push(lit);
            }
            for (const lit of failed) expect(assume, `failed ${lit} is an assumption`).toContain(lit);
            expect(bruteSat(n, clauses, failed), `failed ${failed.join(' ')} alone refutes`).toBe(false);
          }
        }
      }
      s.release();
    }
  });

  test('phase hints choose among the models, never change the answer, and end the last model', () => {
    const rand = rng(engine === 'minisat' ? 4 : 5);
    for (let round = 0; round < 100; round++) {
      const n = 1 + rand(8);
      const s = createSolver(engine);
      s.newVars(n);
      const clauses = Array.from({ length: rand(2 * n) }, () => randomClause(rand, n, 3));
      for (const c of clauses) s.addClause(c);
      const sat = bruteSat(n, clauses);
      // A hint toward one model of the clauses (when there is one): MiniSat finds exactly it,
      // since every decision then agrees with that model and propagation cannot contradict it.
      // CaDiCaL may answer before deciding (its 'lucky' phases) or leave unused variables out
      // of its search, so for it the hint is only a hint.
      const target = Array.from({ length: n }, () => rand(2));
      const hinted = sat && bruteSat(n, clauses, target.map((b, i) => (b ? i + 1 : -(i + 1))));
      expect(s.solve()).toBe(sat ? 'sat' : 'unsat');
      for (let v = 1; v <= n; v++) s.phase(target[v - 1] ? v : -v);
      if (sat) expect(() => s.value(1)).toThrow(/no model/);
      expect(s.solve(), `round ${round}`).toBe(sat ? 'sat' : 'unsat');
      if (sat) expectModel(s, clauses);
      if (hinted && engine === 'minisat') for (let v = 1; v <= n; v++) expect(s.value(v), `round ${round} variable ${v}`).toBe(target[v - 1]);
      s.release();
    }
  });

  test('stats() counts the search: conflicts, decisions and propagations grow over the solves', () => {
    const s = createSolver(engine) as WasmSolver;
    expect(s.stats()).toEqual({ conflicts: 0, decisions: 0, propagations: 0 });
    addPigeonhole(s, 5);
    expect(s.solve()).toBe('unsat');
    const after = s.stats();
    expect(after.conflicts).toBeGreaterThan(10);
    expect(after.decisions).toBeGreaterThan(10);
    expect(after.propagations).toBeGreaterThan(after.decisions);
    s.release();
  });

  test('a deadline in the past gives unknown on a hard instance, which then answers an easy query', () => {
    const s = createSolver(engine);
    const g = s.newVar();
    const x = addPigeonhole(s, 9, g);
    expect(s.solve([g], { deadline: performance.now() - 1 })).toBe('unknown');
    expect(s.solve([g], { deadline: -Infinity })).toBe('unknown');
    // The deadline is read on performance.now()'s clock: an unknown answer means it has passed.
    const deadline = performance.now() + 20;
    expect(s.solve([g], { deadline })).toBe('unknown');
    expect(performance.now()).toBeGreaterThanOrEqual(deadline);
    // Still usable, and nothing wrong was learnt.
    expect(s.solve([-g])).toBe('sat');
    expect(s.solve([g, x(0, 0), x(1, 0)])).toBe('unsat');
    expect(s.failed(x(0, 0)) && s.failed(x(1, 0))).toBe(true);
    const y = s.newVar();
    s.addClause([y, g]);
    expect(s.solve([-g], { deadline: performance.now() + 60_000 })).toBe('sat');
    expect(s.value(y)).toBe(1);
    s.release();
  });

  test('a conflict budget stops a hard instance at the same point every time, and the instance goes on', () => {
    const stops: string[] = [];
    for (let run = 0; run < 2; run++) {
      const s = createSolver(engine);
      const g = s.newVar();
      const x = addPigeonhole(s, 9, g);
      const stats = () => (s as WasmSolver).stats();
      expect(s.solve([g], { conflicts: 0 })).toBe('unknown');
      const before = stats().conflicts;
      expect(s.solve([g], { conflicts: 500 })).toBe('unknown');
      const first = stats();
      // About the budget: MiniSat at least it and a few hundred past (it reads the clock every
      // 8,192 propagations); CaDiCaL by its own conflict limit, a few past at most (501-504 here).
      const [least, most] = engine === 'minisat' ? [500, 1000] : [500, 520];
      expect(first.conflicts - before).toBeGreaterThanOrEqual(least);
      expect(first.conflicts - before).toBeLessThan(most);
      // A budget counts from the solve's start: a second one goes as far again.
      expect(s.solve([g], { conflicts: 500 })).toBe('unknown');
      const second = stats();
      expect(second.conflicts - first.conflicts).toBeGreaterThanOrEqual(least);
      stops.push(JSON.stringify([first, second]));
      // With a deadline too, the first limit reached stops it; without a budget the clock is the wall's again.
      expect(s.solve([g], { conflicts: 1e9, deadline: performance.now() - 1 })).toBe('unknown');
      expect(s.solve([g, x(0, 0), x(1, 0)], { conflicts: 1e9 })).toBe('unsat');
      const y = s.newVar();
      s.addClause([y, g]);
      expect(s.solve([-g], { conflicts: 10 })).toBe('sat');
      expect(s.value(y)).toBe(1);
      expect(() => s.solve([g], { conflicts: -1 })).toThrow(/not a count/);
      s.release();
    }
    // Deterministic: the same formula stops with the same statistics, whatever the clock says.
    expect(stops[1]).toBe(stops[0]);
  });

  test('past its memory cap an instance dies with the reason, and every later call throws', () => {
    const s = createSolver(engine, { memoryCapBytes: 32 * MIB });
    const n = 200_000;
    s.newVars(n);
    const rand = rng(3);
    const clause = new Int32Array(3);
    let error: unknown;
    try {
      for (let k = 0; k < 5_000_000; k++) {
        for (let i = 0; i < 3; i++) clause[i] = (1 + rand(n)) * (rand(2) ? 1 : -1);
        s.addClause(clause);
      }
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SolverAbortError);
    const reason = 'out of memory (memory cap of 32 MiB per SAT instance)';
    expect((error as SolverAbortError).reason).toBe(reason);
    expect(s.abortReason).toBe(reason);
    expect(() => s.addClause([1, 2])).toThrow(SolverAbortError);
    expect(() => s.solve()).toThrow(SolverAbortError);
    expect(() => s.value(1)).toThrow(SolverAbortError);
    expect(() => s.failed(1)).toThrow(SolverAbortError);
    expect(() => s.newVar()).toThrow(SolverAbortError);
    expect(() => s.retireVars(1, 2)).toThrow(SolverAbortError);
    expect(s.heapBytes).toBe(0);
    s.release();
    // The next instance is a fresh one, not the dead one's heap.
    const t = createSolver(engine);
    expect(t.heapBytes).toBeLessThan(32 * MIB);
    t.addClause([t.newVar()]);
    expect(t.solve()).toBe('sat');
    t.release();
  });

  test('release() frees the heap at once for the next instance; the released one refuses calls', () => {
    const s = createSolver(engine);
    const n = 20_000;
    s.newVars(n);
    const rand = rng(4);
    for (let k = 0; k < 100_000; k++) s.addClause([1 + rand(n), -(1 + rand(n)), 1 + rand(n)]);
    const heap = s.heapBytes;
    expect(heap).toBeGreaterThan(8 * MIB);
    s.release();
    expect(s.heapBytes).toBe(0);
    expect(() => s.solve()).toThrow(NonocryptError);
    expect(() => s.solve()).not.toThrow(SolverAbortError);
    s.release(); // twice is harmless
    // The next instance reuses that heap (no growth), and starts empty.
    const t = createSolver(engine);
    expect(t.heapBytes).toBe(heap);
    const a = t.newVar();
    t.addClause([-a]);
    expect(t.solve()).toBe('sat');
    expect(t.value(a)).toBe(0);
    expect(t.numClauses).toBe(1);
    t.release();
  });

  test('misuse throws E_INTERNAL and leaves the instance usable', () => {
    const s = createSolver(engine);
    const a = s.newVar();
    const internal = (f: () => unknown) => expect(f).toThrow(expect.objectContaining({ code: 'E_INTERNAL' }));
    internal(() => s.value(a)); // no model yet
    internal(() => s.addClause([a, 2])); // variable 2 not made
    internal(() => s.addClause([0]));
    internal(() => s.solve([3]));
    expect(s.solve([-a])).toBe('sat');
    internal(() => s.failed(-a)); // not after sat
    s.addClause([a]);
    internal(() => s.value(a)); // clauses added since the model
    expect(s.solve([-a])).toBe('unsat');
    expect(s.failed(-a)).toBe(true);
    expect(s.abortReason).toBeUndefined();
    expect(s.solve()).toBe('sat');
    expect(s.value(a)).toBe(1);
    s.retireVars(1, 1);
    s.release();
  });

  test('loadEngine accepts the bytes of the .wasm file (the browser path)', async () => {
    await loadEngine(engine, readFileSync(new URL(`engines/${engine}.wasm`, root)));
    const s = createSolver(engine);
    const [a, b] = [s.newVar(), s.newVar()];
    s.addClause([a, b]);
    s.addClause([-a]);
    expect(s.solve()).toBe('sat');
    expect(s.value(b)).toBe(1);
    s.release();
  });
});
