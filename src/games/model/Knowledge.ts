import { Deadline } from '../Deadline.js';
import type { AnswerTable } from './AnswerTable.js';
import type { Turn } from './History.js';
import type { Rules } from './Rules.js';

/**
 * The code-breaker's knowledge after some turns: the tuple C^(0..e), where C^(j) holds the
 * codes that contradict exactly j of the answers so far (so the secret is one of them, and
 * the code-maker has lied j times if it is in C^(j)). Codes that contradict more than e
 * answers are out. Each level is a bitset over the code indices (bit c of word c >> 5).
 *
 * What an answer does (see Rules.ts for the end rules):
 * - `PA0B`: the guess is the secret (that answer is never a lie): only the guess stays, at
 *   its level.
 * - any other answer r to guess g: a code c != g whose true answer is r keeps its level; any
 *   other moves one level up. The guess itself is out (truthful end: a right guess is never
 *   denied) or moves up (deniable end: the answer denied it, a lie).
 * Immutable: `update` returns a new tuple.
 */
export class Knowledge {
  private constructor(
    readonly rules: Rules,
    /** levels[j]: the bitset of C^(j). */
    readonly levels: readonly Uint32Array[],
  ) {}

  /** Before any guess: every code in C^(0). */
  static initial(rules: Rules): Knowledge {
    const N = rules.game.size;
    const words = (N + 31) >>> 5;
    const levels = Array.from({ length: rules.lies + 1 }, () => new Uint32Array(words));
    levels[0]!.fill(0xffffffff);
    if (N & 31) levels[0]![words - 1] = (1 << (N & 31)) - 1;
    return new Knowledge(rules, levels);
  }

  /** The tuple after `turns`, each turn's work (a row of the table) checked against `deadline`. */
  static after(rules: Rules, table: AnswerTable, turns: readonly Turn[], deadline: Deadline = Deadline.never): Knowledge {
    let k = Knowledge.initial(rules);
    for (const t of turns) {
      deadline.tick(table.size);
      k = k.update(table, t.guess, t.answer);
    }
    return k;
  }

  update(table: AnswerTable, guess: number, answer: number): Knowledge {
    const { rules } = this;
    const E = rules.lies;
    const words = this.levels[0]!.length;
    const next = Array.from({ length: E + 1 }, () => new Uint32Array(words));
    const gw = guess >>> 5;
    const gb = 1 << (guess & 31);
    if (answer === rules.win) {
      for (let j = 0; j <= E; j++) if (this.levels[j]![gw]! & gb) next[j]![gw] = gb;
      return new Knowledge(rules, next);
    }
    // Codes whose true answer is `answer`, as a bitset.
    const row = table.row(guess);
    const fits = new Uint32Array(words);
    for (let c = 0; c < row.length; c++) if (row[c] === answer) fits[c >>> 5]! |= 1 << (c & 31);
    for (let j = 0; j <= E; j++) {
      const cur = this.levels[j]!;
      const up = j < E ? next[j + 1]! : undefined;
      const stay = next[j]!;
      for (let w = 0; w < words; w++) {
        const v = cur[w]!;
        if (!v) continue;
        stay[w]! |= v & fits[w]!;
        if (up) up[w]! |= v & ~fits[w]!;
      }
    }
    // The guess is never in `fits` (its answer to itself is PA0B): it moved up. Truthful end: out.
    if (rules.end === 'truthful') for (let j = 0; j <= E; j++) next[j]![gw]! &= ~gb;
    return new Knowledge(rules, next);
  }

  /** |C^(j)| for j = 0..e. */
  counts(): number[] {
    return this.levels.map(popcount);
  }

  /** Whether code c is in C^(j). */
  has(j: number, c: number): boolean {
    return (this.levels[j]![c >>> 5]! & (1 << (c & 31))) !== 0;
  }

  /** The codes of C^(j), ascending, at most `limit` of them. */
  codes(j: number, limit = Infinity): number[] {
    const out: number[] = [];
    const bits = this.levels[j]!;
    for (let w = 0; w < bits.length && out.length < limit; w++) {
      let v = bits[w]!;
      while (v && out.length < limit) {
        const low = v & -v;
        out.push((w << 5) + 31 - Math.clz32(low));
        v ^= low;
      }
    }
    return out;
  }

  /** The level of code c (0..e), or -1 when it is out. */
  levelOf(c: number): number {
    for (let j = 0; j < this.levels.length; j++) if (this.has(j, c)) return j;
    return -1;
  }

  /** The codes of every level as lists: the form the searches work on. */
  lists(): Int32Array[] {
    return this.levels.map((bits) => {
      const out = new Int32Array(popcount(bits));
      let n = 0;
      for (let w = 0; w < bits.length; w++) {
        let v = bits[w]!;
        while (v) {
          const low = v & -v;
          out[n++] = (w << 5) + 31 - Math.clz32(low);
          v ^= low;
        }
      }
      return out;
    });
  }
}

function popcount(bits: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let v = bits[w]!;
    v = v - ((v >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}
