import {
  chmodSync,
  closeSync,
  createReadStream,
  fchownSync,
  fsyncSync,
  lstatSync,
  openSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError, NonocryptError } from '../errors.js';
import type { CliIO, OutStream } from './CliIO.js';
import { LineSplitter } from '../formats/textLines.js';

/**
 * The CLI's contact with files and streams (the library never touches them).
 *
 * Inputs are a path or `-` for standard input; with no path, standard input is read when it
 * is not a terminal. A path that cannot be read says why in the system's words (no such file,
 * permission denied, is a directory).
 *
 * Outputs (`-o FILE`) are written whole or not at all, and nothing is lost:
 * - a regular file (or a new one) is written to a temporary file in the same folder, flushed
 *   to disk, then renamed over the target; an existing file keeps its permission bits (a 0600
 *   file of plaintext stays 0600) and, when we run as root, its owner;
 * - a symbolic link is followed: its target is replaced, the link stays;
 * - a device, FIFO, socket or standard stream (`/dev/stdout`, `/dev/fd/N`) is written
 *   through, renaming nothing;
 * - an output that is one of the inputs (the same file under any name, hard links included),
 *   or two outputs naming one file, is refused before any work is done.
 * Why not a library: write-file-atomic (the well-kept one) needs Node 22 from version 8, and
 * would rename over a device or FIFO target, which we must detect anyway; what is left is
 * these few lines.
 */
export function inputName(path: string | undefined): string {
  return path === undefined || path === '-' ? '<stdin>' : path;
}

/** A file system error in the system's words: "permission denied", "no such file", ... */
export function describeFsError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'ENOSPC':
      return 'no space left on device';
    case 'EROFS':
      return 'read-only file system';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    case 'ENAMETOOLONG':
      return 'file name too long';
    default:
      return (err.message ?? String(e)).split('\n')[0]!;
  }
}

function checkReadable(path: string): void {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    throw new InputError('E_FILE', `${path}: cannot read (${describeFsError(e)})`);
  }
  if (st.isDirectory()) throw new InputError('E_FILE', `${path}: is a directory, expected a file`);
}

function openInput(io: CliIO, path: string | undefined): NodeJS.ReadableStream {
  if (path === undefined || path === '-') {
    if (path === undefined && io.stdin.isTTY) {
      throw new NonocryptError('E_USAGE', 'no input: give a FILE, or pipe the input on standard input (or use -)');
    }
    return io.stdin;
  }
  checkReadable(path);
  return createReadStream(path);
}

/** The whole input as text. */
export async function readText(io: CliIO, path: string | undefined): Promise<string> {
  return (await readBytes(io, path)).toString('utf8');
}

/** The whole input as bytes. */
export async function readBytes(io: CliIO, path: string | undefined): Promise<Buffer> {
  const stream = openInput(io, path);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  } catch (e) {
    throw new InputError('E_FILE', `${inputName(path)}: cannot read (${describeFsError(e)})`);
  }
  return Buffer.concat(chunks);
}

/**
 * The input line by line, streamed with backpressure (for large ciphertexts): the next chunk
 * is read only when the consumer has taken the lines before it. (readline's async iterator
 * buffers every line it reads ahead of a slow consumer.)
 */
export async function* readLines(io: CliIO, path: string | undefined): AsyncGenerator<string> {
  const input = openInput(io, path);
  const decoder = new TextDecoder('utf-8');
  const split = new LineSplitter();
  try {
    for await (const chunk of input) yield* split.lines(decoder.decode(chunk as Buffer, { stream: true }));
  } catch (e) {
    if (e instanceof NonocryptError) throw e;
    throw new InputError('E_FILE', `${inputName(path)}: cannot read (${describeFsError(e)})`);
  }
  yield* split.lines(decoder.decode());
  const last = split.last();
  if (last !== undefined) yield last;
}

