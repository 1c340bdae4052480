import { InvalidArgumentError, Option, type Command } from '@commander-js/extra-typings';
import { InputError } from '../../errors.js';
import { formatPuzzle, inputFormatFromPath, type InputFormat } from '../../formats/puzzleText.js';
import { counted } from '../../formats/counted.js';
import { gridRows, type Grid } from '../../grid/Puzzle.js';
import { DEFAULT_MAKE_TIMEOUT_MS, MAKE_DIFFICULTIES, MAKE_GOALS, makePuzzle, type MakeResult } from '../../puzzle/makePuzzle.js';
import type { GreyImage } from '../../solve/make/GreyImage.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { certificateJson, certificateReport, certificateText } from '../certificateOutput.js';
import { exitCode } from '../ExitCode.js';
import { imageKindOf, readImage } from '../imageInput.js';
import { checkOutputs, inputName, writeOutput } from '../io.js';
import { certifyOption, certifyTarget, engineOption, fromOption, memoryOption, quietOption, runOptions, timeoutOption, usage, wholeNumber } from '../options.js';
import { difficultyText, headline } from './solve.js';
import { readPuzzleInput } from './puzzleInput.js';

/** The largest board side `--size` takes (unit: cells): the search judges up to W x H pictures a step. */
const MAX_MAKE_SIDE = 256;

function declare(program: Command) {
  return program
    .command('make')
    .description('change the fewest cells of a picture or image so that it becomes a puzzle solvable by line logic (or unique)')
    .argument('<input>', 'a PNG, JPEG or SVG image (with --size), or a picture in any puzzle format solve reads (a goal picture, or # . rows)')
    .addOption(new Option('--goal <goal>', 'line-solvable: line logic alone solves it (a person needs no guessing); unique: one solution').choices(MAKE_GOALS).default('line-solvable' as const))
    .addOption(new Option('--difficulty <level>', 'instead of --goal, the difficulty solve --difficulty reports: line (line logic alone), probing (probing at depth 1), search').choices(MAKE_DIFFICULTIES))
    .addOption(new Option('--passes <n>', 'with the goal line-solvable: line logic solves it in at most n passes (a pass: every row, then every column; solve --difficulty counts them)').argParser(wholeNumber(1, 1e6)))
    .addOption(new Option('--size <WxH>', 'board size for an image, e.g. 24x24 (each cell the mean grey of its pixels)').argParser(boardSize))
    .addOption(new Option('--threshold <darkness>', 'for an image: a cell starts black when its darkness (0 white .. 1 black) is above this (default 0.5)').argParser(unitNumber))
    .addOption(new Option('--max-changes <k>', 'change at most k cells (exit 1 when it is proven that no k do)').argParser(wholeNumber(0, 1e6)))
    .addOption(new Option('--keep <cells>', 'cells never changed: x,y pairs (0-based column and row, as a .non file\'s given), separated by spaces').argParser(cellPairs))
    .addOption(timeoutOption(`time limit of the search (default ${DEFAULT_MAKE_TIMEOUT_MS / 1000}) past its first, greedy picture, which is always finished; the best found is kept, with the lower bound proved`))
    .option('--json', 'print one JSON document: {"status","goal","count","changes":[[x,y]],"cost","fewest","lowerBound","verdict",...}')
    .addOption(new Option('-o, --output <file>', 'write the puzzle to this file (whole or not at all) in the format its extension names: .pic, .non, .nin, .xml or .json; the report still goes to stdout'))
    .addOption(certifyOption('DIR/STEM.cnf and DIR/STEM.lrat'))
    .addOption(fromOption())
    .addOption(engineOption())
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText(
      'after',
      `\nExamples:\n  nonocrypt make --size 24x24 icon.svg -o icon.non\n  nonocrypt make --goal unique examples/scatter.pic\n  nonocrypt make --difficulty probing --max-changes 3 examples/heart.pic\n\nExit codes as solve's: 0 the goal is met; 1 proven that no picture within\n--max-changes meets it; 2 bad input; 3 stopped by the time limit before a picture\nthat meets it was found.`,
    );
}

type MakeFlags = ReturnType<ReturnType<typeof declare>['opts']>;

export function addMakeCommand(program: Command, io: CliIO, setExit: SetExit): void {
  declare(program).action(async (input, opts) => setExit(await makeCommand(io, input, opts)));
}

