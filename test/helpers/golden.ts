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
