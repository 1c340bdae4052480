/**
 * Characters of text per piece read, and per gzip member written (16 Mi). A proof file of more
 * is written as several gzip members one after another, which gzip and every reader here
 * unpack as one text; a smaller one is exactly `gzip -9` of the whole.
 */
export const PIECE = 1 << 24;

/**
 * UTF-8 bytes as text in pieces of at most PIECE bytes each (a character is never cut): a
 * proof may be longer than one string can be (V8: about 2^29 characters).
 */
export function textPieces(bytes: Uint8Array): Iterable<string> {
  return {
    *[Symbol.iterator]() {
      const decoder = new TextDecoder('utf-8');
      for (let at = 0; at < bytes.length; at += PIECE) yield decoder.decode(bytes.subarray(at, at + PIECE), { stream: at + PIECE < bytes.length });
      if (bytes.length === 0) yield '';
    },
  };
}
