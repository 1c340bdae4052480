import type { ClauseSink } from '../sat/ClauseSink.js';

/** A CNF held in memory; `toDimacs` gives the readable text form any external solver reads. */
export class Cnf implements ClauseSink {
  numVars = 0;
  readonly clauses: number[][] = [];
  private readonly comments: string[] = [];

  newVar(): number {
    return ++this.numVars;
  }
  addClause(lits: ArrayLike<number>, length = lits.length): void {
    this.clauses.push(Array.from({ length }, (_, i) => lits[i]!));
  }
  comment(text: string): void {
    for (const line of text.split('\n')) this.comments.push(line);
  }
  toDimacs(): string {
    const out = this.comments.map((c) => `c ${c}`);
    out.push(`p cnf ${this.numVars} ${this.clauses.length}`);
    for (const c of this.clauses) out.push(`${c.join(' ')} 0`);
    return out.join('\n') + '\n';
  }
}
