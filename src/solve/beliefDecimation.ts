import type { Puzzle } from '../grid/Puzzle.js';
import { BLACK, UNKNOWN, WHITE } from '../line/Propagator.js';
import { BeliefPropagation } from './BeliefPropagation.js';

/**
 * Belief-propagation-guided decimation: a way to find one picture of a large, loosely
 * constrained board (random boards of density near 0.5 from 60x60 up), where line logic and
 * probing fix almost nothing and CDCL wanders for minutes before it meets any solution, although
 * the board has many.
 *
 * Belief propagation (BeliefPropagation.ts) estimates each cell's probability of being black.
 * After `rounds` rounds the open cells whose beliefs are the most certain, a `batch` share of
 * them, take their likely colour, and `propagate` (line logic on the core) carries the
 * consequences. When that meets a contradiction, a quarter of the batch is tried; one cell
 * alone takes its other colour when its likely one fails; when both fail, the board as it stands
 * has no picture and the attempt ends. Either way the states it went through (the domains after
 * each step that propagated without contradiction) are returned: BlockSolver finishes the
 * deepest ones by search.
 *
 * Nothing here is a proof: a picture found is re-checked by the caller, and a dead end says
 * nothing about the board.
 */
export interface DecimationOptions {
  /** `performance.now()` time (ms) at which the attempt stops. */
  readonly deadline?: number;
  /** Rounds of message passing before each step. */
  readonly rounds: number;
  /** The share of the open cells fixed in one step. */
  readonly batch: number;
  /** Rounds before the first step. */
  readonly firstRounds: number;
}

/**
 * How an attempt ended, with `rounds`: the rounds of message passing it ran (its work: each
 * round passes over every cell twice, once in its row and once in its column).
 */
export type Decimation =
  | { readonly end: 'picture'; readonly domains: Uint8Array; readonly rounds: number }
  | { readonly end: 'dead end' | 'stopped'; readonly states: readonly Uint8Array[]; readonly rounds: number };

/**
 * One attempt from `domains` (after propagation, not contradictory). `propagate` gives the
 * domains after line logic, or 'contradiction'.
 */
export function decimate(puzzle: Puzzle, domains: Uint8Array, propagate: (d: Uint8Array) => Uint8Array | 'contradiction', options: DecimationOptions): Decimation {
  const bp = new BeliefPropagation(puzzle);
  let dom = domains;
  const late = () => options.deadline !== undefined && performance.now() >= options.deadline;
  const states: Uint8Array[] = [];
  for (let r = 0; r < options.firstRounds && bp.round(dom); r++);
  let share = options.batch;
  for (;;) {
    if (late()) return { end: 'stopped', states, rounds: bp.rounds };
    const open: number[] = [];
    for (let c = 0; c < dom.length; c++) if (dom[c] === UNKNOWN) open.push(c);
    if (open.length === 0) return { end: 'picture', domains: dom, rounds: bp.rounds };
    for (let r = 0; r < options.rounds && bp.round(dom); r++);
    const certainty = new Float64Array(dom.length);
    for (const c of open) certainty[c] = Math.abs(bp.belief(c) - 0.5);
    open.sort((a, b) => certainty[b]! - certainty[a]!);
    const take = Math.max(1, Math.floor(open.length * share));
    const trial = dom.slice();
    for (let j = 0; j < take; j++) trial[open[j]!] = bp.belief(open[j]!) >= 0.5 ? BLACK : WHITE;
    let next = propagate(trial);
    if (next === 'contradiction' && take > 1) {
      share /= 4;
      continue;
    }
    if (next === 'contradiction') {
      const c = open[0]!;
      trial[c] = trial[c] === BLACK ? WHITE : BLACK;
      next = propagate(trial);
      if (next === 'contradiction') return { end: 'dead end', states, rounds: bp.rounds };
    }
    dom = next;
    states.push(dom);
    share = Math.min(options.batch, share * 2);
  }
}
