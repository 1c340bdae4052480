// The newcomer's third walk (issue 40): the frictions a user met on the command line, each as
// the user meets it, the CLI run as a process (on a terminal where the friction needs one), its
// stdout, stderr and exit code checked together. docs/results/walkthrough.md lists them, before and after.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { expectError, expectUsageError, nonocrypt, onTerminal, ROOT, scratchFolder } from './helpers/cli.js';

const { at, dir } = scratchFolder();
const examples = (name: string) => join(ROOT, 'examples', name);

describe('5: encrypt HELLO WORLD, unquoted', () => {
  test('the words are one message, joined by single spaces as echo joins them', () => {
    const words = nonocrypt(['encrypt', '--size', '5', 'HELLO', 'WORLD']);
    const quoted = nonocrypt(['encrypt', '--size', '5', 'HELLO WORLD']);
    expect([words.code, words.stderr]).toEqual([0, '']);
    expect(words.stdout).toBe(quoted.stdout);
    expect(words.stdout.split('\n')[0]).toBe('5');
    // Spacing inside one quoted word is kept; between words it is one space.
    const mixed = nonocrypt(['encrypt', '--extended', '--size', '5', 'A  B', 'C']);
    expect([mixed.code, mixed.stderr]).toEqual([0, '']);
    const back = nonocrypt(['decrypt', '-'], { input: mixed.stdout });
    expect([back.code, back.stdout, back.stderr]).toEqual([0, 'A  B C\n', '']);
  });

  test('--help says so; words and -i together are still refused', () => {
    const help = nonocrypt(['encrypt', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('several words are one message joined by single spaces, as echo joins them');
    expectUsageError(nonocrypt(['encrypt', '-i', examples('message.txt'), 'HELLO', 'WORLD']), 'give the message either as TEXT or with --in FILE, not both (found TEXT "HELLO WORLD"');
  });
});

describe('6: encrypt with no message, at a terminal', () => {
  test('names what encrypt takes: TEXT, -i FILE or a pipe (not "a FILE")', () => {
    const r = onTerminal(['encrypt'], 'stdin', dir());
    expectUsageError(r, 'nonocrypt: no message: give it as TEXT (nonocrypt encrypt "HELLO WORLD"), read it from a file with -i FILE, or pipe it on standard input\n');
    // A pipe still carries the message.
    const piped = nonocrypt(['encrypt', '--size', '5'], { input: 'HELLO\n' });
    expect([piped.code, piped.stderr, piped.stdout.split('\n')[0]]).toEqual([0, '', '5']);
  });
});

describe('7: --certify DIR', () => {
  test('a missing DIR is made with its parents, for verify and for solve, and the certificates check', () => {
    const certs = at('new', 'deeper', 'certs');
    const v = nonocrypt(['verify', '--certify', certs, examples('to-be.txt')]);
    expect([v.code, v.stderr]).toEqual([0, '']);
    expect(v.stdout).toMatch(/^block 1: unique .*certificate .*to-be\.block-1\.cnf/m);
    const s = nonocrypt(['solve', '--certify', at('other', 'certs'), examples('heart.pic')]);
    expect([s.code, s.stderr]).toEqual([0, '']);
    expect(readdirSync(at('other', 'certs')).sort()).toEqual(['heart.cnf', 'heart.lrat']);
    const c = nonocrypt(['check-certificate', examples('to-be.txt'), certs]);
    expect([c.code, c.stderr]).toEqual([0, '']);
    expect(c.stdout).toMatch(/3 blocks: 3 certified unique\n$/);
  });

  test('a DIR under a file still cannot be made (exit 4); a collection is refused with the reason', () => {
    writeFileSync(at('a-file'), 'x');
    expectError(nonocrypt(['verify', '--certify', join(at('a-file'), 'certs'), examples('to-be.txt')]), 4, `${join(at('a-file'), 'certs')}: cannot write certificates (a part of the path is not a directory)`);
    expectUsageError(
      nonocrypt(['solve', '--certify', at('c2'), examples('heart.pic'), examples('scatter.pic')]),
      'nonocrypt: --certify takes one input file: its certificates are named after it (two inputs of one name would write the same files), and check-certificate checks one input against DIR; run one command per file\n',
    );
    expect(existsSync(at('c2'))).toBe(false);
  });
});

describe('9: mastermind bound on a pipe', () => {
  const small = ['mastermind', 'bound', '--pegs', '3', '--symbols', '4', '--lies', '1', '--guesses', '6'];
  const proven = /^proven: no strategy wins every play within 5 guesses; at least 6 are needed \(175 positions searched, [\d.]+ s\)\n$/;

  test('stderr stays quiet when it is not a terminal; -v logs the progress', () => {
    const quiet = nonocrypt(small);
    expect([quiet.code, quiet.stderr]).toEqual([0, '']);
    expect(quiet.stdout).toMatch(proven);
    const logged = nonocrypt([...small, '-v']);
    expect(logged.code).toBe(0);
    expect(logged.stdout).toMatch(proven);
    // The run's last line, whole (no "about 0 s left"), and nothing rewritten in place.
    expect(logged.stderr).toMatch(/^bound: 170\/170 items, 175 positions, [\d,]+\/s, \d+ s\n$/);
    expectUsageError(nonocrypt([...small, '-v', '-q']), '--quiet and --verbose: use one');
  });

  test('on a terminal, the progress line is shown and cleared', () => {
    const r = onTerminal(small, 'stderr', dir());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(proven);
    expect(r.stderr).toMatch(/^\r\x1b\[Kbound: \d+\/170 items, .*\r\x1b\[K$/s);
  });
});

describe('10: errors in the words of what went wrong', () => {
  test('check-certificate with a missing folder says folder', () => {
    expectUsageError(nonocrypt(['check-certificate', examples('to-be.txt'), at('nosuchdir')]), `nonocrypt: ${at('nosuchdir')}: cannot read the certificates (no such folder)\n`);
  });

  test('-o into a folder that exists but takes no files does not say it is missing', () => {
    expectError(nonocrypt(['encrypt', '-o', '/proc/x', 'HELLO']), 4, 'nonocrypt: /proc/x: cannot write (the folder /proc takes no new files)\n');
    expectError(nonocrypt(['encrypt', '-o', at('none', 'x'), 'HELLO']), 4, `nonocrypt: ${at('none', 'x')}: cannot write (folder ${at('none')} does not exist)\n`);
  });

  test('a time limit too long names the largest', () => {
    const r = nonocrypt(['solve', '-t', '1000000000', examples('heart.pic')]);
    expectUsageError(r, "nonocrypt solve: option '-t, --timeout <seconds>' argument '1000000000' is invalid. expected a positive number of seconds up to 1,000,000 (11.6 days)\n");
    expectUsageError(nonocrypt(['encrypt', '--budget', '2e6', 'HELLO']), 'expected a positive number of seconds up to 1,000,000 (11.6 days), or none\n');
    // The largest itself is taken.
    const ok = nonocrypt(['solve', '-t', '1000000', examples('heart.pic')]);
    expect([ok.code, ok.stderr]).toEqual([0, '']);
  });

  test('empty standard input and an empty .non say empty, at no line', () => {
    for (const command of [['solve'], ['annotate'], ['convert', '--to', 'nin'], ['solve', '--from', 'non']]) {
      expectUsageError(nonocrypt(command, { input: '' }), 'nonocrypt: <stdin>: empty input: no puzzle to read\n');
    }
    writeFileSync(at('empty.non'), '\n\n');
    expectUsageError(nonocrypt(['solve', at('empty.non')]), `nonocrypt: ${at('empty.non')}: empty file: no puzzle to read\n`);
  });

  test('solve and verify of a folder with no inputs say so, and count nothing', () => {
    mkdirSync(at('emptydir', 'sub'), { recursive: true });
    writeFileSync(at('emptydir', 'notes.md'), 'nothing to solve');
    expectUsageError(nonocrypt(['solve', at('emptydir')]), `nonocrypt: ${at('emptydir')}: no puzzles in this folder (no .non .nin .xml .pbn .json .nc .cipher .pic .picture files, subfolders included)\n`);
    expectUsageError(nonocrypt(['verify', '--json', at('emptydir')]), `nonocrypt: ${at('emptydir')}: no ciphertexts in this folder (no .txt .nc .cipher files, subfolders included)\n`);
    // Beside a folder with puzzles, the empty one is still its own line of the report.
    const both = nonocrypt(['solve', at('emptydir'), examples('heart.pic')]);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('');
    expect(both.stdout).toContain(`${at('emptydir')}: error: ${at('emptydir')}: no puzzles in this folder`);
    expect(both.stdout).toMatch(/^1 puzzle: 1 unique, 0 multiple, 0 none, 0 unknown, 0 unreadable; 1 folder with no puzzles\n$/m);
  });
});

describe('14: the characters of a .pic file', () => {
  test('x, X and - read as # and .; the reference of formats lists every one', () => {
    const hashes = '#..#\n.##.\n#..#\n';
    writeFileSync(at('hashes.pic'), hashes);
    writeFileSync(at('letters.pic'), hashes.replace(/#/g, (_, i: number) => (i % 2 ? 'x' : 'X')).replace(/\./g, '-'));
    writeFileSync(at('digits.pic'), hashes.replace(/#/g, '1').replace(/\./g, '0'));
    const want = nonocrypt(['convert', '--to', 'non', at('hashes.pic')]);
    expect([want.code, want.stderr]).toEqual([0, '']);
    for (const name of ['letters.pic', 'digits.pic']) expect(nonocrypt(['convert', '--to', 'non', at(name)])).toEqual(want);
    const row = readFileSync(join(ROOT, 'docs', 'reference', 'formats.md'), 'utf8').split('\n').find((l) => l.startsWith('| `picture` |'));
    for (const c of ['#', '1', 'x', 'X', '.', '0', '-']) expect(row).toContain(`\`${c}\``);
    // A wrong character names them all.
    writeFileSync(at('typo.pic'), '#o#\n');
    expectUsageError(nonocrypt(['solve', at('typo.pic')]), `nonocrypt: ${at('typo.pic')}:1:2: expected # or . in a picture (or 1, x, X for black; 0, - for white), found "o"\n`);
  });
});

describe('the walk through every --help', () => {
  const commands = ['', 'encrypt', 'decrypt', 'verify', 'solve', 'check-certificate', 'annotate', 'convert', 'render', 'web', 'mastermind'];
  const games = ['candidates', 'next', 'strategy', 'check', 'bound', 'merge-proofs', 'play'].map((c) => `mastermind ${c}`);

  test('every line fits an 80-column terminal, but an example command and a single word (a JSON shape) that cannot break', () => {
    const long: string[] = [];
    for (const c of [...commands, ...games]) {
      const r = nonocrypt([...c.split(' ').filter(Boolean), '--help']);
      expect([r.code, r.stderr]).toEqual([0, '']);
      for (const line of r.stdout.split('\n')) {
        if (line.length <= 80 || line.startsWith('  nonocrypt ') || line.trim().split(' ').length === 1) continue;
        long.push(`${c || '(main)'}: ${line}`);
      }
    }
    expect(long).toEqual([]);
  });

  test('the help says what this walk changed: --certify makes DIR; a collection that names no file is one error', () => {
    for (const c of ['verify', 'solve']) {
      const help = nonocrypt([c, '--help']).stdout.replace(/\s+/g, ' ');
      expect(help).toContain('DIR is made if missing; one input file (the files are named after it)');
      expect(help).toContain('When no argument names a file at all, that is one error (exit 2).');
    }
  });
});
