// The games code's folders and what each may import (src/games/: docs/explanation/games-code.md),
// read from the sources' import graph (test/helpers/importGraph.ts); it needs no build.
// The independent checkers (check/) may import only each other, errors.ts and the WebAssembly
// loader (for their own compiled kernel, engines/checker/): a checker that shared code with the
// searches it checks would check nothing.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './helpers/cli.js';
import { importGraph } from './helpers/importGraph.js';
import { holds } from './helpers/layerRules.js';

/** Folder of src/games/ -> the places its files may import (a folder ends with '/'). */
const ALLOWED: Record<string, readonly string[]> = {
  'games/tuning.ts': [],
  'games/Deadline.ts': ['games/tuning.ts'],
  'games/model/': ['errors.ts', 'games/tuning.ts', 'games/Deadline.ts', 'games/model/'],
  'games/tuple/': ['games/tuning.ts', 'games/Deadline.ts', 'games/model/', 'games/tuple/'],
  // sat/wasmEngine.ts: the WebAssembly loader only, for the checker's own compiled kernel (check/ProofKernel.ts, engines/checker/).
  'games/check/': ['errors.ts', 'sat/wasmEngine.ts', 'games/check/'],
  // sat/: the WebAssembly loader (wasmEngine.ts), for the compiled games core (build/GamesCore.ts).
  'games/build/': ['errors.ts', 'sat/', 'parallel/', 'games/tuning.ts', 'games/Deadline.ts', 'games/model/', 'games/tuple/', 'games/check/', 'games/build/'],
  'games/play/': ['errors.ts', 'seededRandom.ts', 'sat/', 'games/tuning.ts', 'games/Deadline.ts', 'games/model/', 'games/tuple/', 'games/build/', 'games/play/'],
};

/** Every import of a games file that its folder's row does not allow: `from -> to`. */
function gamesImportViolations(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith('games/')) continue;
    const row = Object.keys(ALLOWED).find((place) => holds(place, file));
    if (row === undefined) {
      out.push(`${file}: in no folder of the table`);
      continue;
    }
    for (const t of targets) if (!ALLOWED[row]!.some((place) => holds(place, t))) out.push(`${file} -> ${t}`);
  }
  return out;
}

describe('src/games/ imports', () => {
  const graph = importGraph(join(ROOT, 'src'));

  test('each folder imports only what the table allows; the checkers only check/, errors.ts and the loader', () => {
    expect(gamesImportViolations(graph)).toEqual([]);
  });

  test('the checkers are there and the rule bites: a checker importing the model, or the answer table, is caught', () => {
    const checkers = [...graph.keys()].filter((f) => f.startsWith('games/check/'));
    expect(checkers).toContain('games/check/checkStrategy.ts');
    const tampered = new Map(graph);
    tampered.set('games/check/checkStrategy.ts', [...graph.get('games/check/checkStrategy.ts')!, 'games/model/AnswerTable.ts']);
    expect(gamesImportViolations(tampered)).toEqual(['games/check/checkStrategy.ts -> games/model/AnswerTable.ts']);
    tampered.set('games/stray.ts', []);
    expect(gamesImportViolations(tampered)).toContain('games/stray.ts: in no folder of the table');
  });

});
