// The minimizer's hitting-set engines against brute force on random set systems: the
// core-guided optimum (CoreGuidedMinimum), the local search (searchHittingSet) and the exact
// row-major first minimum (MinHittingSet) built on them.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { CoreGuidedMinimum } from '../src/annotate/CoreGuidedMinimum.js';
import { CoreIndex } from '../src/annotate/CoreIndex.js';
import { searchHittingSet } from '../src/annotate/localSearchHittingSet.js';
import { MinHittingSet } from '../src/annotate/MinHittingSet.js';
import { GuardScope } from '../src/sat/GuardScope.js';
import { SatSession } from '../src/sat/SatSession.js';
import { createSolver } from '../src/sat/engines.js';

const hitsAll = (set: readonly number[], cores: readonly (readonly number[])[]) => cores.every((c) => c.some((x) => set.includes(x)));

/** The smallest hitting set size and the row-major (lexicographically) first set of that size. */
function bruteMinimum(cells: number, cores: readonly (readonly number[])[]): { size: number; first: number[] } {
  let best: number[] | undefined;
  for (let mask = 0; mask < 1 << cells; mask++) {
    const set: number[] = [];
    for (let c = 0; c < cells; c++) if (mask & (1 << c)) set.push(c);
    if (!hitsAll(set, cores)) continue;
    if (!best || set.length < best.length || (set.length === best.length && lexLess(set, best))) best = set;
  }
  return { size: best!.length, first: best! };
}
function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

// Set systems over up to 12 cells: 1-25 non-empty cores of 1-6 cells.
const systems = fc.integer({ min: 1, max: 12 }).chain((cells) =>
  fc.record({
    cells: fc.constant(cells),
    cores: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: cells - 1 }), { minLength: 1, maxLength: Math.min(6, cells) }), { minLength: 1, maxLength: 25 }),
  }),
);

test('core-guided minimum: its model is a minimum hitting set, also after cores are added between solves', () => {
  fc.assert(
    fc.property(systems, fc.integer({ min: 0, max: 24 }), ({ cells, cores }, split) => {
      const scope = new GuardScope(createSolver('minisat'));
      const vars = Array.from({ length: cells }, () => scope.newVar());
      const m = new CoreGuidedMinimum(scope);
      for (const v of vars) m.addSoft(v);
      const cut = Math.min(split, cores.length);
      for (const upTo of [cut, cores.length]) {
        for (const core of cores.slice(0, upTo)) scope.addClause(core.map((c) => vars[c]!));
        const seen = cores.slice(0, upTo);
        expect(m.solve()).toBe('sat');
        const model = vars.flatMap((v, c) => (scope.solver.value(v) ? [c] : []));
        expect(hitsAll(model, seen)).toBe(true);
        expect(model.length).toBe(seen.length ? bruteMinimum(cells, seen).size : 0);
        expect(m.lowerBound).toBe(model.length);
      }
      scope.solver.release();
    }),
    { numRuns: 300, seed: 11 },
  );
});

test('local search: whatever it returns hits every core with exactly k cells, and it finds the optimum of small systems', () => {
  let found = 0;
  fc.assert(
    fc.property(systems, fc.integer(), ({ cells, cores }, seed) => {
      const { size } = bruteMinimum(cells, cores);
      const used = new Set(cores.flat()).size;
      for (const k of [size - 1, size, size + 1]) {
        if (k < 1) continue;
        const h = searchHittingSet(cores, { k, start: [], maxSteps: 2000, seed });
        if (k < size) expect(h).toBeUndefined();
        if (h) {
          expect(hitsAll(h, cores)).toBe(true);
          expect(h.length).toBe(Math.min(k, used));
          expect([...h].sort((a, b) => a - b)).toEqual(h);
        }
        if (k === size && h) found++;
      }
    }),
    { numRuns: 300, seed: 12 },
  );
  // Small systems are easy: the optimum is found nearly always.
  expect(found).toBeGreaterThan(290);
});

