import { Cnf } from '../../encode/Cnf.js';
import { encodePuzzle } from '../../encode/encodePuzzle.js';
import { writePuzzleFile } from '../../formats/detectFormat.js';
import type { PuzzleFile, PuzzleFormat } from '../../formats/PuzzleFile.js';
import { gridRows, type Puzzle } from '../../grid/Puzzle.js';
import { Propagator } from '../../line/Propagator.js';
import { runBlocks } from '../../parallel/BlockPool.js';
import type { SolveResult } from '../../solve/SolveResult.js';
import { ExitCode } from '../ExitCode.js';
import { writeOutput } from '../io.js';
import { poolOptions, type RunFlags } from '../options.js';
import { outcomeResult } from './outcome.js';
import { readPuzzleInput } from './puzzleInput.js';

export interface SolveFlags extends RunFlags {
  format?: PuzzleFormat | 'picture';
  formatOut?: PuzzleFormat;
  output?: string;
  emitCnf?: string;
}

/** The puzzle's CNF as DIMACS: every cell a variable (x + y*W + 1), givens as unit clauses. */
export function puzzleDimacs(puzzle: Puzzle, givens: readonly number[]): string {
  const cnf = new Cnf();
  const domains = new Propagator(puzzle).unknownDomains();
  const w = puzzle.width;
  cnf.comment(`nonocrypt ${w}x${puzzle.height} puzzle: variable y*${w}+x+1 is cell (x, y), true = black`);
  cnf.comment('automaton encoding of every row and column clue; the other variables are automaton states');
  const enc = encodePuzzle(puzzle, domains, cnf);
  for (const g of givens) cnf.addClause([enc.cellVar[g]!]);
  return cnf.toDimacs();
}

export async function solveCommand(path: string | undefined, flags: SolveFlags): Promise<number> {
  const file = await readPuzzleInput(path, flags.format);
  const givens = file.givens ?? [];
  if (flags.emitCnf) writeOutput(flags.emitCnf, puzzleDimacs(file.puzzle, givens), [path]);
  const pool = poolOptions({ ...flags, jobs: 1 });
  let result: SolveResult | undefined;
  for await (const out of runBlocks([{ kind: 'solve', puzzle: file.puzzle, givens }], pool)) result = outcomeResult(out, pool.timeoutMs);
  const r = result!;
  const solutions = r.status === 'unique' ? [gridRows(r.grid)] : r.status === 'multiple' ? r.grids.map(gridRows) : [];
  if (flags.formatOut) {
    const converted: PuzzleFile = r.status === 'unique' && !file.goal ? { ...file, goal: r.grid } : file;
    const text = writePuzzleFile(converted, flags.formatOut);
    if (flags.output) writeOutput(flags.output, text, [path]);
    else process.stdout.write(text);
    process.stderr.write(`${headline(r)}\n`);
  } else if (flags.json) {
    const doc = {
      status: r.status,
      lineSolvable: r.status === 'unique' ? r.lineSolvable : false,
      solutions,
      width: file.puzzle.width,
      height: file.puzzle.height,
      ...(r.status === 'unknown' ? { reason: r.reason } : {}),
      ...(r.stats ? { stats: r.stats } : {}),
    };
    emit(JSON.stringify(doc) + '\n', flags, path);
  } else {
    emit([headline(r), ...solutions.map((rows) => rows.join('\n'))].join('\n\n') + '\n', flags, path);
  }
  return r.status === 'unique' ? ExitCode.OK : r.status === 'unknown' ? ExitCode.UNKNOWN : ExitCode.FAILED_BLOCK;
}

function emit(text: string, flags: SolveFlags, path: string | undefined): void {
  if (flags.output) writeOutput(flags.output, text, [path]);
  else process.stdout.write(text);
}

function headline(r: SolveResult): string {
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
