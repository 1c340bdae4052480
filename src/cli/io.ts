import { createReadStream, existsSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, basename, join, resolve } from 'node:path';
import { InputError, NonocryptError } from '../errors.js';

/**
 * The CLI's contact with files and streams (the library never touches them). Inputs are a
 * path or `-` for standard input; with no path, standard input is read when it is not a
 * terminal. Outputs are written whole or not at all (temporary file, then rename), and never
 * over an input.
 */
export function inputName(path: string | undefined): string {
  return path === undefined || path === '-' ? '<stdin>' : path;
}

function checkReadable(path: string): void {
  if (!existsSync(path)) throw new InputError('E_FILE', `${path}: no such file`);
  if (statSync(path).isDirectory()) throw new InputError('E_FILE', `${path}: is a directory, expected a file`);
}

function stdinOrUsage(path: string | undefined): void {
  if ((path === undefined || path === '-') && process.stdin.isTTY && path === undefined) {
    throw new NonocryptError('E_USAGE', 'no input: give a FILE, or pipe the input on standard input (or use -)');
  }
}

/** The whole input as text. */
export async function readText(path: string | undefined): Promise<string> {
  stdinOrUsage(path);
  if (path !== undefined && path !== '-') checkReadable(path);
  const stream = path === undefined || path === '-' ? process.stdin : createReadStream(path);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (e) {
    throw new InputError('E_FILE', `${inputName(path)}: cannot read (${(e as Error).message})`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The input line by line, streamed with backpressure (for large ciphertexts): the next chunk
 * is read only when the consumer has taken the lines before it. (readline's async iterator
 * buffers every line it reads ahead of a slow consumer.)
 */
export async function* readLines(path: string | undefined): AsyncGenerator<string> {
  stdinOrUsage(path);
  if (path !== undefined && path !== '-') checkReadable(path);
  const input = path === undefined || path === '-' ? process.stdin : createReadStream(path);
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  try {
    for await (const chunk of input) {
      rest += decoder.decode(chunk as Buffer, { stream: true });
      let start = 0;
      for (let nl = rest.indexOf('\n'); nl >= 0; nl = rest.indexOf('\n', start)) {
        yield rest.slice(start, nl);
        start = nl + 1;
      }
      rest = rest.slice(start);
    }
  } catch (e) {
    throw new InputError('E_FILE', `${inputName(path)}: cannot read (${(e as Error).message})`);
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}

/** Write a whole output file atomically; refuse to write over any of the inputs. */
export function writeOutput(path: string, text: string, inputs: readonly (string | undefined)[] = []): void {
  const target = resolve(path);
  for (const i of inputs) {
    if (i && i !== '-' && existsSync(i) && existsSync(target) && realpathSync(i) === realpathSync(target)) {
      throw new InputError('E_OUTPUT', `${path}: refusing to overwrite the input file`);
    }
  }
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, target);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* nothing to clean up */
    }
    throw new InputError('E_OUTPUT', `${path}: cannot write (${(e as Error).message})`);
  }
}

/** Colour only for a terminal, and never when NO_COLOR is set. */
export function colour(stream: NodeJS.WriteStream): (code: number, text: string) => string {
  const on = Boolean(stream.isTTY) && !process.env.NO_COLOR;
  return (code, text) => (on ? `\x1b[${code}m${text}\x1b[0m` : text);
}

/** Progress on stderr for long runs: only on a terminal, never with --json or --quiet. */
export class Progress {
  private readonly on: boolean;
  private readonly started = performance.now();
  private last = 0;
  private shown = false;
  constructor(enabled: boolean) {
    this.on = enabled && Boolean(process.stderr.isTTY);
  }
  tick(done: number, total?: number): void {
    if (!this.on) return;
    const now = performance.now();
    if (now - this.last < 200) return;
    this.last = now;
    const secs = ((now - this.started) / 1000).toFixed(1);
    process.stderr.write(`\r\x1b[K${done}${total ? `/${total}` : ''} blocks, ${secs} s`);
    this.shown = true;
  }
  end(): void {
    if (this.shown) process.stderr.write('\r\x1b[K');
  }
}
