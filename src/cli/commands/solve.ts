import { Option, type Command } from '@commander-js/extra-typings';
import { solveMany, type PuzzleReport } from '../../collection/solveMany.js';
import { puzzleDimacs } from '../../encode/puzzleDimacs.js';
import { gridRows } from '../../grid/Puzzle.js';
import { DEFAULT_COUNT_MAX, solve, solveCertified } from '../../puzzle/solve.js';
import { certificateJson, certificateReport, certificateText } from '../certificateOutput.js';
import type { SolutionCount, SolveResult } from '../../solve/SolveResult.js';
import { timeLimitReason } from '../../solve/timeLimitReason.js';
import { howUnique, sheetOf } from '../../render/sheetsOf.js';
import { counted } from '../../formats/counted.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode, exitForCollection } from '../ExitCode.js';
import { collectInputs, inputsCounted, isCollection, textSource } from '../inputFiles.js';
import { checkOutputs, colourOn, withProgress, writeOutput } from '../io.js';
import { ReportSink } from '../ReportSink.js';
import {
  certifyOption,
  CERTIFY_ONE_FILE,
  certifyTarget,
  collectionHelp,
  engineOption,
  gzipOption,
  fromOption,
  memoryOption,
  oldInputFormat,
  outputOption,
  quietOption,
  runOptions,
  shardOption,
  showOption,
  splitOption,
  timeoutOption,
  usage,
  wholeNumber,
} from '../options.js';
import { puzzleErrorHint, readPuzzleInput } from './puzzleInput.js';
import { solveSplit } from './solveSplit.js';
import { sheetsText, textOptions } from './render.js';

function declare(program: Command) {
  const solve = program
    .command('solve')
    .description('solve a nonogram and prove whether its solution is unique')
    .argument('[files...]', 'puzzle: .non, .nin, webpbn .xml, nonocrypt .json, one-block ciphertext, or a # . picture; - or omitted: stdin; several files, folders or globs: a collection')
    .addOption(fromOption())
    .option('--json', 'print one JSON document: {"status","lineSolvable","solutions":[[rows]],"difficulty",...}; a collection: one {"file",...} per line')
    .option('--count', `count the solutions, up to --max (default ${DEFAULT_COUNT_MAX}); ">= N" when stopped by --max or the time limit`)
    .addOption(new Option('--max <n>', 'with --count: stop counting at n solutions (implies --count)').argParser(wholeNumber(1, 1e9)))
    .option('--first', 'stop at the first solution (status "found", exit 0): no search for a second one, as tournaments score solvers')
    .option('--difficulty', 'say what decided it: line logic alone (in how many passes: every row, then every column), probing at depth 1, or search (probes, search nodes, SAT calls, decisions, conflicts)')
    .addOption(showOption())
    .addOption(outputOption('the report'))
    .option('--emit-cnf <file>', "also write the puzzle's CNF (DIMACS) for an external SAT solver; - for stdout (then -o takes the report)")
    .addOption(certifyOption('DIR/STEM.cnf and DIR/STEM.lrat'))
    .addOption(gzipOption())
    .addOption(shardOption())
    .addOption(splitOption())
    .addOption(
      new Option(
        '-j, --jobs <n>',
        'worker threads: the puzzles of a collection run on them; one puzzle runs in this thread, and if undecided after 60,000 SAT conflicts (a count of work, about 30 s), as a portfolio of n differently tuned solvers racing on them (default: the number of cores)',
      ).argParser(wholeNumber(1, 256)),
    )
    .addOption(timeoutOption())
    .addOption(engineOption())
    .addOption(memoryOption())
    .addOption(quietOption())
    // Writing a puzzle is convert's; an earlier README showed `solve --format-out json`.
    .addOption(new Option('--to <format>').hideHelp())
    .addOption(new Option('--format-out <format>').hideHelp())
    .addHelpText('after', `\nExamples:\n  nonocrypt solve examples/scatter.pic\n  nonocrypt solve --count --max 100 --difficulty examples/heart.pic\n  nonocrypt solve --json --shard 1/4 'puzzles/**/*.non'\n  nonocrypt solve --json -j 1 --split 2/4 big.non > part-2.json   (then: nonocrypt merge part-*.json)\n\n${collectionHelp('puzzle')}`);
  return oldInputFormat(solve);
}

type SolveFlags = ReturnType<ReturnType<typeof declare>['opts']>;

export function addSolveCommand(program: Command, io: CliIO, setExit: SetExit): void {
  declare(program).action(async (files, opts) => setExit(await solveCommand(io, files, opts)));
}

/**
 * One puzzle (a file or standard input): its verdict, solutions and, on request, count and
 * difficulty. Several files, a folder or a glob: a collection, one line (or JSON document) per
 * puzzle, through the library's collection pipeline (one worker pool for all of it).
 */