test('core index: grown core by core with searches in between, it indexes every core both ways and searches as a fresh list does', () => {
  fc.assert(
    fc.property(systems, fc.integer(), ({ cores }, seed) => {
      const index = new CoreIndex();
      cores.forEach((core, j) => {
        index.add(core);
        const seen = cores.slice(0, j + 1);
        expect(index.cores).toEqual(seen);
        for (const c of new Set(seen.flat())) expect(index.holding(c)).toEqual(seen.flatMap((k, i) => (k.includes(c) ? [i] : [])));
        index.coreCells.forEach((cells, i) => expect(Array.from(cells, (d) => index.cellOf[d])).toEqual(seen[i]));
        for (const k of [1, 2, 3]) {
          const o = { k, start: cores[0]!.slice(0, 1), maxSteps: 300, seed };
          expect(searchHittingSet(index, o)).toEqual(searchHittingSet(seen, o));
        }
      });
      expect(index.holding(-1)).toEqual([]);
    }),
    { numRuns: 200, seed: 14 },
  );
});

/**
 * MinHittingSet driven as the minimizer drives it, against an oracle that knows every core, on
 * 300 random systems; `moveAfterMs` as its option. Returns how many systems moved to an
 * instance of their own (`SatSession.solo`).
 */
function againstBruteForce(moveAfterMs?: number): number {
  let moved = 0;
  fc.assert(
    fc.property(systems, ({ cells, cores }) => {
      // The oracle: a set is valid when it hits every core; when not, it tells the first it misses.
      const missed = (set: readonly number[]) => cores.find((c) => !hitsAll(set, [c]));
      const all = bruteMinimum(cells, cores);
      const session = new SatSession();
      const hs = new MinHittingSet(session, { moveAfterMs });
      const known: number[][] = [];
      const add = (core: number[]) => (hs.addCore(core), known.push(core));
      add(cores[0]!);
      // Minimum hitting sets of the cores known so far, until one is valid; as in the
      // minimizer, every other round tries local search at the proven bound first (a valid set
      // found so starts the tie-break with the core-guided bound still below its size).
      let h: number[];
      for (let round = 0; ; round++) {
        const searched = round % 2 ? searchHittingSet(hs.index, { k: Math.max(1, hs.provenBound), start: [], maxSteps: 200, seed: round }) : undefined;
        const any = searched ?? hs.solve();
        if (!Array.isArray(any)) throw new Error(`solve answered ${any}`);
        const brute = bruteMinimum(cells, known);
        expect(hitsAll(any, known) && any.length === brute.size).toBe(true);
        expect(hs.provenBound).toBe(brute.size);
        const core = missed(any);
        if (!core) {
          h = any;
          break;
        }
        add(core);
      }
      expect(h.length).toBe(all.size);
      // The tie-break: every set it asks about is a minimum one; its answer the first of all.
      // Every other step is first called with its deadline passed: it stops at once with
      // 'unknown' (unless the answer needs no more work), and the next call goes on from there.
      hs.beginTieBreak(h);
      for (let steps = 0; ; steps++) {
        expect(steps).toBeLessThan(1000);
        if (steps % 2 === 1) {
          const stopped = hs.tieBreakStep({ deadline: 0 });
          if (stopped !== 'unknown') expect('answer' in stopped).toBe(true);
        }
        const step = hs.tieBreakStep();
        if (step === 'unknown') throw new Error('unknown without a deadline');
        if ('answer' in step) {
          expect(step.answer).toEqual(all.first);
          break;
        }
        expect(step.ask.length).toBe(all.size);
        expect(hitsAll(step.ask, known)).toBe(true);
        const core = missed(step.ask);
        if (core) add(core);
        else hs.accept(step.ask);
      }
      hs.dispose();
      session.close();
      // One instance for the shared slot; a second is the block's own.
      if (session.instances > 1) moved++;
    }),
    { numRuns: 300, seed: 13 },
  );
  return moved;
}

test('MinHittingSet: as the minimizer drives it, against an oracle that knows every core, the minimum and the row-major first minimum equal brute force', () => {
  againstBruteForce();
});

test('MinHittingSet: a block whose solve runs past the limit moves to an instance of its own, and the answers stay those of brute force', () => {
  // With no time at all on the shared instance, every system whose solve is stopped moves.
  expect(againstBruteForce(0)).toBeGreaterThan(100);
});
