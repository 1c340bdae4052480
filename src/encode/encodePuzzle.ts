import type { Puzzle } from '../grid/Puzzle.js';
import { BLACK, UNKNOWN, WHITE, lineAutomaton, type LineAutomaton } from '../line/lineAutomaton.js';
import { liveStates } from '../line/solveLine.js';
import type { ClauseSink } from '../sat/ClauseSink.js';

/**
 * Clues to CNF: the automaton (regular-language) encoding, restricted to what propagation
 * left open.
 *
 * Each open cell is one variable (true = black). Each line gets a state variable Q(i, s) for
 * every automaton state s that is still live after i cells (reachable from the start and able
 * to finish, given the known cells); a layer with one live state needs no variable. Clauses,
 * all binary or ternary apart from value support:
 * - colour: a state reached by a black step implies cell i-1 black; by a white step, white;
 * - backward support: Q(i+1, t) implies one of its live predecessors Q(i, t) or Q(i, t-1);
 * - forward support: Q(i, s) implies one of its live successors;
 * - value support: cell i black implies some black state after it (white likewise).
 * The automaton is deterministic, so a true state has a unique path from the start and there
 * is no need for at-most-one constraints. With these supports, unit propagation on one line
 * removes exactly what the exact line solver removes (tested in test/encoding.test.ts), and
 * there are no auxiliary transition variables.
 */
export interface PuzzleEncoding {
  /** cellVar[c] is the variable of open cell c, or 0 when the cell was already fixed. */
  readonly cellVar: Int32Array;
  readonly variables: number;
  readonly clauses: number;
}

const TRUE = 0x7fffffff;
const FALSE = -TRUE;

class Emitter {
  clauses = 0;
  /** One reused literal buffer: a clause costs no allocation on its way to the sink. */
  private buf = new Int32Array(16);
  constructor(private readonly sink: ClauseSink) {}
  /**
   * Add a clause of up to three literals, dropping FALSE constants; a TRUE literal or a
   * complementary pair (x OR NOT x, from merged literals) satisfies it.
   */
  emit(a: number, b: number = FALSE, c: number = FALSE): void {
    if (a === TRUE || b === TRUE || c === TRUE) return;
    if (a === -b || a === -c || (b === -c && b !== FALSE)) return;
    const buf = this.buf;
    let n = 0;
    if (a !== FALSE) buf[n++] = a;
    if (b !== FALSE) buf[n++] = b;
    if (c !== FALSE) buf[n++] = c;
    this.clauses++;
    this.sink.addClause(buf, n);
  }
  /**
   * Add the clause `first OR rest[0..count)` (rest has no FALSE constants); dropped when it
   * holds TRUE or `first`'s complement.
   */
  emitList(first: number, rest: Int32Array, count: number): void {
    if (first === TRUE) return;
    if (this.buf.length < count + 1) this.buf = new Int32Array(2 * (count + 1));
    const buf = this.buf;
    let n = 0;
    if (first !== FALSE) buf[n++] = first;
    for (let i = 0; i < count; i++) {
      const l = rest[i]!;
      if (l === TRUE || l === -first) return;
      buf[n++] = l;
    }
    this.clauses++;
    this.sink.addClause(buf, n);
  }
}

/**
 * Encode the puzzle given the current cell domains (normally the propagation fixpoint: every
 * line must still have a placement). To make the encoding temporary in a shared instance,
 * pass a `GuardScope` as the sink.
 */
