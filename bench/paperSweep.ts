import { loadavg } from 'node:os';
import type { ReceiverModel } from '../src/annotate/ReceiverModel.js';
import { BitsDecoder } from '../src/cipher/textBits.js';
import { messageGrids } from '../src/cipher/encrypt.js';
import { builtinTable, type BuiltinTableName } from '../src/cipher/Table.js';
import { formatCiphertext, type Ciphertext } from '../src/formats/ciphertext.js';
import { formatAnnotation, formatClue } from '../src/formats/symbols.js';
import type { Grid, Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { Propagator, UNKNOWN } from '../src/line/Propagator.js';
import { runBlocks } from '../src/parallel/BlockRunner.js';
import type { BlockOutcome, BlockTask } from '../src/parallel/BlockTask.js';
import type { SolveResult } from '../src/solve/SolveResult.js';
import type { Excerpt } from './paperCorpus.js';

/**
 * The engine of the paper sweep: encrypts messages at given (table, receiver, n) through the
 * worker pool and measures each ciphertext.
 *
 * Per block: an `annotate` task with a minimality budget (the message's budget divided
 * evenly among its blocks, but at least a floor per block) and a hard time limit (the worker is killed). A killed block gets
 * a second chance with budget 0 (the minimizer's first valid annotation, no proof) and a
 * longer limit; if that is killed too, the block is annotated with all of its black cells that
 * line logic leaves undecided (always valid for both receivers, never small). Every finished
 * message is then checked by decoding: each block must have exactly one solution equal to the
 * original picture (and be line-solvable for the `logic` receiver), and the decoded text must
 * equal the message.
 */

export interface Measure {
  /** Characters of all clue symbols (`0` of an empty line counts; commas do not). */
  readonly clueChars: number;
  /** Characters of all annotation codes (`X` does not count). */
  readonly annChars: number;
  /** Annotated cells. */
  readonly cells: number;
  /** Characters of the whole ciphertext file (header, commas, `X`, newlines). */
  readonly fileChars: number;
}

export function measure(c: Ciphertext): Measure {
  let [clueChars, annChars, cells] = [0, 0, 0];
  for (const b of c.blocks) {
    for (const clue of [...b.puzzle.cols, ...b.puzzle.rows]) clueChars += formatClue(clue).length;
    if (b.annotation.length > 0) annChars += formatAnnotation(b.annotation, c.width).length;
    cells += b.annotation.length;
  }
  return { clueChars, annChars, cells, fileChars: formatCiphertext(c).length };
}

export interface SweepRecord extends Measure {
  readonly msg: number;
  readonly table: BuiltinTableName;
  readonly receiver: ReceiverModel;
  readonly n: number;
  readonly blocks: number;
  /** Sum of the blocks' encryption times (ms of single-thread work, including killed attempts). */
  readonly ms: number;
  /** Blocks whose annotation is not proved smallest. */
  readonly unproven: number;
  /** Blocks killed at the hard limit (then annotated by the fallbacks). */
  readonly killed: number;
  /** Blocks that needed the last-resort annotation (all undecided black cells). */
  readonly lastResort: number;
  /** Decoded correctly (and line-solvable for `logic`); null when verification was cut. */
  readonly valid: boolean | null;
  readonly budgetS: number;
  readonly floorS: number;
  readonly limitS: number;
}

export interface Job {
  readonly msg: Excerpt;
  readonly table: BuiltinTableName;
  readonly receiver: ReceiverModel;
  readonly n: number;
}

export interface SweepOptions {
  readonly jobs: number;
  /** Minimality budget per message, ms (divided among its blocks). */
  readonly budgetMs: number;
  /** ... but never less than this per block, ms. */
  readonly blockFloorMs: number;
  /** Hard limit per block, ms. */
  readonly limitMs: number;
  /** Hard limit per block for the budget-0 second attempt, ms. */
  readonly fallbackLimitMs: number;
  /** Hard limit per block for verification, ms. */
  readonly verifyLimitMs: number;
}

interface BlockState {
  annotation?: number[];
  proven: boolean;
  ms: number;
  killed: boolean;
  lastResort: boolean;
}

interface JobState {
  readonly job: Job;
  readonly grids: readonly Grid[];
  readonly puzzles: readonly Puzzle[];
  readonly blocks: BlockState[];
}

/** Every black cell of `grid` that propagation from the clues alone leaves undecided. */
export function undecidedBlack(grid: Grid): number[] {
  const p = new Propagator(puzzleOf(grid));
  const d = p.unknownDomains();
  p.run(d);
  const out: number[] = [];
  for (let i = 0; i < d.length; i++) if (grid.cells[i] && d[i] === UNKNOWN) out.push(i);
  return out;
}

async function drain(tasks: BlockTask[], jobs: number, timeoutMs: number): Promise<BlockOutcome[]> {
  const out: BlockOutcome[] = [];
  for await (const o of runBlocks(tasks, { jobs, timeoutMs })) out.push(o);
  return out;
}

function fail(o: BlockOutcome, what: string): never {
  throw new Error(`${what}: ${o.kind === 'error' ? `${o.code} ${o.message}` : `unexpected outcome ${o.kind}`}`);
}

/** Runs a batch of jobs to completion (encrypt, fall back where killed, verify). */
export async function runJobs(jobs: readonly Job[], o: SweepOptions): Promise<SweepRecord[]> {
  const states: JobState[] = jobs.map((job) => {
    const { grids } = messageGrids(job.msg.text, { size: job.n, table: builtinTable(job.table) });
    return { job, grids, puzzles: grids.map(puzzleOf), blocks: grids.map(() => ({ proven: false, ms: 0, killed: false, lastResort: false })) };
  });
  const refs: { s: JobState; b: number }[] = [];
  const tasks: BlockTask[] = [];
  for (const s of states) {
    const perBlock = Math.max(o.budgetMs / s.grids.length, o.blockFloorMs);
    s.grids.forEach((grid, b) => {
      refs.push({ s, b });
      tasks.push({ kind: 'annotate', grid, receiver: s.job.receiver, budgetMs: perBlock });
    });
  }
  // Pass 1: minimizer with the budget.
  const first = await drain(tasks, o.jobs, o.limitMs);
  const retry: number[] = [];
  first.forEach((out, i) => {
    const st = refs[i]!.s.blocks[refs[i]!.b]!;
    if (out.kind === 'annotate') Object.assign(st, { annotation: out.annotation, proven: out.proven, ms: out.ms });
    else if (out.kind === 'timeout') {
      Object.assign(st, { ms: out.ms, killed: true });
      retry.push(i);
    } else fail(out, `block ${refs[i]!.b + 1} of message ${refs[i]!.s.job.msg.id}`);
  });
  // Pass 2: budget 0 for the killed ones; the last resort if killed again.
  if (retry.length > 0) {
    const second = await drain(retry.map((i) => ({ ...(tasks[i] as Extract<BlockTask, { kind: 'annotate' }>), budgetMs: 0 })), o.jobs, o.fallbackLimitMs);
    second.forEach((out, k) => {
      const { s, b } = refs[retry[k]!]!;
      const st = s.blocks[b]!;
      if (out.kind === 'annotate') Object.assign(st, { annotation: out.annotation, proven: out.proven, ms: st.ms + out.ms });
      else if (out.kind === 'timeout') Object.assign(st, { annotation: undecidedBlack(s.grids[b]!), proven: false, ms: st.ms + out.ms, lastResort: true });
      else fail(out, `block ${b + 1} of message ${s.job.msg.id} (second attempt)`);
    });
  }
  // Pass 3: verify by decoding every block.
  const vtasks: BlockTask[] = [];
  for (const s of states) s.puzzles.forEach((puzzle, b) => vtasks.push({ kind: 'solve', puzzle, givens: s.blocks[b]!.annotation! }));
  const verdicts = await drain(vtasks, o.jobs, o.verifyLimitMs);
  let k = 0;
  return states.map((s) => {
    const results: SolveResult[] = [];
    let valid: boolean | null = true;
    s.puzzles.forEach((_, b) => {
      const v = verdicts[k++]!;
      if (v.kind === 'timeout') {
        if (valid) valid = null;
        return;
      }
      if (v.kind !== 'solve') fail(v, `verifying block ${b + 1} of message ${s.job.msg.id}`);
      const r = v.result;
      results.push(r);
      if (r.status === 'unknown' && valid) valid = null;
      else if (r.status !== 'unique' && r.status !== 'unknown') valid = false;
      else if (r.status === 'unique') {
        const g = s.grids[b]!;
        if (r.grid.cells.some((c, i) => c !== g.cells[i])) valid = false;
        if (s.job.receiver === 'logic' && !r.lineSolvable) valid = false;
      }
    });
    if (valid === true) {
      const decoder = new BitsDecoder(builtinTable(s.job.table), s.job.n * s.job.n);
      for (const r of results) if (r.status === 'unique') decoder.push(r.grid.cells);
      const text = decoder.finish();
      if (text !== s.job.msg.text) valid = false;
    }
    const c: Ciphertext = { width: s.job.n, height: s.job.n, blocks: s.puzzles.map((puzzle, b) => ({ puzzle, annotation: s.blocks[b]!.annotation! })) };
    const count = (f: (b: BlockState) => boolean) => s.blocks.filter(f).length;
    return { msg: s.job.msg.id, table: s.job.table, receiver: s.job.receiver, n: s.job.n, blocks: s.grids.length, ...measure(c), ms: Math.round(s.blocks.reduce((a, b) => a + b.ms, 0) * 10) / 10,
      unproven: count((b) => !b.proven), killed: count((b) => b.killed), lastResort: count((b) => b.lastResort), valid, budgetS: o.budgetMs / 1000, floorS: o.blockFloorMs / 1000, limitS: o.limitMs / 1000 };
  });
}

/** The 1-minute load average, rounded. */
export const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100;
