import { makeGrid, type Grid, type Puzzle } from '../grid/Puzzle.js';

/**
 * A second solution one switch away from `grid`, if there is one: cells (r1, c1) and (r2, c2)
 * black, (r1, c2) and (r2, c1) white, all four flipped, and every line keeps its runs. Random
 * puzzles with several solutions mostly have such a pair, and finding it costs one pass over the
 * lines, against a SAT search for a grid that differs.
 *
 * A row can trade one black cell for one white cell and keep its runs in few ways (lineMoves).
 * Those moves of every row and column are listed, and a switch is two row moves (r1: c1 -> c2, r2: c2 -> c1) matched by two column moves
 * (c1: r1 -> r2, c2: r2 -> r1). Givens (cells that must stay black) never move.
 * The grid returned is re-checked by the caller.
 */
export function switchNeighbour(puzzle: Puzzle, grid: Grid, givens: readonly number[] = []): Grid | undefined {
  const W = puzzle.width;
  const H = puzzle.height;
  const fixed = new Uint8Array(W * H);
  for (const c of givens) fixed[c] = 1;
  const rowMoves: Set<number>[] = [];
  for (let r = 0; r < H; r++) rowMoves.push(lineMoves((x) => grid.cells[r * W + x]!, W, (x) => fixed[r * W + x] === 1));
  const colMoves: Set<number>[] = [];
  for (let c = 0; c < W; c++) colMoves.push(lineMoves((y) => grid.cells[y * W + c]!, H, (y) => fixed[y * W + c] === 1));
  for (let r1 = 0; r1 < H; r1++) {
    for (const m of rowMoves[r1]!) {
      const c1 = Math.floor(m / W);
      const c2 = m % W;
      // Column c1 gives its black cell at r1 to some r2; row r2 gives c2 to c1; column c2 gives r2 to r1.
      for (const cm of colMoves[c1]!) {
        if (Math.floor(cm / H) !== r1) continue;
        const r2 = cm % H;
        if (!rowMoves[r2]!.has(c2 * W + c1) || !colMoves[c2]!.has(r2 * H + r1)) continue;
        const cells = grid.cells.slice();
        cells[r1 * W + c1] = 0;
        cells[r1 * W + c2] = 1;
        cells[r2 * W + c2] = 0;
        cells[r2 * W + c1] = 1;
        return makeGrid(W, H, cells);
      }
    }
  }
  return undefined;
}

/**
 * The single-cell trades of one line that keep its runs, as keys from * n + to (black `from`
 * turns white, white `to` turns black). Clearing a cell inside a run would split it, so `from`
 * ends a run. A run of two or more then loses one cell and must gain it back at its other end
 * (it moves one cell). A run of length 1 vanishes and must reappear as a run of length 1 at a
 * white cell that touches no other black cell, with only runs of length 1 passed on the way (so
 * the sequence of lengths is unchanged): a jump within the stretch of its neighbouring 1-runs.
 * (Brute force on every line up to 12 cells found no other kind.) Cells `isFixed` never move.
 */
export function lineMoves(cellAt: (i: number) => number, n: number, isFixed: (i: number) => boolean = () => false): Set<number> {
  const moves = new Set<number>();
  const runs: [number, number][] = [];
  for (let i = 0; i < n; ) {
    if (!cellAt(i)) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && cellAt(j)) j++;
    runs.push([i, j - 1]);
    i = j;
  }
  const single = (k: number) => runs[k]![0] === runs[k]![1];
  for (let k = 0; k < runs.length; k++) {
    const [a, e] = runs[k]!;
    if (a !== e) {
      const lo = k > 0 ? runs[k - 1]![1] + 2 : 0; // first cell the run may occupy
      const hi = k + 1 < runs.length ? runs[k + 1]![0] - 2 : n - 1; // last one
      if (e + 1 <= hi && !isFixed(a)) moves.add(a * n + e + 1);
      if (a - 1 >= lo && !isFixed(e)) moves.add(e * n + a - 1);
      continue;
    }
    if (isFixed(a)) continue;
    let p = k;
    while (p > 0 && single(p - 1)) p--;
    let q = k;
    while (q + 1 < runs.length && single(q + 1)) q++;
    const lo = p > 0 ? runs[p - 1]![1] + 2 : 0;
    const hi = q + 1 < runs.length ? runs[q + 1]![0] - 2 : n - 1;
    const blackBesideA = (i: number) => i >= 0 && i < n && i !== a && cellAt(i) === 1;
    for (let t = lo; t <= hi; t++) {
      if (t !== a && !cellAt(t) && !blackBesideA(t - 1) && !blackBesideA(t + 1)) moves.add(a * n + t);
    }
  }
  return moves;
}
