import { errorKind, type ErrorCode } from '../errors.js';
import { wrapWords } from '../render/wrapWords.js';
import { HELP_COLUMNS } from './options.js';
import type { VerifySummary } from '../cipher/verify.js';

/**
 * The exit-code contract of every command: one definition, listed in `--help` and in
 * docs/reference/exit-codes.md (test/cliContract.test.ts keeps both equal to this table).
 * Scripts can rely on it.
 */
export const EXIT_CODES = {
  OK: { code: 0, meaning: 'success: every block unique; encrypt, convert or make done' },
  FAILED_BLOCK: { code: 1, meaning: 'some block ambiguous (multiple) or unsolvable (none); check-certificate: a block not certified unique; make: proven that no --max-changes cells do; mastermind: a strategy that fails its check, a bound refuted, no code fits' },
  BAD_INPUT: { code: 2, meaning: 'bad input or usage (malformed file, bad or conflicting flags)' },
  UNDECIDED: { code: 3, meaning: 'some block undecided or not proven (time limit, memory cap), or its certificate not made (--certify); make: no picture found within the time limit; mastermind: nothing decided within the time limit, or candidates counted only up to --count-limit' },
  OUTPUT_FAILED: { code: 4, meaning: 'an output could not be written; no partial file is left' },
  INTERNAL: { code: 70, meaning: 'internal error: a bug in nonocrypt (please report it)' },
} as const;

export type ExitName = keyof typeof EXIT_CODES;
export type ExitCode = (typeof EXIT_CODES)[ExitName]['code'];

export const exitCode = (name: ExitName): ExitCode => EXIT_CODES[name].code;

/** The exit code of a run of blocks: failures first, then undecided blocks. */
export function exitForSummary(s: VerifySummary): ExitCode {
  if (s.multiple || s.none) return exitCode('FAILED_BLOCK');
  if (s.unknown) return exitCode('UNDECIDED');
  return exitCode('OK');
}

/**
 * The exit code of a collection (many files, many blocks): the worst of its parts, where bad
 * input (a file that cannot be read or parsed) is worst, then a failed block (ambiguous,
 * unsolvable, or rejected by the receiver), then an undecided one. Definite problems outrank
 * undecided ones, as in `exitForSummary`.
 */
export interface CollectionTally {
  badInput: number;
  failed: number;
  undecided: number;
}

export function exitForCollection(t: CollectionTally): ExitCode {
  if (t.badInput) return exitCode('BAD_INPUT');
  if (t.failed) return exitCode('FAILED_BLOCK');
  if (t.undecided) return exitCode('UNDECIDED');
  return exitCode('OK');
}

/** The exit code of a typed error. */
export function exitForError(code: ErrorCode): ExitCode {
  switch (errorKind(code)) {
    case 'input':
    case 'usage':
      return exitCode('BAD_INPUT');
    case 'io':
      return exitCode('OUTPUT_FAILED');
    case 'internal':
      return exitCode('INTERNAL');
    case 'block':
      return code === 'E_UNKNOWN' ? exitCode('UNDECIDED') : code === 'E_BAD_CODE' ? exitCode('BAD_INPUT') : exitCode('FAILED_BLOCK');
  }
}

/** The table as `--help` prints it. */
export function exitCodesHelp(): string {
  // Each meaning wrapped to the terminal's 80 columns, its lines under the first's words.
  const indent = '      ';
  const entry = (e: { code: number; meaning: string }) =>
    wrapWords(e.meaning, HELP_COLUMNS - indent.length)
      .map((line, i) => (i === 0 ? `  ${String(e.code).padStart(2)}  ` : indent) + line)
      .join('\n');
  return ['Exit codes:', ...Object.values(EXIT_CODES).map(entry)].join('\n');
}
