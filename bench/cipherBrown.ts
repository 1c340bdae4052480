import type { ReceiverModel } from '../src/annotate/ReceiverModel.js';
import { DEFAULT_BUDGET_MS, encrypt } from '../src/cipher/encrypt.js';
import { builtinTable } from '../src/cipher/Table.js';
import { messageGrids } from '../src/cipher/encrypt.js';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import type { EngineName } from '../src/sat/SatSolver.js';
import { SatSession } from '../src/sat/SatSession.js';
import { isValid } from './isValidAnnotation.js';
import { codeVersion, commandLine, load, machine, markdownTable, max, median, progress, secs, timedAsync, writeSection } from './common.js';
import { DEFAULT_SEED, drawExcerpts } from './paperCorpus.js';

/**
 * The cipher benchmark on ordinary messages (issue 10): seeded Brown-corpus excerpts, classic
 * table, through the library's `encrypt` in this thread (one SAT session per engine, the
 * budget shared by the message's blocks exactly as the CLI does).
 *
 * Part `brown`: messages of 100 characters at several board sides and both receivers: proven
 * count, CPU seconds per message (median, max), annotation sizes, and the lower bounds where
 * the budget cut a proof short. Every annotation is re-checked valid for its receiver.
 *
 * Part `auto`: `--size auto` with the default budget on messages of 100, 600 and 3,000
 * characters: time against the budget, and the length against the best fixed n of a sweep of
 * the same message (every n whose clue-only length could still beat the best found, each
 * encrypted with the default budget).
 */

interface MessageRun {
  readonly id: number;
  readonly cpu: number;
  readonly wall: number;
  readonly proven: boolean;
  readonly cells: number;
  readonly lowerBound: number;
  readonly valid: boolean;
}

export interface BrownOptions {
  readonly messages: number;
  readonly seed: number;
  readonly sizes: readonly number[];
  readonly receivers: readonly ReceiverModel[];
  readonly engine: EngineName;
  /** Budget of one message (ms): Infinity for none. */
  readonly budgetMs: number;
  readonly write: boolean;
  readonly args: readonly string[];
  /** Child processes to split the messages over (1: this process). */
  readonly parallel: number;
  /** Run only these messages (1-based) and print the results as JSON (a child's part). */
  readonly only?: readonly number[];
}

interface ConfigRun extends MessageRun {
  readonly n: number;
  readonly receiver: ReceiverModel;
}

/** Encrypt messages `ids` (1-based) at every size and receiver; one line of progress each. */
async function runMessages(o: BrownOptions, ids: readonly number[]): Promise<ConfigRun[]> {
  const msgs = drawExcerpts(o.messages, o.seed).filter((m) => ids.includes(m.id));
  const table = builtinTable('classic');
  const session = new SatSession(o.engine);
  // Warm-up: JIT and the engine.
  await encrypt(msgs[0]!.text.slice(0, 20), { size: 8, session, budgetMs: 2000 });
  const out: ConfigRun[] = [];
  for (const n of o.sizes) {
    for (const receiver of o.receivers) {
      for (const m of msgs) {
        const t = await timedAsync(() => encrypt(m.text, { size: n, receiver, table, session, budgetMs: o.budgetMs }));
        const grids = messageGrids(m.text, { size: n, table }).grids;
        const valid = t.value.blocks.every((b, i) => isValid(grids[i]!, b.block.annotation, receiver));
        const r: ConfigRun = {
          n,
          receiver,
          id: m.id,
          cpu: t.cpu,
          wall: t.wall,
          proven: t.value.blocks.every((b) => b.proven),
          cells: t.value.blocks.reduce((a, b) => a + b.block.annotation.length, 0),
          lowerBound: t.value.blocks.reduce((a, b) => a + b.lowerBound, 0),
          valid,
        };
        out.push(r);
        progress(`  ${o.engine} n=${n} ${receiver} msg ${m.id}: ${r.cells} cells${r.proven ? '' : ` (unproven, lower bound ${r.lowerBound})`} ${secs(r.cpu)} s CPU, ${secs(r.wall)} s wall${valid ? '' : ' INVALID'}`);
      }
    }
  }
  session.close();
  return out;
}

/**
 * The messages split over `parallel` child processes (each a bench run of its share, one
 * JSON line of results on stdout): on a machine shared with other work this keeps the run
 * within its time; CPU seconds are per process, so per message they are unaffected.
 */
