// Proven lower bounds outside the small games' pairs (issue 43): the full-size games' bounds past
// the thesis chapter's (docs/results/games.md, Figures; a strategy that meets one is in examples/games/)
// and those of the small games' open rows. Every proof in examples/games/bounds/ is accepted by
// the independent checker, for the game, rules and value its name says (a large one held to its
// recorded whole check).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { nonocrypt, ROOT } from './helpers/cli.js';
import { expectShippedProof, readChecked, validProofLine } from './helpers/shippedProofs.js';

const DIR = join(ROOT, 'examples', 'games', 'bounds');
const checked = readChecked(DIR);
const files = readdirSync(DIR)
  .filter((f) => !f.endsWith('.jsonl'))
  .sort();
/** kind-PxS-eE-end-lie-lower-V.proof.gz */
const NAME = /^(mastermind|ab)-(\d+)x(\d+)-e(\d)-(truthful|deniable)-(any|plausible)-lower-(\d+)\.proof\.gz$/;

const rulesOf = (f: string) => {
  const [, game, pegs, symbols, lies, end, lie, value] = NAME.exec(f)!;
  const rules = { game: game as 'mastermind' | 'ab', pegs: +pegs!, symbols: +symbols!, lies: +lies!, end: end as 'truthful' | 'deniable', lie: lie as 'any' | 'plausible' };
  return { rules, value: +value! };
};

describe('examples/games/bounds/', () => {
  test('every file is a proof named for its game, under both lie rules, and every record names a file', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f, f).toMatch(NAME);
    for (const f of files.filter((f) => f.includes('-any-'))) expect(files, f).toContain(f.replace('-any-', '-plausible-'));
    for (const c of checked) expect(files, `checked.jsonl names ${c.file}`).toContain(c.file);
  });

  test.each(files)('%s: the checker accepts it, for the rules and the value its name says', (f) => {
    const { rules, value } = rulesOf(f);
    expectShippedProof(DIR, f, rules, value, checked);
  }, 600_000);

  test('the CLI checks the smallest as a user runs it', () => {
    const f = [...files].sort((a, b) => statSync(join(DIR, a)).size - statSync(join(DIR, b)).size)[0]!;
    const { rules, value } = rulesOf(f);
    const r = nonocrypt(['mastermind', 'check', join(DIR, f)]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.trimEnd()).toMatch(validProofLine(rules, value));
  });
});
