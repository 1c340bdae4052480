import { NonocryptError } from '../../errors.js';
import type { LratProver } from './certifyBlock.js';

/**
 * The proof engine, loaded only when a certificate is asked for: verify and solve without
 * certification never load it (nor encode anything for it). Call order: `await
 * loadProofEngine()` once (in each thread that certifies), then `proofEngine()` any number of
 * times.
 */
let loaded: LratProver | undefined;

export async function loadProofEngine(): Promise<LratProver> {
  loaded ??= (await import('../../sat/lratProof.js')).solveWithLratProof;
  return loaded;
}

export function proofEngine(): LratProver {
  if (!loaded) throw new NonocryptError('E_INTERNAL', 'internal error: a certificate was asked for before the proof engine was loaded');
  return loaded;
}

/** Whether the proof engine has been loaded in this thread (the fast path never loads it). */
export function proofEngineLoaded(): boolean {
  return loaded !== undefined;
}