async function runParallel(o: BrownOptions): Promise<ConfigRun[]> {
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const runJs = fileURLToPath(new URL('./run.js', import.meta.url));
  const ids = Array.from({ length: o.messages }, (_, i) => i + 1);
  const shares = Array.from({ length: o.parallel }, (_, p) => ids.filter((id) => (id - 1) % o.parallel === p)).filter((s) => s.length > 0);
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<ConfigRun[]>((resolve, reject) => {
          const args = [...o.args.filter((a, i, all) => a !== '--write' && a !== '--parallel' && all[i - 1] !== '--parallel'), '--only', share.join(',')];
          const child = spawn(process.execPath, ['--single-threaded-gc', runJs, 'cipher', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
          let text = '';
          child.stdout.on('data', (d: Buffer) => (text += d.toString()));
          child.on('error', reject);
          child.on('close', (code) => {
            const line = text.split('\n').find((l) => l.startsWith('{"runs"'));
            if (code !== 0 || !line) reject(new Error(`bench child for messages ${share.join(',')} failed (exit ${code})`));
            else resolve((JSON.parse(line) as { runs: ConfigRun[] }).runs);
          });
        }),
    ),
  );
  return results.flat();
}

export async function brownTable(o: BrownOptions): Promise<number> {
  if (o.only) {
    const runs = await runMessages(o, o.only);
    process.stdout.write(`${JSON.stringify({ runs })}\n`);
    return 0;
  }
  const startedAt = new Date();
  const loadBefore = load();
  const w0 = performance.now();
  const all = o.parallel > 1 ? await runParallel(o) : await runMessages(o, Array.from({ length: o.messages }, (_, i) => i + 1));
  const totalWall = (performance.now() - w0) / 1000;
  const rows: (string | number)[][] = [];
  const invalid = all.filter((r) => !r.valid).length;
  for (const n of o.sizes) {
    for (const receiver of o.receivers) {
      const runs = all.filter((r) => r.n === n && r.receiver === receiver).sort((a, b) => a.id - b.id);
      const cpu = runs.map((r) => r.cpu);
      const open = runs.filter((r) => !r.proven);
      const cells = runs.map((r) => r.cells);
      rows.push([
        n,
        receiver,
        `${runs.length - open.length}/${runs.length}`,
        `${runs.filter((r) => r.proven || r.cells === r.lowerBound).length}/${runs.length}`,
        secs(median(cpu)),
        secs(max(cpu)),
        secs(max(runs.map((r) => r.wall))),
        `${median(cells)} (${Math.min(...cells)}-${max(cells)})`,
        open.length === 0 ? '-' : open.map((r) => `#${r.id}: ${r.cells}/${r.lowerBound}`).join(', '),
        runs.filter((r) => r.cpu < 10).length,
      ]);
    }
  }
  const loadAfter = load();
  const budgetText = o.budgetMs === Infinity ? 'none' : `${secs(o.budgetMs / 1000)} s`;
  // A run with another budget than the default (the n = 35 "under 60 s" target) has a section of
  // its own, and so has one on other messages than the default draw (a held-out set).
  const budgetPart = o.budgetMs === DEFAULT_BUDGET_MS ? '' : `-budget-${o.budgetMs === Infinity ? 'none' : `${o.budgetMs / 1000}s`}`;
  const section = `cipher-brown-${o.engine}${budgetPart}${o.seed === DEFAULT_SEED ? '' : `-seed-${o.seed}`}`;
  const report = [
    `## ${section}: smallest annotations of ${o.messages} Brown-corpus messages (engine ${o.engine})`,
    '',
    `Date ${startedAt.toISOString()}; machine: ${machine()}; 1-minute load average ${loadBefore} at the start, ${loadAfter} at the end ` +
      '(the budget counts wall-clock time, so on a loaded machine it ends proofs after fewer CPU seconds).',
    `Code: ${codeVersion()}. Command: \`${commandLine('cipher', o.args)}\` (after \`npm run build\`). ` +
      `Whole run ${secs(totalWall)} s wall${o.parallel > 1 ? `, the messages split over ${o.parallel} processes` : ''}.`,
    '',
    `${o.messages} messages of 100 characters drawn from the Brown corpus with seed ${o.seed} (bench/paperCorpus.ts), classic table; ` +
      `each message encrypted by \`encrypt\` in this thread with engine ${o.engine} and a budget of ${budgetText} for the whole message. ` +
      '"CPU s" is per message (all its blocks). "cells": annotation cells per message, median (min-max). ' +
      '"proven": every annotation proved smallest and row-major first; "size proven": its size equals the proven lower bound (only the row-major tie-break may be unfinished). ' +
      '"unproven": per message whose proof the budget cut short, cells found / proven lower bound. ' +
      `Every annotation was re-checked valid for its receiver${invalid ? `: **${invalid} INVALID**` : ' (all valid)'}.`,
    '',
    markdownTable(['n', 'receiver', 'proven', 'size proven', 'median CPU s', 'max CPU s', 'max wall s', 'cells', 'unproven (found/lower bound)', 'messages under 10 s CPU'], rows),
    '',
  ].join('\n');
  process.stdout.write(`${report}\n`);
  if (o.write) progress(`wrote section of ${writeSection(section, report)}`);
  return invalid ? 1 : 0;
}

