import type { PuzzleFile } from '../formats/PuzzleFile.js';
import { readPuzzle, type InputFormat } from '../formats/puzzleText.js';
import type { RunOptions } from '../parallel/RunOptions.js';
import { solveOutcome } from '../parallel/outcomes.js';
import { runInOrder, type RunItem } from '../parallel/runInOrder.js';
import type { SolveResult } from '../solve/SolveResult.js';
import { withPasses } from '../solve/withPasses.js';
import { inputFailure, type InputFailure, type TextSource } from './sources.js';

/**
 * Many puzzles, one report each, in input order: the collection pipeline under
 * `nonocrypt solve A B C`, `solve DIR` and `solve 'GLOB'`. Every puzzle is a task of one
 * runner (one worker pool for the whole collection, with the per-puzzle time limit of
 * `options`); an input that cannot be read or parsed is reported in its place as a failure
 * and the run goes on.
 */
export interface SolveManyOptions extends RunOptions {
  /** Read every input in this format (default: from each name, else from each text). */
  readonly format?: InputFormat;
  /** Probe before SAT when propagation stalls (default true). */
  readonly probing?: boolean;
  /** Count solutions up to this many (see `solve`'s `countMax`). */
  readonly countMax?: number;
  /** Stop at each puzzle's first solution (see `solve`'s `first`). */
  readonly first?: boolean;
  /** For line-solvable verdicts: count line logic's passes (see `solve`'s `countPasses`). */
  readonly countPasses?: boolean;
}

export interface SolvedPuzzle {
  readonly name: string;
  readonly file: PuzzleFile;
  readonly result: SolveResult;
}

export type PuzzleReport = SolvedPuzzle | InputFailure;

export async function* solveMany(sources: Iterable<TextSource> | AsyncIterable<TextSource>, options: SolveManyOptions = {}): AsyncGenerator<PuzzleReport> {
  async function* items(): AsyncGenerator<RunItem<{ name: string; file?: PuzzleFile; failure?: InputFailure }>> {
    for await (const source of sources) {
      let file: PuzzleFile;
      try {
        file = readPuzzle(await source.text(), { format: options.format, path: source.name, source: source.name });
      } catch (e) {
        yield { value: { name: source.name, failure: inputFailure(source.name, e) } };
        continue;
      }
      const task = { kind: 'solve' as const, puzzle: file.puzzle, givens: file.givens ?? [], probing: options.probing, countMax: options.countMax, first: options.first };
      yield { value: { name: source.name, file }, task };
    }
  }
  let done = 0;
  for await (const { value, outcome } of runInOrder(items(), options)) {
    if (value.failure) yield value.failure;
    else {
      const result = solveOutcome(outcome!, options.timeoutMs);
      yield { name: value.name, file: value.file!, result: options.countPasses ? withPasses(result, value.file!.puzzle, value.file!.givens ?? []) : result };
    }
    options.onProgress?.(++done);
  }
}
