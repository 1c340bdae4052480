import { solveBlocks } from '../../cipher/solveBlocks.js';
import { emptySummary, verdictOf, type BlockVerdict } from '../../cipher/verify.js';
import { sheetOf } from '../../render/sheetsOf.js';
import type { CliIO } from '../CliIO.js';
import { exitForSummary } from '../ExitCode.js';
import { Progress, checkOutputs, colour, colourOn, writeOutput } from '../io.js';
import { runOptions, usage, type RunFlags } from '../options.js';
import { ciphertextInput } from './ciphertextInput.js';
import { sheetsText, textOptions } from './render.js';

export interface VerifyFlags extends RunFlags {
  json?: boolean;
  /** Draw each block as a puzzle sheet under its line. */
  show?: boolean;
  output?: string;
}

/**
 * One line per block, then a summary; or one JSON document. Output is written when every block
 * is decided (an input error part-way leaves standard output empty).
 */
export async function verifyCommand(io: CliIO, path: string | undefined, flags: VerifyFlags): Promise<number> {
  if (flags.show && flags.json) usage('--show draws sheets and --json prints a document: use one');
  checkOutputs([flags.output], [path]);
  const source = await ciphertextInput(io, path);
  // Colour only when the report goes to a terminal.
  const onTerminal = !flags.output && colourOn(io, io.stdout);
  const show = flags.show ? textOptions('cells', onTerminal) : undefined;
  const progress = new Progress(io, !flags.quiet && !flags.json);
  const paint = onTerminal ? colour(io, io.stdout) : (_: number, text: string) => text;
  const verdicts: BlockVerdict[] = [];
  const summary = emptySummary();
  const lines: string[] = [];
  try {
    for await (const b of solveBlocks(source, { ...runOptions(flags), onProgress: (n) => progress.tick(n) })) {
      const v = verdictOf(b.result, b.block);
      summary[v.status]++;
      if (flags.json) verdicts.push(v);
      else lines.push(`block ${v.block}: ${describe(v, paint)}\n`);
      if (show) lines.push(sheetsText([sheetOf(b.cipher.puzzle, b.cipher.annotation, b.result)], show), '\n');
    }
  } finally {
    progress.end();
  }
  if (flags.json) {
    // The documented shape; `unknown` (and a block's `reason`) appear only when a block was undecided.
    const { unknown, ...decided } = summary;
    writeOutput(io, flags.output ?? '-', JSON.stringify({ blocks: verdicts, summary: unknown ? { ...decided, unknown } : decided }) + '\n', [path]);
  } else {
    const n = summary.unique + summary.multiple + summary.none + summary.unknown;
    lines.push(
      `${n} block${n === 1 ? '' : 's'}: ${summary.unique} unique, ${summary.multiple} multiple, ${summary.none} none${summary.unknown ? `, ${summary.unknown} unknown` : ''}\n`,
    );
    writeOutput(io, flags.output ?? '-', lines.join(''), [path]);
  }
  return exitForSummary(summary);
}

function describe(v: BlockVerdict, paint: (code: number, text: string) => string): string {
  switch (v.status) {
    case 'unique':
      return paint(32, 'unique') + (v.lineSolvable ? ' (line-solvable)' : ' (needs search, not line-solvable)');
    case 'multiple':
      return paint(31, 'multiple') + ' (ambiguous: at least two grids fit)';
    case 'none':
      return paint(31, 'none') + ' (unsolvable: no grid fits)';
    case 'unknown':
      return paint(33, 'unknown') + ` (${v.reason})`;
  }
}