export interface AutoOptions {
  readonly seed: number;
  readonly lengths: readonly number[];
  readonly receivers: readonly ReceiverModel[];
  readonly engine: EngineName;
  readonly write: boolean;
  readonly args: readonly string[];
}

/** Characters of the ciphertext file with no annotation: a lower bound for the side. */
function bareLength(text: string, n: number): number {
  const { grids } = messageGrids(text, { size: n, table: builtinTable('classic') });
  return formatCiphertext({ width: n, height: n, blocks: grids.map((g) => ({ puzzle: puzzleOf(g), annotation: [] })) }).length;
}

export async function autoTable(o: AutoOptions): Promise<number> {
  const startedAt = new Date();
  const loadBefore = load();
  const session = new SatSession(o.engine);
  const budget = DEFAULT_BUDGET_MS;
  const rows: (string | number)[][] = [];
  for (const length of o.lengths) {
    const m = drawExcerpts(1, o.seed, length)[0]!;
    for (const receiver of o.receivers) {
      const t = await timedAsync(() => encrypt(m.text, { size: 'auto', receiver, session }));
      const chosen = formatCiphertext(t.value.ciphertext).length;
      // The sweep: every side, shortest clue-only length first, until none can beat the best.
      const sides = Array.from({ length: 35 }, (_, i) => i + 1)
        .map((n) => ({ n, bare: bareLength(m.text, n) }))
        .sort((a, b) => a.bare - b.bare || a.n - b.n);
      let best = { n: 0, length: Infinity, proven: false };
      let swept = 0;
      let sweepCpu = 0;
      for (const s of sides) {
        if (s.bare >= best.length) break;
        const r = await timedAsync(() => encrypt(m.text, { size: s.n, receiver, session }));
        swept++;
        sweepCpu += r.cpu;
        const len = formatCiphertext(r.value.ciphertext).length;
        if (len < best.length) best = { n: s.n, length: len, proven: r.value.blocks.every((b) => b.proven) };
      }
      const eight = await encrypt(m.text, { size: 8, receiver, session });
      const len8 = formatCiphertext(eight.ciphertext).length;
      progress(`  auto ${length} chars ${receiver}: n=${t.value.choice!.size} ${chosen} chars in ${secs(t.wall)} s wall; sweep best n=${best.n} ${best.length}; n=8 ${len8}`);
      rows.push([
        length,
        receiver,
        secs(budget / 1000),
        `${secs(t.wall)} (${((100 * t.wall * 1000) / budget).toFixed(0)}%)`,
        secs(t.cpu),
        `${t.value.choice!.size}${t.value.choice!.proven ? '' : ' (unproven)'}`,
        chosen,
        len8,
        `${best.n}${best.proven ? '' : ' (unproven)'}: ${best.length}`,
        chosen <= best.length ? `${chosen - best.length}` : `+${chosen - best.length} (${((100 * (chosen - best.length)) / best.length).toFixed(1)}%)`,
        `${swept} sides, ${secs(sweepCpu)} s CPU`,
      ]);
    }
  }
  session.close();
  const report = [
    `## cipher-auto: \`--size auto\` against its budget and against a sweep of fixed sides (engine ${o.engine})`,
    '',
    `Date ${startedAt.toISOString()}; machine: ${machine()}; 1-minute load average ${loadBefore} at the start, ${load()} at the end.`,
    `Code: ${codeVersion()}. Command: \`${commandLine('cipher', o.args)}\` (after \`npm run build\`).`,
    '',
    `One Brown-corpus excerpt per length (seed ${o.seed}), classic table, \`encrypt\` with size auto and the default budget ` +
      `(${secs(budget / 1000)} s, wall clock, whole choice). The sweep encrypts the same message at fixed sides n (default budget each), ` +
      'shortest clue-only length first, until no remaining side could be shorter than the best found; "n = 8" is the default board. ' +
      'Lengths are whole ciphertext files in characters; "vs sweep" is the chosen length minus the best of the sweep.',
    '',
    markdownTable(['chars', 'receiver', 'budget s', 'auto wall s (of budget)', 'auto CPU s', 'chosen n', 'length', 'n = 8 length', 'best of sweep (n: length)', 'vs sweep', 'sweep'], rows),
    '',
  ].join('\n');
  process.stdout.write(`${report}\n`);
  if (o.write) progress(`wrote section of ${writeSection('cipher-auto', report)}`);
  return 0;
}

export { DEFAULT_SEED };
