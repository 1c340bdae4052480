import type { ReceiverModel } from '../src/annotate/ReceiverModel.js';
import { DEFAULT_BUDGET_MS, encrypt, messageGrids } from '../src/cipher/encrypt.js';
import { builtinTable } from '../src/cipher/Table.js';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import type { EngineName } from '../src/sat/SatSolver.js';
import { SatSession } from '../src/sat/SatSession.js';
import { here, timed, workerCommand } from './harness/commands.js';
import { groupBy, max, median, min, secs } from './harness/stats.js';
import { part, view } from './harness/suite.js';
import { isValid } from './isValidAnnotation.js';
import { DEFAULT_SEED, drawExcerpts } from './paperCorpus.js';

/**
 * The cipher suite on ordinary messages (issue 10): seeded Brown-corpus excerpts, classic table,
 * through the library's `encrypt` (one SAT session per process, the budget shared by the
 * message's blocks exactly as the CLI does).
 * - brown: messages of 100 characters at several board sides and both receivers, each encrypted
 *   in a warm child (`--parallel` children split the messages): proven counts, CPU per message,
 *   annotation sizes, lower bounds where the budget cut a proof short; every annotation re-checked
 *   valid for its receiver.
 * - auto: `--size auto` with the default budget on messages of 100, 600 and 3,000 characters,
 *   against its budget and against the best fixed n of a sweep of the same message.
 */
interface Options {
  readonly messages: number;
  readonly seed: number;
  readonly sizes: number[];
  readonly receivers: ReceiverModel[];
  readonly engine: EngineName;
  readonly budget: string | undefined;
  readonly parallel: number;
  readonly lengths: number[];
}

const budgetMs = (o: Options): number => {
  const ms = o.budget === undefined ? DEFAULT_BUDGET_MS : o.budget === 'none' ? Infinity : Number(o.budget) * 1000;
  if (!(ms > 0)) throw new Error('--budget takes seconds or none');
  return ms;
};

/** A run with another budget or other messages than the default has a section of its own. */
export const brownSection = (o: Options): string => {
  const ms = budgetMs(o);
  return `cipher-brown-${o.engine}${ms === DEFAULT_BUDGET_MS ? '' : `-budget-${ms === Infinity ? 'none' : `${ms / 1000}s`}`}${o.seed === DEFAULT_SEED ? '' : `-seed-${o.seed}`}`;
};

// ---------------------------------------------------------------- in the child (harness/worker.ts)

let session: SatSession | undefined;
export async function warmUp(engine: EngineName): Promise<void> {
  session = new SatSession(engine);
  await encrypt('THE OLD LIGHTHOUSE K', { size: 8, session, budgetMs: 2000 });
}

/** One message at one side and receiver: the encryption measured alone, its annotations re-checked. */
export async function brown(a: { text: string; n: number; receiver: ReceiverModel; budgetMs: number }) {
  const t = await timed(() => encrypt(a.text, { size: a.n, receiver: a.receiver, table: builtinTable('classic'), session, budgetMs: a.budgetMs }));
  const grids = messageGrids(a.text, { size: a.n, table: builtinTable('classic') }).grids;
  const blocks = t.value.blocks;
  return { cpu: t.cpu, wall: t.wall, proven: blocks.every((b) => b.proven), cells: blocks.reduce((s, b) => s + b.block.annotation.length, 0), lowerBound: blocks.reduce((s, b) => s + b.lowerBound, 0), valid: blocks.every((b, i) => isValid(grids[i]!, b.block.annotation, a.receiver)) };
}
type Brown = Awaited<ReturnType<typeof brown>>;

// ---------------------------------------------------------------- the parts

export function brownPart(o: Options) {
  const sizes = o.sizes.length ? o.sizes : [16, 20, 25, 30, 35];
  const ms = budgetMs(o);
  const msgs = drawExcerpts(o.messages, o.seed);
  const inputs = sizes.flatMap((n) => o.receivers.flatMap((receiver) => msgs.map((m) => ({ n, receiver, id: m.id, text: m.text }))));
  const ok = (x: { value: { kind: string; value?: Brown } }) => (x.value.kind === 'done' ? x.value.value! : undefined);
  return part({
    about: `${o.messages} messages of 100 characters drawn from the Brown corpus with seed ${o.seed} (bench/paperCorpus.ts), classic table; each message encrypted by \`encrypt\` in a warm child process (${o.parallel} at a time; one SAT session per child) with engine ${o.engine} and a budget of ${ms === Infinity ? 'none' : `${secs(ms / 1000)} s`} for the whole message (wall clock: on a loaded machine it ends proofs after fewer CPU seconds). ` +
      '"CPU s" is per message (all its blocks). "cells": annotation cells per message, median (min-max). "proven": every annotation proved smallest and row-major first; "size proven": its size equals the proven lower bound (only the row-major tie-break may be unfinished). "unproven": per message whose proof the budget cut short, cells found / proven lower bound. Every annotation was re-checked valid for its receiver.',
    inputs,
    jobs: o.parallel,
    commands: [workerCommand<(typeof inputs)[number], Brown>('encrypt', './cipherBrown.js', 'brown', (m) => ({ text: m.text, n: m.n, receiver: m.receiver, budgetMs: ms }), undefined, [o.engine])],
    progress: (r) => { const b = ok(r); return `${o.engine} n=${r.input.n} ${r.input.receiver} msg ${r.input.id}: ${b ? `${b.cells} cells${b.proven ? '' : ` (unproven, lower bound ${b.lowerBound})`} ${secs(b.cpu)} s CPU${b.valid ? '' : ' INVALID'}` : 'failed'}`; },
    views: (runs) => [view({
      rows: groupBy(runs, (r) => `${r.input.n}/${r.input.receiver}`).map((g) => ({ n: g[0]!.input.n, receiver: g[0]!.input.receiver, ids: g.map((r) => r.input.id), bs: g.map(ok).filter((b): b is Brown => !!b) })),
      columns: [
        ['n', (g) => g.n], ['receiver', (g) => g.receiver], ['proven', (g) => `${g.bs.filter((b) => b.proven).length}/${g.bs.length}`], ['size proven', (g) => `${g.bs.filter((b) => b.proven || b.cells === b.lowerBound).length}/${g.bs.length}`],
        ['median CPU s', (g) => secs(median(g.bs.map((b) => b.cpu)))], ['max CPU s', (g) => secs(max(g.bs.map((b) => b.cpu)))], ['max wall s', (g) => secs(max(g.bs.map((b) => b.wall)))],
        ['cells', (g) => `${median(g.bs.map((b) => b.cells))} (${min(g.bs.map((b) => b.cells))}-${max(g.bs.map((b) => b.cells))})`],
        ['unproven (found/lower bound)', (g) => g.bs.map((b, i) => (b.proven ? '' : `#${g.ids[i]}: ${b.cells}/${b.lowerBound}`)).filter(Boolean).join(', ') || '-'],
        ['messages under 10 s CPU', (g) => g.bs.filter((b) => b.cpu < 10).length],
      ],
    })],
    problems: (runs) => runs.flatMap((r) => (!ok(r) ? [`message ${r.input.id} at n=${r.input.n} ${r.input.receiver}: ${r.value.kind === 'done' ? '' : r.value.why}`] : ok(r)!.valid ? [] : [`message ${r.input.id} at n=${r.input.n} ${r.input.receiver}: an INVALID annotation`])),
  });
}

