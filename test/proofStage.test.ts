// The proof stage (BlockSolver's proofStageConflicts): past its conflicts, SAT goes on from
// scratch on an instance of its own of the proof engine, the clauses at the top level. Verdicts
// with it forced on every board are brute force's, and what the stats say of it is what happened.
import { expect, test } from 'vitest';
import { checkGrid } from '../src/grid/checkGrid.js';
import { bruteSolutions } from './helpers/bruteForce.js';
import { satUnsolvablePuzzle, smallPuzzles } from './helpers/puzzles.js';
import { SLICED_TUNING, slicedBoard, solveAlone } from './helpers/solveAlone.js';

/** The stage from SAT's first call (with probing and the search off, every board that propagation leaves open goes there). */
const FORCED = { proofStageConflicts: 0 };

test('with the proof stage forced, every verdict and picture is brute force\'s, and the stats name the stage whenever SAT went on to it', () => {
  let staged = 0;
  let none = 0;
  // Every fifth board has a row clue broken, so that some have no picture.
  for (const [k, { puzzle }] of smallPuzzles(200, 4242, 8).entries()) {
    const sols = bruteSolutions(puzzle, 2);
    const r = solveAlone(puzzle, { tuning: FORCED, probing: false, search: false });
    expect(r.status, `board ${k}`).toBe(sols.length === 0 ? 'none' : sols.length === 1 ? 'unique' : 'multiple');
    const grids = r.status === 'unique' ? [r.grid] : r.status === 'multiple' ? r.grids : [];
    for (const g of grids) expect(checkGrid(puzzle, g)).toBeNull();
    if (r.status === 'unique') expect(Array.from(r.grid.cells)).toEqual(Array.from(sols[0]!));
    // Whenever SAT ran, it ran in the stage, from its first call.
    expect(r.stats?.proofStage, `board ${k}`).toEqual((r.stats?.satCalls ?? 0) > 0 ? { engine: 'cadical', afterConflicts: 0 } : undefined);
    if (r.stats?.proofStage) {
      staged++;
      if (r.status === 'none') none++;
    }
  }
  expect(staged).toBeGreaterThan(20);
  expect(none).toBeGreaterThan(0);
});

test('a board with no picture is refuted in the proof stage; at the default threshold a small board never gets there', () => {
  const puzzle = satUnsolvablePuzzle();
  const staged = solveAlone(puzzle, { tuning: FORCED, probing: false, search: false });
  expect(staged.status).toBe('none');
  expect(staged.stats?.proofStage?.engine).toBe('cadical');
  const plain = solveAlone(puzzle, { probing: false, search: false });
  expect(plain.status).toBe('none');
  expect(plain.stats?.proofStage).toBeUndefined();
});

test('a board that moves to the stage after SAT\'s first calls gets the verdict it gets without the stage', () => {
  // Slices of a few conflicts, so SAT runs several times.
  const puzzle = slicedBoard();
  const solveWith = (proofStageConflicts: number) => solveAlone(puzzle, { tuning: { ...SLICED_TUNING, proofStageConflicts }, probing: true, search: false });
  const without = solveWith(Infinity);
  const moved = solveWith(6);
  expect(without.stats?.proofStage).toBeUndefined();
  expect(moved.stats?.proofStage).toEqual({ engine: 'cadical', afterConflicts: expect.any(Number) });
  expect(moved.stats!.proofStage!.afterConflicts).toBeGreaterThanOrEqual(6);
  expect(moved.stats!.satCalls).toBeGreaterThan(2);
  expect(moved.status).toBe(without.status);
  for (const r of [without, moved]) for (const g of r.status === 'multiple' ? r.grids : r.status === 'unique' ? [r.grid] : []) expect(checkGrid(puzzle, g)).toBeNull();
});
