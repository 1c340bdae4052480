import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Cnf } from '../src/encode/Cnf.js';
import { encodePuzzle } from '../src/encode/encodePuzzle.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { Propagator } from '../src/line/Propagator.js';
import { createSolver, loadEngine } from '../src/sat/engines.js';
import { LRAT_DEADLINE_REASON, solveWithLratProof, type LratOutcome } from '../src/sat/lratProof.js';
import { randomCells, rng } from './helpers/bruteForce.js';
import { bruteSat, pigeonhole } from './helpers/cnf.js';

// The proof engine (src/sat/lratProof.ts): CaDiCaL 1.7.4's LRAT proofs, checked here by a
// strict checker of a few lines that shares nothing with the engine. (Debian's drat-trim
// `lrat-check` accepted every proof below too, in a scratch build; it is not on a fresh
// machine, and it accepts an empty clause whose hints reach no conflict, which this one does not.)

/**
 * Checks a text LRAT proof of the clauses (ids 1..m) strictly: every line well formed; additions
 * with increasing ids after m, positive hints naming live clauses, each hint unit or the
 * conflict under the negated clause and the units before it, the conflict at the last hint;
 * deletions of live clauses, their id that of the last addition (m before any); the proof ends
 * with the empty clause. Returns the number of additions, or throws with the line.
 */
function checkLrat(numVars: number, clauses: readonly (readonly number[])[], proof: string): number {
  const live = new Map<number, readonly number[]>(clauses.map((c, i) => [i + 1, c]));
  const value = new Int8Array(numVars + 1);
  const lines = proof.split('\n');
  expect(lines.pop(), 'the proof ends with a newline').toBe('');
  let last = clauses.length;
  let empty = false;
  let added = 0;
  lines.forEach((line, k) => {
    const where = `proof line ${k + 1}: ${line.slice(0, 80)}`;
    expect(empty, `${where}: after the empty clause`).toBe(false);
    const del = /^(\d+) d((?: [1-9]\d*)*) 0$/.exec(line);
    if (del) {
      expect(Number(del[1]), `${where}: deletion id`).toBe(last);
      for (const id of del[2]!.trim().split(' ').filter(Boolean).map(Number)) {
        expect(live.delete(id), `${where}: deletes clause ${id}, not live`).toBe(true);
      }
      return;
    }
    const add = /^([1-9]\d*)((?: -?[1-9]\d*)*) 0((?: [1-9]\d*)*) 0$/.exec(line);
    expect(add, `${where}: not an addition with positive hints`).not.toBeNull();
    const id = Number(add![1]);
    const lits = add![2]!.trim().split(' ').filter(Boolean).map(Number);
    const hints = add![3]!.trim().split(' ').filter(Boolean).map(Number);
    expect(id, `${where}: ids increase`).toBeGreaterThan(last);
    value.fill(0);
    for (const l of lits) {
      expect(Math.abs(l), `${where}: literal ${l}`).toBeLessThanOrEqual(numVars);
      value[Math.abs(l)] = l > 0 ? -1 : 1; // the clause negated
    }
    let conflict = false;
    hints.forEach((h, i) => {
      expect(conflict, `${where}: hint ${h} after the conflict`).toBe(false);
      const c = live.get(h);
      expect(c, `${where}: hint ${h} is not a live clause`).toBeDefined();
      const open = c!.filter((l) => value[Math.abs(l)] === 0);
      expect(c!.some((l) => value[Math.abs(l)] === (l > 0 ? 1 : -1)), `${where}: hint ${h} is satisfied`).toBe(false);
      expect(open.length, `${where}: hint ${h} (#${i + 1}) is neither unit nor conflict`).toBeLessThanOrEqual(1);
      if (open.length === 0) conflict = true;
      else value[Math.abs(open[0]!)] = open[0]! > 0 ? 1 : -1;
    });
    expect(conflict, `${where}: the hints reach no conflict`).toBe(true);
    live.set(id, lits);
    last = id;
    added++;
    if (lits.length === 0) empty = true;
  });
  expect(empty, 'the proof derives the empty clause').toBe(true);
  return added;
}

/** Solve with a proof collected in memory. */
function prove(numVars: number, clauses: readonly (readonly number[])[], options: { deadline?: number; memoryCapBytes?: number } = {}): { outcome: LratOutcome; proof: string } {
  const chunks: Uint8Array[] = [];
  const outcome = solveWithLratProof(numVars, clauses, { ...options, onProof: (c) => chunks.push(c.slice()) });
  return { outcome, proof: Buffer.concat(chunks).toString('latin1') };
}

