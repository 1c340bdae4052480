import { NonocryptError } from '../../errors.js';
import { packAnswer } from '../model/Answer.js';
import type { Rules } from '../model/Rules.js';
import { symbolChar, symbolValue } from '../model/symbolChar.js';

/**
 * The strategy tree and its two written forms (docs/reference/games-files.md has the file format).
 *
 * A node is a guess with the node to play after each answer. Answers without a node are
 * either impossible there (no code fits them within the lies left) or, when the node says so
 * (`rest`), left to the fewest-lies rule (tuple/fewestLies.ts) for the rest of the game. `PA0B` has
 * no node: the game is over.
 *
 * Compact form (one string, for large trees): a node is its guess (P symbols) followed by
 * `{` child* `}` when it has explicit children, and `*` when the rest is the rule; a child
 * is the answer as two characters x y (e.g. `10` for 1A0B) followed by its node. A whole tree
 * may also be just `*` (the rule from the first guess). Example, Mastermind: `1122{001345*20...}*`.
 *
 * Readable form: `{"guess":"1122","then":{"1A0B":{...},...},"otherwise":"fewest-lies"}`.
 */
export interface StrategyNode {
  /** The guess, a code index. */
  readonly guess: number;
  /** Explicit children by packed answer, ascending. */
  readonly then: ReadonlyMap<number, StrategyNode>;
  /** Answers without a child continue with the fewest-lies rule. */
  readonly rest: boolean;
}

/** A tree: a node, or 'rule' (the fewest-lies rule from the start). */
export type StrategyTree = StrategyNode | 'rule';

export const RULE_NAME = 'fewest-lies';

/** The compact text of an answer: x and y as two symbol characters. */
export function answerChars(pegs: number, a: number): string {
  return symbolChar(Math.floor(a / (pegs + 1))) + symbolChar(a % (pegs + 1));
}

export function parseCompact(text: string, rules: Rules): StrategyTree {
  const { game } = rules;
  const P = game.pegs;
  let at = 0;
  const fail = (why: string): never => {
    throw new NonocryptError('E_STRATEGY', `strategy tree, character ${at + 1}: ${why}`);
  };
  const node = (): StrategyNode => {
    if (at + P > text.length) fail('a guess is cut short');
    const guess = game.parse(text.slice(at, at + P), `strategy tree, character ${at + 1}`);
    at += P;
    const then = new Map<number, StrategyNode>();
    if (text[at] === '{') {
      at++;
      while (text[at] !== '}') {
        if (at + 2 > text.length) fail("missing '}'");
        const x = symbolValue(text[at]!);
        const y = symbolValue(text[at + 1]!);
        if (x < 0 || y < 0 || x + y > P) fail(`'${text.slice(at, at + 2)}' is not an answer`);
        const a = packAnswer(P, x, y);
        if (then.has(a)) fail(`answer ${x}A${y}B twice`);
        at += 2;
        then.set(a, node());
      }
      at++;
    }
    const rest = text[at] === '*';
    if (rest) at++;
    return { guess, then, rest };
  };
  if (text.trim() === '*') return 'rule';
  const root = node();
  if (at !== text.length) fail('text after the tree');
  return root;
}
