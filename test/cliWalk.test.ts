// The newcomer's second walk (issue 35): what a user met, each as the user meets it, the CLI run
// as a process, its stdout, stderr and exit code checked together. The web page's side of the
// same items is in test/browser.test.ts; docs/WALKTHROUGH.md lists them all, before and after.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT, assertBuilt, expectUsageError, nonocrypt, tempDir } from './helpers/cli.js';

let tmp: { dir: string; cleanup: () => void };
const at = (...parts: string[]) => join(tmp.dir, ...parts);
const examples = (name: string) => join(ROOT, 'examples', name);

beforeAll(() => {
  assertBuilt();
  tmp = tempDir();
});

afterAll(() => tmp?.cleanup());

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
    const r = nonocrypt(['encrypt', '--size', 'auto', '--table', 'auto', '-i', examples('message.txt')]);
    expect(r.code, r.stderr).toBe(0);
    const line = r.stderr.trimEnd();
    const total = Number(/Of (\d+) candidates/.exec(line)?.[1]);
    const counts = [...line.matchAll(/(\d+) (?:were evaluated|was evaluated|needs? at least|needs? no annotation|(?:was|were) not evaluated)/g)].map((m) => Number(m[1]));
    expect(total).toBe(70);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
    const j = nonocrypt(['encrypt', '--size', 'auto', '--table', 'auto', '--json', '-i', examples('message.txt')]);
    expect([j.code, j.stderr]).toEqual([0, '']);
    const doc = JSON.parse(j.stdout) as { choice: string; candidates: Record<string, number> };
    const { total: all, ...fates } = doc.candidates;
    expect(Object.keys(fates).sort()).toEqual(['cutByBudget', 'evaluated', 'noAnnotationNoShorter', 'ruledOutByClues']);
    expect(Object.values(fates).reduce((a, b) => a + b, 0)).toBe(all);
    expect(all).toBe(70);
    expect(doc.choice).toBe(line.replace(/^nonocrypt: /, ''));
  });
});
