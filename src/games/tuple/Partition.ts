import type { AnswerTable } from '../model/AnswerTable.js';
import type { Rules } from '../model/Rules.js';
import type { Levels } from './Levels.js';

/**
 * How a guess splits a tuple: counts by (true answer, level) in one pass over the table row,
 * and the children (the tuple after each answer) when they are needed. The answer to a code
 * is read from the precomputed table; this object holds only scratch space, so one per
 * search thread.
 */
export class Partition {
  readonly E1: number;
  /** counts[a * E1 + j]: codes of C^(j) whose true answer to the guess is a. */
  readonly counts: Int32Array;

  constructor(
    readonly rules: Rules,
    readonly table: AnswerTable,
  ) {
    this.E1 = rules.lies + 1;
    this.counts = new Int32Array((rules.pegs + 1) * (rules.pegs + 1) * this.E1);
  }

  /** Fill `counts` for guess g. */
  count(levels: Levels, g: number): Int32Array {
    const counts = this.counts;
    counts.fill(0);
    const row = this.table.row(g);
    const E1 = this.E1;
    for (let j = 0; j < E1; j++) {
      const l = levels[j]!;
      for (let i = 0; i < l.length; i++) counts[row[l[i]!]! * E1 + j]!++;
    }
    return counts;
  }

  /**
   * The child tuple after guess g is answered r (not PA0B). Truthful end: g leaves; deniable:
   * g moves up a level like any code the answer contradicts.
   */
  child(levels: Levels, g: number, r: number): Levels {
    const row = this.table.row(g);
    const E1 = this.E1;
    const dropGuess = this.rules.end === 'truthful';
    const out: Levels = [];
    for (let j = 0; j < E1; j++) {
      const stay = levels[j]!;
      const up = j > 0 ? levels[j - 1]! : EMPTY;
      // Merge the codes of level j that fit r with those of level j-1 that do not.
      const buf = new Int32Array(stay.length + up.length);
      let n = 0;
      let a = 0;
      let b = 0;
      while (a < stay.length || b < up.length) {
        if (b >= up.length || (a < stay.length && stay[a]! < up[b]!)) {
          const c = stay[a++]!;
          if (row[c] === r) buf[n++] = c;
        } else {
          const c = up[b++]!;
          if (row[c] !== r && !(dropGuess && c === g)) buf[n++] = c;
        }
      }
      out.push(n === buf.length ? buf : buf.slice(0, n));
    }
    return out;
  }

  /**
   * The answers guess g may get (the alphabet, or under the plausible lie rule those some code
   * gives to g) that are not PA0B and whose child is not empty, ascending.
   */
  liveAnswers(levels: Levels, g: number): number[] {
    const counts = this.count(levels, g);
    const E1 = this.E1;
    const win = this.rules.win;
    // Codes below level e can move up into any other child; the guess itself only when the
    // end is deniable.
    let movable = 0;
    for (let j = 0; j < E1 - 1; j++) movable += levels[j]!.length;
    if (this.rules.end === 'truthful') for (let j = 0; j < E1 - 1; j++) movable -= counts[win * E1 + j]!;
    const out: number[] = [];
    const allowed = this.rules.answersFor(g);
    for (const r of this.rules.alphabet) {
      if (r === win || !allowed[r]) continue;
      let here = 0;
      let fitBelow = 0;
      for (let j = 0; j < E1; j++) {
        here += counts[r * E1 + j]!;
        if (j < E1 - 1) fitBelow += counts[r * E1 + j]!;
      }
      if (here > 0 || movable - fitBelow > 0) out.push(r);
    }
    return out;
  }
}

const EMPTY = new Int32Array(0);