/** The standard stream a path names, if it names one (`-`, /dev/stdout, /dev/fd/2 ...). */
function standardStream(io: CliIO, path: string): OutStream | undefined {
  if (path === '-' || /^\/(dev\/(stdout|fd\/1)|proc\/self\/fd\/1)$/.test(path)) return io.stdout;
  if (/^\/(dev\/(stderr|fd\/2)|proc\/self\/fd\/2)$/.test(path)) return io.stderr;
  return undefined;
}

const isStandardStream = (path: string): boolean => path === '-' || /^\/(dev\/(std(out|err)|fd\/[12])|proc\/self\/fd\/[12])$/.test(path);

/** The file's status, or undefined when it cannot be had (missing, unreadable folder, ...). */
export function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new InputError('E_OUTPUT', `${path}: cannot write (${describeFsError(e)})`);
  }
}

/** The regular file a path will end up writing: symbolic links followed, also dangling ones. */
function finalTarget(path: string): string {
  let p = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    let link: string;
    try {
      if (!lstatSync(p).isSymbolicLink()) return p;
      link = readlinkSync(p);
    } catch {
      return p; // does not exist (yet): it is the target itself
    }
    p = resolve(dirname(p), link);
  }
  throw new InputError('E_OUTPUT', `${path}: cannot write (too many levels of symbolic links)`);
}

/** True when a and b name the same file (for existing files: the same inode). */
function sameFile(a: string, b: string): boolean {
  const sa = statOrUndefined(a);
  const sb = statOrUndefined(b);
  if (sa && sb) return sa.dev === sb.dev && sa.ino === sb.ino;
  return finalTarget(a) === finalTarget(b);
}

/**
 * Refuse, before any work is done, outputs that would overwrite an input or each other.
 * `outputs` and `inputs` may hold undefined (not given) and `-` (a standard stream).
 */
export function checkOutputs(outputs: readonly (string | undefined)[], inputs: readonly (string | undefined)[]): void {
  const outs = outputs.filter((o): o is string => o !== undefined && !isStandardStream(o));
  const ins = inputs.filter((i): i is string => i !== undefined && i !== '-');
  for (const o of outs) {
    for (const i of ins) {
      if (sameFile(o, i)) throw new InputError('E_SAME_FILE', `${o}: refusing to overwrite the input file ${i}`);
    }
  }
  for (let a = 0; a < outs.length; a++) {
    for (let b = a + 1; b < outs.length; b++) {
      if (sameFile(outs[a]!, outs[b]!)) throw new InputError('E_SAME_FILE', `${outs[b]}: two outputs name the same file`);
    }
  }
}

