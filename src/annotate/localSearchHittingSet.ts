import { CoreIndex } from './CoreIndex.js';

/**
 * Hitting sets of a given size by local search: no proof, just a fast way to find one.
 *
 * The minimizer's exact hitting-set solver answers two different questions: "is there a
 * hitting set of size k?" when one exists (the common case, round after round, while new cores
 * move the optimum no further than k), and "there is none" (raising the lower bound). The
 * first answer needs no proof, and on the logic receiver's large cores (20-90 cells, hundreds
 * to thousands of them) the SAT search for it cost 0.2-0.5 s per round at n = 25. Once k is
 * a proven lower bound, any hitting set of size k is a minimum hitting set, so this search can
 * stand in for the exact one; the exact solver is called only when the search fails.
 *
 * The search keeps exactly k cells and swaps one out and one in per step (the scheme of
 * NuMVC-like set-cover searches): out goes the cell whose loss would leave the least core
 * weight unhit, in comes the cell of a random unhit core that hits the most unhit weight; the
 * weight of every core still unhit grows by one each step, so the search leaves local minima.
 * Scores are kept incrementally: `make` (unhit weight a cell outside the set would hit) and
 * `broken` (weight only this member hits).
 *
 * Deterministic for a given seed; cells are arbitrary integers (the block's cell indices).
 */
export interface HittingSetSearch {
  /** Size of the set to find (at least 1). */
  readonly k: number;
  /** Cells to start from (a previous hitting set of most of the cores); trimmed or filled to k. */
  readonly start: readonly number[];
  /** Steps (one swap each) before giving up. */
  readonly maxSteps: number;
  readonly seed: number;
}

/**
 * A hitting set of exactly `o.k` cells (fewer when fewer cells occur in the cores), sorted, or
 * undefined when none was found within `o.maxSteps`. The cores come as a list, or as a
 * `CoreIndex` the caller keeps and grows (the minimizer's: no indexing per search).
 */
export function searchHittingSet(of: CoreIndex | readonly (readonly number[])[], o: HittingSetSearch): number[] | undefined {
  const index = of instanceof CoreIndex ? of : CoreIndex.of(of);
  const { cores, cellOf, coreCells, coresOfCell } = index;
  if (cores.length === 0) return [];
  if (cores.some((c) => c.length === 0) || o.k < 1) return undefined;
  // Cells numbered 0..m-1 (the index's dense numbers); only cells of some core matter.
  const m = cellOf.length;
  if (o.k >= m) return [...cellOf].sort((a, b) => a - b);
  const n = cores.length;
  const weight = new Float64Array(n).fill(1);
  const hits = new Int32Array(n);
  const hitterSum = new Float64Array(n); // the sum of members hitting core j: the member itself when hits[j] = 1
  const make = new Float64Array(m);
  const broken = new Float64Array(m);
  const inSet = new Uint8Array(m);
  const age = new Float64Array(m); // the step a cell last moved (ties go to the one that waited longest)
  // Unhit cores, as a list with positions for O(1) removal and random choice.
  const unhit: number[] = [];
  const where = new Int32Array(n).fill(-1);
  const markUnhit = (j: number) => {
    where[j] = unhit.length;
    unhit.push(j);
  };
  const markHit = (j: number) => {
    const p = where[j]!;
    const last = unhit.pop()!;
    if (last !== j) {
      unhit[p] = last;
      where[last] = p;
    }
    where[j] = -1;
  };
  for (let j = 0; j < n; j++) {
    markUnhit(j);
    for (const c of coreCells[j]!) make[c]! += 1;
  }
  const add = (v: number) => {
    inSet[v] = 1;
    for (const j of coresOfCell[v]!) {
      const h = hits[j]!;
      if (h === 0) {
        const w = weight[j]!;
        for (const c of coreCells[j]!) make[c]! -= w;
        broken[v]! += w;
        markHit(j);
      } else if (h === 1) broken[hitterSum[j]!]! -= weight[j]!;
      hits[j] = h + 1;
      hitterSum[j]! += v;
    }
  };
  const remove = (u: number) => {
    inSet[u] = 0;
    for (const j of coresOfCell[u]!) {
      const h = hits[j]! - 1;
      hits[j] = h;
      hitterSum[j]! -= u;
      if (h === 0) {
        const w = weight[j]!;
        broken[u]! -= w;
        for (const c of coreCells[j]!) make[c]! += w;
        markUnhit(j);
      } else if (h === 1) broken[hitterSum[j]!]! += weight[j]!;
    }
  };
  let s = o.seed >>> 0 || 1;
  const rand = (bound: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 4294967296) * bound);
  };
  // Start: the given cells (those that occur in cores), then the best cells by unhit weight
  // until k, or the least useful members dropped until k.
  const members: number[] = [];
  for (const c of o.start) {
    const i = index.denseOf(c);
    if (i !== undefined && !inSet[i]) (add(i), members.push(i));
  }
  while (members.length < o.k) {
    let best = -1;
    for (let c = 0; c < m; c++) if (!inSet[c] && (best < 0 || make[c]! > make[best]!)) best = c;
    add(best);
    members.push(best);
  }
  const dropWorst = (exclude: number): number => {
    let pick = -1;
    for (let i = 0; i < members.length; i++) {
      const c = members[i]!;
      if (c === exclude) continue;
      if (pick < 0 || broken[c]! < broken[members[pick]!]! || (broken[c] === broken[members[pick]!] && age[c]! < age[members[pick]!]!)) pick = i;
    }
    const u = members[pick]!;
    members[pick] = members[members.length - 1]!;
    members.pop();
    remove(u);
    return u;
  };
  while (members.length > o.k) dropWorst(-1);
  for (let step = 1; step <= o.maxSteps; step++) {
    if (unhit.length === 0) return members.map((c) => cellOf[c]!).sort((a, b) => a - b);
    const out = dropWorst(-1);
    age[out] = step;
    const j = unhit[rand(unhit.length)]!;
    let v = -1;
    for (const c of coreCells[j]!) {
      if (c === out || inSet[c]) continue;
      if (v < 0 || make[c]! > make[v]! || (make[c] === make[v] && age[c]! < age[v]!)) v = c;
    }
    if (v < 0) v = out; // the core's only cell is the one just dropped
    add(v);
    members.push(v);
    age[v] = step;
    for (const u of unhit) {
      weight[u]! += 1;
      for (const c of coreCells[u]!) make[c]! += 1;
    }
  }
  return unhit.length === 0 ? members.map((c) => cellOf[c]!).sort((a, b) => a - b) : undefined;
}
