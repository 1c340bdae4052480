/**
 * Local declarations for the parts of logic-solver 2.0.1 we use. We talk to its bundled
 * MiniSat (an Emscripten/asm.js module) directly through the numeric C entry points, which is
 * not logic-solver's public API: that is why the version is pinned exactly in package.json.
 */
declare module 'logic-solver/minisat.js' {
  interface MiniSatModule {
    HEAP32: Int32Array;
    HEAPU8: Uint8Array;
    print: (text: string) => void;
    printErr: (text: string) => void;
    _createTheSolver(): void;
    _ensureVar(v: number): void;
    _retireVar(v: number): void;
    _addClause(ptr: number): number;
    _solve(): number;
    _solveAssuming(v: number): number;
    _getNumVars(): number;
    _getSolution(): number;
    _malloc(bytes: number): number;
    _free(ptr: number): void;
  }
  const createMiniSat: () => MiniSatModule;
  export = createMiniSat;
}