function boardSize(value: string): { width: number; height: number } {
  const m = /^\s*(\d+)\s*[xX]\s*(\d+)\s*$/.exec(value);
  const w = m ? Number(m[1]) : NaN;
  const h = m ? Number(m[2]) : NaN;
  if (!(w >= 1 && h >= 1 && w <= MAX_MAKE_SIDE && h <= MAX_MAKE_SIDE)) throw new InvalidArgumentError(`expected WxH, each side a whole number from 1 to ${MAX_MAKE_SIDE} (e.g. 24x24)`);
  return { width: w, height: h };
}

function unitNumber(value: string): number {
  const n = Number(value);
  if (!/^\s*\d*\.?\d+\s*$/.test(value) || !(n >= 0 && n <= 1)) throw new InvalidArgumentError('expected a number from 0 to 1');
  return n;
}

function cellPairs(value: string): { x: number; y: number }[] {
  const cells: { x: number; y: number }[] = [];
  for (const t of value.split(/[\s;]+/).filter(Boolean)) {
    const m = /^(\d+),(\d+)$/.exec(t);
    if (!m) throw new InvalidArgumentError(`expected cells as x,y (0-based column and row) separated by spaces, found "${t}"`);
    cells.push({ x: Number(m[1]), y: Number(m[2]) });
  }
  return cells;
}

/** The format `-o FILE` names by its extension. */
function outputFormatOf(path: string): InputFormat {
  const f = inputFormatFromPath(path);
  if (!f || f === 'cipher') usage(`-o ${path}: name the puzzle's format by the extension: .pic, .non, .nin, .xml or .json`);
  return f;
}

async function makeCommand(io: CliIO, path: string, flags: MakeFlags): Promise<number> {
  const kind = imageKindOf(path);
  if (kind && !flags.size) usage(`${inputName(path)} is an image: give the board size with --size WxH (e.g. --size 24x24)`);
  if (!kind && flags.size) usage(`--size scales an image (PNG, JPEG, SVG); ${inputName(path)} is read as a puzzle: change its picture's size first`);
  if (!kind && flags.threshold !== undefined) usage('--threshold applies to an image (PNG, JPEG, SVG)');
  if (flags.difficulty && flags.goal !== 'line-solvable') usage('--difficulty replaces --goal: use one');
  if (flags.passes !== undefined && (flags.goal !== 'line-solvable' || (flags.difficulty && flags.difficulty !== 'line'))) {
    usage(`--passes limits line logic's passes, so it needs the goal line-solvable (not ${flags.difficulty ?? flags.goal})`);
  }
  const format = flags.output ? outputFormatOf(flags.output) : undefined;
  checkOutputs([flags.output], [path]);
  const certify = flags.certify === undefined ? undefined : certifyTarget(path, flags.certify);
  let input: Grid | GreyImage;
  if (kind) input = await readImage(io, path, kind, flags.size!.width, flags.size!.height);
  else {
    const file = await readPuzzleInput(io, path, flags.from);
    if (!file.goal) throw new InputError('E_GOAL', `${inputName(path)}: make starts from a picture: a goal in the file, or a picture of # and . rows`);
    input = file.goal;
  }
  const keep = (flags.keep ?? []).map(({ x, y }) => {
    if (x >= input.width || y >= input.height) usage(`--keep ${x},${y} is off the ${input.width}x${input.height} board`);
    return y * input.width + x;
  });
  const r = await makePuzzle(input, {
    goal: flags.goal,
    ...(flags.difficulty ? { difficulty: flags.difficulty } : {}),
    ...(flags.passes !== undefined ? { maxPasses: flags.passes } : {}),
    ...(flags.maxChanges !== undefined ? { maxChanges: flags.maxChanges } : {}),
    ...(keep.length ? { keep } : {}),
    ...(flags.threshold !== undefined ? { threshold: flags.threshold } : {}),
    ...runOptions(flags, 1), // the time limit, engine and memory cap; the search runs in this thread
    ...(certify ? { certify: true } : {}),
  });
  const cert = certify && r.status === 'made' ? await certificateReport(r.certificate, certify.dir, certify.stem, false, [path]) : undefined;
  const text = flags.json ? JSON.stringify({ ...makeDocument(r), ...(cert ? { certificate: certificateJson(cert) } : {}) }) + '\n' : reportText(r, flags, cert ? certificateText(cert) : undefined);
  // The puzzle file first, the report last: a file that cannot be written leaves stdout empty.
  if (flags.output && r.picture && r.puzzle) writeOutput(io, flags.output, formatPuzzle({ puzzle: r.puzzle, goal: r.picture }, format!), [path]);
  writeOutput(io, '-', text, [path]);
  if (r.status === 'none') return exitCode('FAILED_BLOCK');
  if (r.status === 'unknown' || r.verdict?.status === 'unknown' || (cert && 'reason' in cert)) return exitCode('UNDECIDED');
  return exitCode('OK');
}

