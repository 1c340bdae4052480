// The fast path stays as it is: verify and solve without certificates load no proof engine
// (a file of its own: the other certificate tests load it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { proofEngineLoaded } from '../src/certificate/make/proofEngine.js';
import { verify } from '../src/cipher/verify.js';
import { parseCiphertext } from '../src/formats/ciphertext.js';
import { solve } from '../src/puzzle/solve.js';
import { ROOT } from './helpers/cli.js';

test('verify and solve without certify load no proof engine', async () => {
  const c = parseCiphertext(readFileSync(join(ROOT, 'examples', 'needs-search.nc'), 'utf8'));
  expect((await verify(c)).summary.unique).toBe(1);
  expect((await solve(c.blocks[0]!.puzzle, { givens: c.blocks[0]!.annotation })).status).toBe('unique');
  expect(proofEngineLoaded()).toBe(false);
});
