import { minimizeAnnotation, type MinimizeResult } from '../src/annotate/minimizeAnnotation.js';
import { RECEIVER_MODELS, type ReceiverModel } from '../src/annotate/ReceiverModel.js';
import { bitsToGrids } from '../src/cipher/blocks.js';
import { builtinTable } from '../src/cipher/Table.js';
import { textToBits } from '../src/cipher/textBits.js';
import { verify } from '../src/cipher/verify.js';
import { gridRows, makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { DEFAULT_ENGINE, ENGINES } from '../src/sat/engines.js';
import type { EngineName } from '../src/sat/SatSolver.js';
import { here, type Timed } from './harness/commands.js';
import { flag, ints, list, num, str, whole } from './harness/flags.js';
import { all4x4, uniqueByCounting } from './harness/inputs.js';
import { groupBy, int, max, median, secs, sum, type Column } from './harness/stats.js';
import { defineSuite, part, prose, view, type Run } from './harness/suite.js';
import { autoPart, brownPart, brownSection } from './cipherBrown.js';
import { isValid } from './isValidAnnotation.js';
import { DEFAULT_SEED } from './paperCorpus.js';
import { paperExhaustive, type ExhaustiveResult } from './paperExhaustive.js';

/**
 * The cipher suite. Part `message` (the default): one fixed 100-character message, classic
 * table, board sides 8..25, both receivers; each block's smallest annotation by
 * `minimizeAnnotation` next to the paper's exhaustive search on the same block with a time
 * limit (where both finish they must agree: both are the row-major first smallest set; where the
 * search gave up, the minimizer's answer must be no smaller than what it ruled out); every
 * annotation re-checked valid for its receiver; then `verify` of every 4x4 picture, the unique
 * count cross-checked by counting clue classes. Parts `brown` and `auto`: see cipherBrown.ts.
 */
export const MESSAGE = 'THE OLD LIGHTHOUSE KEEPER WROTE DOWN THE WEATHER EVERY MORNING, THEN WALKED ALONG THE SHORE TO TOWN.';

interface Block {
  readonly n: number;
  readonly receiver: ReceiverModel;
  readonly block: number;
  readonly grid: Grid;
}
type MinV = MinimizeResult & { valid: boolean };
type Min = Timed<MinV>;
type Ex = Timed<ExhaustiveResult>;
type B = Run<Block, Timed<MinV | ExhaustiveResult>>;

const xy = (cells: readonly number[], w: number): string => (cells.length === 0 ? '{}' : `{${cells.map((c) => `(${c % w},${Math.floor(c / w)})`).join(' ')}}`);

/** agree / disagree (why) / unchecked: the minimizer's annotation against the exhaustive search's. */
function check(min: Min, ex: Ex | undefined, w: number): { kind: 'agree' | 'disagree' | 'unchecked'; why?: string } {
  const a = min.value.annotation;
  if (!min.value.valid) return { kind: 'disagree', why: `minimizer annotation ${xy(a, w)} is not valid for its receiver` };
  if (!ex) return { kind: 'unchecked' };
  const e = ex.value.annotation;
  if (e) {
    if (e.length === a.length && e.every((c, i) => c === a[i])) return { kind: 'agree' };
    if (!min.value.proven && a.length > e.length) return { kind: 'unchecked', why: 'minimizer not proven (budget), exhaustive smaller' };
    return { kind: 'disagree', why: `minimizer ${xy(a, w)}${min.value.proven ? '' : ' (unproven)'} vs exhaustive ${xy(e, w)}` };
  }
  if (a.length < ex.value.lowerBound) return { kind: 'disagree', why: `minimizer gave ${a.length} cells ${xy(a, w)} but the exhaustive search ruled out every set of fewer than ${ex.value.lowerBound}` };
  return { kind: 'unchecked' };
}

/** JIT and the first SAT instance, so that the first timed block does not pay for them. */
function warmUp(): void {
  const g = makeGrid(6, 6, [1, 0, 1, 1, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0]);
  for (const model of RECEIVER_MODELS) (minimizeAnnotation(g, { model }), paperExhaustive(g, { receiver: model, deadlineMs: 1000 }));
}

function messageParts(o: { limit: number; clock: string; sizes: number[]; receivers: ReceiverModel[]; budget: string | undefined; 'no-verify': boolean }) {
  const sizes = o.sizes.length ? o.sizes : [8, 12, 16, 20, 25];
  const budgetS = o.budget === undefined ? undefined : Number(o.budget);
  if (budgetS !== undefined && !(budgetS > 0)) throw new Error('--budget takes a positive number of seconds');
  const table = builtinTable('classic');
  const bits = textToBits(MESSAGE, table);
  const blocks = sizes.flatMap((n) => o.receivers.flatMap((receiver) => bitsToGrids(bits, n, n, table.paddingBit).map((grid, i): Block => ({ n, receiver, block: i + 1, grid }))));
  const mins = (g: readonly B[]) => g.filter((r) => r.command === 'minimizer').map((r) => r.value as Min);
  const exs = (g: readonly B[]) => g.filter((r) => r.command === 'exhaustive').map((r) => r.value as Ex);
  const checks = (g: readonly B[]) => groupBy(g, (r) => String(r.input.block)).map((b) => ({ b: b[0]!.input, c: check(mins(b)[0]!, exs(b)[0], b[0]!.input.grid.width) }));
  const head: Column<B[]>[] = [['n', (g) => g[0]!.input.n], ['receiver', (g) => g[0]!.input.receiver], ['blocks', (g) => mins(g).length]];
  const cpuWall = (t: readonly Timed<unknown>[], f: (x: number[]) => number) => `${secs(f(t.map((x) => x.cpu)))} (${secs(f(t.map((x) => x.wall)))})`;
  const blocksAt = sizes.map((n) => `${Math.ceil(bits.length / (n * n))} at n=${n}`).join(', ');
  const minimize = part({
    about: `Message (100 characters, classic table, ${bits.length} bits; blocks: ${blocksAt}):\n\n> ${MESSAGE}`,
    inputs: () => (warmUp(), blocks),
    commands: [
      here<Block, MinV | ExhaustiveResult>('minimizer', (b: Block) => {
        const r = minimizeAnnotation(b.grid, { model: b.receiver, budgetMs: budgetS === undefined ? undefined : budgetS * 1000 });
        return { ...r, valid: isValid(b.grid, r.annotation, b.receiver) };
      }),
      ...(o.limit > 0 ? [here<Block, MinV | ExhaustiveResult>('exhaustive', (b: Block) => paperExhaustive(b.grid, { receiver: b.receiver, deadlineMs: o.limit * 1000, clock: o.clock as 'wall' | 'cpu' }))] : []),
    ],
    progress: (r) => `n=${r.input.n} ${r.input.receiver} block ${r.input.block}, ${r.command}: ${r.value.value.annotation?.length ?? '-'} cells, ${secs(r.value.cpu)} s CPU`,
    views: (runs) => {
      const groups = groupBy(runs, (r) => `${r.input.n}/${r.input.receiver}`);
      const done = (g: readonly B[]) => exs(g).filter((x) => x.value.annotation);
      const both = groupBy(runs, (r) => `${r.input.n}/${r.input.receiver}/${r.input.block}`).filter((b) => exs(b)[0]?.value.annotation);
      const bad = checks(runs).filter((x) => x.c.kind === 'disagree');
      return [
        view({
          title: 'Smallest annotation: `minimizeAnnotation` (implicit hitting sets)',
          about: `Per-block time of one \`minimizeAnnotation\` call; "message" is the sum over the message's blocks. "proven" counts blocks whose annotation is proved smallest and row-major first${budgetS === undefined ? ' (no time budget was set)' : ` (budget ${budgetS} s per block)`}. "rounds / oracle calls" are summed over the blocks (exact hitting-set rounds; receiver checks, including core shrinking); "hitting-set share" is the part of the minimizer's wall time spent in the exact minimum hitting-set solver.`,
          rows: groups,
          columns: [...head,
            ['proven', (g) => `${mins(g).filter((m) => m.value.proven).length}/${mins(g).length}`], ['annotation cells', (g) => sum(mins(g).map((m) => m.value.annotation.length))],
            ['median block CPU s (wall)', (g) => cpuWall(mins(g), median)], ['max block CPU s (wall)', (g) => cpuWall(mins(g), max)], ['message CPU s (wall)', (g) => cpuWall(mins(g), sum)],
            ['rounds / oracle calls', (g) => `${sum(mins(g).map((m) => m.value.stats.rounds))} / ${int(sum(mins(g).map((m) => m.value.stats.oracleCalls)))}`],
            ['hitting-set share', (g) => `${((100 * sum(mins(g).map((m) => m.value.stats.hittingSetMs))) / sum(mins(g).map((m) => m.value.stats.ms))).toFixed(0)}%`]],
        }),
        ...(o.limit > 0 ? [view({
          title: `The paper's exhaustive search on the same blocks (limit ${o.limit} s ${o.clock === 'cpu' ? 'CPU' : 'wall-clock'} per block)`,
          about: 'Candidates are the black cells the line solver leaves open; subsets are tried by size, each in row-major lexicographic order, the board reset and re-solved for each (`logic`: line solver from scratch; `unique`: `solvePuzzle` with the subset given). "not finished" lists, per block that hit the limit, the subset size it was working on (all smaller sets had failed) and the size of the minimizer\'s answer.',
          rows: groups,
          columns: [...head,
            ['finished', (g) => done(g).length],
            ['not finished (reached size / smallest)', (g) => { const open = groupBy(g, (r) => String(r.input.block)).filter((b) => !exs(b)[0]!.value.annotation); return open.length === 0 ? '0' : `${open.length}: ${open.map((b) => `${exs(b)[0]!.value.lowerBound}/${mins(b)[0]!.value.annotation.length}`).join(', ')}`; }],
            ['subsets tried', (g) => int(sum(exs(g).map((x) => x.value.tried)))], ['annotation cells (finished blocks)', (g) => sum(done(g).map((x) => x.value.annotation!.length))],
            ['message CPU s (wall)', (g) => cpuWall(exs(g), sum)], ['same annotation as minimizer', (g) => `${checks(g).filter((x) => x.c.kind === 'agree').length}/${done(g).length}`], ['disagree', (g) => checks(g).filter((x) => x.c.kind === 'disagree').length]],
          after: `On the ${both.length} of ${blocks.length} blocks the exhaustive search finished, it took ${secs(sum(both.flatMap((b) => exs(b).map((x) => x.cpu))))} s CPU against ${secs(sum(both.flatMap((b) => mins(b).map((x) => x.cpu))))} s for the minimizer${both.length < blocks.length ? `; on the ${blocks.length - both.length} others it used its whole limit, and the minimizer solved them in ${secs(sum(mins(runs).map((x) => x.cpu)) - sum(both.flatMap((b) => mins(b).map((x) => x.cpu))))} s CPU in all.` : '.'}`,
        })] : []),
        prose(bad.length ? [`**${bad.length} disagreement(s) between the minimizer and the exhaustive search (bugs to fix):**`, '', ...bad.map((x) => `- n=${x.b.n}, ${x.b.receiver}, block ${x.b.block}: ${x.c.why}; grid (# black, rows top to bottom): \`${gridRows(x.b.grid).join('/')}\``)].join('\n')
          : o.limit > 0 ? "No disagreements: wherever the exhaustive search finished, it chose exactly the minimizer's annotation; where it gave up, the minimizer's annotation was no smaller than the size it had ruled out. Every minimizer annotation was re-checked valid for its receiver."
            : 'Exhaustive search skipped (`--limit 0`); every minimizer annotation was re-checked valid for its receiver.'),
      ];
    },
    problems: (runs) => checks(runs).filter((x) => x.c.kind === 'disagree').map((x) => `n=${x.b.n}, ${x.b.receiver}, block ${x.b.block}: ${x.c.why}`),
  });
  const grids = [...all4x4()];
  const verifyAll = part({
    title: '`verify` of every 4x4 picture',
    about: 'One ciphertext whose 65,536 blocks are all 4x4 pictures (clues of each, no annotation), verified in one `verify` call.',
    inputs: [grids],
    commands: [here('verify', (gs: Grid[]) => verify({ width: 4, height: 4, blocks: gs.map((g) => ({ puzzle: puzzleOf(g), annotation: [] })) }))],
    views: (runs) => {
      const counted = uniqueByCounting(grids).filter(Boolean).length;
      return [view({ rows: runs, columns: [
        ['blocks', () => int(grids.length)], ['CPU s (wall)', (r) => `${secs(r.value.cpu)} (${secs(r.value.wall)})`], ['per block ms', (r) => ((r.value.wall * 1000) / grids.length).toFixed(3)],
        ['unique', (r) => int(r.value.value.summary.unique)], ['of which line-solvable', (r) => int(r.value.value.blocks.filter((b) => b.lineSolvable).length)], ['multiple', (r) => int(r.value.value.summary.multiple)],
        ['none', (r) => r.value.value.summary.none], ['unknown', (r) => r.value.value.summary.unknown], ['unique by counting clue classes', (r) => `${int(counted)} (${counted === r.value.value.summary.unique ? 'agrees' : 'DISAGREES'})`],
      ] })];
    },
    problems: (runs) => (uniqueByCounting(grids).filter(Boolean).length === runs[0]?.value.value.summary.unique ? [] : ['verify of every 4x4 picture: the unique count disagrees with counting clue classes']),
  });
  return o['no-verify'] ? [minimize] : [minimize, verifyAll];
}

export const suite = defineSuite({
  about: "a 100-character message at n = 8..25: minimizer vs the paper's exhaustive search; verify all 4x4 grids; --part brown|auto [--engine NAME]: Brown-corpus messages at n = 16..35, --size auto vs a sweep",
  flags: {
    part: str('message', 'which table', ['message', 'brown', 'auto']),
    limit: num(20, 'message: the exhaustive search\'s limit per block, s (0 skips it)'),
    clock: str('wall', 'message: what that limit counts', ['wall', 'cpu']),
    sizes: ints([], 'board sides (default: message 8,12,16,20,25; brown 16,20,25,30,35)'),
    receivers: list([...RECEIVER_MODELS], 'receivers', RECEIVER_MODELS),
    budget: str(undefined, 'minimality budget: message, per block in s (default none); brown, per message in s or none (default the library\'s)'),
    'no-verify': flag('message: skip the 4x4 census'),
    messages: whole(20, 'brown: messages'),
    seed: whole(DEFAULT_SEED, 'brown, auto: seed of the Brown-corpus draw', 0),
    engine: str<EngineName>(DEFAULT_ENGINE, 'brown, auto: SAT engine', ENGINES),
    lengths: ints([100, 600, 3000], 'auto: message lengths'),
    parallel: whole(1, 'brown: child processes the messages are split over'),
  },
  section: (o) => (o.part === 'brown' ? brownSection(o) : o.part === 'auto' ? 'cipher-auto' : 'cipher'),
  title: (o) => (o.part === 'brown' ? `${brownSection(o)}: smallest annotations of ${o.messages} Brown-corpus messages (engine ${o.engine})` : o.part === 'auto' ? `cipher-auto: \`--size auto\` against its budget and against a sweep of fixed sides (engine ${o.engine})` : 'cipher: smallest annotations of one message, and verifying every 4x4 grid'),
  intro: (o) => (o.part === 'message' ? 'Wall times stretch when other processes share the cores; CPU seconds do not.' : ''),
  parts: (o) => (o.part === 'brown' ? [brownPart(o)] : o.part === 'auto' ? [autoPart(o)] : messageParts(o)),
});

