// Browser replacement of src/parallel/WorkerPool.ts (swapped in by web/build.mjs). The page runs
// the whole library inside one Web Worker with the in-thread runner (jobs 1), so a pool of
// Node worker threads is never made; reaching this is a bug in the page.
import { NonocryptError } from '../../src/errors.js';

export class WorkerPool {
  constructor() {
    throw new NonocryptError('E_INTERNAL', 'internal error: the web page runs blocks in its own Web Worker (jobs 1, on an engine that stops at its deadline)');
  }
}
