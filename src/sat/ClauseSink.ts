/**
 * Where clauses go: a live MiniSat instance, or an in-memory CNF (for DIMACS export and tests).
 * Literals are DIMACS integers: v > 0 is "v true", -v is "v false"; 0 is never a literal.
 */
export interface ClauseSink {
  newVar(): number;
  /** Add the clause of the first `length` literals (default: all) of `lits`. */
  addClause(lits: ArrayLike<number>, length?: number): boolean | void;
}
