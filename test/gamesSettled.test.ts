// Values of small games settled by runs too long for a test or for one push (issue 43): the
// strategy at the value is shipped and checked here; the proof that one guess fewer does not
// suffice is too large to commit (more than one push may add), so its folder keeps the record
// of its check by parts (check --part K/N: every part valid, all of one text, by its SHA-256)
// and the recipe that rebuilds the proof, byte for byte, from a committed checkpoint
// (bench/results/open/), one line a row in settled.jsonl. Here every record must be whole and
// consistent, its checkpoint the committed one, and its strategy accepted by the independent
// checker at the value.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { checkStrategy } from '../src/games/check/checkStrategy.js';
import { ROOT } from './helpers/cli.js';

const DIR = join(ROOT, 'examples', 'games', 'settled');
const OPEN = join(ROOT, 'bench', 'results', 'open');

interface PartReport {
  readonly valid: boolean;
  readonly game: string;
  readonly guesses: number;
  readonly positions: number;
  readonly units: { readonly checked: number; readonly total: number; readonly outside: number };
  readonly part: { readonly index: number; readonly count: number; readonly depth: number };
  readonly sha256: string;
}
interface Settled {
  readonly game: string;
  readonly rules: { readonly game: string; readonly pegs: number; readonly symbols: number; readonly lies: number; readonly end: string; readonly lie: string };
  readonly value: number;
  readonly strategy: string;
  readonly proof: { readonly textSha256: string; readonly gzipBytes: number; readonly positions: number; readonly checkpoint: string; readonly checkpointSha256: string; readonly recipe: string };
  readonly parts: readonly PartReport[];
}

/** One record a line: the row, its strategy, and its proof's check by parts. */
const records = readFileSync(join(DIR, 'settled.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => JSON.parse(l) as Settled);

describe('examples/games/settled/', () => {
  test('every file is the record or a strategy it names', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(readdirSync(DIR).sort()).toEqual(['settled.jsonl', ...records.map((s) => s.strategy)].sort());
  });

  test.each(records.map((s) => [s.strategy, s] as const))('%s: the parts cover the proof once, all valid and of one text; the checkpoint is the committed one; the strategy wins within the value', (_, s) => {
    const n = s.parts[0]!.part.count;
    expect(s.parts.map((p) => p.part.index).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    for (const p of s.parts) {
      expect(p).toMatchObject({ valid: true, game: s.game, guesses: s.value, sha256: s.proof.textSha256, part: { count: n, depth: s.parts[0]!.part.depth } });
      expect(p.units.total).toBe(s.parts[0]!.units.total);
      expect(p.units.outside).toBe(s.parts[0]!.units.outside);
    }
    expect(s.parts.reduce((k, p) => k + p.units.checked, 0)).toBe(s.parts[0]!.units.total);
    expect(s.parts[0]!.units.total).toBeGreaterThan(n);
    const checkpoint = readFileSync(join(OPEN, s.proof.checkpoint));
    expect(createHash('sha256').update(checkpoint).digest('hex')).toBe(s.proof.checkpointSha256);
    expect(s.proof.recipe).toMatch(new RegExp(`gunzip -c \\S*bench/results/open/${s.proof.checkpoint.replace(/\./g, '\\.')} > `));
    expect(s.proof.recipe).toContain('--unchecked');
    expect(s.proof.recipe).toMatch(/check \S+ --part \{\}\/\d+ --part-depth \d+/);
    const r = checkStrategy(gunzipSync(readFileSync(join(DIR, s.strategy))).toString('utf8'), s.strategy);
    expect(r).toMatchObject({ valid: true, worst: s.value });
    expect(JSON.parse(gunzipSync(readFileSync(join(DIR, s.strategy))).toString('utf8').split('\n', 1)[0]!)).toMatchObject({ format: 'nonocrypt-strategy', ...s.rules });
  }, 300_000);
});
