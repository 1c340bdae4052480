/**
 * The Node.js flags the CLI runs with. They are set in the `#!` line of `main.ts`
 * (`#!/usr/bin/env -S node --single-threaded-gc`; npm's Windows shims read it too); a test
 * keeps the two equal, and the tests and benchmarks that start the CLI with `node` pass them.
 *
 * --single-threaded-gc: every SAT instance allocates a large buffer (a WebAssembly memory),
 * and V8 answers such allocations with garbage collections. Run on helper threads, those
 * collections cost far more CPU than they save on our small heaps; on the main thread they
 * are cheaper in CPU and in wall time (measured with logic-solver's asm.js MiniSat, a 64 MiB
 * ArrayBuffer per instance, the engine then: TAAI 2011 puzzles 1-200 in one process,
 * 4.3 -> 2.7 CPU s and 2.9 -> 2.3 s wall; Wolter's Forever, 30-40 -> 17-22 CPU ms per solve;
 * not measured again with the WebAssembly engines). V8 flags cannot be changed once the
 * process runs (V8 aborts), hence the `#!` line.
 */
export const CLI_NODE_FLAGS: readonly string[] = ['--single-threaded-gc'];
