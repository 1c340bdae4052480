// The import graph of a TypeScript source tree, and the import cycles in it (test/importCycles.test.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Module (path relative to the root, `/`-separated) -> the modules it imports, in source order. */
export type ImportGraph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/**
 * Every relative import of every `.ts` file below `root`: `import`, `import type`, `export ... from`
 * and `import()` alike (TypeScript's own scanner finds them, so strings and comments do not
 * count). A type-only import is an edge too: it ties the two files' meaning together as much as
 * any other. An import that names no file is an error, not a missing edge.
 */
export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const name = (p: string) => relative(root, p).split('\\').join('/');
  for (const file of sourceFiles(root).sort()) {
    const found = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
    const targets: string[] = [];
    for (const spec of found) {
      if (!spec.startsWith('./') && !spec.startsWith('../')) continue; // a package or a Node built-in
      const base = resolve(dirname(file), spec).replace(/\.js$/, '');
      const target = [`${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p));
      if (!target) throw new Error(`${name(file)}: import "${spec}" names no .ts file`);
      if (!targets.includes(name(target))) targets.push(name(target));
    }
    graph.set(name(file), targets);
  }
  return graph;
}

/** A set of modules that import each other round: every module of it, and one way round. */
export interface ImportCycle {
  /** The modules, sorted. */
  readonly modules: readonly string[];
  /** A shortest path from the first module back to it: `[a, b, ..., a]`. */
  readonly path: readonly string[];
}

/** `a -> b -> a`, and the other modules of the same knot when the path misses some. */
export function describeCycle(c: ImportCycle): string {
  const others = c.modules.filter((m) => !c.path.includes(m));
  return c.path.join(' -> ') + (others.length ? ` (also in this knot: ${others.join(', ')})` : '');
}

/**
 * The strongly connected components that hold a cycle (Tarjan's algorithm), sorted by their
 * first module; a file that imports itself is one too. Empty when the graph has none.
 */
export function importCycles(graph: ImportGraph): ImportCycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        onStack.delete(w);
        component.push(w);
        if (w === v) break;
      }
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.sort((a, b) => (a[0]! < b[0]! ? -1 : 1)).map((c) => ({ modules: c, path: cycleIn(graph, new Set(c), c[0]!) }));
}

/** A shortest path from `start` back to itself inside one component (breadth first). */
function cycleIn(graph: ImportGraph, component: ReadonlySet<string>, start: string): string[] {
  const from = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!;
    for (const w of graph.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(from.get(path[0]!)!);
        return [...path, start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  throw new Error(`no cycle through ${start}`); // unreachable: the component is strongly connected
}
