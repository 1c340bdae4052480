import { CommanderError, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { NonocryptError } from '../errors.js';
import type { CliIO } from './CliIO.js';
import { exitCode, exitForError } from './ExitCode.js';
import { buildProgram } from './program.js';

/**
 * One run of the command line: parse `args` (without `node` and the script), run the command,
 * and map every failure to one line on stderr and an exit code from the contract
 * (ExitCode.ts). No stack trace reaches the user. `main.ts` calls it with the process's own
 * streams; tests and the fuzz suite call it with captured ones.
 */
export async function runCli(args: readonly string[], io: CliIO): Promise<number> {
  let code: number = exitCode('OK');
  const program = buildProgram(io, (c) => (code = c));
  const output = (prefix: string) => ({
    writeOut: (s: string) => void io.stdout.write(s),
    writeErr: (s: string) => void io.stderr.write(s),
    outputError: (s: string, write: (s: string) => void) => write(`${prefix}: ${s.replace(/^error: /, '').trimEnd()}\n`),
  });
  program.exitOverride().configureOutput(output('nonocrypt'));
  const configure = (parent: CommandUnknownOpts, name: string): void => {
    for (const c of parent.commands) {
      c.exitOverride().configureOutput(output(`${name} ${c.name()}`));
      configure(c, `${name} ${c.name()}`);
    }
  };
  configure(program, 'nonocrypt');
  try {
    // `help X` for a command that does not exist: one line, like any unknown command (commander
    // would print the whole help on stderr).
    if (args[0] === 'help' && args[1] !== undefined && !program.commands.some((c) => c.name() === args[1])) {
      throw new NonocryptError('E_USAGE', `unknown command '${args[1]}'; see nonocrypt --help`);
    }
    await program.parseAsync([...args], { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? exitCode('OK') : exitCode('BAD_INPUT');
    if (e instanceof NonocryptError) {
      io.stderr.write(`nonocrypt: ${oneLine(e.message)}\n`);
      return exitForError(e.code);
    }
    const message = e instanceof Error ? e.message : String(e);
    io.stderr.write(`nonocrypt: internal error: ${oneLine(message)}\n`);
    return exitCode('INTERNAL');
  }
}

function oneLine(s: string): string {
  return s.split('\n')[0]!;
}
