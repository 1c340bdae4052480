// The nonogram core (engines/core.wasm through src/solve/NonogramCore.ts) against brute force:
// its line solver on random partial lines, probing and the search on small boards, and its CNF
// (with the binary clauses probing implies) against every real solution.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkGrid } from '../src/grid/checkGrid.js';
import { makeGrid, type Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { BLACK, UNKNOWN, WHITE } from '../src/line/lineAutomaton.js';
import { createSolver } from '../src/sat/engines.js';
import { NonogramCore, coreSolveLine } from '../src/solve/NonogramCore.js';
import { CorePropagator } from '../src/solve/CorePropagator.js';
import { Propagator } from '../src/line/Propagator.js';
import { bruteSolutions, placements, randomCells, rng } from './helpers/bruteForce.js';
import { smallPuzzles } from './helpers/puzzles.js';

const runsOf = (line: ArrayLike<number>): number[] => {
  const runs: number[] = [];
  let r = 0;
  for (let i = 0; i < line.length; i++) (line[i] ? r++ : r && (runs.push(r), (r = 0)));
  if (r) runs.push(r);
  return runs;
};

/** What the exact line solver must answer, by enumerating placements (n up to 16). */
function byPlacements(clue: readonly number[], domains: readonly number[]): number[] | null {
  const ok = placements(clue, domains.length).filter((pl) => pl.every((b, i) => domains[i]! & (b ? BLACK : WHITE)));
  if (ok.length === 0) return null;
  return domains.map((_, i) => (ok.some((pl) => pl[i] === 0) ? WHITE : 0) | (ok.some((pl) => pl[i] === 1) ? BLACK : 0));
}

describe('the core line solver', () => {
  test('agrees with enumerating placements on random partial lines, conflicts included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).chain((n) =>
          fc.tuple(
            fc.array(fc.integer({ min: 0, max: 1 }), { minLength: n, maxLength: n }),
            fc.array(fc.constantFrom(WHITE, BLACK, UNKNOWN, UNKNOWN), { minLength: n, maxLength: n }),
            fc.integer({ min: 0, max: 3 }),
          ),
        ),
        ([picture, domains, kind]) => {
          // The picture's clue; with a run dropped, or one run lengthened (it may not fit).
          const runs = runsOf(picture);
          const clue = kind === 1 ? runs.slice(1) : kind === 2 && runs.length ? [runs[0]! + 1, ...runs.slice(1)] : runs;
          const line = Uint8Array.from(domains);
          const ok = coreSolveLine(clue, line);
          const want = byPlacements(clue, domains);
          expect(ok).toBe(want !== null);
          if (want) expect(Array.from(line)).toEqual(want);
          else expect(Array.from(line)).toEqual(domains);
        },
      ),
      { numRuns: 2500, seed: 27 },
    );
  });

  test('long lines (several 64-bit words) agree with the picture they came from: its cells stay possible', () => {
    const rand = rng(2701);
    for (let k = 0; k < 300; k++) {
      const n = 60 + Math.floor(rand() * 900);
      const picture = randomCells(n, 1, 0.3 + 0.5 * rand(), rand);
      const clue = runsOf(picture);
      const line = new Uint8Array(n).fill(UNKNOWN);
      for (let i = 0; i < n; i++) if (rand() < 0.6) line[i] = picture[i] ? BLACK : WHITE;
      expect(coreSolveLine(clue, line)).toBe(true);
      for (let i = 0; i < n; i++) expect(line[i]! & (picture[i] ? BLACK : WHITE), `cell ${i} of ${n}`).not.toBe(0);
      // Every cell known: the line is fixed, and a flipped cell is a conflict.
      const full = Uint8Array.from(picture, (b) => (b ? BLACK : WHITE));
      expect(coreSolveLine(clue, full)).toBe(true);
      const j = Math.floor(rand() * n);
      full[j] = full[j] === BLACK ? WHITE : BLACK;
      expect(coreSolveLine(clue, full)).toBe(false);
    }
  });
});

const smallOnes = (count: number, seed: number, maxSide: number): Puzzle[] => smallPuzzles(count, seed, maxSide).map((x) => x.puzzle);

const key = (cells: ArrayLike<number>) => Array.from(cells).join('');
const unknowns = (p: Puzzle) => new Uint8Array(p.width * p.height).fill(UNKNOWN);

