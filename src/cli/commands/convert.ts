import { Option, type Command } from '@commander-js/extra-typings';
import { InputError } from '../../errors.js';
import type { PuzzleFile } from '../../formats/PuzzleFile.js';
import type { SolveResult } from '../../solve/SolveResult.js';
import { solve } from '../../puzzle/solve.js';
import { outputFormats, writePuzzle } from '../../puzzle/writePuzzle.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, inputName, writeOutput } from '../io.js';
import { engineOption, fromOption, memoryOption, oldInputFormat, outputOption, quietOption, runOptions, timeoutOption } from '../options.js';
import { headline } from './solve.js';
import { readPuzzleInput } from './puzzleInput.js';

function declare(program: Command) {
  const convert = program
    .command('convert')
    .description('write a puzzle in another format (exit 0 whatever its solution count)')
    .argument('[file]', 'puzzle in any format solve reads; - or omitted: stdin')
    .addOption(fromOption())
    .addOption(new Option('--to <format>', 'output format').choices(outputFormats).makeOptionMandatory())
    .option('--solve', 'a puzzle without a goal gets its solution as the goal, when it is unique')
    .addOption(outputOption('the converted puzzle'))
    .addOption(timeoutOption())
    .addOption(engineOption())
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText('after', `\nExamples:\n  nonocrypt convert --to json examples/scatter.pic\n  nonocrypt convert --from picture --to non - < drawing.txt\n  nonocrypt convert --to dimacs examples/scatter.pic | kissat`);
  return oldInputFormat(convert);
}

type ConvertFlags = ReturnType<ReturnType<typeof declare>['opts']>;

export function addConvertCommand(program: Command, io: CliIO, setExit: SetExit): void {
  declare(program).action(async (file, opts) => setExit(await convertCommand(io, file, opts)));
}

/**
 * A puzzle file in another format. A conversion is not a verdict: it exits 0 whatever the
 * puzzle's solution count. With --solve, a file without a goal gets its solution as the goal
 * when the solution is unique (otherwise it is converted as it is, with a note).
 */
async function convertCommand(io: CliIO, path: string | undefined, flags: ConvertFlags): Promise<number> {
  checkOutputs([flags.output], [path]);
  let file: PuzzleFile = await readPuzzleInput(io, path, flags.from);
  if (flags.solve && !file.goal) {
    const r = await solve(file.puzzle, { givens: file.givens ?? [], ...runOptions(flags, 1) });
    if (r.status === 'unique') file = { ...file, goal: r.grid };
    // A picture is its goal: without one there is nothing to write, and the solve says why.
    else if (flags.to === 'picture') throw new InputError('E_GOAL', `${inputName(path)}: no picture to write: ${noGoalWhy(r)}`);
    else if (!flags.quiet) io.stderr.write(`nonocrypt: no goal added: ${headline(r, false)}${r.status === 'multiple' ? '; nonocrypt solve shows two of them' : ''}\n`);
  }
  writeOutput(io, flags.output ?? '-', writePuzzle(file, flags.to), [path]);
  return exitCode('OK');
}

/** Why --solve found no goal, in words: the puzzle's solutions, or why it was not solved. */
function noGoalWhy(r: SolveResult): string {
  switch (r.status) {
    case 'multiple':
      return 'the puzzle has several solutions (nonocrypt solve shows two of them)';
    case 'none':
      return 'the puzzle has no solution';
    case 'unknown':
      return `the puzzle was not solved (${r.reason})`;
    case 'found':
    case 'unique':
      return 'a solution was found, but not proven the only one';
  }
}
