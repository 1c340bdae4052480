import type { Command } from 'commander';
import type { ReceiverModel } from '../../annotate/ReceiverModel.js';
import { InputError } from '../../errors.js';
import { formatCiphertext } from '../../formats/ciphertext.js';
import { writePuzzleFile } from '../../formats/detectFormat.js';
import type { InputFormat } from '../../formats/puzzleText.js';
import { formatAnnotation } from '../../formats/symbols.js';
import { annotate } from '../../puzzle/annotate.js';
import type { CliIO } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, inputName, writeOutput } from '../io.js';
import { given, runOptions, usage, type RunFlags } from '../options.js';
import { readPuzzleInput } from './puzzleInput.js';

export interface AnnotateFlags extends RunFlags {
  format?: InputFormat;
  formatOut?: 'non' | 'json' | 'cipher';
  receiver: ReceiverModel;
  budget?: number;
  requireProof?: boolean;
  json?: boolean;
  output?: string;
}

/**
 * The smallest set of cells to give away so that the goal picture is the only solution
 * (`unique`) or is line-solvable (`logic`), proven smallest, first in row-major order.
 */
export async function annotateCommand(io: CliIO, path: string | undefined, flags: AnnotateFlags, cmd: Command): Promise<number> {
  if (flags.json && given(cmd, 'formatOut')) usage('--json and --format-out both choose the output; use one');
  checkOutputs([flags.output], [path]);
  const file = await readPuzzleInput(io, path, flags.format);
  if (!file.goal) {
    throw new InputError('E_GOAL', `${inputName(path)}: annotate needs the intended picture: a goal in the file, or a picture of # and . rows`);
  }
  const goal = file.goal;
  const r = await annotate(goal, {
    receiver: flags.receiver,
    ...(flags.budget !== undefined ? { budgetMs: flags.budget * 1000 } : {}),
    ...runOptions(flags, 1),
  });
  const w = goal.width;
  const code = formatAnnotation(r.annotation, w);
  const cells = r.annotation.map((c) => [c % w, Math.floor(c / w)] as const);
  let text: string;
  if (flags.json) {
    const doc = { receiver: flags.receiver, count: cells.length, proven: r.proven, lowerBound: r.lowerBound, cells, code, ...(r.reason ? { reason: r.reason } : {}) };
    text = JSON.stringify(doc) + '\n';
  } else if (flags.formatOut === 'cipher') {
    text = formatCiphertext({ width: w, height: goal.height, blocks: [{ puzzle: file.puzzle, annotation: r.annotation }] });
  } else {
    text = writePuzzleFile({ ...file, givens: r.annotation.length ? r.annotation : undefined }, flags.formatOut ?? 'non');
  }
  writeOutput(io, flags.output ?? '-', text, [path]);
  if (!flags.json && !flags.quiet) {
    const proof = r.proven ? 'proven smallest' : `valid, NOT proven smallest (lower bound ${r.lowerBound}; ${r.reason ?? 'not proven'})`;
    io.stderr.write(`${cells.length} cell${cells.length === 1 ? '' : 's'} given (${flags.receiver} receiver): ${code}, ${proof}\n`);
  }
  if (r.timedOut || (flags.requireProof && !r.proven)) return exitCode('UNDECIDED');
  return exitCode('OK');
}
