import type { PuzzleFile } from '../../formats/PuzzleFile.js';
import { writePuzzle, type InputFormat, type OutputFormat } from '../../formats/puzzleText.js';
import { solve } from '../../puzzle/solve.js';
import type { CliIO } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, writeOutput } from '../io.js';
import { runOptions, type RunFlags } from '../options.js';
import { headline } from './solve.js';
import { readPuzzleInput } from './puzzleInput.js';

export interface ConvertFlags extends RunFlags {
  from?: InputFormat;
  to: OutputFormat;
  solve?: boolean;
  output?: string;
}

/**
 * A puzzle file in another format. A conversion is not a verdict: it exits 0 whatever the
 * puzzle's solution count. With --solve, a file without a goal gets its solution as the goal
 * when the solution is unique (otherwise it is converted as it is, with a note).
 */
export async function convertCommand(io: CliIO, path: string | undefined, flags: ConvertFlags): Promise<number> {
  checkOutputs([flags.output], [path]);
  let file: PuzzleFile = await readPuzzleInput(io, path, flags.from);
  if (flags.solve && !file.goal) {
    const r = await solve(file.puzzle, { givens: file.givens ?? [], ...runOptions(flags, 1) });
    if (r.status === 'unique') file = { ...file, goal: r.grid };
    else if (!flags.quiet) io.stderr.write(`nonocrypt: no goal added: ${headline(r)}\n`);
  }
  writeOutput(io, flags.output ?? '-', writePuzzle(file, flags.to), [path]);
  return exitCode('OK');
}
