import { solveBlocks, type CiphertextSource } from '../cipher/solveBlocks.js';
import { InputError } from '../errors.js';
import type { CipherBlock } from '../formats/ciphertext.js';
import type { PuzzleFile } from '../formats/PuzzleFile.js';
import type { Puzzle } from '../grid/Puzzle.js';
import type { RunOptions } from '../parallel/RunOptions.js';
import { solve } from '../puzzle/solve.js';
import type { SolveResult, SolveStats } from '../solve/SolveResult.js';
import type { RenderSheet } from './RenderSheet.js';

/**
 * From puzzles and ciphertexts to the sheets the renderers draw: what `nonocrypt render`, the
 * `--show` flags of solve and verify, and the web page show.
 *
 * Without `solution`, a sheet is the puzzle as printed for a person to solve: clues, an empty
 * board, the given cells marked. With `solution`, the puzzle is decided first (the same
 * pipeline as solve and verify, with its run options) and the sheet is filled: a `unique`
 * verdict's picture, or a `multiple` verdict's two pictures with the cells where they differ
 * marked; `none` and `unknown` stay empty. The title names the block and the verdict.
 */
export interface SheetOptions extends RunOptions {
  /** Decide each puzzle and draw its solution (both pictures when ambiguous). */
  readonly solution?: boolean;
}

/** One drawn block or puzzle, with its verdict when it was decided. */
export interface SheetOf {
  /** 1-based block number (1 for a puzzle file). */
  readonly block: number;
  readonly sheet: RenderSheet;
  readonly result?: SolveResult;
}

/**
 * How a unique puzzle was decided, in the words every report uses (solve, verify, the sheets):
 * line-solvable, or not and then what settled it, as `difficulty` says it.
 */
export function howUnique(r: { readonly lineSolvable: boolean; readonly stats?: SolveStats }): string {
  if (r.lineSolvable) return 'line-solvable';
  switch (r.stats?.difficulty) {
    case 'probing':
      return 'not line-solvable: probing at depth 1 settles it';
    case 'search':
      return 'not line-solvable: needs search';
    default:
      return 'not line-solvable';
  }
}

/** A verdict in words, as the sheet titles say it. */
export function verdictText(r: SolveResult): string {
  switch (r.status) {
    case 'unique':
      return `unique (${howUnique(r)})`;
    case 'multiple':
      return 'multiple: two pictures fit';
    case 'found':
      return 'found: a picture that fits (uniqueness not checked)';
    case 'none':
      return 'none: no picture fits';
    case 'unknown':
      return `unknown (${r.reason})`;
  }
}

/**
 * The sheet of a puzzle with its givens and, when decided, what the verdict shows. With a
 * `title`, the sheet is headed by it and the verdict ("block 2: unique (line-solvable)"; an
 * empty title: the verdict alone); without, it has no heading.
 */
export function sheetOf(puzzle: Puzzle, givens: readonly number[], result: SolveResult | undefined, title?: string): RenderSheet {
  const base = { puzzle, ...(givens.length ? { givens } : {}) };
  const heading = title === undefined ? '' : result ? `${title ? `${title}: ` : ''}${verdictText(result)}` : title;
  const titled = heading ? { title: heading } : {};
  if (result?.status === 'unique' || result?.status === 'found') return { ...base, grid: result.grid, ...titled };
  if (result?.status === 'multiple') return { ...base, grid: result.grids[0], second: result.grids[1], ...titled };
  return { ...base, ...titled };
}

/** The sheet of a puzzle file (its own title, if any, heads it). */
export async function puzzleSheet(file: PuzzleFile, options: SheetOptions = {}): Promise<SheetOf> {
  const givens = file.givens ?? [];
  const result = options.solution ? await solve(file.puzzle, { ...options, givens }) : undefined;
  return { block: 1, sheet: sheetOf(file.puzzle, givens, result, file.title ?? ''), ...(result ? { result } : {}) };
}

/**
 * The sheets of a ciphertext's blocks in order (only block `block`, 1-based, when given),
 * each titled `block k`. Blocks are streamed: a long ciphertext is never held whole.
 */
export async function* ciphertextSheets(
  source: CiphertextSource,
  options: SheetOptions & { readonly block?: number } = {},
): AsyncGenerator<SheetOf> {
  const only = options.block;
  let seen = 0;
  async function* chosen(): AsyncGenerator<CipherBlock> {
    for await (const b of source.blocks) {
      seen++;
      if (only === undefined || seen === only) yield b;
      if (seen === only) return;
    }
  }
  const number = (k: number) => (only === undefined ? k : only);
  if (options.solution) {
    for await (const b of solveBlocks({ width: source.width, height: source.height, blocks: chosen() }, options)) {
      const block = number(b.block);
      yield { block, sheet: sheetOf(b.cipher.puzzle, b.cipher.annotation, b.result, `block ${block}`), result: b.result };
    }
  } else {
    let k = 0;
    for await (const b of chosen()) {
      const block = number(++k);
      yield { block, sheet: sheetOf(b.puzzle, b.annotation, undefined, `block ${block}`) };
    }
  }
  if (only !== undefined && seen < only) {
    throw new InputError('E_USAGE', `block ${only} does not exist: the ciphertext has ${seen} block${seen === 1 ? '' : 's'}`);
  }
}
