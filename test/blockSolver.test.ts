// BlockSolver's call order (its class comment): solve() once then dispose(), or queries then
// dispose(); every call out of order is E_INTERNAL naming the call and the state, and the two
// right orders still answer as before.
import { afterAll, describe, expect, test } from 'vitest';
import { NonocryptError } from '../src/errors.js';
import { makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { SatSession } from '../src/sat/SatSession.js';
import { BlockSolver } from '../src/solve/BlockSolver.js';
import { thrown } from './helpers/thrown.js';

const session = new SatSession();
afterAll(() => session.close());

// A 2x2 board with two solutions, the diagonal X and the other one Y: propagation leaves it open.
const X = makeGrid(2, 2, [1, 0, 0, 1]);
const Y = makeGrid(2, 2, [0, 1, 1, 0]);
const TWO = puzzleOf(X);
const block = () => new BlockSolver(TWO, [], session);

const CALLS: Record<string, (b: BlockSolver) => unknown> = {
  solve: (b) => b.solve(),
  preferNear: (b) => b.preferNear(X),
  findGrid: (b) => b.findGrid(),
  findOther: (b) => b.findOther(X, []),
  findWithin: (b) => b.findWithin(X, [1, 1, 1, 1], []),
  findCloser: (b) => b.findCloser(X, Y, []),
  dispose: (b) => b.dispose(),
};
const QUERIES = ['preferNear', 'findGrid', 'findOther', 'findWithin', 'findCloser'];

/** Each state, the calls that reach it from a new block, and the calls it allows. */
const STATES: { state: string; reach: string[]; allows: string[] }[] = [
  { state: 'fresh', reach: [], allows: Object.keys(CALLS) },
  { state: 'querying', reach: ['findOther'], allows: [...QUERIES, 'dispose'] },
  { state: 'solved', reach: ['solve'], allows: ['dispose'] },
  { state: 'disposed', reach: ['findGrid', 'dispose'], allows: ['dispose'] },
  { state: 'disposed', reach: ['solve', 'dispose'], allows: ['dispose'] },
];

describe('the call order', () => {
  for (const { state, reach, allows } of STATES) {
    for (const call of Object.keys(CALLS)) {
      const allowed = allows.includes(call);
      test(`after ${reach.join(', ') || 'nothing'} (${state}): ${call}() ${allowed ? 'is allowed' : 'is E_INTERNAL'}`, () => {
        const b = block();
        try {
          for (const r of reach) CALLS[r]!(b);
          if (allowed) {
            expect(() => CALLS[call]!(b)).not.toThrow();
            return;
          }
          const e = thrown(() => CALLS[call]!(b));
          expect(e).toBeInstanceOf(NonocryptError);
          expect((e as NonocryptError).code).toBe('E_INTERNAL');
          expect((e as NonocryptError).message).toContain(`BlockSolver.${call}() in state '${state}'`);
        } finally {
          b.dispose();
        }
      });
    }
  }

  test('a solve that threw is spent: solving again is E_INTERNAL', () => {
    const failing = { get: () => { throw new Error('no instance'); }, isFresh: () => true } as unknown as SatSession;
    const b = new BlockSolver(TWO, [], failing);
    expect(() => b.solve({ search: false })).toThrow('no instance');
    expect(() => b.solve()).toThrow("BlockSolver.solve() in state 'solved'");
    b.dispose();
  });
});

describe('the right orders answer as before', () => {
  const cellsOf = (g: Grid | string) => (typeof g === 'string' ? g : [...g.cells].join(''));

  test('solve() then dispose(): the verdict, on every path (search, SAT on either encoding, counting)', () => {
    // One solution, which propagation leaves open: rows 1 1 / 2 / - / -, every column 1.
    const unique = puzzleOf(makeGrid(4, 4, [1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    for (const options of [{}, { search: false }, { probing: false }, { probing: false, countMax: 5 }, { countMax: 5 }]) {
      const b = new BlockSolver(TWO, [], session);
      const r = b.solve(options);
      b.dispose();
      expect(r.status, JSON.stringify(options)).toBe('multiple');
      if (r.status === 'multiple') expect(r.grids.map(cellsOf).sort()).toEqual(['0110', '1001']);
      if ('countMax' in options) expect(r.count).toEqual({ value: 2, exact: true });
      // Without the search (or without probing, which the search needs) SAT decides.
      if ('search' in options || 'probing' in options) expect(r.stats?.satCalls, JSON.stringify(options)).toBeGreaterThan(0);
      const u = new BlockSolver(unique, [], session);
      const s = u.solve(options);
      u.dispose();
      expect(s.status, JSON.stringify(options)).toBe('unique');
      if (s.status === 'unique') expect(cellsOf(s.grid)).toBe('1001011000000000');
      if ('countMax' in options) expect(s.count).toEqual({ value: 1, exact: true });
    }
  });

  test('queries in any order, as often as asked, then dispose()', () => {
    const b = block();
    b.preferNear(X);
    expect(['1001', '0110']).toContain(cellsOf(b.findGrid()));
    expect(cellsOf(b.findOther(X, []))).toBe('0110');
    expect(b.findOther(X, [0])).toBe('none'); // cell 0 given black leaves only X
    expect(cellsOf(b.findWithin(X, [1, 1, 1, 1], []))).toBe('0110');
    expect(b.findWithin(X, [1, 1, 0, 0], [])).toBe('none'); // Y differs from X in all four cells
    expect(b.findCloser(X, Y, [])).toBe('none');
    expect(cellsOf(b.findOther(Y, []))).toBe('1001');
    b.preferNear(Y);
    b.dispose();
    b.dispose();
  });
});
