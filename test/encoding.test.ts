// The CNF encoding: unit propagation is as strong as the exact line solver, and the models
// of the DIMACS text are exactly the puzzle's solutions.
import { describe, expect, test } from 'vitest';
import { puzzleDimacs } from '../src/encode/puzzleDimacs.js';
import { Cnf } from '../src/encode/Cnf.js';
import { encodePuzzle } from '../src/encode/encodePuzzle.js';
import { checkGrid } from '../src/grid/checkGrid.js';
import { makeGrid, type Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf, runsOf } from '../src/grid/runsOf.js';
import { BLACK, Propagator, UNKNOWN, WHITE } from '../src/line/Propagator.js';
import { lineAutomaton } from '../src/line/lineAutomaton.js';
import { solveLine } from '../src/line/solveLine.js';
import { createSolver } from '../src/sat/engines.js';
import { bruteSolutions, randomCells, rng } from './helpers/bruteForce.js';
import { parseDimacs, satisfies, unitPropagate } from './helpers/cnf.js';

/** A random clue of a line of length n: from a random picture, sometimes made impossible. */
function randomClue(n: number, rand: () => number): number[] {
  const runs = runsOf(randomCells(n, 1, 0.2 + rand() * 0.6, rand));
  if (rand() < 0.1 && runs.length > 0) runs[Math.floor(rand() * runs.length)]! += 1 + Math.floor(rand() * 2);
  return runs;
}

function randomDomains(n: number, rand: () => number, known: number, picture?: Uint8Array): Uint8Array {
  const d = new Uint8Array(n).fill(UNKNOWN);
  for (let i = 0; i < n; i++) {
    if (rand() >= known) continue;
    // Known cells follow a solution picture when one is given (no contradiction), else are random.
    const black = picture && rand() < 0.85 ? picture[i] === 1 : rand() < 0.5;
    d[i] = black ? BLACK : WHITE;
  }
  return d;
}

