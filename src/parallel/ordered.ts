/**
 * Many asynchronous jobs, results in input order, in bounded memory.
 *
 * Each input is started with `start` as soon as it arrives (or answered at once by `quick`),
 * and results are yielded in input order. At most `window` inputs are started and not yet
 * yielded: past that the source is not read further until the oldest result is out, so a long
 * stream of blocks never piles up in memory. `start` must never reject: it resolves to an
 * outcome value, failures included.
 */
export async function* ordered<T, R>(
  source: Iterable<T> | AsyncIterable<T>,
  start: (item: T) => Promise<R>,
  window: number,
  quick?: (item: T) => R | undefined,
): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  for await (const item of source) {
    const q = quick?.(item);
    pending.push(q !== undefined ? Promise.resolve(q) : start(item));
    if (pending.length >= window) yield await pending.shift()!;
  }
  while (pending.length > 0) yield await pending.shift()!;
}
