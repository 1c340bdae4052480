// Every time-limit message names the limit the user gave (issue 40, item 2): `solve -t 45` once
// said "time limit of 14.978 s reached", the part of the limit left when the portfolio started.
// Each case is the CLI as a process: stdout, stderr and the exit code together. (The portfolio's
// race starts after 60,000 SAT conflicts alone, tens of seconds, too slow for a test of the CLI:
// test/portfolio.test.ts checks its reason through the library with an earlier start.)
import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { formatPicture } from '../src/formats/picture.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { nonocrypt, scratchFolder } from './helpers/cli.js';
import { stalledGrid } from './helpers/puzzles.js';

const { at } = scratchFolder('nonocrypt-limits-', (at) => {
  // A random 100x100 board that probing does not settle: hopeless within a second or two.
  const hard = stalledGrid(100, 100, 0.5, 9);
  writeFileSync(at('hard.pic'), formatPicture(hard));
  writeFileSync(at('hard.nc'), formatCiphertext({ width: 100, height: 100, blocks: [{ puzzle: puzzleOf(hard), annotation: [] }] }));
  // Many solutions, counted until the limit stops the count.
  writeFileSync(at('many.pic'), formatPicture(stalledGrid(30, 30, 0.5)));
});

describe('puzzles and ciphertexts', () => {
  test('solve -t 1.5: the reason names 1.5 s, in text and in --json; exit 3', () => {
    const t = nonocrypt(['solve', '-j', '1', '-t', '1.5', at('hard.pic')]);
    expect([t.code, t.stderr]).toEqual([3, '']);
    expect(t.stdout).toMatch(/^unknown \(time limit of 1\.5 s reached\)/m);
    const j = nonocrypt(['solve', '-j', '1', '-t', '1.5', '--json', at('hard.pic')]);
    expect([j.code, j.stderr]).toEqual([3, '']);
    expect(JSON.parse(j.stdout)).toMatchObject({ status: 'unknown', reason: 'time limit of 1.5 s reached' });
  });

  test('solve --count -t 0.001: a count the limit stopped says which limit', () => {
    const r = nonocrypt(['solve', '--count', '-j', '1', '-t', '0.001', at('many.pic')], { timeoutMs: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^solutions: >= (\d+) \(time limit of 0\.001 s reached\)$/m);
    const n = Number(/>= (\d+)/.exec(r.stdout)![1]);
    expect(r.code).toBe(n >= 2 ? 1 : 3);
  });

  test('verify -t 1.5: the block the limit stopped names 1.5 s; exit 3', () => {
    const r = nonocrypt(['verify', '-j', '1', '-t', '1.5', at('hard.nc')]);
    expect([r.code, r.stderr]).toEqual([3, '']);
    expect(r.stdout).toMatch(/^block 1: unknown \(time limit of 1\.5 s reached\)/m);
  });
});

describe('games', () => {
  test('mastermind strategy -t 0.5: "the time limit of 0.5 s"; exit 3, nothing written', () => {
    const r = nonocrypt(['mastermind', 'strategy', '--game', 'ab', '--lies', '2', '-j', '1', '-t', '0.5', '-o', at('never.json')]);
    expect([r.code, r.stdout]).toEqual([3, '']);
    expect(r.stderr).toMatch(/^nonocrypt: the time limit of 0\.5 s reached \(the search ran [\d.]+ s\); nothing written\n$/);
  });

  test('mastermind bound -t 0.5: not decided within the time limit of 0.5 s; exit 3', () => {
    const r = nonocrypt(['mastermind', 'bound', '--game', 'ab', '--lies', '2', '--guesses', '10', '-t', '0.5']);
    expect([r.code, r.stderr]).toEqual([3, '']);
    expect(r.stdout).toMatch(/^unknown: not decided within the time limit of 0\.5 s \(.*\); nothing is claimed\n$/);
  });

  test('mastermind check -t 0.001: the check the limit stopped names it, in text and in --json; exit 3', () => {
    const file = 'examples/games/mastermind-e2-9-deniable.strategy';
    const r = nonocrypt(['mastermind', 'check', '-t', '0.001', file]);
    expect([r.code, r.stderr]).toEqual([3, '']);
    expect(r.stdout).toBe('unknown (mastermind 4x6 e=2 deniable): time limit of 0.001 s reached before the check was done; nothing is claimed\n');
    const j = nonocrypt(['mastermind', 'check', '--json', '-t', '0.001', file]);
    expect([j.code, j.stderr]).toEqual([3, '']);
    expect(JSON.parse(j.stdout)).toMatchObject({ valid: null, problem: 'time limit of 0.001 s reached before the check was done' });
  });
});
