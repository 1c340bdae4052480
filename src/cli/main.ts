#!/usr/bin/env -S node --single-threaded-gc
import { CommanderError } from 'commander';
import { BlockError, NonocryptError } from '../errors.js';
import { blockErrorExit } from './commands/decrypt.js';
import { ExitCode } from './ExitCode.js';
import { buildProgram } from './program.js';

/**
 * Process entry: run the program, map every failure to one line on stderr and an exit code.
 * No stack traces reach the user.
 */
async function main(argv: string[]): Promise<number> {
  let code: number = ExitCode.OK;
  const program = buildProgram((c) => (code = c));
  program.exitOverride();
  program.configureOutput({
    writeErr: (s) => process.stderr.write(s),
    outputError: (s, write) => write(`nonocrypt: ${s.replace(/^error: /, '').trimEnd()}\n`),
  });
  for (const c of program.commands) {
    c.exitOverride();
    c.configureOutput({
      writeErr: (s) => process.stderr.write(s),
      outputError: (s, write) => write(`nonocrypt ${c.name()}: ${s.replace(/^error: /, '').trimEnd()}\n`),
    });
  }
  try {
    await program.parseAsync(argv);
    return code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? ExitCode.OK : ExitCode.BAD_INPUT;
    if (e instanceof BlockError) {
      process.stderr.write(`nonocrypt: ${e.message}\n`);
      return blockErrorExit(e);
    }
    if (e instanceof NonocryptError && e.code !== 'E_INTERNAL') {
      process.stderr.write(`nonocrypt: ${e.message}\n`);
      return ExitCode.BAD_INPUT;
    }
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`nonocrypt: internal error: ${message.split('\n')[0]}\n`);
    return 70;
  }
}

// Pipes closed early (e.g. `| head`) end quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
});

main(process.argv).then((code) => {
  process.exitCode = code;
});
