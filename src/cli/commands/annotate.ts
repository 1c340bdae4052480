import { Option, type Command } from '@commander-js/extra-typings';
import { InputError } from '../../errors.js';
import { formatCiphertext } from '../../formats/ciphertext.js';
import { writePuzzleFile } from '../../formats/detectFormat.js';
import type { PuzzleFile } from '../../formats/PuzzleFile.js';
import { formatAnnotation } from '../../formats/symbols.js';
import type { AnnotationResult } from '../../parallel/outcomes.js';
import { annotate } from '../../puzzle/annotate.js';
import { counted } from '../../formats/counted.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, inputName, writeOutput } from '../io.js';
import {
  engineOption,
  fromOption,
  given,
  hiddenAlias,
  MINIMIZER_ENGINE_NOTE,
  memoryOption,
  oldInputFormat,
  outputOption,
  quietOption,
  receiverOption,
  requireProofOption,
  requireProofRefusal,
  runOptions,
  secondsOrNone,
  annotationTimeoutOption,
  usage,
} from '../options.js';
import { unprovenWhy } from '../unprovenWhy.js';
import { readPuzzleInput } from './puzzleInput.js';

/** What annotate writes: the puzzle as .non or JSON with its givens, or a one-block ciphertext. */
export const ANNOTATE_FORMATS = ['non', 'json', 'cipher'] as const;

function declare(program: Command) {
  const annotate = program
    .command('annotate')
    .description('the fewest cells to give away so the goal picture is the only solution (or line-solvable), proven smallest')
    .argument('[file]', 'puzzle with a goal picture, or a picture of # and . rows; - or omitted: stdin')
    .addOption(fromOption())
    .addOption(receiverOption())
    .addOption(new Option('--to <format>', 'output format: non with the givens (the default), json, or cipher (a one-block ciphertext)').choices(ANNOTATE_FORMATS))
    .option('--json', 'print one JSON document: {"receiver","count","proven","lowerBound","cells":[[x,y]],"code"}')
    .addOption(
      new Option('--budget <seconds|none>', 'time for proving the annotation smallest (default none); when it ends the annotation is valid but not proven smallest (exit 0)').argParser(
        secondsOrNone,
      ),
    )
    .addOption(requireProofOption('no output or report, no -o file'))
    .addOption(outputOption('the output'))
    .addOption(annotationTimeoutOption())
    .addOption(engineOption(MINIMIZER_ENGINE_NOTE))
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText('after', `\nExamples:\n  nonocrypt annotate --receiver logic examples/scatter.pic\n  nonocrypt annotate --to cipher examples/heart.pic`);
  return hiddenAlias(oldInputFormat(annotate), new Option('--format-out <format>').choices(ANNOTATE_FORMATS), 'to');
}

type AnnotateCommand = ReturnType<typeof declare>;
type AnnotateFlags = ReturnType<AnnotateCommand['opts']>;

export function addAnnotateCommand(program: Command, io: CliIO, setExit: SetExit): void {
  declare(program).action(async (file, opts, cmd) => setExit(await annotateCommand(io, file, opts, cmd)));
}

/**
 * The smallest set of cells to give away so that the goal picture is the only solution
 * (`unique`) or is line-solvable (`logic`), proven smallest, first in row-major order: the
 * output checked and the puzzle read, one library call, then the output and a summary line.
 */
async function annotateCommand(io: CliIO, path: string | undefined, flags: AnnotateFlags, cmd: AnnotateCommand): Promise<number> {
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
  const n = r.annotation.length;
  const code = formatAnnotation(r.annotation, file.goal.width);
  const proof = r.proven ? 'proven smallest' : `valid, NOT proven smallest (${unprovenWhy(r.lowerBound, r.reason)})`;
  const summary = `${counted(n, 'cell')} given (${flags.receiver} receiver): ${code}, ${proof}`;
  if (flags.requireProof && !r.proven) {
    io.stderr.write(requireProofRefusal(summary));
    return exitCode('UNDECIDED');
  }
  writeOutput(io, flags.output ?? '-', outputText(file, r, flags), [path]);
  if (!flags.json && !flags.quiet) io.stderr.write(`${summary}\n`);
  if (r.timedOut) return exitCode('UNDECIDED');
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
