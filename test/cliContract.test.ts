// The CLI's contract as a user meets it, each case a process: exit codes, time limits with
// more blocks than workers, conflicting flags, and outputs that must lose nothing.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decrypt } from '../src/cipher/decrypt.js';
import { builtinTable } from '../src/cipher/Table.js';
import { EXIT_CODES } from '../src/cli/ExitCode.js';
import { CLI_NODE_FLAGS } from '../src/cli/nodeFlags.js';
import { formatCiphertext, parseCiphertext } from '../src/formats/ciphertext.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { randomCells, rng } from './helpers/bruteForce.js';
import { CLI, ROOT, STACK_LINE, assertBuilt, childEnv, expectError, expectUsageError, nonocrypt, tempDir } from './helpers/cli.js';

let tmp: { dir: string; cleanup: () => void };
const at = (name: string) => join(tmp.dir, name);
const examples = (name: string) => join(ROOT, 'examples', name);

/** Three hard 100x100 blocks: clues of random pictures at density 0.5, no annotation (60x60 ones now take the core well under a second). */
let threeBlocks: string;
/** A message of five 28x28 blocks (classic table). */
let longMessage: string;

beforeAll(() => {
  assertBuilt();
  tmp = tempDir('nonocrypt-contract-');
  const rand = rng(60);
  const blocks = [0, 1, 2].map(() => ({ puzzle: puzzleOf(makeGrid(100, 100, randomCells(100, 100, 0.5, rand))), annotation: [] }));
  threeBlocks = at('three-blocks.txt');
  writeFileSync(threeBlocks, formatCiphertext({ width: 100, height: 100, blocks }));
  const sentence = 'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG, AND THEN IT RUNS AWAY INTO THE DARK FOREST. ';
  longMessage = at('long-message.txt');
  writeFileSync(longMessage, sentence.repeat(10).slice(0, 780)); // 3900 bits: 5 blocks of 784
});

afterAll(() => tmp?.cleanup());

describe('the exit-code contract', () => {
  test('--help and docs/reference/exit-codes.md list exactly the codes of the one definition', () => {
    // The help wraps each meaning to 80 columns: compared with white space folded.
    const help = nonocrypt(['--help']).stdout.replace(/\s+/g, ' ');
    const section = readFileSync(join(ROOT, 'docs', 'reference', 'exit-codes.md'), 'utf8');
    for (const { code, meaning } of Object.values(EXIT_CODES)) {
      expect(help).toContain(` ${code} ${meaning}`);
      expect(section, `the reference's row for ${code}`).toMatch(new RegExp(`^\\| ${code} \\| `, 'm'));
    }
    const readmeCodes = [...section.matchAll(/^\| (\d+) \| /gm)].map((m) => Number(m[1]));
    expect(readmeCodes).toEqual(Object.values(EXIT_CODES).map((e) => e.code));
  });
});

