import { decrypt, type DecryptResult } from '../../cipher/decrypt.js';
import { TableChoiceError } from '../../errors.js';
import type { CliIO } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { Progress, checkOutputs, noteList, writeOutput } from '../io.js';
import { loadTable, runOptions, tableFile, usage, type RunFlags } from '../options.js';
import { ciphertextInput } from './ciphertextInput.js';

export interface DecryptFlags extends RunFlags {
  table?: string;
  output?: string;
}

/**
 * Decrypt a ciphertext; blocks that do not decode are named on stderr and nothing goes to
 * stdout. Without --table (or with --table auto) the library finds the built-in table; when
 * several fit, the user is asked for --table (exit 2).
 */
export async function decryptCommand(io: CliIO, path: string | undefined, flags: DecryptFlags): Promise<number> {
  checkOutputs([flags.output], [path, tableFile(flags.table)]);
  const table = flags.table === undefined || flags.table === 'auto' ? 'auto' : await loadTable(io, flags.table);
  const progress = new Progress(io, !flags.quiet);
  let r: DecryptResult;
  try {
    r = await decrypt(await ciphertextInput(io, path), { table, ...runOptions(flags), onProgress: (n) => progress.tick(n) });
  } catch (e) {
    if (e instanceof TableChoiceError) usage(`${e.message} with ${e.tables.map((t) => `--table ${t}`).join(' or ')}`);
    throw e;
  } finally {
    progress.end();
  }
  if (r.ok) {
    writeOutput(io, flags.output ?? '-', r.text + '\n');
    return exitCode('OK');
  }
  noteList(io, r.failures.map((f) => f.message));
  const codes = new Set(r.failures.map((f) => f.code));
  if (codes.has('E_AMBIGUOUS') || codes.has('E_UNSOLVABLE')) return exitCode('FAILED_BLOCK');
  if (codes.has('E_BAD_CODE')) return exitCode('BAD_INPUT');
  return exitCode('UNDECIDED');
}
