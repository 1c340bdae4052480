// Which SAT engine the page's worker uses, and how it gets it. Everything else in the worker
// names the engine only through `PreparedEngine.name`, so switching engines is this file.
//
// Today: logic-solver's asm.js MiniSat, bundled into the worker (web/shims/nodeModule.ts
// turns its Node-only createRequire into an import). It cannot stop itself, so the page
// offers no per-block time limit: a long run is stopped with Cancel (the worker is
// terminated). When our WebAssembly engines reach main (src/sat/engines.ts: createSolver /
// loadEngine), this loads one from the page's own files with loadEngine and the time limit
// becomes available.
import type { EngineName } from '../src/sat/SatSolver.js';
import { engineCapabilities } from '../src/sat/SatSession.js';

export interface PreparedEngine {
  readonly name: EngineName;
  /** Shown on the page. */
  readonly label: string;
  /** The engine honours a deadline, so blocks can have a time limit in this thread. */
  readonly stops: boolean;
}

export async function prepareEngine(): Promise<PreparedEngine> {
  const name: EngineName = 'logic-solver';
  return { name, label: 'MiniSat (asm.js, logic-solver)', stops: engineCapabilities(name).deadline };
}
