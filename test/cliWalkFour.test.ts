// The fourth walk (issue 66, items 9-21 of the CLI): what a user and an audit of split boards
// met, each as the user meets it, the CLI run as a process, its stdout, stderr and exit code
// checked together. docs/WALKTHROUGH.md ("The fourth walk") lists them, before and after.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { formatPicture } from '../src/formats/picture.js';
import { formatPuzzle } from '../src/formats/puzzleText.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { expectUsageError, nonocrypt, ROOT, scratchFolder } from './helpers/cli.js';
import { satUnsolvablePuzzle, stalledGrid } from './helpers/puzzles.js';

const { at } = scratchFolder('nonocrypt-walk-four-', (at) => {
  // A random 100x100 board that probing does not settle: hopeless within a second.
  writeFileSync(at('hard.pic'), formatPicture(stalledGrid(100, 100, 0.5, 9)));
  writeFileSync(at('hard.non'), formatPuzzle({ puzzle: puzzleOf(stalledGrid(100, 100, 0.5, 9)) }, 'non'));
  writeFileSync(at('none.non'), formatPuzzle({ puzzle: satUnsolvablePuzzle() }, 'non'));
});
const examples = (name: string) => join(ROOT, 'examples', name);
const help = (cmd: string) => {
  const r = nonocrypt([cmd, '--help']);
  expect([r.code, r.stderr]).toEqual([0, '']);
  return r.stdout.replace(/\s+/g, ' ');
};
/** The --json part documents of `file` split into `n`, written as PREFIX-K.json; their names. */
const splitParts = (file: string, n: number, prefix: string, extra: string[] = []): string[] =>
  Array.from({ length: n }, (_, i) => {
    const name = at(`${prefix}-${i + 1}.json`);
    const r = nonocrypt(['solve', '--json', '-j', '1', ...extra, '--split', `${i + 1}/${n}`, '-o', name, file]);
    expect(r.stderr).toBe('');
    return name;
  });
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

describe('9: the time limit of a split part', () => {
  test('solve -t 1 --split K/N names the 1 s the user gave, in text and --json; merge repeats it', () => {
    const parts = splitParts(at('hard.pic'), 2, 'limit', ['-t', '1']);
    for (const p of parts) {
      const d = readJson(p);
      expect(d).toMatchObject({ status: 'unknown', finished: false });
      expect(d.reason).toMatch(/^time limit of 1 s reached \(splitting the board into 2 cubes took \d+(\.\d+)? s\)$/);
    }
    const text = nonocrypt(['solve', '-j', '1', '-t', '1', '--split', '2/2', at('hard.pic')]);
    expect([text.code, text.stderr]).toEqual([3, '']);
    expect(text.stdout).toMatch(/^part 2 of 2: not finished \(time limit of 1 s reached \(splitting the board into 2 cubes took [\d.]+ s\)\)\n/);
    const m = nonocrypt(['merge', ...parts]);
    expect([m.code, m.stderr]).toEqual([3, '']);
    expect(m.stdout).toMatch(/^unknown \(parts 1 and 2 of 2 did not finish: part 1: time limit of 1 s reached \(.*\); part 2: time limit of 1 s reached \(.*\)\)\n$/);
    expect(m.stdout).not.toMatch(/time limit of 0\./);
  });
});

