// The CLI as a process: `node --single-threaded-gc dist/nonocrypt.mjs ...` (built by `npm test` before vitest runs).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCiphertext, formatCiphertext } from '../src/formats/ciphertext.js';
import { parsePicture } from '../src/formats/picture.js';
import { checkGrid } from '../src/grid/checkGrid.js';
import { makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { createSolver } from '../src/sat/engines.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { CLI_NODE_FLAGS } from '../src/cli/nodeFlags.js';
import { CLI, ROOT, STACK_LINE, assertBuilt, childEnv, expectUsageError, nonocrypt, tempDir } from './helpers/cli.js';
import { parseDimacs } from './helpers/cnf.js';
import { satUnsolvablePuzzle, stalledGrid } from './helpers/puzzles.js';

/** SPEC section 5, verbatim: "TO BE, OR NOT TO BE." with the classic table and n = 6. */
const SPEC_CIPHERTEXT = `6
22,11,21,1,2,1,11,4,0,11,32,0
X
11,2,12,12,121,2,5,1,3,4,11,1
52
21,11,1,0,12,11,12,2,1,12,2,0
23
`;
const SPEC_TEXT = 'TO BE, OR NOT TO BE.';
const LONG_MESSAGE = 'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG, AND RUNS AWAY.'; // 59 symbols, 9 blocks at n = 6

const ESC = '\x1b';

let tmp: { dir: string; cleanup: () => void };
let specFile: string;
let hardPic: string;
let hardCipher: string;
const examples = (name: string) => join(ROOT, 'examples', name);

function rowsToGrid(rows: readonly string[]): Grid {
  return makeGrid(rows[0]!.length, rows.length, [...rows.join('')].map((c) => (c === '#' ? 1 : c === '.' ? 0 : NaN)));
}

beforeAll(() => {
  assertBuilt();
  tmp = tempDir();
  specFile = join(tmp.dir, 'to-be.txt');
  writeFileSync(specFile, SPEC_CIPHERTEXT);
  const g = stalledGrid(30, 30, 0.5); // needs SAT: a worker, so --timeout can stop it
  hardPic = join(tmp.dir, 'hard.pic');
  writeFileSync(hardPic, Array.from({ length: 30 }, (_, y) => [...g.cells.subarray(y * 30, y * 30 + 30)].map((b) => (b ? '#' : '.')).join('')).join('\n') + '\n');
  hardCipher = join(tmp.dir, 'hard.txt');
  writeFileSync(hardCipher, formatCiphertext({ width: 30, height: 30, blocks: [{ puzzle: puzzleOf(g), annotation: [] }] }));
});

afterAll(() => tmp?.cleanup());

describe('help and version', () => {
  const helpRuns = new Map<string, ReturnType<typeof nonocrypt>>();
  const help = (cmd?: string) => {
    const key = cmd ?? '';
    if (!helpRuns.has(key)) helpRuns.set(key, nonocrypt(cmd ? [cmd, '--help'] : ['--help']));
    return helpRuns.get(key)!;
  };

  test('--help', async () => {
    const r = help();
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Exit codes:');
    await expect(r.stdout).toMatchFileSnapshot('golden/help-main.txt');
  });

  for (const cmd of ['encrypt', 'decrypt', 'verify', 'solve', 'annotate', 'make', 'convert', 'render', 'web']) {
    test(`${cmd} --help`, async () => {
      const r = help(cmd);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.startsWith(`Usage: nonocrypt ${cmd} `)).toBe(true);
      expect(nonocrypt(['help', cmd]).stdout).toBe(r.stdout);
      await expect(r.stdout).toMatchFileSnapshot(`golden/help-${cmd}.txt`);
    });
  }

  test('every file named in a help example exists', () => {
    const missing: string[] = [];
    for (const cmd of ['encrypt', 'decrypt', 'verify', 'solve', 'annotate', 'make', 'convert', 'render', 'web']) {
      for (const m of help(cmd).stdout.matchAll(/\bexamples\/[\w.-]+/g)) if (!existsSync(join(ROOT, m[0]))) missing.push(`${cmd}: ${m[0]}`);
    }
    expect(missing).toEqual([]);
  });

  test('the #! line runs Node with the CLI flags, and the built file runs as a program', () => {
    const shebang = `#!/usr/bin/env -S node ${CLI_NODE_FLAGS.join(' ')}`;
    expect(readFileSync(join(ROOT, 'src', 'cli', 'main.ts'), 'utf8').split('\n')[0]).toBe(shebang);
    expect(readFileSync(CLI, 'utf8').split('\n')[0]).toBe(shebang);
    // As `npx nonocrypt` starts it: the file itself, through its #! line.
    const r = spawnSync(CLI, ['solve', '--json', join(ROOT, 'examples', 'scatter.pic')], { encoding: 'utf8', env: childEnv() });
    expect(r.status).toBe(1);
    expect((JSON.parse(r.stdout) as { status: string }).status).toBe('multiple');
  });

  test('--version is the package version', () => {
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    for (const flag of ['--version', '-V']) {
      const r = nonocrypt([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
  });
});

describe('usage and input errors: exit 2, one line, no stack trace', () => {
  test.each([
    [['--bogus'], '--bogus'],
    [['encrypt', '--bogus', 'HI'], '--bogus'],
    [['bogus-command'], 'bogus-command'],
    [['encrypt', '--size', '0', 'HI'], '--size'],
    [['encrypt', '--size', 'abc', 'HI'], '--size'],
    [['encrypt', '--receiver', 'psychic', 'HI'], 'psychic'],
    [['verify', '--jobs', '0', 'x.txt'], '--jobs'],
    [['verify', '--timeout', 'soon', 'x.txt'], '--timeout'],
    [['verify', '--timeout', '0', 'x.txt'], '--timeout'],
  ])('%j', (args, mention) => {
    expectUsageError(nonocrypt(args), mention);
  });

  test.each(['decrypt', 'verify', 'solve', 'annotate'])('%s: a missing file is named', (cmd) => {
    const missing = join(tmp.dir, 'no-such-file.txt');
    expectUsageError(nonocrypt([cmd, missing]), missing);
  });

  test.each(['decrypt', 'annotate'])('%s: a directory is not a file', (cmd) => {
    const dir = join(tmp.dir, 'a-folder');
    mkdirSync(dir, { recursive: true });
    expectUsageError(nonocrypt([cmd, dir]), dir);
  });

  test.each(['verify', 'solve'])('%s: a folder is a collection; one without inputs is bad input, named', (cmd) => {
    const dir = join(tmp.dir, 'an-empty-folder');
    mkdirSync(dir, { recursive: true });
    // Alone, it names no input at all: one error, no report (issue 40, item 10).
    expectUsageError(nonocrypt([cmd, dir]), `nonocrypt: ${dir}: no ${cmd === 'solve' ? 'puzzles' : 'ciphertexts'} in this folder (no .`);
  });

  test('a missing table file is named', () => {
    const missing = join(tmp.dir, 'no-table.json');
    expectUsageError(nonocrypt(['encrypt', '--table', missing, 'HI']), missing);
  });

  test('malformed ciphertext: line and column of the fault, and the file', () => {
    const bad = join(tmp.dir, 'bad-symbol.txt');
    writeFileSync(bad, '6\n22,11,21,1,2,1,11,4,0,11,3!,0\nX\n');
    expectUsageError(nonocrypt(['decrypt', bad]), `${bad}:2:27:`);
    expectUsageError(nonocrypt(['verify', bad]), `${bad}:2:27:`);
    // From standard input the place is still given.
    expectUsageError(nonocrypt(['verify'], { input: '6\n22,11,21,1,2,1,11,4,0,11,32,0\nXY\n' }), /:3:\d+:/);
    expectUsageError(nonocrypt(['decrypt', '-'], { input: 'six\n' }), /:1:\d+:/);
  });

  test('unknown character in the message: names the character and its position', () => {
    const r = nonocrypt(['encrypt', '--size', '5', 'HI THERE!']);
    expectUsageError(r, '"!"');
    expect(r.stderr).toContain('position 9');
    const piped = nonocrypt(['encrypt', '--size', '5'], { input: 'AB#C\n' });
    expectUsageError(piped, '"#"');
    expect(piped.stderr).toContain('position 3');
  });
});

describe('encrypt, decrypt, verify', () => {
  test.each(['unique', 'logic'])('encrypt reproduces SPEC section 5 (--receiver %s)', (receiver) => {
    const r = nonocrypt(['encrypt', '--size', '6', '--receiver', receiver, SPEC_TEXT]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(SPEC_CIPHERTEXT);
  });

  test('encrypt reads the message from - and from piped stdin', () => {
    for (const args of [['encrypt', '--size', '6', '-'], ['encrypt', '--size', '6']]) {
      const r = nonocrypt(args, { input: `${SPEC_TEXT}\n` });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(SPEC_CIPHERTEXT);
    }
  });

  test('HELLO at n = 5 (SPEC section 3)', () => {
    const r = nonocrypt(['encrypt', 'HELLO', '--size', '5']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('5\n0,13,4,1,11,1,11,2,2,4\nX\n');
  });

  test('decrypt the SPEC ciphertext from a file, from - and from piped stdin', () => {
    for (const [args, input] of [
      [['decrypt', specFile], ''],
      [['decrypt', '-'], SPEC_CIPHERTEXT],
      [['decrypt'], SPEC_CIPHERTEXT],
    ] as const) {
      const r = nonocrypt(args, { input });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`${SPEC_TEXT}\n`);
    }
  });

  test('verify: exit 0 and one line per block', () => {
    const r = nonocrypt(['verify', specFile]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    for (let b = 1; b <= 3; b++) expect(lines[b - 1]).toMatch(new RegExp(`^block ${b}: unique\\b`));
  });

  test('verify --json has exactly the documented shape', () => {
    const r = nonocrypt(['verify', '--json', specFile]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['blocks', 'summary']);
    expect(doc).toEqual({
      blocks: [
        { block: 1, status: 'unique', lineSolvable: true },
        { block: 2, status: 'unique', lineSolvable: true },
        { block: 3, status: 'unique', lineSolvable: true },
      ],
      summary: { unique: 3, multiple: 0, none: 0 },
    });
    for (const b of doc.blocks as Record<string, unknown>[]) expect(Object.keys(b)).toEqual(['block', 'status', 'lineSolvable']);
    expect(Object.keys(doc.summary as object)).toEqual(['unique', 'multiple', 'none']);
  });

  test('an ambiguous block: verify says multiple (exit 1); decrypt fails naming it, nothing on stdout', () => {
    const ambiguous = join(tmp.dir, 'ambiguous.txt');
    const text = SPEC_CIPHERTEXT.replace('\n52\n', '\nX\n');
    writeFileSync(ambiguous, text);
    const v = nonocrypt(['verify', '--json', ambiguous]);
    expect(v.code, v.stderr).toBe(1);
    expect(JSON.parse(v.stdout)).toEqual({
      blocks: [
        { block: 1, status: 'unique', lineSolvable: true },
        { block: 2, status: 'multiple', lineSolvable: false },
        { block: 3, status: 'unique', lineSolvable: true },
      ],
      summary: { unique: 2, multiple: 1, none: 0 },
    });
    const plain = nonocrypt(['verify', ambiguous]);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toMatch(/^block 2: multiple\b/m);

    const d = nonocrypt(['decrypt', ambiguous]);
    expect(d.code).toBe(1);
    expect(d.stdout).toBe('');
    expect(d.stderr).toMatch(/\bblock 2\b/);
    expect(d.stderr).not.toMatch(STACK_LINE);
    // The two grids it shows both fit block 2 and differ.
    const m = /\(([#./]+) and ([#./]+)\)/.exec(d.stderr);
    expect(m, d.stderr).not.toBeNull();
    const puzzle = parseCiphertext(text).blocks[1]!.puzzle;
    const [g1, g2] = [rowsToGrid(m![1]!.split('/')), rowsToGrid(m![2]!.split('/'))];
    expect(checkGrid(puzzle, g1)).toBeNull();
    expect(checkGrid(puzzle, g2)).toBeNull();
    expect(g1.cells).not.toEqual(g2.cells);
  });

  test('unsolvable blocks: none (exit 1), found by propagation and by SAT', () => {
    // Block 1 is line-solvable and (1, 0) is white in it ("T" = 10100): giving it black
    // contradicts the clues.
    const byPropagation = SPEC_CIPHERTEXT.replace('6\n22,11,21,1,2,1,11,4,0,11,32,0\nX\n', '6\n22,11,21,1,2,1,11,4,0,11,32,0\n10\n');
    // A puzzle whose contradiction only the SAT solver can prove.
    const bySat = formatCiphertext({ width: 6, height: 6, blocks: [{ puzzle: satUnsolvablePuzzle(), annotation: [] }] });
    for (const [text, block] of [
      [byPropagation, 1],
      [bySat, 1],
    ] as const) {
      const file = join(tmp.dir, `none-${block}-${text.length}.txt`);
      writeFileSync(file, text);
      const v = nonocrypt(['verify', '--json', file]);
      expect(v.code, v.stderr).toBe(1);
      const doc = JSON.parse(v.stdout) as { blocks: { block: number; status: string; lineSolvable: boolean }[]; summary: { none: number } };
      expect(doc.blocks[block - 1]).toEqual({ block, status: 'none', lineSolvable: false });
      expect(doc.summary.none).toBe(1);
      const d = nonocrypt(['decrypt', file]);
      expect(d.code).toBe(1);
      expect(d.stdout).toBe('');
      expect(d.stderr).toMatch(new RegExp(`\\bblock ${block}\\b`));
    }
  });

  test('-o writes the whole output to the file, nothing on stdout', () => {
    const out = join(tmp.dir, 'out-cipher.txt');
    const r = nonocrypt(['encrypt', '--size', '6', '-o', out, SPEC_TEXT]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(SPEC_CIPHERTEXT);
    const plain = join(tmp.dir, 'out-plain.txt');
    const d = nonocrypt(['decrypt', out, '-o', plain]);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toBe('');
    expect(readFileSync(plain, 'utf8')).toBe(`${SPEC_TEXT}\n`);
  });

  test('-o refuses to overwrite the input (also through a symbolic link)', () => {
    const input = join(tmp.dir, 'precious.txt');
    copyFileSync(specFile, input);
    const link = join(tmp.dir, 'precious-link.txt');
    symlinkSync(input, link);
    for (const target of [input, link]) {
      const r = nonocrypt(['decrypt', input, '-o', target]);
      expectUsageError(r, 'overwrite');
      expect(readFileSync(input, 'utf8')).toBe(SPEC_CIPHERTEXT);
    }
    const pic = join(tmp.dir, 'scatter.pic');
    copyFileSync(examples('scatter.pic'), pic);
    const before = readFileSync(pic, 'utf8');
    expectUsageError(nonocrypt(['annotate', pic, '-o', pic]), 'overwrite');
    expectUsageError(nonocrypt(['solve', pic, '--json', '-o', pic]), 'overwrite');
    expect(readFileSync(pic, 'utf8')).toBe(before);
  });

  test('--timeout is accepted and changes nothing when there is time', () => {
    const e = nonocrypt(['encrypt', '--size', '6', '--timeout', '60', SPEC_TEXT]);
    expect(e.code, e.stderr).toBe(0);
    expect(e.stdout).toBe(SPEC_CIPHERTEXT);
    const d = nonocrypt(['decrypt', '--timeout', '60', specFile]);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toBe(`${SPEC_TEXT}\n`);
    const v = nonocrypt(['verify', '--json', '--timeout', '2.5', specFile]);
    expect(v.code, v.stderr).toBe(0);
    expect((JSON.parse(v.stdout) as { summary: unknown }).summary).toEqual({ unique: 3, multiple: 0, none: 0 });
  });

  test.each(['unique', 'logic'])('--jobs 2 gives the same ciphertext as --jobs 1 (--receiver %s, 9 blocks)', (receiver) => {
    const one = nonocrypt(['encrypt', '--size', '6', '--receiver', receiver, '--jobs', '1', LONG_MESSAGE]);
    const two = nonocrypt(['encrypt', '--size', '6', '--receiver', receiver, '--jobs', '2', LONG_MESSAGE]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stdout.trimEnd().split('\n')).toHaveLength(1 + 2 * 9);
    const file = join(tmp.dir, `long-${receiver}.txt`);
    writeFileSync(file, one.stdout);
    for (const jobs of ['1', '2']) {
      const d = nonocrypt(['decrypt', '--jobs', jobs, file]);
      expect(d.code, d.stderr).toBe(0);
      expect(d.stdout).toBe(`${LONG_MESSAGE}\n`);
      const v = nonocrypt(['verify', '--json', '--jobs', jobs, file]);
      expect(v.code, v.stderr).toBe(0);
      const doc = JSON.parse(v.stdout) as { blocks: { status: string; lineSolvable: boolean }[] };
      expect(doc.blocks.every((b) => b.status === 'unique')).toBe(true);
      if (receiver === 'logic') expect(doc.blocks.every((b) => b.lineSolvable)).toBe(true);
    }
  });

  test('not a terminal: no escape codes on stdout or stderr, with or without NO_COLOR', () => {
    const ambiguous = join(tmp.dir, 'ambiguous-colour.txt');
    writeFileSync(ambiguous, SPEC_CIPHERTEXT.replace('\n52\n', '\nX\n'));
    for (const [args, env] of [
      [['verify', ambiguous], {}],
      [['verify', ambiguous], { NO_COLOR: '1' }],
      [['decrypt', ambiguous], {}],
      [['solve', examples('scatter.pic')], {}],
    ] as const) {
      const r = nonocrypt(args, { env });
      expect(r.stdout + r.stderr).toMatch(/multiple|ambiguous/);
      expect(r.stdout + r.stderr).not.toContain(ESC);
    }
  });

  const hasScript = existsSync('/usr/bin/script');
  test.skipIf(!hasScript)('a terminal: colour on stdout, none with NO_COLOR', () => {
    const onTerminal = (env: Record<string, string>) => {
      // `script` gives the child a pseudo-terminal as stdout; stderr (progress) is discarded.
      const cmd = `'${process.execPath}' '${CLI}' verify '${specFile}' 2>/dev/null`;
      const r = spawnSync('/usr/bin/script', ['-qec', cmd, '/dev/null'], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 30_000 });
      return r.stdout;
    };
    const { NO_COLOR: _n, FORCE_COLOR: _f, ...base } = process.env;
    const coloured = onTerminal(Object.fromEntries(Object.entries(base).filter(([, v]) => v !== undefined)) as Record<string, string>);
    expect(coloured).toContain('block 1');
    expect(coloured).toContain(`${ESC}[32m`); // the control: colour does appear on a terminal
    const plain = onTerminal({ NO_COLOR: '1' });
    expect(plain).toContain('block 1');
    expect(plain).not.toContain(ESC);
  });

  test('exit 3: a block stopped by --timeout is unknown, never a verdict', () => {
    const v = nonocrypt(['verify', '--json', '--timeout', '0.001', hardCipher]);
    expect(v.code, v.stderr).toBe(3);
    const doc = JSON.parse(v.stdout) as { blocks: { block: number; status: string; reason?: string }[]; summary: Record<string, number> };
    expect(doc.blocks).toHaveLength(1);
    expect(doc.blocks[0]!.status).toBe('unknown');
    expect(doc.blocks[0]!.reason).toMatch(/time limit/);
    expect(doc.summary).toEqual({ unique: 0, multiple: 0, none: 0, unknown: 1 });

    const plain = nonocrypt(['verify', '--timeout', '0.001', hardCipher]);
    expect(plain.code).toBe(3);
    expect(plain.stdout).toMatch(/^block 1: unknown\b/m);

    const d = nonocrypt(['decrypt', '--timeout', '0.001', hardCipher]);
    expect(d.code).toBe(3);
    expect(d.stdout).toBe('');
    expect(d.stderr).toMatch(/\bblock 1\b/);

    const s = nonocrypt(['solve', '--json', '--timeout', '0.001', hardPic]);
    expect(s.code).toBe(3);
    const sd = JSON.parse(s.stdout) as { status: string; solutions: unknown[] };
    expect(sd.status).toBe('unknown');
    expect(sd.solutions).toEqual([]);
  });
});

describe('solve and annotate', () => {
  const scatter = () => parsePicture(readFileSync(examples('scatter.pic'), 'utf8'));

  test('solve a picture with several solutions: multiple, exit 1, two checked grids', () => {
    const r = nonocrypt(['solve', examples('scatter.pic')]);
    expect(r.code, r.stderr).toBe(1);
    const parts = r.stdout.trimEnd().split('\n\n');
    expect(parts[0]).toMatch(/^multiple\b/);
    expect(parts).toHaveLength(3);
    const puzzle = puzzleOf(scatter());
    const grids = parts.slice(1).map((p) => rowsToGrid(p.split('\n')));
    for (const g of grids) expect(checkGrid(puzzle, g)).toBeNull();
    expect(grids[0]!.cells).not.toEqual(grids[1]!.cells);
  });

  test('solve from - and from piped stdin', () => {
    const pic = readFileSync(examples('heart.pic'), 'utf8');
    for (const args of [['solve', '-'], ['solve'], ['solve', '--format', 'picture', '-']]) {
      const r = nonocrypt(args, { input: pic });
      expect(r.code, r.stderr).toBe(0);
      const [head, rows] = r.stdout.trimEnd().split('\n\n');
      expect(head).toBe('unique (line-solvable)');
      const g = rowsToGrid(rows!.split('\n'));
      expect(g.cells).toEqual(parsePicture(pic).cells);
      expect(checkGrid(puzzleOf(parsePicture(pic)), g)).toBeNull();
    }
  });

  test('solve --json shape', () => {
    const r = nonocrypt(['solve', '--json', examples('scatter.pic')]);
    expect(r.code, r.stderr).toBe(1);
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(doc).slice(0, 3)).toEqual(['status', 'lineSolvable', 'solutions']);
    expect(doc.status).toBe('multiple');
    expect(doc.lineSolvable).toBe(false);
    expect(doc.width).toBe(10);
    expect(doc.height).toBe(10);
    const solutions = doc.solutions as string[][];
    expect(solutions).toHaveLength(2);
    const puzzle = puzzleOf(scatter());
    for (const rows of solutions) {
      expect(rows).toHaveLength(10);
      for (const row of rows) expect(row).toMatch(/^[#.]{10}$/);
      expect(checkGrid(puzzle, rowsToGrid(rows))).toBeNull();
    }
    expect(solutions[0]).not.toEqual(solutions[1]);

    const h = nonocrypt(['solve', '--json', examples('heart.pic')]);
    expect(h.code).toBe(0);
    const hd = JSON.parse(h.stdout) as { status: string; lineSolvable: boolean; solutions: string[][] };
    expect(hd.status).toBe('unique');
    expect(hd.lineSolvable).toBe(true);
    expect(hd.solutions).toHaveLength(1);
    expect(checkGrid(puzzleOf(parsePicture(readFileSync(examples('heart.pic'), 'utf8'))), rowsToGrid(hd.solutions[0]!))).toBeNull();
  });

  test.each([
    ['unique', 2],
    ['logic', 3],
  ] as const)('annotate scatter.pic --receiver %s gives %i cells and the result decodes', (receiver, count) => {
    const pic = scatter();
    const j = nonocrypt(['annotate', '--json', '--receiver', receiver, examples('scatter.pic')]);
    expect(j.code, j.stderr).toBe(0);
    const doc = JSON.parse(j.stdout) as { receiver: string; count: number; proven: boolean; cells: [number, number][]; code: string };
    expect(doc.receiver).toBe(receiver);
    expect(doc.count).toBe(count);
    expect(doc.cells).toHaveLength(count);
    expect(doc.proven).toBe(true);
    for (const [x, y] of doc.cells) expect(pic.cells[y * pic.width + x]).toBe(1);

    const non = join(tmp.dir, `scatter-${receiver}.non`);
    const a = nonocrypt(['annotate', '--receiver', receiver, examples('scatter.pic'), '-o', non]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stderr).toContain(`${count} cells given (${receiver} receiver): ${doc.code}, proven smallest`);
    const s = nonocrypt(['solve', '--json', non]);
    expect(s.code, s.stderr).toBe(0);
    const sd = JSON.parse(s.stdout) as { status: string; lineSolvable: boolean; solutions: string[][] };
    expect(sd.status).toBe('unique');
    if (receiver === 'logic') expect(sd.lineSolvable).toBe(true);
    const g = rowsToGrid(sd.solutions[0]!);
    expect(checkGrid(puzzleOf(pic), g, doc.cells.map(([x, y]) => y * pic.width + x))).toBeNull();
    expect(g.cells).toEqual(pic.cells);

    // One cell fewer is not enough: drop each given in turn and the block no longer decodes
    // for this receiver (checked in this process, with the library).
    const puzzle = puzzleOf(pic);
    const given = doc.cells.map(([x, y]) => y * pic.width + x);
    for (let drop = 0; drop < given.length; drop++) {
      const fewer = given.filter((_, i) => i !== drop);
      const r = solvePuzzle(puzzle, { givens: fewer });
      if (receiver === 'unique') {
        expect(r.status).toBe('multiple');
        if (r.status === 'multiple') for (const g of r.grids) expect(checkGrid(puzzle, g, fewer)).toBeNull();
      } else {
        expect(r.lineSolvable).toBe(false);
      }
    }
  });

  test('solve --emit-cnf writes DIMACS whose header counts its clauses, and whose models fit', () => {
    const cnfFile = join(tmp.dir, 'scatter.cnf');
    const r = nonocrypt(['solve', '--emit-cnf', cnfFile, examples('scatter.pic')]);
    expect(r.code, r.stderr).toBe(1);
    const text = readFileSync(cnfFile, 'utf8');
    const header = /^p cnf (\d+) (\d+)$/m.exec(text);
    expect(header).not.toBeNull();
    const clauseLines = text.split('\n').filter((l) => l !== '' && !l.startsWith('c') && !l.startsWith('p'));
    expect(clauseLines.length).toBe(Number(header![2]));
    for (const l of clauseLines) expect(l.endsWith(' 0') || l === '0').toBe(true);
    const dimacs = parseDimacs(text); // also checks every literal is within the declared variables
    expect(dimacs.clauses.length).toBe(dimacs.numClauses);
    // Cell (x, y) is variable y*W+x+1: every model is a grid that fits; forbidding each model
    // in turn finds at least two different grids (the puzzle has several solutions).
    const puzzle = puzzleOf(scatter());
    const s = createSolver('minisat');
    s.newVars(dimacs.numVars);
    for (const c of dimacs.clauses) s.addClause(c);
    const seen: Uint8Array[] = [];
    for (let k = 0; k < 3 && s.solve() === 'sat'; k++) {
      const m = Array.from({ length: 101 }, (_, v) => (v ? s.value(v) : 0));
      const g = makeGrid(10, 10, Array.from({ length: 100 }, (_, c) => m[c + 1]!));
      expect(checkGrid(puzzle, g)).toBeNull();
      seen.push(g.cells);
      s.addClause(Array.from({ length: 100 }, (_, c) => (g.cells[c] ? -(c + 1) : c + 1)));
    }
    expect(seen.length).toBeGreaterThanOrEqual(2);
  });
});
