import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, Help } from '@commander-js/extra-typings';
import type { CliIO, SetExit } from './CliIO.js';
import { addAnnotateCommand } from './commands/annotate.js';
import { addCheckCertificateCommand } from './commands/checkCertificate.js';
import { addConvertCommand } from './commands/convert.js';
import { addDecryptCommand } from './commands/decrypt.js';
import { addEncryptCommand } from './commands/encrypt.js';
import { addMastermindCommand } from './commands/mastermind.js';
import { addMakeCommand } from './commands/make.js';
import { addMergeCommand } from './commands/merge.js';
import { addRenderCommand } from './commands/render.js';
import { addSolveCommand } from './commands/solve.js';
import { addVerifyCommand } from './commands/verify.js';
import { addWebCommand } from './commands/web.js';
import { exitCodesHelp } from './ExitCode.js';

/**
 * The command line: each command is declared, with its flags and its action, in its own file
 * `commands/X.ts` exporting `addXCommand(program, io, setExit)`; flag types are inferred from
 * the declarations (`@commander-js/extra-typings`), never written by hand. An action turns the
 * flags into one options object, calls the library, prints, and leaves its exit code.
 */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    const p = join(dir, 'package.json');
    if (existsSync(p)) return (JSON.parse(readFileSync(p, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
}

/** The commands in the order the help lists them. */
const COMMANDS: readonly ((program: Command, io: CliIO, setExit: SetExit) => void)[] = [
  addEncryptCommand,
  addDecryptCommand,
  addVerifyCommand,
  addSolveCommand,
  addMergeCommand,
  addCheckCertificateCommand,
  addAnnotateCommand,
  addMakeCommand,
  addConvertCommand,
  addRenderCommand,
  addWebCommand,
  addMastermindCommand,
];

export function buildProgram(io: CliIO, setExit: SetExit): Command {
  const program = new Command()
    .name('nonocrypt')
    .description('Nonogram cipher and nonogram uniqueness checker (SAT-backed): encrypt, decrypt, verify, solve, merge, check-certificate, annotate, make, convert, render, web; Mastermind and the AB game with lies (mastermind).')
    .version(packageVersion(), '-V, --version')
    .showSuggestionAfterError(true)
    // `check-certificate [options] <file> <dir>` is too wide for the command list's column
    // (commander then stops wrapping every description): such a term leaves out "[options]".
    .configureHelp({
      subcommandTerm(cmd) {
        const term = Help.prototype.subcommandTerm.call(this, cmd);
        return term.length > 32 ? term.replace(' [options]', '') : term;
      },
    })
    .addHelpText('after', `\n${exitCodesHelp()}`);
  for (const add of COMMANDS) add(program, io, setExit);
  return program;
}
