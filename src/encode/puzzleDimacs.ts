import type { Puzzle } from '../grid/Puzzle.js';
import { Propagator } from '../line/Propagator.js';
import { Cnf } from './Cnf.js';
import { encodePuzzle } from './encodePuzzle.js';

/**
 * A puzzle's CNF as DIMACS text, for any external SAT solver: cell (x, y) is variable
 * y*W + x + 1 (true = black), every row and column clue in the automaton encoding (the other
 * variables are automaton states), given cells as unit clauses. Nothing is presolved, so the
 * cell variables keep their fixed numbers.
 */
export function puzzleDimacs(puzzle: Puzzle, givens: readonly number[] = []): string {
  const cnf = new Cnf();
  const domains = new Propagator(puzzle).unknownDomains();
  const w = puzzle.width;
  cnf.comment(`nonocrypt ${w}x${puzzle.height} puzzle: variable y*${w}+x+1 is cell (x, y), true = black`);
  cnf.comment('automaton encoding of every row and column clue; the other variables are automaton states');
  const enc = encodePuzzle(puzzle, domains, cnf);
  for (const g of givens) cnf.addClause([enc.cellVar[g]!]);
  return cnf.toDimacs();
}
