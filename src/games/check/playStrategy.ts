import type { CheckClock } from './CheckClock.js';
import type { CheckGame } from './CheckGame.js';
import type { CheckTree } from './readStrategyTree.js';

/**
 * Plays a strategy tree against every secret and every placement of at most e lies (every
 * value a lie may take), all plays together, depth first: a node carries every (secret, lies
 * so far) pair that reaches it, which is exactly the set of plays that share this line. At a
 * node each pair goes to the child of its true answer and, with a lie left, to every other
 * non-winning answer's child the lie rule allows, with one more lie; a right guess ends the play (truthful end) or
 * may be denied while lies are left (deniable end). Where the tree leaves the rest to the
 * fewest-lies rule, the rule is played here too.
 */
export type PlayOutcome =
  | {
      readonly ok: true;
      readonly worst: number;
      /** Sum of guesses over the plays without a lie (one per secret). */
      readonly truthfulSum: number;
      readonly allSum: number;
      readonly plays: number;
    }
  | {
      readonly ok: false;
      /** The secret of the failing play (index into the codes). */
      readonly secret: number;
      /** The turns of the failing line, up to the failure. */
      readonly path: readonly { readonly guess: string; readonly answer: string }[];
      readonly problem: string;
    };

/** The plays that reach a node: parallel lists of secrets and lies used so far. */
interface Plays {
  readonly s: number[];
  readonly l: number[];
}

/** Throws CheckTimeout at the clock's limit. */
export function playStrategy(game: CheckGame, tree: CheckTree, claimed: number | undefined, clock: CheckClock): PlayOutcome {
  return new StrategyPlay(game, claimed ?? Infinity, clock).run(tree);
}

class StrategyPlay {
  private readonly path: { guess: string; answer: string }[] = [];
  private worst = 0;
  private truthfulSum = 0;
  private allSum = 0;
  private plays = 0;
  private failure: { secret: number; problem: string } | undefined;

  constructor(
    private readonly game: CheckGame,
    private readonly limit: number,
    private readonly clock: CheckClock,
  ) {}

  run(tree: CheckTree): PlayOutcome {
    const n = this.game.codes.length;
    const all = { s: Array.from({ length: n }, (_, i) => i), l: new Array<number>(n).fill(0) };
    if (!this.visit(tree, all, 1)) return { ok: false, secret: this.failure!.secret, path: this.path, problem: this.failure!.problem };
    return { ok: true, worst: this.worst, truthfulSum: this.truthfulSum, allSum: this.allSum, plays: this.plays };
  }

  /** Play `node` (guess number `depth`) for these plays; false at the first failure. */
  private visit(node: CheckTree, here: Plays, depth: number): boolean {
    const guess = node === 'rule' ? this.ruleGuess(here) : node.guess;
    if (depth > this.limit) return this.fail(here.s[0]!, `a play needs guess ${depth} (${guess}) but the file claims at most ${this.limit}`);
    const groups = this.split(guess, here, depth);
    for (const a of [...groups.keys()].sort()) {
      const next = childOf(node, a);
      this.path.push({ guess, answer: a });
      if (next === undefined) return this.fail(groups.get(a)!.s[0]!, `no move after ${guess} is answered ${a}`);
      if (!this.visit(next, groups.get(a)!, depth + 1)) return false;
      this.path.pop();
    }
    return true;
  }

  /** The fewest-lies rule: the first code (in written order) among those with the fewest lies. */
  private ruleGuess(here: Plays): string {
    const { s, l } = here;
    let best = -1;
    for (let i = 0; i < s.length; i++) {
      if (best < 0 || l[i]! < l[best]! || (l[i] === l[best] && s[i]! < s[best]!)) best = i;
    }
    return this.game.codes[s[best]!]!;
  }

  /**
   * The plays after `guess`, grouped by the answer given: the true one, and with a lie left
   * every other non-winning one. Plays the guess wins are counted here and end (or, deniable,
   * go on as denied).
   */
  private split(guess: string, here: Plays, depth: number): Map<string, Plays> {
    const { game } = this;
    const E = game.rules.lies;
    const groups = new Map<string, Plays>();
    const others = game.othersFor(guess);
    this.clock.tick(here.s.length);
    const add = (a: string, s: number, l: number) => {
      let g = groups.get(a);
      if (!g) groups.set(a, (g = { s: [], l: [] }));
      g.s.push(s);
      g.l.push(l);
    };
    for (let i = 0; i < here.s.length; i++) {
      const s = here.s[i]!;
      const l = here.l[i]!;
      if (game.codes[s] === guess) {
        this.won(depth, l);
        if (game.rules.end === 'truthful' || l === E) continue;
        for (const a of others) add(a, s, l + 1);
        continue;
      }
      const t = game.answer(guess, game.codes[s]!);
      add(t, s, l);
      if (l < E) for (const a of others) if (a !== t) add(a, s, l + 1);
    }
    return groups;
  }

  private won(depth: number, lies: number): void {
    this.plays++;
    this.allSum += depth;
    if (depth > this.worst) this.worst = depth;
    if (lies === 0) this.truthfulSum += depth;
  }

  private fail(secret: number, problem: string): false {
    this.failure = { secret, problem };
    return false;
  }
}

/** The node to play after answer `a`: the explicit child, the rule, or none. */
function childOf(node: CheckTree, a: string): CheckTree | undefined {
  if (node === 'rule') return 'rule';
  return node.then.get(a) ?? (node.rest ? 'rule' : undefined);
}
