// When resvg's prebuilt binary does not load on a platform, the commands that need it say so
// (E_BUILD, naming what needed it), and `make` does not blame the SVG file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';

vi.mock('@resvg/resvg-js', () => {
  throw new Error('Cannot find module resvgjs.linux-x64-gnu.node\nRequire stack: ...');
});

/** The error a promise rejects with. */
async function failure(p: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message: string };
  }
  throw new Error('expected a rejection');
}

const dir = mkdtempSync(join(tmpdir(), 'nonocrypt-resvg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('make reading an SVG image: E_BUILD naming resvg, not "not a readable SVG image"', async () => {
  const { readImage } = await import('../src/cli/imageInput.js');
  const { processIO } = await import('../src/cli/CliIO.js');
  const svg = join(dir, 'ring.svg');
  writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="3"/></svg>');
  const e = await failure(readImage(processIO(), svg, 'svg', 8, 8));
  expect(e.code).toBe('E_BUILD');
  expect(e.message).toMatch(/^reading an SVG image needs @resvg\/resvg-js with a prebuilt binary for this platform, which did not load: ./);
  expect(e.message).not.toContain('\n');
  expect(e.message).not.toContain('not a readable');
});

test('renderPng: E_BUILD naming PNG rendering; asked again, it tries the load again', async () => {
  const { renderPng } = await import('../src/render/renderPng.js');
  const { puzzleOf } = await import('../src/grid/runsOf.js');
  const { makeGrid } = await import('../src/grid/Puzzle.js');
  const grid = makeGrid(2, 2, Uint8Array.from([1, 0, 0, 1]));
  for (let k = 0; k < 2; k++) {
    const e = await failure(renderPng({ puzzle: puzzleOf(grid), grid }));
    expect(e.code).toBe('E_BUILD');
    expect(e.message).not.toContain('\n');
    expect(e.message).toMatch(/^PNG rendering needs @resvg\/resvg-js with a prebuilt binary for this platform, which did not load: ./);
  }
});
