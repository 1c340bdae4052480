// The page's engines compiled once on the page (off its thread: compilation is asynchronous),
// to be handed to workers that would otherwise each fetch and compile their own: the Draw tab's
// verdict workers are replaced often, and compiling again in each took 350-500 ms of CPU on a
// loaded machine (2 cores, load average about 20, 2026-11-28). No library code here: this is in
// the page's bundle, the engines' users are in the worker's (engine.ts).

export interface CompiledEngines {
  readonly minisat: WebAssembly.Module;
  readonly core: WebAssembly.Module;
}

export async function compileEngines(): Promise<CompiledEngines> {
  const compile = async (file: string) => {
    const response = await fetch(file);
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    // Streaming compilation needs the server to say application/wasm; any static server may not.
    return response.headers.get('Content-Type') === 'application/wasm' ? WebAssembly.compileStreaming(response) : WebAssembly.compile(await response.arrayBuffer());
  };
  const [minisat, core] = await Promise.all([compile('minisat.wasm'), compile('core.wasm')]);
  return { minisat, core };
}
