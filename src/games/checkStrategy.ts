import { InputError } from '../errors.js';

/**
 * The independent strategy checker. It shares no code with the builders: it reads the
 * strategy file (both tree forms) itself, enumerates the codes itself, computes answers with
 * its own function, and plays the tree against every secret and every placement of at most e
 * lies (every answer a lie may take), following the fewest-lies rule itself where the tree
 * leaves the rest to it. All plays are enumerated together, depth first: a node carries
 * every (secret, lies so far) pair that reaches it, which is exactly the set of plays that
 * share this line.
 *
 * It reports the worst number of guesses over all plays, the average over secrets when no
 * answer is a lie, the average over all plays, and the number of plays; or the first line of
 * play that fails (a reachable answer with no move, more guesses than the file claims).
 */
export interface CheckedTurn {
  readonly guess: string;
  readonly answer: string;
  /** The answer is not the true one for this secret. */
  readonly lie: boolean;
}

export type CheckReport =
  | {
      readonly valid: true;
      readonly game: string;
      readonly claimed: number | undefined;
      /** The most guesses any play needs. */
      readonly worst: number;
      /** Average guesses over the secrets when the code-maker never lies. */
      readonly averageTruthful: number;
      /** Average guesses over all plays (each secret and placement of lies once). */
      readonly averageAll: number;
      /** Plays: (secret, placement of lies) pairs, each a leaf of the tree. */
      readonly plays: number;
      readonly secrets: number;
    }
  | {
      readonly valid: false;
      readonly game: string;
      readonly claimed: number | undefined;
      readonly secret: string;
      readonly turns: readonly CheckedTurn[];
      readonly problem: string;
    };

interface CNode {
  guess: string;
  then: Map<string, CNode>;
  rest: boolean;
}

const RULE = 'fewest-lies';

