// One board on many machines (`solve FILE --split K/N`, `merge PART...`): the cubes are disjoint
// and cover every picture, the parts' verdicts merged are one process's verdict (against brute
// force on small boards, and through the CLI on boards with 0, 1 and several solutions), merge
// refuses parts that do not fit together, and GNU parallel runs the recipe of docs/how-to/many-machines.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cubeTreeFault, mergeParts, partDocument, readPart, type PartDocument } from '../src/collection/mergeParts.js';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { formatPicture } from '../src/formats/picture.js';
import { makeGrid, type Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { solvePart } from '../src/puzzle/solvePart.js';
import { inCube, splitCubes } from '../src/solve/split/splitCubes.js';
import { bruteSolutions, randomCells, rng } from './helpers/bruteForce.js';
import { ROOT, assertBuilt, childEnv, cliOnPath, expectUsageError, hasGnuParallel, nonocrypt, tempDir } from './helpers/cli.js';
import { satUniqueGrid, satUnsolvablePuzzle } from './helpers/puzzles.js';
import { thrown } from './helpers/thrown.js';
import { coverageOf } from '../src/certificate/check/checkSplit.js';

/** A random puzzle of 2..5 x 2..5 cells; every third has a row clue broken, so some have no picture. */
const puzzles = fc.record({ w: fc.integer({ min: 2, max: 5 }), h: fc.integer({ min: 1, max: 5 }), density: fc.double({ min: 0.2, max: 0.8, noNaN: true }), seed: fc.integer({ min: 1, max: 1e9 }), broken: fc.boolean() }).map(({ w, h, density, seed, broken }) => {
  const p = puzzleOf(makeGrid(w, h, randomCells(w, h, density, rng(seed))));
  if (!broken) return p;
  const rows = p.rows.map((r, y) => (y === 0 ? (r.length > 1 ? r.slice(1) : r.length === 1 ? [] : [1]) : r));
  return { ...p, rows };
});

const rowsOf = (cells: Uint8Array, w: number) => Array.from({ length: cells.length / w }, (_, y) => Array.from(cells.subarray(y * w, (y + 1) * w), (v) => (v ? '#' : '.')).join(''));

/** The verdict brute force gives: none, unique with its picture, or multiple. */
function bruteVerdict(p: Puzzle): { status: string; picture?: string[] } {
  const sols = bruteSolutions(p, 2);
  return sols.length === 0 ? { status: 'none' } : sols.length === 1 ? { status: 'unique', picture: rowsOf(sols[0]!, p.width) } : { status: 'multiple' };
}

describe('the cubes', () => {
  test('are N leaves of a binary tree: every assignment of their cells is in exactly one, and so is every picture', () => {
    fc.assert(
      fc.property(puzzles, fc.integer({ min: 1, max: 7 }), (p, n) => {
        const cells = p.width * p.height;
        if (n > 1 && Math.log2(n) > cells - 1) {
          expect(thrown(() => splitCubes(p, [], n))).toMatchObject({ code: 'E_USAGE' });
          return;
        }
        const cubes = splitCubes(p, [], n);
        expect(cubes).toHaveLength(n);
        expect(cubeTreeFault(cubes, p.width)).toBeUndefined();
        expect(splitCubes(p, [], n)).toEqual(cubes);
        const vars = [...new Set(cubes.flat().map((l) => Math.abs(l) - 1))];
        for (let a = 0; a < 1 << vars.length; a++) {
          const cellsOf = new Uint8Array(cells);
          vars.forEach((c, i) => (cellsOf[c] = (a >> i) & 1));
          expect(cubes.filter((c) => inCube(cellsOf, c))).toHaveLength(1);
        }
        for (const s of bruteSolutions(p, 1000)) expect(cubes.filter((c) => inCube(s, c))).toHaveLength(1);
      }),
      { numRuns: 150, seed: 42 },
    );
  });

  test('split an 8x8 board into parts none of which is trivially empty', () => {
    const g = satUniqueGrid(8, 8, 0.5, 7);
    const cubes = splitCubes(puzzleOf(g), [], 4);
    expect(cubes).toHaveLength(4);
    expect(new Set(cubes.map((c) => JSON.stringify(c))).size).toBe(4);
  });
});

describe('the cubes\' coverage as check-certificate proves it', () => {
  test('the leaves of a tree cover; a leaf missing, a cube twice or cubes not of one tree do not', () => {
    expect(coverageOf([[1, 2], [1, -2], [-1]])).toMatchObject({ ok: true });
    expect(coverageOf([[]])).toEqual({ ok: true, steps: 0 });
    expect(coverageOf([[1, 2], [-1]])).toMatchObject({ ok: false, reason: expect.stringContaining('reaches the empty clause') });
    expect(coverageOf([[1], [1], [-1]])).toEqual({ ok: false, reason: 'parts 1 and 2 have the same cube' });
    // {x1}, {-x1, x2}, {-x2}: they cover, but overlap (x1 and -x2), and no two negations differ in
    // one literal only: the steps never reach the empty clause, and the reason says so, not that
    // a picture is surely left out.
    const overlap = coverageOf([[1], [-1, 2], [-2]]);
    expect(overlap).toMatchObject({ ok: false, reason: expect.stringContaining('reaches the empty clause') });
    expect(overlap).toMatchObject({ reason: expect.stringContaining('or cover in a way these steps do not show') });
    // {x1}, {x1, x2}, {-x1}: not the leaves of one tree (one cube inside another), yet the steps
    // reach the empty clause: accepted, soundly.
    expect(coverageOf([[1], [1, 2], [-1]])).toMatchObject({ ok: true });
  });

  // Issue 66, item 11: the certificate page said a set of cubes that are not one tree's leaves "is
  // refused, even where it covers", which check-certificate did not do. The page names a set it
  // accepts and one it refuses; the checker must do as the page says with each.
  test('docs/explanation/certificates.md says which split sets check-certificate accepts, as coverageOf does', () => {
    const page = readFileSync(join(ROOT, 'docs', 'explanation', 'certificates.md'), 'utf8').replace(/\s+/g, ' ');
    expect(page).not.toMatch(/even where it covers/);
    const cubesOf = (names: string) => [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.split(' ').map((l) => (l.startsWith('-') ? -1 : 1) * (l.replace('-', '').charCodeAt(0) - 96)));
    const accepted = /also for some other sets, such as a cube that lies inside another beside their complement \(cubes ((?:`[^`]+`,? ?)+)\)/.exec(page);
    const refused = /A set that covers but whose clauses never resolve this way \(cubes ((?:`[^`]+`,? ?)+), which overlap\) is refused/.exec(page);
    expect(accepted, 'the sentence naming a set accepted though not one tree\'s leaves').not.toBeNull();
    expect(refused, 'the sentence naming a covering set refused').not.toBeNull();
    expect(cubesOf(accepted![1]!)).toEqual([[1], [1, 2], [-1]]);
    expect(coverageOf(cubesOf(accepted![1]!))).toMatchObject({ ok: true });
    expect(coverageOf(cubesOf(refused![1]!))).toMatchObject({ ok: false });
    // And the checker's own comment says the same, not the old sentence.
    expect(readFileSync(join(ROOT, 'src', 'certificate', 'check', 'checkSplit.ts'), 'utf8')).not.toMatch(/even where it covers/);
  });
});

describe('merge\'s test of the cubes (the leaves of one tree)', () => {
  test('accepts a tree\'s leaves and names what is wrong with any other set', () => {
    expect(cubeTreeFault([[]], 3)).toBeUndefined();
    expect(cubeTreeFault([[1, 2], [1, -2], [-1]], 3)).toBeUndefined();
    expect(cubeTreeFault([[-1], [1, -2], [1, 2]], 3)).toBeUndefined();
    expect(cubeTreeFault([[1, 2], [-1]], 3)).toBe('no part holds the pictures with cell (1, 0) white beside part 1');
    expect(cubeTreeFault([[1], [1], [-1]], 3)).toBe('parts 1 and 2 have the same cube');
    expect(cubeTreeFault([[1], [1, 2], [-1]], 3)).toBe('the cube of part 1 holds the cube of part 2');
    // {x1}, {-x1, x2}, {-x2}: they cover, but overlap; and two versions' cubes on different cells.
    expect(cubeTreeFault([[1], [-1, 2], [-2]], 3)).toBe('part 1 and part 3 part on different cells');
    expect(cubeTreeFault([[5], [-7]], 3)).toBe('part 1 and part 2 part on different cells');
    // Against the resolution check-certificate does, on random sets of small cubes.
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: -3, max: 3 }).filter((l) => l !== 0), { maxLength: 3 }), { minLength: 1, maxLength: 6 }), (raw) => {
        const cubes = raw.map((c) => c.filter((l, i) => c.findIndex((m) => Math.abs(m) === Math.abs(l)) === i));
        if (cubeTreeFault(cubes, 3) === undefined) expect(coverageOf(cubes).ok).toBe(true);
      }),
      { numRuns: 2000, seed: 3 },
    );
  });
});

