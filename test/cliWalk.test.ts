// The newcomer's second walk (issue 35): what a user met, each as the user meets it, the CLI run
// as a process, its stdout, stderr and exit code checked together. The web page's side of the
// same items is in test/browser.test.ts; docs/results/walkthrough.md lists them all, before and after.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { autoSizeCounts, expectUsageError, nonocrypt, ONE_PLURAL, ROOT, scratchFolder } from './helpers/cli.js';

const { at } = scratchFolder();
const examples = (name: string) => join(ROOT, 'examples', name);

describe('9: convert --solve on a puzzle with several solutions', () => {
  test('says no goal was added and why, promising no solutions it does not print', () => {
    const nin = nonocrypt(['convert', '--to', 'nin', examples('scatter.pic')]);
    expect(nin.code, nin.stderr).toBe(0);
    writeFileSync(at('scatter.nin'), nin.stdout);
    const r = nonocrypt(['convert', '--to', 'non', '--solve', at('scatter.nin')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('nonocrypt: no goal added: multiple (at least two solutions); nonocrypt solve shows two of them\n');
    expect(r.stdout).toMatch(/^width 10\nheight 10\n/);
    expect(r.stdout).not.toContain('goal');
    // solve does show the two it promises.
    const s = nonocrypt(['solve', at('scatter.nin')]);
    expect([s.code, s.stderr]).toEqual([1, '']);
    expect(s.stdout.split('\n\n')).toHaveLength(3);
  });
});

describe('10: a ciphertext of several blocks where a puzzle is expected', () => {
  test('the message names what each command can do with it; no command says "(use verify)" for another', () => {
    for (const command of [['convert', '--to', 'json'], ['solve'], ['annotate']]) {
      const r = nonocrypt([...command, examples('to-be.txt')]);
      expectUsageError(r, `a ciphertext is a puzzle when it has one block; this one has 3 blocks (nonocrypt verify decides every block of a ciphertext; render --block N draws one)`);
      expect(r.stderr).not.toContain('use verify');
    }
    // In a collection, the same words on the file's line.
    const c = nonocrypt(['solve', examples('to-be.txt'), examples('heart.pic')]);
    expect(c.code).toBe(2);
    expect(c.stdout).toContain(`${examples('to-be.txt')}: error: ${examples('to-be.txt')}: a ciphertext is a puzzle when it has one block; this one has 3 blocks (nonocrypt verify`);
  });
});

describe('13: encrypt --size auto counts every candidate once', () => {
  test("the README's example: the summary's counts add up to the candidates, and --json has them by name", () => {
    // The accounting is -v's (issue 66, item 21): the line without it leads with the result.
    const r = nonocrypt(['encrypt', '--size', 'auto', '--table', 'auto', '-v', '-i', examples('message.txt')]);
    expect(r.code, r.stderr).toBe(0);
    const line = r.stderr.trimEnd();
    const { total, counts } = autoSizeCounts(line);
    expect(total).toBe(70);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
    const j = nonocrypt(['encrypt', '--size', 'auto', '--table', 'auto', '--json', '-i', examples('message.txt')]);
    expect([j.code, j.stderr]).toEqual([0, '']);
    const doc = JSON.parse(j.stdout) as { choice: string; candidates: Record<string, number> };
    const { total: all, ...fates } = doc.candidates;
    expect(Object.keys(fates).sort()).toEqual(['cutByBudget', 'evaluated', 'noAnnotationNoShorter', 'ruledOutByClues']);
    expect(Object.values(fates).reduce((a, b) => a + b, 0)).toBe(all);
    expect(all).toBe(70);
    // --json's choice is the result and the accounting, the two lines of -v.
    const [result, accounting] = line.split('\n').map((l) => l.replace(/^nonocrypt: /, ''));
    expect(doc.choice).toBe(`${result!.replace(/^(n = \d+ \(\w+\): \d+ characters).*$/, '$1')}. ${accounting}`);
  });
});

describe('15: a character or symbol typed wrong says what is allowed', () => {
  test('an unknown character names the characters the table writes, and what extended text adds', () => {
    expectUsageError(
      nonocrypt(['encrypt', '--size', '6', 'CAFÉ_BAR']),
      'nonocrypt: unknown character "É" (U+00C9) at position 4; the classic table has A-Z (lower case is read as upper case), space, comma and full stop, and in extended text also 0-9, line break, ! " # % & \' ( ) * + - / : ; = ? @\n',
    );
    expectUsageError(
      nonocrypt(['encrypt', '--extended', '--size', '6', 'A_B']),
      'nonocrypt: unknown character "_" (U+005F) at position 2; the classic table in extended text has A-Z (lower case is read as upper case), 0-9, line break, space, comma, full stop and ! " # % & \' ( ) * + - / : ; = ? @\n',
    );
    // A character extended text carries still names the flag that turns it on.
    expectUsageError(nonocrypt(['encrypt', '--size', '6', 'ROOM 4B']), 'the classic table carries it in extended text: encrypt with --extended');
  });

  test('a letter O typed for a zero: in a clue of its own, in an annotation; I for a one', () => {
    const lines = readFileSync(examples('to-be.txt'), 'utf8').split('\n');
    const typo = (line: number, from: string, to: string, name: string) => {
      const copy = [...lines];
      copy[line] = copy[line]!.replace(from, to);
      writeFileSync(at(name), copy.join('\n'));
      return at(name);
    };
    expectUsageError(
      nonocrypt(['verify', typo(1, ',4,0,11,', ',4,O,11,', 'o-clue.txt')]),
      `${at('o-clue.txt')}:2:21: block 1, row clue 3: symbol "O" is a run of 24 cells, longer than this line of 6; did you mean "0" (zero: an empty line)?`,
    );
    expectUsageError(
      nonocrypt(['decrypt', typo(4, '52', 'O2', 'o-cell.txt')]),
      `${at('o-cell.txt')}:5:1: block 2, annotation: symbol "O" is x 24, off this board of 6 x 6; did you mean "0"?`,
    );
    expectUsageError(nonocrypt(['verify', typo(1, '22,11,21', '22,I1,21', 'i-clue.txt')]), 'block 1, column clue 2: symbol "I" is a run of 18 cells, longer than this line of 6; did you mean "1"?');
    // Where the letter's number fits, it is that number: no guess.
    writeFileSync(at('o-wide.txt'), `25\n${['O', ...Array.from({ length: 49 }, () => '0')].join(',')}\nX\n`);
    expect(nonocrypt(['verify', at('o-wide.txt')]).stderr).not.toContain('did you mean');
  });
});

describe('14: one of a thing is said in the singular', () => {
  test('the check itself', () => {
    for (const bad of ['Checked 1 blocks', '1 row clues for', 'in 1 passes']) expect(bad).toMatch(ONE_PLURAL);
    for (const good of ['1 block', '1 row clue then 2 column clues', 'x 1 is', 'after 11 blocks', '0.1 seconds', 'in 1 pass']) expect(good).not.toMatch(ONE_PLURAL);
  });

  test('errors about boards and lines of one cell, and one-symbol annotations', () => {
    const cases: [string, string, string][] = [
      ['a.non', 'width 1\nheight 1\nrows\n2\ncolumns\n1\n', 'row 1 clue "2" needs 2 cells but rows are 1 cell wide'],
      ['b.nin', '1 1\n', 'expected 1 row clue then 1 column clue after the size'],
      ['c.non', 'width 1\nheight 1\n', 'expected a "rows" line followed by 1 row clue'],
      ['d.nc', '1\n1,1,1\nX\n', 'expected 2 groups (1 column clue, 1 row clue), found 3'],
      ['e.pic', '##\n#\n', 'row has 1 cell, expected 2 like the first row'],
      ['f.nc', '1\n1,1\n0\n', 'odd count of 1 symbol in the annotation'],
      ['g.non', 'width 2\nheight 1\nrows\n1\n1\ncolumns\n1\n1\n', 'expected 1 row clue after "rows" on line 3 (height 1)'],
    ];
    for (const [name, text, says] of cases) {
      writeFileSync(at(name), text);
      const r = nonocrypt(['solve', at(name)]);
      expectUsageError(r, says);
      expect(r.stderr).not.toMatch(ONE_PLURAL);
    }
  });
});
