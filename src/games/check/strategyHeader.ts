import { InputError } from '../../errors.js';

/**
 * The game a checked file is about, read from its JSON header by the checker itself:
 * `game`, `pegs`, `symbols`, `lies`, `end` (default truthful), `lie` (default any: files
 * written before the field read as the broad rule) and the claimed `worst`.
 */
export interface CheckedRules {
  readonly game: 'mastermind' | 'ab';
  readonly pegs: number;
  readonly symbols: number;
  readonly lies: number;
  readonly end: 'truthful' | 'deniable';
  readonly lie: 'any' | 'plausible';
}

export interface StrategyHeader extends CheckedRules {
  /** The worst case the file claims (undefined: none claimed). */
  readonly claimed: number | undefined;
}

/** `mastermind 4x6 e=1`: the rules as reports name them. */
export function rulesLabel(rules: CheckedRules): string {
  return `${rules.game} ${rules.pegs}x${rules.symbols} e=${rules.lies}${rules.end === 'deniable' ? ' deniable' : ''}${rules.lie === 'plausible' ? ' plausible' : ''}`;
}

/** Throws E_STRATEGY `where: why`: the one way the checker reports a malformed file. */
export function malformed(where: string): (why: string) => never {
  return (why: string): never => {
    throw new InputError('E_STRATEGY', `${where}: ${why}`);
  };
}

/** A field that must be a whole number from lo to hi. */
function wholeField(d: Record<string, unknown>, key: string, lo: number, hi: number, bad: (why: string) => never): number {
  const v = d[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) bad(`"${key}" must be a whole number from ${lo} to ${hi}`);
  return v as number;
}

/** The rules fields of a file's object (shared by strategy and proof files). */
export function readCheckedRules(d: Record<string, unknown>, bad: (why: string) => never): CheckedRules {
  const game = d.game;
  if (game !== 'mastermind' && game !== 'ab') bad('"game" must be "mastermind" or "ab"');
  const kind = game as 'mastermind' | 'ab';
  const pegs = wholeField(d, 'pegs', 1, 10, bad);
  const symbols = wholeField(d, 'symbols', 1, kind === 'mastermind' ? 35 : 36, bad);
  const lies = wholeField(d, 'lies', 0, 9, bad);
  const end = d.end ?? 'truthful';
  if (end !== 'truthful' && end !== 'deniable') bad('"end" must be "truthful" or "deniable"');
  const lie = d.lie ?? 'any';
  if (lie !== 'any' && lie !== 'plausible') bad('"lie" must be "any" or "plausible"');
  return { game: kind, pegs, symbols, lies, end: end as 'truthful' | 'deniable', lie: lie as 'any' | 'plausible' };
}

/** A strategy file's header: its rules and claimed worst case. */
export function readStrategyHeader(doc: unknown, bad: (why: string) => never): StrategyHeader {
  if (typeof doc !== 'object' || doc === null) bad('expected a JSON object');
  const d = doc as Record<string, unknown>;
  const rules = readCheckedRules(d, bad);
  const claimed = d.worst === undefined ? undefined : wholeField(d, 'worst', 1, 1000, bad);
  if (rules.game === 'ab' && rules.pegs > rules.symbols) bad('the AB game needs at least as many digits as pegs');
  return { ...rules, claimed };
}
