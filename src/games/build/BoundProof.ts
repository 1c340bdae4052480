import type { Rules } from '../model/Rules.js';
import { symbolChar } from '../model/symbolChar.js';
import type { CodePermutation } from '../tuple/Symmetry.js';
import { answerChars } from './StrategyTree.js';

/**
 * A lower-bound proof as the search builds it: why a tuple with t guesses left is lost (no
 * strategy wins every play from it within t guesses). Written as text by `proofText`, the
 * body of a proof file (docs/reference/games-files.md, "Lower-bound proofs", has the grammar):
 *
 * - `V<w>;`: volume: the tuple's weight w is more than b(t);
 * - `(<n>,<b>:<entries>)`: a split: n guesses are refuted one step ahead by volume (each has a
 *   child heavier than b = b(t - 1), the most a tuple won within t - 1 guesses weighs), and
 *   every other guess is an entry: the guess, the answer that loses (two characters, x y),
 *   `[member=positions/symbols,...]` when it stands for a symmetry class (each member with the
 *   permutation that maps it to the guess and fixes every guess before it), then the child's
 *   proof with t - 1 guesses left;
 *   (version 2) the entries may end with `|`: every other guess not refuted by volume has an
 *   answer whose child is a split with every guess refuted by volume (`(N,b':)`, most of a large
 *   proof's splits); neither the guesses, nor the answers, nor the children are written: the
 *   checker finds them;
 *   (version 3) or with `^`: the same one level further down: every other guess not refuted by
 *   volume has an answer whose child is a split that `|` alone proves (`(N,b':|)` or `(N,b':)`);
 *   or with `~`, two levels further down (a child that `^` alone proves); the checker finds
 *   those guesses, their answers, and the answers below them;
 * - `@<k>;`: the same tuple as the k-th most recent labelled split (written `#(...)`), proven
 *   with at least as many guesses left.
 */
export type ProofNode = VolumeLeaf | Split | SameAs;

export interface VolumeLeaf {
  readonly kind: 'volume';
  readonly weight: number;
}

export interface Split {
  readonly kind: 'split';
  /** Guesses refuted one step ahead by volume. */
  readonly byVolume: number;
  /** b(t - 1): each of them has a child heavier than this. */
  readonly bound: number;
  readonly entries: readonly ProofEntry[];
  /**
   * Set when the entries are left out (GamesCore.ts): the split's `foundDepth`, 1 to
   * FOUND_DEPTH_MOST. Its text never shows its entries anyway: one level up it is left out,
   * and alone it is its head and the mark of its entries' depth.
   */
  readonly found?: number;
}

export interface SameAs {
  readonly kind: 'same';
  readonly target: Split;
}

export interface ProofEntry {
  readonly guess: number;
  readonly answer: number;
  /** The other guesses of the guess's symmetry class, each with sigma(member) = guess. */
  readonly members: readonly ClassMember[];
  readonly child: ProofNode;
}

export interface ClassMember {
  readonly code: number;
  readonly perm: CodePermutation;
}

/** An entry's text: the guess, the losing answer, the class members, the child's proof. */
export function entryText(rules: Rules, e: ProofEntry, childText: string): string {
  return rules.game.format(e.guess) + answerChars(rules.pegs, e.answer) + membersText(rules, e.members) + childText;
}

export function membersText(rules: Rules, members: readonly ClassMember[]): string {
  if (members.length === 0) return '';
  const { game } = rules;
  const perm = (p: CodePermutation) => [...p.positions].map((i) => symbolChar(i + 1)).join('') + '/' + [...p.symbols].map((v) => symbolChar(v + game.base)).join('');
  return '[' + members.map((m) => `${game.format(m.code)}=${perm(m.perm)}`).join(',') + ']';
}

/** Text in pieces that `make` writes afresh at each iteration (a proof is too long to keep whole). */
export const reiterable = (make: () => Iterable<string>): Iterable<string> => ({ [Symbol.iterator]: () => make()[Symbol.iterator]() });

/** The head of a split's text, up to its entries: `(n,m:`. */
export const splitHead = (s: Pick<Split, 'byVolume' | 'bound'>) => `(${s.byVolume},${s.bound}:`;

