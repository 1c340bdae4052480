import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNin } from '../src/formats/nin.js';
import { formatNon } from '../src/formats/non.js';
import { checkGrid } from '../src/grid/checkGrid.js';
import { gridsEqual, makeGrid, type Grid } from '../src/grid/Puzzle.js';
import type { SolveStats } from '../src/solve/SolveResult.js';
import type { Entry } from './harness/inputs.js';
import type { Call } from './harness/worker.js';

/**
 * What the puzzle suites (solve, peers, collection, engines) share: a solver's answer on one
 * puzzle as a loggable outcome, every grid it gave re-checked by `checkGrid` (which shares no code
 * with any solver), and the puzzles as files for the solvers that read files.
 */
export type Verdict = 'unique' | 'multiple' | 'none' | 'found' | 'unknown' | 'error';

export interface Outcome {
  readonly verdict: Verdict;
  /** Why unknown or error: the time limit, the memory cap, a failure. */
  readonly reason?: string;
  /** CPU seconds; for a stopped run, what it had used when it was stopped. */
  readonly cpu: number;
  readonly wall: number;
  readonly rssMiB: number;
  /** Grids re-checked, and how many of them were distinct and fit the clues. */
  readonly checked: number;
  readonly valid: number;
  /** Failed checks (a grid that does not fit, two equal grids, not the picture); must stay empty. */
  readonly violations: readonly string[];
  readonly lineSolvable?: boolean;
  readonly stats?: SolveStats;
}

export const decided = (o: Outcome): boolean => o.verdict !== 'unknown' && o.verdict !== 'error';

/** An outcome with its grids re-checked against the puzzle (and against the picture the clues came from). */
export function outcome(e: Entry, verdict: Verdict, grids: readonly Grid[], m: { cpu: number; wall: number; rssMiB: number }, more: Partial<Outcome> = {}): Outcome {
  const violations: string[] = [];
  const good: Grid[] = [];
  grids.forEach((g, i) => {
    const bad = checkGrid(e.puzzle, g);
    if (bad) violations.push(`grid ${i + 1} of ${grids.length}: ${bad}`);
    else if (!good.some((x) => gridsEqual(x, g))) good.push(g);
  });
  if (verdict === 'multiple' && grids.length === 2 && gridsEqual(grids[0]!, grids[1]!)) violations.push('the two grids of "multiple" are equal');
  if (verdict === 'none' && e.picture) violations.push('"none", but the clues were made from a picture');
  if (verdict === 'unique' && e.picture && grids[0] && !gridsEqual(grids[0], e.picture)) violations.push('"unique", but not the picture the clues were made from');
  if ((verdict === 'unique' || verdict === 'multiple') && e.known !== 'unknown' && verdict !== e.known) violations.push(`"${verdict}", but the puzzle is known to be ${e.known}`);
  return { verdict, cpu: m.cpu, wall: m.wall, rssMiB: m.rssMiB, checked: grids.length, valid: good.length, violations, ...more };
}

/** A run that ended without an answer: stopped at a limit, or failed. */
export const stopped = (kind: 'unknown' | 'error', reason: string, m: { cpu: number; wall: number; rssMiB: number }): Outcome => ({ verdict: kind, reason, cpu: m.cpu, wall: m.wall, rssMiB: m.rssMiB, checked: 0, valid: 0, violations: [] });

/** Rows of `#` (black) and anything else (white) as a grid. */
export const gridOfRows = (rows: readonly string[]): Grid => makeGrid(rows[0]?.length ?? 0, rows.length, rows.flatMap((r) => [...r].map((c) => (c === '#' ? 1 : 0))));

/** An outcome from a call in a warm child that returned a verdict and grids. */
export function fromCall(e: Entry, c: Call<{ status: string; grids?: readonly Grid[]; grid?: Grid; reason?: string; lineSolvable?: boolean; stats?: SolveStats }>): Outcome {
  if (c.kind !== 'done') return stopped(c.kind === 'stopped' ? 'unknown' : 'error', c.why, c);
  const r = c.value;
  if (r.status === 'unknown') return stopped('unknown', r.reason ?? '', c);
  return outcome(e, r.status as Verdict, r.grids ?? (r.grid ? [r.grid] : []), c, { lineSolvable: r.lineSolvable ?? false, ...(r.stats ? { stats: r.stats } : {}) });
}

let folder: string | undefined;
/** A temporary folder of this run, removed at exit. */
export function workFolder(): string {
  if (!folder) {
    const dir = mkdtempSync(join(tmpdir(), 'nonocrypt-bench-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    folder = dir;
  }
  return folder;
}

/** The puzzle as a file of `format` (non, nin) in workFolder()/puzzles/SET/. */
export function puzzleFile(e: Entry, format: 'non' | 'nin'): string {
  const file = join(workFolder(), 'puzzles', e.set, `${e.id}.${format}`);
  if (!existsSync(file)) {
    mkdirSync(join(workFolder(), 'puzzles', e.set), { recursive: true });
    writeFileSync(file, format === 'non' ? formatNon({ puzzle: e.puzzle, title: e.name ?? e.id }) : formatNin({ puzzle: e.puzzle }));
  }
  return file;
}