describe('unit propagation equals the exact line solver', () => {
  /**
   * One line's clauses, isolated: a 1xN puzzle whose row is the line. Its columns have height 1,
   * so every column layer has a single live state and a column contributes only a unit clause
   * on its cell (possibly twice): (-c) for the clue [] and (c) for the clue [1]. When the clue alone
   * forces no cell of the row, the row itself has no unit clause, so the row's clauses are the
   * rest. The test checks this separation holds (the same row clauses whatever the column
   * clues, and exactly the expected column units).
   */
  function lineClauses(clue: number[], n: number): number[][] {
    const encodeWith = (colClue: number[]) => {
      const puzzle: Puzzle = { width: n, height: 1, rows: [clue], cols: Array.from({ length: n }, () => colClue) };
      const cnf = new Cnf();
      const enc = encodePuzzle(puzzle, new Uint8Array(n).fill(UNKNOWN), cnf);
      for (let c = 0; c < n; c++) expect(enc.cellVar[c]).toBe(c + 1);
      const units = cnf.clauses.filter((cl) => cl.length === 1);
      const sign = colClue.length ? 1 : -1;
      expect([...new Set(units.map((u) => u[0]!))].sort((x, y) => Math.abs(x) - Math.abs(y))).toEqual(Array.from({ length: n }, (_, c) => sign * (c + 1)));
      return cnf.clauses.filter((cl) => cl.length > 1);
    };
    const a = encodeWith([]);
    const b = encodeWith([1]);
    expect(b).toEqual(a);
    return a;
  }

  test('on thousands of random partial lines, including contradictions', () => {
    const rand = rng(99);
    let tested = 0;
    let contradictions = 0;
    let deductions = 0;
    for (let k = 0; k < 3000; k++) {
      const n = 1 + Math.floor(rand() * 14);
      const picture = randomCells(n, 1, 0.2 + rand() * 0.6, rand);
      const clue = rand() < 0.8 ? runsOf(picture) : randomClue(n, rand);
      const automaton = lineAutomaton(clue);
      // Only clues that force nothing on an empty line (see lineClauses).
      const free = new Uint8Array(n);
      if (!solveLine(automaton, new Uint8Array(n).fill(UNKNOWN), free) || free.some((v) => v !== UNKNOWN)) continue;
      const clauses = lineClauses(clue, n);
      expect(clauses.length).toBeGreaterThan(0);
      let maxVar = n;
      for (const cl of clauses) for (const l of cl) maxVar = Math.max(maxVar, Math.abs(l));
      for (let j = 0; j < 4; j++) {
        const domains = randomDomains(n, rand, 0.2 + rand() * 0.5, runsOf(picture).join() === clue.join() ? picture : undefined);
        const expected = new Uint8Array(n);
        const ok = solveLine(automaton, domains, expected);
        const assign = new Int8Array(maxVar + 1);
        for (let i = 0; i < n; i++) if (domains[i] !== UNKNOWN) assign[i + 1] = domains[i] === BLACK ? 1 : -1;
        const up = unitPropagate(clauses, assign);
        tested++;
        expect(up, `clue ${clue} line ${[...domains]}`).toBe(ok);
        if (!ok) {
          contradictions++;
          continue;
        }
        for (let i = 0; i < n; i++) {
          const got = assign[i + 1] === 1 ? BLACK : assign[i + 1] === -1 ? WHITE : UNKNOWN;
          expect(got, `clue ${clue} line ${[...domains]} cell ${i}`).toBe(expected[i]);
          if (domains[i] === UNKNOWN && expected[i] !== UNKNOWN) deductions++;
        }
      }
    }
    expect(tested).toBeGreaterThan(3000);
    expect(contradictions).toBeGreaterThan(500);
    expect(deductions).toBeGreaterThan(5000);
  });

  test('on whole puzzles: the unit-propagation fixpoint is the propagation fixpoint', () => {
    const rand = rng(5);
    let contradictions = 0;
    let stalled = 0;
    for (let k = 0; k < 1500; k++) {
      const w = 1 + Math.floor(rand() * 7);
      const h = 1 + Math.floor(rand() * 7);
      const picture = makeGrid(w, h, randomCells(w, h, 0.3 + rand() * 0.4, rand));
      const puzzle = puzzleOf(picture);
      const givens = randomDomains(w * h, rand, rand() * 0.3, rand() < 0.8 ? picture.cells : undefined);
      const propagator = new Propagator(puzzle);
      const expected = givens.slice();
      const status = propagator.run(expected);
      if (status === 'contradiction') contradictions++;
      if (status === 'stalled') stalled++;

      // (1) Encode the bare clues (every cell open), then add the givens as unit clauses.
      {
        const cnf = new Cnf();
        const enc = encodePuzzle(puzzle, propagator.unknownDomains(), cnf);
        const assign = new Int8Array(cnf.numVars + 1);
        for (let c = 0; c < w * h; c++) if (givens[c] !== UNKNOWN) assign[enc.cellVar[c]!] = givens[c] === BLACK ? 1 : -1;
        const up = unitPropagate(cnf.clauses, assign);
        expect(up, `${w}x${h} ${[...picture.cells]} givens ${[...givens]}`).toBe(status !== 'contradiction');
        if (up) {
          for (let c = 0; c < w * h; c++) {
            const v = assign[enc.cellVar[c]!];
            expect(v === 1 ? BLACK : v === -1 ? WHITE : UNKNOWN).toBe(expected[c]);
          }
        }
      }
      // (2) Encode with the givens as domains (how the solver calls it, minus the presolve).
      // Precondition of encodePuzzle: each line on its own still has a placement (a line with
      // no open cell is not encoded at all).
      const linesOk = [...puzzle.rows.keys()].every((y) => solveLine(lineAutomaton(puzzle.rows[y]!), givens.subarray(y * w, y * w + w), new Uint8Array(w))) &&
        [...puzzle.cols.keys()].every((x) => solveLine(lineAutomaton(puzzle.cols[x]!), Uint8Array.from({ length: h }, (_, y) => givens[y * w + x]!), new Uint8Array(h)));
      if (linesOk) {
        const cnf = new Cnf();
        const enc = encodePuzzle(puzzle, givens, cnf);
        for (let c = 0; c < w * h; c++) expect(enc.cellVar[c] !== 0).toBe(givens[c] === UNKNOWN);
        const assign = new Int8Array(cnf.numVars + 1);
        const up = unitPropagate(cnf.clauses, assign);
        expect(up).toBe(status !== 'contradiction');
        if (up) {
          for (let c = 0; c < w * h; c++) {
            if (givens[c] !== UNKNOWN) continue;
            const v = assign[enc.cellVar[c]!];
            expect(v === 1 ? BLACK : v === -1 ? WHITE : UNKNOWN).toBe(expected[c]);
          }
        }
      }
    }
    expect(contradictions).toBeGreaterThan(100);
    expect(stalled).toBeGreaterThan(100);
  });
});

