import { gunzipSync, gzipSync } from 'node:zlib';
import { NonocryptError } from '../errors.js';
import type { CliIO } from './CliIO.js';
import { readBytes, writeOutput } from './io.js';
import { PIECE } from '../games/build/textPieces.js';

/**
 * The files of the games (strategies, lower-bound proofs, their parts and checkpoints), read
 * and written in pieces: a proof may be longer than one string can be (V8: about 2^29
 * characters), so none of them is ever one string here. gzip by the name (writing) or by the
 * first bytes (reading). The unpacked bytes are one buffer, outside the JavaScript heap (up to
 * 4 GiB); the text is made from them a piece at a time.
 */

/** A file's bytes, gzip (by its first bytes) unpacked. */
export async function readGameBytes(io: CliIO, path: string): Promise<Uint8Array> {
  const bytes = await readBytes(io, path);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  try {
    return gunzipSync(bytes);
  } catch (e) {
    throw new NonocryptError('E_FILE', `${path}: cannot read (${(e as Error).message}, a damaged gzip file)`);
  }
}

/** A small file's whole text (a strategy); E_FILE when it is longer than a string can be. */
export function wholeText(path: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8').decode(bytes);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_STRING_TOO_LONG') throw e;
    throw new NonocryptError('E_FILE', `${path}: ${bytes.length.toLocaleString('en-US')} bytes of text, more than one string can hold: not a strategy file`);
  }
}

/** Written whole or not at all; gzip when the name ends in .gz (a member per PIECE characters). */
export function writeGameFile(io: CliIO, path: string, text: string | Iterable<string>): void {
  const pieces = typeof text === 'string' ? [text] : text;
  writeOutput(io, path, path.endsWith('.gz') ? gzipPieces(pieces) : pieces);
}

/** Text in pieces as gzip, a member per PIECE characters (see there). */
export function* gzipPieces(pieces: Iterable<string>): Generator<Uint8Array> {
  let batch: string[] = [];
  let size = 0;
  let members = 0;
  const flush = () => {
    members++;
    const member = gzipSync(batch.join(''), { level: 9 });
    batch = [];
    size = 0;
    return member;
  };
  for (const piece of pieces) {
    if (size > 0 && size + piece.length > PIECE) yield flush();
    batch.push(piece);
    size += piece.length;
  }
  if (size > 0 || members === 0) yield flush();
}
