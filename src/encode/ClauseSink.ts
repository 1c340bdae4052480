/**
 * Where clauses go: a live MiniSat instance, or an in-memory CNF (for DIMACS export and tests).
 * Literals are DIMACS integers: v > 0 is "v true", -v is "v false"; 0 is never a literal.
 */
export interface ClauseSink {
  newVar(): number;
  addClause(lits: ArrayLike<number>): boolean | void;
}