/** The solutions of a DIMACS CNF projected on variables 1..cells (cell c is variable c+1). */
function projectedModels(text: string, cells: number, limit = 5000): string[] {
  const d = parseDimacs(text);
  const out = new Set<string>();
  if (d.numVars <= 16) {
    const assign = new Int8Array(d.numVars + 1);
    for (let m = 0; m < 1 << d.numVars; m++) {
      for (let v = 1; v <= d.numVars; v++) assign[v] = (m >> (v - 1)) & 1 ? 1 : -1;
      if (satisfies(d.clauses, assign)) out.add(Array.from({ length: cells }, (_, c) => (assign[c + 1]! > 0 ? 1 : 0)).join(''));
    }
    return [...out].sort();
  }
  const s = createSolver('minisat');
  s.newVars(d.numVars);
  for (const c of d.clauses) s.addClause(c);
  while (out.size < limit && s.solve() === 'sat') {
    const m = Array.from({ length: d.numVars + 1 }, (_, v) => (v ? s.value(v) : 0));
    const full = new Int8Array(d.numVars + 1);
    for (let v = 1; v <= d.numVars; v++) full[v] = m[v] ? 1 : -1;
    expect(satisfies(d.clauses, full)).toBe(true);
    const key = Array.from({ length: cells }, (_, c) => m[c + 1]!).join('');
    out.add(key);
    s.addClause(Array.from({ length: cells }, (_, c) => (m[c + 1] ? -(c + 1) : c + 1)));
  }
  return [...out].sort();
}

function bruteKeys(p: Puzzle, givens: readonly number[] = []): string[] {
  return bruteSolutions(p, Infinity, givens).map((s) => [...s].join('')).sort();
}

describe('DIMACS', () => {
  test('1x1 puzzles: header, clause lines, models', () => {
    for (const [clue, expected] of [
      [[1], ['1']],
      [[], ['0']],
    ] as const) {
      const p: Puzzle = { width: 1, height: 1, rows: [clue], cols: [clue] };
      const cnf = new Cnf();
      encodePuzzle(p, new Uint8Array([UNKNOWN]), cnf);
      const text = cnf.toDimacs();
      expect(text).toMatch(new RegExp(`^p cnf ${cnf.numVars} ${cnf.clauses.length}$`, 'm'));
      expect(text.endsWith('\n')).toBe(true);
      for (const line of text.trimEnd().split('\n')) if (!line.startsWith('c') && !line.startsWith('p')) expect(line).toMatch(/(^| )0$/);
      expect(projectedModels(text, 1)).toEqual(expected);
    }
    // Contradictory clues: no model at all.
    const none: Puzzle = { width: 1, height: 1, rows: [[1]], cols: [[]] };
    const cnf = new Cnf();
    encodePuzzle(none, new Uint8Array([UNKNOWN]), cnf);
    expect(projectedModels(cnf.toDimacs(), 1)).toEqual([]);
  });

  test('every 2x2 picture: the models are exactly the solutions', () => {
    for (let m = 0; m < 16; m++) {
      const p = puzzleOf(makeGrid(2, 2, [m & 1, (m >> 1) & 1, (m >> 2) & 1, (m >> 3) & 1]));
      const text = puzzleDimacs(p, []);
      const d = parseDimacs(text);
      expect(d.clauses.length).toBe(d.numClauses);
      const models = projectedModels(text, 4);
      expect(models).toEqual(bruteKeys(p));
      for (const k of models) expect(checkGrid(p, makeGrid(2, 2, [...k].map(Number)))).toBeNull();
    }
    // The diagonal puzzle has both diagonals as models.
    const diag = puzzleOf(makeGrid(2, 2, [1, 0, 0, 1]));
    expect(projectedModels(puzzleDimacs(diag, []), 4)).toEqual(['0110', '1001']);
  });

  test('random puzzles up to 5x5, with and without givens: models = brute-force solutions', () => {
    const rand = rng(31);
    let multi = 0;
    for (let k = 0; k < 80; k++) {
      const w = 2 + Math.floor(rand() * 4);
      const h = 2 + Math.floor(rand() * 4);
      const picture = makeGrid(w, h, randomCells(w, h, 0.2 + rand() * 0.4, rand));
      const rows = picture.cells;
      const p = puzzleOf(picture);
      // Sometimes swap two row clues, which may leave no solution at all.
      const q: Puzzle = rand() < 0.2 && h > 1 ? { ...p, rows: [p.rows[1]!, p.rows[0]!, ...p.rows.slice(2)] } : p;
      const black = [...rows.keys()].filter((c) => rows[c]);
      const givens = q === p && black.length && rand() < 0.5 ? [black[Math.floor(rand() * black.length)]!] : [];
      const text = puzzleDimacs(q, givens);
      const models = projectedModels(text, w * h);
      expect(models, `${w}x${h} ${[...rows]}`).toEqual(bruteKeys(q, givens));
      for (const key of models) expect(checkGrid(q, makeGrid(w, h, [...key].map(Number)), givens)).toBeNull();
      if (models.length > 1) multi++;
    }
    expect(multi).toBeGreaterThan(8);
  });
});
