import type { Puzzle } from '../../grid/Puzzle.js';
import { InputError } from '../../errors.js';
import { BLACK, UNKNOWN, WHITE, countOpen, type PropagationStatus } from '../../line/Propagator.js';
import { NonogramCore } from '../NonogramCore.js';

/**
 * One board split into N parts for many machines (cube-and-conquer, as Heule, Kullmann and
 * Marek split the Pythagorean triples): every process computes the same N cubes from the
 * puzzle alone, part K searches cube K to the end, and the parts' answers together are the
 * board's (collection/mergeParts.ts).
 *
 * A cube is a list of cell literals: c + 1 for "cell c (row-major) is black", -(c + 1) for
 * "white" (the certificate formula's cell variables, docs/explanation/certificates.md). The cubes are the
 * leaves of a binary tree: a node's cube is split on one cell into the cube plus "black" and
 * the cube plus "white". So the cubes are disjoint (two leaves disagree on the cell where their
 * paths part) and cover every picture (each picture follows one path down), and the negations
 * of the cubes form a formula with no model, which check-certificate proves.
 *
 * The split is a lookahead on the core, deterministic (no deadline, no randomness, no thread):
 * - a node is propagated and probed to a fixpoint from its cube (and the givens);
 * - it is split on the open cell whose weaker colour, propagated, fixes the most cells (the
 *   parts run side by side, so the slower one, the part that learns least from its colour, is
 *   what to make easy), then on the product (1 + fixed black) * (1 + fixed white) as lookahead
 *   solvers score a branch, then the lowest cell; a cell one of whose colours settles the node
 *   (the other part then has all the work) comes last. On the first 80x80 board the product
 *   alone chose a cell whose white part finished in 1.6 CPU s while the black one ran past
 *   166 s (bench/split, 2026-11-28);
 * - the leaf split next is the one with the most open cells left (the hardest part), the
 *   earliest made on ties; a leaf that probing settled (no open cell: no picture, or one) is
 *   split only when every leaf is settled, on its lowest cell not in its cube.
 * The leaves are numbered in the tree's depth-first order, black branch first.
 */
export type Cube = readonly number[];

/**
 * The most parts a board may be split into (unit: parts; range 1-65,536): each of the N - 1
 * splits probes a node to a fixpoint and scores every open cell, about 2 s a split on an 80x80
 * board (2026-11-28, load average 10), so N is meant to be the number of machines, not of tasks.
 */
export const MAX_SPLIT_PARTS = 1024;

interface Node {
  readonly cube: number[];
  /** Open cells after probing (0: settled, no picture or exactly one). */
  readonly open: number;
  /** The node's probed domains, undefined when it has no picture. */
  readonly domains: Uint8Array | undefined;
  /** Creation order, the tie-break. */
  readonly made: number;
  children?: [Node, Node];
}

/**
 * The `parts` cubes of a puzzle with cells `givens` given black. Throws E_USAGE when the board
 * cannot have that many (parts > MAX_SPLIT_PARTS, or more than 2^(cells - 1): a cube must
 * leave one cell out, so the excluded picture of a certificate is never a unit clause).
 */
export function splitCubes(puzzle: Puzzle, givens: readonly number[], parts: number): Cube[] {
  const cells = puzzle.width * puzzle.height;
  if (!Number.isInteger(parts) || parts < 1 || parts > MAX_SPLIT_PARTS) throw new InputError('E_USAGE', `--split: N must be 1 to ${MAX_SPLIT_PARTS}`);
  if (parts > 1 && (cells < 2 || Math.log2(parts) > cells - 1)) {
    throw new InputError('E_USAGE', `--split: a board of ${cells} cell${cells === 1 ? '' : 's'} cannot be split into ${parts} parts (at most ${cells < 2 ? 1 : 2 ** Math.min(cells - 1, 30)})`);
  }
  if (parts === 1) return [[]];
  const core = new NonogramCore(puzzle);
  try {
    let made = 0;
    const node = (cube: number[]): Node => {
      const d = cubeDomains(cells, givens, cube);
      if (!d) return { cube, open: 0, domains: undefined, made: made++ };
      let status: string = core.load(d);
      if (status === 'stalled') status = core.probe();
      if (status === 'contradiction') return { cube, open: 0, domains: undefined, made: made++ };
      const domains = core.read();
      return { cube, open: countOpen(domains), domains, made: made++ };
    };
    const root = node([]);
    const leaves: Node[] = [root];
    while (leaves.length < parts) {
      let at = 0;
      for (let i = 1; i < leaves.length; i++) {
        const a = leaves[i]!;
        const b = leaves[at]!;
        if (a.open > b.open || (a.open === b.open && a.made < b.made)) at = i;
      }
      const leaf = leaves[at]!;
      const cell = leaf.open > 0 ? bestCell(core, puzzle, leaf.domains!) : firstFree(leaf.cube, cells);
      const children: [Node, Node] = [node([...leaf.cube, cell + 1]), node([...leaf.cube, -(cell + 1)])];
      leaf.children = children;
      leaves.splice(at, 1, ...children);
    }
    const out: Cube[] = [];
    const walk = (n: Node): void => {
      if (n.children) n.children.forEach(walk);
      else out.push(n.cube);
    };
    walk(root);
    return out;
  } finally {
    core.dispose();
  }
}

