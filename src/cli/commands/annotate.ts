import type { Command } from 'commander';
import type { ReceiverModel } from '../../annotate/ReceiverModel.js';
import { InputError } from '../../errors.js';
import { formatCiphertext } from '../../formats/ciphertext.js';
import { writePuzzleFile } from '../../formats/detectFormat.js';
import type { PuzzleFile } from '../../formats/PuzzleFile.js';
import type { InputFormat } from '../../formats/puzzleText.js';
import { formatAnnotation } from '../../formats/symbols.js';
import type { AnnotationResult } from '../../parallel/outcomes.js';
import { annotate } from '../../puzzle/annotate.js';
import { counted } from '../../formats/counted.js';
import type { CliIO } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, inputName, writeOutput } from '../io.js';
import { given, runOptions, usage, type RunFlags } from '../options.js';
import { unprovenWhy } from '../unprovenWhy.js';
import { readPuzzleInput } from './puzzleInput.js';

/** What annotate writes: the puzzle as .non or JSON with its givens, or a one-block ciphertext. */
export const ANNOTATE_FORMATS = ['non', 'json', 'cipher'] as const;

export interface AnnotateFlags extends RunFlags {
  from?: InputFormat;
  to?: (typeof ANNOTATE_FORMATS)[number];
  receiver: ReceiverModel;
  budget?: number;
  requireProof?: boolean;
  json?: boolean;
  output?: string;
}

/**
 * The smallest set of cells to give away so that the goal picture is the only solution
 * (`unique`) or is line-solvable (`logic`), proven smallest, first in row-major order: the
 * output checked and the puzzle read, one library call, then the output and a summary line.
 */
export async function annotateCommand(io: CliIO, path: string | undefined, flags: AnnotateFlags, cmd: Command): Promise<number> {
  if (flags.json && given(cmd, 'to')) usage('--json prints a report and --to writes the puzzle: use one');
  checkOutputs([flags.output], [path]);
  const file = await readPuzzleInput(io, path, flags.from);
  if (!file.goal) {
    throw new InputError('E_GOAL', `${inputName(path)}: annotate needs the intended picture: a goal in the file, or a picture of # and . rows`);
  }
  const r = await annotate(file.goal, {
    receiver: flags.receiver,
    ...(flags.budget !== undefined ? { budgetMs: flags.budget * 1000 } : {}),
    ...runOptions(flags, 1),
  });
  writeOutput(io, flags.output ?? '-', outputText(file, r, flags), [path]);
  if (!flags.json && !flags.quiet) {
    const n = r.annotation.length;
    const code = formatAnnotation(r.annotation, file.goal.width);
    const proof = r.proven ? 'proven smallest' : `valid, NOT proven smallest (${unprovenWhy(r.lowerBound, r.reason)})`;
    io.stderr.write(`${counted(n, 'cell')} given (${flags.receiver} receiver): ${code}, ${proof}\n`);
  }
  if (r.timedOut || (flags.requireProof && !r.proven)) return exitCode('UNDECIDED');
  return exitCode('OK');
}

/** The JSON report, the one-block ciphertext, or the puzzle with its givens. */
function outputText(file: PuzzleFile, r: AnnotationResult, flags: AnnotateFlags): string {
  const goal = file.goal!;
  const w = goal.width;
  if (flags.json) {
    const cells = r.annotation.map((c) => [c % w, Math.floor(c / w)] as const);
    const code = formatAnnotation(r.annotation, w);
    const doc = { receiver: flags.receiver, count: cells.length, proven: r.proven, lowerBound: r.lowerBound, cells, code, ...(r.reason ? { reason: r.reason } : {}) };
    return JSON.stringify(doc) + '\n';
  }
  if (flags.to === 'cipher') return formatCiphertext({ width: w, height: goal.height, blocks: [{ puzzle: file.puzzle, annotation: r.annotation }] });
  return writePuzzleFile({ ...file, givens: r.annotation.length ? r.annotation : undefined }, flags.to ?? 'non');
}
