import { NonocryptError } from '../errors.js';
import type { EngineCapabilities, EngineName, SatSolver, SolverOptions } from './SatSolver.js';
import { WasmSolver } from './WasmSolver.js';
import { canLoadEngineNow, loadWasmEngine, type EngineSource } from './wasmEngine.js';

/**
 * The engine registry: the one place that makes SAT instances by engine name.
 *
 * 'minisat' and 'cadical': our WebAssembly builds (`engines/`), in Node and in browsers.
 * (logic-solver's asm.js MiniSat was an engine until the engine benchmark, docs/results/solvers.md,
 * sections `solve` and `engines`, showed it slower on every set, stopped by its fixed 64 MiB
 * heap on Knotty and Faase, twice as slow to start, and unable to stop at a deadline.)
 */
export type { EngineSource } from './wasmEngine.js';
export { DEFAULT_MEMORY_CAP_BYTES, MAX_MEMORY_CAP_BYTES, engineModule, isEngineLoaded } from './wasmEngine.js';

/** The engines this build has. */
export const ENGINES: readonly EngineName[] = ['minisat', 'cadical'];

/**
 * The engine used when none is named, chosen by the engine benchmark (docs/results/solvers.md,
 * sections `engines` and `solve`; one run, every engine, code f3a1473, CPU seconds): MiniSat
 * was fastest where it counts and never slowest. TAAI 2011 puzzles 1-400: minisat 18.3,
 * cadical 18.6, logic-solver 37.8; 20 random boards 30x30-80x80: 11.4 / 32.2 / 24.2 (cadical
 * 17.2 s and 322 MiB on one 64x64 where minisat took 1.8 s and 97 MiB); verify of all 65,536
 * 4x4 blocks: 2.5 / 10.8 / 3.1; CLI start-up when the engine loads: 0.18 / 0.18 / 0.35 (Node
 * alone 0.06). CaDiCaL stays selectable (`--engine cadical`): it is faster on some hard
 * tournament puzzles.
 */
export const DEFAULT_ENGINE: EngineName = 'minisat';

/**
 * The engine for a proof that has outgrown a shared instance (`SatSession.solo`): the
 * minimizer's hitting sets move to an instance of it, solved from scratch, when an exact solve
 * on the shared MiniSat instance runs long (MinHittingSet.ts). On the logic receiver's hardest
 * hitting-set bounds (n = 25, 679 cores, at most 16 cells) CaDiCaL proved from scratch in
 * 0.8 s what our MiniSat proved in 5.2 s from scratch and 11.8 s on the shared instance; a fresh
 * MiniSat instance in its place raised no bound further (5 blocks, 30 s each). (Measured with
 * CaDiCaL 1.5.3; 1.7.4, which replaced it, reached the same bounds on a Brown-corpus run of the
 * minimizer: engines/README.md.)
 */
export const HARD_PROOF_ENGINE: EngineName = 'cadical';

/** Whether `createSolver(name)` works in this thread now (Node, or the engine loaded). */
export function canCreateSolver(name: EngineName): boolean {
  return ENGINES.includes(name) && canLoadEngineNow(name);
}

/** What an engine can do, without making an instance. */
export function engineCapabilities(name: EngineName = DEFAULT_ENGINE): EngineCapabilities {
  if (!ENGINES.includes(name)) throw new NonocryptError('E_INTERNAL', `internal error: no SAT engine '${String(name)}'`);
  return WasmSolver.capabilities;
}

/**
 * A new SAT instance of the named engine. Synchronous: in Node (main thread or worker) a
 * WebAssembly engine is compiled on first use; in a browser `loadEngine` must come first.
 */
export function createSolver(name: EngineName, options?: SolverOptions): SatSolver {
  if (name === 'minisat' || name === 'cadical') return new WasmSolver(name, options);
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
