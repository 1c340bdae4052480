// The proof checker's compiled kernel (src/games/check/ProofKernel.ts, engines/checker/) against
// the checker's TypeScript loops, which stay the reference: the same report, valid or not (the
// same positions, the same failing line and message), on proofs the search writes, on proofs
// changed at random, on tiny games' root splits that leave every guess to the checker, and on
// the proofs shipped in examples/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatBoundProof } from '../src/games/build/boundFiles.js';
import { proveBound } from '../src/games/build/proveBound.js';
import { checkBoundProof } from '../src/games/check/checkBoundProof.js';
import { CheckClock } from '../src/games/check/CheckClock.js';
import { ProofGame } from '../src/games/check/ProofGame.js';
import { ProofCursor } from '../src/games/check/ProofCursor.js';
import { ProofKernel } from '../src/games/check/ProofKernel.js';
import { verifyProof } from '../src/games/check/verifyProof.js';
import { Rules } from '../src/games/model/Rules.js';
import { ROOT } from './helpers/cli.js';

const both = (text: string, part?: { index: number; count: number; depth: number }) => {
  const options = part ? { part } : {};
  return { compiled: checkBoundProof(text, 'proof', { ...options, compiled: true }), plain: checkBoundProof(text, 'proof', { ...options, compiled: false }) };
};

describe('the compiled kernel gives the reports of the TypeScript checker', () => {
  // Mastermind 2x5 with two lies needs 8: a version 3 proof with splits ending '|', '^' and '~'.
  const rules = new Rules({ kind: 'mastermind', pegs: 2, symbols: 5, lies: 2 });
  const proven = proveBound(rules, 8, { proof: true });
  const file = formatBoundProof(rules, 8, proven.proof!, { positions: proven.nodes, built: 'test' });

  test('it is the one in use in Node, and it does the found searches of a version 3 proof', () => {
    expect(file).toContain('~)');
    const { compiled, plain } = both(file);
    expect(plain).toMatchObject({ valid: true, guesses: 8 });
    expect(compiled).toEqual(plain);
    // The walk with the kernel given: the same positions, and the kernel weighed the tuples below the marks.
    const game = new ProofGame({ game: 'mastermind', pegs: 2, symbols: 5, lies: 2, end: 'truthful', lie: 'any' }, 8, (why) => {
      throw new Error(why);
    }, new CheckClock(undefined));
    const kernel = ProofKernel.of(game)!;
    expect(kernel).toBeDefined();
    const body = new ProofCursor(file);
    body.line(1000);
    body.startBody();
    const walked = verifyProof(game, body, 8, new CheckClock(undefined), { found: 3, kernel });
    expect(walked).toEqual({ ok: true, positions: (plain as { positions: number }).positions });
    expect(kernel.stats().tuples).toBeGreaterThan(1000);
    expect(kernel.stats().guesses).toBeGreaterThan(kernel.stats().tuples);
  });

  test('a proof changed at one character: the same verdict, positions, line and message', () => {
    const body = file.indexOf('\n') + 1;
    let failed = 0;
    fc.assert(
      fc.property(fc.integer({ min: body, max: file.length - 1 }), fc.constantFrom(...'0123456789(),:[]=/|^~#@V;'), (at, ch) => {
        const text = file.slice(0, at) + ch + file.slice(at + 1);
        const { compiled, plain } = both(text);
        if (plain.valid === false) failed++;
        expect(compiled).toEqual(plain);
      }),
      { numRuns: 40, seed: 43 },
    );
    expect(failed).toBeGreaterThan(10);
  });

  test('a check by parts: each part the same report', () => {
    for (let index = 0; index < 3; index++) {
      const { compiled, plain } = both(file, { index, count: 3, depth: 2 });
      expect(plain.valid).toBe(true);
      expect(compiled).toEqual(plain);
    }
  });

  test("tiny games, a root split that leaves every guess to the checker's search: both lie rules, both ends, each mark, claims that hold and claims that do not", () => {
    const tiny = [
      { kind: 'mastermind', pegs: 2, symbols: 3, lies: 1, end: 'deniable', lie: 'any' },
      { kind: 'mastermind', pegs: 2, symbols: 3, lies: 2, end: 'truthful', lie: 'plausible' },
      { kind: 'mastermind', pegs: 2, symbols: 4, lies: 1, end: 'truthful', lie: 'any' },
      { kind: 'mastermind', pegs: 3, symbols: 2, lies: 3, end: 'truthful', lie: 'any' },
      { kind: 'ab', pegs: 2, symbols: 4, lies: 2, end: 'truthful', lie: 'any' },
      { kind: 'ab', pegs: 2, symbols: 4, lies: 1, end: 'deniable', lie: 'plausible' },
    ] as const;
    const verdicts = new Set<boolean | null>();
    for (const spec of tiny) {
      const r = new Rules(spec);
      for (let h = 3; h <= 7; h++) {
        for (const mark of ['~', '^', '|']) {
          // n and b as the checker says they are (taken from its complaints), so that the search below decides.
          let n = 0;
          let b = 0;
          for (let tries = 0; tries < 3; tries++) {
            const { compiled, plain } = both(formatBoundProof(r, h, `(${n},${b}:${mark})`, { positions: 0, built: 'test' }));
            expect(compiled, `${spec.kind} ${spec.pegs}x${spec.symbols} e=${spec.lies} ${spec.end} ${spec.lie}, h = ${h}, '${mark}'`).toEqual(plain);
            verdicts.add(plain.valid);
            const said = plain.valid === false ? /(it is|they are) (\d+)$/.exec(plain.problem) : null;
            if (!said) break;
            if (said[1] === 'it is') b = Number(said[2]);
            else n = Number(said[2]);
          }
        }
      }
    }
    expect([...verdicts].sort()).toEqual([false, true]);
  });

  test('the proofs shipped in examples/games/ up to 20 kB: the same reports', () => {
    const files: string[] = [];
    for (const dir of ['examples/games/small', 'examples/games/bounds']) {
      for (const name of readdirSync(join(ROOT, dir))) if (name.endsWith('.proof.gz')) files.push(join(ROOT, dir, name));
    }
    const small = files.filter((f) => readFileSync(f).length <= 20_000);
    expect(small.length).toBeGreaterThan(20);
    for (const f of small) {
      const text = gunzipSync(readFileSync(f)).toString('latin1');
      const { compiled, plain } = both(text);
      expect(plain.valid, f).toBe(true);
      expect(compiled, f).toEqual(plain);
    }
  });
});
