// The layers of src/, stated once (LAYERS, CHECKERS below) and checked: every import of src/ is
// one its layer may make, every independent checker imports only its own files and errors.ts,
// and ARCHITECTURE.md's tables under "Layers" say the same as these. Reads the sources, so it
// needs no build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, tempDir } from './helpers/cli.js';
import { importGraph, typeOnlyImports, type ImportGraph } from './helpers/importGraph.js';
import { checkerViolations, holds, layerOf, layerViolations, tableFaults, type Checker, type Layer } from './helpers/layerRules.js';

/**
 * The layers of src/, bottom up: each row is a folder (or a top-level file) and the layers its
 * modules may import, each listed above it. A module belongs to the longest row that holds it
 * (a sub-folder such as `games/check/` may have a row of its own). ARCHITECTURE.md's table under
 * "Layers" is this one.
 */
const LAYERS: readonly Layer[] = [
  { layer: 'errors.ts', mayImport: [] },
  { layer: 'seededRandom.ts', mayImport: [] },
  { layer: 'grid/', mayImport: [] },
  { layer: 'line/', mayImport: ['grid/'] },
  { layer: 'sat/', mayImport: ['errors.ts'] },
  { layer: 'encode/', mayImport: ['grid/', 'line/', 'sat/'] },
  { layer: 'solve/', mayImport: ['errors.ts', 'grid/', 'line/', 'sat/', 'encode/'] },
  { layer: 'certificate/make/', mayImport: ['errors.ts', 'grid/', 'line/', 'sat/', 'encode/', 'solve/'] },
  { layer: 'annotate/', mayImport: ['errors.ts', 'grid/', 'line/', 'sat/', 'solve/'] },
  { layer: 'parallel/', mayImport: ['errors.ts', 'grid/', 'sat/', 'solve/', 'certificate/make/', 'annotate/'] },
  { layer: 'games/', mayImport: ['errors.ts', 'seededRandom.ts', 'sat/', 'parallel/'] },
  { layer: 'formats/', mayImport: ['errors.ts', 'grid/'] },
  { layer: 'certificate/check/', mayImport: ['errors.ts'] },
  { layer: 'cipher/', mayImport: ['errors.ts', 'grid/', 'sat/', 'solve/', 'certificate/make/', 'annotate/', 'parallel/', 'formats/'] },
  { layer: 'puzzle/', mayImport: ['grid/', 'sat/', 'encode/', 'solve/', 'certificate/make/', 'annotate/', 'parallel/', 'formats/'] },
  { layer: 'collection/', mayImport: ['errors.ts', 'grid/', 'solve/', 'parallel/', 'formats/', 'cipher/'] },
  { layer: 'render/', mayImport: ['errors.ts', 'grid/', 'solve/', 'parallel/', 'formats/', 'cipher/', 'puzzle/'] },
  { layer: 'internals.ts', mayImport: ['grid/', 'line/', 'sat/', 'encode/', 'solve/', 'annotate/', 'parallel/', 'formats/', 'cipher/'] },
  {
    layer: 'index.ts',
    mayImport: ['errors.ts', 'grid/', 'sat/', 'solve/', 'certificate/make/', 'annotate/', 'parallel/', 'games/', 'formats/', 'certificate/check/', 'cipher/', 'puzzle/', 'collection/', 'render/'],
  },
  {
    layer: 'cli/',
    mayImport: ['errors.ts', 'grid/', 'sat/', 'encode/', 'solve/', 'certificate/make/', 'annotate/', 'parallel/', 'games/', 'formats/', 'certificate/check/', 'cipher/', 'puzzle/', 'collection/', 'render/'],
  },
];

/** The error types: the one module every independent checker may import besides its own. */
const SHARED = 'errors.ts';

/**
 * The independent checkers (a file, or a folder whose files are all the checker's), one row
 * each: their modules import only each other and errors.ts, types (`import type`, erased
 * from the code) from `typesFrom`, and `loader`, the WebAssembly loader of their own compiled
 * kernel. ARCHITECTURE.md's second table under "Layers" is this one.
 */
const CHECKERS: readonly Checker[] = [
  { checker: 'grid/checkGrid.ts', typesFrom: ['grid/Puzzle.ts'] },
  { checker: 'games/check/', loader: 'sat/wasmEngine.ts' },
  { checker: 'certificate/check/' },
];

