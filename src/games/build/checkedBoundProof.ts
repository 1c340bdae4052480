import { NonocryptError } from '../../errors.js';
import { checkBoundProof } from '../check/checkBoundProof.js';
import type { Rules } from '../model/Rules.js';
import { formatBoundProof } from './boundFiles.js';

/**
 * The proof file for a body the search built (or joined from parts), accepted by the
 * independent checker (games/check/) before anyone writes it; undefined when `deadline` (a
 * performance.now() time) came before the check ended. A body the checker rejects is a bug of
 * the search: E_INTERNAL, never a file.
 */
export function checkedBoundProof(rules: Rules, guesses: number, body: string, positions: number, deadline?: number): string | undefined {
  const text = formatBoundProof(rules, guesses, body, { positions, built: 'bound search' });
  const checked = checkBoundProof(text, 'the proof just built', deadline === undefined ? {} : { deadline });
  if (checked.valid === null) return undefined;
  if (!checked.valid) throw new NonocryptError('E_INTERNAL', `internal error: the proof fails the independent check (after ${checked.path.join(', ') || 'no guess'}: ${checked.problem})`);
  return text;
}