/** Check a strategy file given as its text (JSON). Malformed files throw E_STRATEGY. */
export function checkStrategy(text: string, where = 'strategy'): CheckReport {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new InputError('E_STRATEGY', `${where}: not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  return checkStrategyObject(doc, where);
}

export function checkStrategyObject(doc: unknown, where = 'strategy'): CheckReport {
  const bad = (why: string): never => {
    throw new InputError('E_STRATEGY', `${where}: ${why}`);
  };
  if (typeof doc !== 'object' || doc === null) bad('expected a JSON object');
  const d = doc as Record<string, unknown>;
  const game = d.game;
  if (game !== 'mastermind' && game !== 'ab') bad('"game" must be "mastermind" or "ab"');
  const int = (k: string, lo: number, hi: number): number => {
    const v = d[k];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) bad(`"${k}" must be a whole number from ${lo} to ${hi}`);
    return v as number;
  };
  const P = int('pegs', 1, 10);
  const S = int('symbols', 1, game === 'mastermind' ? 35 : 36);
  const E = int('lies', 0, 9);
  const end = d.end ?? 'truthful';
  if (end !== 'truthful' && end !== 'deniable') bad('"end" must be "truthful" or "deniable"');
  const claimed = d.worst === undefined ? undefined : int('worst', 1, 1000);
  if (game === 'ab' && P > S) bad('the AB game needs at least as many digits as pegs');
  const base = game === 'mastermind' ? 1 : 0;
  const label = `${game} ${P}x${S} e=${E}`;

  // The codes, in written order.
  const codes: string[] = [];
  const cur: number[] = [];
  const used = new Array<boolean>(S).fill(false);
  const chr = (v: number) => (v < 10 ? String(v) : String.fromCharCode(55 + v));
  const gen = (p: number) => {
    if (p === P) {
      codes.push(cur.map((v) => chr(v + base)).join(''));
      return;
    }
    for (let v = 0; v < S; v++) {
      if (game === 'ab' && used[v]) continue;
      used[v] = true;
      cur[p] = v;
      gen(p + 1);
      used[v] = false;
    }
  };
  let count = 1;
  for (let i = 0; i < P; i++) count *= game === 'mastermind' ? S : S - i;
  if (count > 1 << 22) bad(`${count} codes are too many to check (at most ${1 << 22})`);
  gen(0);
  const index = new Map(codes.map((c, i) => [c, i]));
  const win = `${P}A0B`;
  const ans = (a: string, b: string): string => {
    let x = 0;
    const ca = new Map<string, number>();
    const cb = new Map<string, number>();
    for (let i = 0; i < P; i++) {
      if (a[i] === b[i]) x++;
      ca.set(a[i]!, (ca.get(a[i]!) ?? 0) + 1);
      cb.set(b[i]!, (cb.get(b[i]!) ?? 0) + 1);
    }
    let both = 0;
    for (const [ch, n] of ca) both += Math.min(n, cb.get(ch) ?? 0);
    return `${x}A${both - x}B`;
  };
  // Answers the code-maker may give: those some guess and some secret produce. Guesses with
  // the same multiset of symbol counts give the same set, so one guess per such shape.
  const alphabet = new Set<string>();
  const shapes = new Set<string>();
  for (const g of codes) {
    const counts = new Map<string, number>();
    for (const ch of g) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const shape = [...counts.values()].sort().join(',');
    if (shapes.has(shape)) continue;
    shapes.add(shape);
    for (const s of codes) alphabet.add(ans(g, s));
  }
  const others = [...alphabet].filter((a) => a !== win).sort();

  const tree = readTree(d.tree, P, codes, index, bad);

  // Depth-first over the tree with the plays that reach each node.
  const path: { guess: string; answer: string }[] = [];
  let worst = 0;
  let truthfulSum = 0;
  let allSum = 0;
  let plays = 0;
  let failure: { secret: number; problem: string } | undefined;
  const limit = claimed ?? Infinity;

  const visit = (node: CNode | 'rule', secrets: number[], lies: number[], depth: number): boolean => {
    let guess: string;
    if (node === 'rule') {
      let best = -1;
      for (let i = 0; i < secrets.length; i++) {
        if (best < 0 || lies[i]! < lies[best]! || (lies[i] === lies[best] && secrets[i]! < secrets[best]!)) best = i;
      }
      guess = codes[secrets[best]!]!;
    } else {
      guess = node.guess;
    }
    if (depth > limit) {
      failure = { secret: secrets[0]!, problem: `a play needs guess ${depth} (${guess}) but the file claims at most ${limit}` };
      return false;
    }
    const groups = new Map<string, { s: number[]; l: number[] }>();
    const add = (a: string, s: number, l: number) => {
      let g = groups.get(a);
      if (!g) groups.set(a, (g = { s: [], l: [] }));
      g.s.push(s);
      g.l.push(l);
    };
    for (let i = 0; i < secrets.length; i++) {
      const s = secrets[i]!;
      const l = lies[i]!;
      const right = codes[s] === guess;
      if (right) {
        plays++;
        allSum += depth;
        if (depth > worst) worst = depth;
        if (l === 0) truthfulSum += depth;
        if (end === 'truthful' || l === E) continue;
        for (const a of others) add(a, s, l + 1);
        continue;
      }
      const t = ans(guess, codes[s]!);
      add(t, s, l);
      if (l < E) for (const a of others) if (a !== t) add(a, s, l + 1);
    }
    for (const a of [...groups.keys()].sort()) {
      const g = groups.get(a)!;
      let next: CNode | 'rule' | undefined;
      if (node === 'rule') next = 'rule';
      else next = node.then.get(a) ?? (node.rest ? 'rule' : undefined);
      path.push({ guess, answer: a });
      if (next === undefined) {
        failure = { secret: g.s[0]!, problem: `no move after ${guess} is answered ${a}` };
        return false;
      }
      if (!visit(next, g.s, g.l, depth + 1)) return false;
      path.pop();
    }
    return true;
  };

  const all = codes.map((_, i) => i);
  if (!visit(tree, all, new Array<number>(codes.length).fill(0), 1)) {
    const f = failure!;
    const secret = codes[f.secret]!;
    return {
      valid: false,
      game: label,
      claimed,
      secret,
      turns: path.map((t) => ({ guess: t.guess, answer: t.answer, lie: ans(t.guess, secret) !== t.answer })),
      problem: f.problem,
    };
  }
  return {
    valid: true,
    game: label,
    claimed,
    worst,
    averageTruthful: truthfulSum / codes.length,
    averageAll: allSum / plays,
    plays,
    secrets: codes.length,
  };
}

/** The tree in either form, its guesses checked against the codes. */
function readTree(
  t: unknown,
  P: number,
  codes: readonly string[],
  index: ReadonlyMap<string, number>,
  bad: (why: string) => never,
): CNode | 'rule' {
  const code = (s: unknown, at: string): string => {
    const c = typeof s === 'string' ? s.toUpperCase() : '';
    if (!index.has(c)) bad(`${at}: ${JSON.stringify(s)} is not a code of this game`);
    return c;
  };
  if (t === RULE || t === '*') return 'rule';
  if (typeof t === 'string') {
    const src: string = t;
    let at = 0;
    const node = (): CNode => {
      const guess = code(src.slice(at, at + P), `tree character ${at + 1}`);
      at += P;
      const then = new Map<string, CNode>();
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
    if (at !== t.length) bad(`tree character ${at + 1}: text after the tree`);
    return root;
  }
  const node = (o: unknown, at: string): CNode => {
    if (typeof o !== 'object' || o === null) bad(`${at}: expected a node {"guess": ...}`);
    const n = o as Record<string, unknown>;
    const guess = code(n.guess, `${at}.guess`);
    const then = new Map<string, CNode>();
    if (n.then !== undefined) {
      if (typeof n.then !== 'object' || n.then === null) bad(`${at}.then: expected an object of answers`);
      for (const [k, v] of Object.entries(n.then)) {
        const m = /^(\d+)A(\d+)B$/i.exec(k);
        if (!m || Number(m[1]) + Number(m[2]) > P) bad(`${at}.then: "${k}" is not an answer`);
        then.set(`${Number(m[1])}A${Number(m[2])}B`, node(v, `${at}.then.${k}`));
      }
    }
    if (n.otherwise !== undefined && n.otherwise !== RULE) bad(`${at}.otherwise: the only rule is "${RULE}"`);
    return { guess, then, rest: n.otherwise === RULE };
  };
  if (t === undefined) bad('"tree" is missing');
  return node(t, 'tree');
}
