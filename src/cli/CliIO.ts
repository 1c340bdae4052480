/**
 * The streams and environment a CLI run talks to. The command-line program gets the process's
 * own; tests and the fuzz suite run the CLI in this process with captured ones (`runCli`), so
 * that thousands of runs cost no process start-up each.
 */
export interface OutStream {
  write(data: string | Uint8Array): unknown;
  readonly isTTY?: boolean;
}

export interface CliIO {
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export function processIO(): CliIO {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/** Where a command's action leaves its exit code (commander's actions return nothing). */
export type SetExit = (code: number) => void;