async function solveCommand(io: CliIO, paths: readonly string[], flags: SolveFlags): Promise<number> {
  const to = flags.to ?? flags.formatOut;
  if (to !== undefined) usage(`solve reports solutions and writes no puzzle; to write one in another format: nonocrypt convert --to ${to} FILE`);
  const countMax = flags.count || flags.max !== undefined ? (flags.max ?? DEFAULT_COUNT_MAX) : undefined;
  if (flags.first && countMax !== undefined) usage('--first stops at one solution and --count counts them: use one');
  if (flags.split) {
    const refused = [[flags.shard, '--shard'], [countMax !== undefined, '--count'], [flags.first, '--first'], [flags.show, '--show'], [flags.emitCnf, '--emit-cnf'], [flags.difficulty, '--difficulty']].filter(([on]) => on);
    if (refused.length > 0) usage(`--split solves one part of one board for merge: ${refused.map(([, f]) => f).join(', ')} cannot be used with it`);
    if (isCollection(paths, undefined)) usage('--split solves one part of one board: give one file');
    return solveSplit(io, paths[0], { ...flags, split: flags.split });
  }
  if (isCollection(paths, flags.shard)) return solveCollection(io, paths, flags, countMax);
  const path = paths[0];
  if (flags.emitCnf === '-' && !flags.output) {
    usage('--emit-cnf - writes the CNF on standard output, so the report needs -o FILE (for the CNF alone: nonocrypt convert --to dimacs)');
  }
  if (flags.show && flags.json) usage('--show draws sheets and --json prints a document: use one');
  checkOutputs([flags.output, flags.emitCnf], [path]);
  if (flags.certify !== undefined && flags.first) usage('--first stops at a solution without proving it unique, and --certify certifies the verdict: use one');
  const certify = flags.certify === undefined ? undefined : certifyTarget(path, flags.certify);
  if (flags.gzip && !certify) usage('--gzip compresses the proof of --certify DIR: give --certify');
  const file = await readPuzzleInput(io, path, flags.from);
  const givens = file.givens ?? [];
  const cnf = flags.emitCnf ? puzzleDimacs(file.puzzle, givens) : undefined;
  const options = { givens, countMax, first: flags.first, ...(flags.difficulty ? { countPasses: true } : {}), ...runOptions(flags) };
  const solved = certify ? await solveCertified(file.puzzle, options) : { result: await solve(file.puzzle, options) };
  const r = solved.result;
  const cert = certify ? await certificateReport(solved.certificate, certify.dir, certify.stem, flags.gzip ?? false, [path!]) : undefined;
  const solutions = solutionRows(r);
  let text: string;
  if (flags.json) {
    text = JSON.stringify({ ...solveDocument(r, file.puzzle, countMax), ...(cert ? { certificate: certificateJson(cert) } : {}) }) + '\n';
  } else {
    const extra = [
      ...(countMax !== undefined ? [`solutions: ${countText(countOf(r), countMax, flags.timeout)}`] : []),
      ...(flags.difficulty ? [`difficulty: ${difficultyText(r)}`] : []),
      ...(cert ? [certificateText(cert)] : certify && r.status === 'multiple' ? ['no certificate: the two solutions are the proof'] : []),
    ];
    const head = [headline(r), ...extra].join('\n');
    if (flags.show) {
      const sheet = sheetOf(file.puzzle, givens, r);
      text = `${head}\n\n${sheetsText([sheet], textOptions('cells', !flags.output && colourOn(io, io.stdout)))}`;
    } else {
      text = [head, ...solutions.map((rows) => rows.join('\n'))].join('\n\n') + '\n';
    }
  }
  // Files first, standard output last: a file that cannot be written leaves stdout empty.
  const outputs: [string, string][] = [[flags.output ?? '-', text]];
  if (cnf !== undefined) outputs.push([flags.emitCnf!, cnf]);
  for (const [to, data] of outputs.sort(([a], [b]) => Number(a === '-') - Number(b === '-'))) writeOutput(io, to, data, [path]);
  if (r.status === 'multiple' || r.status === 'none') return exitCode('FAILED_BLOCK');
  if (r.status === 'unknown' || (cert && 'reason' in cert)) return exitCode('UNDECIDED');
  return exitCode('OK');
}