/**
 * The deepest proof the text leaves to the checker (unit: levels of splits; range 1-3, the marks
 * `|`, `^` and `~`; 1 writes version 2's text). Each level down makes the files smaller and the
 * check longer, as the checker then finds the answers the text would have named. Measured
 * 2026-11-30 (`bound --proof`, then `check`, one process each, CPU s; docs/reference/games-files.md,
 * "Lower-bound proofs"): AB 3 of 7 e = 2 at 9 guesses, 519,284 / 82,230 / 6,475 bytes of gzip at depths 1 / 2
 * / 3, check 28.6 / 29.3 / 33.8 s; Mastermind 4x4 e = 2 at 8, 1,795,796 / 103,386 / 5,494 bytes,
 * check 41.2 / 56.4 / 77.3 s. The games core (GamesCore.ts) is given it, to keep each split's
 * depth as it makes the split.
 */
export const FOUND_DEPTH_MOST = 3;
const FOUND_MARK = ['', '|', '^', '~'] as const;

/**
 * How far down the checker finds a node's proof by itself: 1 for a split with no entries (every
 * guess refuted one step ahead by volume; `|` stands for it), d + 1 for a split whose entries'
 * children are all found, the deepest at depth d (it is written `(n,b:|)`, `(n,b:^)`, ...; the
 * mark one level up stands for it), up to FOUND_DEPTH_MOST; 0 for any other node. `known` keeps
 * each split's depth once computed (proofText asks for every split at least twice).
 */
function foundDepth(n: ProofNode, known: Map<Split, number>): number {
  const s = n.kind === 'same' ? n.target : n;
  if (s.kind !== 'split') return 0;
  if (s.found !== undefined) return s.found;
  let depth = known.get(s);
  if (depth === undefined) {
    depth = 1;
    for (const e of s.entries) {
      const d = foundDepth(e.child, known);
      if (d === 0 || d === FOUND_DEPTH_MOST) {
        depth = 0;
        break;
      }
      depth = Math.max(depth, d + 1);
    }
    known.set(s, depth);
  }
  return depth;
}

/**
 * The text of a proof tree. A split's entries whose child the checker finds by itself
 * (`foundDepth`) are not written: the split's end says how deep the deepest of them is (`|` 1,
 * `^` 2, `~` 3); the splits they stand for are never labelled
 * (the `same` nodes that point to one are entries left out too), and the root is written as it
 * is. A split is written out where the text first meets it: in its own place, or through a
 * `same` node when it was proven in a branch the search later left; a split met again later is
 * labelled `#`, and the reference `@k;` counts labels back from it. `newlineDepth`: entries down
 * to this depth end with a line break (readable files).
 */
export function proofText(rules: Rules, root: ProofNode, newlineDepth = 0): string {
  const known = new Map<Split, number>();
  // Pass 1: which splits are met again after they are written.
  const written = new Set<Split>();
  const labelled = new Set<Split>();
  const mark = (n: ProofNode, top = false): void => {
    if (n.kind === 'volume' || (!top && foundDepth(n, known) > 0)) return;
    const s = n.kind === 'same' ? n.target : n;
    if (written.has(s)) {
      labelled.add(s);
      return;
    }
    for (const e of s.entries) mark(e.child);
    written.add(s);
  };
  mark(root, true);
  // Pass 2: the text, labels numbered in the order their splits end.
  const order = new Map<Split, number>();
  const out: string[] = [];
  const write = (n: ProofNode, depth: number): void => {
    if (n.kind === 'volume') {
      out.push(`V${n.weight};`);
      return;
    }
    const s = n.kind === 'same' ? n.target : n;
    const at = order.get(s);
    if (at !== undefined) {
      out.push(`@${order.size - at};`);
      return;
    }
    if (labelled.has(s)) out.push('#');
    out.push(splitHead(s));
    // A split whose entries were left out ends with the mark of their depth.
    let found = s.found === undefined ? 0 : s.found - 1;
    for (const e of s.entries) {
      const d = foundDepth(e.child, known);
      if (d > 0) {
        found = Math.max(found, d);
        continue;
      }
      out.push(rules.game.format(e.guess) + answerChars(rules.pegs, e.answer) + membersText(rules, e.members));
      write(e.child, depth + 1);
      if (depth < newlineDepth) out.push('\n');
    }
    out.push(`${FOUND_MARK[found]})`);
    if (labelled.has(s)) order.set(s, order.size);
  };
  write(root, 0);
  return out.join('');
}
