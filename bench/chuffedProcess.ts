import { readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';

/**
 * Chuffed as a peer process: `node dist/bench/chuffedProcess.js MODEL.mzn [MINIZINC ARGS...]`
 * runs MiniZinc with Chuffed in WebAssembly, as the npm package `minizinc` ships them for the
 * browser (its `minizinc-worker.js`, `.wasm` and `.data`; installed apart, never a dependency of
 * the project, and named by the environment variable MINIZINC_DIST, the package's `dist` folder).
 * The worker script is evaluated in this process with the two globals a worker has
 * (`addEventListener`, `postMessage`); MiniZinc's standard output goes to ours, its exit code is
 * ours. On Node the package itself would run a native MiniZinc, which has no Chuffed here.
 */
const dist = process.env.MINIZINC_DIST;
const [model, ...args] = process.argv.slice(2);
if (!dist || !model) {
  process.stderr.write('usage: MINIZINC_DIST=.../node_modules/minizinc/dist node chuffedProcess.js MODEL.mzn [ARGS...]\n');
  process.exit(2);
}
let listener: ((e: { data: unknown }) => void) | undefined;
const g = globalThis as unknown as Record<string, unknown>;
g.require = createRequire(import.meta.url); // the worker's Node branch reads its files with require('fs')
g.__dirname = dist;
g.addEventListener = (type: string, f: (e: { data: unknown }) => void) => void (type === 'message' && (listener = f));
g.postMessage = (m: { type?: string; code?: number; stdout?: string; stderr?: string; message?: string }) => {
  if (m.type === 'ready') listener!({ data: { files: { 'model.mzn': readFileSync(model, 'utf8') }, args: ['--solver', 'chuffed', 'model.mzn', ...args] } });
  else if (m.type === 'exit') {
    // written synchronously and left at once: the runtime keeps the event loop busy once main has returned
    if (m.stdout) writeSync(1, m.stdout);
    if (m.stderr) writeSync(2, m.stderr);
    if (m.message) writeSync(2, `${m.message}\n`);
    process.exit(m.code ?? 1);
  }
};
runInThisContext(readFileSync(join(dist, 'minizinc-worker.js'), 'utf8'), { filename: 'minizinc-worker.js' });
listener!({ data: { wasmURL: join(dist, 'minizinc.wasm'), dataURL: join(dist, 'minizinc.data') } });
