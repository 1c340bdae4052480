import { NonocryptError } from '../../errors.js';
import { compiledScript, WorkerPool, type PoolFailure } from '../../parallel/WorkerPool.js';
import type { ProofReport } from '../check/checkBoundProof.js';
import { GAMES_TUNING } from '../tuning.js';
import type { ProofPartOutcome, ProofPartTask } from './ProofPartTask.js';

export interface PartsCheckOptions {
  /** Parts, each on its own worker thread, at least 2. */
  readonly jobs: number;
  /** Guesses from the root to a unit (check/verifyProof.ts, ProofPart). */
  readonly depth: number;
  /** `performance.now()` time to stop at (the report is then `valid: null`). */
  readonly deadline?: number;
  /** CheckProofOptions.compiled: false for the TypeScript loops alone. */
  readonly compiled?: boolean;
}

/**
 * A proof file checked by `jobs` parts at once on worker threads (check/verifyProof.ts,
 * ProofPart: every part reads the whole text, checks its own units and every node above them):
 * valid when every part is, with the splits counted as one whole check counts them; the
 * failure of the lowest failing part otherwise; `valid: null` when a part did not finish in
 * time. `bytes` are the file's unpacked bytes; they are copied once into memory the threads
 * share. A worker that dies is an E_WORKER error.
 */
export async function checkProofInParts(bytes: Uint8Array, where: string, options: PartsCheckOptions): Promise<ProofReport> {
  const { jobs, depth, deadline, compiled } = options;
  if (!(Number.isInteger(jobs) && jobs >= 2)) throw new NonocryptError('E_USAGE', `a check by parts on threads needs at least 2 of them (${jobs})`);
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  const ms = deadline === undefined ? undefined : Math.max(0, deadline - performance.now());
  const pool = new WorkerPool<ProofPartTask, ProofPartOutcome>(
    { jobs, ...(ms === undefined ? {} : { timeoutMs: ms + GAMES_TUNING.WORKER_GRACE_MS.value }) },
    { script: compiledScript(import.meta.url, 'games/build/proofPartWorker.js'), quick: null },
  );
  const tasks = Array.from({ length: jobs }, (_, index): ProofPartTask => ({ kind: 'proof-part', bytes: shared, where, index, count: jobs, depth, compiled: compiled !== false, ...(ms === undefined ? {} : { ms }) }));
  const outcomes: (ProofPartOutcome | PoolFailure)[] = [];
  try {
    for await (const o of pool.run(tasks)) outcomes.push(o);
  } finally {
    await pool.close();
  }
  return joinedReport(outcomes);
}

/** The parts' reports as one (outcomes in part order). */
function joinedReport(outcomes: readonly (ProofPartOutcome | PoolFailure)[]): ProofReport {
  const reports: ProofReport[] = [];
  for (const o of outcomes) {
    if (o.kind === 'error') throw new NonocryptError(o.code, o.message);
    if (o.kind === 'timeout') throw new NonocryptError('E_WORKER', 'a part of the check did not stop at its time limit; its worker was ended');
    reports.push(o.report);
  }
  const failed = reports.find((r) => r.valid === false);
  if (failed) return failed;
  const open = reports.find((r) => r.valid === null);
  if (open) return open;
  const valid = reports as Extract<ProofReport, { valid: true }>[];
  const first = valid[0]!;
  const outside = first.units!.outside;
  if (valid.some((r) => r.units!.outside !== outside || r.units!.total !== first.units!.total)) throw new NonocryptError('E_INTERNAL', 'internal error: the parts of one check read the proof differently');
  const positions = valid.reduce((n, r) => n + r.positions, 0) - (valid.length - 1) * outside;
  return { valid: true, game: first.game, guesses: first.guesses, positions, units: { checked: first.units!.total, total: first.units!.total, outside } };
}