export function encodePuzzle(puzzle: Puzzle, domains: Uint8Array, sink: ClauseSink): PuzzleEncoding {
  const W = puzzle.width;
  const H = puzzle.height;
  const cellVar = new Int32Array(W * H);
  let variables = 0;
  for (let c = 0; c < W * H; c++) {
    if (domains[c] === UNKNOWN) {
      cellVar[c] = sink.newVar();
      variables++;
    }
  }
  const black = (c: number): number =>
    domains[c] === BLACK ? TRUE : domains[c] === WHITE ? FALSE : cellVar[c]!;
  const out = new Emitter(sink);
  const line = new Uint8Array(Math.max(W, H));
  const encodeLine = (a: LineAutomaton, start: number, step: number, len: number) => {
    let open = false;
    for (let k = 0, c = start; k < len; k++, c += step) {
      line[k] = domains[c]!;
      if (line[k] === UNKNOWN) open = true;
    }
    if (!open) return;
    const S = a.states;
    const live = liveStates(a, line.subarray(0, len));
    if (!live) {
      out.emit(FALSE); // the line has no placement: the empty clause
      return;
    }
    // Q literal per live (i, s); TRUE when it is the only live state of its layer. When it is
    // the only live black (white) state after cell i-1, it holds exactly when that cell is black
    // (white), so it is the cell's own literal (negated for white): no variable, and its colour
    // and value-support clauses vanish as tautologies. Inside a run, a black state has one
    // successor (the next black state, by a black cell) and that state has one predecessor, so
    // Q(i, s) and Q(i+1, s+1) are the same literal: a whole run travels on one variable per
    // start position.
    const kind = a.kind;
    const q = new Int32Array((len + 1) * S);
    for (let i = 0; i <= len; i++) {
      let blacks = 0;
      let whites = 0;
      for (let s = 0; s < S; s++) if (live[i * S + s]) kind[s] === 1 ? blacks++ : whites++;
      const x = i > 0 ? black(start + (i - 1) * step) : FALSE;
      for (let s = 0; s < S; s++) {
        const at = i * S + s;
        if (!live[at]) q[at] = FALSE;
        else if (blacks + whites === 1) q[at] = TRUE;
        else if (i > 0 && kind[s] === 1 && blacks === 1) q[at] = x;
        else if (i > 0 && kind[s] === 0 && whites === 1) q[at] = -x;
        else if (i > 0 && kind[s] === 1 && kind[s - 1] === 1 && live[at - S - 1]) q[at] = q[at - S - 1]!;
        else {
          q[at] = sink.newVar();
          variables++;
        }
      }
    }
    // The live black and white states after each cell (reused buffers: no garbage per cell).
    const blackNext = new Int32Array(S);
    const whiteNext = new Int32Array(S);
    for (let i = 0; i < len; i++) {
      const x = black(start + i * step);
      const cur = i * S;
      const nxt = cur + S;
      let blacks = 0;
      let whites = 0;
      for (let t = 0; t < S; t++) {
        const qt = q[nxt + t]!;
        if (qt === FALSE) continue;
        if (kind[t] === 1) {
          blackNext[blacks++] = qt;
          out.emit(-qt, x);
          out.emit(-qt, q[cur + t - 1]);
        } else {
          whiteNext[whites++] = qt;
          out.emit(-qt, -x);
          out.emit(-qt, q[cur + t], t > 0 ? q[cur + t - 1]! : FALSE);
        }
      }
      for (let s = 0; s < S; s++) {
        const qs = q[cur + s]!;
        if (qs === FALSE) continue;
        const w = kind[s] === 0 ? s : s + 1 < S && kind[s + 1] === 0 ? s + 1 : -1;
        const b = s + 1 < S && kind[s + 1] === 1 ? s + 1 : -1;
        out.emit(-qs, w >= 0 ? q[nxt + w]! : FALSE, b >= 0 ? q[nxt + b]! : FALSE);
      }
      out.emitList(-x, blackNext, blacks);
      out.emitList(x, whiteNext, whites);
    }
  };
  const automata = [...puzzle.rows, ...puzzle.cols].map(lineAutomaton);
  for (let y = 0; y < H; y++) encodeLine(automata[y]!, y * W, 1, W);
  for (let x = 0; x < W; x++) encodeLine(automata[H + x]!, x, W, H);
  return { cellVar, variables, clauses: out.clauses };
}

export { TRUE as LIT_TRUE, FALSE as LIT_FALSE };
