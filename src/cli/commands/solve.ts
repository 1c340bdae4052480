import { puzzleDimacs } from '../../encode/puzzleDimacs.js';
import type { InputFormat } from '../../formats/puzzleText.js';
import { gridRows } from '../../grid/Puzzle.js';
import { solve } from '../../puzzle/solve.js';
import type { SolveResult } from '../../solve/SolveResult.js';
import { sheetOf } from '../../render/sheetsOf.js';
import type { CliIO } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, colourOn, writeOutput } from '../io.js';
import { runOptions, usage, type RunFlags } from '../options.js';
import { readPuzzleInput } from './puzzleInput.js';
import { sheetsText, textOptions } from './render.js';

export interface SolveFlags extends RunFlags {
  format?: InputFormat;
  json?: boolean;
  output?: string;
  emitCnf?: string;
  /** Draw the solutions as a puzzle sheet with its clues. */
  show?: boolean;
}

export async function solveCommand(io: CliIO, path: string | undefined, flags: SolveFlags): Promise<number> {
  if (flags.emitCnf === '-' && !flags.output) {
    usage('--emit-cnf - writes the CNF on standard output, so the report needs -o FILE (for the CNF alone: nonocrypt convert --to dimacs)');
  }
  if (flags.show && flags.json) usage('--show draws sheets and --json prints a document: use one');
  checkOutputs([flags.output, flags.emitCnf], [path]);
  const file = await readPuzzleInput(io, path, flags.format);
  const givens = file.givens ?? [];
  const cnf = flags.emitCnf ? puzzleDimacs(file.puzzle, givens) : undefined;
  const r = await solve(file.puzzle, { givens, ...runOptions(flags, 1) });
  const solutions = r.status === 'unique' ? [gridRows(r.grid)] : r.status === 'multiple' ? r.grids.map(gridRows) : [];
  let text: string;
  if (flags.json) {
    const doc = {
      status: r.status,
      lineSolvable: r.status === 'unique' ? r.lineSolvable : false,
      solutions,
      width: file.puzzle.width,
      height: file.puzzle.height,
      ...(r.status === 'unknown' ? { reason: r.reason } : {}),
      ...(r.stats ? { stats: r.stats } : {}),
    };
    text = JSON.stringify(doc) + '\n';
  } else if (flags.show) {
    const sheet = sheetOf(file.puzzle, givens, r);
    text = `${headline(r)}\n\n${sheetsText([sheet], textOptions('cells', !flags.output && colourOn(io, io.stdout)))}`;
  } else {
    text = [headline(r), ...solutions.map((rows) => rows.join('\n'))].join('\n\n') + '\n';
  }
  // Files first, standard output last: a file that cannot be written leaves stdout empty.
  const outputs: [string, string][] = [[flags.output ?? '-', text]];
  if (cnf !== undefined) outputs.push([flags.emitCnf!, cnf]);
  for (const [to, data] of outputs.sort(([a], [b]) => Number(a === '-') - Number(b === '-'))) writeOutput(io, to, data, [path]);
  return r.status === 'unique' ? exitCode('OK') : r.status === 'unknown' ? exitCode('UNDECIDED') : exitCode('FAILED_BLOCK');
}

export function headline(r: SolveResult): string {
  switch (r.status) {
    case 'unique':
      return `unique (${r.lineSolvable ? 'line-solvable' : 'not line-solvable: needs search'})`;
    case 'multiple':
      return 'multiple (two of the solutions follow)';
    case 'none':
      return 'none (no grid fits the clues)';
    case 'unknown':
      return `unknown (${r.reason})`;
  }
}