/** A fresh temporary name beside `target` (hidden, this process's), for writing it whole or not at all. */
export function tempPathBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`);
}

/** Write a whole output (see the file comment); `-` is standard output. */
export function writeOutput(io: CliIO, path: string, data: string | Uint8Array | Iterable<string | Uint8Array>, inputs: readonly (string | undefined)[] = []): void {
  const pieces: Iterable<string | Uint8Array> = typeof data === 'string' || data instanceof Uint8Array ? [data] : data;
  checkOutputs([path], inputs);
  const stream = standardStream(io, path);
  if (stream) {
    for (const piece of pieces) stream.write(piece);
    return;
  }
  const target = finalTarget(path);
  const fail = (e: unknown): never => {
    // An error of what produced the pieces is its own, not the file's.
    if (!isFsError(e)) throw e;
    // ENOENT names a missing folder, or one that takes no new files (/proc, /sys).
    const folder = dirname(target);
    const missing = () => (statOf(folder)?.isDirectory() ? `the folder ${folder} takes no new files` : `folder ${folder} does not exist`);
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? missing() : describeFsError(e);
    throw new InputError('E_OUTPUT', `${path}: cannot write (${why})`);
  };
  const existing = statOrUndefined(target);
  if (existing?.isDirectory()) fail({ code: 'EISDIR' });
  if (existing && !existing.isFile()) {
    // A device, FIFO or socket: write through; there is nothing to rename.
    try {
      const fd = openSync(target, 'w');
      try {
        for (const piece of pieces) writeAll(fd, piece);
      } finally {
        closeSync(fd);
      }
    } catch (e) {
      fail(e);
    }
    return;
  }
  const tmp = tempPathBeside(target);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx', existing ? existing.mode & 0o7777 : 0o666);
    for (const piece of pieces) writeAll(fd, piece);
    if (existing) {
      // The umask may have narrowed the mode given to open; an existing file keeps its own.
      chmodSync(tmp, existing.mode & 0o7777);
      if (process.getuid?.() === 0 && (existing.uid !== 0 || existing.gid !== 0)) fchownSync(fd, existing.uid, existing.gid);
    }
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, target);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      /* nothing to clean up */
    }
    fail(e);
  }
}

/** An error of the file system (it has an errno code), not one of ours. */
const isFsError = (e: unknown) => typeof e === 'object' && e !== null && typeof (e as NodeJS.ErrnoException).code === 'string' && !(e instanceof NonocryptError);

function writeAll(fd: number, piece: string | Uint8Array): void {
  const buf = typeof piece === 'string' ? Buffer.from(piece) : piece;
  for (let at = 0; at < buf.length; ) at += writeSync(fd, buf, at);
}

/** Colour only for a terminal, and never when NO_COLOR is set. */
export function colourOn(io: CliIO, stream: OutStream): boolean {
  return Boolean(stream.isTTY) && !io.env.NO_COLOR;
}

export function colour(io: CliIO, stream: OutStream): (code: number, text: string) => string {
  const on = colourOn(io, stream);
  return (code, text) => (on ? `\x1b[${code}m${text}\x1b[0m` : text);
}

/** Notes on stderr, one line each; a long list is cut after `max` lines with a count of the rest. */
export function noteList(io: CliIO, lines: readonly string[], max = 20): void {
  let out = '';
  for (const l of lines.slice(0, max)) out += `nonocrypt: ${l}\n`;
  if (lines.length > max) out += `nonocrypt: ... and ${lines.length - max} more\n`;
  if (out) io.stderr.write(out);
}

/**
 * `work` (one library call) with a progress display fed by its progress callback, ended
 * however the work ends. `enabled` is the command's choice (off with --quiet, --json, ...);
 * the display also needs a terminal (see Progress).
 */
export async function withProgress<T>(io: CliIO, enabled: boolean, work: (onProgress: (done: number, total?: number) => void) => Promise<T>, total?: number): Promise<T> {
  const progress = new Progress(io, enabled);
  try {
    return await work((done, known) => progress.tick(done, known ?? total));
  } finally {
    progress.end();
  }
}

/** Progress on stderr for long runs: only on a terminal, never with --json or --quiet. */
export class Progress {
  private readonly on: boolean;
  private readonly started = performance.now();
  private last = 0;
  private shown = false;
  constructor(
    private readonly io: CliIO,
    enabled: boolean,
    private readonly unit = 'blocks',
  ) {
    this.on = enabled && Boolean(io.stderr.isTTY);
  }
  tick(done: number, total?: number, prefix = ''): void {
    if (!this.on) return;
    const now = performance.now();
    if (now - this.last < 200) return;
    this.last = now;
    const secs = ((now - this.started) / 1000).toFixed(1);
    // The unit is a plural noun (`blocks`); one of them is said in the singular.
    const unit = (total ?? done) === 1 ? this.unit.replace(/s$/, '') : this.unit;
    this.io.stderr.write(`\r\x1b[K${prefix}${done}${total ? ` of ${total}` : ''} ${unit}, ${secs} s`);
    this.shown = true;
  }
  end(): void {
    if (this.shown) this.io.stderr.write('\r\x1b[K');
  }
}
