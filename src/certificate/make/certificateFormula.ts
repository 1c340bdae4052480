import type { Grid, Puzzle } from '../../grid/Puzzle.js';
import { encodePuzzle } from '../../encode/encodePuzzle.js';
import { UNKNOWN } from '../../line/lineAutomaton.js';
import type { ClauseSink } from '../../sat/ClauseSink.js';

/**
 * The certificate formula of a block (docs/explanation/certificates.md is its specification): the automaton
 * encoding of src/encode/encodePuzzle.ts on a board where nothing is known (so the formula
 * depends on the clues alone, never on what a solver deduced, and anyone regenerates it):
 * - variables 1..W*H are the cells, row-major (y*W + x + 1 is cell (x, y), true = black), then
 *   the automaton states' variables, line by line;
 * - the clauses of every row, then every column;
 * - the given cells as unit clauses, ascending;
 * - for a part of a split board (`solve --split K/N`), its cube's literals as unit clauses, in
 *   the cube's order;
 * - for a `unique` certificate, last, the clause that excludes the picture: every cell variable
 *   once, -v for a black cell and v for a white one. A `none` certificate has no such clause.
 * This is what `solve --emit-cnf` writes, plus the last clause. The independent checker
 * (src/certificate/check/specFormula.ts) generates the same formula with code of its own.
 */
export interface CertificateFormula {
  readonly width: number;
  readonly height: number;
  readonly numVars: number;
  readonly numClauses: number;
  /** The clauses, each ended by 0. */
  readonly lits: Int32Array;
}

/** A flat clause list as a ClauseSink. */
class FlatCnf implements ClauseSink {
  numVars = 0;
  count = 0;
  size = 0;
  lits = new Int32Array(1 << 12);
  newVar(): number {
    return ++this.numVars;
  }
  addClause(lits: ArrayLike<number>, length = lits.length): void {
    if (this.size + length + 1 > this.lits.length) {
      const bigger = new Int32Array(Math.max(2 * this.lits.length, this.size + length + 1));
      bigger.set(this.lits.subarray(0, this.size));
      this.lits = bigger;
    }
    for (let i = 0; i < length; i++) this.lits[this.size++] = lits[i]!;
    this.lits[this.size++] = 0;
    this.count++;
  }
}

/**
 * The formula for a block: its clues, its given cells (row-major indices), a split part's cube
 * (cell literals, solve/split/splitCubes.ts; empty for a whole board) and, for a `unique`
 * certificate, the picture to exclude (none for a `none` certificate). require: every clue fits
 * its line (the parsers check it).
 */
export function certificateFormula(puzzle: Puzzle, givens: readonly number[], picture?: Grid, cube: readonly number[] = []): CertificateFormula {
  const cnf = new FlatCnf();
  const cells = puzzle.width * puzzle.height;
  const enc = encodePuzzle(puzzle, new Uint8Array(cells).fill(UNKNOWN), cnf);
  for (const g of [...givens].sort((a, b) => a - b)) cnf.addClause([enc.cellVar[g]!]);
  for (const l of cube) cnf.addClause([l > 0 ? enc.cellVar[l - 1]! : -enc.cellVar[-l - 1]!]);
  if (picture) {
    const clause = new Int32Array(cells);
    for (let c = 0; c < cells; c++) clause[c] = picture.cells[c] ? -enc.cellVar[c]! : enc.cellVar[c]!;
    cnf.addClause(clause);
  }
  return { width: puzzle.width, height: puzzle.height, numVars: cnf.numVars, numClauses: cnf.count, lits: cnf.lits.subarray(0, cnf.size) };
}

/** The clauses one by one (views into the formula's buffer: copy one to keep it). */
export function* formulaClauses(f: CertificateFormula): Generator<Int32Array> {
  let start = 0;
  for (let i = 0; i < f.lits.length; i++) {
    if (f.lits[i] === 0) {
      yield f.lits.subarray(start, i);
      start = i + 1;
    }
  }
}
