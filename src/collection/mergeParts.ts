import { InputError } from '../errors.js';
import { listed } from '../formats/listed.js';
import { checkGrid } from '../grid/checkGrid.js';
import { gridRows, makeGrid, type Clue, type Puzzle } from '../grid/Puzzle.js';
import { puzzleId } from '../grid/puzzleId.js';
import type { SolveResult } from '../solve/SolveResult.js';
import { inCube, type Cube } from '../solve/split/splitCubes.js';

/**
 * The parts of a split board (`solve FILE --split K/N --json`, puzzle/solvePart.ts) and their
 * verdict together (`merge PART...`). A part's document is the one protocol between them:
 * `partDocument` writes it, `readPart` reads it back and refuses anything else.
 *
 * The board's verdict from the N parts (the cubes are disjoint and cover every picture):
 * - `multiple` when the parts found two different pictures, whether or not every part finished
 *   or was given at all (the two pictures are the proof: a recipe may stop the other parts as
 *   soon as one part finds two, docs/how-to/many-machines.md "One board on many machines");
 * - otherwise `unknown` when some part did not finish (they are named, with why);
 * - `unique` when exactly one picture was found, `none` when none was.
 * Parts of different boards (their puzzle identity), of different N, or a part given twice are
 * refused (E_PARTS), naming the files and the parts; so are missing parts, unless the parts given
 * hold two pictures (then the missing ones are listed as unfinished, "not given"), a picture
 * outside the cube of the part that gives it, and parts whose cubes are not the leaves of one
 * tree (cubeTreeFault: parts split by different versions would leave pictures in no cube, and a
 * `none` or `unique` from them would be false).
 *
 * What merge checks and what it takes on trust. Each part carries the board's clues and given
 * cells; they must hash to the part's puzzle identity, and every picture a part gives is checked
 * against them by checkGrid (grid/checkGrid.ts, which shares no code with the search), so an
 * edited or corrupt part cannot make a `multiple` or `unique` out of a picture that fits no
 * clue. A finished part's claim that its cube holds no other picture cannot be checked without
 * searching the cube again: a part relabelled `none` is taken at its word. Parts from machines
 * one does not trust are proved with `solve --split K/N --certify DIR` and `check-certificate`.
 */
export interface PartDocument {
  /** The puzzle's identity (grid/puzzleId.ts) of `rows`, `cols` and `givens`. */
  readonly puzzle: string;
  readonly width: number;
  readonly height: number;
  /** The board's clues, which merge checks every picture against: rows top to bottom, columns left to right. */
  readonly rows: readonly Clue[];
  readonly cols: readonly Clue[];
  /** The cells given black, as [x, y] from 0 (as the puzzle JSON format writes them). */
  readonly givens: readonly (readonly [number, number])[];
  readonly split: { readonly part: number; readonly parts: number; readonly cube: Cube };
  /** The cube's verdict. */
  readonly status: 'unique' | 'multiple' | 'none' | 'unknown';
  /** The cube was searched to the end (every status but `unknown`). */
  readonly finished: boolean;
  /** Why the part did not finish. */
  readonly reason?: string;
  /** The pictures found in the cube (0, 1 or 2), as rows of `#` and `.`. */
  readonly solutions: readonly (readonly string[])[];
}

/**
 * A part's document from its verdict on `puzzle` with `givens` (row-major cells), whose identity
 * is `id`. require: `result` is not first-solution mode's 'found'.
 */
export function partDocument(id: string, puzzle: Puzzle, givens: readonly number[], part: number, parts: number, cube: Cube, result: SolveResult): PartDocument {
  if (result.status === 'found') throw new InputError('E_USAGE', '--split searches a cube to the end: --first does not apply');
  const grids = result.status === 'unique' ? [result.grid] : result.status === 'multiple' ? result.grids : [];
  const w = puzzle.width;
  return {
    puzzle: id,
    width: w,
    height: puzzle.height,
    rows: puzzle.rows,
    cols: puzzle.cols,
    givens: [...givens].sort((a, b) => a - b).map((c) => [c % w, Math.floor(c / w)] as const),
    split: { part, parts, cube: [...cube] },
    status: result.status,
    finished: result.status !== 'unknown',
    ...(result.status === 'unknown' ? { reason: result.reason } : {}),
    solutions: grids.map(gridRows),
  };
}

