import { InputError } from '../../errors.js';
import { formatAnswer, parseAnswer } from './Answer.js';
import type { Rules } from './Rules.js';

/** One guess and the answer given to it (true or a lie). */
export interface Turn {
  /** The guess, a code index. */
  readonly guess: number;
  /** The answer, packed (see Answer.ts). */
  readonly answer: number;
}

/**
 * Read a history `GUESS=xAyB,GUESS=xAyB,...` (spaces and an empty text allowed; `;` or line
 * breaks may separate turns too). Errors name the turn: `--history turn 2: ...`.
 */
export function parseHistory(text: string, rules: Rules, where = 'history'): Turn[] {
  const items = text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return items.map((item, i) => {
    const place = `${where} turn ${i + 1}`;
    const eq = item.indexOf('=');
    if (eq < 0) throw new InputError('E_HISTORY', `${place}: '${item}' is not GUESS=xAyB (e.g. ${rules.game.format(0)}=1A0B)`);
    const guess = rules.game.parse(item.slice(0, eq), place);
    const answer = parseAnswer(item.slice(eq + 1), rules.pegs, rules.alphabet, place);
    if (!rules.answersFor(guess)[answer]) {
      throw new InputError('E_ANSWER', `${place}: no code answers ${rules.game.format(guess)} with ${formatAnswer(rules.pegs, answer)}, so under the plausible lie rule no lie can either`);
    }
    return { guess, answer };
  });
}

export function formatHistory(turns: readonly Turn[], rules: Rules): string {
  return turns.map((t) => `${rules.game.format(t.guess)}=${formatAnswer(rules.pegs, t.answer)}`).join(',');
}