describe('probing and the search', () => {
  test('probing fixes only what every solution agrees on; the search enumerates exactly the solutions', () => {
    let counted = 0;
    for (const p of smallOnes(400, 5150, 6)) {
      const all = bruteSolutions(p, 1e6);
      const core = new NonogramCore(p);
      try {
        const loaded = core.load(unknowns(p));
        const probed = loaded === 'stalled' ? core.probe() : loaded;
        if (all.length === 0) expect(probed).toBe('contradiction');
        if (probed === 'contradiction') {
          expect(all.length).toBe(0);
          continue;
        }
        const d = core.read();
        for (let c = 0; c < d.length; c++) {
          for (const s of all) expect(d[c]! & (s[c] ? BLACK : WHITE), `cell ${c}`).not.toBe(0);
        }
        if (probed === 'solved') expect(all.length).toBe(1);
        // The whole tree, collecting every solution (and one more than there are, so none is missed).
        const r = core.search(all.length + 1, { restartNodes: 0 });
        expect(r.end).toBe('complete');
        expect(r.grids.map(key).sort()).toEqual(all.map(key).sort());
        for (const g of r.grids) expect(checkGrid(p, makeGrid(p.width, p.height, g))).toBeNull();
        // Stopping at fewer: exactly that many distinct solutions, and 'enough'.
        if (all.length >= 2) {
          const two = core.search(2);
          expect(two.end).toBe('enough');
          expect(new Set(two.grids.map(key)).size).toBe(2);
          counted++;
        }
      } finally {
        core.dispose();
      }
    }
    expect(counted).toBeGreaterThan(40);
  });

  test('restarts lose no solution: with a tiny restart budget the search still finds them all', () => {
    for (const p of smallOnes(150, 99, 7)) {
      const all = bruteSolutions(p, 50);
      if (all.length >= 50) continue;
      const core = new NonogramCore(p);
      try {
        if (core.load(unknowns(p)) === 'contradiction') continue;
        const r = core.search(all.length + 1, { restartNodes: 1, valueFirst: 2 });
        expect(r.end).toBe('complete');
        expect(r.grids.map(key).sort()).toEqual(all.map(key).sort());
      } finally {
        core.dispose();
      }
    }
  });

  test('a limit stops the search with what it has; the board keeps only facts probing proved at the root', () => {
    // A 30x30 board with many solutions: two nodes are not enough to finish.
    const p = puzzleOf(makeGrid(30, 30, randomCells(30, 30, 0.5, rng(31))));
    const core = new NonogramCore(p);
    try {
      expect(core.load(unknowns(p))).toBe('stalled');
      const before = core.read();
      const r = core.search(1000, { maxNodes: 2 });
      expect(r.end).toBe('stopped');
      const after = core.read();
      // Narrower or equal everywhere, and the picture the clues came from still fits.
      for (let c = 0; c < after.length; c++) expect(after[c]! & ~before[c]!).toBe(0);
      const picture = makeGrid(30, 30, randomCells(30, 30, 0.5, rng(31)));
      for (let c = 0; c < after.length; c++) expect(after[c]! & (picture.cells[c] ? BLACK : WHITE)).not.toBe(0);
      for (const g of r.grids) expect(checkGrid(p, makeGrid(30, 30, g))).toBeNull();
      expect(core.search(1000, { deadline: performance.now() - 1 }).end).toBe('stopped');
    } finally {
      core.dispose();
    }
  });

  test('wide boards (lines of 70, 130 and 300 cells) are solved, each answer re-checked', () => {
    const rand = rng(4);
    for (const [w, h] of [
      [70, 3],
      [3, 130],
      [300, 2],
    ] as const) {
      const picture = makeGrid(w, h, randomCells(w, h, 0.6, rand));
      const p = puzzleOf(picture);
      const core = new NonogramCore(p);
      try {
        core.load(unknowns(p));
        const r = core.search(2);
        expect(r.grids.length).toBeGreaterThan(0);
        for (const g of r.grids) expect(checkGrid(p, makeGrid(w, h, g))).toBeNull();
      } finally {
        core.dispose();
      }
    }
  });

  test('a clue that cannot fit its line is no solution, without a core', () => {
    const core = new NonogramCore({ width: 3, height: 1, rows: [[2, 2]], cols: [[1], [1], [1]] });
    expect(core.feasible).toBe(false);
    expect(core.load(new Uint8Array(3).fill(UNKNOWN))).toBe('contradiction');
  });
});

describe('the CNF of the open part', () => {
  test('with the binary clauses probing implies, its models on the cells are exactly the solutions (boards up to 6x6)', () => {
    let boards = 0;
    for (const p of smallOnes(500, 8080, 6)) {
      const all = bruteSolutions(p, 1e6);
      const core = new NonogramCore(p);
      try {
        if (core.load(unknowns(p)) !== 'stalled') continue;
        // Half the boards are encoded after probing, half straight after propagation.
        if (boards % 2 === 0 && core.probe() !== 'stalled') continue;
        const d = core.read();
        const cnf = core.encode(boards % 3 === 0 ? 0 : 5);
        if (cnf === 'contradiction') {
          expect(all.length).toBe(0);
          continue;
        }
        boards++;
        const implied = core.implications(1e6);
        // Every implied clause holds in every solution.
        const holds = (lit: number, s: Uint8Array) => (lit > 0 ? s[lit - 1] === 1 : s[-lit - 1] === 0);
        for (let i = 0; i < implied.length; i += 2) {
          for (const s of all) expect(holds(implied[i]!, s) || (implied[i + 1]! !== 0 && holds(implied[i + 1]!, s))).toBe(true);
        }
        const sat = createSolver('minisat');
        try {
          sat.newVars(Math.max(cnf.variables, 1));
          let start = 0;
          for (let i = 0; i < cnf.lits.length; i++) {
            if (cnf.lits[i] === 0) {
              sat.addClause(cnf.lits.subarray(start, i));
              start = i + 1;
            }
          }
          const lit = (l: number) => (l > 0 ? cnf.cellVar[l - 1]! : -cnf.cellVar[-l - 1]!);
          for (let i = 0; i < implied.length; i += 2) sat.addClause(implied[i + 1] ? [lit(implied[i]!), lit(implied[i + 1]!)] : [lit(implied[i]!)]);
          // Enumerate the models' cells under blocking clauses.
          const models: string[] = [];
          while (models.length <= all.length && sat.solve() === 'sat') {
            const cells = Array.from(d, (v, c) => (cnf.cellVar[c] ? sat.value(cnf.cellVar[c]!) : v === BLACK ? 1 : 0));
            models.push(cells.join(''));
            const block = [...cnf.cellVar].flatMap((v, c) => (v ? [cells[c] ? -v : v] : []));
            if (block.length === 0) break;
            sat.addClause(block);
          }
          expect(models.sort(), `board ${p.width}x${p.height}`).toEqual(all.map(key).sort());
        } finally {
          sat.release();
        }
      } finally {
        core.dispose();
      }
    }
    expect(boards).toBeGreaterThan(60);
  });
});

