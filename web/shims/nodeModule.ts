// Browser replacement of `node:module` for src/sat/AsmMiniSat.ts (swapped in by web/build.mjs):
// its createRequire(...)('logic-solver/minisat.js') becomes the bundled asm.js MiniSat.
// Only that one module can be required.
import createMiniSat from 'logic-solver/minisat.js';

export function createRequire(_from: unknown): (id: string) => unknown {
  return (id: string) => {
    if (id === 'logic-solver/minisat.js') return createMiniSat;
    throw new Error(`internal error: ${id} cannot be required in the browser build`);
  };
}
