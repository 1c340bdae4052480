/**
 * A growing list of cores (cell sets every valid annotation must hit), indexed both ways: each
 * core as a list of dense cell numbers, and each cell with the cores that hold it.
 *
 * The minimizer adds cores round after round and, each round, runs a local hitting-set search
 * over all of them. Building the index for every search cost half of that search's time on the
 * logic receiver's 2,000-4,000 cores at n = 25 (a CPU profile of three unsettled blocks: 8 %
 * of the block's time in the index against 5 % in the search itself); kept here, each core is
 * indexed once, when it arrives.
 *
 * Cells are arbitrary integers (a block's cell indices); dense numbers are 0..cellCount-1 in
 * order of first appearance. Cores are never removed.
 */
export class CoreIndex {
  /** The cores in arrival order, each as given. */
  readonly cores: (readonly number[])[] = [];
  /** Dense number -> cell. */
  readonly cellOf: number[] = [];
  /** Per core, its cells as dense numbers. */
  readonly coreCells: Int32Array[] = [];
  /** Per dense number, the indices of the cores that hold the cell. */
  readonly coresOfCell: number[][] = [];
  private readonly dense = new Map<number, number>();

  static of(cores: readonly (readonly number[])[]): CoreIndex {
    const index = new CoreIndex();
    for (const core of cores) index.add(core);
    return index;
  }

  add(core: readonly number[]): void {
    const j = this.cores.length;
    this.cores.push(core);
    this.coreCells.push(
      Int32Array.from(core, (c) => {
        let i = this.dense.get(c);
        if (i === undefined) {
          this.dense.set(c, (i = this.cellOf.push(c) - 1));
          this.coresOfCell.push([]);
        }
        this.coresOfCell[i]!.push(j);
        return i;
      }),
    );
  }

  /** The dense number of `cell`, undefined when no core holds it. */
  denseOf(cell: number): number | undefined {
    return this.dense.get(cell);
  }

  /** The indices of the cores that hold `cell`. */
  holding(cell: number): readonly number[] {
    const i = this.dense.get(cell);
    return i === undefined ? [] : this.coresOfCell[i]!;
  }
}
