import { InputError } from '../errors.js';

/**
 * Splitting a collection over machines: shard K of N takes the inputs at positions K-1,
 * K-1+N, K-1+2N, ... (0-based) of the collection's sorted list. Every input falls in exactly
 * one shard, the shards differ in size by at most one, and the split depends only on the list
 * of names (not on the file system's order or the machine), so any job runner can run
 * `--shard 1/N` ... `--shard N/N` anywhere and the outputs together cover the collection once.
 */
export interface Shard {
  /** K: 1-based, at most `count`. */
  readonly index: number;
  /** N: how many shards the collection is split into. */
  readonly count: number;
}

/** `K/N` with 1 <= K <= N. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || !(count >= 1) || !(index >= 1) || index > count || count > 1e6) {
    throw new InputError('E_USAGE', `shard "${text}": expected K/N with 1 <= K <= N (for example 2/8)`);
  }
  return { index, count };
}

/**
 * The collection's order: names sorted by UTF-16 code units (locale-independent, so every
 * machine sorts alike), duplicates removed.
 */
export function collectionOrder(names: Iterable<string>): string[] {
  return [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The items of a sorted list that shard `shard` takes (all of them without a shard). */
export function selectShard<T>(sorted: readonly T[], shard?: Shard): T[] {
  if (!shard) return [...sorted];
  return sorted.filter((_, i) => i % shard.count === shard.index - 1);
}
