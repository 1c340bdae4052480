import { describe, expect, test } from 'vitest';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { BLACK, UNKNOWN, WHITE } from '../src/line/lineAutomaton.js';
import { Propagator } from '../src/line/Propagator.js';
import { probe } from '../src/line/probe.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { bruteSolutions, randomCells, rng } from './helpers/bruteForce.js';

describe('probing', () => {
  /**
   * Soundness and strength against brute force: every cell probing fixes has that colour in
   * every solution; "contradiction" only when there is none (probing is incomplete: it may
   * also stall then); "solved" only when there is exactly one (and it is that one). Probing
   * never unfixes what propagation fixed.
   */
  test('fixes only what every solution agrees on (random boards up to 6x6)', () => {
    const rand = rng(2024);
    const seen = { solved: 0, stalled: 0, contradiction: 0, beyondPropagation: 0 };
    for (let k = 0; k < 1500; k++) {
      const w = 3 + Math.floor(rand() * 4);
      const h = 3 + Math.floor(rand() * 4);
      let puzzle = puzzleOf(makeGrid(w, h, randomCells(w, h, 0.4 + rand() * 0.2, rand)));
      if (k % 6 === 5) {
        const cols = puzzle.cols.map((c) => [...c]);
        const x = Math.floor(rand() * w);
        cols[x] = cols[x]!.length ? cols[x]!.slice(1) : [1];
        puzzle = { ...puzzle, cols };
      }
      const sols = bruteSolutions(puzzle, 1 << 20);
      const prop = new Propagator(puzzle);
      const d = prop.unknownDomains();
      const afterPropagation = prop.run(d);
      if (afterPropagation !== 'stalled') continue;
      const before = d.slice();
      const r = probe(prop, d);
      seen[r.status]++;
      if (r.status === 'contradiction') {
        expect(sols.length, `board ${k}`).toBe(0);
        continue;
      }
      if (r.status === 'solved') expect(sols.length, `board ${k}: probing solved it`).toBe(1);
      let extra = 0;
      for (let c = 0; c < d.length; c++) {
        if (before[c] !== UNKNOWN) expect(d[c]).toBe(before[c]);
        if (d[c] === UNKNOWN) continue;
        if (before[c] === UNKNOWN) extra++;
        for (const s of sols) expect(s[c] ? BLACK : WHITE, `board ${k} cell ${c}`).toBe(d[c]);
      }
      if (extra > 0) seen.beyondPropagation++;
    }
    // The sweep must exercise every outcome and find cells propagation alone cannot.
    expect(seen.solved).toBeGreaterThan(5);
    expect(seen.stalled).toBeGreaterThan(100);
    expect(seen.contradiction).toBeGreaterThan(8);
    expect(seen.beyondPropagation).toBeGreaterThan(30);
  });

  /**
   * The first random board (fixed seed) where propagation stalls and probing finishes: the
   * verdict is unique without any SAT call, not line-solvable, and SAT agrees.
   */
  test('a board settled by probing is unique but not line-solvable', () => {
    const rand = rng(99);
    for (let k = 0; k < 2000; k++) {
      const w = 4 + Math.floor(rand() * 3);
      const h = 4 + Math.floor(rand() * 3);
      const cells = randomCells(w, h, 0.5, rand);
      const puzzle = puzzleOf(makeGrid(w, h, cells));
      const prop = new Propagator(puzzle);
      const d = prop.unknownDomains();
      if (prop.run(d) !== 'stalled' || probe(prop, d).status !== 'solved') continue;
      const res = solvePuzzle(puzzle);
      expect(res.status).toBe('unique');
      expect(res.lineSolvable).toBe(false);
      expect(res.stats!.satCalls).toBe(0);
      expect(res.stats!.openAfterProbing).toBe(0);
      if (res.status === 'unique') expect(Array.from(res.grid.cells)).toEqual(Array.from(cells));
      const viaSat = solvePuzzle(puzzle, { probing: false });
      expect(viaSat.status).toBe('unique');
      expect(viaSat.stats!.satCalls).toBe(2);
      return;
    }
    throw new Error('no board settled by probing alone in 2000 random boards');
  });

  test('the work budget stops probing early and says so', () => {
    const rand = rng(5);
    for (let k = 0; k < 500; k++) {
      const puzzle = puzzleOf(makeGrid(8, 8, randomCells(8, 8, 0.5, rand)));
      const prop = new Propagator(puzzle);
      const d = prop.unknownDomains();
      if (prop.run(d) !== 'stalled') continue;
      const r = probe(prop, d, { maxLineSolves: 1 });
      expect(r.budgetExhausted).toBe(true);
      expect(r.probes).toBeLessThanOrEqual(1);
      return;
    }
    throw new Error('no stalled 8x8 board found');
  });
});