describe('10: merge checks the parts against the clues', () => {
  const heart = () => splitParts(examples('heart.pic'), 3, 'heart');

  test('a picture that fits no clue, added inside a part\'s cube, is refused (exit 2), not merged into "multiple"', () => {
    const parts = heart();
    const docs = parts.map(readJson);
    const k = docs.findIndex((d) => (d.solutions as unknown[]).length === 1);
    expect(k, 'one part holds the heart').toBeGreaterThanOrEqual(0);
    const picture = (docs[k]!.solutions as string[][])[0]!;
    // The last row's cell moved one to the left: inside the cube (its cells are the first row's), fitting no clue.
    const wrong = [...picture.slice(0, -1), '...#.....'];
    const edited = at('heart-extra.json');
    writeFileSync(edited, JSON.stringify({ ...docs[k], status: 'multiple', solutions: [picture, wrong] }));
    const given = parts.map((p, i) => (i === k ? edited : p));
    expectUsageError(nonocrypt(['merge', ...given]), new RegExp(`heart-extra\\.json: part ${k + 1} of 3 gives a picture that does not fit the clues \\(column \\d+ does not match its clue\\)`));
    // The parts as written merge as before.
    const ok = nonocrypt(['merge', ...parts]);
    expect([ok.code, ok.stderr]).toEqual([0, '']);
    expect(ok.stdout).toMatch(/^unique \(every part of 3 searched to the end; the picture is in part \d\)\n/);
  });

  test('clues edited to fit a picture are refused: the part\'s clues must be its puzzle\'s', () => {
    const parts = heart();
    const d = readJson(parts[0]!);
    const rows = d.rows as number[][];
    const edited = at('heart-clues.json');
    writeFileSync(edited, JSON.stringify({ ...d, rows: [[9], ...rows.slice(1)] }));
    expectUsageError(nonocrypt(['merge', edited, parts[1]!, parts[2]!]), /heart-clues\.json: its clues are not those of its puzzle \(sha256:[0-9a-f]{12}\.\.\.\)/);
  });

  test('a part that holds the picture, relabelled none, is what merge cannot see: --help says so and names --certify and check-certificate, which catch it', () => {
    const parts = heart();
    const docs = parts.map(readJson);
    const k = docs.findIndex((d) => (d.solutions as unknown[]).length === 1);
    const edited = at('heart-none.json');
    writeFileSync(edited, JSON.stringify({ ...docs[k], status: 'none', solutions: [] }));
    const m = nonocrypt(['merge', ...parts.map((p, i) => (i === k ? edited : p))]);
    // merge takes a finished part's word that its cube holds no other picture ...
    expect([m.code, m.stderr]).toEqual([1, '']);
    expect(m.stdout).toMatch(/^none /);
    // ... and says so, with the way to a proof.
    const h = help('merge');
    expect(h).toContain('merge checks every picture a part gives against the clues (with the independent checker)');
    expect(h).toContain("takes a finished part's word that its cube holds no other picture");
    expect(h).toContain('parts from machines you do not trust: solve --split K/N --certify DIR on each, then check-certificate');
    // The certificates of the same parts prove the board unique, whatever the part files say.
    const dir = at('heart-certs');
    mkdirSync(dir);
    for (let i = 1; i <= 3; i++) expect(nonocrypt(['solve', '-j', '1', '--split', `${i}/3`, '--certify', dir, examples('heart.pic')]).code).toBe(0);
    const c = nonocrypt(['check-certificate', examples('heart.pic'), dir]);
    expect(c.code, c.stdout).toBe(0);
    expect(c.stdout).toContain('board: certified unique (split into 3 parts)');
  });

  test('a part written without its clues (an older nonocrypt) is refused with what to do', () => {
    const parts = heart();
    const { rows: _r, cols: _c, givens: _g, ...old } = readJson(parts[0]!);
    const edited = at('heart-old.json');
    writeFileSync(edited, JSON.stringify(old));
    expectUsageError(nonocrypt(['merge', edited, parts[1]!, parts[2]!]), /heart-old\.json: a part written by an older nonocrypt, without "rows" and "cols" \(the clues merge checks its pictures against\): run solve --split K\/N again\n$/);
  });
});

describe('13: convert --solve --to picture on a puzzle whose solution is not unique', () => {
  const noGoal = (src: string, name: string) => {
    const r = nonocrypt(['convert', '--to', 'non', src]);
    writeFileSync(at(name), r.stdout.replace(/^goal.*\n/m, ''));
    return at(name);
  };

  test('says the puzzle has several solutions, or none, or was not solved in time: one line, exit 2, nothing on stdout', () => {
    const scatter = noGoal(examples('scatter.pic'), 'scatter.non');
    expectUsageError(nonocrypt(['convert', '--solve', '--to', 'picture', scatter]), /^nonocrypt: .*scatter\.non: no picture to write: the puzzle has several solutions \(nonocrypt solve shows two of them\)\n$/);
    expectUsageError(nonocrypt(['convert', '--solve', '--to', 'picture', at('none.non')]), /^nonocrypt: .*none\.non: no picture to write: the puzzle has no solution\n$/);
    expectUsageError(nonocrypt(['convert', '--solve', '-t', '0.2', '--to', 'picture', at('hard.non')]), /^nonocrypt: .*hard\.non: no picture to write: the puzzle was not solved \(time limit of 0\.2 s reached\)\n$/);
    // Other formats still convert, with the note.
    const non = nonocrypt(['convert', '--solve', '--to', 'json', scatter]);
    expect(non.code).toBe(0);
    expect(non.stderr).toBe('nonocrypt: no goal added: multiple (at least two solutions); nonocrypt solve shows two of them\n');
  });
});

