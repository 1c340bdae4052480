// Belief propagation on lines against brute force, and decimation as a way to a first picture:
// whatever it finds fits, and the verdicts with it forced on every board are brute force's.
import { afterEach, expect, test, vi } from 'vitest';
import { checkGrid } from '../src/grid/checkGrid.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf, runsOf } from '../src/grid/runsOf.js';
import { lineMarginals } from '../src/line/lineMarginals.js';
import { BLACK, Propagator, UNKNOWN, WHITE } from '../src/line/Propagator.js';
import { decimate } from '../src/solve/beliefDecimation.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { WORK_BUDGET_REASON } from '../src/solve/timeLimitReason.js';
import { bruteSolutions, placements, randomCells, rng } from './helpers/bruteForce.js';
import { stalledGrid } from './helpers/puzzles.js';
import { SLICED_TUNING, slicedBoard, solveAlone } from './helpers/solveAlone.js';

test('lineMarginals: each cell\'s probability of black over the placements that fit, weighed by the priors, as enumeration gives it', () => {
  const rand = rng(4201);
  let contradictions = 0;
  for (let k = 0; k < 2000; k++) {
    const n = 1 + Math.floor(rand() * 13);
    const clue = runsOf(Array.from(randomCells(n, 1, rand(), rand)));
    const prior = Array.from({ length: n }, () => 0.02 + 0.96 * rand());
    const domains = Array.from({ length: n }, () => (rand() < 0.15 ? (rand() < 0.5 ? BLACK : WHITE) : UNKNOWN));
    let total = 0;
    const black = new Array<number>(n).fill(0);
    for (const line of placements(clue, n)) {
      if (line.some((v, i) => (domains[i] === BLACK && !v) || (domains[i] === WHITE && v))) continue;
      const weight = line.reduce((w, v, i) => w * (v ? prior[i]! : 1 - prior[i]!), 1);
      total += weight;
      line.forEach((v, i) => (black[i]! += v ? weight : 0));
    }
    const out = new Float64Array(n);
    const fits = lineMarginals(clue, prior, domains, out);
    expect(fits, `line ${k}`).toBe(total > 0);
    if (!fits) {
      contradictions++;
      continue;
    }
    for (let i = 0; i < n; i++) expect(out[i]!, `line ${k}, cell ${i}`).toBeCloseTo(black[i]! / total, 9);
  }
  expect(contradictions).toBeGreaterThan(50);
});

test('decimate: a picture it ends with fits the clues; every state it went through narrows the one before without contradiction', () => {
  const rand = rng(4202);
  let pictures = 0;
  for (let k = 0; k < 60; k++) {
    const w = 6 + Math.floor(rand() * 15);
    const h = 6 + Math.floor(rand() * 15);
    const grid = makeGrid(w, h, randomCells(w, h, 0.4 + 0.2 * rand(), rand));
    const puzzle = puzzleOf(grid);
    const propagator = new Propagator(puzzle);
    const propagate = (d: Uint8Array) => {
      const out = d.slice();
      return propagator.run(out) === 'contradiction' ? ('contradiction' as const) : out;
    };
    const start = propagate(propagator.unknownDomains());
    if (start === 'contradiction') throw new Error('a picture\'s own clues contradict');
    const d = decimate(puzzle, start, propagate, { rounds: 3, batch: 0.05, firstRounds: 5 });
    if (d.end === 'picture') {
      const cells = Uint8Array.from(d.domains, (v) => (v === BLACK ? 1 : 0));
      expect(checkGrid(puzzle, makeGrid(w, h, cells))).toBeNull();
      pictures++;
      continue;
    }
    let before: Uint8Array = start;
    for (const state of d.states) {
      for (let c = 0; c < state.length; c++) if (before[c] !== UNKNOWN) expect(state[c]).toBe(before[c]);
      expect(propagate(state)).not.toBe('contradiction');
      before = state;
    }
  }
  expect(pictures).toBeGreaterThan(20);
});

test('with decimation forced on every board (SAT slices of 0 conflicts), every verdict is brute force\'s, and some first pictures come from it', () => {
  const rand = rng(4203);
  const tuning = { decimationMinOpen: 0, decimationSatConflicts: 0, decimationAttempts: 2, decimationFirstRounds: 2, decimationRounds: 2, decimationBatch: 500 };
  let byDecimation = 0;
  for (let k = 0; k < 150; k++) {
    const w = 3 + Math.floor(rand() * 6);
    const h = 3 + Math.floor(rand() * 6);
    const grid = makeGrid(w, h, randomCells(w, h, 0.3 + 0.4 * rand(), rand));
    const puzzle = puzzleOf(grid);
    const count = bruteSolutions(puzzle, 2).length;
    // Probing and the search off: the board goes from propagation to SAT, where decimation sits.
    const r = solvePuzzle(puzzle, { tuning, probing: true, search: false });
    const plain = solvePuzzle(puzzle, { probing: true, search: false });
    expect(r.status, `board ${k}`).toBe(count === 1 ? 'unique' : 'multiple');
    expect(plain.status).toBe(r.status);
    if (r.stats?.firstBy === 'decimation') byDecimation++;
  }
  expect(byDecimation).toBeGreaterThan(10);
});

afterEach(() => {
  vi.restoreAllMocks();
});

test('the schedule of SAT slices and decimation attempts is counted in work: a clock 1,000 times as fast changes nothing (issue 42)', () => {
  const puzzle = slicedBoard();
  const options = { tuning: SLICED_TUNING, probing: true, search: false };
  const calm = solveAlone(puzzle, options);
  expect(calm.stats?.decimations).toBeGreaterThan(1);
  expect(calm.stats?.satCalls).toBeGreaterThan(2);
  // Every reading of the clock a second later than the one before: a machine under heavy load, as the schedule would see it.
  let now = performance.now();
  vi.spyOn(performance, 'now').mockImplementation(() => (now += 1000));
  const hurried = solveAlone(puzzle, options);
  vi.restoreAllMocks();
  expect(hurried.status).toBe(calm.status);
  expect(hurried.stats).toEqual(calm.stats);
});

test('a budget of conflicts stops a solve with its own reason, at the same point every time', () => {
  // Probing off: the board goes to SAT at once.
  const puzzle = puzzleOf(stalledGrid(60, 60, 0.5, 5));
  const runs = [0, 1].map(() => solveAlone(puzzle, { conflicts: 300, probing: false }));
  for (const r of runs) {
    expect(r.status).toBe('unknown');
    if (r.status === 'unknown') expect(r.reason).toBe(WORK_BUDGET_REASON);
    expect(r.stats?.satConflicts).toBeGreaterThanOrEqual(300);
  }
  expect(runs[1]!.stats).toEqual(runs[0]!.stats);
});