function expectProof(n: number, clauses: readonly (readonly number[])[], label: string): { proof: string; outcome: LratOutcome } {
  const r = prove(n, clauses);
  expect(r.outcome.status, label).toBe('unsat');
  if (r.outcome.status === 'unsat') expect(r.outcome.proofBytes, label).toBe(r.proof.length);
  checkLrat(n, clauses, r.proof);
  return r;
}

describe('solveWithLratProof', () => {
  test('pigeonhole 6 into 5: unsat, with a proof the strict checker accepts, and the conflicts counted', () => {
    const { n, clauses } = pigeonhole(5);
    const { outcome, proof } = expectProof(n, clauses, 'pigeonhole');
    expect(outcome.status === 'unsat' && outcome.conflicts).toBeGreaterThan(100);
    expect(proof.split('\n').length).toBeGreaterThan(100);
  });

  test('the strict checker rejects a proof with a step broken', () => {
    const { n, clauses } = pigeonhole(4);
    const { proof } = expectProof(n, clauses, 'pigeonhole 4');
    const lines = proof.split('\n');
    const last = lines.length - 2; // the empty clause
    const broken = (edit: (l: string[]) => void) => {
      const copy = [...lines];
      edit(copy);
      return copy.join('\n');
    };
    const withoutLastHint = broken((l) => (l[last] = l[last]!.replace(/ \d+ 0$/, ' 0')));
    expect(() => checkLrat(n, clauses, withoutLastHint)).toThrow(/no conflict|neither unit/);
    const negated = broken((l) => (l[last] = l[last]!.replace(/^(\d+ 0 )(\d+)/, '$1-$2')));
    expect(() => checkLrat(n, clauses, negated)).toThrow(/positive hints/);
    const noEmpty = broken((l) => l.splice(last, 1));
    expect(() => checkLrat(n, clauses, noEmpty)).toThrow(/empty clause/);
    // Against another formula: its last clause replaced.
    expect(() => checkLrat(n, clauses.slice(0, -1).concat([[1, 2]]), proof)).toThrow();
  });

  test('random small CNFs agree with brute force; every unsat one has a proof the checker accepts', () => {
    const rand = rng(33);
    let unsat = 0;
    for (let round = 0; round < 300; round++) {
      const n = 3 + Math.floor(rand() * 10);
      const m = Math.floor(n * (3 + rand() * 5));
      const clauses = Array.from({ length: m }, () => Array.from({ length: 1 + Math.floor(rand() * 3) }, () => (1 + Math.floor(rand() * n)) * (rand() < 0.5 ? 1 : -1)));
      const sat = bruteSat(n, clauses);
      const { outcome, proof } = prove(n, clauses);
      expect(outcome.status, `round ${round}`).toBe(sat ? 'sat' : 'unsat');
      if (!sat) {
        unsat++;
        checkLrat(n, clauses, proof);
      }
    }
    expect(unsat).toBeGreaterThan(50);
  });

  test('input clauses keep their ids 1..m whatever they hold: units, repeated and opposite literals, clauses earlier units settle', () => {
    // Each formula is unsatisfiable only through its last clauses, whose ids the proof must
    // name right after the odd clauses before them.
    const cases: [string, number[][]][] = [
      ['units first', [[1], [2], [-1, 3], [-3, -2]]],
      ['a repeated literal', [[1, 1, 2], [-1], [-2, -2], [3, 4]]],
      ['a tautology', [[1, -1], [2, -2, 3], [1], [-1, 2], [-2]]],
      ['a literal falsified by an earlier unit', [[-1], [1, 2, 3], [-2], [1, -3, 4], [-4, 1]]],
      ['a clause satisfied by an earlier unit', [[1], [1, 2], [-1, 3], [-3, 4], [-4, -1]]],
      ['a unit repeated and then contradicted', [[2], [2], [1, 3], [-2, -3], [-1]]],
      ['all of it', [[5, 5], [1, -1, 2], [-5], [5, 6, 6, -7], [7], [-6, 2], [-2, 3], [-3, -2]]],
    ];
    for (const [label, clauses] of cases) {
      const n = Math.max(...clauses.flat().map(Math.abs));
      expect(bruteSat(n, clauses), label).toBe(false);
      expectProof(n, clauses, label);
      // The same clauses after padding: the ids of the later ones shift by the padding alone.
      const padded = [[n + 1, n + 2], ...clauses.slice(0, -1), [n + 2, -(n + 1)], clauses[clauses.length - 1]!];
      expectProof(n + 2, padded, `${label}, padded`);
    }
  });

  test('an empty clause in the formula is refuted by itself: the proof names it', () => {
    const clauses = [[1, 2], [], [-1]];
    const { proof } = expectProof(2, clauses, 'empty clause');
    expect(proof).toBe('4 0 2 0\n');
  });

  test('random nonogram formulas with the picture excluded: unsat exactly when the picture is unique, with checked proofs', () => {
    const rand = rng(35);
    const seen = { unsat: 0, sat: 0 };
    for (let round = 0; round < 12; round++) {
      const w = 8 + Math.floor(rand() * 8);
      const h = 8 + Math.floor(rand() * 8);
      const cells = randomCells(w, h, 0.5, rand);
      const puzzle = puzzleOf(makeGrid(w, h, cells));
      const cnf = new Cnf();
      const enc = encodePuzzle(puzzle, new Propagator(puzzle).unknownDomains(), cnf);
      const exclude = Array.from(enc.cellVar, (v, i) => (cells[i] ? -v : v)).filter((l) => l !== 0);
      const clauses = [...cnf.clauses, exclude];
      // Uniqueness from a second engine: MiniSat looks for another picture.
      const s = createSolver('minisat');
      s.newVars(cnf.numVars);
      for (const c of clauses) s.addClause(c);
      const unique = s.solve() === 'unsat';
      s.release();
      const { outcome, proof } = prove(cnf.numVars, clauses);
      expect(outcome.status, `round ${round} ${w}x${h}`).toBe(unique ? 'unsat' : 'sat');
      if (unique) checkLrat(cnf.numVars, clauses, proof);
      seen[unique ? 'unsat' : 'sat']++;
    }
    expect(seen.unsat).toBeGreaterThan(2);
  });

  test('a satisfiable formula answers sat without a proof', () => {
    const r = prove(3, [[1, 2], [-1, 3], [-3, -2]]);
    expect(r.outcome).toEqual({ status: 'sat' });
  });

  test('a deadline gives unknown; the next call proves as before', () => {
    const { n, clauses } = pigeonhole(9);
    expect(prove(n, clauses, { deadline: performance.now() - 1 }).outcome).toEqual({ status: 'unknown', reason: LRAT_DEADLINE_REASON });
    const deadline = performance.now() + 50;
    expect(prove(n, clauses, { deadline }).outcome).toEqual({ status: 'unknown', reason: LRAT_DEADLINE_REASON });
    expect(performance.now()).toBeGreaterThanOrEqual(deadline);
    expectProof(12, pigeonhole(3).clauses, 'after a deadline');
  });

  test('past a small memory cap: unknown with the out-of-memory reason; the dead instance is not reused', () => {
    const rand = rng(36);
    const n = 200_000;
    const clauses = Array.from({ length: 600_000 }, () => Array.from({ length: 3 }, () => (1 + Math.floor(rand() * n)) * (rand() < 0.5 ? 1 : -1)));
    const { outcome } = prove(n, clauses, { memoryCapBytes: 8 << 20 });
    expect(outcome).toEqual({ status: 'unknown', reason: 'out of memory (memory cap of 8 MiB per SAT instance)' });
    const t = createSolver('cadical');
    expect(t.heapBytes).toBeLessThan(8 << 20);
    t.release();
    expectProof(12, pigeonhole(3).clauses, 'after an abort');
  });

  test('an exception from onProof ends the solve and is thrown; literals out of range are refused', () => {
    const { n, clauses } = pigeonhole(6);
    const failure = new Error('disk full');
    expect(() => solveWithLratProof(n, clauses, { onProof: () => { throw failure; } })).toThrow(failure);
    expect(() => solveWithLratProof(2, [[1, 3]], { onProof: () => {} })).toThrow(expect.objectContaining({ code: 'E_INTERNAL' }));
    expect(() => solveWithLratProof(2, [[1, 0]], { onProof: () => {} })).toThrow(expect.objectContaining({ code: 'E_INTERNAL' }));
    expectProof(12, pigeonhole(3).clauses, 'after a failed sink');
  });

  test('works once the engine is loaded from the bytes of engines/cadical.wasm (the browser path), from any iterable', async () => {
    await loadEngine('cadical', readFileSync(new URL('../engines/cadical.wasm', import.meta.url)));
    const { n, clauses } = pigeonhole(4);
    const chunks: Uint8Array[] = [];
    const outcome = solveWithLratProof(n, (function* () { yield* clauses; })(), { onProof: (c) => chunks.push(c.slice()) });
    expect(outcome.status).toBe('unsat');
    checkLrat(n, clauses, Buffer.concat(chunks).toString('latin1'));
  });
});
