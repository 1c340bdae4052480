// The everyday workflow as processes (issue 13, items 1 and 2): decrypt finds its table, the
// message comes from a file, extended text carries what the paper's alphabet lacks, and a
// byte-order mark and CRLF line ends are accepted wherever text is read.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { ROOT, STACK_LINE, assertBuilt, expectUsageError, nonocrypt, tempDir } from './helpers/cli.js';

let tmp: { dir: string; cleanup: () => void };
const at = (name: string) => join(tmp.dir, name);
const examples = (name: string) => join(ROOT, 'examples', name);

/** The SPEC's "TO BE, OR NOT TO BE." ciphertext (classic, n = 6). */
const SPEC_CIPHERTEXT = readFileSync(join(ROOT, 'examples', 'to-be.txt'), 'utf8');

/** A success: exit 0, the expected stdout, and stderr as given (default: nothing). */
function expectOk(r: ReturnType<typeof nonocrypt>, stdout: string, stderr: string | RegExp = ''): void {
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toBe(stdout);
  if (typeof stderr === 'string') expect(r.stderr).toBe(stderr);
  else expect(r.stderr).toMatch(stderr);
}

/** The same text with a byte-order mark and CRLF line ends. */
const bomCrlf = (text: string) => '\uFEFF' + text.replace(/\n/g, '\r\n');

beforeAll(() => {
  assertBuilt();
  tmp = tempDir('nonocrypt-workflow-');
});

afterAll(() => tmp?.cleanup());

