import { InputError } from '../../errors.js';

/**
 * Our own LRAT checker (text LRAT; part of the independent certificate checker, which imports
 * nothing from the solver). The formula's clauses are numbered 1..m in order; the proof is a
 * sequence of lines
 *
 *     ID LIT ... 0 HINT ... 0     add clause ID (its literals), proved by reverse unit propagation
 *     ID d ID ... 0                delete the clauses named
 *
 * An addition is accepted when assigning the negation of its literals and then visiting the
 * hint clauses in order, each hint is unit (every literal false but one, which becomes true)
 * or falsified, and a falsified hint is reached (the conflict). Steps with negative hints (RAT)
 * are rejected: our certificates never need them. The proof is complete once the empty clause
 * has been added. IDs of added clauses increase strictly; a hint or a deletion must name a live
 * clause.
 *
 * Memory: the live clauses (a hash map by ID), one assignment per variable and the current line;
 * the proof is read as a stream of bytes (`push` chunks in order, then `finish`), never held.
 *
 * Call order: `addClause` for each formula clause in order (IDs 1..m), then `push` (any number,
 * chunks may split lines anywhere), then `finish` once. Every method throws InputError(E_PROOF)
 * naming the proof line and the reason at the first fault.
 */
export interface LratSummary {
  /** The empty clause was derived. */
  readonly complete: boolean;
  readonly lines: number;
  readonly additions: number;
  readonly deletions: number;
  /** The most clauses alive at once. */
  readonly peakClauses: number;
}

export class LratChecker {
  private readonly clauses = new Map<number, Int32Array>();
  private formulaSize = 0;
  private lastId = 0;
  private value = new Int8Array(1024);
  private readonly trail: number[] = [];
  /** The tokens of the line being read: numbers, with DELETE standing for the `d` token. */
  private tokens: number[] = [];
  private number = 0;
  private sign = 1;
  private inNumber = false;
  private sawDigit = false;
  private bad: string | undefined;
  private lineNo = 1;
  private done = false;
  private additions = 0;
  private deletions = 0;
  private peak = 0;
  private started = false;

  constructor(private readonly where = 'proof') {}

  /** The next formula clause (ID = the number of clauses added so far + 1). */
  addClause(lits: ArrayLike<number>): void {
    const id = ++this.formulaSize;
    this.lastId = id;
    const c = Int32Array.from(lits as ArrayLike<number>);
    for (const l of c) this.grow(Math.abs(l));
    this.clauses.set(id, c);
    this.peak = Math.max(this.peak, this.clauses.size);
  }

