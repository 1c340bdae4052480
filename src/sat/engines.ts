import { NonocryptError } from '../errors.js';
import { AsmMiniSat } from './AsmMiniSat.js';
import type { EngineCapabilities, EngineName, SatSolver, SolverOptions } from './SatSolver.js';
import { WasmSolver } from './WasmSolver.js';
import { loadWasmEngine, type EngineSource } from './wasmEngine.js';

/**
 * The engine registry: the one place that makes SAT instances by engine name.
 *
 * - 'minisat', 'cadical': our WebAssembly builds (`engines/`), in Node and in browsers.
 * - 'logic-solver': logic-solver's asm.js MiniSat (Node only: it is loaded through Node's
 *   require when the first instance is made).
 */
export type { EngineSource } from './wasmEngine.js';
export { DEFAULT_MEMORY_CAP_BYTES, MAX_MEMORY_CAP_BYTES, engineModule, isEngineLoaded } from './wasmEngine.js';

/** The engines this build has. */
export const ENGINES: readonly EngineName[] = ['minisat', 'cadical', 'logic-solver'];

/**
 * The engine used when none is named. Chosen by measurement (docs/BENCHMARKS.md, section
 * engines): see the commit that set it.
 */
export const DEFAULT_ENGINE: EngineName = 'minisat';

/** What an engine can do, without making an instance. */
export function engineCapabilities(name: EngineName = DEFAULT_ENGINE): EngineCapabilities {
  return name === 'logic-solver' ? AsmMiniSat.capabilities : WasmSolver.capabilities;
}

/**
 * A new SAT instance of the named engine. Synchronous: in Node (main thread or worker) a
 * WebAssembly engine is compiled on first use; in a browser `loadEngine` must come first.
 */
export function createSolver(name: EngineName, options?: SolverOptions): SatSolver {
  if (name === 'minisat' || name === 'cadical') return new WasmSolver(name, options);
  if (name === 'logic-solver') return new AsmMiniSat();
  throw new NonocryptError('E_INTERNAL', `internal error: no SAT engine '${String(name)}'`);
}

/**
 * Compile an engine ahead of use: needed in a browser (its main thread or a Web Worker),
 * optional in Node. `source`: the `.wasm` file's URL or bytes, or its compiled
 * `WebAssembly.Module` (e.g. posted by the thread that compiled it: see `engineModule`).
 */
export async function loadEngine(name: EngineName, source?: EngineSource): Promise<void> {
  if (name === 'minisat' || name === 'cadical') return loadWasmEngine(name, source);
}
