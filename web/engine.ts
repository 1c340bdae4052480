// Which SAT engine the page's worker uses, and how it gets it: our WebAssembly MiniSat from the
// engine registry (src/sat/engines.ts), compiled once from the page's own copy of
// engines/minisat.wasm (web/build.mjs puts it beside worker.js; fetched from the page's origin,
// never from the network). Everything else in the worker takes the engine from here.
//
// The pipelines name engines through RunOptions.engine, which does not know the WebAssembly
// engines yet (src/sat/SatSession.ts makes logic-solver's MiniSat only). Until it does, the
// worker hands its SAT session a factory of registry instances, and the page offers no
// per-block time limit (the runner would look up the default engine, which cannot stop
// itself): a long run is stopped with Cancel, which terminates the worker. When the pipelines
// take 'minisat', set `engine` below and `stops` follows from its capabilities.
import { createSolver, loadEngine } from '../src/sat/engines.js';
import type { EngineName, SatSolver } from '../src/sat/SatSolver.js';

export interface PreparedEngine {
  /** Shown on the page. */
  readonly label: string;
  /** New SAT instances for the worker's session. */
  readonly create: () => SatSolver;
  /** The engine's name for RunOptions, once the pipelines know it (see above). */
  readonly engine?: EngineName;
  /** Blocks can have a time limit in this thread (the engine stops at its deadline). */
  readonly stops: boolean;
}

export async function prepareEngine(): Promise<PreparedEngine> {
  await loadEngine('minisat', new URL('minisat.wasm', self.location.href));
  return { label: 'MiniSat 2.2 (WebAssembly)', create: () => createSolver('minisat'), stops: false };
}