  push(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (!this.started) {
        this.started = true;
        // Binary LRAT starts every line with 'a' (97) or 'd' (100) followed by varint bytes.
        if (b === 97) this.fail('binary LRAT is not read; write the proof as text (CaDiCaL: --binary=false)');
      }
      if (b === 10) {
        this.endToken();
        this.endLine();
        this.lineNo++;
      } else if (b === 32 || b === 9 || b === 13) this.endToken();
      else if (b >= 48 && b <= 57) {
        if (this.inNumber === false) this.startToken();
        this.number = this.number * 10 + (b - 48);
        this.sawDigit = true;
      } else if (b === 45 && !this.inNumber) {
        this.startToken();
        this.sign = -1;
      } else if (b === 100 && !this.inNumber && this.bad === undefined) {
        this.bad = 'd';
      } else this.bad ??= String.fromCharCode(b);
    }
  }

  finish(): LratSummary {
    this.endToken();
    this.endLine();
    if (!this.done) this.fail('the proof ends without deriving the empty clause');
    return { complete: true, lines: this.lineNo - 1, additions: this.additions, deletions: this.deletions, peakClauses: this.peak };
  }

  private startToken(): void {
    this.inNumber = true;
    this.number = 0;
    this.sign = 1;
    this.sawDigit = false;
  }

  private endToken(): void {
    if (this.bad === 'd' && !this.inNumber) {
      this.tokens.push(DELETE);
      this.bad = undefined;
      return;
    }
    if (this.bad !== undefined) this.fail(`unexpected character ${JSON.stringify(this.bad)}`);
    if (!this.inNumber) return;
    if (!this.sawDigit) this.fail('a "-" without a number');
    if (this.number > Number.MAX_SAFE_INTEGER) this.fail('a number too large');
    this.tokens.push(this.sign * this.number);
    this.inNumber = false;
  }

  private endLine(): void {
    const t = this.tokens;
    if (t.length === 0) return;
    this.tokens = [];
    if (this.done) this.fail('a step after the empty clause');
    const id = t[0]!;
    if (!(id > 0)) this.fail(`expected a clause ID (a positive number), found ${id === DELETE ? '"d"' : id}`);
    if (t[1] === DELETE) {
      if (t[t.length - 1] !== 0) this.fail('a deletion must end with 0');
      for (let k = 2; k < t.length - 1; k++) {
        const d = t[k]!;
        if (!(d > 0)) this.fail(`deletion of ${d === DELETE ? '"d"' : d}: not a clause ID`);
        if (!this.clauses.delete(d)) this.fail(`deletion of clause ${d}, which is not alive`);
        this.deletions++;
      }
      return;
    }
    if (id <= this.lastId) this.fail(`clause ID ${id} is not larger than the last one (${this.lastId})`);
    const zero = t.indexOf(0, 1);
    if (zero < 0) this.fail('the clause has no terminating 0');
    if (t[t.length - 1] !== 0 || t.indexOf(0, zero + 1) !== t.length - 1) this.fail('expected the hints after the clause, ended by one 0');
    for (let k = 1; k < t.length; k++) if (t[k] === DELETE) this.fail('"d" inside an addition');
    const lits = t.slice(1, zero);
    const hints = t.slice(zero + 1, t.length - 1);
    for (const h of hints) if (h < 0) this.fail(`RAT step (negative hint ${h}) for clause ${id}: not supported, certificates use RUP steps only`);
    for (const l of lits) if (Math.abs(l) > 0x3fffffff) this.fail(`literal ${l} out of range`);
    this.rup(id, lits, hints);
    this.lastId = id;
    this.clauses.set(id, Int32Array.from(lits));
    this.additions++;
    this.peak = Math.max(this.peak, this.clauses.size);
    if (lits.length === 0) this.done = true;
  }

  /** Reverse unit propagation of clause `id` over its hints; throws when it does not reach a conflict. */
  private rup(id: number, lits: readonly number[], hints: readonly number[]): void {
    const value = () => this.value;
    const assign = (lit: number) => {
      const v = Math.abs(lit);
      this.grow(v);
      value()[v] = lit > 0 ? 1 : -1;
      this.trail.push(v);
    };
    const val = (lit: number): number => {
      const v = Math.abs(lit);
      const x = v < this.value.length ? this.value[v]! : 0;
      return lit > 0 ? x : -x;
    };
    try {
      for (const l of lits) {
        const x = val(l);
        if (x > 0) return; // the clause holds a literal and its negation: a tautology, trivially implied
        if (x === 0) assign(-l);
      }
      for (let k = 0; k < hints.length; k++) {
        const h = hints[k]!;
        const c = this.clauses.get(h);
        if (!c) this.fail(`clause ${id}: hint ${h} names no live clause`);
        let unit = 0;
        let open = 0;
        for (const l of c) {
          const x = val(l);
          if (x > 0) this.fail(`clause ${id}: hint ${h} (hint ${k + 1}) is already satisfied, not unit`);
          if (x === 0) {
            open++;
            unit = l;
          }
        }
        if (open === 0) return; // conflict: the clause is implied
        if (open > 1) this.fail(`clause ${id}: hint ${h} (hint ${k + 1}) is not unit (${open} literals unassigned)`);
        assign(unit);
      }
      this.fail(`clause ${id}: its hints end without a conflict`);
    } finally {
      for (const v of this.trail) this.value[v] = 0;
      this.trail.length = 0;
    }
  }

  private grow(v: number): void {
    if (v < this.value.length) return;
    const bigger = new Int8Array(Math.max(2 * this.value.length, v + 1));
    bigger.set(this.value);
    this.value = bigger;
  }

  private fail(why: string): never {
    throw new InputError('E_PROOF', `${this.where}: line ${this.lineNo}: ${why}`);
  }
}

/** The `d` token in a line's tokens (no clause ID or literal is this large). */
const DELETE = 2 ** 53;
