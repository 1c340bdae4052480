import type { Grid, Puzzle } from '../src/grid/Puzzle.js';
import { InputError } from '../src/errors.js';
import type { CertificateFormula } from '../src/certificate/make/certificateFormula.js';

/**
 * An alternative certificate encoding measured against the chosen one (bench/certificates.ts,
 * part "encodings"): the automaton encoding without merged literals. One variable per live
 * state after each cell (i = 1..n; the start state is true), per live state a colour clause,
 * backward support (from layer 2) and forward support (to layer n - 1), then the cell's black
 * and white value support. Givens and the exclusion clause as in the certificate.
 */
/** Grows a flat clause list. */
class ClauseList {
  lits = new Int32Array(1024);
  size = 0;
  count = 0;
  push(...clause: number[]): void {
    this.reserve(clause.length + 1);
    for (const l of clause) this.lits[this.size++] = l;
    this.lits[this.size++] = 0;
    this.count++;
  }
  pushList(first: number, rest: readonly number[]): void {
    this.reserve(rest.length + 2);
    if (first !== 0) this.lits[this.size++] = first;
    for (const l of rest) this.lits[this.size++] = l;
    this.lits[this.size++] = 0;
    this.count++;
  }
  private reserve(n: number): void {
    if (this.size + n <= this.lits.length) return;
    const bigger = new Int32Array(Math.max(2 * this.lits.length, this.size + n));
    bigger.set(this.lits.subarray(0, this.size));
    this.lits = bigger;
  }
}

/**
 * The formula for a block: its clues, its given cells (row-major indices) and, for a `unique`
 * certificate, the picture to exclude (omit it for `none`). Throws E_CLUE for a clue that
 * cannot fit its line.
 */
export function plainAutomatonFormula(puzzle: Puzzle, givens: readonly number[], picture?: Grid): CertificateFormula {
  const W = puzzle.width;
  const H = puzzle.height;
  const out = new ClauseList();
  let numVars = W * H;
  const lines: { clue: readonly number[]; cells: number[]; name: string }[] = [];
  for (let y = 0; y < H; y++) lines.push({ clue: puzzle.rows[y]!, cells: Array.from({ length: W }, (_, x) => y * W + x + 1), name: `row ${y + 1}` });
  for (let x = 0; x < W; x++) lines.push({ clue: puzzle.cols[x]!, cells: Array.from({ length: H }, (_, y) => y * W + x + 1), name: `column ${x + 1}` });
  for (const { clue, cells, name } of lines) {
    const n = cells.length;
    let sum = 0;
    for (const c of clue) sum += c;
    if (clue.length > 0 && sum + clue.length - 1 > n) throw new InputError('E_CLUE', `${name}: clue ${clue.join(' ')} does not fit in ${n} cells`);
    const S = sum + clue.length + 1;
    const black = new Uint8Array(S);
    for (let p = 1, j = 0; j < clue.length; j++) {
      for (let t = 0; t < clue[j]!; t++) black[p++] = 1;
      p++;
    }
    const live = (i: number, s: number) => s >= 0 && s < S && s <= i && i + Math.max(0, S - 2 - s) <= n;
    // Q[i][s]: the variable of live state s after i cells (layers 1..n; layer 0 is the start state, true).
    const Q: Int32Array[] = [new Int32Array(S)];
    for (let i = 1; i <= n; i++) {
      const layer = new Int32Array(S);
      for (let s = 0; s < S; s++) if (live(i, s)) layer[s] = ++numVars;
      Q.push(layer);
    }
    for (let i = 1; i <= n; i++) {
      const x = cells[i - 1]!;
      const blacks: number[] = [];
      const whites: number[] = [];
      for (let s = 0; s < S; s++) {
        const q = Q[i]![s]!;
        if (!q) continue;
        (black[s] ? blacks : whites).push(q);
        out.push(-q, black[s] ? x : -x);
        if (i >= 2) {
          const preds = black[s] ? [s - 1] : black[s - 1] ? [s, s - 1] : [s];
          out.pushList(-q, preds.filter((p) => live(i - 1, p)).map((p) => Q[i - 1]![p]!));
        }
        if (i <= n - 1) {
          const succs: number[] = [];
          if (!black[s]) succs.push(s);
          if (s + 1 < S && (black[s] || black[s + 1])) succs.push(s + 1);
          out.pushList(-q, succs.filter((t) => live(i + 1, t)).map((t) => Q[i + 1]![t]!));
        }
      }
      out.pushList(-x, blacks);
      out.pushList(x, whites);
    }
  }
  for (const g of [...givens].sort((a, b) => a - b)) out.push(g + 1);
  if (picture) {
    const clause: number[] = [];
    for (let c = 0; c < W * H; c++) clause.push(picture.cells[c] ? -(c + 1) : c + 1);
    out.pushList(0, clause);
  }
  return { width: W, height: H, numVars, numClauses: out.count, lits: out.lits.subarray(0, out.size) };
}