const cellText = (c: number, w: number) => `${c % w},${Math.floor(c / w)}`;

function goalWords(r: MakeResult): string {
  if (r.maxPasses !== undefined) return `line-solvable in at most ${counted(r.maxPasses, 'pass', 'passes')}`;
  return r.target === 'line-solvable' || r.target === 'unique' ? r.target : `of difficulty ${r.target}`;
}

function proofText(r: MakeResult): string {
  if (r.fewest === 'proven') return 'proven fewest';
  const why = r.stats.stoppedBy === 'undecided candidates' ? 'some candidates were left undecided' : 'the time limit ended the proof';
  return `the fewest found; no picture with fewer than ${counted(r.lowerBound, 'changed cell')} meets the goal (proven; ${why})`;
}

function reportText(r: MakeResult, flags: MakeFlags, certText: string | undefined): string {
  const w = r.start.width;
  const lines: string[] = [];
  if (r.status === 'made') {
    const n = r.changes.length;
    lines.push(n === 0 ? `already ${goalWords(r)}: no cell changed` : `made ${goalWords(r)}: ${counted(n, 'cell')} changed, ${proofText(r)}`);
    if (n > 0) lines.push(`changed: ${r.changes.map((c) => cellText(c, w)).join(' ')} (x,y from 0)`);
    if (n > 0 && r.cost !== n) lines.push(`grey cost: ${r.cost.toFixed(2)} (${r.cheapestProven ? `proven cheapest of ${counted(n, 'change')}` : 'the cheapest found'})`);
    lines.push(`verdict: ${headline(r.verdict!, false)}`, `difficulty: ${difficultyText(r.verdict!)}`);
    if (certText) lines.push(certText);
    if (!flags.output) lines.push('', ...gridRows(r.picture!));
  } else if (r.status === 'none') {
    lines.push(`none: no picture within ${counted(r.lowerBound - 1, 'changed cell')} is ${goalWords(r)} (proven)`);
  } else {
    lines.push(`unknown: the search stopped (${r.stats.stoppedBy ?? 'time limit'}) before a picture ${goalWords(r)} was found; no picture with fewer than ${counted(r.lowerBound, 'changed cell')} is (proven)`);
  }
  return lines.join('\n') + '\n';
}

function makeDocument(r: MakeResult) {
  const w = r.start.width;
  const v = r.verdict;
  return {
    status: r.status,
    goal: r.target,
    ...(r.maxPasses !== undefined ? { maxPasses: r.maxPasses } : {}),
    width: w,
    height: r.start.height,
    count: r.changes.length,
    changes: r.changes.map((c) => [c % w, Math.floor(c / w)]),
    cost: r.cost,
    fewest: r.fewest,
    lowerBound: r.lowerBound,
    cheapestProven: r.cheapestProven,
    ...(v ? { verdict: { status: v.status, lineSolvable: v.status === 'unique' ? v.lineSolvable : false, ...(v.stats ? { difficulty: v.stats.difficulty } : {}), ...(v.stats?.passes !== undefined ? { passes: v.stats.passes } : {}) } } : {}),
    ...(r.picture ? { picture: gridRows(r.picture) } : {}),
    start: gridRows(r.start),
    elapsedMs: Math.round(r.stats.elapsedMs),
    judged: r.stats.judged,
    ...(r.stats.greedyChanges !== undefined ? { greedyChanges: r.stats.greedyChanges } : {}),
    ...(r.stats.stoppedBy ? { stoppedBy: r.stats.stoppedBy } : {}),
  };
}
