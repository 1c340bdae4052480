// verify --certify, solve --certify and check-certificate as a user meets them: processes, exit
// codes, stdout and stderr together; files whole or not at all; golden help texts.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { certificateFormula } from '../src/certificate/make/certificateFormula.js';
import { dimacsText } from '../src/certificate/make/certifyBlock.js';
import { parsePicture } from '../src/formats/picture.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { solve } from '../src/puzzle/solve.js';
import { expectError, expectUsageError, nonocrypt, ROOT, scratchFolder, STACK_LINE } from './helpers/cli.js';

const { at, dir } = scratchFolder();

describe('certificates on the command line', () => {
  test('verify --certify writes every block; check-certificate accepts them (text and --json)', () => {
    const dir = at('to-be');
    mkdirSync(dir);
    const v = nonocrypt(['verify', '--certify', dir, 'examples/to-be.txt']);
    expect(v.code, v.stderr).toBe(0);
    expect(v.stderr).toBe('');
    expect(v.stdout).toMatch(/^block 1: unique \(line-solvable\); certificate .*to-be\.block-1\.cnf, .*to-be\.block-1\.lrat \([\d,]+ bytes; [\d.]+ s\)$/m);
    expect(readdirSync(dir).sort()).toEqual(['to-be.block-1.cnf', 'to-be.block-1.lrat', 'to-be.block-2.cnf', 'to-be.block-2.lrat', 'to-be.block-3.cnf', 'to-be.block-3.lrat']);
    const cnf = readFileSync(join(dir, 'to-be.block-2.cnf'), 'utf8');
    expect(cnf).toMatch(/^c nonocrypt certificate formula/);
    expect(readFileSync(join(dir, 'to-be.block-2.lrat'), 'utf8').trimEnd().split('\n').at(-1)).toMatch(/^\d+ 0 [\d ]+ 0$/);
    const c = nonocrypt(['check-certificate', 'examples/to-be.txt', dir]);
    expect(c.code, c.stderr).toBe(0);
    expect(c.stderr).toBe('');
    expect(c.stdout).toMatch(/^block 3: certified unique \(to-be\.block-3\.cnf, to-be\.block-3\.lrat: [\d,]+ proof steps checked, [\d.]+ s\)$/m);
    expect(c.stdout.trimEnd().split('\n').at(-1)).toBe('3 blocks: 3 certified unique');
    const j = JSON.parse(nonocrypt(['check-certificate', '--json', 'examples/to-be.txt', dir]).stdout) as { ok: boolean; certified: number; blocks: { status: string }[] };
    expect(j).toMatchObject({ ok: true, certified: 3 });
  });

  test('--json reports each file with its path, bytes and time; --gzip writes .lrat.gz, which the checker reads', () => {
    const dir = at('gz');
    mkdirSync(dir);
    const v = nonocrypt(['verify', '--json', '--gzip', '--certify', dir, 'examples/needs-search.nc']);
    expect(v.code, v.stderr).toBe(0);
    const doc = JSON.parse(v.stdout) as { blocks: { certificate: { cnf: { path: string; bytes: number; ms: number }; proof: { path: string; bytes: number; textBytes: number } } }[] };
    const cert = doc.blocks[0]!.certificate;
    expect(cert.cnf.path).toBe(join(dir, 'needs-search.block-1.cnf'));
    expect(cert.proof.path).toBe(join(dir, 'needs-search.block-1.lrat.gz'));
    expect(cert.cnf.bytes).toBe(readFileSync(cert.cnf.path).length);
    expect(cert.proof.bytes).toBe(readFileSync(cert.proof.path).length);
    expect(cert.proof.bytes).toBeLessThan(cert.proof.textBytes);
    expect(nonocrypt(['check-certificate', 'examples/needs-search.nc', dir]).code).toBe(0);
  });

  test('solve --certify: STEM.cnf and STEM.lrat for a unique puzzle; a multiple one gets none and fails the check', () => {
    const dir = at('solve');
    mkdirSync(dir);
    const s = nonocrypt(['solve', '--certify', dir, 'examples/heart.pic']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toMatch(/^certificate .*heart\.cnf, .*heart\.lrat \(/m);
    expect(nonocrypt(['check-certificate', 'examples/heart.pic', dir]).code).toBe(0);
    const m = nonocrypt(['solve', '--certify', dir, 'examples/scatter.pic']);
    expect(m.code).toBe(1);
    expect(m.stdout).toContain('no certificate: the two solutions are the proof');
    const c = nonocrypt(['check-certificate', 'examples/scatter.pic', dir]);
    expect(c.code).toBe(1);
    expect(c.stderr).toBe('');
    expect(c.stdout).toContain('block 1: not certified: no certificate: scatter.cnf is missing');
  });

  test('a block with no solution gets a certificate of none, which the check reports as not unique', () => {
    const dir = at('none');
    mkdirSync(dir);
    const file = at('none.nc');
    // Columns empty, the first row full: no picture fits.
    writeFileSync(file, '2\n0,0,2,0\nX\n');
    const v = nonocrypt(['verify', '--certify', dir, file]);
    expect(v.code).toBe(1);
    expect(v.stdout).toMatch(/^block 1: none \(unsolvable: no grid fits\); certificate .*none\.block-1\.cnf/m);
    const c = nonocrypt(['check-certificate', file, dir]);
    expect(c.code).toBe(1);
    expect(c.stdout).toMatch(/^block 1: not unique: certified to have no solution \(none\.block-1\.cnf, none\.block-1\.lrat, /m);
  });

  test("the forgery drat-trim's lrat-check accepts, a hintless empty clause, is refused (issue 40, item 4)", async () => {
    // scatter.pic has two solutions. The forger writes the formula that excludes one of them
    // (the other is still a model) and, as the proof, one line: the empty clause with no hints.
    const dir = at('forged');
    mkdirSync(dir);
    const puzzle = puzzleOf(parsePicture(readFileSync(join(ROOT, 'examples/scatter.pic'), 'utf8')));
    const r = await solve(puzzle);
    if (r.status !== 'multiple') throw new Error(`scatter.pic should have two solutions, got ${r.status}`);
    const formula = certificateFormula(puzzle, [], r.grids[0]);
    writeFileSync(join(dir, 'scatter.cnf'), dimacsText(formula, 'puzzle: unique'));
    writeFileSync(join(dir, 'scatter.lrat'), `${formula.numClauses + 1} 0 0\n`);
    const c = nonocrypt(['check-certificate', 'examples/scatter.pic', dir]);
    expect(c.code).toBe(1);
    expect(c.stderr).toBe('');
    expect(c.stdout).toMatch(new RegExp(`^block 1: not certified: scatter\\.lrat: line 1: clause ${formula.numClauses + 1}: its hints end without a conflict`, 'm'));
    // docs/explanation/certificates.md warns of exactly this case, and recommends no checker that accepts it.
    const doc = readFileSync(join(ROOT, 'docs/explanation/certificates.md'), 'utf8');
    expect(doc).toContain("printf '2 0 0\\n' > t.lrat");
    expect(doc).toContain('`check-certificate` refuses exactly that forgery');
    expect(doc).not.toMatch(/Either shows that the `\.cnf` has no model/);
  });

  test('a tampered proof fails the check: exit 1 naming the block, the file, the line and the reason', () => {
    const dir = at('tamper');
    mkdirSync(dir);
    expect(nonocrypt(['verify', '--certify', dir, 'examples/to-be.txt']).code).toBe(0);
    const p = join(dir, 'to-be.block-2.lrat');
    const lines = readFileSync(p, 'utf8').split('\n');
    const k = lines.findIndex((l) => !l.includes(' d ') && / 0 \d+ \d+ /.test(l));
    lines[k] = lines[k]!.replace(/ 0 (\d+) /, ' 0 ');
    writeFileSync(p, lines.join('\n'));
    const c = nonocrypt(['check-certificate', 'examples/to-be.txt', dir]);
    expect(c.code).toBe(1);
    expect(c.stderr).toBe('');
    expect(c.stdout).toMatch(new RegExp(`^block 2: not certified: to-be\\.block-2\\.lrat: line ${k + 1}: clause \\d+: `, 'm'));
    expect(c.stdout).toMatch(/^block 1: certified unique/m);
    expect(c.stdout).not.toMatch(STACK_LINE);
  });

  test('bad input exits 2 with one line naming the place', () => {
    const bad = at('bad.nc');
    writeFileSync(bad, '6\n22,11\nX\n');
    expectUsageError(nonocrypt(['check-certificate', bad, dir()]), `${bad}:2: block 1: expected 12 clue groups, found 2`);
    expectUsageError(nonocrypt(['check-certificate', 'examples/to-be.txt', at('missing')]), 'cannot read the certificates (no such folder)');
    expectUsageError(nonocrypt(['solve', '--certify', dir(), '-'], { input: '#.\n.#\n' }), '--certify names its files after the input: give a FILE');
    expectUsageError(nonocrypt(['verify', '--gzip', 'examples/to-be.txt']), '--gzip compresses the proofs of --certify DIR');
    expectUsageError(nonocrypt(['verify', '--certify', dir(), 'examples/to-be.txt', 'examples/needs-search.nc']), '--certify takes one input file: its certificates are named after it');
  });

  test('an unwritable DIR exits 4 before any work and leaves nothing behind', () => {
    const file = at('not-a-folder');
    writeFileSync(file, 'x');
    expectError(nonocrypt(['verify', '--certify', file, 'examples/to-be.txt']), 4, `${file}: cannot write certificates (not a folder)`);
    expectError(nonocrypt(['solve', '--certify', join(file, 'sub'), 'examples/heart.pic']), 4, 'cannot write certificates');
    expect(readFileSync(file, 'utf8')).toBe('x');
    expect(existsSync(at('to-be.block-1.cnf'))).toBe(false);
  });
});

describe('help texts (golden)', () => {
  for (const cmd of ['check-certificate', 'verify', 'solve']) {
    test(`${cmd} --help`, async () => {
      const r = nonocrypt([cmd, '--help']);
      expect(r.code).toBe(0);
      await expect(r.stdout).toMatchFileSnapshot(`golden/help-${cmd}.txt`);
    });
  }
});
