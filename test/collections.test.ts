// Collections (issue 13, items 3 and 4) as a user meets them, each case a process: many
// files, folders and globs through solve and verify, JSON Lines, shards, the exit code of a
// collection, solution counts, the difficulty report, the logic receiver and --problems.
import { mkdirSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { formatPicture } from '../src/formats/picture.js';
import { makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { bruteSolutions, plainPasses, randomCells, rng } from './helpers/bruteForce.js';
import { expectUsageError, nonocrypt, scratchFolder, STACK_LINE } from './helpers/cli.js';
import { satUniqueGrid, stalledGrid } from './helpers/puzzles.js';

const { at, dir } = scratchFolder('nonocrypt-collections-');
const jsonLines = (s: string) => s.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

const picture = (g: Grid) => formatPicture(g);
/** A 5x5 picture with a single solution found by line logic. */
const lineGrid = makeGrid(5, 5, Uint8Array.from([1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1]));
/** A 2x2 diagonal: exactly two solutions. */
const twoGrid = makeGrid(2, 2, Uint8Array.from([1, 0, 0, 1]));
let searchGrid: Grid;

beforeAll(() => {
  searchGrid = satUniqueGrid(6, 6, 0.5);
  // A folder of puzzles: nested, a hidden file, a file of another kind, a malformed one.
  mkdirSync(at('set', 'deep'), { recursive: true });
  mkdirSync(at('set', '.hidden'), { recursive: true });
  writeFileSync(at('set', 'b-line.pic'), picture(lineGrid));
  writeFileSync(at('set', 'a-two.pic'), picture(twoGrid));
  writeFileSync(at('set', 'deep', 'c-search.pic'), picture(searchGrid));
  writeFileSync(at('set', 'deep', 'd-bad.non'), 'width 5\nheight 5\nrows\n9\n');
  writeFileSync(at('set', '.hidden', 'e.pic'), picture(lineGrid));
  writeFileSync(at('set', 'notes.md'), 'not a puzzle\n');
  // Ciphertexts: one line-solvable, one unique only by search, one ambiguous, one malformed.
  mkdirSync(at('ct'), { recursive: true });
  const cipher = (g: Grid) => formatCiphertext({ width: g.width, height: g.height, blocks: [{ puzzle: puzzleOf(g), annotation: [] }] });
  writeFileSync(at('ct', '1-line.txt'), cipher(lineGrid));
  writeFileSync(at('ct', '2-search.txt'), cipher(searchGrid));
  writeFileSync(at('ct', '3-two.txt'), formatCiphertext({ width: 2, height: 2, blocks: [{ puzzle: puzzleOf(twoGrid), annotation: [] }, { puzzle: puzzleOf(twoGrid), annotation: [0] }] }));
  writeFileSync(at('ct', '4-bad.txt'), '5\nnot a clue line\n');
});

/** What settled a unique block that line logic does not finish, as the reports say it. */
const NOT_LINE_SOLVABLE = 'not line-solvable: (needs search|probing at depth 1 settles it)';


describe('solve: a folder, files, globs', () => {
  test('a folder: its puzzle files recursively, sorted, dot entries skipped; a malformed file is its own line; exit 2', () => {
    const r = nonocrypt(['solve', at('set')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(2);
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      `${at('set', 'a-two.pic')}: multiple (at least two solutions)`,
      `${at('set', 'b-line.pic')}: unique (line-solvable)`,
      expect.stringMatching(new RegExp(`^${at('set', 'deep', 'c-search.pic')}: unique \\(${NOT_LINE_SOLVABLE}\\)$`)),
      expect.stringMatching(new RegExp(`^${at('set', 'deep', 'd-bad.non')}: error: .*d-bad\\.non:\\d+:\\d+: `)),
      '4 puzzles: 2 unique, 1 multiple, 0 none, 0 unknown, 1 unreadable',
    ]);
  });

  test('--json: JSON Lines, one document per puzzle with its file; the parse error as {"file","error"}', () => {
    const r = nonocrypt(['solve', '--json', at('set')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('');
    const docs = jsonLines(r.stdout);
    expect(docs.map((d) => d.file)).toEqual([at('set', 'a-two.pic'), at('set', 'b-line.pic'), at('set', 'deep', 'c-search.pic'), at('set', 'deep', 'd-bad.non')]);
    expect(docs.map((d) => d.status)).toEqual(['multiple', 'unique', 'unique', undefined]);
    expect(Object.keys(docs[0]!).slice(0, 4)).toEqual(['file', 'status', 'lineSolvable', 'solutions']);
    expect(docs[3]!.error).toEqual({ code: 'E_PARSE', message: expect.stringContaining('d-bad.non:') });
    expect(docs[1]!.difficulty).toBe('line');
  });

  test('the exit code is the worst verdict: 0 all unique, 1 with a multiple, 3 with only an undecided, 1 before 3', () => {
    const hard = stalledGrid(30, 30, 0.5);
    writeFileSync(at('hard.pic'), picture(hard));
    expect(nonocrypt(['solve', at('set', 'b-line.pic'), at('set', 'deep', 'c-search.pic')]).code).toBe(0);
    expect(nonocrypt(['solve', at('set', 'b-line.pic'), at('set', 'a-two.pic')]).code).toBe(1);
    const undecided = nonocrypt(['solve', '--json', '-t', '0.001', at('set', 'b-line.pic'), at('hard.pic')], { timeoutMs: 120_000 });
    expect(undecided.code, undecided.stderr).toBe(3);
    // Sorted by name: tmp/hard.pic before tmp/set/...
    expect(jsonLines(undecided.stdout).map((d) => d.status)).toEqual(['unknown', 'unique']);
    // A contradiction line logic finds (none, decided before any time limit applies) outranks an undecided puzzle.
    writeFileSync(at('none.non'), 'width 2\nheight 2\nrows\n2\n2\ncolumns\n1\n1\n');
    const failed = nonocrypt(['solve', '-t', '0.001', at('none.non'), at('hard.pic')], { timeoutMs: 120_000 });
    expect(failed.stdout).toMatch(/hard\.pic: unknown .*\n.*none\.non: none /);
    expect(failed.code).toBe(1);
  });

  test('a quoted glob: * within a segment, ** across folders; a pattern that matches nothing is bad input', () => {
    const flat = nonocrypt(['solve', at('set', '*.pic')]);
    expect(flat.code).toBe(1);
    expect(flat.stdout).toContain('a-two.pic: multiple');
    expect(flat.stdout).not.toContain('c-search');
    const deep = nonocrypt(['solve', '--json', at('set', '**', '[bc]-*.pic')]);
    expect(deep.code).toBe(0);
    expect(jsonLines(deep.stdout).map((d) => d.file)).toEqual([at('set', 'b-line.pic'), at('set', 'deep', 'c-search.pic')]);
    // Beside a file, a pattern that matches nothing is its own line; alone, there is nothing to report: one error.
    const none = nonocrypt(['solve', '--json', at('set', '*.xyz'), at('set', 'b-line.pic')]);
    expect(none.code).toBe(2);
    expect(jsonLines(none.stdout)[0]).toEqual({ file: at('set', '*.xyz'), error: { code: 'E_FILE', message: expect.stringContaining('no file matches') } });
    expectUsageError(nonocrypt(['solve', '--json', at('set', '*.xyz')]), `nonocrypt: ${at('set', '*.xyz')}: no file matches this pattern\n`);
  });

  test('one file named twice, by a path and by a glob written with ./, is solved once', () => {
    const r = nonocrypt(['solve', '--json', './set/b-line.pic', './set/*-line.pic'], { cwd: dir() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(jsonLines(r.stdout).map((d) => d.file)).toEqual(['set/b-line.pic']);
  });

  test('several files and a missing one: each reported in sorted order, the missing one as bad input', () => {
    const r = nonocrypt(['solve', '--json', at('set', 'b-line.pic'), at('missing.pic'), at('set', 'a-two.pic')]);
    expect(r.code).toBe(2);
    const docs = jsonLines(r.stdout);
    expect(docs.map((d) => d.file)).toEqual([at('missing.pic'), at('set', 'a-two.pic'), at('set', 'b-line.pic')].sort());
    expect(docs.find((d) => d.file === at('missing.pic'))!.error).toEqual({ code: 'E_FILE', message: expect.stringContaining('no such file') });
  });
});

describe('--shard K/N', () => {
  test('the shards are disjoint, cover the sorted list, every N-th input, the same on every run', () => {
    const whole = jsonLines(nonocrypt(['solve', '--json', at('set')]).stdout).map((d) => d.file);
    const shards = [1, 2, 3].map((k) => jsonLines(nonocrypt(['solve', '--json', '--shard', `${k}/3`, at('set')]).stdout || '{}').map((d) => d.file));
    expect(shards).toEqual([
      [whole[0], whole[3]],
      [whole[1]],
      [whole[2]],
    ]);
    expect(jsonLines(nonocrypt(['solve', '--json', '--shard', '2/3', at('set')]).stdout).map((d) => d.file)).toEqual(shards[1]);
  });

  test('an empty shard prints nothing (JSON) and exits 0; a bad shard is a usage error', () => {
    const r = nonocrypt(['solve', '--json', '--shard', '7/9', at('set')]);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', '']);
    for (const bad of ['0/3', '4/3', '1/0', 'x', '1/2/3']) expectUsageError(nonocrypt(['solve', '--shard', bad, at('set')]), '--shard');
    expectUsageError(nonocrypt(['solve', '--shard', '1/2'], { input: 'width 1\nheight 1\nrows\n1\ncolumns\n1\n' }), 'standard input');
  });

  test('one file with --shard is a collection of one', () => {
    const r = nonocrypt(['solve', '--json', '--shard', '1/1', at('set', 'b-line.pic')]);
    expect(r.code).toBe(0);
    expect(jsonLines(r.stdout)).toEqual([expect.objectContaining({ file: at('set', 'b-line.pic'), status: 'unique' })]);
  });
});

describe('verify: collections, --receiver logic, --problems', () => {
  test('a folder of ciphertexts: one line per block with its file; the malformed file its own line; exit 2', () => {
    const r = nonocrypt(['verify', at('ct')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(2);
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      `${at('ct', '1-line.txt')}: block 1: unique (line-solvable)`,
      expect.stringMatching(new RegExp(`^${at('ct', '2-search.txt')}: block 1: unique \\(${NOT_LINE_SOLVABLE}\\)$`)),
      `${at('ct', '3-two.txt')}: block 1: multiple (ambiguous: at least two grids fit)`,
      `${at('ct', '3-two.txt')}: block 2: unique (line-solvable)`,
      expect.stringMatching(new RegExp(`^${at('ct', '4-bad.txt')}: error: .*4-bad\\.txt:2:\\d+: `)),
      '4 blocks: 3 unique, 1 multiple, 0 none in 4 files, 1 unreadable',
    ]);
  });

  test('--json: JSON Lines per block with file, block, status, lineSolvable, ok', () => {
    const r = nonocrypt(['verify', '--json', at('ct', '1-line.txt'), at('ct', '3-two.txt')]);
    expect(r.code).toBe(1);
    expect(jsonLines(r.stdout)).toEqual([
      { file: at('ct', '1-line.txt'), block: 1, status: 'unique', lineSolvable: true, ok: true },
      { file: at('ct', '3-two.txt'), block: 1, status: 'multiple', lineSolvable: false, ok: false },
      { file: at('ct', '3-two.txt'), block: 2, status: 'unique', lineSolvable: true, ok: true },
    ]);
  });

  test('--receiver logic fails a unique block that line logic cannot finish (exit 1), one file and a collection', () => {
    const plain = nonocrypt(['verify', at('ct', '2-search.txt')]);
    expect(plain.code).toBe(0);
    const one = nonocrypt(['verify', '--receiver', 'logic', at('ct', '2-search.txt')]);
    expect([one.code, one.stderr]).toEqual([1, '']);
    expect(one.stdout).toMatch(
      new RegExp(`^block 1: unique \\(${NOT_LINE_SOLVABLE}; fails --receiver logic\\)\n1 block: 1 unique, 0 multiple, 0 none; 1 not line-solvable \\(fail --receiver logic\\)\n$`),
    );
    const doc = nonocrypt(['verify', '--json', '--receiver', 'logic', at('ct', '2-search.txt')]);
    expect(doc.code).toBe(1);
    expect(JSON.parse(doc.stdout)).toEqual({ blocks: [{ block: 1, status: 'unique', lineSolvable: false, ok: false }], summary: { unique: 1, multiple: 0, none: 0, notLineSolvable: 1 } });
    const many = nonocrypt(['verify', '--json', '--receiver', 'logic', at('ct', '1-line.txt'), at('ct', '2-search.txt')]);
    expect(many.code).toBe(1);
    expect(jsonLines(many.stdout).map((d) => d.ok)).toEqual([true, false]);
    expect(nonocrypt(['verify', '--receiver', 'logic', at('ct', '1-line.txt')]).code).toBe(0);
  });

  test('--problems prints only the blocks that are not unique (with --receiver logic: or not line-solvable)', () => {
    const r = nonocrypt(['verify', '--problems', at('ct', '1-line.txt'), at('ct', '2-search.txt'), at('ct', '3-two.txt')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`${at('ct', '3-two.txt')}: block 1: multiple (ambiguous: at least two grids fit)\n4 blocks: 3 unique, 1 multiple, 0 none in 3 files\n`);
    const logic = nonocrypt(['verify', '--json', '--problems', '--receiver', 'logic', at('ct', '1-line.txt'), at('ct', '2-search.txt'), at('ct', '3-two.txt')]);
    expect(jsonLines(logic.stdout).map((d) => [d.file, d.block])).toEqual([
      [at('ct', '2-search.txt'), 1],
      [at('ct', '3-two.txt'), 1],
    ]);
    const single = nonocrypt(['verify', '--json', '--problems', at('ct', '3-two.txt')]);
    expect(JSON.parse(single.stdout)).toEqual({ blocks: [{ block: 1, status: 'multiple', lineSolvable: false }], summary: { unique: 1, multiple: 1, none: 0 } });
    const clean = nonocrypt(['verify', '--problems', at('ct', '1-line.txt')]);
    expect([clean.code, clean.stdout]).toEqual([0, '1 block: 1 unique, 0 multiple, 0 none\n']);
  });

  test('-o writes the whole report; standard input cannot be part of a collection', () => {
    const out = at('report.jsonl');
    const r = nonocrypt(['verify', '--json', '-o', out, at('ct', '1-line.txt'), at('ct', '3-two.txt')]);
    expect([r.code, r.stdout, r.stderr]).toEqual([1, '', '']);
    expectUsageError(nonocrypt(['verify', '-', at('ct', '1-line.txt')]), 'standard input');
  });
});

describe('solve --count and --difficulty', () => {
  test('counts agree with brute force on small random boards (CLI, many puzzles in one process)', () => {
    const rand = rng(1313);
    mkdirSync(at('count'), { recursive: true });
    const expected = new Map<string, number>();
    for (let i = 0; i < 24; i++) {
      const w = 2 + Math.floor(rand() * 4);
      const h = 2 + Math.floor(rand() * 4);
      const g = makeGrid(w, h, randomCells(w, h, 0.3 + rand() * 0.4, rand));
      const name = at('count', `p${String(i).padStart(2, '0')}.pic`);
      writeFileSync(name, picture(g));
      expected.set(name, bruteSolutions(puzzleOf(g), 1e6).length);
    }
    const r = nonocrypt(['solve', '--json', '--count', at('count')]);
    expect(r.stderr).toBe('');
    for (const d of jsonLines(r.stdout)) {
      expect(d.count, String(d.file)).toEqual({ value: expected.get(d.file as string), exact: true });
      expect(d.status).toBe(expected.get(d.file as string) === 1 ? 'unique' : 'multiple');
    }
    expect(r.code).toBe([...expected.values()].some((n) => n > 1) ? 1 : 0);
  });

  test('text: the count after the verdict; --max cuts it off honestly as ">= N"', () => {
    writeFileSync(at('two.pic'), picture(twoGrid));
    const exact = nonocrypt(['solve', '--count', at('two.pic')]);
    expect(exact.code).toBe(1);
    expect(exact.stdout.split('\n').slice(0, 2)).toEqual(['multiple (two of the solutions follow)', 'solutions: 2']);
    const cut = nonocrypt(['solve', '--max', '1', at('two.pic')]);
    expect(cut.stdout.split('\n')[1]).toBe('solutions: >= 1 (stopped at --max 1)');
    const json = nonocrypt(['solve', '--json', '--count', '--max', '1', at('two.pic')]);
    expect(JSON.parse(json.stdout).count).toEqual({ value: 1, exact: false, stoppedBy: 'max' });
    expectUsageError(nonocrypt(['solve', '--max', '0', at('two.pic')]), '--max');
  });

  test('the time limit stops a count honestly: a lower bound, exit 3 unless two grids were found', () => {
    writeFileSync(at('hard.pic'), picture(stalledGrid(30, 30, 0.5)));
    const r = nonocrypt(['solve', '--json', '--count', '-t', '0.001', at('hard.pic')], { timeoutMs: 120_000 });
    const doc = JSON.parse(r.stdout) as { status: string; count: { value: number; exact: boolean; stoppedBy?: string } };
    expect(doc.count.exact).toBe(false);
    expect(doc.count.stoppedBy).toBe('time limit');
    expect(r.code).toBe(doc.count.value >= 2 ? 1 : 3);
  });

  test('--difficulty: line logic, probing at depth 1, or search with its figures', () => {
    writeFileSync(at('line.pic'), picture(lineGrid));
    writeFileSync(at('search.pic'), picture(searchGrid));
    const line = nonocrypt(['solve', '--difficulty', at('line.pic')]);
    const passes = plainPasses(puzzleOf(lineGrid));
    expect(passes.status).toBe('solved');
    const inPasses = `line logic alone in ${passes.passes} pass${passes.passes === 1 ? '' : 'es'}`;
    expect(line.stdout.split('\n').slice(0, 2)).toEqual(['unique (line-solvable)', `difficulty: ${inPasses}`]);
    const hard = nonocrypt(['solve', '--difficulty', at('search.pic')]);
    expect(hard.code).toBe(0);
    expect(hard.stdout.split('\n')[1]).toMatch(/^difficulty: (probing at depth 1 \(\d+ probes?\)|needs search \(\d+ probes?, \d+ search nodes?, \d+ SAT calls?(, \d+ decisions?, \d+ conflicts?)?\))$/);
    const json = JSON.parse(nonocrypt(['solve', '--json', at('two.pic')]).stdout) as { difficulty: string; stats: Record<string, unknown> };
    expect(json.difficulty).toBe('search');
    expect(json.stats).toMatchObject({ difficulty: 'search', satCalls: 0, searchNodes: expect.any(Number) });
    expect(json.stats.searchNodes).toBeGreaterThan(0);
    const many = nonocrypt(['solve', '--difficulty', at('line.pic'), at('two.pic')]);
    expect(many.stdout).toContain(`${at('line.pic')}: unique (line-solvable); difficulty: ${inPasses}\n`);
    expect(many.stderr).not.toMatch(STACK_LINE);
  });
});
