// The library reference's example (examples/library.mjs, shown in docs/reference/library.md) runs as a user runs it: a separate Node
// process importing the package by its name (the package's self-reference through "exports").
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { ROOT, assertBuilt, childEnv } from './helpers/cli.js';

beforeAll(() => assertBuilt());

test('examples/library.mjs runs and prints what the reference says', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'examples', 'library.mjs')], { cwd: ROOT, encoding: 'utf8', env: childEnv(), timeout: 60_000 });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const lines = r.stdout.split('\n');
  // The ciphertext is the paper's test vector at n = 6 (examples/to-be.txt holds the same file).
  expect(lines.slice(0, 7).join('\n') + '\n').toBe(readFileSync(join(ROOT, 'examples', 'to-be.txt'), 'utf8'));
  expect(lines[7]).toBe('proven smallest: true');
  expect(lines[8]).toBe('TO BE, OR NOT TO BE.');
  expect(r.stdout).toContain('{ unique: 3, multiple: 0, none: 0, unknown: 0 }');
  expect(r.stdout).toMatch(/^multiple \[/m);
  // Cells said as what they are (issue 35, item 14): not "give cells [ 0, 3 ]".
  expect(lines.find((l) => l.startsWith('black cells'))).toBe('black cells to give, (x, y): (0, 0) (3, 0); annotation 0030 (proven smallest)');
  // makePuzzle: one changed cell makes the symmetric picture line-solvable, and no fewer can (issue 65).
  expect(lines.find((l) => l.startsWith('made'))).toBe('made: change (1, 0) (proven fewest) -> unique');
});

test('docs/reference/library.md shows examples/library.mjs as it is', () => {
  const readme = readFileSync(join(ROOT, 'docs', 'reference', 'library.md'), 'utf8');
  const code = readFileSync(join(ROOT, 'examples', 'library.mjs'), 'utf8');
  expect(readme).toContain(code.trimEnd());
});
