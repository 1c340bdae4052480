/** One puzzle's clues and given cells, as the certificate checker reads them from a file. */
export interface CheckedBlock {
  readonly width: number;
  readonly height: number;
  /** Row clues top to bottom, column clues left to right. */
  readonly rows: readonly (readonly number[])[];
  readonly cols: readonly (readonly number[])[];
  /** Cells given black, row-major indices, ascending, each once. */
  readonly givens: readonly number[];
}
