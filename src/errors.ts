/**
 * Typed errors. Expected outcomes (unique / multiple / none / unknown) are values, never
 * errors; these are for misuse and bad input. Each has a stable `code` that callers and the
 * CLI can switch on, and a message that is one line and names the place.
 */
export class NonocryptError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Malformed text: names the line and column (1-based) and says what was expected. */
export class ParseError extends NonocryptError {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
    readonly source?: string,
  ) {
    super('E_PARSE', `${source ? source + ':' : ''}${line}:${column}: ${message}`);
  }
}

/** Input that is well-formed but cannot be used (unknown character, bad table, clue that cannot fit). */
export class InputError extends NonocryptError {
  constructor(code: string, message: string) {
    super(code, message);
  }
}

/** A block that does not decode to exactly one grid during decryption. */
export class BlockError extends NonocryptError {
  constructor(
    code: 'E_AMBIGUOUS' | 'E_UNSOLVABLE' | 'E_UNKNOWN' | 'E_BAD_CODE',
    message: string,
    readonly block: number,
  ) {
    super(code, message);
  }
}

/** MiniSat ran out of its fixed heap. The instance is dead; the answer is `unknown`, never a verdict. */
export class SolverAbortError extends NonocryptError {
  constructor(reason: string) {
    super('E_SOLVER_ABORT', `SAT solver aborted: ${reason}`);
  }
}
