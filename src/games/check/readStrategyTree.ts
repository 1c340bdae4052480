/**
 * A strategy file's tree as the checker reads it, in either written form (docs/reference/games-files.md):
 * compact (one string) or readable (nested objects). Guesses are checked against the game's
 * codes; answers are kept as `xAyB` strings.
 */
export interface CheckNode {
  readonly guess: string;
  readonly then: ReadonlyMap<string, CheckNode>;
  /** Answers without a child are left to the fewest-lies rule. */
  readonly rest: boolean;
}

/** A tree: a node, or 'rule' (the fewest-lies rule from the first guess). */
export type CheckTree = CheckNode | 'rule';

export const RULE = 'fewest-lies';

export function readStrategyTree(t: unknown, pegs: number, index: ReadonlyMap<string, number>, bad: (why: string) => never): CheckTree {
  const code = (s: unknown, at: string): string => {
    const c = typeof s === 'string' ? s.toUpperCase() : '';
    if (!index.has(c)) bad(`${at}: ${JSON.stringify(s)} is not a code of this game`);
    return c;
  };
  if (t === RULE || t === '*') return 'rule';
  if (typeof t === 'string') return readCompact(t, pegs, code, bad);
  if (t === undefined) bad('"tree" is missing');
  return readReadable(t, 'tree', pegs, code, bad);
}

type CodeReader = (s: unknown, at: string) => string;

/** `1122{10...}*`: a node is its guess, `{` children `}` if any, `*` if the rest is the rule. */
function readCompact(src: string, P: number, code: CodeReader, bad: (why: string) => never): CheckNode {
  let at = 0;
  const node = (): CheckNode => {
    const guess = code(src.slice(at, at + P), `tree character ${at + 1}`);
    at += P;
    const then = new Map<string, CheckNode>();
    if (src[at] === '{') {
      at++;
      while (src[at] !== '}') {
        if (at + 2 > src.length) bad(`tree character ${at + 1}: missing '}'`);
        const x = parseInt(src[at]!, 36);
        const y = parseInt(src[at + 1]!, 36);
        if (!(x >= 0 && y >= 0 && x + y <= P)) bad(`tree character ${at + 1}: '${src.slice(at, at + 2)}' is not an answer`);
        const a = `${x}A${y}B`;
        if (then.has(a)) bad(`tree character ${at + 1}: answer ${a} twice`);
        at += 2;
        then.set(a, node());
      }
      at++;
    }
    const rest = src[at] === '*';
    if (rest) at++;
    return { guess, then, rest };
  };
  const root = node();
  if (at !== src.length) bad(`tree character ${at + 1}: text after the tree`);
  return root;
}

/** `{"guess": "1122", "then": {"1A0B": {...}}, "otherwise": "fewest-lies"}`. */
function readReadable(o: unknown, at: string, P: number, code: CodeReader, bad: (why: string) => never): CheckNode {
  if (typeof o !== 'object' || o === null) bad(`${at}: expected a node {"guess": ...}`);
  const n = o as Record<string, unknown>;
  const guess = code(n.guess, `${at}.guess`);
  const then = new Map<string, CheckNode>();
  if (n.then !== undefined) {
    if (typeof n.then !== 'object' || n.then === null) bad(`${at}.then: expected an object of answers`);
    for (const [k, v] of Object.entries(n.then)) {
      const m = /^(\d+)A(\d+)B$/i.exec(k);
      if (!m || Number(m[1]) + Number(m[2]) > P) bad(`${at}.then: "${k}" is not an answer`);
      then.set(`${Number(m![1])}A${Number(m![2])}B`, readReadable(v, `${at}.then.${k}`, P, code, bad));
    }
  }
  if (n.otherwise !== undefined && n.otherwise !== RULE) bad(`${at}.otherwise: the only rule is "${RULE}"`);
  return { guess, then, rest: n.otherwise === RULE };
}
