import type { CheckClock } from './CheckClock.js';
import { rulesLabel, type CheckedRules } from './strategyHeader.js';

/**
 * The checker's own model of a game, built from nothing but the rules: every code as its
 * written string, in written order (Mastermind `1`..`S`, the AB game `0`..`S-1` with distinct
 * digits; past 9, letters), answers by counting, and the answer alphabet found by trying one
 * guess of each shape against every code. Slow and plain on purpose: it shares no code with
 * the builders and searches (model/, tuple/, build/).
 */
export class CheckGame {
  /** Every code, in written order. */
  readonly codes: readonly string[];
  /** Code -> its position in `codes`. */
  readonly index: ReadonlyMap<string, number>;
  /** The winning answer, `PA0B`. */
  readonly win: string;
  /** The answers a code-maker may give other than `win`, sorted. */
  readonly others: readonly string[];
  /** Plausible lie rule: the answers other than `win` some code gives a guess, by the guess's shape. */
  private readonly othersByShape = new Map<string, readonly string[]>();
  /** `mastermind 4x6 e=1`: for reports. */
  readonly label: string;

  constructor(
    readonly rules: CheckedRules,
    bad: (why: string) => never,
    clock: CheckClock,
  ) {
    const { game, pegs: P, symbols: S } = rules;
    this.label = rulesLabel(rules);
    let count = 1;
    for (let i = 0; i < P; i++) count *= game === 'mastermind' ? S : S - i;
    if (count > CHECK_MAX_CODES) bad(`${count} codes are too many to check (at most ${CHECK_MAX_CODES})`);
    this.codes = allCodes(rules, clock);
    this.index = new Map(this.codes.map((c, i) => [c, i]));
    this.win = `${P}A0B`;
    this.others = [...alphabet(this.codes, (a, b) => this.answer(a, b), clock)].filter((a) => a !== this.win).sort();
  }

  /**
   * The answers other than `win` the code-maker may give to `guess`: all of `others` under the
   * any rule; under the plausible rule those some code gives to it, which depend only on how
   * often the guess holds each symbol (its shape), so they are found once per shape.
   */
  othersFor(guess: string): readonly string[] {
    if (this.rules.lie === 'any') return this.others;
    const key = shapeOf(guess);
    let out = this.othersByShape.get(key);
    if (!out) {
      const seen = new Set(this.codes.map((c) => this.answer(guess, c)));
      out = this.others.filter((a) => seen.has(a));
      this.othersByShape.set(key, out);
    }
    return out;
  }

  /** The answer `xAyB` between two written codes: x in place, y common but elsewhere. */
  answer(a: string, b: string): string {
    const P = this.rules.pegs;
    let x = 0;
    const ca = new Map<string, number>();
    const cb = new Map<string, number>();
    for (let i = 0; i < P; i++) {
      if (a[i] === b[i]) x++;
      ca.set(a[i]!, (ca.get(a[i]!) ?? 0) + 1);
      cb.set(b[i]!, (cb.get(b[i]!) ?? 0) + 1);
    }
    let both = 0;
    for (const [ch, n] of ca) both += Math.min(n, cb.get(ch) ?? 0);
    return `${x}A${both - x}B`;
  }
}

/** How often a code holds each of its symbols, largest first: `2,1,1` for 1123. */
function shapeOf(code: string): string {
  const counts = new Map<string, number>();
  for (const ch of code) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  return [...counts.values()].sort((a, b) => b - a).join(',');
}

/** The most codes the checker enumerates (its own limit, the same figure as the library's). */
const CHECK_MAX_CODES = 1 << 22;

/** The codes of a game, written, in written order. */
function allCodes(rules: CheckedRules, clock: CheckClock): string[] {
  const { game, pegs: P, symbols: S } = rules;
  const base = game === 'mastermind' ? 1 : 0;
  const codes: string[] = [];
  const cur: number[] = [];
  const used = new Array<boolean>(S).fill(false);
  const chr = (v: number) => (v < 10 ? String(v) : String.fromCharCode(55 + v));
  const gen = (p: number) => {
    if (p === P) {
      codes.push(cur.map((v) => chr(v + base)).join(''));
      clock.tick(P);
      return;
    }
    for (let v = 0; v < S; v++) {
      if (game === 'ab' && used[v]) continue;
      used[v] = true;
      cur[p] = v;
      gen(p + 1);
      used[v] = false;
    }
  };
  gen(0);
  return codes;
}

/**
 * The answers some guess and some code give. Guesses with the same multiset of symbol counts
 * give the same set, so one guess per such shape is tried against every code.
 */
function alphabet(codes: readonly string[], answer: (a: string, b: string) => string, clock: CheckClock): Set<string> {
  const out = new Set<string>();
  const shapes = new Set<string>();
  for (const g of codes) {
    const shape = shapeOf(g);
    if (shapes.has(shape)) continue;
    shapes.add(shape);
    for (const s of codes) {
      out.add(answer(g, s));
      clock.tick(1);
    }
  }
  return out;
}