describe('decrypt finds its table', () => {
  test('a frequency-table ciphertext decrypts without --table, and with --table auto', () => {
    const enc = nonocrypt(['encrypt', '--size', '6', '--table', 'frequency', 'TO BE, OR NOT TO BE.', '-o', at('freq.txt')]);
    expectOk(enc, '');
    expectOk(nonocrypt(['decrypt', at('freq.txt')]), 'TO BE, OR NOT TO BE.\n');
    expectOk(nonocrypt(['decrypt', '--table', 'auto', at('freq.txt')]), 'TO BE, OR NOT TO BE.\n');
    // The classic table does not read it: the failure names the place, and the table that does.
    const classic = nonocrypt(['decrypt', '--table', 'classic', at('freq.txt')]);
    expect(classic.code).toBe(2);
    expect(classic.stdout).toBe('');
    expect(classic.stderr).toMatch(
      /^nonocrypt: block \d+: unused (escaped )?code [01]{5} (after the escape )?at bit position \d+ \(character \d+\) under the classic table; the ciphertext decodes under the built-in frequency table instead: decrypt with --table frequency \(or without --table, which finds it\)\n$/,
    );
  });

  test('after encrypt --size auto --table auto, a plain decrypt gives the message back; encrypt named the table', () => {
    const enc = nonocrypt(['encrypt', '--size', 'auto', '--table', 'auto', '-i', examples('message.txt'), '-o', at('auto.txt')], { timeoutMs: 120_000 });
    expect(enc.code, enc.stderr).toBe(0);
    expect(enc.stdout).toBe('');
    expect(enc.stderr).toMatch(/^nonocrypt: n = \d+ \((classic|frequency)\): \d+ characters/);
    expect(enc.stderr).not.toMatch(/--table/); // the receiver needs nothing more
    expectOk(nonocrypt(['decrypt', at('auto.txt')]), readFileSync(examples('message.txt'), 'utf8'));
  });

  test('a ciphertext that two tables read: encrypt says which table the receiver must name; decrypt asks for --table (exit 2)', () => {
    const enc = nonocrypt(['encrypt', '--size', '5', 'ABCDE', '-o', at('abcde.txt')]);
    expect(enc.code, enc.stderr).toBe(0);
    expect(enc.stderr).toBe('nonocrypt: the receiver must decrypt with --table classic: it also decodes under the frequency table, to other text\n');
    const dec = nonocrypt(['decrypt', at('abcde.txt')]);
    expectUsageError(dec, 'decodes under 2 tables, to different texts (classic: "ABCDE", frequency: "XJYQB"); name its table with --table classic or --table frequency');
    expectUsageError(nonocrypt(['decrypt', '--table', 'auto', at('abcde.txt')]), '--table classic or --table frequency');
    expectOk(nonocrypt(['decrypt', '--table', 'classic', at('abcde.txt')]), 'ABCDE\n');
    expectOk(nonocrypt(['decrypt', '--table', 'frequency', at('abcde.txt')]), 'XJYQB\n');
    // --json carries the same note; -q silences it.
    const json = JSON.parse(nonocrypt(['encrypt', '--size', '5', '--json', 'ABCDE']).stdout) as { receiverNeedsTable?: string };
    expect(json.receiverNeedsTable).toBe('it also decodes under the frequency table, to other text');
    expectOk(nonocrypt(['encrypt', '-q', '--size', '5', 'ABCDE']), readFileSync(at('abcde.txt'), 'utf8'));
  });

  test('a table file: encrypt tells the sender the receiver needs it', () => {
    const table = at('shifted.json');
    const codes = Object.fromEntries([...' ABCDEFGHIJKLMNOPQRSTUVWXYZ,.'].map((c, i) => [c, (i === 0 ? 31 : i - 1).toString(2).padStart(5, '0')]));
    writeFileSync(table, JSON.stringify({ name: 'shifted', padding: ' ', codes }));
    const enc = nonocrypt(['encrypt', '--size', '6', '--table', table, 'HELLO WORLD', '-o', at('shifted.txt')]);
    expect(enc.code, enc.stderr).toBe(0);
    expect(enc.stderr).toMatch(new RegExp(`^nonocrypt: the receiver must decrypt with --table ${table.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    expectOk(nonocrypt(['decrypt', '--table', table, at('shifted.txt')]), 'HELLO WORLD\n');
  });

  test('no built-in table decodes it: one line per failing block naming what stopped each table (exit 2)', () => {
    // One 5 x 2 block holding 11110 00000: classic stops at 11110, frequency at 00000.
    const grid = makeGrid(5, 2, [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);
    writeFileSync(at('none.txt'), formatCiphertext({ width: 5, height: 2, blocks: [{ puzzle: puzzleOf(grid), annotation: [] }] }));
    const r = nonocrypt(['decrypt', at('none.txt')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'nonocrypt: no built-in table decodes every block (classic: block 1: unused code 11110 at bit position 1 (character 1); ' +
        'frequency: block 1: unused code 00000 at bit position 6 (character 2)); it may need its table file\n',
    );
  });
});

describe('text input', () => {
  test('-i FILE and --in FILE read the message (BOM, CRLF and the final line break dropped); -i - reads stdin', () => {
    writeFileSync(at('msg.txt'), bomCrlf('TO BE, OR NOT TO BE.\n'));
    expectOk(nonocrypt(['encrypt', '-s', '6', '-i', at('msg.txt')]), SPEC_CIPHERTEXT);
    expectOk(nonocrypt(['encrypt', '-s', '6', '--in', at('msg.txt')]), SPEC_CIPHERTEXT);
    expectOk(nonocrypt(['encrypt', '-s', '6', '-i', '-'], { input: bomCrlf('TO BE, OR NOT TO BE.\n') }), SPEC_CIPHERTEXT);
    expectOk(nonocrypt(['encrypt', '-s', '6'], { input: bomCrlf('TO BE, OR NOT TO BE.\n') }), SPEC_CIPHERTEXT);
  });

  test('-i with a TEXT argument, a missing file, or onto itself: one line, exit 2', () => {
    expectUsageError(nonocrypt(['encrypt', '-i', at('msg.txt'), 'HELLO']), 'give the message either as TEXT or with --in FILE, not both');
    expectUsageError(nonocrypt(['encrypt', '-i', at('missing.txt')]), `${at('missing.txt')}: cannot read (no such file)`);
    writeFileSync(at('keep.txt'), 'HELLO\n');
    expectUsageError(nonocrypt(['encrypt', '-i', at('keep.txt'), '-o', at('keep.txt')]), 'refusing to overwrite the input');
    expect(readFileSync(at('keep.txt'), 'utf8')).toBe('HELLO\n');
  });

  test('a TEXT that names a file: a warning on stderr, the words are encrypted, exit 0; -q silences it', () => {
    writeFileSync(at('message.txt'), 'SECRET\n');
    const r = nonocrypt(['encrypt', '-s', '6', 'message.txt'], { cwd: tmp.dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('nonocrypt: warning: the message "message.txt" is also the name of a file; encrypting the words (to encrypt the file, use -i message.txt)\n');
    expectOk(nonocrypt(['decrypt', '-'], { input: r.stdout }), 'MESSAGE.TXT\n');
    expectOk(nonocrypt(['encrypt', '-s', '6', '-q', 'message.txt'], { cwd: tmp.dir }), r.stdout);
    // A TEXT that names no file (or a folder) is just the message.
    const folder = nonocrypt(['encrypt', '-s', '6', 'examples'], { cwd: ROOT });
    expect(folder.code, folder.stderr).toBe(0);
    expect(folder.stderr).toBe('');
  });

  test('the paper alphabet stays the default: a digit is an error naming its place and pointing at extended text', () => {
    expectUsageError(nonocrypt(['encrypt', 'ROOM 4B']), 'unknown character "4" (U+0034) at position 6; the classic table carries it in extended text');
    expectUsageError(nonocrypt(['encrypt'], { input: 'A\nB\n' }), 'unknown character "\\n" (U+000A) at position 2');
  });

  test('--extended round-trips digits, punctuation, line breaks and trailing spaces; decrypt needs no flag', () => {
    const message = "Meet at 10:30 (room 4B)?\r\nDon't be late! 50% + \"tea\" = #1 @ home/work; *ok*  \r\n";
    writeFileSync(at('extended.txt'), '\uFEFF' + message);
    const expected = "MEET AT 10:30 (ROOM 4B)?\nDON'T BE LATE! 50% + \"TEA\" = #1 @ HOME/WORK; *OK*  ";
    for (const table of ['classic', 'frequency']) {
      const enc = nonocrypt(['encrypt', '--extended', '--table', table, '-s', '10', '-i', at('extended.txt'), '-o', at(`ext-${table}.txt`)], { timeoutMs: 120_000 });
      expectOk(enc, '');
      expectOk(nonocrypt(['decrypt', at(`ext-${table}.txt`)]), expected + '\n');
      expectOk(nonocrypt(['decrypt', '--table', table, at(`ext-${table}.txt`)]), expected + '\n');
    }
  });

  test('--extended changes nothing for a message over the paper alphabet: the SPEC vector', () => {
    expectOk(nonocrypt(['encrypt', '--extended', '-s', '6', 'TO BE, OR NOT TO BE.']), SPEC_CIPHERTEXT);
  });
});

describe('a byte-order mark and CRLF line ends are accepted wherever text is read', () => {
  test.each([
    ['decrypt', 'to-be.txt'],
    ['verify', 'to-be.txt'],
    ['render', 'to-be.txt'],
    ['solve', 'scatter.pic'],
    ['solve', 'to-be-block2.nc'],
    ['annotate', 'heart.pic'],
  ])('%s %s', (command, name) => {
    const original = nonocrypt([command, examples(name)]);
    const file = at(`bom-${name}`);
    writeFileSync(file, bomCrlf(readFileSync(examples(name), 'utf8')));
    const r = nonocrypt([command, file]);
    expect(r.code, r.stderr).toBe(original.code);
    expect(r.stdout).toBe(original.stdout);
    expect(r.stderr).toBe(original.stderr);
    expect(r.stderr).not.toMatch(STACK_LINE);
    const piped = nonocrypt([command, '-'], { input: bomCrlf(readFileSync(examples(name), 'utf8')) });
    expect(piped.stdout).toBe(original.stdout);
  });

  test.each([['non'], ['nin'], ['xml'], ['json']])('solve a .%s puzzle with a BOM and CRLF', (format) => {
    const converted = nonocrypt(['convert', '--to', format, examples('heart.pic')]);
    expect(converted.code, converted.stderr).toBe(0);
    const plain = at(`heart.${format}`);
    const marked = at(`bom-heart.${format}`);
    writeFileSync(plain, converted.stdout);
    writeFileSync(marked, bomCrlf(converted.stdout));
    const a = nonocrypt(['solve', plain]);
    const b = nonocrypt(['solve', marked]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
  });

  test('a table file with a BOM and CRLF', () => {
    const table = at('bom-frequency.json');
    writeFileSync(table, bomCrlf(readFileSync(join(ROOT, 'encoders', 'frequency.json'), 'utf8')));
    const enc = nonocrypt(['encrypt', '-s', '6', '--table', table, 'TO BE, OR NOT TO BE.']);
    expect(enc.code, enc.stderr).toBe(0);
    expectOk(nonocrypt(['decrypt', '--table', table, '-'], { input: enc.stdout }), 'TO BE, OR NOT TO BE.\n');
  });
});
