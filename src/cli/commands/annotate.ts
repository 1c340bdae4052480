import type { ReceiverModel } from '../../annotate/ReceiverModel.js';
import { InputError } from '../../errors.js';
import { formatCiphertext } from '../../formats/ciphertext.js';
import { writePuzzleFile } from '../../formats/detectFormat.js';
import type { PuzzleFormat } from '../../formats/PuzzleFile.js';
import { formatAnnotation } from '../../formats/symbols.js';
import { runBlocks } from '../../parallel/BlockPool.js';
import { ExitCode } from '../ExitCode.js';
import { inputName, writeOutput } from '../io.js';
import { poolOptions, type RunFlags } from '../options.js';
import { readPuzzleInput } from './puzzleInput.js';

export interface AnnotateFlags extends RunFlags {
  format?: PuzzleFormat | 'picture';
  formatOut: 'non' | 'json' | 'cipher';
  receiver: ReceiverModel;
  output?: string;
}

/**
 * The smallest set of cells to give away so that the goal picture is the only solution
 * (`unique`) or is line-solvable (`logic`), proven smallest, first in row-major order.
 */
export async function annotateCommand(path: string | undefined, flags: AnnotateFlags): Promise<number> {
  const file = await readPuzzleInput(path, flags.format);
  if (!file.goal) {
    throw new InputError('E_GOAL', `${inputName(path)}: annotate needs the intended picture: a goal in the file, or a picture of # and . rows`);
  }
  const goal = file.goal;
  const pool = poolOptions({ ...flags, jobs: 1 });
  const hardMs = pool.timeoutMs === undefined ? undefined : pool.timeoutMs * 2 + 1000;
  let annotation: number[] | undefined;
  let proven = false;
  for await (const out of runBlocks([{ kind: 'annotate', grid: goal, receiver: flags.receiver, budgetMs: pool.timeoutMs }], { jobs: 1, timeoutMs: hardMs })) {
    if (out.kind === 'annotate') ((annotation = out.annotation), (proven = out.proven));
    else if (out.kind === 'error') throw new InputError(out.code, out.message);
  }
  if (!annotation) {
    process.stderr.write(`nonocrypt: unknown: no annotation found within the time limit\n`);
    return ExitCode.UNKNOWN;
  }
  const w = goal.width;
  const code = formatAnnotation(annotation, w);
  const cells = annotation.map((c) => [c % w, Math.floor(c / w)] as const);
  let text: string;
  if (flags.json) {
    text = JSON.stringify({ receiver: flags.receiver, count: cells.length, proven, cells, code }) + '\n';
  } else if (flags.formatOut === 'cipher') {
    text = formatCiphertext({ width: w, height: goal.height, blocks: [{ puzzle: file.puzzle, annotation }] });
  } else {
    text = writePuzzleFile({ ...file, givens: annotation.length ? annotation : undefined }, flags.formatOut);
  }
  if (flags.output) writeOutput(flags.output, text, [path]);
  else process.stdout.write(text);
  if (!flags.json) {
    process.stderr.write(
      `${cells.length} cell${cells.length === 1 ? '' : 's'} given (${flags.receiver} receiver): ${code}${proven ? ', proven smallest' : ', NOT proven smallest (time limit)'}\n`,
    );
  }
  return proven ? ExitCode.OK : ExitCode.UNKNOWN;
}
