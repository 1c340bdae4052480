// The proof-number strategy search (issue 43, item 1; src/games/build/PnSearch.ts): it finds a
// strategy exactly where exhaustive minimax and the proven small-game values say one exists, rules
// out one guess fewer, never claims more, and its files pass the independent checker; the CLI's
// `strategy --method pn` as a user runs it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildStrategy } from '../src/games/build/buildStrategy.js';
import { PnSearch } from '../src/games/build/PnSearch.js';
import { SearchContext } from '../src/games/build/SearchContext.js';
import { checkStrategy } from '../src/games/check/checkStrategy.js';
import { Deadline } from '../src/games/Deadline.js';
import { Knowledge } from '../src/games/model/Knowledge.js';
import { Rules, type LieRule } from '../src/games/model/Rules.js';
import { formatStrategyFile } from '../src/games/build/formatStrategyFile.js';
import { assertBuilt, nonocrypt, ROOT, tempDir } from './helpers/cli.js';
import { refOptimum, type TinyGame } from './helpers/games.js';

/** PN alone (no depth-first shortcuts: every position best-first) or with its defaults. */
const PURE = { exactGuesses: 0, quickWork: 0 } as const;

function pn(rules: Rules, h: number, options = {}) {
  const ctx = SearchContext.of(rules);
  ctx.deadline = Deadline.never;
  return new PnSearch(ctx, options).solve(Knowledge.initial(rules).lists(), h);
}

describe('against exhaustive minimax on tiny games', () => {
  const games: TinyGame[] = [
    { kind: 'mastermind', pegs: 2, symbols: 3 },
    { kind: 'mastermind', pegs: 2, symbols: 4 },
    { kind: 'mastermind', pegs: 3, symbols: 2 },
    { kind: 'ab', pegs: 2, symbols: 4 },
  ];
  // Both modes where they end within a second or so: PN alone (every position best-first) up to
  // one lie; with its depth-first shortcuts, two lies under the truthful end.
  test.each([
    { mode: 'default', lies: [0, 1, 2], ends: ['truthful'] },
    { mode: 'default', lies: [0, 1], ends: ['deniable'] },
    { mode: 'pure', lies: [0, 1], ends: ['truthful', 'deniable'] },
  ] as const)('$mode, e in $lies, $ends end: won exactly from the optimum up, lost below, the strategy checked', ({ mode, lies, ends }) => {
    fc.assert(
      fc.property(fc.constantFrom(...games), fc.constantFrom(...lies), fc.constantFrom(...ends), fc.constantFrom('any' as const, 'plausible' as const), (game, e, end, lie) => {
        const exact = refOptimum(game, e, end, 14, lie);
        const rules = new Rules({ ...game, lies: e, end, lie });
        for (const h of [exact - 1, exact, exact + 1]) {
          const r = pn(rules, h, mode === 'pure' ? PURE : {});
          expect(r.status, `h = ${h}`).toBe(h < exact ? 'lost' : 'won');
          if (r.status !== 'won') continue;
          const check = checkStrategy(formatStrategyFile(rules, r.text!, { worst: h }), 'pn');
          expect(check, `h = ${h}`).toMatchObject({ valid: true });
        }
      }),
      { numRuns: 12, seed: 43 },
    );
  }, 120_000);
});

describe('at the proven values of the small games (examples/games/small/)', () => {
  // The rows whose both searches take well under a second here.
  const fast = /^(mastermind-(2x4|3x3|3x4)-e[12]|mastermind-4x3-e1|ab-3x7-e1)-(any|plausible)-(\d+)\.strategy\.gz$/;
  const rows = readdirSync(join(ROOT, 'examples', 'games', 'small'))
    .map((f) => fast.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => {
      const [kind, size, e] = m[1]!.split('-') as [string, string, string];
      const [pegs, symbols] = size.split('x').map(Number) as [number, number];
      return { name: m[0], kind: kind as 'mastermind' | 'ab', pegs, symbols, lies: +e.slice(1), lie: m[3] as LieRule, value: +m[4]! };
    });

  test('the rows are there', () => expect(rows.length).toBe(16));

  test.each(rows)('$name: a strategy within the value, checked; none within one fewer', async ({ value, name: _, ...spec }) => {
    const rules = new Rules({ ...spec, end: 'truthful' });
    const at = await buildStrategy(rules, { method: 'pn', guesses: value });
    expect(at.status).toBe('built');
    expect(at.check!.worst).toBeLessThanOrEqual(value);
    expect(JSON.parse(at.file!)).toMatchObject({ worst: value, lie: spec.lie, built: 'proof-number search' });
    const below = await buildStrategy(rules, { method: 'pn', guesses: value - 1 });
    expect(below).toMatchObject({ status: 'none', failed: [value - 1] });
    expect(below.file).toBeUndefined();
  });

  test('without --guesses: from the volume bound up, the first h it wins is the value', async () => {
    const rules = new Rules({ kind: 'mastermind', pegs: 3, symbols: 3, lies: 2 });
    const r = await buildStrategy(rules, { method: 'pn' });
    expect(r).toMatchObject({ status: 'built', worst: 6 });
    expect(r.failed.at(-1)).toBe(5);
  });
});

