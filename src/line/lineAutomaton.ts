import type { Clue } from '../grid/Puzzle.js';

/**
 * A clue as a tiny automaton. The clue [c1, ..., ck] is the regular language
 * W* B^c1 W+ B^c2 W+ ... B^ck W*. We lay it out as a template of states
 * `0 1^c1 0 1^c2 0 ... 1^ck 0`: state s means "the line so far matches the template up to
 * position s"; a `0` state is a white stretch (it loops on white), a `1` state is one black
 * cell of a run. From state s, white stays on a `0` state or moves to s+1 if that is a `0`;
 * black moves to s+1 if that is a `1`. The line is accepted in the last state, or in the one
 * before it when the line ends on its last run. The exact line solver and the CNF encoding
 * both read this one description (the independent grid checker does not).
 */
export interface LineAutomaton {
  /** Template: 0 = white state, 1 = black state. Length = sum(clue) + clue.length + 1. */
  readonly kind: Uint8Array;
  readonly states: number;
  /** First accepting state; accepting states are [acceptFrom, states). */
  readonly acceptFrom: number;
  /**
   * The template as bit masks over ceil(states / 32) words (bit s of the set = state s), for the
   * word-parallel line solvers; with at most 31 states word 0 holds it all.
   */
  readonly words: number;
  readonly whiteWords: Int32Array;
  readonly blackWords: Int32Array;
  readonly acceptWords: Int32Array;
}

export function lineAutomaton(clue: Clue): LineAutomaton {
  let total = 1;
  for (const c of clue) total += c + 1;
  const kind = new Uint8Array(total);
  let p = 1;
  for (const c of clue) {
    for (let j = 0; j < c; j++) kind[p++] = 1;
    kind[p++] = 0;
  }
  const acceptFrom = clue.length > 0 ? total - 2 : 0;
  const words = Math.ceil(total / 32);
  const whiteWords = new Int32Array(words);
  const blackWords = new Int32Array(words);
  const acceptWords = new Int32Array(words);
  for (let s = 0; s < total; s++) {
    const bit = 1 << (s & 31);
    if (kind[s]) blackWords[s >> 5]! |= bit;
    else whiteWords[s >> 5]! |= bit;
    if (s >= acceptFrom) acceptWords[s >> 5]! |= bit;
  }
  return { kind, states: total, acceptFrom, words, whiteWords, blackWords, acceptWords };
}

/** Cell domains as bit sets: WHITE and BLACK possible; UNKNOWN = both; 0 = contradiction. */
export const WHITE = 1;
export const BLACK = 2;
export const UNKNOWN = 3;