/** A part's document from its JSON text (`where` names the file in errors); other fields are ignored. */
export function readPart(text: string, where: string): PartDocument {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new InputError('E_JSON', `${where}: not JSON (${e instanceof Error ? e.message : String(e)}): expected the --json output of solve --split K/N`);
  }
  const bad = (why: string): never => {
    throw new InputError('E_JSON', `${where}: ${why}: expected the --json output of solve --split K/N`);
  };
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) bad('not a JSON object');
  const d = doc as Record<string, unknown>;
  const split = d.split as Record<string, unknown> | undefined;
  if (typeof split !== 'object' || split === null) bad('no "split" (a whole board\'s verdict, not a part)');
  const whole = (v: unknown, min: number) => typeof v === 'number' && Number.isInteger(v) && v >= min;
  if (typeof d.puzzle !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(d.puzzle)) bad('"puzzle" is not a puzzle identity (sha256:...)');
  if (!whole(d.width, 1) || !whole(d.height, 1)) bad('"width" and "height" must be whole numbers from 1');
  const W = d.width as number;
  const H = d.height as number;
  if (d.rows === undefined && d.cols === undefined) {
    throw new InputError('E_JSON', `${where}: a part written by an older nonocrypt, without "rows" and "cols" (the clues merge checks its pictures against): run solve --split K/N again`);
  }
  const clues = (v: unknown, count: number) => Array.isArray(v) && v.length === count && v.every((c) => Array.isArray(c) && c.every((r) => whole(r, 1)));
  if (!clues(d.rows, H) || !clues(d.cols, W)) bad(`"rows" and "cols" must be ${H} and ${W} clues, each a list of run lengths`);
  const givens = d.givens ?? [];
  if (!Array.isArray(givens) || givens.some((g) => !Array.isArray(g) || g.length !== 2 || !whole(g[0], 0) || !whole(g[1], 0) || g[0] >= W || g[1] >= H)) {
    bad(`"givens" must list cells [x, y] on the ${W} x ${H} board`);
  }
  if (!whole(split!.parts, 1) || !whole(split!.part, 1) || (split!.part as number) > (split!.parts as number)) bad('"split" needs "part" K and "parts" N with 1 <= K <= N');
  const cube = split!.cube;
  if (!Array.isArray(cube) || cube.some((l) => !Number.isInteger(l) || l === 0 || Math.abs(l as number) > W * H)) bad(`"split.cube" must list cell literals (1..${W * H}, negative for white)`);
  const statuses = ['unique', 'multiple', 'none', 'unknown'];
  if (typeof d.status !== 'string' || !statuses.includes(d.status)) bad(`"status" must be one of ${statuses.join(', ')}`);
  const status = d.status as PartDocument['status'];
  const solutions = d.solutions;
  const want = status === 'unique' ? 1 : status === 'multiple' ? 2 : status === 'none' ? 0 : -1;
  if (!Array.isArray(solutions) || (want >= 0 && solutions.length !== want) || solutions.length > 2) bad(`"solutions" must hold the ${status} verdict's pictures`);
  for (const s of solutions as unknown[]) {
    if (!Array.isArray(s) || s.length !== H || s.some((r) => typeof r !== 'string' || !new RegExp(`^[#.]{${W}}$`).test(r))) bad(`a solution is not ${H} rows of ${W} # and . cells`);
  }
  if (typeof d.finished !== 'boolean' || d.finished !== (status !== 'unknown')) bad('"finished" must be true exactly when the status is not unknown');
  return {
    puzzle: d.puzzle as string,
    width: W,
    height: H,
    rows: d.rows as number[][],
    cols: d.cols as number[][],
    givens: givens as [number, number][],
    split: { part: split!.part as number, parts: split!.parts as number, cube: cube as number[] },
    status,
    finished: d.finished as boolean,
    ...(typeof d.reason === 'string' ? { reason: d.reason } : {}),
    solutions: solutions as string[][],
  };
}

/** The reason of a part that was not given (only when the parts given hold two pictures). */
export const NOT_GIVEN = 'not given';

export interface MergedVerdict {
  readonly status: 'unique' | 'multiple' | 'none' | 'unknown';
  /** The pictures (rows): one for unique, two for multiple, the one found so far for unknown (from the parts named in `foundIn`). */
  readonly solutions: readonly (readonly string[])[];
  /** For each picture, the part that found it. */
  readonly foundIn: readonly number[];
  readonly width: number;
  readonly height: number;
  /** N. */
  readonly parts: number;
  /** The parts that did not finish, with why (for `unknown`; also listed with `multiple`, with the parts not given). */
  readonly unfinished: readonly { readonly part: number; readonly reason: string }[];
}

