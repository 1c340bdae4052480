import type { AnnotationOracle } from './oracles.js';

/**
 * A valid annotation with the cells it turns out not to need dropped: each cell in turn, in
 * the order given, is left out and the oracle asked whether the rest is still valid. When
 * every cell has been tried, the result is irredundant: no single cell can go. Stops early at
 * `until` (a `performance.now()` time) or when the oracle answers 'unknown' (its deadline);
 * the result is valid whenever it stops.
 *
 * The minimizer uses it on the annotation it returns unproven: the greedy extension gives a
 * failed hitting set whole cores at a time early in the budget, and later cores often make
 * cells of earlier ones redundant. On the 20 Brown messages at n = 25 (logic receiver, 10 s
 * each) the two blocks with the largest annotations went from 30 and 32 cells to 22 and 22.
 */
export function trimAnnotation(valid: readonly number[], oracle: AnnotationOracle, order: readonly number[], until = Infinity): number[] {
  const kept = new Set(valid);
  for (const c of order) {
    if (!kept.has(c)) continue;
    if (performance.now() > until) break;
    kept.delete(c);
    const r = oracle.check([...kept]);
    if (r === 'unknown') {
      kept.add(c);
      break;
    }
    if (!r.valid) kept.add(c);
  }
  return [...kept].sort((a, b) => a - b);
}
