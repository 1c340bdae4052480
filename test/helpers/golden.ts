// Golden files: compared exactly, rewritten only when UPDATE_GOLDEN=1 is set.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');

export const updatingGoldens = process.env.UPDATE_GOLDEN === '1';

/**
 * `actual` must equal test/golden/<name> byte for byte. With UPDATE_GOLDEN=1 the file is
 * written instead (review the diff before committing it). A missing file is a failure that
 * says how to create it, never a silent pass.
 */
export function expectGolden(name: string, actual: string): void {
  const path = join(GOLDEN_DIR, name);
  if (updatingGoldens) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
    return;
  }
  if (!existsSync(path)) throw new Error(`golden file test/golden/${name} is missing; run the test with UPDATE_GOLDEN=1 to create it`);
  expect(actual, `differs from test/golden/${name} (UPDATE_GOLDEN=1 rewrites it)`).toBe(readFileSync(path, 'utf8'));
}

/**
 * `actual` must equal the repository file at `path` (from the root): a generated file that is
 * committed, such as src/solve/coreAbi.ts. UPDATE_GOLDEN=1 writes it instead, like a golden file.
 */
export function expectGoldenAt(path: string, actual: string): void {
  const file = join(GOLDEN_DIR, '..', '..', path);
  if (updatingGoldens) {
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) throw new Error(`${path} is missing; run the test with UPDATE_GOLDEN=1 to generate it`);
  expect(actual, `${path} is out of date (UPDATE_GOLDEN=1 regenerates it)`).toBe(readFileSync(file, 'utf8'));
}