describe('split and merge against brute force', () => {
  test('the parts merged give one process\'s verdict on random small boards', async () => {
    await fc.assert(
      fc.asyncProperty(puzzles, fc.integer({ min: 1, max: 5 }), async (p, n) => {
        if (n > 1 && Math.log2(n) > p.width * p.height - 1) return;
        const docs: PartDocument[] = [];
        for (let k = 1; k <= n; k++) {
          const r = await solvePart(p, { index: k, count: n });
          const doc = partDocument(r.puzzle, p, [], k, n, r.cube, r.result);
          // Through JSON, as merge reads it.
          docs.push(readPart(JSON.stringify(doc), `part-${k}.json`));
        }
        const m = await mergeParts(docs, docs.map((_, k) => `part-${k + 1}.json`));
        const want = bruteVerdict(p);
        expect(m.status).toBe(want.status);
        if (want.picture) expect(m.solutions).toEqual([want.picture]);
        if (m.status === 'multiple') {
          expect(m.solutions[0]).not.toEqual(m.solutions[1]);
          const all = bruteSolutions(p, 10_000).map((s) => rowsOf(s, p.width).join('\n'));
          for (const s of m.solutions) expect(all).toContain(s.join('\n'));
        }
      }),
      { numRuns: 60, seed: 7 },
    );
  }, 120_000);
});

