import { chooseBoard } from '../../cipher/autoSize.js';
import { boardOf, messageGrids } from '../../cipher/encrypt.js';
import type { ReceiverModel } from '../../annotate/ReceiverModel.js';
import { formatCiphertext, type CipherBlock } from '../../formats/ciphertext.js';
import { puzzleOf } from '../../grid/runsOf.js';
import { Propagator, UNKNOWN } from '../../line/Propagator.js';
import type { Grid } from '../../grid/Puzzle.js';
import { runBlocks } from '../../parallel/BlockPool.js';
import { InputError } from '../../errors.js';
import { ExitCode } from '../ExitCode.js';
import { Progress, readText, writeOutput } from '../io.js';
import { loadTable, poolOptions, type RunFlags } from '../options.js';

export interface EncryptFlags extends RunFlags {
  size: number | 'auto';
  budget: number;
  width?: number;
  height?: number;
  table: string;
  receiver: ReceiverModel;
  output?: string;
}

/**
 * A valid (not minimal) annotation for a block whose minimizer was stopped: every black cell
 * that propagation leaves open. With all its black cells known, every line is settled.
 */
function fallbackAnnotation(grid: Grid): number[] {
  const p = new Propagator(puzzleOf(grid));
  const d = p.unknownDomains();
  p.run(d);
  const cells: number[] = [];
  for (let c = 0; c < d.length; c++) if (d[c] === UNKNOWN && grid.cells[c]) cells.push(c);
  return cells;
}

/** Text from the argument, or from standard input (one trailing line break dropped). */
async function messageText(arg: string | undefined): Promise<string> {
  if (arg !== undefined && arg !== '-') return arg;
  return (await readText(arg)).replace(/\r?\n$/, '');
}

export async function encryptCommand(textArg: string | undefined, flags: EncryptFlags): Promise<number> {
  if ((flags.width === undefined) !== (flags.height === undefined)) {
    throw new InputError('E_USAGE', '--width and --height go together (a W x H board); for square boards use --size');
  }
  if (flags.size === 'auto') return autoCommand(await messageText(textArg), flags);
  if (flags.table === 'auto') throw new InputError('E_USAGE', '--table auto goes with --size auto');
  const table = await loadTable(flags.table);
  const text = await messageText(textArg);
  const board = boardOf({ size: flags.size, width: flags.width, height: flags.height });
  const { width, height, grids } = messageGrids(text, { ...board, table });
  const pool = poolOptions(flags);
  // The time limit is a budget for proving minimality; a block whose worker has to be stopped
  // (a single SAT call running far past it) falls back to a valid, larger annotation.
  const hardMs = pool.timeoutMs === undefined ? undefined : pool.timeoutMs * 2 + 1000;
  const tasks = grids.map((grid) => ({ kind: 'annotate' as const, grid, receiver: flags.receiver, budgetMs: pool.timeoutMs }));
  const progress = new Progress(!flags.quiet);
  const blocks: CipherBlock[] = [];
  const unproven: number[] = [];
  const reasons = new Map<string, number[]>();
  const note = (block: number, reason: string) => {
    const list = reasons.get(reason) ?? [];
    list.push(block);
    reasons.set(reason, list);
  };
  for await (const out of runBlocks(tasks, { jobs: pool.jobs, timeoutMs: hardMs })) {
    const i = blocks.length;
    const grid = grids[i]!;
    if (out.kind === 'error') throw Object.assign(new Error(out.message), { code: out.code });
    let annotation: number[];
    if (out.kind === 'annotate') {
      annotation = out.annotation;
      if (!out.proven) {
        unproven.push(i + 1);
        note(i + 1, out.reason ?? 'not proven smallest');
      }
    } else {
      annotation = fallbackAnnotation(grid);
      unproven.push(i + 1);
      note(i + 1, 'stopped at the hard time limit; given every black cell line logic leaves open');
    }
    blocks.push({ puzzle: puzzleOf(grid), annotation });
    progress.tick(blocks.length, grids.length);
  }
  progress.end();
  const cipher = formatCiphertext({ width, height, blocks });
  if (flags.output) writeOutput(flags.output, cipher);
  else process.stdout.write(cipher);
  if (unproven.length) {
    for (const [reason, list] of reasons) {
      process.stderr.write(`nonocrypt: block${list.length > 1 ? 's' : ''} ${list.join(', ')}: annotation valid, not proven smallest (${reason})\n`);
    }
    return ExitCode.UNKNOWN;
  }
  return ExitCode.OK;
}

/** `--size auto`: the library chooses the side (and table); stderr says what and why. */
async function autoCommand(text: string, flags: EncryptFlags): Promise<number> {
  if (flags.width !== undefined) throw new InputError('E_USAGE', '--size auto chooses square boards; drop --width and --height');
  const table = flags.table === 'auto' ? 'auto' : await loadTable(flags.table);
  const choice = chooseBoard(text, { receiver: flags.receiver, table, budgetMs: flags.budget * 1000 });
  const cipher = formatCiphertext(choice.ciphertext);
  if (flags.output) writeOutput(flags.output, cipher);
  else process.stdout.write(cipher);
  if (!flags.quiet || !choice.proven) process.stderr.write(`nonocrypt: ${choice.reason}\n`);
  return choice.proven ? ExitCode.OK : ExitCode.UNKNOWN;
}
