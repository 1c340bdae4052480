import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cliCaseArb, runCliCase } from './helpers/fuzzCli.js';
import { tempDir } from './helpers/cli.js';

/**
 * The CLI under fuzzing, in this process (`runCli`): random commands, flags and fuzzed inputs;
 * the property is test/helpers/fuzzCli.ts's (contract exit codes, never 70, one stderr line and an
 * empty stdout on errors, no stack traces, outputs whole or untouched). A few hundred cases
 * here; `npm run bench -- fuzz --part cli` runs thousands. FUZZ_SEED=<n> runs other cases.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261124;
let tmp: { dir: string; cleanup: () => void };
beforeAll(() => (tmp = tempDir('nonocrypt-fuzzcli-')));
afterAll(() => tmp?.cleanup());

test('every CLI run ends within the contract (400 cases)', async () => {
  let n = 0;
  const codes = new Map<number, number>();
  const out = await fc.check(
    fc.asyncProperty(cliCaseArb, async (c) => {
      const r = await runCliCase(c, join(tmp.dir, String(n++)));
      codes.set(r.code, (codes.get(r.code) ?? 0) + 1);
      if (r.problems.length > 0) {
        throw new Error(`${c.how}: ${r.problems.join('; ')}\nargs: ${JSON.stringify(c.args)}\nstderr: ${r.stderr.slice(0, 500)}`);
      }
    }),
    { numRuns: 400, seed: SEED },
  );
  if (out.failed) throw new Error(fc.defaultReportMessage(out) ?? 'failed');
  // The cases reach both successes and every kind of refusal.
  for (const code of [0, 2]) expect(codes.get(code) ?? 0, `exit ${code} in ${JSON.stringify([...codes])}`).toBeGreaterThan(0);
}, 600_000);
