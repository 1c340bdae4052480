import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { checkGrid } from '../src/grid/checkGrid.js';
import { lineAutomaton, BLACK, WHITE, UNKNOWN } from '../src/line/lineAutomaton.js';
import { solveLine, solveLineBytes, solveLineWord, solveLineWords } from '../src/line/solveLine.js';
import { Propagator } from '../src/line/Propagator.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { bruteSolutions, placements, randomCells, rng } from './helpers/bruteForce.js';
import { smallPuzzles } from './helpers/puzzles.js';

describe('exact line solver', () => {
  test('agrees with enumerating placements on random partial lines', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }).chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc.array(fc.integer({ min: 0, max: 1 }), { minLength: n, maxLength: n }),
            fc.array(fc.constantFrom(WHITE, BLACK, UNKNOWN, UNKNOWN), { minLength: n, maxLength: n }),
            fc.boolean(),
          ),
        ),
        ([n, picture, domains, usePicture]) => {
          // Clue from a random picture (fits) or a random clue (may not fit the known cells).
          const runs: number[] = [];
          let r = 0;
          for (const b of picture) (b ? r++ : r && (runs.push(r), (r = 0)));
          if (r) runs.push(r);
          const clue = usePicture ? runs : runs.slice(0, 1).concat(runs.slice(2));
          const ok = placements(clue, n).filter((pl) => pl.every((b, i) => domains[i]! & (b ? BLACK : WHITE)));
          const out = new Uint8Array(n);
          const res = solveLine(lineAutomaton(clue), Uint8Array.from(domains), out);
          expect(res).toBe(ok.length > 0);
          if (res) {
            for (let i = 0; i < n; i++) {
              const can = (ok.some((pl) => pl[i] === 0) ? WHITE : 0) | (ok.some((pl) => pl[i] === 1) ? BLACK : 0);
              expect(out[i]).toBe(can);
            }
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  /**
   * Both fast solvers against the byte-per-state solver on random partial lines. Odd k: known
   * cells taken from the picture (satisfiable); even k: random (mostly contradictions); every
   * fourth clue is lengthened so that it may not fit at all.
   */
  const agree = (maxLen: number, seed: number, fast: typeof solveLineWord) => {
    const rand = rng(seed);
    let satisfiable = 0;
    for (let k = 0; k < 3000; k++) {
      const n = 1 + Math.floor(rand() * maxLen);
      const picture = randomCells(n, 1, rand(), rand);
      const runs: number[] = [];
      let r = 0;
      for (const b of picture) (b ? r++ : r && (runs.push(r), (r = 0)));
      if (r) runs.push(r);
      const a = lineAutomaton(k % 4 === 0 ? runs.map((v) => v + 1) : runs);
      if (fast === solveLineWord && a.states > 31) continue; // the one-word solver's range
      const dom = Uint8Array.from({ length: n }, (_, i) =>
        rand() < 0.7 ? UNKNOWN : k % 2 ? (picture[i] ? BLACK : WHITE) : rand() < 0.5 ? BLACK : WHITE,
      );
      const o1 = new Uint8Array(n);
      const o2 = new Uint8Array(n);
      const r1 = fast(a, dom, o1);
      if (r1) satisfiable++;
      expect(r1, `line ${k}`).toBe(solveLineBytes(a, dom, o2));
      if (r1) expect(Array.from(o1)).toEqual(Array.from(o2));
    }
    expect(satisfiable).toBeGreaterThan(1000);
  };

  test('one-word solver agrees with the byte solver on lines up to 29 cells', () => agree(29, 7, solveLineWord));
  test('multi-word solver agrees with the byte solver on lines up to 120 cells', () => agree(120, 11, solveLineWords));

  test('worked case: clue 3 on 5 cells fixes the middle cell', () => {
    const out = new Uint8Array(5);
    expect(solveLine(lineAutomaton([3]), new Uint8Array(5).fill(UNKNOWN), out)).toBe(true);
    expect(Array.from(out)).toEqual([UNKNOWN, UNKNOWN, BLACK, UNKNOWN, UNKNOWN]);
  });
});

describe('solver verdicts equal brute-force enumeration', () => {
  // Twice: with probing (the default; many boards are then settled without SAT) and without
  // (every stalled board goes to SAT), so both paths meet the brute-force reference.
  test.each([
    [true, true],
    [true, false],
    [false, false],
  ])('random boards up to 5x5, with and without givens (probing %s, search %s)', (probing, search) => {
    const rand = rng(12345);
    const counts = { unique: 0, multiple: 0, none: 0 };
    const settledBy = { propagation: 0, probing: 0, search: 0, sat: 0 };
    for (const [k, { puzzle, picture: cells }] of smallPuzzles(900, 12345, 5).entries()) {
      const givens = k % 3 === 0 ? [...cells.keys()].filter((c) => cells[c] && rand() < 0.2) : [];
      const brute = bruteSolutions(puzzle, 2, givens);
      const res = solvePuzzle(puzzle, { givens, probing, search });
      const st = res.stats!;
      settledBy[st.satCalls > 0 ? 'sat' : st.searchNodes ? 'search' : st.probes > 0 ? 'probing' : 'propagation']++;
      if (!search) expect(st.searchNodes ?? 0).toBe(0);
      if (!probing) expect(st.probes).toBe(0);
      const expected = brute.length === 0 ? 'none' : brute.length === 1 ? 'unique' : 'multiple';
      expect(res.status, `board ${k}`).toBe(expected);
      counts[expected]++;
      if (res.status === 'unique') {
        expect(checkGrid(puzzle, res.grid, givens)).toBeNull();
        expect(Array.from(res.grid.cells)).toEqual(Array.from(brute[0]!));
        const p = new Propagator(puzzle);
        const d = p.unknownDomains();
        for (const g of givens) d[g] = BLACK;
        expect(res.lineSolvable).toBe(p.run(d) === 'solved');
      }
      if (res.status === 'multiple') {
        const [a, b] = res.grids;
        expect(checkGrid(puzzle, a, givens)).toBeNull();
        expect(checkGrid(puzzle, b, givens)).toBeNull();
        expect(Array.from(a.cells)).not.toEqual(Array.from(b.cells));
      }
    }
    // The sweep must exercise every verdict.
    expect(counts.unique).toBeGreaterThan(50);
    expect(counts.multiple).toBeGreaterThan(50);
    expect(counts.none).toBeGreaterThan(20);
    if (search) expect(settledBy.search).toBeGreaterThan(40);
    else expect(settledBy.sat).toBeGreaterThan(40);
    if (probing) expect(settledBy.probing).toBeGreaterThan(2);
  });
});

test('first-solution mode: a grid that fits whenever one exists, never a verdict it did not prove', () => {
  const seen = { found: 0, unique: 0, none: 0 };
  for (const [k, { puzzle }] of smallPuzzles(400, 777, 6).entries()) {
    const brute = bruteSolutions(puzzle, 2);
    for (const search of [true, false]) {
      const res = solvePuzzle(puzzle, { first: true, search });
      if (brute.length === 0) expect(res.status, `board ${k}`).toBe('none');
      else {
        expect(['found', 'unique'], `board ${k}`).toContain(res.status);
        if (res.status === 'unique') expect(brute.length).toBe(1);
        if (res.status === 'found' || res.status === 'unique') expect(checkGrid(puzzle, res.grid)).toBeNull();
      }
      seen[res.status as keyof typeof seen]++;
    }
  }
  expect(seen.found).toBeGreaterThan(100);
  expect(seen.unique).toBeGreaterThan(50);
  expect(seen.none).toBeGreaterThan(50);
});

