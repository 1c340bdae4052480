import { puzzleDimacs } from '../../encode/puzzleDimacs.js';
import type { InputFormat } from '../../formats/puzzleText.js';
import { gridRows } from '../../grid/Puzzle.js';
import { solve } from '../../puzzle/solve.js';
import type { SolveResult } from '../../solve/SolveResult.js';
import type { CliIO } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, writeOutput } from '../io.js';
import { runOptions, usage, type RunFlags } from '../options.js';
import { readPuzzleInput } from './puzzleInput.js';

export interface SolveFlags extends RunFlags {
  format?: InputFormat;
  json?: boolean;
  output?: string;
  emitCnf?: string;
}

export async function solveCommand(io: CliIO, path: string | undefined, flags: SolveFlags): Promise<number> {
  if (flags.emitCnf === '-' && !flags.output) {
    usage('--emit-cnf - writes the CNF on standard output, so the report needs -o FILE (for the CNF alone: nonocrypt convert --to dimacs)');
  }
  checkOutputs([flags.output, flags.emitCnf], [path]);
  const file = await readPuzzleInput(io, path, flags.format);
  const givens = file.givens ?? [];
  if (flags.emitCnf) writeOutput(io, flags.emitCnf, puzzleDimacs(file.puzzle, givens), [path]);
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
  } else {
    text = [headline(r), ...solutions.map((rows) => rows.join('\n'))].join('\n\n') + '\n';
  }
  writeOutput(io, flags.output ?? '-', text, [path]);
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
