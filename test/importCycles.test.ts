// No import cycle in src/ (the developers' guide: layers import only from below). Run alone with
// `npm run cycles`; it reads the sources, so it needs no build.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, tempDir } from './helpers/cli.js';
import { describeCycle, importCycles, importGraph, type ImportGraph } from './helpers/importGraph.js';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));
const paths = (g: ImportGraph) => importCycles(g).map((c) => c.path);

describe('the cycle finder', () => {
  test('finds each cycle once, as a path, and nothing in an acyclic graph', () => {
    expect(paths(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    expect(paths(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c', 'a']]);
    expect(paths(graphOf({ a: ['a'] }))).toEqual([['a', 'a']]);
    // Two separate knots; the shortest way round from the first module of each, and every member.
    const two = importCycles(graphOf({ x: ['y', 'z'], y: ['x'], z: ['x'], p: ['q'], q: ['p'] }));
    expect(two.map(describeCycle)).toEqual(['p -> q -> p', 'x -> y -> x (also in this knot: z)']);
  });

  test('reads every kind of import, type-only ones included, and only real imports', () => {
    const tmp = tempDir();
    try {
      mkdirSync(join(tmp.dir, 'sub'));
      writeFileSync(join(tmp.dir, 'a.ts'), `import type { B } from './sub/b.js';\n// import './c.js'\nexport const a = 'import "./c.js"';\n`);
      writeFileSync(join(tmp.dir, 'sub', 'b.ts'), `export type { A } from '../a.js';\nexport type B = number;\n`);
      writeFileSync(join(tmp.dir, 'c.ts'), `const m = await import('./a.js');\nimport 'node:fs';\n`);
      const g = importGraph(tmp.dir);
      expect(Object.fromEntries(g)).toEqual({ 'a.ts': ['sub/b.ts'], 'c.ts': ['a.ts'], 'sub/b.ts': ['a.ts'] });
      expect(paths(g)).toEqual([['a.ts', 'sub/b.ts', 'a.ts']]);
      writeFileSync(join(tmp.dir, 'c.ts'), `import './missing.js';\n`);
      expect(() => importGraph(tmp.dir)).toThrow('c.ts: import "./missing.js" names no .ts file');
    } finally {
      tmp.cleanup();
    }
  });
});

test('src/ has no import cycle', () => {
  const cycles = importCycles(importGraph(join(ROOT, 'src')));
  expect(cycles.map(describeCycle), 'import cycles in src/').toEqual([]);
});
