import { Option, type Command } from '@commander-js/extra-typings';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { quietOption, wholeNumber } from '../options.js';
import { listen, webRoot, webServer } from '../webServer.js';

function declare(program: Command) {
  return program
    .command('web')
    .description('serve the web page (encrypt, decrypt, verify, solve, annotate, draw puzzles with a live verdict, step through line logic, Mastermind with lies) on 127.0.0.1 until Ctrl-C')
    .addOption(new Option('-p, --port <n>', 'port (0: any free port)').argParser(wholeNumber(0, 65535)).default(8080))
    .addOption(quietOption());
}

export function addWebCommand(program: Command, io: CliIO, setExit: SetExit): void {
  declare(program).action(async (opts) => setExit(await webCommand(io, opts)));
}

/**
 * Serve the page on 127.0.0.1, print its address, stop on Ctrl-C (or SIGTERM). Signals are the
 * process's own: this command only makes sense as the program, not in an in-process run.
 */
async function webCommand(io: CliIO, flags: ReturnType<ReturnType<typeof declare>['opts']>): Promise<number> {
  const server = webServer(webRoot());
  const url = await listen(server, flags.port);
  io.stdout.write(`${url}\n`);
  if (!flags.quiet) io.stderr.write('nonocrypt: serving the web page on this address (127.0.0.1 only); Ctrl-C stops\n');
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      server.close(() => resolve());
      server.closeAllConnections();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return exitCode('OK');
}