describe('limits', () => {
  test('a time limit or a stop is unknown, with nothing claimed', async () => {
    const rules = new Rules({ kind: 'mastermind', pegs: 4, symbols: 6, lies: 2 });
    const t = await buildStrategy(rules, { method: 'pn', guesses: 8, timeLimitMs: 300 });
    expect(t.status).toBe('timeout');
    expect(t.file).toBeUndefined();
    const s = await buildStrategy(new Rules({ kind: 'mastermind', pegs: 3, symbols: 4, lies: 2 }), {
      method: 'pn',
      guesses: 6,
      shouldStop: () => 'out of memory (a test)',
    });
    expect(s).toMatchObject({ status: 'timeout', stoppedBy: 'out of memory (a test)' });
  });
});

describe('CLI: strategy --method pn', () => {
  let tmp: { dir: string; cleanup: () => void };
  beforeAll(() => {
    assertBuilt();
    tmp = tempDir('nonocrypt-pn-');
  });
  afterAll(() => tmp?.cleanup());
  const game = ['--pegs', '3', '--symbols', '3', '--lies', '2'];

  test('within the value: written, and check accepts it under the rule it names', () => {
    for (const lie of ['any', 'plausible']) {
      const out = join(tmp.dir, `pn-${lie}.strategy`);
      const r = nonocrypt(['mastermind', 'strategy', ...game, '--lie', lie, '--method', 'pn', '--guesses', '6', '-o', out]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^every play wins within 6 guesses; .*\(proof-number search: [\d,]+ positions? expanded, [\d,]+ made\)\n$/);
      const c = nonocrypt(['mastermind', 'check', out]);
      expect(c).toMatchObject({ code: 0, stderr: '' });
      expect(c.stdout).toMatch(new RegExp(`^valid: every play wins within 6 guesses; .*\\(mastermind 3x3 e=2${lie === 'plausible' ? ' plausible' : ''}\\)\\n$`));
    }
  });

  test('one fewer: none (exit 3, nothing written, not called a proof)', () => {
    const out = join(tmp.dir, 'pn-5.strategy');
    const r = nonocrypt(['mastermind', 'strategy', ...game, '--method', 'pn', '--guesses', '5', '-o', out, '--json']);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'none', failed: [5] });
    const t = nonocrypt(['mastermind', 'strategy', ...game, '--method', 'pn', '--guesses', '5', '-o', out]);
    expect([t.code, t.stdout]).toEqual([3, '']);
    expect(t.stderr).toMatch(/^nonocrypt: no strategy within 5 guesses: the exhaustive search ruled out every guess \(its own verdict, not a checked proof: bound --proof writes one\) .*; nothing written\n$/);
    expect(readdirSync(tmp.dir)).not.toContain('pn-5.strategy');
  });

  test('a time limit that cannot suffice: unknown, exit 3, nothing written', () => {
    const out = join(tmp.dir, 'pn-big.strategy');
    const r = nonocrypt(['mastermind', 'strategy', '--lies', '2', '--method', 'pn', '--guesses', '8', '-t', '0.5', '-o', out]);
    expect([r.code, r.stdout]).toEqual([3, '']);
    expect(r.stderr).toMatch(/^nonocrypt: unknown: the time limit of 0\.5 s reached \(the search ran [\d.]+ s\) \(proof-number search: .*\); nothing written\n$/);
    expect(readdirSync(tmp.dir)).not.toContain('pn-big.strategy');
  });
});
