// Browser replacement of src/sat/AsmMiniSat.ts (swapped in by web/build.mjs): the page uses the
// WebAssembly MiniSat from the engine registry (web/engine.ts), so logic-solver's asm.js MiniSat
// (237 KB, loaded through Node's createRequire) stays out of the bundle.
import type { EngineCapabilities } from '../../src/sat/SatSolver.js';
import { NonocryptError } from '../../src/errors.js';

export class AsmMiniSat {
  static readonly capabilities: EngineCapabilities = { assumptions: 'one-positive', failedAssumptions: false, deadline: false, growableMemory: false };
  constructor() {
    throw new NonocryptError('E_INTERNAL', "internal error: logic-solver's MiniSat is not in the web page's bundle (it uses the WebAssembly MiniSat)");
  }
}
