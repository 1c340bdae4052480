// Plain, slow reference implementations for the games tests: codes as strings, answers by
// counting, tuples as maps. They share nothing with src/games/.

export interface TinyGame {
  readonly kind: 'mastermind' | 'ab';
  readonly pegs: number;
  readonly symbols: number;
}

/** Every code, in written order. */
export function allCodes(g: TinyGame): string[] {
  const base = g.kind === 'mastermind' ? 1 : 0;
  const out: string[] = [];
  const rec = (prefix: string) => {
    if (prefix.length === g.pegs) {
      out.push(prefix);
      return;
    }
    for (let v = 0; v < g.symbols; v++) {
      const ch = (v + base).toString(36).toUpperCase();
      if (g.kind === 'ab' && prefix.includes(ch)) continue;
      rec(prefix + ch);
    }
  };
  rec('');
  return out;
}

export function refAnswer(a: string, b: string): string {
  let x = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) x++;
  let common = 0;
  const rest = b.split('');
  for (const ch of a) {
    const k = rest.indexOf(ch);
    if (k >= 0) {
      common++;
      rest.splice(k, 1);
    }
  }
  return `${x}A${common - x}B`;
}

/**
 * The level (lies needed) of each code after a history, or -1 when out: a PA0B answer is
 * never a lie; with the truthful end a right guess is never denied.
 */
export function refLevels(g: TinyGame, lies: number, end: 'truthful' | 'deniable', turns: readonly [string, string][]): Map<string, number> {
  const win = `${g.pegs}A0B`;
  const out = new Map<string, number>();
  for (const c of allCodes(g)) {
    let n = 0;
    let ok = true;
    for (const [guess, answer] of turns) {
      if (answer === win && c !== guess) ok = false;
      if (answer !== win && c === guess && end === 'truthful') ok = false;
      if (refAnswer(guess, c) !== answer) n++;
    }
    if (ok && n <= lies) out.set(c, n);
  }
  return out;
}

/** The answers of the game: those some pair of codes gives. */
export function refAlphabet(g: TinyGame): string[] {
  const codes = allCodes(g);
  const s = new Set<string>();
  for (const a of codes) for (const b of codes) s.add(refAnswer(a, b));
  return [...s].sort();
}

/**
 * The exact worst case by plain minimax: the fewest guesses that win every play (every
 * secret, every placement of at most e lies, each lie any answer but the true one, or under
 * the plausible rule one that some code gives to that guess). Tuples are maps code -> lies used.
 */
export function refOptimum(g: TinyGame, lies: number, end: 'truthful' | 'deniable', maxT = 12, lie: 'any' | 'plausible' = 'any'): number {
  const codes = allCodes(g);
  const win = `${g.pegs}A0B`;
  const alphabet = refAlphabet(g).filter((a) => a !== win);
  // The answers a guess may get: any of the game's, or (plausible) those some code gives it.
  const answersOf = new Map(codes.map((guess) => [guess, lie === 'any' ? alphabet : alphabet.filter((a) => codes.some((c) => refAnswer(guess, c) === a))]));
  const memo = new Map<string, boolean>();
  const key = (s: Map<string, number>, t: number) => t + ':' + [...s].sort().map(([c, l]) => c + l).join(',');
  const child = (s: Map<string, number>, guess: string, r: string) => {
    const out = new Map<string, number>();
    for (const [c, l] of s) {
      if (c === guess) {
        if (end === 'deniable' && l < lies) out.set(c, l + 1);
        continue;
      }
      const t = refAnswer(guess, c);
      if (t === r) out.set(c, l);
      else if (l < lies) out.set(c, l + 1);
    }
    return out;
  };
  const wins = (s: Map<string, number>, t: number): boolean => {
    if (s.size === 0) return true;
    if (t === 0) return false;
    const k = key(s, t);
    const m = memo.get(k);
    if (m !== undefined) return m;
    let ok = false;
    for (const guess of codes) {
      if (answersOf.get(guess)!.every((r) => wins(child(s, guess, r), t - 1))) {
        ok = true;
        break;
      }
    }
    memo.set(k, ok);
    return ok;
  };
  const start = new Map(codes.map((c) => [c, 0]));
  for (let t = 1; t <= maxT; t++) if (wins(start, t)) return t;
  return Infinity;
}