describe('propagation on the core (CorePropagator), as the minimizer uses it', () => {
  test('the same fixpoint as line/Propagator from any state and its dirty lines; finishers stop it as the oracles expect', () => {
    const rand = rng(4243);
    let finished = 0;
    let stoppedEarly = 0;
    for (let k = 0; k < 600; k++) {
      const w = 5 + Math.floor(rand() * 8);
      const h = 5 + Math.floor(rand() * 8);
      const cells = randomCells(w, h, 0.4 + rand() * 0.3, rand);
      const puzzle = puzzleOf(makeGrid(w, h, cells));
      const ts = new Propagator(puzzle);
      const core = new CorePropagator(puzzle);
      try {
        let state = core.unknownDomains();
        const reference = ts.unknownDomains();
        const status = core.run(state);
        expect(status).toBe(ts.run(reference));
        expect(Array.from(state)).toEqual(Array.from(reference));
        if (status !== 'stalled') continue;
        const order = [...cells.keys()].filter((c) => cells[c]).sort(() => rand() - 0.5);
        const finishers = new Uint8Array(w * h);
        for (const c of order) {
          if (state[c] !== UNKNOWN) continue;
          const full = state.slice();
          full[c] = BLACK;
          const plain = ts.run(full, ts.linesOf(c));
          const quick = state.slice();
          quick[c] = BLACK;
          expect(core.run(quick, core.linesOf(c), finishers)).toBe(plain);
          if (plain === 'stalled') {
            expect(Array.from(quick)).toEqual(Array.from(full));
            state = full;
          } else {
            finishers[c] = 1;
            finished++;
            if (quick.includes(UNKNOWN)) stoppedEarly++;
          }
        }
        // A contradiction leaves the domains as they were.
        const bad = core.unknownDomains().fill(WHITE);
        const copy = bad.slice();
        if (core.run(bad) === 'contradiction') expect(Array.from(bad)).toEqual(Array.from(copy));
      } finally {
        core.dispose();
      }
    }
    expect(finished).toBeGreaterThan(300);
    expect(stoppedEarly).toBeGreaterThan(80);
  });
});

test('dirty lines may repeat, more of them than the board has lines', () => {
  const puzzle = puzzleOf(makeGrid(6, 5, randomCells(6, 5, 0.5, rng(5))));
  const core = new CorePropagator(puzzle);
  const ts = new Propagator(puzzle);
  try {
    const a = core.unknownDomains();
    const b = ts.unknownDomains();
    const many = Array.from({ length: 500 }, (_, i) => i % 11);
    expect(core.run(a, many)).toBe(ts.run(b, many));
    expect(Array.from(a)).toEqual(Array.from(b));
  } finally {
    core.dispose();
  }
});

describe('every path frees its core', () => {
  test('thousands of blocks through each entry point leave the core memory as it was', async () => {
    const { quickOutcome } = await import('../src/parallel/BlockTask.js');
    const { solvePuzzle } = await import('../src/solve/solvePuzzle.js');
    const { lineSolvable } = await import('../src/solve/CorePropagator.js');
    const { completeAnnotation } = await import('../src/annotate/completeAnnotation.js');
    const { coreMemoryBytes } = await import('../src/solve/NonogramCore.js');
    const rand = rng(8080);
    const run = (blocks: number) => {
      for (let k = 0; k < blocks; k++) {
        const g = makeGrid(8, 8, randomCells(8, 8, 0.5, rand));
        const puzzle = puzzleOf(g);
        quickOutcome({ kind: 'solve', puzzle, givens: [] });
        if (k % 4 === 0) solvePuzzle(puzzle);
        if (k % 4 === 1) lineSolvable(g);
        if (k % 4 === 2) completeAnnotation(g);
      }
    };
    run(200);
    const before = coreMemoryBytes();
    expect(before).toBeGreaterThan(0);
    run(3000);
    expect(coreMemoryBytes()).toBe(before);
  });
});