/** The domains of a board with `givens` black and the cube's cells set; undefined when they disagree. */
function cubeDomains(cells: number, givens: readonly number[], cube: Cube): Uint8Array | undefined {
  const d = new Uint8Array(cells).fill(UNKNOWN);
  for (const g of givens) d[g] = BLACK;
  for (const l of cube) {
    const c = Math.abs(l) - 1;
    const want = l > 0 ? BLACK : WHITE;
    if ((d[c]! & want) === 0) return undefined;
    d[c] = want;
  }
  return d;
}

/**
 * Propagation to a fixpoint from the givens and a cube: where a part's search starts
 * (BlockSolver's `fixpoint`, so the search and SAT see only the cube's pictures).
 */
export function cubeFixpoint(puzzle: Puzzle, givens: readonly number[], cube: Cube): { readonly domains: Uint8Array; readonly status: PropagationStatus } {
  const cells = puzzle.width * puzzle.height;
  const d = cubeDomains(cells, givens, cube);
  if (!d) return { domains: new Uint8Array(cells).fill(UNKNOWN), status: 'contradiction' };
  const core = new NonogramCore(puzzle);
  try {
    const status = core.load(d);
    return { domains: status === 'contradiction' ? d : core.read(), status };
  } finally {
    core.dispose();
  }
}

/** The lowest cell the cube leaves free (there is one: the cube is shorter than the board). */
function firstFree(cube: Cube, cells: number): number {
  const used = new Set(cube.map((l) => Math.abs(l) - 1));
  for (let c = 0; c < cells; c++) if (!used.has(c)) return c;
  throw new InputError('E_USAGE', '--split: the board has too few cells for this many parts');
}

/** The open cell of `domains` (a probed fixpoint) whose two colours, propagated, fix the most cells (see the file comment). */
function bestCell(core: NonogramCore, puzzle: Puzzle, domains: Uint8Array): number {
  const W = puzzle.width;
  const open = countOpen(domains);
  const trial = new Uint8Array(domains.length);
  const fixedBy = (c: number, colour: number): number => {
    trial.set(domains);
    trial[c] = colour;
    const r = core.propagate(trial, [Math.floor(c / W), puzzle.height + (c % W)]);
    // A colour that fails is a cell probing would have fixed; on a probed fixpoint it does not happen.
    return r === 'contradiction' ? open : open - countOpen(trial);
  };
  let best = -1;
  let bestMin = -1;
  let bestProduct = -1;
  for (let c = 0; c < domains.length; c++) {
    if (domains[c] !== UNKNOWN) continue;
    const black = fixedBy(c, BLACK);
    const white = fixedBy(c, WHITE);
    // A colour that settles the node leaves all the work to the other part: such a cell comes last.
    const settles = black === open || white === open;
    const least = settles ? 0 : Math.min(black, white);
    const product = settles ? 0 : (1 + black) * (1 + white);
    if (least > bestMin || (least === bestMin && product > bestProduct)) {
      bestMin = least;
      bestProduct = product;
      best = c;
    }
  }
  return best;
}

/** Whether a grid (0/1 cells, row-major) lies in the cube. */
export function inCube(cells: ArrayLike<number>, cube: Cube): boolean {
  return cube.every((l) => (cells[Math.abs(l) - 1] ? l > 0 : l < 0));
}
