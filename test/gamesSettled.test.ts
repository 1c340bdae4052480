// Values of games settled by runs too long for a test or for one push (issue 43): the strategy
// at the value is shipped (here, or beside the game's other files) and checked here; the proof
// that one guess fewer does not suffice is not committed (too large for one push, or rebuilt in
// seconds), so the record keeps its check by parts (check --part K/N: every part valid, all of
// one text, by its SHA-256) and the recipe that rebuilds the proof, byte for byte, from a
// committed checkpoint (bench/results/open/), one line a row in settled.jsonl. A record holds its proof and parts itself, or names the manifest of
// bench/results/open/ that holds them (test/gamesOpen.test.ts runs that manifest's recipe and
// holds its parts to the text). Here every record must be whole and consistent, its checkpoint
// the committed one, and its strategy accepted by the independent checker at the value.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkStrategy } from '../src/games/check/checkStrategy.js';
import { ROOT } from './helpers/cli.js';
import { OPEN_DIR, readOpenManifest, type OpenPartReport } from './helpers/openManifests.js';
import { readGameFile } from './helpers/shippedProofs.js';

const DIR = join(ROOT, 'examples', 'games', 'settled');

interface Settled {
  readonly game: string;
  readonly rules: { readonly game: string; readonly pegs: number; readonly symbols: number; readonly lies: number; readonly end: string; readonly lie: string };
  readonly value: number;
  /** The strategy file, a path from this folder (`.gz`: gzip). */
  readonly strategy: string;
  /** The proof and its check held by the record; or, with `manifest`, none: the manifest holds them. */
  readonly proof?: { readonly textSha256: string; readonly gzipBytes: number; readonly positions: number; readonly checkpoint: string; readonly checkpointSha256: string; readonly recipe: string };
  readonly parts?: readonly OpenPartReport[];
  /** NAME of bench/results/open/NAME.manifest.json, whose proof and check by parts settle the value. */
  readonly manifest?: string;
}
/** A record's proof text, checkpoint and parts, from the record or from the manifest it names. */
function proofOf(s: Settled): { textSha256: string; checkpoint: string; checkpointSha256: string; parts: readonly OpenPartReport[] } {
  if (s.manifest === undefined) {
    const p = s.proof!;
    expect(p.recipe).toMatch(new RegExp(`gunzip -c \\S*bench/results/open/${p.checkpoint.replace(/\./g, '\\.')} > `));
    expect(p.recipe).toContain('--unchecked');
    expect(p.recipe).toMatch(/check \S+ --part \{\}\/\d+ --part-depth \d+/);
    return { textSha256: p.textSha256, checkpoint: p.checkpoint, checkpointSha256: p.checkpointSha256, parts: s.parts! };
  }
  expect(s.proof).toBeUndefined();
  expect(s.parts).toBeUndefined();
  const m = readOpenManifest(`${s.manifest}.manifest.json`);
  expect({ rules: m.rules, guesses: m.guesses }).toEqual({ rules: s.rules, guesses: s.value });
  const proof = m.proof!;
  expect(proof.checkByParts.reports.length).toBe(proof.checkByParts.parts);
  return { textSha256: proof.textSha256, checkpoint: m.checkpoint, checkpointSha256: m.sha256, parts: proof.checkByParts.reports };
}

/** One record a line: the row, its strategy, and its proof's check by parts. */
const records = readFileSync(join(DIR, 'settled.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => JSON.parse(l) as Settled);

describe('examples/games/settled/', () => {
  test('every file is the record or a strategy it names', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(readdirSync(DIR).sort()).toEqual(['settled.jsonl', ...records.map((s) => s.strategy).filter((f) => !f.includes('/'))].sort());
  });

  test.each(records.map((s) => [s.strategy, s] as const))('%s: the parts cover the proof once, all valid and of one text; the checkpoint is the committed one; the strategy wins within the value', (_, s) => {
    const { textSha256, checkpoint, checkpointSha256, parts } = proofOf(s);
    const n = parts[0]!.part.count;
    expect(parts.map((p) => p.part.index).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    const outside = new Set(parts.flatMap((p) => (p.units.outside === undefined ? [] : [p.units.outside])));
    expect(outside.size).toBeLessThanOrEqual(1);
    for (const p of parts) {
      expect(p).toMatchObject({ valid: true, game: s.game, guesses: s.value, sha256: textSha256, part: { count: n, depth: parts[0]!.part.depth } });
      expect(p.units.total).toBe(parts[0]!.units.total);
    }
    expect(parts.reduce((k, p) => k + p.units.checked, 0)).toBe(parts[0]!.units.total);
    expect(parts[0]!.units.total).toBeGreaterThan(n);
    expect(createHash('sha256').update(readFileSync(join(OPEN_DIR, checkpoint))).digest('hex')).toBe(checkpointSha256);
    const text = readGameFile(DIR, s.strategy);
    expect(checkStrategy(text, s.strategy)).toMatchObject({ valid: true, worst: s.value });
    expect(JSON.parse(text.split('\n', 1)[0]!)).toMatchObject({ format: 'nonocrypt-strategy', ...s.rules });
  }, 300_000);
});
