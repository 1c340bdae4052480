import { canLoadEngineNow, EngineInstance, engineModule, MAX_MEMORY_CAP_BYTES, memoryCap } from '../../sat/wasmEngine.js';
import { NonocryptError } from '../../errors.js';
import type { ProofGame } from './ProofGame.js';

/**
 * The proof checker's hot loops compiled (`engines/checker.wasm`, source
 * `engines/checker/checker.cc`): the one-step volume refutation of guesses (ProofGame.guessesOver)
 * and the answers the checker finds below a split that ends with `|`, `^` or `~`
 * (verifyProof's someChildFound), which are nearly all of a version 3 proof's check. It is the
 * checker's own code written again in C++, sharing no code with the search that writes proofs
 * (`engines/games/`), and it works on the checker's own tables (ProofGame: the answer table,
 * the answers each guess may get, the volume numbers), copied in once. The TypeScript loops stay
 * the reference and the fallback (where the module cannot be loaded synchronously: a browser
 * page that did not load it); test/gamesProofKernel.test.ts holds the two to the same verdicts,
 * positions and messages.
 *
 * One WebAssembly instance per game (`ProofKernel.of`). Call order: `of`; then any of `over` and
 * `found`, each a whole question about one tuple.
 */
interface KernelExports {
  ck_alloc(bytes: number): number;
  ck_init(
    codes: number,
    slots: number,
    lies: number,
    win: number,
    truthful: number,
    anyRule: number,
    alphabet: number,
    alphabetSize: number,
    table: number,
    allowed: number,
    a: number,
    b: number,
    maxH: number,
  ): number;
  ck_tuple(): number;
  ck_over(guesses: number, n: number, h: number, cap: number): number;
  ck_found(x: number, t: number, depth: number): number;
  ck_stat(which: number): number;
}

export class ProofKernel {
  private readonly inst: EngineInstance<KernelExports>;
  private readonly x: KernelExports;
  private readonly tuplePtr: number;
  private readonly guessesPtr: number;
  private readonly lies: number;

  private constructor(game: ProofGame) {
    const N = game.size;
    const E = game.rules.lies;
    this.lies = E;
    this.inst = new EngineInstance<KernelExports>('checker', engineModule('checker'));
    this.inst.capBytes = memoryCap('checker', MAX_MEMORY_CAP_BYTES.checker);
    const x = (this.x = this.inst.exports);
    const slots = (game.pegs + 1) * (game.pegs + 1);
    const { a, b } = game.volumeNumbers();
    const maxH = b.length - 1;
    const tablePtr = x.ck_alloc(N * N) >>> 0;
    const allowedPtr = x.ck_alloc(N * slots) >>> 0;
    const alphabetPtr = x.ck_alloc(4 * game.alphabet.length) >>> 0;
    const aPtr = x.ck_alloc(8 * (E + 1) * (maxH + 1)) >>> 0;
    const bPtr = x.ck_alloc(8 * (maxH + 1)) >>> 0;
    this.guessesPtr = x.ck_alloc(4 * N) >>> 0;
    const buffer = this.inst.memory.buffer;
    new Uint8Array(buffer, tablePtr, N * N).set(game.answers);
    new Uint8Array(buffer, allowedPtr, N * slots).set(game.allowedTable());
    new Int32Array(buffer, alphabetPtr, game.alphabet.length).set(game.alphabet);
    const av = new Float64Array(buffer, aPtr, (E + 1) * (maxH + 1));
    for (let k = 0; k <= E; k++) for (let h = 0; h <= maxH; h++) av[k * (maxH + 1) + h] = a[k]![h]!;
    new Float64Array(buffer, bPtr, maxH + 1).set(b);
    const ok = x.ck_init(N, slots, E, game.win, game.rules.end === 'truthful' ? 1 : 0, game.rules.lie === 'any' ? 1 : 0, alphabetPtr, game.alphabet.length, tablePtr, allowedPtr, aPtr, bPtr, maxH);
    if (!ok) throw new NonocryptError('E_INTERNAL', `engines/checker.wasm does not take a game with ${E} lies`);
    this.tuplePtr = x.ck_tuple() >>> 0;
  }

  /** The kernel for this game, or undefined where the module cannot be had now (or the game is past it). */
  static of(game: ProofGame): ProofKernel | undefined {
    if (!canLoadEngineNow('checker') || game.rules.lies > KERNEL_LIES_MOST) return undefined;
    return new ProofKernel(game);
  }

  private put(levels: readonly Int32Array[]): void {
    const view = new Int32Array(this.inst.memory.buffer);
    let at = this.tuplePtr >>> 2;
    for (let j = 0; j <= this.lies; j++) view[at++] = levels[j]!.length;
    for (const l of levels) {
      view.set(l, at);
      at += l.length;
    }
  }

  /** ProofGame.guessesOver, compiled: over[i] = 1 when guesses[i] has a child heavier than cap (valid until the next call). */
  over(levels: readonly Int32Array[], guesses: Int32Array, h: number, cap: number): Uint8Array {
    this.put(levels);
    new Int32Array(this.inst.memory.buffer, this.guessesPtr, guesses.length).set(guesses);
    const at = this.x.ck_over(this.guessesPtr, guesses.length, h, cap) >>> 0;
    return new Uint8Array(this.inst.memory.buffer, at, guesses.length);
  }

  /** verifyProof's someChildFound, compiled: the splits proven below guess x (0: no answer found), depth 1 to 3. */
  found(levels: readonly Int32Array[], x: number, t: number, depth: number): number {
    this.put(levels);
    const splits = this.x.ck_found(x, t, depth);
    if (splits < 0) throw new NonocryptError('E_INTERNAL', `engines/checker.wasm: ck_found(${x}, ${t}, ${depth}) is out of its range`);
    return splits;
  }

  /** What `found` did so far: tuples weighed, guesses weighed one by one, and tuples where every code was. */
  stats(): { readonly tuples: number; readonly guesses: number; readonly whole: number } {
    return { tuples: this.x.ck_stat(0), guesses: this.x.ck_stat(1), whole: this.x.ck_stat(2) };
  }
}

/** The most lies checker.cc's tuples hold (LEVELS_MAX there, less one). */
const KERNEL_LIES_MOST = 5;
