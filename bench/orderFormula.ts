import type { Grid, Puzzle } from '../src/grid/Puzzle.js';
import type { CertificateFormula } from '../src/certificate/make/certificateFormula.js';

/**
 * The alternative certificate encoding measured against the automaton one (bench/certificates.ts,
 * part "encodings"; docs/results/certificates.md has the table): block starts in the order encoding, as
 * the solver's SAT stage uses on what probing leaves (engines/core/encode.h), here on the whole
 * board with nothing presolved. Cells are variables 1..W*H as in the certificate; per line and
 * block j, order variables Y(j, p) "block j starts at or before p" for its possible starts
 * p in [lo, hi) (false before lo, true from hi), cover variables "block j covers cell i"
 * = Y(j, i) and not Y(j, i - c_j); clauses: monotone order, blocks in order with a gap, cover
 * definitions, a cover makes its cell black, a black cell is covered. Givens and the exclusion
 * clause as in the certificate.
 */
const TRUE = 0x7fffffff;
const FALSE = -TRUE;

export function orderFormula(puzzle: Puzzle, givens: readonly number[], picture?: Grid): CertificateFormula {
  const W = puzzle.width;
  const H = puzzle.height;
  const lits: number[] = [];
  let count = 0;
  let numVars = W * H;
  const emit = (...clause: number[]) => {
    const at = lits.length;
    for (const l of clause) {
      if (l === TRUE || clause.includes(-l)) {
        lits.length = at;
        return;
      }
      if (l !== FALSE) lits.push(l);
    }
    lits.push(0);
    count++;
  };
  const lines: { clue: readonly number[]; cells: number[] }[] = [];
  for (let y = 0; y < H; y++) lines.push({ clue: puzzle.rows[y]!, cells: Array.from({ length: W }, (_, x) => y * W + x + 1) });
  for (let x = 0; x < W; x++) lines.push({ clue: puzzle.cols[x]!, cells: Array.from({ length: H }, (_, y) => y * W + x + 1) });
  for (const { clue: c, cells } of lines) {
    const n = cells.length;
    const k = c.length;
    const lo: number[] = [];
    const hi: number[] = [];
    let before = 0;
    for (let j = 0; j < k; j++) {
      lo.push(before);
      before += c[j]! + 1;
    }
    let after = 0;
    for (let j = k - 1; j >= 0; j--) {
      after += c[j]!;
      hi[j] = n - after - (k - 1 - j);
    }
    const order: number[][] = [];
    for (let j = 0; j < k; j++) {
      const vs: number[] = [];
      for (let p = lo[j]!; p < hi[j]!; p++) vs.push(++numVars);
      order.push(vs);
    }
    const Y = (j: number, p: number) => (p < lo[j]! ? FALSE : p >= hi[j]! ? TRUE : order[j]![p - lo[j]!]!);
    for (let j = 0; j < k; j++) {
      for (let p = lo[j]!; p + 1 < hi[j]!; p++) emit(-Y(j, p), Y(j, p + 1));
      if (j + 1 < k) for (let p = lo[j + 1]!; p < hi[j + 1]!; p++) emit(-Y(j + 1, p), Y(j, p - c[j]! - 1));
    }
    const coverAt: number[][] = Array.from({ length: n }, () => []);
    for (let j = 0; j < k; j++) {
      for (let i = lo[j]!; i < hi[j]! + c[j]!; i++) {
        const a = Y(j, i);
        const z = -Y(j, i - c[j]!);
        let v: number;
        if (a === TRUE && z === TRUE) v = TRUE;
        else if (a === FALSE || z === FALSE) continue;
        else {
          v = ++numVars;
          emit(-v, a);
          emit(-v, z);
          emit(v, -a, -z);
        }
        emit(-v, cells[i]!);
        coverAt[i]!.push(v);
      }
    }
    for (let i = 0; i < n; i++) emit(-cells[i]!, ...coverAt[i]!);
  }
  for (const g of [...givens].sort((a, b) => a - b)) emit(g + 1);
  if (picture) {
    const clause: number[] = [];
    for (let cell = 0; cell < W * H; cell++) clause.push(picture.cells[cell] ? -(cell + 1) : cell + 1);
    lits.push(...clause, 0);
    count++;
  }
  return { width: W, height: H, numVars, numClauses: count, lits: Int32Array.from(lits) };
}
