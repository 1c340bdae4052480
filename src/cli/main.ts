#!/usr/bin/env -S node --single-threaded-gc
import { processIO } from './CliIO.js';
import { runCli } from './runCli.js';

/** The `nonocrypt` command: one CLI run on the process's own streams. */

// Pipes closed early (e.g. `| head`) end quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
});

runCli(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code;
});
