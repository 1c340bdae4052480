import { NonocryptError } from '../../errors.js';
import { checkBoundProof, type CheckProofOptions } from '../check/checkBoundProof.js';
import type { Rules } from '../model/Rules.js';
import { boundProofPieces } from './boundFiles.js';

/**
 * The proof file for a body the search built (or joined from parts), accepted by the
 * independent checker (games/check/) before anyone writes it: its text in pieces, in order
 * (each iteration writes it again; a proof may be longer than one string can be), or undefined
 * when `options.deadline` (a performance.now() time) came before the check ended. A body the checker
 * rejects is a bug of the search: E_INTERNAL, never a file.
 */
export function checkedBoundProof(rules: Rules, guesses: number, body: string | Iterable<string>, positions: number, options: CheckProofOptions = {}): Iterable<string> | undefined {
  const file = boundProofPieces(rules, guesses, typeof body === 'string' ? [body] : body, { positions, built: 'bound search' });
  const checked = checkBoundProof(file, 'the proof just built', options);
  if (checked.valid === null) return undefined;
  if (!checked.valid) throw new NonocryptError('E_INTERNAL', `internal error: the proof fails the independent check (after ${checked.path.join(', ') || 'no guess'}: ${checked.problem})`);
  return file;
}
