/**
 * Typed errors. Expected outcomes (unique / multiple / none / unknown) are values, never
 * errors; these are for misuse and bad input. Every error carries one code from
 * `ERROR_CODES` (the one list of them) and a message that is one line and names the place
 * (file, line, column, block).
 *
 * Each code has a kind, which is what a caller (the CLI's exit codes, for one) switches on:
 * - `input`: the input is malformed or cannot be used (a file, a message, a table);
 * - `usage`: the call itself is wrong (conflicting options, a missing argument);
 * - `block`: a cipher block does not decode (ambiguous, unsolvable, undecided, bad code);
 * - `io`: reading or writing a file failed for a reason outside the input (permissions, a
 *   full disk);
 * - `internal`: a bug or a broken installation; never the user's fault.
 */
export const ERROR_CODES = {
  E_PARSE: { kind: 'input', about: 'malformed text at a line and column' },
  E_CHAR: { kind: 'input', about: 'a message character the table has no code for' },
  E_EMPTY: { kind: 'input', about: 'a message that would decrypt to nothing: empty, or only padding' },
  E_TABLE: { kind: 'input', about: 'an encoding table that is not valid' },
  E_CLUE: { kind: 'input', about: 'a clue that is malformed or cannot fit its line' },
  E_SIZE: { kind: 'input', about: 'a board side out of range' },
  E_GIVEN: { kind: 'input', about: 'a given cell off the board or out of order' },
  E_GIVENS: { kind: 'input', about: 'given cells the output format cannot hold' },
  E_GOAL: { kind: 'input', about: 'a goal picture that is missing or does not fit the clues' },
  E_JSON: { kind: 'input', about: 'JSON of the wrong shape' },
  E_COLOR: { kind: 'input', about: 'a multi-colour puzzle' },
  E_TYPE: { kind: 'input', about: 'a puzzle type other than a grid' },
  E_PUZZLES: { kind: 'input', about: 'a file holding several puzzles where one is expected' },
  E_BLOCKS: { kind: 'input', about: 'a ciphertext with several blocks where one is expected' },
  E_FORMAT: { kind: 'input', about: 'a puzzle format that cannot be told from the name or text' },
  E_FILE: { kind: 'input', about: 'an input file that is missing, unreadable or not a file' },
  E_GAME: { kind: 'input', about: 'a game that is not valid (pegs, symbols, lies, rules)' },
  E_CODE: { kind: 'input', about: 'a code that is not one of the game\'s codes' },
  E_ANSWER: { kind: 'input', about: 'an answer (xAyB) that is malformed or impossible for the game' },
  E_HISTORY: { kind: 'input', about: 'a history of guesses and answers that is malformed or that no code fits within the lies allowed' },
  E_STRATEGY: { kind: 'input', about: 'a strategy file that is malformed or for another game' },
  E_CERTIFICATE: { kind: 'input', about: 'a certificate formula (.cnf) that is malformed, missing, or not the one the clues give' },
  E_PROOF: { kind: 'input', about: 'a proof file that is malformed or does not check: an LRAT proof, or a lower-bound proof (or a part of one) of a game' },
  E_PARTS: { kind: 'input', about: 'parts of a split board that do not fit together: another puzzle, another N, a part given twice, or a part missing while the parts given hold fewer than two pictures' },
  E_USAGE: { kind: 'usage', about: 'options that conflict, or a missing argument' },
  E_BUDGET: { kind: 'usage', about: 'a time budget that is not a positive number' },
  E_TABLE_CHOICE: { kind: 'usage', about: 'a ciphertext that several built-in tables decode to different texts: the table must be named' },
  E_AMBIGUOUS: { kind: 'block', about: 'a block with several solutions' },
  E_UNSOLVABLE: { kind: 'block', about: 'a block with no solution' },
  E_UNKNOWN: { kind: 'block', about: 'a block left undecided (time limit, memory cap)' },
  E_BAD_CODE: { kind: 'block', about: 'a block whose bits hold a code the table does not use' },
  E_OUTPUT: { kind: 'io', about: 'an output that cannot be written (permission, full disk)' },
  E_SAME_FILE: { kind: 'usage', about: 'an output that names an input, or two outputs that name one file' },
  E_SOLVER_ABORT: { kind: 'internal', about: 'a SAT engine that aborted (memory cap); callers turn it into unknown' },
  E_WORKER: { kind: 'internal', about: 'a worker thread that died' },
  E_BUILD: { kind: 'internal', about: 'a missing file of the installed package' },
  E_INTERNAL: { kind: 'internal', about: 'a bug: a broken invariant' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorKind = (typeof ERROR_CODES)[ErrorCode]['kind'];

export function errorKind(code: ErrorCode): ErrorKind {
  return ERROR_CODES[code].kind;
}

export class NonocryptError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
  get kind(): ErrorKind {
    return errorKind(this.code);
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
  constructor(code: ErrorCode, message: string) {
    super(code, message);
  }
}

/**
 * A message that cannot be encrypted as it is (an unknown character, nothing to carry);
 * `extendedText` says whether extended text would carry it, so that a caller can name its own
 * switch for it (a flag, a checkbox).
 */
export class MessageError extends InputError {
  constructor(
    code: 'E_CHAR' | 'E_EMPTY',
    message: string,
    readonly extendedText: boolean,
  ) {
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

/** Decryption without a named table found several tables that decode every block, to different texts. */
export class TableChoiceError extends NonocryptError {
  constructor(
    message: string,
    /** Names of the tables that fit, in order. */
    readonly tables: readonly string[],
  ) {
    super('E_TABLE_CHOICE', message);
  }
}

/** A SAT engine aborted (its memory cap). The instance is dead; the answer is `unknown`, never a verdict. */
export class SolverAbortError extends NonocryptError {
  constructor(readonly reason: string) {
    super('E_SOLVER_ABORT', `SAT solver aborted: ${reason}`);
  }
}
