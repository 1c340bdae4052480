// The small games' exact values (issue 43; docs/GAMES.md, `npm run bench -- games-small`): every
// file of examples/games/small/ is accepted by the independent checkers, each strategy has the
// proof that one guess fewer does not suffice, and both are for the game and rules their name says.
// A proof too large to ship (unshipped.jsonl, a JSON object a line: its size, digest and the
// command that writes it again) stands in for its file; its strategy is checked like the others.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { checkBoundProof } from '../src/games/check/checkBoundProof.js';
import { checkStrategy } from '../src/games/check/checkStrategy.js';
import { nonocrypt, ROOT } from './helpers/cli.js';

const DIR = join(ROOT, 'examples', 'games', 'small');
/** Proofs not shipped (too large for the repository), each with what makes it again. */
interface Unshipped {
  readonly proof: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly command: string;
}
const unshipped = readFileSync(join(DIR, 'unshipped.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => JSON.parse(l) as Unshipped);
const files = readdirSync(DIR)
  .filter((f) => f !== 'unshipped.jsonl')
  .sort();
/** kind-PxS-eE-lie-V.strategy.gz and kind-PxS-eE-lie-lower-V.proof.gz */
const NAME = /^(mastermind|ab)-(\d+)x(\d+)-e(\d)-(any|plausible)-(lower-)?(\d+)\.(strategy|proof)\.gz$/;

const read = (f: string) => gunzipSync(readFileSync(join(DIR, f))).toString('utf8');
const header = (text: string) => JSON.parse(text.split('\n', 1)[0]!) as Record<string, unknown>;

describe('examples/games/small/', () => {
  test('every file is named for its game, and every strategy has its proof and the other way round', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f, f).toMatch(NAME);
    const strategies = files.filter((f) => f.endsWith('.strategy.gz')).map((f) => f.replace(/-(\d+)\.strategy\.gz$/, '-lower-$1.proof.gz'));
    const proofs = [...files.filter((f) => f.endsWith('.proof.gz')), ...unshipped.map((u) => u.proof)].sort();
    expect(strategies.sort()).toEqual(proofs);
    for (const u of unshipped) {
      expect(u.proof).toMatch(NAME);
      expect(files).not.toContain(u.proof);
      expect(u.bytes).toBeGreaterThan(50 * 2 ** 20);
      expect(u.sha256).toMatch(/^[0-9a-f]{64}$/);
      const [, kind, pegs, symbols, lies, lie, , value] = NAME.exec(u.proof)!;
      expect(u.command).toBe(`nonocrypt mastermind bound --game ${kind} --pegs ${pegs} --symbols ${symbols} --lies ${lies} --lie ${lie} --guesses ${value} --proof ${u.proof}`);
    }
  });

  test.each(files)('%s: the checker accepts it, for the rules and the value its name says', (f) => {
    const [, kind, pegs, symbols, lies, lie, lower, value] = NAME.exec(f)!;
    const text = read(f);
    const rules = { game: kind, pegs: +pegs!, symbols: +symbols!, lies: +lies!, end: 'truthful', lie };
    if (lower) {
      expect(header(text)).toMatchObject({ format: 'nonocrypt-bound-proof', ...rules, guesses: +value! });
      expect(checkBoundProof(text, f)).toMatchObject({ valid: true, guesses: +value! });
    } else {
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
