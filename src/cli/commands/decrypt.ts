import { uniqueGrid } from '../../cipher/decrypt.js';
import { BitsDecoder } from '../../cipher/textBits.js';
import { BlockError } from '../../errors.js';
import { runBlocks } from '../../parallel/BlockPool.js';
import { ExitCode } from '../ExitCode.js';
import { Progress, writeOutput } from '../io.js';
import { loadTable, poolOptions, type RunFlags } from '../options.js';
import { ciphertextTasks } from './blockStream.js';
import { outcomeResult } from './outcome.js';

export interface DecryptFlags extends RunFlags {
  table: string;
  output?: string;
}

/** Decrypt a ciphertext file; any block that is not unique stops it with nothing on stdout. */
export async function decryptCommand(path: string | undefined, flags: DecryptFlags): Promise<number> {
  const table = await loadTable(flags.table);
  const { width, height, tasks } = await ciphertextTasks(path);
  const pool = poolOptions(flags);
  const progress = new Progress(!flags.quiet);
  // Each block's bits become text as the block arrives; grids and bits are not kept.
  const decoder = new BitsDecoder(table, width * height);
  let n = 0;
  try {
    for await (const out of runBlocks(tasks, pool)) {
      decoder.push(uniqueGrid(outcomeResult(out, pool.timeoutMs), ++n).cells);
      progress.tick(n);
    }
  } finally {
    progress.end();
  }
  const text = decoder.finish() + '\n';
  if (flags.output) writeOutput(flags.output, text, [path]);
  else process.stdout.write(text);
  return ExitCode.OK;
}

/** Exit code for a block error: undecided blocks are 3, ambiguous or unsolvable 1. */
export function blockErrorExit(e: BlockError): number {
  return e.code === 'E_UNKNOWN' ? ExitCode.UNKNOWN : e.code === 'E_BAD_CODE' ? ExitCode.BAD_INPUT : ExitCode.FAILED_BLOCK;
}
