/** Exit codes of the CLI. */
export const ExitCode = {
  /** Success; every block unique. */
  OK: 0,
  /** Some block is ambiguous (multiple) or unsolvable (none). */
  FAILED_BLOCK: 1,
  /** Bad input or usage. */
  BAD_INPUT: 2,
  /** Some block is undecided: time limit or MiniSat's heap (status unknown). */
  UNKNOWN: 3,
} as const;