describe('3, in the CLI: a picture has no place for given cells', () => {
  test('convert --to picture of a puzzle with given cells refuses, as --to xml does: one line, exit 2, nothing on stdout', () => {
    const annotated = nonocrypt(['annotate', '--to', 'non', examples('scatter.pic')]);
    expect(annotated.code).toBe(0);
    expect(annotated.stdout).toMatch(/^given /m);
    writeFileSync(at('scatter-given.non'), annotated.stdout);
    expectUsageError(nonocrypt(['convert', '--to', 'picture', at('scatter-given.non')]), /^nonocrypt: \.pic has no place for given cells; write \.non or \.json to keep them\n$/);
    expectUsageError(nonocrypt(['convert', '--to', 'xml', at('scatter-given.non')]), /^nonocrypt: webpbn XML has no place for given cells; write \.non or \.json to keep them\n$/);
  });
});

describe('14: a wrong separator in a clue line', () => {
  test('is pointed at where it stands, not at the end of the line', () => {
    const c = nonocrypt(['encrypt', '-s', '8', '-j', '1', '-q', 'TO BE, OR NOT TO BE.']);
    expect(c.code).toBe(0);
    const lines = c.stdout.split('\n');
    const comma = lines[1]!.indexOf(',');
    lines[1] = `${lines[1]!.slice(0, comma)};${lines[1]!.slice(comma + 1)}`;
    writeFileSync(at('semicolon.nc'), lines.join('\n'));
    expectUsageError(nonocrypt(['decrypt', at('semicolon.nc')]), new RegExp(`semicolon\\.nc:2:${comma + 1}: block 1, column clue 1: bad symbol ";"`));
    // A group really missing is still counted, at the end of the line.
    lines[1] = lines[1]!.slice(0, comma);
    writeFileSync(at('short.nc'), lines.join('\n'));
    expectUsageError(nonocrypt(['decrypt', at('short.nc')]), /short\.nc:2:\d+: block 1: expected 16 groups \(8 column clues, 8 row clues\), found 1/);
  });
});

describe('15: encrypt --require-proof with annotations not proven', () => {
  const msg = 'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG, AND THEN IT RUNS AWAY INTO THE DARK FOREST.'.repeat(2).slice(0, 150);

  test('exit 3 and nothing written: no -o file (an old one is left as it was), nothing on stdout; --help says so', () => {
    const out = at('proof.nc');
    const r = nonocrypt(['encrypt', '-s', '28', '--budget', '0.01', '-j', '1', '--require-proof', '-o', out, msg]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^nonocrypt: --require-proof: block 1 has a valid annotation not proven smallest \(.+\); nothing written\n$/);
    expect(existsSync(out)).toBe(false);
    writeFileSync(out, 'old\n');
    expect(nonocrypt(['encrypt', '-s', '28', '--budget', '0.01', '-j', '1', '--require-proof', '-q', '-o', out, msg]).code).toBe(3);
    expect(readFileSync(out, 'utf8')).toBe('old\n');
    const stdout = nonocrypt(['encrypt', '-s', '28', '--budget', '0.01', '-j', '1', '--require-proof', '-q', msg]);
    expect([stdout.code, stdout.stdout]).toEqual([3, '']);
    expect(stdout.stderr).toMatch(/; nothing written\n$/);
    expect(help('encrypt')).toContain('--require-proof exit 3 and write nothing (no ciphertext or report, no -o file) unless every annotation is proven smallest');
  });
});

describe('16: what encrypt --help and its notes say of unproven blocks', () => {
  test('-t: a block it stops keeps a valid annotation, reported not proven smallest', () => {
    const h = help('encrypt');
    expect(h).toContain('-t, --timeout <seconds> time limit per block; a block it stops keeps a valid annotation, reported not proven smallest with a proven lower bound (exit 3)');
    expect(h).not.toContain('reported unknown');
    const r = nonocrypt(['encrypt', '-s', '28', '-t', '0.01', '-j', '1', 'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG, AND THEN IT RUNS AWAY INTO THE DARK FOREST.']);
    expect(r.code).toBe(3);
    expect(r.stdout.split('\n')[0]).toBe('28');
    expect(r.stderr).toMatch(/^nonocrypt: block 1: \d+ cells?, valid, not proven smallest \(.*time limit of 0\.01 s reached.*\)\n/);
  });

  test('the summary of many unproven blocks says how to prove more (--budget) and to shorten the ciphertext (-s auto)', () => {
    const fox = at('fox.txt');
    writeFileSync(fox, Array(20).fill('THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG.').join(' '));
    const r = nonocrypt(['encrypt', '-s', '12', '--budget', '0.01', '-j', '1', '-i', fox]);
    expect(r.code).toBe(0);
    // Why, in a few words (item 21: the reason of each block is -v's and --json's).
    expect(r.stderr).toMatch(/^nonocrypt: \d+ of 32 blocks have a valid annotation not proven smallest \(the time budget ran out\); the largest gap: block \d+, \d+ cells? against a lower bound of \d+; a larger --budget \(or none\) proves more, -s auto chooses the board side with the shortest ciphertext; -v or --json for every block\n$/);
  });
});