async function solveCollection(io: CliIO, paths: readonly string[], flags: SolveFlags, countMax: number | undefined): Promise<number> {
  if (flags.certify !== undefined) usage(CERTIFY_ONE_FILE);
  if (flags.show) usage('--show draws one puzzle: give one file (a collection prints one line per puzzle)');
  if (flags.emitCnf) usage('--emit-cnf writes one puzzle\'s CNF: give one file');
  const inputs = collectInputs(paths, 'puzzle', flags.shard);
  checkOutputs([flags.output], inputs.map((i) => i.name));
  const sink = new ReportSink(io, flags.output, inputs.map((i) => i.name));
  const counts = { unique: 0, found: 0, multiple: 0, none: 0, unknown: 0, unreadable: 0 };
  // One library call, streamed: on standard output each line appears as its puzzle is done.
  const show = !flags.quiet && !flags.json && flags.output !== undefined;
  await withProgress(
    io,
    show,
    async (onProgress) => {
      for await (const p of solveMany(inputs.map((i) => textSource(io, i)), { format: flags.from, countMax, first: flags.first, ...(flags.difficulty ? { countPasses: true } : {}), ...runOptions(flags), onProgress })) {
        if ('error' in p) counts.unreadable++;
        else counts[p.result.status]++;
        sink.line(flags.json ? JSON.stringify(collectionDocument(p, countMax)) : collectionLine(p, flags, countMax));
      }
    },
    inputs.length,
  );
  if (!flags.json) {
    // Folders and patterns that named no puzzle are no puzzles: counted apart, as what they are.
    const n = inputsCounted(inputs, 'puzzle', counts.unreadable);
    sink.line(
      `${counted(n.files, 'puzzle')}: ${counts.unique} unique, ${counts.found ? `${counts.found} found, ` : ''}${counts.multiple} multiple, ${counts.none} none, ${counts.unknown} unknown, ${n.unreadable} unreadable${n.empty ? `; ${n.empty}` : ''}`,
    );
  }
  sink.end();
  return exitForCollection({ badInput: counts.unreadable, failed: counts.multiple + counts.none, undecided: counts.unknown });
}

function solutionRows(r: SolveResult): string[][] {
  return r.status === 'unique' || r.status === 'found' ? [gridRows(r.grid)] : r.status === 'multiple' ? r.grids.map(gridRows) : [];
}

/** A stopped worker leaves no count: nothing was proven. */
function countOf(r: SolveResult): SolutionCount {
  return r.count ?? { value: 0, exact: false, stoppedBy: 'time limit' };
}

/** The JSON document of one puzzle (solve --json); a collection adds the file name first. */
function solveDocument(r: SolveResult, puzzle: { width: number; height: number }, countMax: number | undefined) {
  return {
    status: r.status,
    lineSolvable: r.status === 'unique' ? r.lineSolvable : false,
    solutions: solutionRows(r),
    width: puzzle.width,
    height: puzzle.height,
    ...(r.status === 'unknown' ? { reason: r.reason } : {}),
    ...(countMax !== undefined ? { count: countOf(r) } : {}),
    ...(r.stats ? { difficulty: r.stats.difficulty, stats: r.stats } : {}),
  };
}

function collectionDocument(p: PuzzleReport, countMax: number | undefined) {
  if ('error' in p) return { file: p.name, error: p.error };
  return { file: p.name, ...solveDocument(p.result, p.file.puzzle, countMax) };
}

function collectionLine(p: PuzzleReport, flags: SolveFlags, countMax: number | undefined): string {
  if ('error' in p) return `${p.name}: error: ${p.error.message}${puzzleErrorHint(p.error.code)}`;
  const parts = [headline(p.result, false)];
  if (countMax !== undefined) parts.push(`solutions: ${countText(countOf(p.result), countMax, flags.timeout)}`);
  if (flags.difficulty) parts.push(`difficulty: ${difficultyText(p.result)}`);
  return `${p.name}: ${parts.join('; ')}`;
}

/** `timeoutS`: the user's --timeout, which a count it stopped names. */
function countText(c: SolutionCount, countMax: number, timeoutS: number | undefined): string {
  if (c.exact) return String(c.value);
  const limit = timeoutS === undefined ? 'time limit reached' : timeLimitReason(timeoutS * 1000);
  return `>= ${c.value} (${c.stoppedBy === 'max' ? `stopped at --max ${countMax}` : limit})`;
}

export function difficultyText(r: SolveResult): string {
  const s = r.stats;
  if (!s) return 'not known (the worker was stopped)';
  const sat = [
    counted(s.probes, 'probe'),
    ...(s.searchNodes ? [counted(s.searchNodes, 'search node')] : []),
    counted(s.satCalls, 'SAT call'),
    ...(s.satDecisions !== undefined ? [counted(s.satDecisions, 'decision'), counted(s.satConflicts ?? 0, 'conflict')] : []),
  ].join(', ');
  switch (s.difficulty) {
    case 'line':
      return `line logic alone${s.passes !== undefined ? ` in ${counted(s.passes, 'pass', 'passes')}` : ''}`;
    case 'probing':
      return `probing at depth 1 (${counted(s.probes, 'probe')})`;
    case 'search':
      return `${r.status === 'unknown' ? 'search, not finished' : 'needs search'} (${sat}${s.probingStopped ? '; probing stopped at the time limit' : ''})`;
  }
}

export function headline(r: SolveResult, withGrids = true): string {
  switch (r.status) {
    case 'unique':
      return `unique (${howUnique(r)})`;
    case 'multiple':
      return withGrids ? 'multiple (two of the solutions follow)' : 'multiple (at least two solutions)';
    case 'none':
      return 'none (no grid fits the clues)';
    case 'found':
      return 'found (a solution; --first: whether it is the only one was not checked)';
    case 'unknown':
      return `unknown (${r.reason})`;
  }
}