const SRC = join(ROOT, 'src');
const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('the rules themselves', () => {
  const layers: Layer[] = [
    { layer: 'base.ts', mayImport: [] },
    { layer: 'low/', mayImport: ['base.ts'] },
    { layer: 'high/', mayImport: ['low/'] },
    { layer: 'high/sub/', mayImport: ['high/'] },
  ];

  test('a module is in the longest layer that holds it', () => {
    expect(layerOf(layers, 'high/a.ts')).toBe('high/');
    expect(layerOf(layers, 'high/sub/a.ts')).toBe('high/sub/');
    expect(layerOf(layers, 'high/subtle.ts')).toBe('high/');
    expect(layerOf(layers, 'base.ts')).toBe('base.ts');
    expect(layerOf(layers, 'base.tsx')).toBeUndefined();
    expect(holds('low/', 'lower/a.ts')).toBe(false);
  });

  test('an import the table does not allow is reported as file -> imported file, with the two layers', () => {
    const graph = graphOf({
      'base.ts': [],
      'low/a.ts': ['base.ts', 'low/b.ts'],
      'low/b.ts': ['high/c.ts'],
      'high/c.ts': ['low/a.ts', 'base.ts', 'high/sub/d.ts'],
      'high/sub/d.ts': ['high/c.ts', 'low/a.ts'],
      'stray/e.ts': ['base.ts'],
    });
    expect(layerViolations(graph, layers)).toEqual([
      'low/b.ts -> high/c.ts (layer low/ may not import layer high/)',
      'high/c.ts -> base.ts (layer high/ may not import layer base.ts)',
      'high/c.ts -> high/sub/d.ts (layer high/ may not import layer high/sub/)',
      'high/sub/d.ts -> low/a.ts (layer high/sub/ may not import layer low/)',
      'stray/e.ts: in no layer of the table',
    ]);
  });

  test('a table whose rows name a layer below them, or no layer, or one twice, is at fault', () => {
    expect(tableFaults(layers)).toEqual([]);
    expect(
      tableFaults([
        { layer: 'a/', mayImport: ['b/'] },
        { layer: 'b/', mayImport: ['a/', 'c/'] },
        { layer: 'a/', mayImport: [] },
      ]),
    ).toEqual(['a/ may import b/, which is not listed above it', 'b/ may import c/, which is no layer', 'a/ is listed twice']);
  });

  test('a checker imports only its own files, the shared module, and types from what it names', () => {
    const graph = graphOf({
      'errors.ts': [],
      'types.ts': [],
      'helper.ts': [],
      'check/a.ts': ['check/b.ts', 'errors.ts', 'types.ts'],
      'check/b.ts': ['helper.ts'],
      'one.ts': ['types.ts', 'check/a.ts'],
    });
    const typeOnly = (m: string) => new Set(m === 'check/a.ts' ? ['types.ts'] : []);
    const rules: Checker[] = [{ checker: 'check/', typesFrom: ['types.ts'] }, { checker: 'one.ts' }, { checker: 'gone.ts' }];
    expect(checkerViolations(graph, rules, 'errors.ts', typeOnly)).toEqual([
      'check/b.ts -> helper.ts (the independent checker check/ may import only its own files and errors.ts, and types from types.ts)',
      'one.ts -> types.ts (the independent checker one.ts may import only its own files and errors.ts)',
      'one.ts -> check/a.ts (the independent checker one.ts may import only its own files and errors.ts)',
      'gone.ts: no such checker in the tree',
    ]);
    // The same import for its values breaks the rule.
    expect(checkerViolations(graph, rules.slice(0, 1), 'errors.ts', () => new Set())).toContain(
      'check/a.ts -> types.ts (the independent checker check/ may import only its own files and errors.ts, and types from types.ts)',
    );
    // A loader is allowed to the checker whose row names it, and to no other.
    expect(checkerViolations(graph, [{ checker: 'check/', typesFrom: ['types.ts'], loader: 'helper.ts' }], 'errors.ts', typeOnly)).toEqual([]);
    expect(checkerViolations(graph, [{ checker: 'one.ts', loader: 'helper.ts' }], 'errors.ts', typeOnly)).toEqual([
      'one.ts -> types.ts (the independent checker one.ts may import only its own files and errors.ts, the loader helper.ts)',
      'one.ts -> check/a.ts (the independent checker one.ts may import only its own files and errors.ts, the loader helper.ts)',
    ]);
  });

  test('type-only imports: import type and export type only, and only when the module is not also imported for values', () => {
    const tmp = tempDir();
    try {
      mkdirSync(join(tmp.dir, 'sub'));
      for (const m of ['t.ts', 'u.ts', 'v.ts', 'w.ts', 'sub/x.ts']) writeFileSync(join(tmp.dir, m), 'export type T = number;\nexport const k = 1;\n');
      writeFileSync(
        join(tmp.dir, 'a.ts'),
        [
          "import type { T } from './t.js';",
          "export type { T as U } from './sub/x.js';",
          "import type { T as V } from './u.js';",
          "import { k } from './u.js';",
          "import { type T as W } from './v.js';",
          "type Y = import('./w.js').T;",
          "import 'node:fs';",
          '',
        ].join('\n'),
      );
      expect([...typeOnlyImports(tmp.dir, 'a.ts')].sort()).toEqual(['sub/x.ts', 't.ts', 'w.ts']);
    } finally {
      tmp.cleanup();
    }
  });
});

