import type { Shard } from '../../collection/shard.js';
import { partDocument } from '../../collection/mergeParts.js';
import { solvePart } from '../../puzzle/solvePart.js';
import { certificateJson, certificateReport, certificateText } from '../certificateOutput.js';
import type { CliIO } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, writeOutput } from '../io.js';
import { certifyTarget, runOptions, usage, type RunFlags } from '../options.js';
import { readPuzzleInput } from './puzzleInput.js';
import type { InputFormat } from '../../formats/puzzleText.js';

/** The flags of `solve` that a part reads (the others are refused before it runs). */
export interface SplitFlags extends RunFlags {
  readonly split: Shard;
  readonly from?: InputFormat;
  readonly json?: boolean;
  readonly output?: string;
  readonly certify?: string;
  readonly gzip?: boolean;
}

/**
 * `solve FILE --split K/N`: part K of N of one board (puzzle/solvePart.ts). It prints the part's
 * verdict on its cube; `--json` prints the part's document, which `merge` reads. Exit 0 when
 * the cube was searched to the end (the board's verdict is merge's), 1 when the cube holds two
 * pictures (the board is ambiguous, whatever the other parts say), 3 when the part did not
 * finish or its certificate was not made.
 */
export async function solveSplit(io: CliIO, path: string | undefined, flags: SplitFlags): Promise<number> {
  checkOutputs([flags.output], [path]);
  const { index: part, count: parts } = flags.split;
  const certify = flags.certify === undefined ? undefined : certifyTarget(path, flags.certify);
  if (flags.gzip && !certify) usage('--gzip compresses the proof of --certify DIR: give --certify');
  const file = await readPuzzleInput(io, path, flags.from);
  const givens = file.givens ?? [];
  const { puzzle } = file;
  const report = await solvePart(puzzle, flags.split, { givens, certify: certify !== undefined, ...runOptions(flags) });
  const r = report.result;
  const base = certify ? `${certify.stem}.part-${part}-of-${parts}` : '';
  const cert = certify ? await certificateReport(report.certificate, certify.dir, base, flags.gzip ?? false, [path!]) : undefined;
  const doc = partDocument(report.puzzle, puzzle, givens, part, parts, report.cube, r);
  let text: string;
  if (flags.json) {
    text = JSON.stringify({ ...doc, ...(r.stats ? { difficulty: r.stats.difficulty, stats: r.stats } : {}), ...(cert ? { certificate: certificateJson(cert) } : {}) }) + '\n';
  } else {
    const cubeText = report.cube.length === 0 ? 'the whole board' : `${report.cube.length} cell${report.cube.length === 1 ? '' : 's'} set: ${cubeCells(report.cube, puzzle.width)}`;
    const head = [
      `part ${part} of ${parts}: ${partHeadline(doc.status, doc.reason)}`,
      `cube: ${cubeText}`,
      ...(cert ? [certificateText(cert)] : certify && r.status === 'multiple' ? ['no certificate: the two pictures are the proof'] : []),
      ...(doc.status !== 'multiple' ? [`the board's verdict: nonocrypt merge with the --json outputs of all ${parts} parts`] : []),
    ].join('\n');
    text = [head, ...doc.solutions.map((rows) => rows.join('\n'))].join('\n\n') + '\n';
  }
  writeOutput(io, flags.output ?? '-', text, [path]);
  if (r.status === 'multiple') return exitCode('FAILED_BLOCK');
  if (r.status === 'unknown' || (cert && 'reason' in cert)) return exitCode('UNDECIDED');
  return exitCode('OK');
}

function partHeadline(status: string, reason: string | undefined): string {
  switch (status) {
    case 'unique':
      return 'one picture in its cube (searched to the end)';
    case 'multiple':
      return 'two pictures in its cube: the board is ambiguous (multiple)';
    case 'none':
      return 'no picture in its cube (searched to the end)';
    default:
      return `not finished (${reason})`;
  }
}

/** `(3, 0) black, (5, 2) white`: the cube's cells, x from the left and y from the top, from 0. */
function cubeCells(cube: readonly number[], width: number): string {
  return cube.map((l) => `(${(Math.abs(l) - 1) % width}, ${Math.floor((Math.abs(l) - 1) / width)}) ${l > 0 ? 'black' : 'white'}`).join(', ');
}
