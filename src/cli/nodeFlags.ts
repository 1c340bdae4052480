/**
 * The Node.js flags the CLI runs with. They are set in the `#!` line of `main.ts`
 * (`#!/usr/bin/env -S node --single-threaded-gc`; npm's Windows shims read it too); a test
 * keeps the two equal, and the tests and benchmarks that start the CLI with `node` pass them.
 *
 * --single-threaded-gc: every SAT instance allocates a large buffer (a WebAssembly memory),
 * and V8 answers such allocations with garbage collections. Run on helper threads, those
 * collections cost more CPU than they save on our small heaps. Measured with our WebAssembly
 * MiniSat (2026-11-23, load average about 20, so CPU only): TAAI 2011 puzzles 1-200 in one
 * process (`solve -j 1 --json` on a folder of them), 1.53-1.60 CPU s with the flag against
 * 1.79-1.86 without (2 runs each, about 15 % less); 40 random 35x35 blocks through `verify -j 1`,
 * within the noise (2.3-3.2 against 2.6 CPU s). With logic-solver's asm.js MiniSat, the engine
 * before, it was a third: 4.3 -> 2.7 CPU s on TAAI 1-200. V8 flags cannot be changed once the
 * process runs (V8 aborts), hence the `#!` line.
 */
export const CLI_NODE_FLAGS: readonly string[] = ['--single-threaded-gc'];
