import { BLACK, WHITE, type LineAutomaton } from './lineAutomaton.js';

/**
 * The exact line solver: given one line's clue (as its automaton) and the line's current cell
 * domains, it narrows every cell to the colours that appear in at least one placement of the
 * runs consistent with what is known. Forward pass: which template states can be reached after
 * each prefix; backward pass: from which states the rest of the line can still be completed.
 * A colour survives at cell i when some reachable state has a transition with that colour into
 * a state that can still be completed. O(length x states) per call.
 *
 * Writes the narrowed domains into `out` (may alias `line`) and returns false on contradiction
 * (no placement at all); then `out` is left unspecified.
 */
let fwd = new Uint8Array(0);
let bwd = new Uint8Array(0);

export function solveLine(a: LineAutomaton, line: ArrayLike<number>, out: Uint8Array): boolean {
  return a.states <= 31 ? solveLineWord(a, line, out) : solveLineWords(a, line, out);
}

/**
 * The same computation with the state set of a layer packed into one 32-bit word (clues of
 * lines up to 29 cells): each step is a few shifts and masks instead of a loop over states.
 * White from a white state stays; white from a black state moves on to the gap after it;
 * black moves on to the next black state.
 */
let fwdWords = new Int32Array(0);

export function solveLineWord(a: LineAutomaton, line: ArrayLike<number>, out: Uint8Array): boolean {
  const L = line.length;
  const Z = a.whiteWords[0]!;
  const O = a.blackWords[0]!;
  if (fwdWords.length < L + 1) fwdWords = new Int32Array(2 * (L + 1));
  const F = fwdWords;
  let cur = 1;
  F[0] = cur;
  for (let i = 0; i < L; i++) {
    const d = line[i]!;
    let next = 0;
    if (d & WHITE) next = (cur & Z) | (((cur & O) << 1) & Z);
    if (d & BLACK) next |= (cur << 1) & O;
    if (next === 0) return false;
    F[i + 1] = cur = next;
  }
  let back = cur & a.acceptWords[0]!;
  if (back === 0) return false;
  for (let i = L - 1; i >= 0; i--) {
    const d = line[i]!;
    const f = F[i]!;
    const tz = back & Z;
    const predWhite = (d & WHITE ? tz | ((tz >>> 1) & O) : 0) & f;
    const predBlack = (d & BLACK ? (back & O) >>> 1 : 0) & f;
    const can = (predWhite ? WHITE : 0) | (predBlack ? BLACK : 0);
    if (can === 0) return false;
    out[i] = can;
    back = predWhite | predBlack;
  }
  return true;
}

/**
 * The word-parallel solver for any number of states: a layer's state set spans
 * ceil(states / 32) words, and the shifts carry bits across word boundaries.
 */
let fwdMulti = new Int32Array(0);
let scratch = new Int32Array(0);

export function solveLineWords(a: LineAutomaton, line: ArrayLike<number>, out: Uint8Array): boolean {
  const L = line.length;
  const Wd = a.words;
  const Z = a.whiteWords;
  const O = a.blackWords;
  if (fwdMulti.length < (L + 1) * Wd) fwdMulti = new Int32Array(2 * (L + 1) * Wd);
  if (scratch.length < 4 * Wd) scratch = new Int32Array(8 * Wd);
  const F = fwdMulti;
  F.fill(0, 0, Wd);
  F[0] = 1;
  for (let i = 0; i < L; i++) {
    const d = line[i]!;
    const cur = i * Wd;
    const nxt = cur + Wd;
    let any = 0;
    let carryO = 0; // bit 31 of (cur & O) from the previous word
    let carryAll = 0; // bit 31 of cur from the previous word
    for (let w = 0; w < Wd; w++) {
      const c = F[cur + w]!;
      const co = c & O[w]!;
      let next = 0;
      if (d & WHITE) next = (c & Z[w]!) | (((co << 1) | carryO) & Z[w]!);
      if (d & BLACK) next |= ((c << 1) | carryAll) & O[w]!;
      carryO = co >>> 31;
      carryAll = c >>> 31;
      F[nxt + w] = next;
      any |= next;
    }
    if (any === 0) return false;
  }
  // back = completable states at the current layer (starts with accepting states at L).
  const back = scratch.subarray(0, Wd);
  const tmp = scratch.subarray(Wd, 2 * Wd);
  let any = 0;
  for (let w = 0; w < Wd; w++) any |= back[w] = F[L * Wd + w]! & a.acceptWords[w]!;
  if (any === 0) return false;
  for (let i = L - 1; i >= 0; i--) {
    const d = line[i]!;
    const cur = i * Wd;
    let canW = 0;
    let canB = 0;
    for (let w = 0; w < Wd; w++) {
      const tz = back[w]! & Z[w]!;
      const to = back[w]! & O[w]!;
      const nextTz = w + 1 < Wd ? back[w + 1]! & Z[w + 1]! : 0;
      const nextTo = w + 1 < Wd ? back[w + 1]! & O[w + 1]! : 0;
      const f = F[cur + w]!;
      const pw = d & WHITE ? (tz | ((((tz >>> 1) | (nextTz << 31)) & O[w]!))) & f : 0;
      const pb = d & BLACK ? ((to >>> 1) | (nextTo << 31)) & f : 0;
      canW |= pw;
      canB |= pb;
      tmp[w] = pw | pb;
    }
    const can = (canW ? WHITE : 0) | (canB ? BLACK : 0);
    if (can === 0) return false;
    out[i] = can;
    back.set(tmp);
  }
  return true;
}

