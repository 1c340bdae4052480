import { Option, type Command } from '@commander-js/extra-typings';
import { decrypt, type DecryptResult } from '../../cipher/decrypt.js';
import { TableChoiceError } from '../../errors.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, noteList, withProgress, writeOutput } from '../io.js';
import { engineOption, helpParagraph, jobsOption, loadTable, memoryOption, outputOption, quietOption, runOptions, tableFile, timeoutOption, usage } from '../options.js';
import { ciphertextInput } from './ciphertextInput.js';

function declare(program: Command) {
  return program
    .command('decrypt')
    .description('decrypt a ciphertext; fails naming every block that is ambiguous, unsolvable or undecided')
    .argument('[file]', 'ciphertext file; - or omitted: standard input')
    .addOption(
      new Option(
        '--table <name|file>',
        'encoding table: classic, frequency, or a table file (JSON); default auto: the built-in table under which every block decodes (exit 2 if several do)',
      ),
    )
    .addOption(outputOption('the text'))
    .addOption(jobsOption())
    .addOption(timeoutOption())
    .addOption(engineOption())
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText(
      'after',
      `\n${helpParagraph(
        'The ciphertext has no end marker and no length: a file cut after a whole block decrypts to the start of the message, exit 0, and nothing can tell. A sender guards against it by ending the message with a word the receiver expects (such as END.), or by publishing the number of blocks with the ciphertext (verify prints it: "3 blocks: ...") or the file\'s SHA-256.',
      )}\n\nExample:\n  nonocrypt decrypt examples/to-be.txt`,
    );
}

type DecryptFlags = ReturnType<ReturnType<typeof declare>['opts']>;

export function addDecryptCommand(program: Command, io: CliIO, setExit: SetExit): void {
  declare(program).action(async (file, opts) => setExit(await decryptCommand(io, file, opts)));
}

/**
 * Decrypt a ciphertext: outputs checked and the table read, then one library call on the
 * streamed ciphertext, then the text out, or the blocks that do not decode named on stderr
 * with nothing on stdout. Without --table (or with --table auto) the library finds the
 * built-in table; when several fit, the user is asked for --table (exit 2); a named table that
 * meets a code it does not use is answered with the built-in table that decodes it, if one does.
 */
async function decryptCommand(io: CliIO, path: string | undefined, flags: DecryptFlags): Promise<number> {
  checkOutputs([flags.output], [path, tableFile(flags.table)]);
  const table = flags.table === undefined || flags.table === 'auto' ? 'auto' : await loadTable(io, flags.table);
  const source = await ciphertextInput(io, path);
  const r = await withProgress(io, !flags.quiet, (onProgress) =>
    decrypt(source, { table, ...runOptions(flags), onProgress }).catch((e: unknown) => {
      if (e instanceof TableChoiceError) usage(`${e.message} with ${e.tables.map((t) => `--table ${t}`).join(' or ')}`);
      throw e;
    }),
  );
  return report(io, r, flags);
}

function report(io: CliIO, r: DecryptResult, flags: DecryptFlags): number {
  if (r.ok) {
    writeOutput(io, flags.output ?? '-', r.text + '\n');
    return exitCode('OK');
  }
  // A named table that does not fit, where one built-in table does: say how to use it.
  const tip = r.otherTables?.length === 1 ? `: decrypt with --table ${r.otherTables[0]} (or without --table, which finds it)` : '';
  noteList(io, r.failures.map((f) => f.message + tip));
  const codes = new Set(r.failures.map((f) => f.code));
  if (codes.has('E_AMBIGUOUS') || codes.has('E_UNSOLVABLE')) return exitCode('FAILED_BLOCK');
  if (codes.has('E_BAD_CODE')) return exitCode('BAD_INPUT');
  return exitCode('UNDECIDED');
}