describe('solve --split and merge (CLI)', () => {
  let tmp: { dir: string; cleanup: () => void };
  const at = (...p: string[]) => join(tmp.dir, ...p);
  const boards: [string, string][] = [];

  beforeAll(() => {
    assertBuilt();
    tmp = tempDir('nonocrypt-split-');
    writeFileSync(at('none.nc'), formatCiphertext({ width: 6, height: 6, blocks: [{ puzzle: satUnsolvablePuzzle(), annotation: [] }] }));
    writeFileSync(at('unique.pic'), formatPicture(satUniqueGrid(9, 9, 0.5, 300)));
    writeFileSync(at('multiple.pic'), readFileSync(join(ROOT, 'examples', 'scatter.pic'), 'utf8'));
    boards.push(['none.nc', 'none'], ['unique.pic', 'unique'], ['multiple.pic', 'multiple']);
  });
  afterAll(() => tmp?.cleanup());

  /** The parts of a board as files part-K.json; returns their names. */
  const split = (file: string, n: number, prefix = file): string[] =>
    Array.from({ length: n }, (_, i) => {
      const r = nonocrypt(['solve', '--json', '-j', '1', '--split', `${i + 1}/${n}`, at(file)]);
      expect([0, 1], r.stderr).toContain(r.code);
      expect(r.stderr).toBe('');
      const name = at(`${prefix}.part-${i + 1}.json`);
      writeFileSync(name, r.stdout);
      return name;
    });

  test('boards with 0, 1 and several solutions: merge says what one process says, with its exit code', () => {
    for (const [file, status] of boards) {
      const one = nonocrypt(['solve', '--json', '-j', '1', at(file)]);
      const whole = JSON.parse(one.stdout) as { status: string; solutions: string[][] };
      expect(whole.status).toBe(status);
      for (const n of [2, 3]) {
        const merged = nonocrypt(['merge', '--json', ...split(file, n)]);
        expect(merged.stderr).toBe('');
        expect(merged.code).toBe(one.code);
        const m = JSON.parse(merged.stdout) as { status: string; solutions: string[][]; parts: number; unfinished: unknown[] };
        expect(m).toMatchObject({ status, parts: n, unfinished: [] });
        if (status === 'unique') expect(m.solutions).toEqual(whole.solutions);
        if (status === 'multiple') expect(m.solutions).toHaveLength(2);
      }
    }
    const text = nonocrypt(['merge', ...split('unique.pic', 2)]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^unique \(every part of 2 searched to the end; the picture is in part [12]\)\n\n[#.]{9}\n/);
  });

  test('a part that did not finish makes the board unknown, naming it (exit 3); two pictures make it multiple all the same', () => {
    const parts = split('unique.pic', 3, 'unfinished');
    const doc = JSON.parse(readFileSync(parts[1]!, 'utf8')) as Record<string, unknown>;
    writeFileSync(parts[1]!, JSON.stringify({ ...doc, status: 'unknown', finished: false, reason: 'time limit of 1 s reached', solutions: [] }));
    const r = nonocrypt(['merge', ...parts]);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^unknown \(part 2 of 3 did not finish: time limit of 1 s reached\)/);
    const many = split('multiple.pic', 2, 'many');
    const d = JSON.parse(readFileSync(many[0]!, 'utf8')) as Record<string, unknown>;
    if ((d.solutions as unknown[]).length === 2) {
      writeFileSync(many[1]!, JSON.stringify({ ...(JSON.parse(readFileSync(many[1]!, 'utf8')) as object), status: 'unknown', finished: false, reason: 'stopped', solutions: [] }));
      const m = nonocrypt(['merge', ...many]);
      expect(m.code).toBe(1);
      expect(m.stdout).toMatch(/^multiple .*; part 2 did not finish: stopped\n/);
    }
  });

  test('merge refuses parts of another puzzle, another N, a part twice or missing, and what is not a part', () => {
    const u = split('unique.pic', 3, 'refuse-u');
    const other = split('none.nc', 3, 'refuse-n');
    const four = split('unique.pic', 4, 'refuse-4');
    expectUsageError(nonocrypt(['merge', u[0]!, other[1]!, u[2]!]), /refuse-n\.part-2\.json: a part of another puzzle than .*refuse-u\.part-1\.json/);
    expectUsageError(nonocrypt(['merge', u[0]!, four[1]!, u[2]!]), /part 2 of 4, but .* is a part of 3: split every part with the same N/);
    expectUsageError(nonocrypt(['merge', u[0]!, u[1]!, u[1]!, u[2]!]), /part 2 of 3 given twice: .*refuse-u\.part-2\.json and .*refuse-u\.part-2\.json/);
    expectUsageError(nonocrypt(['merge', u[0]!, u[2]!]), 'part 2 of 3 is missing');
    expectUsageError(nonocrypt(['merge', four[0]!]), 'parts 2, 3 and 4 of 4 are missing');
    // A part whose cube is not its tree's (split by another version): no verdict from such parts.
    const changed = at('refuse-u.changed.json');
    const d3 = JSON.parse(readFileSync(u[2]!, 'utf8')) as { split: { cube: number[] } };
    const flip = d3.split.cube.map((l, i) => (i === d3.split.cube.length - 1 ? -l : l));
    writeFileSync(changed, JSON.stringify({ ...d3, split: { ...d3.split, cube: flip } }));
    expectUsageError(nonocrypt(['merge', u[0]!, u[1]!, changed]), /the parts' cubes do not split the board: .*same version of nonocrypt/);
    // A picture given by a part whose cube does not hold it.
    const us = u.map((f) => JSON.parse(readFileSync(f, 'utf8')) as { status: string; solutions: string[][] });
    const has = us.findIndex((d) => d.solutions.length === 1);
    const moved = at('refuse-u.moved.json');
    writeFileSync(moved, JSON.stringify({ ...us[(has + 1) % 3], status: 'unique', solutions: us[has]!.solutions }));
    const given = u.map((f, k) => (k === (has + 1) % 3 ? moved : f));
    expectUsageError(nonocrypt(['merge', ...given]), new RegExp(`refuse-u\\.moved\\.json: part ${((has + 1) % 3) + 1} of 3 gives a picture outside its own cube`));
    // Missing parts are refused only while the parts given hold fewer than two pictures.
    const many = split('multiple.pic', 3, 'refuse-m');
    const docs = many.map((f) => JSON.parse(readFileSync(f, 'utf8')) as { solutions: unknown[] });
    const two = docs.findIndex((d) => d.solutions.length === 2);
    expect(two, 'scatter has a part with two pictures').toBeGreaterThanOrEqual(0);
    const alone = nonocrypt(['merge', '--json', many[two]!]);
    expect(alone.code, alone.stderr).toBe(1);
    expect(JSON.parse(alone.stdout)).toMatchObject({ status: 'multiple', parts: 3, unfinished: [1, 2, 3].filter((k) => k !== two + 1).map((part) => ({ part, reason: 'not given' })) });
    const one = docs.findIndex((d) => d.solutions.length === 1);
    if (one >= 0) expectUsageError(nonocrypt(['merge', many[one]!]), /are missing: merge needs all 3 .*unless the parts given hold two pictures/);
    const whole = at('whole.json');
    writeFileSync(whole, nonocrypt(['solve', '--json', at('unique.pic')]).stdout);
    expectUsageError(nonocrypt(['merge', whole]), /whole\.json: no "split" \(a whole board's verdict, not a part\)/);
    expectUsageError(nonocrypt(['solve', '--split', '3/2', at('unique.pic')]), /--split.*1 <= K <= N/);
    expectUsageError(nonocrypt(['solve', '--split', '1/2', '--count', at('unique.pic')]), '--split solves one part of one board for merge: --count cannot be used with it');
  });

  test('--certify: the parts\' certificates are checked as a set, cubes\' coverage included; a part missing or a cube changed is refused', () => {
    for (const [file, status] of boards.filter(([, s]) => s !== 'multiple')) {
      const dir = at(`certs-${status}`);
      mkdirSync(dir);
      for (let k = 1; k <= 3; k++) {
        const r = nonocrypt(['solve', '-j', '1', '--split', `${k}/3`, '--certify', dir, at(file)]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toMatch(/\ncertificate .*part-\d-of-3\.cnf, .*part-\d-of-3\.lrat/);
      }
      const ok = nonocrypt(['check-certificate', at(file), dir]);
      expect(ok.code, ok.stdout).toBe(status === 'unique' ? 0 : 1);
      expect(ok.stdout).toMatch(/cubes: cover every picture \(their negations have no model: \d+ resolution steps checked\)/);
      expect(ok.stdout).toContain(status === 'unique' ? 'board: certified unique (split into 3 parts)' : 'board: not unique: certified to have no solution (split into 3 parts)');
      const stem = file.replace(/\.[a-z]+$/, '');
      renameSync(join(dir, `${stem}.part-2-of-3.cnf`), at('aside.cnf'));
      const missing = nonocrypt(['check-certificate', '--json', at(file), dir]);
      expect(missing.code).toBe(1);
      const m = JSON.parse(missing.stdout) as { ok: boolean; status: string; reason: string; checks: { status: string; reason?: string }[] };
      expect(m).toMatchObject({ ok: false, status: 'failed', reason: 'part 2 of 3 not certified' });
      expect(m.checks[1]!.reason).toBe(`no certificate: ${stem}.part-2-of-3.cnf is missing`);
      renameSync(at('aside.cnf'), join(dir, `${stem}.part-2-of-3.cnf`));
      // A cube changed: the formula is still the clues' but the cubes no longer cover (or the proof fails).
      const cnf = join(dir, `${stem}.part-3-of-3.cnf`);
      const text = readFileSync(cnf, 'utf8');
      const lines = text.trimEnd().split('\n');
      const header = lines.findIndex((l) => l.startsWith('p cnf'));
      const [, , vars, count] = lines[header]!.split(' ');
      // One more cube literal, cell 1 black, after the clauses: the comparer takes it for the cube's.
      const clauses = lines.slice(header + 1);
      const last = clauses[clauses.length - 1]!.split(' ').length > 2 ? clauses.length - 1 : clauses.length;
      writeFileSync(cnf, [...lines.slice(0, header), `p cnf ${vars} ${Number(count) + 1}`, ...clauses.slice(0, last), '1 0', ...clauses.slice(last)].join('\n') + '\n');
      const changed = nonocrypt(['check-certificate', at(file), dir]);
      expect(changed.code).toBe(1);
      expect(changed.stdout).toMatch(/board: not certified/);
      writeFileSync(cnf, text);
    }
  });

  test('a part in words: its cube and its verdict on it', () => {
    const r = nonocrypt(['solve', '-j', '1', '--split', '1/2', at('none.nc')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^part 1 of 2: no picture in its cube \(searched to the end\)\ncube: 1 cell set: \(\d+, \d+\) (black|white)\nthe board's verdict: nonocrypt merge with the --json outputs of all 2 parts\n$/);
  });
});

const hasParallel = hasGnuParallel();
if (!hasParallel && process.env.CI) throw new Error('GNU parallel is missing in CI: .ci/run installs it (apt-get install -y parallel)');
if (!hasParallel) console.warn('test/split.test.ts: the GNU parallel recipe is skipped, GNU parallel is not installed (apt-get install -y parallel; .ci/run does)');

describe.skipIf(!hasParallel)('--split K/N under GNU parallel (the recipe of docs/how-to/many-machines.md)', () => {
  test('N parts run side by side (the first with two pictures stops the others), merged, give one process\'s verdict', () => {
    assertBuilt();
    const tmp = tempDir('nonocrypt-split-parallel-');
    try {
      const env = childEnv({ PATH: `${cliOnPath(tmp.dir)}:${process.env.PATH}` });
      const sh = (command: string) => spawnSync('sh', ['-c', command], { cwd: tmp.dir, env, input: '', encoding: 'utf8', timeout: 120_000 });
      for (const [name, grid] of [
        ['big.pic', formatPicture(satUniqueGrid(12, 12, 0.5, 11))],
        ['scatter.pic', readFileSync(join(ROOT, 'examples', 'scatter.pic'), 'utf8')],
      ] as const) {
        writeFileSync(join(tmp.dir, name), grid);
        const one = sh(`nonocrypt solve --json -j 1 ${name}`);
        const run = sh(`rm -f part-*.json; parallel --halt now,fail=1 'nonocrypt solve --json -j 1 --split {}/4 -o part-{}.json ${name}' ::: 1 2 3 4; nonocrypt merge --json part-*.json`);
        // GNU parallel says which part stopped the others, and nothing else is said. Two parts
        // that end within the same moment are both named (seen in CI on a busy machine).
        expect(run.stderr.replace(/^parallel: This job failed:\n.*--split \d\/4 -o part-\d\.json .*\n/gm, '')).toBe('');
        const whole = JSON.parse(one.stdout) as { status: string; solutions: string[][] };
        const merged = JSON.parse(run.stdout) as { status: string; solutions: string[][] };
        expect(merged.status).toBe(whole.status);
        expect(run.status).toBe(one.status);
        if (whole.status === 'unique') expect(merged.solutions).toEqual(whole.solutions);
        else expect(merged.solutions).toHaveLength(2);
      }
    } finally {
      tmp.cleanup();
    }
  });
});