export function solveLineBytes(a: LineAutomaton, line: ArrayLike<number>, out: Uint8Array): boolean {
  const L = line.length;
  const S = a.states;
  const kind = a.kind;
  const size = (L + 1) * S;
  if (fwd.length < size) {
    fwd = new Uint8Array(size * 2);
    bwd = new Uint8Array(size * 2);
  }
  fwd.fill(0, 0, size);
  bwd.fill(0, 0, size);
  // Forward reachability. lo..hi bounds the reachable states of the current layer.
  fwd[0] = 1;
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < L; i++) {
    const d = line[i]!;
    const cur = i * S;
    const nxt = cur + S;
    let nlo = S;
    let nhi = -1;
    for (let s = lo; s <= hi; s++) {
      if (!fwd[cur + s]) continue;
      if (d & WHITE) {
        if (kind[s] === 0) {
          fwd[nxt + s] = 1;
          if (s < nlo) nlo = s;
          if (s > nhi) nhi = s;
        } else if (s + 1 < S && kind[s + 1] === 0) {
          fwd[nxt + s + 1] = 1;
          if (s + 1 < nlo) nlo = s + 1;
          if (s + 1 > nhi) nhi = s + 1;
        }
      }
      if (d & BLACK && s + 1 < S && kind[s + 1] === 1) {
        fwd[nxt + s + 1] = 1;
        if (s + 1 < nlo) nlo = s + 1;
        if (s + 1 > nhi) nhi = s + 1;
      }
    }
    if (nhi < 0) return false;
    lo = nlo;
    hi = nhi;
  }
  // Backward completion, and the colours each cell can take.
  const last = L * S;
  let any = false;
  for (let s = a.acceptFrom; s < S; s++) {
    if (fwd[last + s]) {
      bwd[last + s] = 1;
      any = true;
    }
  }
  if (!any) return false;
  for (let i = L - 1; i >= 0; i--) {
    const d = line[i]!;
    const cur = i * S;
    const nxt = cur + S;
    let can = 0;
    for (let s = 0; s < S; s++) {
      if (!fwd[cur + s]) continue;
      let ok = false;
      if (d & WHITE) {
        const t = kind[s] === 0 ? s : s + 1 < S && kind[s + 1] === 0 ? s + 1 : -1;
        if (t >= 0 && bwd[nxt + t]) {
          can |= WHITE;
          ok = true;
        }
      }
      if (d & BLACK && s + 1 < S && kind[s + 1] === 1 && bwd[nxt + s + 1]) {
        can |= BLACK;
        ok = true;
      }
      if (ok) bwd[cur + s] = 1;
    }
    if (can === 0) return false;
    out[i] = can;
  }
  return true;
}

/**
 * The live automaton states of a line: live[i * states + s] is 1 when state s can be reached
 * after the first i cells and the rest of the line can still be completed from it. Null when
 * the line has no placement. Used by the CNF encoding to create only the state variables that
 * can ever be true.
 */
export function liveStates(a: LineAutomaton, line: ArrayLike<number>): Uint8Array | null {
  const scratch = new Uint8Array(line.length);
  if (!solveLineBytes(a, line, scratch)) return null;
  return bwd.slice(0, (line.length + 1) * a.states);
}
