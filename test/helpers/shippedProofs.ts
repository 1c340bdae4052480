// Shipped lower-bound proofs (examples/games/small/ and examples/games/bounds/): each is accepted
// by the independent checker for the rules and the value its name says. A proof whose whole check
// takes minutes has that check recorded in its folder's checked.jsonl (the file's digest, the
// verdict, the CPU, the command): the test holds the file to that record and checks that the
// checker finds no fault in its first seconds. Every other proof is checked whole here. The
// file's size alone does not tell which: a proof in format version 3 leaves the checker three
// levels of search below each split, so a small file may take long to check.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { checkBoundProof } from '../../src/games/check/checkBoundProof.js';
import type { CheckedRules } from '../../src/games/check/strategyHeader.js';

/** A large proof's whole check, as run and recorded. */
export interface CheckedProof {
  readonly file: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly verdict: string;
  readonly cpuSeconds: number;
  readonly command: string;
}

/**
 * A proof file larger than this (gzip bytes) must have its whole check recorded: the largest
 * checked in a test (Mastermind 3x5 e = 2, 190,905 bytes, 96,225 positions) takes seconds, the
 * next (the AB game 3 of 7 e = 2, 519,284 bytes, 3.2 million positions) minutes.
 */
const FULL_CHECK_MAX = 1 << 18;
/**
 * A recorded check took at least this long (CPU s, as recorded); a proof checked faster is
 * checked whole in the test instead. The shortest recorded: 105 s (the AB game 3 of 7 e = 2).
 */
const RECORDED_CHECK_MIN_CPU = 60;
/** How long a test checks the start of a large proof (ms). */
const PARTIAL_CHECK_MS = 15_000;

/** The records of checked.jsonl in `dir` (none when it has no such file). */
export function readChecked(dir: string): CheckedProof[] {
  const file = join(dir, 'checked.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as CheckedProof);
}

/** The text of the game file `f` (a path from `dir`), unpacked when its name ends in `.gz`. */
export function readGameFile(dir: string, f: string): string {
  const bytes = readFileSync(join(dir, f));
  return (f.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** The verdict line `nonocrypt mastermind check` prints for a valid proof of `value` under `rules`. */
export function validProofLine(rules: CheckedRules, value: number): RegExp {
  const game = `${rules.game} ${rules.pegs}x${rules.symbols} e=${rules.lies}${rules.end === 'deniable' ? ' deniable' : ''}${rules.lie === 'plausible' ? ' plausible' : ''}`;
  return new RegExp(`^valid proof: no strategy wins every play within ${value - 1} guesses; at least ${value} are needed \\([\\d,]+ positions checked; ${game}\\)$`);
}

/** Expects the proof `f` of `dir` to prove `value` under `rules`: checked whole here, or held to its record. */
export function expectShippedProof(dir: string, f: string, rules: CheckedRules, value: number, checked: readonly CheckedProof[]): void {
  const bytes = readFileSync(join(dir, f));
  const text = readGameFile(dir, f);
  expect(JSON.parse(text.split('\n', 1)[0]!)).toMatchObject({ format: 'nonocrypt-bound-proof', ...rules, guesses: value });
  const record = checked.find((c) => c.file === f);
  if (record === undefined) {
    expect(bytes.length, `${f}: too large to check here; its whole check belongs in checked.jsonl`).toBeLessThanOrEqual(FULL_CHECK_MAX);
    expect(checkBoundProof(text, f)).toMatchObject({ valid: true, guesses: value });
    return;
  }
  expect(record.cpuSeconds, `${f}: its check is short enough to run here, not to be recorded`).toBeGreaterThanOrEqual(RECORDED_CHECK_MIN_CPU);
  expect({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual({ bytes: record.bytes, sha256: record.sha256 });
  expect(record.command).toBe(`nonocrypt mastermind check ${f}`);
  expect(record.verdict).toMatch(validProofLine(rules, value));
  const start = checkBoundProof(text, f, { deadline: performance.now() + PARTIAL_CHECK_MS });
  expect(start.valid, start.valid === false ? start.problem : '').not.toBe(false);
}
