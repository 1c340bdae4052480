/**
 * A tuple as the searches hold it: `levels[j]` lists the codes of C^(j), ascending (see
 * model/Knowledge.ts for the meaning; these are its `lists()`).
 */
export type Levels = Int32Array[];

/** Total codes of a tuple (over all levels). */
export function levelsSize(levels: Levels): number {
  let n = 0;
  for (const l of levels) n += l.length;
  return n;
}

/** Every code of a tuple in one list, level by level. */
export function concatLevels(levels: Levels): Int32Array {
  const out = new Int32Array(levelsSize(levels));
  let n = 0;
  for (const l of levels) {
    out.set(l, n);
    n += l.length;
  }
  return out;
}

/**
 * A tuple as a string that tells two tuples apart (levels in order, each its codes): the key by
 * which the searches remember the tuples they have decided.
 */
export function levelsKey(levels: Levels): string {
  return levels.map((l) => l.join(',')).join('|');
}
