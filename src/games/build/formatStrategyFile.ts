import { formatAnswer } from '../model/Answer.js';
import type { Rules } from '../model/Rules.js';
import { GAMES_TUNING } from '../tuning.js';
import { parseCompact, RULE_NAME, type StrategyNode } from './StrategyTree.js';

/**
 * The strategy file (JSON), documented in docs/reference/games-files.md:
 *
 *   {"format": "nonocrypt-strategy", "version": 1,
 *    "game": "mastermind", "pegs": 4, "symbols": 6, "lies": 1, "end": "truthful", "lie": "any",
 *    "worst": 7,            the claim `check` verifies: every play wins within this many guesses
 *    "rule": "...",         what the fewest-lies rule is, in words
 *    "tree": {...} | "..."} the tree, readable (nested objects) or compact (one string)
 *
 * Trees up to READABLE_MAX_CHARS (tuning.ts) characters of compact text are written readable.
 */

export const RULE_TEXT =
  'fewest-lies: where a node leaves an answer to the rule, play on by guessing the code that contradicts the fewest answers so far (the first in written order among ties), to the end of the game';

export interface StrategyInfo {
  readonly worst: number;
  /** Extra fields written after the tree's header (e.g. how it was built). */
  readonly extra?: Record<string, unknown>;
}

export function formatStrategyFile(rules: Rules, compact: string, info: StrategyInfo): string {
  const tree = compact.length <= GAMES_TUNING.READABLE_MAX_CHARS.value ? readable(rules, compact) : compact;
  const doc = {
    format: 'nonocrypt-strategy',
    version: 1,
    game: rules.kind,
    pegs: rules.pegs,
    symbols: rules.symbols,
    lies: rules.lies,
    end: rules.end,
    lie: rules.lie,
    worst: info.worst,
    rule: RULE_TEXT,
    ...info.extra,
    tree,
  };
  if (typeof tree === 'string') return JSON.stringify(doc) + '\n';
  return JSON.stringify(doc, null, 1) + '\n';
}

function readable(rules: Rules, compact: string): unknown {
  const t = parseCompact(compact, rules);
  if (t === 'rule') return RULE_NAME;
  const walk = (n: StrategyNode): unknown => {
    const then: Record<string, unknown> = {};
    for (const [a, c] of [...n.then].sort((x, y) => x[0] - y[0])) then[formatAnswer(rules.pegs, a)] = walk(c);
    return {
      guess: rules.game.format(n.guess),
      ...(n.then.size ? { then } : {}),
      ...(n.rest ? { otherwise: RULE_NAME } : {}),
    };
  };
  return walk(t);
}
