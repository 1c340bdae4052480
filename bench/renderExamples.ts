/**
 * Writes the rendering examples in docs/render/ (for docs/how-to/puzzle-authors.md): examples/scatter.pic solved
 * twice, as `unique` with its smallest annotation (the given cells circled) and as the
 * `multiple` verdict its bare clues have (both pictures, differences outlined), each as SVG
 * and PNG, plus both on one printable HTML page and in the terminal views.
 *
 * Not a benchmark: it lives in bench/ because that is where the project's compiled scripts
 * are. Run after a build: `node dist/bench/renderExamples.js`. The pictures depend on the
 * solver's choice of the two `multiple` pictures and of the annotation (both deterministic),
 * and the PNGs on the fonts installed (DejaVu Sans here).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minimizeAnnotation } from '../src/annotate/minimizeAnnotation.js';
import { parsePicture } from '../src/formats/picture.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import type { RenderSheet } from '../src/render/RenderSheet.js';
import { renderHtml } from '../src/render/renderHtml.js';
import { renderPng } from '../src/render/renderPng.js';
import { renderSvg } from '../src/render/renderSvg.js';
import { renderText } from '../src/render/renderText.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';

// Compiled to dist/bench/, so the repository is two levels up.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'docs', 'render');

async function main(): Promise<void> {
  const source = 'examples/scatter.pic';
  const picture = parsePicture(readFileSync(join(ROOT, source), 'utf8'), source);
  const puzzle = puzzleOf(picture);

  const bare = solvePuzzle(puzzle);
  if (bare.status !== 'multiple') throw new Error(`${source}: expected multiple, got ${bare.status}`);
  const { annotation, proven } = minimizeAnnotation(picture, { model: 'unique' });
  const annotated = solvePuzzle(puzzle, { givens: annotation });
  if (annotated.status !== 'unique' || !proven) throw new Error(`${source}: its annotation did not prove unique`);

  const cells = annotation.length === 1 ? 'cell' : 'cells';
  const sheets: Record<string, RenderSheet> = {
    'scatter-unique': { puzzle, grid: annotated.grid, givens: annotation, title: `${source}: unique with ${annotation.length} given ${cells}` },
    'scatter-multiple': { puzzle, grid: bare.grids[0], second: bare.grids[1], title: `${source}: multiple without given cells` },
  };
  mkdirSync(OUT, { recursive: true });
  const written: string[] = [];
  const write = (name: string, data: string | Uint8Array) => {
    writeFileSync(join(OUT, name), data);
    written.push(`docs/render/${name}`);
  };
  for (const [name, sheet] of Object.entries(sheets)) {
    write(`${name}.svg`, renderSvg(sheet));
    write(`${name}.png`, await renderPng(sheet));
    write(`${name}.txt`, renderText(sheet, { style: 'ascii', clues: true }) + '\n' + renderText(sheet));
  }
  write('scatter.html', renderHtml(Object.values(sheets), { title: source }));
  process.stdout.write(written.join('\n') + '\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
