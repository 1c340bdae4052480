#!/usr/bin/env -S node --single-threaded-gc
import { CommanderError } from 'commander';
import { NonocryptError } from '../errors.js';
import { exitCode, exitForError } from './ExitCode.js';
import { buildProgram } from './program.js';

/**
 * Process entry: run the program, map every failure to one line on stderr and an exit code
 * from the contract (ExitCode.ts). No stack traces reach the user.
 */
async function main(argv: string[]): Promise<number> {
  let code: number = exitCode('OK');
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
    if (e instanceof CommanderError) return e.exitCode === 0 ? exitCode('OK') : exitCode('BAD_INPUT');
    if (e instanceof NonocryptError) {
      process.stderr.write(`nonocrypt: ${oneLine(e.message)}\n`);
      return exitForError(e.code);
    }
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`nonocrypt: internal error: ${oneLine(message)}\n`);
    return exitCode('INTERNAL');
  }
}

function oneLine(s: string): string {
  return s.split('\n')[0]!;
}

// Pipes closed early (e.g. `| head`) end quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
});

main(process.argv).then((code) => {
  process.exitCode = code;
});
