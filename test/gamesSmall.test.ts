// The small games' exact values (issue 43; docs/GAMES.md, `npm run bench -- games-small`): every
// file of examples/games/small/ is accepted by the independent checkers, each strategy has the
// proof that one guess fewer does not suffice, and both are for the game and rules their name says.
// A proof too large to check within a test (over FULL_CHECK_MAX bytes: minutes of CPU) has its
// whole check recorded in checked.jsonl (the file's digest, the verdict, the CPU, the command):
// here its digest must match and the checker finds no fault in its first seconds.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { checkBoundProof } from '../src/games/check/checkBoundProof.js';
import { checkStrategy } from '../src/games/check/checkStrategy.js';
import { nonocrypt, ROOT } from './helpers/cli.js';

const DIR = join(ROOT, 'examples', 'games', 'small');
/** A large proof's whole check, as run and recorded. */
interface Checked {
  readonly file: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly verdict: string;
  readonly command: string;
}
const checked = existsSync(join(DIR, 'checked.jsonl'))
  ? readFileSync(join(DIR, 'checked.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Checked)
  : [];
const files = readdirSync(DIR)
  .filter((f) => !f.endsWith('.jsonl'))
  .sort();
/**
 * A proof file larger than this (gzip bytes) is checked whole by a command, not here: the
 * largest checked here (Mastermind 3x5 e = 2, 190,905 bytes, 96,225 positions) takes seconds,
 * the next (the AB game 3 of 7 e = 2, 519,284 bytes, 3.2 million positions) minutes.
 */
const FULL_CHECK_MAX = 1 << 18;
/** How long a test checks the start of a large proof (ms). */
const PARTIAL_CHECK_MS = 15_000;
/** kind-PxS-eE-lie-V.strategy.gz and kind-PxS-eE-lie-lower-V.proof.gz */
const NAME = /^(mastermind|ab)-(\d+)x(\d+)-e(\d)-(any|plausible)-(lower-)?(\d+)\.(strategy|proof)\.gz$/;

const read = (f: string) => gunzipSync(readFileSync(join(DIR, f))).toString('utf8');
const header = (text: string) => JSON.parse(text.split('\n', 1)[0]!) as Record<string, unknown>;

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
    const text = read(f);
    const rules = { game: kind, pegs: +pegs!, symbols: +symbols!, lies: +lies!, end: 'truthful', lie };
    if (lower) {
      expect(header(text)).toMatchObject({ format: 'nonocrypt-bound-proof', ...rules, guesses: +value! });
      const bytes = readFileSync(join(DIR, f));
      const record = checked.find((c) => c.file === f);
      if (bytes.length <= FULL_CHECK_MAX) {
        expect(record, `${f} is small enough to be checked here`).toBeUndefined();
        expect(checkBoundProof(text, f)).toMatchObject({ valid: true, guesses: +value! });
        return;
      }
      expect(record, `${f}: its whole check, in checked.jsonl`).toBeDefined();
      expect({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual({ bytes: record!.bytes, sha256: record!.sha256 });
      expect(record!.command).toBe(`nonocrypt mastermind check ${f}`);
      expect(record!.verdict).toMatch(new RegExp(`^valid proof: no strategy wins every play within ${+value! - 1} guesses; at least ${value} are needed \\([\\d,]+ positions checked; ${kind} ${pegs}x${symbols} e=${lies}${lie === 'plausible' ? ' plausible' : ''}\\)$`));
      const start = checkBoundProof(text, f, { deadline: performance.now() + PARTIAL_CHECK_MS });
      expect(start.valid, start.valid === false ? start.problem : '').not.toBe(false);
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
