import { GuardScope } from '../../sat/GuardScope.js';
import type { SatSolver } from '../../sat/SatSolver.js';
import type { Game } from '../model/Game.js';
import type { Turn } from '../model/History.js';
import type { Rules } from '../model/Rules.js';

/**
 * The SAT model of "which codes fit a history with at most e lies", for games too large to
 * enumerate (8 pegs of 10 colours: 10^8 codes):
 * - one-hot pegs: x[p][v] is "peg p holds symbol v", exactly one per peg (and, in the AB game,
 *   at most one peg per symbol);
 * - per turn, a totalizer (unary counter with both directions, so its outputs are exact)
 *   over the pegs that match the guess in place gives A, and one over the symbol matches
 *   (for each symbol c the guess holds k times, "the code holds c at least t times" for
 *   t = 1..k, itself a totalizer over the pegs) gives A + B;
 * - an indicator v_i per turn, true exactly when the code contradicts answer i;
 * - a totalizer over the v_i: at most e of them are true, and counts per level select
 *   exactly j.
 * A `PA0B` answer is never a lie (the code is that guess); with the truthful end, a guess
 * answered otherwise is not the code.
 *
 * Call order: construct (adds the model to `solver`), then any of `solveLevel`,
 * `canBeTrue`, `code`, `block` (blocking clauses live in a query's own guard scope).
 */
export class LiesModel {
  private readonly x: number[][];
  /** v[i]: turn i's answer is contradicted by the code. */
  readonly v: number[];
  /** Outputs of the lie counter: ge[t] true iff at least t + 1 answers are contradicted. */
  private readonly ge: number[];
  private readonly game: Game;
  readonly scope: GuardScope;

  constructor(
    readonly solver: SatSolver,
    readonly rules: Rules,
    readonly turns: readonly Turn[],
  ) {
    const game = (this.game = rules.game);
    const P = game.pegs;
    const S = game.symbols;
    const scope = (this.scope = new GuardScope(solver));
    this.x = Array.from({ length: P }, () => Array.from({ length: S }, () => scope.newVar()));
    const x = this.x;
    for (let p = 0; p < P; p++) {
      scope.addClause(x[p]!);
      for (let a = 0; a < S; a++) for (let b = a + 1; b < S; b++) scope.addClause([-x[p]![a]!, -x[p]![b]!]);
    }
    if (game.kind === 'ab') {
      for (let v = 0; v < S; v++) for (let p = 0; p < P; p++) for (let q = p + 1; q < P; q++) scope.addClause([-x[p]![v]!, -x[q]![v]!]);
    }
    const digits = new Uint8Array(P);
    this.v = turns.map((t) => {
      game.digits(t.guess, digits);
      const g = [...digits];
      const exact = Math.floor(t.answer / (P + 1));
      const near = t.answer % (P + 1);
      const isGuess = g.map((d, p) => x[p]![d]!);
      if (t.answer === rules.win) {
        for (const l of isGuess) scope.addClause([l]);
        const v = scope.newVar();
        scope.addClause([-v]);
        return v;
      }
      if (rules.end === 'truthful') scope.addClause(isGuess.map((l) => -l));
      const A = this.counter(isGuess);
      // Symbol matches: for each symbol c of the guess (k times), "the code holds c >= t times".
      const matches: number[] = [];
      for (let c = 0; c < S; c++) {
        const k = g.filter((d) => d === c).length;
        if (k === 0) continue;
        const holds = this.counter(x.map((row) => row[c]!));
        for (let t = 0; t < k; t++) matches.push(holds[t]!);
      }
      const M = this.counter(matches);
      // fits <-> A = exact and M = exact + near; v = not fits.
      const conds = [...this.equals(A, exact), ...this.equals(M, exact + near)];
      const v = scope.newVar();
      for (const c of conds) scope.addClause([v, c]);
      scope.addClause([-v, ...conds.map((c) => -c)]);
      return v;
    });
    this.ge = this.counter(this.v);
    if (this.ge.length > rules.lies) scope.addClause([-this.ge[rules.lies]!]);
  }

  /** Literals that together say "the count equals n", over a counter's outputs. */
  private equals(ge: readonly number[], n: number): number[] {
    const out: number[] = [];
    if (n > ge.length) return [this.falseLit()];
    if (n > 0) out.push(ge[n - 1]!);
    if (n < ge.length) out.push(-ge[n]!);
    return out;
  }

  private falseCache = 0;
  private falseLit(): number {
    if (!this.falseCache) {
      this.falseCache = this.scope.newVar();
      this.scope.addClause([-this.falseCache]);
    }
    return this.falseCache;
  }

  /**
   * A totalizer over `lits`: outputs o[t] (t = 0..n-1) with o[t] <-> (at least t + 1 true),
   * both directions encoded.
   */
  private counter(lits: readonly number[]): number[] {
    if (lits.length <= 1) return [...lits];
    const mid = lits.length >> 1;
    const a = this.counter(lits.slice(0, mid));
    const b = this.counter(lits.slice(mid));
    const s = this.scope;
    const r = Array.from({ length: a.length + b.length }, () => s.newVar());
    for (let i = 0; i <= a.length; i++) {
      for (let j = 0; j <= b.length; j++) {
        // a >= i and b >= j -> r >= i + j
        if (i + j > 0) {
          const c: number[] = [r[i + j - 1]!];
          if (i > 0) c.push(-a[i - 1]!);
          if (j > 0) c.push(-b[j - 1]!);
          s.addClause(c);
        }
        // a < i + 1 and b < j + 1 -> r < i + j + 1
        if (i + j < r.length) {
          const c: number[] = [-r[i + j]!];
          if (i < a.length) c.push(a[i]!);
          if (j < b.length) c.push(b[j]!);
          s.addClause(c);
        }
      }
    }
    return r;
  }

  /** Assumptions selecting codes that contradict exactly j answers. */
  levelAssumptions(j: number): number[] {
    return this.equals(this.ge, j);
  }

  /** The code of the last model. */
  code(): number {
    const P = this.game.pegs;
    const d: number[] = [];
    for (let p = 0; p < P; p++) d.push(this.x[p]!.findIndex((v) => this.solver.value(v) === 1));
    return this.game.indexOf(d);
  }

  /** Exclude code c inside `query`. */
  block(query: GuardScope, c: number): void {
    const d = this.game.digits(c);
    query.addClause([...d].map((v, p) => -this.x[p]![v]!));
  }
}
