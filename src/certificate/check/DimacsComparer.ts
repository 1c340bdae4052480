import { InputError } from '../../errors.js';

/**
 * Reads a DIMACS CNF as a stream of bytes and compares it, clause by clause, with the formula
 * the checker generated itself: the header `p cnf V C` must give the same V and one of the
 * clause counts allowed, and the k-th clause the same literals as the k-th expected clause
 * (in any order, each once). Comment lines (`c ...`) are skipped. Clauses past the expected
 * ones (the excluded picture) are handed to `extra` for the caller to judge.
 *
 * Call order: `push` chunks in order, then `finish` once. Throws InputError(E_CERTIFICATE)
 * naming the line and what differs.
 */
export class DimacsComparer {
  private line = 1;
  private atLineStart = true;
  private comment = false;
  private header: number[] | undefined;
  private headerText = '';
  private inHeader = false;
  private num = 0;
  private sign = 1;
  private inNum = false;
  private clause: number[] = [];
  private index = 0;
  private expectedAt = 0;
  readonly extra: number[][] = [];

  constructor(
    private readonly where: string,
    private readonly numVars: number,
    /** The expected clauses, each ended by 0. */
    private readonly expected: Int32Array,
    private readonly expectedCount: number,
    /** Clauses allowed after the expected ones (0 or 1). */
    private readonly extraAllowed: number,
  ) {}

  push(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b === 10) {
        if (this.inHeader) this.readHeader();
        this.endNumber();
        this.line++;
        this.atLineStart = true;
        this.comment = false;
        continue;
      }
      if (this.comment) continue;
      if (this.inHeader) {
        this.headerText += String.fromCharCode(b);
        continue;
      }
      if (this.atLineStart && b !== 32 && b !== 9 && b !== 13) {
        this.atLineStart = false;
        if (b === 99 /* c */) {
          this.comment = true;
          continue;
        }
        if (b === 112 /* p */) {
          if (this.header) this.fail('a second "p" line');
          if (this.index > 0 || this.clause.length > 0) this.fail('the "p cnf" line must come before the clauses');
          this.inHeader = true;
          this.headerText = 'p';
          continue;
        }
      }
      if (b === 32 || b === 9 || b === 13) this.endNumber();
      else if (b >= 48 && b <= 57) {
        if (!this.inNum) {
          this.inNum = true;
          this.num = 0;
          this.sign = 1;
        }
        this.num = this.num * 10 + (b - 48);
        if (this.num > 0x3fffffff) this.fail('a literal out of range');
      } else if (b === 45 && !this.inNum) {
        this.inNum = true;
        this.num = 0;
        this.sign = -1;
      } else this.fail(`unexpected character ${JSON.stringify(String.fromCharCode(b))}`);
    }
  }

  /** Ends the input; returns the clauses past the expected ones. */
  finish(): number[][] {
    if (this.inHeader) this.readHeader();
    this.endNumber();
    if (this.clause.length > 0) this.fail('the last clause has no terminating 0');
    if (!this.header) this.fail('no "p cnf" line');
    const [, count] = this.header;
    if (this.index !== count) this.fail(`the header announces ${count} clauses, the file has ${this.index}`);
    if (this.index < this.expectedCount) this.fail(`${this.index} clauses, the specification gives ${this.expectedCount} for these clues${this.extraAllowed ? ` (and 1 more, the excluded picture)` : ''}: a clause is missing`);
    return this.extra;
  }

  private readHeader(): void {
    this.inHeader = false;
    const m = /^p\s+cnf\s+(\d+)\s+(\d+)\s*$/.exec(this.headerText.replace(/\r$/, ''));
    if (!m) this.fail('expected "p cnf VARIABLES CLAUSES"');
    const v = +m[1]!;
    const c = +m[2]!;
    if (v !== this.numVars) this.fail(`the header gives ${v} variables, the specification ${this.numVars} for these clues`);
    if (c < this.expectedCount || c > this.expectedCount + this.extraAllowed) {
      this.fail(`the header gives ${c} clauses, the specification ${this.expectedCount} for these clues${this.extraAllowed ? ` (${this.expectedCount + 1} with the excluded picture)` : ''}`);
    }
    this.header = [v, c];
  }

  private endNumber(): void {
    if (!this.inNum) return;
    this.inNum = false;
    const lit = this.sign * this.num;
    if (lit !== 0) {
      if (Math.abs(lit) > this.numVars) this.fail(`literal ${lit}: there are ${this.numVars} variables`);
      this.clause.push(lit);
      return;
    }
    if (!this.header) this.fail('a clause before the "p cnf" line');
    const c = this.clause;
    this.clause = [];
    this.index++;
    if (this.index > this.expectedCount) {
      if (this.index > this.expectedCount + this.extraAllowed) this.fail(`clause ${this.index}: more clauses than the specification gives for these clues`);
      this.extra.push(c);
      return;
    }
    const start = this.expectedAt;
    let end = start;
    while (this.expected[end] !== 0) end++;
    this.expectedAt = end + 1;
    const want = Array.from(this.expected.subarray(start, end)).sort((a, b) => a - b);
    const got = [...c].sort((a, b) => a - b);
    if (want.length !== got.length || want.some((l, k) => l !== got[k])) {
      this.fail(`clause ${this.index} is (${c.join(' ')}), the specification gives (${want.join(' ')}) here`);
    }
  }

  private fail(why: string): never {
    throw new InputError('E_CERTIFICATE', `${this.where}:${this.line}: ${why}`);
  }
}
