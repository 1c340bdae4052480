// Builds the web page into dist/web: index.html, style.css, main.js (the page) and worker.js
// (the library, in a Web Worker), with esbuild. Run by `npm run build` after tsc.
//
// The library is written for Node; two of its modules are swapped for browser ones here,
// as package.json "browser" maps would, but explicitly and only for this bundle:
// - src/cipher/builtinTableText.ts -> web/shims/builtinTableText.ts (tables bundled as JSON);
// - src/parallel/WorkerPool.ts -> web/shims/WorkerPool.ts (the page runs blocks in its one
//   Web Worker, jobs 1: no Node worker threads).
// Any Node built-in reaching the bundle fails the build (platform browser). The engine's
// engines/minisat.wasm and engines/core.wasm (and the proof engine's engines/cadical.wasm) are
// copied beside the worker, which fetches them from the page's origin.
//
// The page is a classic script; the worker is an ES module (a module worker), so that the
// library's import.meta.url stays meaningful.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = dirname(fileURLToPath(import.meta.url));
const root = resolve(web, '..');
const out = join(root, 'dist', 'web');

const SWAPS = new Map([
  [join(root, 'src', 'cipher', 'builtinTableText.js'), join(web, 'shims', 'builtinTableText.ts')],
  [join(root, 'src', 'parallel', 'WorkerPool.js'), join(web, 'shims', 'WorkerPool.ts')],
]);

/** @type {import('esbuild').Plugin} */
const browserSwaps = {
  name: 'nonocrypt-browser-swaps',
  setup(b) {
    b.onResolve({ filter: /^\.{1,2}\/.*\.js$/ }, (args) => {
      const swap = SWAPS.get(resolve(args.resolveDir, args.path));
      return swap ? { path: swap } : undefined;
    });
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const common = {
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: ['chrome110', 'firefox115', 'safari16'],
  minify: true,
  legalComments: 'eof',
  charset: 'utf8',
  logLevel: 'warning',
  plugins: [browserSwaps],
  loader: { '.txt': 'text', '.pic': 'text' },
  metafile: true,
};
const results = await Promise.all([
  build({ ...common, entryPoints: [join(web, 'main.ts')], outfile: join(out, 'main.js') }),
  build({ ...common, format: 'esm', entryPoints: [join(web, 'worker.ts')], outfile: join(out, 'worker.js') }),
]);
for (const r of results) {
  for (const input of Object.keys(r.metafile.inputs)) {
    if (input.startsWith('node:')) throw new Error(`a Node built-in reached the web bundle: ${input}`);
  }
}
for (const f of ['index.html', 'style.css']) copyFileSync(join(web, f), join(out, f));
// cadical.wasm is the proof engine of certificates, fetched only when one is asked for.
for (const f of ['minisat.wasm', 'core.wasm', 'cadical.wasm']) copyFileSync(join(root, 'engines', f), join(out, f));
const sizes = Object.fromEntries(['main.js', 'worker.js', 'minisat.wasm', 'core.wasm', 'cadical.wasm', 'index.html', 'style.css'].map((f) => [f, statSync(join(out, f)).size]));
writeFileSync(join(out, 'build.json'), JSON.stringify({ sizes }, null, 2) + '\n');
if (process.argv.includes('--sizes')) console.log(sizes);