describe('time limits with more blocks than workers: every block reported, exit 3', () => {
  test.each([['default'], ['1'], ['2']])('verify -t 1 on three hard 100x100 blocks (--jobs %s)', (jobs) => {
    const r = nonocrypt(['verify', '-t', '1', ...(jobs === 'default' ? [] : ['--jobs', jobs]), threeBlocks], { timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^block 1: unknown \(.+\)$/),
      expect.stringMatching(/^block 2: unknown \(.+\)$/),
      expect.stringMatching(/^block 3: unknown \(.+\)$/),
      '3 blocks: 0 unique, 0 multiple, 0 none, 3 unknown',
    ]);
  });

  test.each([['1'], ['2']])('verify --json -t 1 (--jobs %s): a document with every block', (jobs) => {
    const r = nonocrypt(['verify', '--json', '-t', '1', '--jobs', jobs, threeBlocks], { timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(3);
    const doc = JSON.parse(r.stdout) as { blocks: { block: number; status: string; reason: string }[]; summary: object };
    expect(doc.blocks.map((b) => [b.block, b.status])).toEqual([
      [1, 'unknown'],
      [2, 'unknown'],
      [3, 'unknown'],
    ]);
    expect(doc.summary).toEqual({ unique: 0, multiple: 0, none: 0, unknown: 3 });
  });

  test('decrypt -t 1 names every undecided block, prints no text', () => {
    const r = nonocrypt(['decrypt', '-t', '1', '--jobs', '2', threeBlocks], { timeoutMs: 120_000 });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([1, 2, 3].map((b) => expect.stringMatching(new RegExp(`^nonocrypt: block ${b}: undecided \\(`))));
  });

  test.each([['1'], ['2']])('encrypt -s 28 -t 1 -o out.txt (--jobs %s): a valid ciphertext of every block, exit 3', async (jobs) => {
    const out = at(`out-${jobs}.txt`);
    const r = nonocrypt(['encrypt', '-s', '28', '-t', '1', '--jobs', jobs, '-o', out], { input: readFileSync(longMessage, 'utf8'), timeoutMs: 180_000 });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(r.stderr).toMatch(/not proven smallest/);
    const c = parseCiphertext(readFileSync(out, 'utf8'));
    expect(c.blocks).toHaveLength(5);
    // Valid whatever the time limit did: it decrypts (line logic suffices for the fallbacks).
    expect(await decrypt(c, { table: builtinTable('classic') })).toEqual({ ok: true, text: readFileSync(longMessage, 'utf8'), blocks: 5, table: builtinTable('classic') });
  });

  test('encrypt --require-proof fails a ciphertext whose annotations are not all proven; without it, a budget is a success', () => {
    const msg = readFileSync(longMessage, 'utf8').slice(0, 150); // one 28x28 block: 10 ms cannot prove its annotation
    const budget = nonocrypt(['encrypt', '-s', '28', '--budget', '0.01', '--json'], { input: msg, timeoutMs: 60_000 });
    expect(budget.code, budget.stderr).toBe(0);
    const doc = JSON.parse(budget.stdout) as { proven: boolean; blocks: { proven: boolean; lowerBound: number; cells: number }[] };
    expect(doc.blocks).toHaveLength(1);
    expect(doc.proven).toBe(false);
    expect(doc.blocks[0]!.lowerBound).toBeLessThanOrEqual(doc.blocks[0]!.cells);
    // With --require-proof the unproven ciphertext is not written at all (test/cliWalkFour.test.ts, item 15).
    const strict = nonocrypt(['encrypt', '-s', '28', '--budget', '0.01', '--require-proof', '-q'], { input: msg, timeoutMs: 60_000 });
    expect(strict.code).toBe(3);
    expect(strict.stdout).toBe('');
    expect(strict.stderr).toMatch(/^nonocrypt: --require-proof: block 1 has a valid annotation not proven smallest \(.*\); nothing written\n$/);
  });
});

describe('conflicting flags are usage errors', () => {
  test.each([
    [['encrypt', '-s', '6', '--width', '10', '--height', '10', 'HI'], '--size'],
    [['encrypt', '--width', '10', 'HI'], '--width'],
    [['encrypt', '--table', 'auto', 'HI'], '--table auto'],
    [['annotate', '--json', '--format-out', 'cipher', 'examples/scatter.pic'], '--to writes the puzzle'],
    [['annotate', '--json', '--to', 'cipher', 'examples/scatter.pic'], '--to writes the puzzle'],
    [['solve', '--emit-cnf', '-', 'examples/scatter.pic'], '--emit-cnf -'],
    [['convert', 'examples/scatter.pic'], '--to'],
  ])('%j', (args, mention) => {
    expectUsageError(nonocrypt(args), mention);
  });

  test('--emit-cnf and -o naming the same file (also through a link)', () => {
    const same = at('same.out');
    expectUsageError(nonocrypt(['solve', '--emit-cnf', same, '-o', same, examples('scatter.pic')]), 'same file');
    writeFileSync(at('real.out'), 'keep');
    symlinkSync(at('real.out'), at('alias.out'));
    expectUsageError(nonocrypt(['solve', '--emit-cnf', at('alias.out'), '-o', at('real.out'), examples('scatter.pic')]), 'same file');
    expect(readFileSync(at('real.out'), 'utf8')).toBe('keep');
  });

  test('--emit-cnf - writes the CNF on stdout and the report to -o', () => {
    const report = at('report.txt');
    const r = nonocrypt(['solve', '--emit-cnf', '-', '-o', report, examples('scatter.pic')]);
    expect(r.code).toBe(1); // the verdict: several solutions
    expect(r.stdout).toMatch(/^c nonocrypt 10x10 puzzle/);
    expect(r.stdout).toMatch(/^p cnf \d+ \d+$/m);
    expect(readFileSync(report, 'utf8')).toMatch(/^multiple\b/);
  });
});

describe('-q and the other commands', () => {
  test('-q: nothing on stderr from any command that succeeds', () => {
    const runs = [
      nonocrypt(['encrypt', '-q', '-s', 'auto', 'TO BE, OR NOT TO BE.']),
      nonocrypt(['decrypt', '-q', examples('to-be.txt')]),
      nonocrypt(['verify', '-q', examples('to-be.txt')]),
      nonocrypt(['solve', '-q', examples('heart.pic')]),
      nonocrypt(['annotate', '-q', examples('scatter.pic')]),
      nonocrypt(['convert', '-q', '--to', 'json', examples('scatter.pic')]),
    ];
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).not.toBe('');
    }
    // Without -q, annotate and encrypt --size auto do talk on stderr.
    expect(nonocrypt(['annotate', examples('scatter.pic')]).stderr).toMatch(/cells given/);
    expect(nonocrypt(['encrypt', '-s', 'auto', 'TO BE, OR NOT TO BE.']).stderr).toMatch(/^nonocrypt: n = /);
  });

  test('annotate --json prints a document also when the time limit is hit', () => {
    const big = at('big.pic');
    const g = makeGrid(30, 30, randomCells(30, 30, 0.5, rng(3)));
    writeFileSync(big, Array.from({ length: 30 }, (_, y) => [...g.cells.subarray(y * 30, y * 30 + 30)].map((b) => (b ? '#' : '.')).join('')).join('\n') + '\n');
    const r = nonocrypt(['annotate', '--json', '-t', '0.05', big], { timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(3);
    const doc = JSON.parse(r.stdout) as { proven: boolean; count: number; lowerBound: number; reason: string; cells: number[][] };
    expect(doc.proven).toBe(false);
    expect(doc.cells).toHaveLength(doc.count);
    expect(doc.lowerBound).toBeLessThanOrEqual(doc.count);
    expect(doc.reason).toMatch(/time limit/);
  });

  test('convert is not a verdict: a puzzle with several solutions converts with exit 0', () => {
    for (const to of ['non', 'nin', 'xml', 'json', 'cipher', 'picture', 'dimacs']) {
      const r = nonocrypt(['convert', '--to', to, examples('scatter.pic')]);
      expect(r.code, `${to}: ${r.stderr}`).toBe(0);
      expect(r.stdout).not.toBe('');
    }
    // --solve: no goal to add when the solution is not unique; a note, and still exit 0.
    const nin = at('scatter.nin');
    expect(nonocrypt(['convert', '--to', 'nin', '-o', nin, examples('scatter.pic')]).code).toBe(0);
    const r = nonocrypt(['convert', '--solve', '--to', 'json', nin]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/no goal added: multiple/);
    expect(JSON.parse(r.stdout)).not.toHaveProperty('goal');
    // A unique one gets its goal.
    const heartNin = at('heart.nin');
    nonocrypt(['convert', '--to', 'nin', '-o', heartNin, examples('heart.pic')]);
    const h = nonocrypt(['convert', '--solve', '--to', 'picture', heartNin]);
    expect(h.code, h.stderr).toBe(0);
    expect(h.stdout).toBe(readFileSync(examples('heart.pic'), 'utf8'));
    // A picture needs a goal: without one it is bad input.
    expectUsageError(nonocrypt(['convert', '--to', 'picture', heartNin]), 'goal');
  });
});

describe('outputs never lose data or permissions', () => {
  const spec = () => readFileSync(examples('to-be.txt'), 'utf8');
  const noTempFiles = (dir: string) => expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

  test('an existing 0600 file stays 0600 (and a 0640 one 0640)', () => {
    for (const mode of [0o600, 0o640]) {
      const out = at(`plain-${mode.toString(8)}.txt`);
      writeFileSync(out, 'old');
      chmodSync(out, mode);
      const r = nonocrypt(['decrypt', examples('to-be.txt'), '-o', out]);
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe('TO BE, OR NOT TO BE.\n');
      expect(statSync(out).mode & 0o777).toBe(mode);
    }
    noTempFiles(tmp.dir);
  });

  test('onto a symbolic link: the link stays, its target gets the output', () => {
    const target = at('link-target.txt');
    const link = at('link.txt');
    writeFileSync(target, 'old');
    chmodSync(target, 0o600);
    symlinkSync(target, link);
    expect(nonocrypt(['decrypt', examples('to-be.txt'), '-o', link]).code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('TO BE, OR NOT TO BE.\n');
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readFileSync(link, 'utf8')).toBe('TO BE, OR NOT TO BE.\n');
    // A dangling link: the file it names is created.
    const dangling = at('dangling.txt');
    symlinkSync(at('made-by-link.txt'), dangling);
    expect(nonocrypt(['decrypt', examples('to-be.txt'), '-o', dangling]).code).toBe(0);
    expect(readFileSync(at('made-by-link.txt'), 'utf8')).toBe('TO BE, OR NOT TO BE.\n');
  });

  test('onto a device, a FIFO or a standard stream: written through, nothing renamed', () => {
    expect(nonocrypt(['decrypt', examples('to-be.txt'), '-o', '/dev/null']).code).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    const toStdout = nonocrypt(['decrypt', examples('to-be.txt'), '-o', '/dev/stdout']);
    expect(toStdout.stdout).toBe('TO BE, OR NOT TO BE.\n');
    const fifo = at('pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // A reader on the FIFO (cat), and nonocrypt writing into it.
    const r = spawnSync('sh', ['-c', `cat "${fifo}" > "${at('from-fifo.txt')}" & ${[process.execPath, ...CLI_NODE_FLAGS, CLI].map((a) => `"${a}"`).join(' ')} decrypt "${examples('to-be.txt')}" -o "${fifo}"; s=$?; wait; exit $s`], {
      env: childEnv(),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(at('from-fifo.txt'), 'utf8')).toBe('TO BE, OR NOT TO BE.\n');
    expect(statSync(fifo).isFIFO()).toBe(true);
  });

  test('a full disk or an unwritable place: exit 4, one line, nothing partial left', () => {
    expectError(nonocrypt(['decrypt', examples('to-be.txt'), '-o', '/dev/full']), 4, 'no space left on device');
    writeFileSync(at('a-file'), 'x');
    expectError(nonocrypt(['decrypt', examples('to-be.txt'), '-o', join(at('a-file'), 'out.txt')]), 4, 'not a directory');
    expectError(nonocrypt(['decrypt', examples('to-be.txt'), '-o', at('no-such-folder/out.txt')]), 4, 'does not exist');
    mkdirSync(at('a-folder'));
    expectError(nonocrypt(['decrypt', examples('to-be.txt'), '-o', at('a-folder')]), 4, 'is a directory');
    noTempFiles(tmp.dir);
  });

  test('an input is never the output: the file itself, a hard link, a symbolic link, the table file', () => {
    const input = at('input.txt');
    writeFileSync(input, spec());
    linkSync(input, at('hard.txt'));
    symlinkSync(input, at('soft.txt'));
    for (const out of [input, at('hard.txt'), at('soft.txt')]) {
      expectUsageError(nonocrypt(['decrypt', input, '-o', out]), 'refusing to overwrite the input');
      expectUsageError(nonocrypt(['verify', input, '-o', out]), /unknown option|refusing/);
    }
    expect(readFileSync(input, 'utf8')).toBe(spec());
    const table = at('table.json');
    writeFileSync(table, readFileSync(join(ROOT, 'encoders', 'classic.json')));
    expectUsageError(nonocrypt(['decrypt', '--table', table, examples('to-be.txt'), '-o', table]), 'refusing to overwrite the input');
    expectUsageError(nonocrypt(['encrypt', '--table', table, '-o', table, 'HI']), 'refusing to overwrite the input');
    expect(readFileSync(table, 'utf8')).toBe(readFileSync(join(ROOT, 'encoders', 'classic.json'), 'utf8'));
    const pic = at('in.pic');
    writeFileSync(pic, readFileSync(examples('scatter.pic')));
    expectUsageError(nonocrypt(['annotate', pic, '-o', pic]), 'refusing');
    expectUsageError(nonocrypt(['convert', '--to', 'picture', pic, '-o', pic]), 'refusing');
    expectUsageError(nonocrypt(['solve', '--emit-cnf', pic, pic]), 'refusing');
  });
});

describe('input errors say what is wrong with the file', () => {
  const asOther = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

  test('an unreadable file says permission denied (also in an unreadable folder), never "no such file"', () => {
    const locked = at('locked');
    mkdirSync(locked);
    writeFileSync(join(locked, 'inside.txt'), readFileSync(examples('to-be.txt')));
    const unreadable = at('unreadable.txt');
    writeFileSync(unreadable, readFileSync(examples('to-be.txt')));
    chmodSync(unreadable, 0o000);
    chmodSync(locked, 0o700);
    chmodSync(tmp.dir, 0o755);
    for (const [file, cmd] of [
      [unreadable, 'verify'],
      [join(locked, 'inside.txt'), 'decrypt'],
      [unreadable, 'solve'],
    ] as const) {
      const r = spawnSync(process.execPath, [...CLI_NODE_FLAGS, CLI, cmd, file], { encoding: 'utf8', env: childEnv(), cwd: ROOT, ...asOther });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`nonocrypt: ${file}: cannot read (permission denied)\n`);
    }
    chmodSync(locked, 0o755);
  });

  test('a missing file says no such file', () => {
    expectUsageError(nonocrypt(['verify', at('nothing-here.txt')]), 'cannot read (no such file)');
  });

  test('a broken installation is an internal error: exit 70, one line naming the missing file', () => {
    // A copy of the built package without its worker script.
    const pkg = at('broken-install');
    cpSync(join(ROOT, 'dist'), join(pkg, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'encoders'), join(pkg, 'encoders'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'));
    rmSync(join(pkg, 'dist', 'src', 'parallel', 'blockWorker.js'));
    const r = spawnSync(process.execPath, [...CLI_NODE_FLAGS, join(pkg, 'dist', 'nonocrypt.mjs'), 'verify', '--jobs', '2', examples('to-be.txt')], {
      encoding: 'utf8',
      env: childEnv(),
    });
    expectError({ code: r.status, stdout: r.stdout, stderr: r.stderr }, 70, 'blockWorker.js is missing');
  });
});
