import { NonocryptError } from '../errors.js';
import type { EngineName, SatSolver, SolverOptions } from './SatSolver.js';
import { WasmSolver } from './WasmSolver.js';
import { loadWasmEngine, type EngineSource } from './wasmEngine.js';

/**
 * The engine registry: the one place that makes SAT instances by engine name.
 *
 * - 'minisat', 'cadical': our WebAssembly builds (`engines/`), in Node and in browsers.
 * - 'logic-solver': logic-solver's asm.js MiniSat. Its adapter (`MiniSat.ts`) loads the
 *   package through Node's `require`, so this module does not import it (that would put a
 *   Node module on the browser path): Node code registers it with `registerEngine`.
 */
export type { EngineSource } from './wasmEngine.js';
export { DEFAULT_MEMORY_CAP_BYTES, MAX_MEMORY_CAP_BYTES, engineModule, isEngineLoaded } from './wasmEngine.js';

type SolverFactory = (options?: SolverOptions) => SatSolver;

const registered = new Map<EngineName, SolverFactory>();

/** Make `name` available to `createSolver` (for engines outside this module: 'logic-solver'). */
export function registerEngine(name: EngineName, factory: SolverFactory): void {
  registered.set(name, factory);
}

/**
 * A new SAT instance of the named engine. Synchronous: in Node (main thread or worker) a
 * WebAssembly engine is compiled on first use; in a browser `loadEngine` must come first.
 */
export function createSolver(name: EngineName, options?: SolverOptions): SatSolver {
  if (name === 'minisat' || name === 'cadical') return new WasmSolver(name, options);
  const factory = registered.get(name);
  if (!factory) throw new NonocryptError('E_INTERNAL', `internal error: SAT engine '${name}' is not registered`);
  return factory(options);
}

/**
 * Compile an engine ahead of use: needed in a browser (its main thread or a Web Worker),
 * optional in Node. `source`: the `.wasm` file's URL or bytes, or its compiled
 * `WebAssembly.Module` (e.g. posted by the thread that compiled it: see `engineModule`).
 */
export async function loadEngine(name: EngineName, source?: EngineSource): Promise<void> {
  if (name === 'minisat' || name === 'cadical') return loadWasmEngine(name, source);
  if (!registered.has(name)) throw new NonocryptError('E_INTERNAL', `internal error: SAT engine '${name}' is not registered`);
}