describe('src/', () => {
  const graph = importGraph(SRC);

  test('the table is a layering, and it names every folder and top-level file of src/', () => {
    expect(tableFaults(LAYERS), 'faults of the layer table').toEqual([]);
    expect(
      LAYERS.filter((l) => ![...graph.keys()].some((m) => holds(l.layer, m))).map((l) => l.layer),
      'layers that hold no module',
    ).toEqual([]);
  });

  test('making and checking certificates are one concept under one folder, certificate/ (issue 40, item 18)', () => {
    const certificateLayers = LAYERS.map((l) => l.layer).filter((l) => l.startsWith('certif'));
    expect(certificateLayers.sort()).toEqual(['certificate/check/', 'certificate/make/']);
    expect([...graph.keys()].filter((m) => /^certif/.test(m) && !m.startsWith('certificate/'))).toEqual([]);
  });

  test('every import is one its layer may make', () => {
    expect(layerViolations(graph, LAYERS), 'imports the layer table forbids').toEqual([]);
  });

  test('every independent checker imports only its own files and errors.ts (and its row\'s loader)', () => {
    expect(checkerViolations(graph, CHECKERS, SHARED, (m) => typeOnlyImports(SRC, m)), 'imports of the independent checkers').toEqual([]);
  });
});

describe('web/', () => {
  // The page and its worker sit at the top, beside the CLI: they may use any layer of the
  // library, but nothing of the command line (its terminal, files and process).
  test('imports nothing from src/cli/', () => {
    const web = importGraph(join(ROOT, 'web'));
    const found = [...web].flatMap(([from, targets]) => targets.filter((t) => t.startsWith('../src/cli/')).map((t) => `web/${from} -> ${t.slice(3)}`));
    expect(found, 'imports of the CLI from the web page').toEqual([]);
    expect([...web.values()].flat().some((t) => t.startsWith('../src/')), 'the page reads the library').toBe(true);
  });
});

describe('ARCHITECTURE.md, "Layers" and "Where each concept lives"', () => {
  const page = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8');
  const sectionOf = (heading: string) => page.slice(page.indexOf(`\n## ${heading}\n`), page.indexOf('\n## ', page.indexOf(`\n## ${heading}\n`) + 1));
  const section = sectionOf('Layers');

  test('its layer table is LAYERS', () => {
    const rows = tableRows(section, 'Layer').map(([layer = [], may = []]) => ({ layer: only(layer), mayImport: may }));
    expect(rows).toEqual(LAYERS);
  });

  test('its checker table is CHECKERS', () => {
    const rows = tableRows(section, 'Independent checker').map(([checker = [], types = [], loader = []]) => ({ checker: only(checker), ...(types.length ? { typesFrom: types } : {}), ...(loader.length ? { loader: only(loader) } : {}) }));
    expect(rows).toEqual(CHECKERS);
  });

  test('its list of src/ folders is in the table\'s order', () => {
    const listed = [...sectionOf('Where each concept lives').matchAll(/^- `src\/([^`]+\/)`/gm)].map((m) => m[1]);
    expect(listed).toEqual(LAYERS.map((l) => l.layer).filter((l) => l.endsWith('/')));
  });
});

/**
 * The rows of the Markdown table in `text` whose header's first cell starts with `header`:
 * each row's cells as the `code` spans they hold (a cell saying "nothing" holds none).
 */
function tableRows(text: string, header: string): string[][][] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`| ${header}`));
  expect(start, `a table headed "| ${header}"`).toBeGreaterThanOrEqual(0);
  const rows: string[][][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)));
  }
  return rows;
}

/** The one code span of a table's first column. */
function only(spans: readonly string[]): string {
  expect(spans, 'one code span in the first column').toHaveLength(1);
  return spans[0]!;
}