/** Characters of the ciphertext file with no annotation: a lower bound for the side. */
const bareLength = (text: string, n: number): number => formatCiphertext({ width: n, height: n, blocks: messageGrids(text, { size: n, table: builtinTable('classic') }).grids.map((g) => ({ puzzle: puzzleOf(g), annotation: [] })) }).length;

export function autoPart(o: Options) {
  const s = new SatSession(o.engine);
  return part({
    about: `One Brown-corpus excerpt per length (seed ${o.seed}), classic table, \`encrypt\` with size auto and the default budget (${secs(DEFAULT_BUDGET_MS / 1000)} s, wall clock, whole choice). The sweep encrypts the same message at fixed sides n (default budget each), shortest clue-only length first, until no remaining side could be shorter than the best found; "n = 8" is the default board. Lengths are whole ciphertext files in characters; "vs sweep" is the chosen length minus the best of the sweep.`,
    inputs: o.lengths.flatMap((length) => o.receivers.map((receiver) => ({ length, receiver, text: drawExcerpts(1, o.seed, length)[0]!.text }))),
    commands: [here('auto', async ({ text, receiver }: { length: number; text: string; receiver: ReceiverModel }) => {
      const auto = await timed(() => encrypt(text, { size: 'auto', receiver, session: s }));
      let best = { n: 0, length: Infinity, proven: false };
      let swept = 0;
      let sweepCpu = 0;
      for (const side of Array.from({ length: 35 }, (_, i) => ({ n: i + 1, bare: bareLength(text, i + 1) })).sort((a, b) => a.bare - b.bare || a.n - b.n)) {
        if (side.bare >= best.length) break;
        const r = await timed(() => encrypt(text, { size: side.n, receiver, session: s }));
        swept++;
        sweepCpu += r.cpu;
        const len = formatCiphertext(r.value.ciphertext).length;
        if (len < best.length) best = { n: side.n, length: len, proven: r.value.blocks.every((b) => b.proven) };
      }
      return { auto, chosen: formatCiphertext(auto.value.ciphertext).length, best, swept, sweepCpu, n8: formatCiphertext((await encrypt(text, { size: 8, receiver, session: s })).ciphertext).length };
    })],
    progress: (r) => `auto ${r.input.length} chars ${r.input.receiver}: n=${r.value.value.auto.value.choice!.size} ${r.value.value.chosen} chars; sweep best n=${r.value.value.best.n} ${r.value.value.best.length}`,
    views: (runs) => [view({ rows: runs.map((r) => ({ ...r.value.value, chars: r.input.length, receiver: r.input.receiver })), columns: [
      ['chars', (r) => r.chars], ['receiver', (r) => r.receiver], ['budget s', () => secs(DEFAULT_BUDGET_MS / 1000)],
      ['auto wall s (of budget)', (r) => `${secs(r.auto.wall)} (${((100 * r.auto.wall * 1000) / DEFAULT_BUDGET_MS).toFixed(0)}%)`], ['auto CPU s', (r) => secs(r.auto.cpu)],
      ['chosen n', (r) => `${r.auto.value.choice!.size}${r.auto.value.choice!.proven ? '' : ' (unproven)'}`], ['length', (r) => r.chosen], ['n = 8 length', (r) => r.n8],
      ['best of sweep (n: length)', (r) => `${r.best.n}${r.best.proven ? '' : ' (unproven)'}: ${r.best.length}`],
      ['vs sweep', (r) => (r.chosen <= r.best.length ? `${r.chosen - r.best.length}` : `+${r.chosen - r.best.length} (${((100 * (r.chosen - r.best.length)) / r.best.length).toFixed(1)}%)`)],
      ['sweep', (r) => `${r.swept} sides, ${secs(r.sweepCpu)} s CPU`],
    ] })],
  });
}