describe('17: a ciphertext cut at a block boundary', () => {
  test('decrypts to the start of the message, exit 0: decrypt --help says so and how a sender guards against it', () => {
    const lines = readFileSync(examples('to-be.txt'), 'utf8').split('\n');
    writeFileSync(at('cut.txt'), lines.slice(0, 5).join('\n') + '\n');
    const r = nonocrypt(['decrypt', at('cut.txt')]);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, 'TO BE, OR NOT\n', '']);
    const h = help('decrypt');
    expect(h).toContain('The ciphertext has no end marker and no length: a file cut after a whole block decrypts to the start of the message, exit 0, and nothing can tell.');
    expect(h).toContain('A sender guards against it by ending the message with a word the receiver expects');
    expect(h).toContain('the number of blocks');
  });
});

describe('19: counts and words of collections, merge and render', () => {
  test('verify: a folder and a pattern that name no file are counted as what they are', () => {
    const dir = at('empty-folder');
    mkdirSync(dir);
    const r = nonocrypt(['verify', examples('to-be-block2.nc'), at('zz*.nc'), dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('1 block: 1 unique, 0 multiple, 0 none in 1 file; 1 folder with no ciphertexts, 1 pattern matching no file');
    const s = nonocrypt(['solve', examples('heart.pic'), at('zz*.non'), dir]);
    expect(s.code).toBe(2);
    expect(s.stdout.trimEnd().split('\n').at(-1)).toBe('1 puzzle: 1 unique, 0 multiple, 0 none, 0 unknown, 0 unreadable; 1 folder with no puzzles, 1 pattern matching no file');
  });

  test('merge of a board settled without every part names the parts not given as such', () => {
    const parts = splitParts(examples('scatter.pic'), 3, 'scatter');
    const two = parts.findIndex((p) => (readJson(p).solutions as unknown[]).length === 2);
    expect(two).toBeGreaterThanOrEqual(0);
    const r = nonocrypt(['merge', parts[two]!]);
    expect([r.code, r.stderr]).toEqual([1, '']);
    const others = [1, 2, 3].filter((k) => k !== two + 1);
    expect(r.stdout.split('\n')[0]).toBe(`multiple (two of the solutions follow, from part ${two + 1} of 3); parts ${others[0]} and ${others[1]} were not given (not needed: two pictures settle it)`);
  });

  test('render: the title of a small board takes at most two lines', () => {
    for (const file of ['needs-search.nc']) {
      const r = nonocrypt(['render', '--solution', '--to', 'svg', examples(file)]);
      expect([r.code, r.stderr]).toEqual([0, '']);
      const title = [...r.stdout.matchAll(/<text [^>]*font-weight="bold">([^<]*)<\/text>/g)].map((m) => m[1]);
      expect(title.join(' ')).toMatch(/^block 1: unique \(not line-solvable: probing at depth 1 settles it\)$/);
      expect(title.length, title.join(' | ')).toBeLessThanOrEqual(2);
    }
  });
});

describe('21: encrypt --size auto leads with its result', () => {
  test('one short line: side, table, length, what it is the shortest of; the accounting with -v and --json', () => {
    const r = nonocrypt(['encrypt', '--size', 'auto', '--table', 'auto', '-i', examples('message.txt')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^nonocrypt: n = \d+ \((classic|frequency)\): \d+ characters, provably the shortest of the 70 boards compared; -v tells how they were compared\n$/);
    expect(r.stderr.split(' ').length).toBeLessThan(25);
    const v = nonocrypt(['encrypt', '--size', 'auto', '--table', 'auto', '-v', '-i', examples('message.txt')]);
    expect(v.code).toBe(0);
    const [head, accounting, ...rest] = v.stderr.trimEnd().split('\n');
    expect(head).toBe(r.stderr.trimEnd().replace('; -v tells how they were compared', ''));
    expect(accounting).toMatch(/^nonocrypt: Of 70 candidates \(board sides 1 to 35, each with each table\), \d+ were evaluated/);
    expect(rest).toEqual([]);
    const j = nonocrypt(['encrypt', '--size', 'auto', '--table', 'auto', '--json', '-i', examples('message.txt')]);
    const doc = JSON.parse(j.stdout) as { choice: string; choiceSummary: string };
    expect(doc.choiceSummary).toBe(head!.replace(/^nonocrypt: /, ''));
    expect(doc.choice).toMatch(/Of 70 candidates/);
  });
});
