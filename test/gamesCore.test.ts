// The compiled games core (engines/games.wasm, src/games/build/GamesCore.ts) against the
// TypeScript search it replaces below the symmetry range, which stays the reference: the
// one-step volume check guess by guess, the lower-bound search on random tuples (the same
// verdict, proof and counters), and whole bound proofs of small games, which the independent
// checker (games/check/, which does not use the core) accepts.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { proofText } from '../src/games/build/BoundProof.js';
import { BoundSearch } from '../src/games/build/BoundSearch.js';
import { formatBoundProof } from '../src/games/build/boundFiles.js';
import { GamesCore } from '../src/games/build/GamesCore.js';
import { proveBound } from '../src/games/build/proveBound.js';
import { SearchContext } from '../src/games/build/SearchContext.js';
import { checkBoundProof } from '../src/games/check/checkBoundProof.js';
import { AnswerTable } from '../src/games/model/AnswerTable.js';
import { Rules, type RulesSpec } from '../src/games/model/Rules.js';
import type { Levels } from '../src/games/tuple/Levels.js';
import { GAMES_TUNING } from '../src/games/tuning.js';

/** Both games, every lie count 0..2, both end rules and both lie rules among them. */
const GAMES: RulesSpec[] = [
  { kind: 'mastermind', pegs: 4, symbols: 6, lies: 0 },
  { kind: 'mastermind', pegs: 4, symbols: 6, lies: 1 },
  { kind: 'mastermind', pegs: 4, symbols: 6, lies: 2 },
  { kind: 'mastermind', pegs: 3, symbols: 4, lies: 2, end: 'deniable' },
  { kind: 'ab', pegs: 3, symbols: 7, lies: 0 },
  { kind: 'ab', pegs: 3, symbols: 7, lies: 1, lie: 'plausible' },
  { kind: 'ab', pegs: 4, symbols: 7, lies: 2 },
  { kind: 'ab', pegs: 3, symbols: 6, lies: 1, end: 'deniable' },
  // 20 answers: the core's sums 32 to a guess, not 16.
  { kind: 'mastermind', pegs: 5, symbols: 3, lies: 1 },
];

const contexts = new Map<string, SearchContext>();
function contextOf(spec: RulesSpec): SearchContext {
  const rules = new Rules(spec);
  let ctx = contexts.get(rules.key());
  if (!ctx) {
    ctx = new SearchContext(rules, new AnswerTable(rules.game));
    contexts.set(rules.key(), ctx);
  }
  return ctx;
}

/** A random tuple of the game: up to `most` distinct codes, each on a random level. */
function tupleOf(ctx: SearchContext, most: number): fc.Arbitrary<Levels> {
  const N = ctx.table.size;
  const E1 = ctx.E + 1;
  return fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: N - 1 }), fc.integer({ min: 0, max: E1 - 1 })), { maxLength: most, selector: ([c]) => c }).map((pairs) => {
    const levels: number[][] = Array.from({ length: E1 }, () => []);
    for (const [c, j] of pairs) levels[j]!.push(c);
    return levels.map((l) => Int32Array.from(l.sort((a, b) => a - b)));
  });
}

/** A history past the symmetry range: every tuple below it is searched by the core. */
const DEEP = Array.from({ length: GAMES_TUNING.SYMMETRY_MAX_DEPTH.value + 1 }, () => 0);

describe.each(GAMES.map((spec) => [new Rules(spec).describe(), spec] as const))('%s', (_, spec) => {
  test('the one-step volume check of every guess: the same weight, or past b(h) both', () => {
    const ctx = contextOf(spec);
    const core = GamesCore.of(ctx)!;
    expect(core).toBeDefined();
    const all = Array.from({ length: ctx.table.size }, (_, g) => g);
    fc.assert(
      // Up to h = 10: from about h = 8, b(h) passes 2^31 and the core sums in doubles.
      fc.property(tupleOf(ctx, 120), fc.integer({ min: 0, max: 10 }), (levels, h) => {
        const refuter = ctx.volumeRefuter(levels, h);
        const limit = ctx.volume.b(h);
        const worst = core.worst(levels, h, all);
        // Without a list, as the core's own search checks every guess (with its first pass of
        // heavy pairs).
        const own = core.worst(levels, h);
        for (const g of all) {
          const ts = refuter(g);
          if (ts > limit) {
            expect(worst[g], `guess ${g}`).toBeGreaterThan(limit);
            expect(own[g], `guess ${g}`).toBeGreaterThan(limit);
          } else {
            expect(worst[g], `guess ${g}`).toBe(ts);
            expect(own[g], `guess ${g}`).toBe(ts);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  test('the search of a random tuple: the same verdict, proof and counters in the core and in TypeScript', () => {
    const ctx = contextOf(spec);
    const rules = ctx.rules;
    let lost = 0;
    fc.assert(
      fc.property(tupleOf(ctx, 24), fc.integer({ min: 0, max: 4 }), (levels, t) => {
        const ts = new BoundSearch(ctx, { core: false });
        const wasm = new BoundSearch(ctx);
        expect(ts.core).toBeUndefined();
        expect(wasm.core).toBeDefined();
        wasm.forget();
        const a = ts.lost(levels, t, [...DEEP]);
        const b = wasm.lost(levels, t, [...DEEP]);
        expect(b === null).toBe(a === null);
        if (a && b) {
          lost++;
          expect(proofText(rules, b)).toBe(proofText(rules, a));
        }
        expect({ nodes: wasm.nodes, volumeCuts: wasm.volumeCuts, memoHits: wasm.memoHits, won: wasm.won }).toEqual({ nodes: ts.nodes, volumeCuts: ts.volumeCuts, memoHits: ts.memoHits, won: ts.won });
      }),
      { numRuns: 60 },
    );
    expect(lost, 'some random tuples are lost (the proofs are compared)').toBeGreaterThan(0);
  });
});

describe('whole bound proofs of small games: the same result with and without the core, checked independently', () => {
  const SMALL: RulesSpec[] = [
    { kind: 'mastermind', pegs: 3, symbols: 3, lies: 1 },
    { kind: 'mastermind', pegs: 3, symbols: 3, lies: 2 },
    // 64 codes: positions in the symmetry range searched here, those below them in the core.
    { kind: 'mastermind', pegs: 3, symbols: 4, lies: 1 },
    { kind: 'mastermind', pegs: 2, symbols: 3, lies: 2, end: 'deniable' },
    { kind: 'ab', pegs: 3, symbols: 6, lies: 0 },
    { kind: 'ab', pegs: 3, symbols: 5, lies: 1 },
    { kind: 'ab', pegs: 3, symbols: 5, lies: 2, lie: 'plausible' },
  ];
  test.each(SMALL.map((spec) => [new Rules(spec).describe(), spec] as const))('%s', (_, spec) => {
    const rules = new Rules(spec);
    let proven = 0;
    for (let h = 2; h <= 9; h++) {
      const ts = proveBound(rules, h, { proof: true, core: false });
      const wasm = proveBound(rules, h, { proof: true });
      expect({ ...wasm, ms: 0 }, `h = ${h}`).toEqual({ ...ts, ms: 0 });
      if (wasm.status !== 'proven') break;
      proven++;
      const file = formatBoundProof(rules, h, wasm.proof!, { positions: wasm.nodes, built: 'test' });
      expect(checkBoundProof(file), `h = ${h}`).toMatchObject({ valid: true, guesses: h });
    }
    expect(proven).toBeGreaterThan(0);
  });
});
