// Layer rules over an import graph (test/layers.test.ts): which layer a module is in, what each
// layer may import, and the independent checkers, which import only their own files.
import type { ImportGraph } from './importGraph.js';

/**
 * A layer of the source tree: a folder (`grid/`, with its trailing slash) or a file
 * (`errors.ts`), and the layers its modules may import besides their own. A module belongs to
 * the longest layer that holds it, so a sub-folder can be a layer of its own.
 */
export interface Layer {
  readonly layer: string;
  readonly mayImport: readonly string[];
}

/**
 * An independent checker: a file, or a folder whose files are all the checker's. Its modules
 * import only each other, `shared` (the error types), and, as types only (`import type`), the
 * modules of `typesFrom`: it shares no code with what produced the answer it checks.
 */
export interface Checker {
  readonly checker: string;
  readonly typesFrom?: readonly string[];
  /** The WebAssembly loader it may import to run its own compiled kernel (it instantiates a module; no logic of what is checked). */
  readonly loader?: string;
}

/** Whether a layer or checker entry holds a module: a folder holds what lies below it, a file itself. */
export const holds = (entry: string, module: string): boolean => (entry.endsWith('/') ? module.startsWith(entry) : module === entry);

/** The layer `module` belongs to: the longest entry that holds it; undefined when none does. */
export function layerOf(layers: readonly Layer[], module: string): string | undefined {
  let best: string | undefined;
  for (const { layer } of layers) if (holds(layer, module) && (best === undefined || layer.length > best.length)) best = layer;
  return best;
}

/**
 * What is wrong with the table itself: a layer listed twice, a permission that names no layer,
 * and a permission to import a layer that is not listed above (the rows are bottom up, so a
 * table without such a row has no cycle of permissions).
 */
export function tableFaults(layers: readonly Layer[]): string[] {
  const faults: string[] = [];
  const above = new Set<string>();
  const all = new Set(layers.map((l) => l.layer));
  for (const { layer, mayImport } of layers) {
    if (above.has(layer)) faults.push(`${layer} is listed twice`);
    for (const m of mayImport) {
      if (!all.has(m)) faults.push(`${layer} may import ${m}, which is no layer`);
      else if (!above.has(m)) faults.push(`${layer} may import ${m}, which is not listed above it`);
    }
    above.add(layer);
  }
  return faults;
}

/**
 * Every import the table forbids, as `file -> imported file (layer A may not import layer B)`,
 * and every module no layer holds. Imports inside one layer are always allowed.
 */
export function layerViolations(graph: ImportGraph, layers: readonly Layer[]): string[] {
  const allowed = new Map(layers.map((l) => [l.layer, new Set(l.mayImport)]));
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const a = layerOf(layers, from);
    if (a === undefined) {
      found.push(`${from}: in no layer of the table`);
      continue;
    }
    for (const to of targets) {
      const b = layerOf(layers, to);
      if (b === undefined || b === a) continue; // a module in no layer is reported as itself
      if (!allowed.get(a)!.has(b)) found.push(`${from} -> ${to} (layer ${a} may not import layer ${b})`);
    }
  }
  return found;
}

/**
 * Every import of a checker's modules outside the checker, `shared`, and the type-only imports
 * of its `typesFrom`: `file -> imported file (the independent checker C may import only ...)`.
 * `typeOnly(module)` gives the modules `module` imports as types only.
 */
export function checkerViolations(graph: ImportGraph, checkers: readonly Checker[], shared: string, typeOnly: (module: string) => ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const { checker, typesFrom = [], loader } of checkers) {
    const modules = [...graph.keys()].filter((m) => holds(checker, m));
    if (modules.length === 0) found.push(`${checker}: no such checker in the tree`);
    const rule = `the independent checker ${checker} may import only its own files and ${shared}${loader ? `, the loader ${loader}` : ''}${typesFrom.length ? `, and types from ${typesFrom.join(', ')}` : ''}`;
    for (const from of modules) {
      const types = typesFrom.length ? typeOnly(from) : new Set<string>();
      for (const to of graph.get(from)!) {
        if (holds(checker, to) || to === shared || to === loader) continue;
        if (typesFrom.some((t) => holds(t, to)) && types.has(to)) continue;
        found.push(`${from} -> ${to} (${rule})`);
      }
    }
  }
  return found;
}