/** The board's verdict from its N parts (see the file comment); `names` name the parts' files, in order. */
export async function mergeParts(parts: readonly PartDocument[], names: readonly string[]): Promise<MergedVerdict> {
  if (parts.length === 0) throw new InputError('E_USAGE', 'merge needs the parts: the --json outputs of solve --split K/N');
  const first = parts[0]!;
  const N = first.split.parts;
  const byPart = new Map<number, number>();
  parts.forEach((p, i) => {
    if (p.puzzle !== first.puzzle || p.width !== first.width || p.height !== first.height) {
      throw new InputError('E_PARTS', `${names[i]}: a part of another puzzle than ${names[0]} (${p.puzzle.slice(0, 19)}... vs ${first.puzzle.slice(0, 19)}...)`);
    }
    if (p.split.parts !== N) throw new InputError('E_PARTS', `${names[i]}: part ${p.split.part} of ${p.split.parts}, but ${names[0]} is a part of ${N}: split every part with the same N`);
    const twice = byPart.get(p.split.part);
    if (twice !== undefined) throw new InputError('E_PARTS', `part ${p.split.part} of ${N} given twice: ${names[twice]} and ${names[i]}`);
    byPart.set(p.split.part, i);
  });
  const missing: number[] = [];
  const solutions: (readonly string[])[] = [];
  const foundIn: number[] = [];
  const seen = new Set<string>();
  const unfinished: { part: number; reason: string }[] = [];
  for (let k = 1; k <= N; k++) {
    const at = byPart.get(k);
    if (at === undefined) {
      missing.push(k);
      unfinished.push({ part: k, reason: NOT_GIVEN });
      continue;
    }
    const p = parts[at]!;
    if (!p.finished) unfinished.push({ part: k, reason: p.reason ?? 'not finished' });
    for (const s of p.solutions) {
      const key = s.join('\n');
      if (seen.has(key)) continue;
      seen.add(key);
      solutions.push(s);
      foundIn.push(k);
    }
  }
  if (missing.length > 0 && solutions.length < 2) {
    throw new InputError('E_PARTS', `${missing.length === 1 ? 'part' : 'parts'} ${listed(missing)} of ${N} ${missing.length === 1 ? 'is' : 'are'} missing: merge needs all ${N} (the --json output of solve --split K/${N} for each K), unless the parts given hold two pictures`);
  }
  // Every picture fits the clues its part carries, and those are the board's (their identity).
  for (const [i, p] of parts.entries()) {
    const puzzle: Puzzle = { width: p.width, height: p.height, rows: p.rows, cols: p.cols };
    const givens = p.givens.map(([x, y]) => y * p.width + x);
    if ((await puzzleId(puzzle, givens)) !== p.puzzle) throw new InputError('E_PARTS', `${names[i]}: its clues are not those of its puzzle (${p.puzzle.slice(0, 19)}...): the part was edited`);
    for (const rows of p.solutions) {
      const cells = Uint8Array.from([...rows.join('')], (c) => (c === '#' ? 1 : 0));
      const misfit = checkGrid(puzzle, makeGrid(p.width, p.height, cells), givens);
      if (misfit) throw new InputError('E_PARTS', `${names[i]}: part ${p.split.part} of ${N} gives a picture that does not fit the clues (${misfit})`);
      // A verdict over every part holds only if the cubes are the leaves of one tree: parts split by
      // another version, or documents edited, could leave pictures in no cube.
      if (!inCube(cells, p.split.cube)) throw new InputError('E_PARTS', `${names[i]}: part ${p.split.part} of ${N} gives a picture outside its own cube`);
    }
  }
  if (missing.length === 0) {
    const fault = cubeTreeFault(Array.from({ length: N }, (_, k) => parts[byPart.get(k + 1)!]!.split.cube), first.width);
    if (fault) throw new InputError('E_PARTS', `the parts' cubes do not split the board: ${fault}; every part must come from the same version of nonocrypt, with the same N and the same givens`);
  }
  const status = solutions.length >= 2 ? 'multiple' : unfinished.length > 0 ? 'unknown' : solutions.length === 1 ? 'unique' : 'none';
  const keep = status === 'multiple' ? 2 : solutions.length;
  return { status, solutions: solutions.slice(0, keep), foundIn: foundIn.slice(0, keep), width: first.width, height: first.height, parts: N, unfinished };
}

/**
 * Why `cubes` (cubes[k] of part k + 1, on a board `width` cells wide) are not the leaves of one
 * binary tree, each cube listing the cells of its path from the root in order (splitCubes'
 * form); undefined when they are: then they are disjoint and cover every picture.
 */
export function cubeTreeFault(cubes: readonly Cube[], width: number): string | undefined {
  const parts = (ks: readonly number[]) => `${ks.length === 1 ? 'part' : 'parts'} ${listed(ks.map((k) => k + 1))}`;
  const node = (ks: readonly number[], depth: number): string | undefined => {
    if (ks.length === 1 && cubes[ks[0]!]!.length === depth) return undefined;
    const ended = ks.filter((k) => cubes[k]!.length === depth);
    if (ended.length > 1) return `${parts(ended)} have the same cube`;
    if (ended.length > 0) return `the cube of ${parts(ended)} holds the cube of ${parts(ks.filter((k) => !ended.includes(k)))}`;
    const cell = Math.abs(cubes[ks[0]!]![depth]!);
    const at = `(${(cell - 1) % width}, ${Math.floor((cell - 1) / width)})`;
    const other = ks.filter((k) => Math.abs(cubes[k]![depth]!) !== cell);
    if (other.length > 0) return `${parts([ks[0]!])} and ${parts([other[0]!])} part on different cells`;
    const black = ks.filter((k) => cubes[k]![depth]! > 0);
    const white = ks.filter((k) => cubes[k]![depth]! < 0);
    if (black.length === 0 || white.length === 0) return `no part holds the pictures with cell ${at} ${black.length === 0 ? 'black' : 'white'} beside ${parts(ks)}`;
    return node(black, depth + 1) ?? node(white, depth + 1);
  };
  return node(cubes.map((_, k) => k), 0);
}
