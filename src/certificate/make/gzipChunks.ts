/**
 * Chunks compressed as one gzip stream (for `.lrat.gz`), with the web-standard
 * CompressionStream that Node and browsers both have; read back by the checker's
 * DecompressionStream and by `gunzip`.
 */
export async function* gzipChunks(chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const cs = new CompressionStream('gzip');
  const writer = cs.writable.getWriter();
  const feeding = (async () => {
    try {
      for await (const c of chunks) await writer.write(c as Uint8Array<ArrayBuffer>);
      await writer.close();
    } catch (e) {
      await writer.abort(e).catch(() => {});
    }
  })();
  const reader = cs.readable.getReader();
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      yield r.value;
    }
  } finally {
    await reader.cancel().catch(() => {});
    await feeding;
  }
}
