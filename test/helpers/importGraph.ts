// The import graph of a TypeScript source tree, the import cycles in it (test/importCycles.test.ts),
// and which of a module's imports are types only (test/layers.test.ts).
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
  for (const file of sourceFiles(root).sort()) {
    const found = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
    const targets: string[] = [];
    for (const spec of found) {
      const target = targetOf(root, file, spec);
      if (target !== undefined && !targets.includes(target)) targets.push(target);
    }
    graph.set(moduleName(root, file), targets);
  }
  return graph;
}

/**
 * The module a relative import in `file` names (relative to `root`), undefined for a package or
 * a Node built-in; an import that names no file is an error.
 */
function targetOf(root: string, file: string, spec: string): string | undefined {
  if (!spec.startsWith('./') && !spec.startsWith('../')) return undefined;
  const base = resolve(dirname(file), spec).replace(/\.js$/, '');
  const target = [`${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p));
  if (!target) throw new Error(`${moduleName(root, file)}: import "${spec}" names no .ts file`);
  return moduleName(root, target);
}

/** A file's module name: its path relative to `root`, `/`-separated. */
function moduleName(root: string, file: string): string {
  return relative(root, file).split('\\').join('/');
}

/**
 * The modules that `module` (a path relative to `root`) imports as types only: through `import
 * type` or `export type ... from` and no other way. The compiler erases those imports, so the
 * two files share no code at run time. (`import { type T }` counts as a value import: under
 * some settings it keeps the module loading.)
 */
export function typeOnlyImports(root: string, module: string): Set<string> {
  const file = join(root, module);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const asType = new Set<string>();
  const asValue = new Set<string>();
  const note = (spec: ts.Expression | undefined, typeOnly: boolean) => {
    if (!spec || !ts.isStringLiteralLike(spec)) return;
    const target = targetOf(root, file, spec.text);
    if (target !== undefined) (typeOnly ? asType : asValue).add(target);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) note(node.moduleSpecifier, node.importClause?.isTypeOnly ?? false);
    else if (ts.isExportDeclaration(node)) note(node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) note(node.argument.literal, true);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) note(node.arguments[0], false);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) note(node.moduleReference.expression, node.isTypeOnly);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return new Set([...asType].filter((m) => !asValue.has(m)));
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
