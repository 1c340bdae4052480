import { summarize, verdictOf, type BlockVerdict } from '../../cipher/verify.js';
import { runBlocks } from '../../parallel/BlockPool.js';
import { ExitCode } from '../ExitCode.js';
import { Progress, colour } from '../io.js';
import { poolOptions, type RunFlags } from '../options.js';
import { ciphertextTasks } from './blockStream.js';
import { outcomeResult } from './outcome.js';

/** One line per block as verdicts arrive (in order), then a summary; or one JSON document. */
export async function verifyCommand(path: string | undefined, flags: RunFlags): Promise<number> {
  const { tasks } = await ciphertextTasks(path);
  const pool = poolOptions(flags);
  const progress = new Progress(!flags.quiet && !flags.json);
  const paint = colour(process.stdout);
  const verdicts: BlockVerdict[] = [];
  const summary = { unique: 0, multiple: 0, none: 0, unknown: 0 };
  let out = '';
  let n = 0;
  for await (const o of runBlocks(tasks, pool)) {
    const v = verdictOf(outcomeResult(o, pool.timeoutMs), ++n);
    summary[v.status]++;
    if (flags.json) verdicts.push(v);
    else {
      out += `block ${v.block}: ${describe(v, paint)}\n`;
      if (out.length > 1 << 16) (process.stdout.write(out), (out = ''));
    }
    progress.tick(v.block);
  }
  progress.end();
  if (flags.json) {
    // The documented shape; `unknown` (and a block's `reason`) appear only when a block was
    // stopped by --timeout or MiniSat's heap.
    const { unknown, ...decided } = summarize(verdicts);
    process.stdout.write(JSON.stringify({ blocks: verdicts, summary: unknown ? { ...decided, unknown } : decided }) + '\n');
  } else {
    out += `${n} block${n === 1 ? '' : 's'}: ${summary.unique} unique, ${summary.multiple} multiple, ${summary.none} none${summary.unknown ? `, ${summary.unknown} unknown` : ''}\n`;
    process.stdout.write(out);
  }
  if (summary.multiple || summary.none) return ExitCode.FAILED_BLOCK;
  if (summary.unknown) return ExitCode.UNKNOWN;
  return ExitCode.OK;
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
