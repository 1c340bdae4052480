import { mergeParts, readPart, type MergedVerdict } from '../../src/collection/mergeParts.js';
import { cliArgv, runProcess, type ProcOptions, type ProcRun } from './proc.js';

/** One board solved in N parts at once, as the recipe of docs/how-to/many-machines.md runs them. */
export interface SplitRace {
  /** Each part's run, in order (K = 1..N). */
  readonly runs: readonly ProcRun[];
  /**
   * The merged verdict of the parts that ended; undefined when merge refused them: because a
   * part was stopped by its limit (it wrote nothing, so the board is undecided: `stopped`
   * names it), or else for `error`.
   */
  readonly merged: MergedVerdict | undefined;
  readonly error?: string;
  /** The part (0-based) that found two pictures and stopped the others, if one did. */
  readonly winner: number | undefined;
  /** From the start of the N processes to the end of the last (or to the stop). */
  readonly wall: number;
  /** Summed over the parts. */
  readonly cpu: number;
  /** The parts stopped by a limit, as "part K (why)". */
  readonly stopped: readonly string[];
}

/**
 * `nonocrypt solve ...solveArgs --split K/N FILE` for K = 1..N, started together; as in the
 * recipe of docs/how-to/many-machines.md (GNU parallel's `--halt now,fail=1`), the first part to exit 1 (two pictures
 * in its cube: the board is ambiguous) stops the others, and the parts that ended are merged
 * (collection/mergeParts.ts). Each process runs under `proc` (its CPU limit).
 */
export async function splitRace(file: string, parts: number, solveArgs: readonly string[], proc: ProcOptions): Promise<SplitRace> {
  const w0 = performance.now();
  const race = new AbortController();
  let winner: number | undefined;
  const runs = await Promise.all(
    Array.from({ length: parts }, (_, k) =>
      runProcess(cliArgv(...solveArgs, '--split', `${k + 1}/${parts}`, file), { ...proc, abort: race.signal }).then((r) => {
        if (r.code === 1 && winner === undefined) {
          winner = k;
          race.abort(`part ${k + 1} found two pictures`);
        }
        return r;
      }),
    ),
  );
  const wall = (performance.now() - w0) / 1000;
  // A part that was stopped wrote nothing: merge is given the others (two pictures in them decide).
  const ended = runs.flatMap((r, k) => (r.stopped ? [] : [{ r, name: `part ${k + 1}` }]));
  const stopped = runs.flatMap((r, k) => (r.stopped ? [`part ${k + 1} (${r.stopped})`] : []));
  const cpu = runs.reduce((n, r) => n + r.cpu, 0);
  try {
    const merged = await mergeParts(ended.map((x) => readPart(x.r.stdout, x.name)), ended.map((x) => x.name));
    return { runs, merged, winner, wall, cpu, stopped };
  } catch (err) {
    return { runs, merged: undefined, ...(stopped.length ? {} : { error: err instanceof Error ? err.message : String(err) }), winner, wall, cpu, stopped };
  }
}
