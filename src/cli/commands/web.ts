import type { CliIO } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { listen, webRoot, webServer } from '../webServer.js';

export interface WebFlags {
  port: number;
  quiet?: boolean;
}

/**
 * Serve the page on 127.0.0.1, print its address, stop on Ctrl-C (or SIGTERM). Signals are the
 * process's own: this command only makes sense as the program, not in an in-process run.
 */
export async function webCommand(io: CliIO, flags: WebFlags): Promise<number> {
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
