import type { Clue, Puzzle } from '../../grid/Puzzle.js';

/**
 * The clues of pictures of one board that differ from one another in a few cells, as the
 * picture search judges them: each picture's clues are made from the last one's by recounting
 * only the lines where the two pictures differ (a candidate change differs in one row and one
 * column). On 30x30 icons this takes a candidate's clues from 10 us (every line counted) to
 * about 2 us.
 *
 * Call order: construct; `of(cells)` any number of times. A returned Puzzle is the caller's: its
 * clue arrays are never changed afterwards.
 */
export class PictureClues {
  private readonly last: Uint8Array;
  private readonly rows: Clue[];
  private readonly cols: Clue[];
  /** Each line's lack (forcingSlack), rows then columns. */
  private readonly lacks: Int32Array;
  private readonly colChanged: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.last = new Uint8Array(width * height);
    this.rows = Array.from({ length: height }, () => []);
    this.cols = Array.from({ length: width }, () => []);
    this.lacks = new Int32Array(height + width);
    for (let y = 0; y < height; y++) this.lacks[y] = -width;
    for (let x = 0; x < width; x++) this.lacks[height + x] = -height;
    this.colChanged = new Uint8Array(width);
  }

  /** The puzzle whose clues describe the picture `cells` (row-major, 1 black). */
  of(cells: Uint8Array): Puzzle {
    this.update(cells);
    return { width: this.width, height: this.height, rows: this.rows.slice(), cols: this.cols.slice() };
  }

  /**
   * How far line logic is from starting on the clues of `cells`: the two smallest lacks of its
   * lines weighed as (first * 1000 + second), to minimize. A line's lack is the cells its overlap
   * still needs before line logic fixes one of its cells from nothing (at most 0: it fixes one
   * already; an empty line is fixed whole, -length). The picture search breaks ties of open
   * cells with it (searchChanges.ts): on outline icons line logic fixes no cell at all, and the
   * open count alone cannot tell one change from another (bootstrap-icons circle, patch-minus,
   * sign-dead-end at 24x24: 576 open after every single change), while this leads to a forced
   * line in a few changes.
   */
  forcingSlack(cells: Uint8Array): number {
    this.update(cells);
    let first = Infinity;
    let second = Infinity;
    for (const lack of this.lacks) {
      if (lack < first) [first, second] = [lack, first];
      else if (lack < second) second = lack;
    }
    return first * 1000 + second;
  }

  /** Recount the lines where `cells` differs from the last picture. */
  private update(cells: Uint8Array): void {
    const { width, height, last, colChanged } = this;
    let at = 0;
    for (let y = 0; y < height; y++) {
      let rowChanged = false;
      for (let x = 0; x < width; x++, at++) {
        if (cells[at] === last[at]) continue;
        rowChanged = true;
        colChanged[x] = 1;
        last[at] = cells[at]!;
      }
      if (rowChanged) this.recount(y, y * width, 1, width);
    }
    for (let x = 0; x < width; x++) {
      if (!colChanged[x]) continue;
      colChanged[x] = 0;
      this.recount(height + x, x, width, height);
    }
  }

  /** Line `index` (rows then columns), from cell `start` by `step` over `n` cells. */
  private recount(index: number, start: number, step: number, n: number): void {
    const clue: number[] = [];
    let run = 0;
    let longest = 0;
    let sum = 0;
    for (let i = 0, at = start; i <= n; i++, at += step) {
      if (i < n && this.last[at]) run++;
      else if (run > 0) {
        clue.push(run);
        sum += run;
        longest = Math.max(longest, run);
        run = 0;
      }
    }
    if (index < this.height) this.rows[index] = clue;
    else this.cols[index - this.height] = clue;
    this.lacks[index] = clue.length === 0 ? -n : n - sum - (clue.length - 1) - longest + 1;
  }
}
