// The small games' exact values (issue 43; docs/results/games-small.md, `npm run bench -- games-small`): every
// file of examples/games/small/ is accepted by the independent checkers, each strategy has the
// proof that one guess fewer does not suffice, and both are for the game and rules their name says.
// A proof whose whole check takes minutes has that check recorded in checked.jsonl
// (helpers/shippedProofs.ts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkStrategy } from '../src/games/check/checkStrategy.js';
import { nonocrypt, ROOT } from './helpers/cli.js';
import { expectShippedProof, readChecked, readGameFile } from './helpers/shippedProofs.js';

const DIR = join(ROOT, 'examples', 'games', 'small');
const checked = readChecked(DIR);
const files = readdirSync(DIR)
  .filter((f) => !f.endsWith('.jsonl'))
  .sort();
/** kind-PxS-eE-lie-V.strategy.gz and kind-PxS-eE-lie-lower-V.proof.gz */
const NAME = /^(mastermind|ab)-(\d+)x(\d+)-e(\d)-(any|plausible)-(lower-)?(\d+)\.(strategy|proof)\.gz$/;

describe('examples/games/small/', () => {
  test('every file is named for its game, and every strategy has its proof and the other way round', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f, f).toMatch(NAME);
    const strategies = files.filter((f) => f.endsWith('.strategy.gz')).map((f) => f.replace(/-(\d+)\.strategy\.gz$/, '-lower-$1.proof.gz'));
    const proofs = files.filter((f) => f.endsWith('.proof.gz')).sort();
    expect(strategies.sort()).toEqual(proofs);
    for (const c of checked) expect(files, `checked.jsonl names ${c.file}`).toContain(c.file);
  });

  test.each(files)('%s: the checker accepts it, for the rules and the value its name says', (f) => {
    const [, kind, pegs, symbols, lies, lie, lower, value] = NAME.exec(f)!;
    const rules = { game: kind as 'mastermind' | 'ab', pegs: +pegs!, symbols: +symbols!, lies: +lies!, end: 'truthful' as const, lie: lie as 'any' | 'plausible' };
    if (lower) {
      expectShippedProof(DIR, f, rules, +value!, checked);
    } else {
      const text = readGameFile(DIR, f);
      expect(JSON.parse(text)).toMatchObject({ format: 'nonocrypt-strategy', ...rules, worst: +value! });
      expect(checkStrategy(text, f)).toMatchObject({ valid: true, worst: +value! });
    }
    // The largest proof (Mastermind 3x5 e = 2, 96,225 positions) takes seconds to check, minutes on a loaded machine.
  }, 600_000);

  test('the CLI checks a pair as a user runs it (gzip read by its first bytes)', () => {
    const pair = files.filter((f) => f.startsWith('mastermind-3x3-e2-any-'));
    expect(pair).toEqual(['mastermind-3x3-e2-any-6.strategy.gz', 'mastermind-3x3-e2-any-lower-6.proof.gz']);
    const s = nonocrypt(['mastermind', 'check', join(DIR, pair[0]!)]);
    expect(s).toMatchObject({ code: 0, stderr: '' });
    expect(s.stdout).toMatch(/^valid: every play wins within 6 guesses; .*\(mastermind 3x3 e=2\)\n$/);
    const p = nonocrypt(['mastermind', 'check', join(DIR, pair[1]!)]);
    expect(p).toMatchObject({ code: 0, stderr: '' });
    expect(p.stdout).toMatch(/^valid proof: no strategy wins every play within 5 guesses; at least 6 are needed/);
  });
});
