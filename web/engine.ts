// Which SAT engine the page's worker uses, and how it gets it: our WebAssembly MiniSat from the
// engine registry (src/sat/engines.ts), compiled once from the page's own copy of
// engines/minisat.wasm, and the nonogram core (engines/core.wasm: line solver, probing, search)
// that every solve runs first (web/build.mjs puts both beside worker.js; fetched from the page's
// origin, never from the network). Everything else in the worker takes the engine from here.
//
// The engine stops itself at a deadline (its capabilities say so), so the page offers a time
// limit per block: the in-thread runner hands the deadline to the engine and a block that
// reaches it ends `unknown`. Cancel still terminates the worker for anything else.
import { createSolver, engineCapabilities, loadEngine } from '../src/sat/engines.js';
import type { EngineName, SatSolver } from '../src/sat/SatSolver.js';
import { loadCore } from '../src/solve/NonogramCore.js';
import type { CompiledEngines } from './compiledEngines.js';

export interface PreparedEngine {
  /** Shown on the page. */
  readonly label: string;
  /** New SAT instances for the worker's session. */
  readonly create: () => SatSolver;
  /** The engine's name for RunOptions. */
  readonly engine: EngineName;
  /** Blocks can have a time limit in this thread (the engine stops at its deadline). */
  readonly stops: boolean;
}

const ENGINE: EngineName = 'minisat';

/**
 * The proof engine for certificates (src/sat/lratProof.ts: CaDiCaL 1.7.4 writing LRAT), from
 * the page's own copy of engines/cadical.wasm: loaded the first time a certificate is asked
 * for, never before (verify does not need it).
 */
let proofEngine: Promise<void> | undefined;
export function prepareProofEngine(): Promise<void> {
  return (proofEngine ??= loadEngine('cadical', new URL('cadical.wasm', self.location.href)).then(() => undefined));
}

/** Load the engines: compiled by the page when it hands them over (see compiledEngines.ts), else fetched here. */
export async function prepareEngine(compiled?: Partial<CompiledEngines>): Promise<PreparedEngine> {
  await Promise.all([
    loadEngine(ENGINE, compiled?.minisat ?? new URL(`${ENGINE}.wasm`, self.location.href)),
    loadCore(compiled?.core ?? new URL('core.wasm', self.location.href)),
  ]);
  return {
    label: 'MiniSat 2.2 (WebAssembly)',
    create: () => createSolver(ENGINE),
    engine: ENGINE,
    stops: engineCapabilities(ENGINE).deadline,
  };
}
