import { minimizeAnnotation, type MinimizeResult } from '../src/annotate/minimizeAnnotation.js';
import { RECEIVER_MODELS, type ReceiverModel } from '../src/annotate/ReceiverModel.js';
import { bitsToGrids } from '../src/cipher/blocks.js';
import { builtinTable } from '../src/cipher/Table.js';
import { textToBits } from '../src/cipher/textBits.js';
import { verify } from '../src/cipher/verify.js';
import type { Ciphertext } from '../src/formats/ciphertext.js';
import { gridRows, makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { isValid } from './isValidAnnotation.js';
import {
  codeVersion,
  commandLine,
  load,
  machine,
  markdownTable,
  max,
  median,
  parseArgs,
  progress,
  secs,
  sum,
  timed,
  timedAsync,
  writeSection,
  type Timed,
} from './common.js';
import { paperExhaustive, type ExhaustiveResult } from './paperExhaustive.js';
import { autoTable, brownTable, DEFAULT_SEED } from './cipherBrown.js';
import { DEFAULT_BUDGET_MS } from '../src/cipher/encrypt.js';
import { DEFAULT_ENGINE, ENGINES } from '../src/sat/engines.js';
import type { EngineName } from '../src/sat/SatSolver.js';

/**
 * The cipher benchmark.
 *
 * Part 1: one fixed 100-character message, classic table, board sides n = 8, 12, 16, 20, 25,
 * both receiver models. Each block's smallest annotation by `minimizeAnnotation` (timed per
 * block), next to the paper's exhaustive search on the same blocks with a per-block time
 * limit. Where both finish, their annotations must be identical (both are the row-major first
 * smallest set); where the exhaustive search gave up, it still proved that no smaller set than
 * its last size works, which the minimizer's answer must respect. Every minimizer annotation
 * is also checked to be valid for its receiver.
 *
 * `--part brown` and `--part auto` (with `--engine NAME`): see cipherBrown.ts.
 *
 * Part 2: `verify` of one ciphertext holding all 65,536 4x4 pictures as blocks, with the
 * verdict counts; the number of unique blocks is cross-checked by grouping the pictures by
 * their clues (a picture is unique exactly when no other picture has the same clues).
 */

/** A neutral sentence of exactly 100 characters (letters, space, comma, full stop). */
export const MESSAGE =
  'THE OLD LIGHTHOUSE KEEPER WROTE DOWN THE WEATHER EVERY MORNING, THEN WALKED ALONG THE SHORE TO TOWN.';

const DEFAULT_SIZES = [8, 12, 16, 20, 25];
const DEFAULT_LIMIT_S = 20;

interface BlockRun {
  readonly n: number;
  readonly receiver: ReceiverModel;
  readonly block: number;
  readonly grid: Grid;
  readonly min: Timed<MinimizeResult>;
  readonly valid: boolean;
  readonly ex: Timed<ExhaustiveResult> | undefined;
  /** agree / disagree / unchecked (with the reason). */
  readonly check: { kind: 'agree' | 'disagree' | 'unchecked'; why?: string };
}

const xy = (cells: readonly number[] | null, w: number): string =>
  cells === null ? 'none' : cells.length === 0 ? '{}' : `{${cells.map((c) => `(${c % w},${Math.floor(c / w)})`).join(' ')}}`;

function compare(min: MinimizeResult, valid: boolean, ex: ExhaustiveResult | undefined, w: number): BlockRun['check'] {
  const a = min.annotation;
  if (!valid) return { kind: 'disagree', why: `minimizer annotation ${xy(a, w)} is not valid for its receiver` };
  if (!ex) return { kind: 'unchecked', why: 'exhaustive search not run' };
  if (ex.annotation) {
    const same = ex.annotation.length === a.length && ex.annotation.every((c, i) => c === a[i]);
    if (same) return { kind: 'agree' };
    if (!min.proven && a.length > ex.annotation.length) return { kind: 'unchecked', why: 'minimizer not proven (budget), exhaustive smaller' };
    return { kind: 'disagree', why: `minimizer ${xy(a, w)}${min.proven ? '' : ' (unproven)'} vs exhaustive ${xy(ex.annotation, w)}` };
  }
  // Timed out: every set smaller than lowerBound was ruled out.
  if (a.length < ex.lowerBound) {
    return { kind: 'disagree', why: `minimizer gave ${a.length} cells ${xy(a, w)} but the exhaustive search ruled out every set of fewer than ${ex.lowerBound}` };
  }
  return { kind: 'unchecked', why: 'exhaustive search did not finish' };
}

function runBlock(
  n: number,
  receiver: ReceiverModel,
  block: number,
  grid: Grid,
  limitS: number,
  clock: 'wall' | 'cpu',
  budgetS: number | undefined,
): BlockRun {
  const min = timed(() =>
    minimizeAnnotation(grid, { model: receiver, budgetMs: budgetS === undefined ? undefined : budgetS * 1000 }),
  );
  const valid = isValid(grid, min.value.annotation, receiver);
  const ex = limitS > 0 ? timed(() => paperExhaustive(grid, { receiver, deadlineMs: limitS * 1000, clock })) : undefined;
  const check = compare(min.value, valid, ex?.value, grid.width);
  const exText = !ex
    ? 'not run'
    : ex.value.annotation
      ? `${ex.value.annotation.length} cells, ${ex.value.tried} subsets, ${secs(ex.wall)} s`
      : `gave up at size ${ex.value.lowerBound} after ${ex.value.tried} subsets (${ex.value.candidates} candidates)`;
  progress(
    `  n=${n} ${receiver} block ${block}: minimizer ${min.value.annotation.length} cells${min.value.proven ? '' : ' (unproven)'} ` +
      `${secs(min.cpu)} s CPU (${min.value.stats.rounds} rounds, ${min.value.stats.oracleCalls} oracle calls, ${min.value.stats.cores} cores); exhaustive ${exText}; ${check.kind}${check.kind === 'disagree' ? `: ${check.why}` : ''}`,
  );
  return { n, receiver, block, grid, min, valid, ex, check };
}

interface VerifyFigures {
  readonly blocks: number;
  readonly cpu: number;
  readonly wall: number;
  readonly summary: { unique: number; multiple: number; none: number; unknown: number };
  readonly lineSolvable: number;
  /** Pictures whose clues no other 4x4 picture shares (by counting). */
  readonly uniqueByCounting: number;
}

/** JIT and the first MiniSat instance, so that the first timed block does not pay for them. */
function warmUp(): void {
  const g = makeGrid(6, 6, [1, 0, 1, 1, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0]);
  for (const model of RECEIVER_MODELS) {
    minimizeAnnotation(g, { model });
    paperExhaustive(g, { receiver: model, deadlineMs: 1000 });
  }
}

async function verifyAll4x4(): Promise<VerifyFigures> {
  const w = 4;
  const h = 4;
  const total = 1 << (w * h);
  const blocks = [];
  const classSize = new Map<string, number>();
  const keys: string[] = [];
  for (let m = 0; m < total; m++) {
    const cells = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) cells[i] = (m >> i) & 1;
    const puzzle = puzzleOf(makeGrid(w, h, cells));
    blocks.push({ puzzle, annotation: [] as number[] });
    const key = JSON.stringify([puzzle.rows, puzzle.cols]);
    keys.push(key);
    classSize.set(key, (classSize.get(key) ?? 0) + 1);
  }
  const ciphertext: Ciphertext = { width: w, height: h, blocks };
  const t = await timedAsync(() => verify(ciphertext));
  const lineSolvable = t.value.blocks.filter((b) => b.lineSolvable).length;
  const uniqueByCounting = keys.filter((k) => classSize.get(k) === 1).length;
  return { blocks: total, cpu: t.cpu, wall: t.wall, summary: t.value.summary, lineSolvable, uniqueByCounting };
}

export async function main(args: string[]): Promise<void> {
  const part = args.includes('--part') ? args[args.indexOf('--part') + 1] : undefined;
  if (part === 'brown' || part === 'auto') {
    const o = parseArgs(args, { part: 'value', write: 'flag', messages: 'value', seed: 'value', sizes: 'value', receivers: 'value', engine: 'value', budget: 'value', lengths: 'value', parallel: 'value', only: 'value' });
    const engine = (o.get('engine') ?? DEFAULT_ENGINE) as EngineName;
    if (!ENGINES.includes(engine)) throw new Error(`--engine takes one of ${ENGINES.join(', ')}`);
    const receivers = typeof o.get('receivers') === 'string' ? ((o.get('receivers') as string).split(',') as ReceiverModel[]) : [...RECEIVER_MODELS];
    for (const r of receivers) if (!RECEIVER_MODELS.includes(r)) throw new Error(`unknown receiver "${r}"`);
    const seed = Number(o.get('seed') ?? DEFAULT_SEED);
    const list = (k: string, d: number[]) => (typeof o.get(k) === 'string' ? (o.get(k) as string).split(',').map(Number) : d);
    const write = o.get('write') === true;
    if (part === 'auto') {
      process.exitCode = await autoTable({ seed, lengths: list('lengths', [100, 600, 3000]), receivers, engine, write, args });
      return;
    }
    const budget = o.get('budget') ?? String(DEFAULT_BUDGET_MS / 1000);
    const budgetMs = budget === 'none' ? Infinity : Number(budget) * 1000;
    if (!(budgetMs > 0)) throw new Error('--budget takes seconds or none');
    process.exitCode = await brownTable({
      messages: Number(o.get('messages') ?? 20),
      seed,
      sizes: list('sizes', [16, 20, 25, 30, 35]),
      receivers,
      engine,
      budgetMs,
      write,
      args,
      parallel: Math.max(1, Number(o.get('parallel') ?? 1)),
      ...(typeof o.get('only') === 'string' ? { only: list('only', []) } : {}),
    });
    return;
  }
  const opts = parseArgs(args, {
    write: 'flag',
    limit: 'value',
    clock: 'value',
    sizes: 'value',
    receivers: 'value',
    budget: 'value',
    'no-verify': 'flag',
  });
  const limitS = Number(opts.get('limit') ?? DEFAULT_LIMIT_S);
  if (!Number.isFinite(limitS) || limitS < 0) throw new Error('--limit takes a number of seconds (0 skips the exhaustive search)');
  const clock = opts.get('clock') ?? 'wall';
  if (clock !== 'wall' && clock !== 'cpu') throw new Error('--clock takes "wall" (default) or "cpu": what the exhaustive search\'s limit counts');
  const budgetRaw = opts.get('budget');
  const budgetS = budgetRaw === undefined ? undefined : Number(budgetRaw);
  if (budgetS !== undefined && !(budgetS > 0)) throw new Error('--budget takes a positive number of seconds');
  const sizes = typeof opts.get('sizes') === 'string' ? (opts.get('sizes') as string).split(',').map(Number) : DEFAULT_SIZES;
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--sizes takes a comma-separated list of board sides');
  const receivers = typeof opts.get('receivers') === 'string' ? ((opts.get('receivers') as string).split(',') as ReceiverModel[]) : [...RECEIVER_MODELS];
  for (const r of receivers) if (!RECEIVER_MODELS.includes(r)) throw new Error(`unknown receiver "${r}"`);

  const startedAt = new Date();
  const loadBefore = load();
  warmUp();
  const w0 = performance.now();
  const c0 = process.cpuUsage();
  const table = builtinTable('classic');
  const bits = textToBits(MESSAGE, table);
  if (MESSAGE.length !== 100) throw new Error(`the message must have 100 characters, has ${MESSAGE.length}`);

  const runs: BlockRun[] = [];
  for (const n of sizes) {
    const grids = bitsToGrids(bits, n, n, table.paddingBit);
    for (const receiver of receivers) {
      progress(`n=${n} ${receiver}: ${grids.length} blocks`);
      grids.forEach((g, i) => runs.push(runBlock(n, receiver, i + 1, g, limitS, clock, budgetS)));
    }
  }

  let verifyFigures: VerifyFigures | undefined;
  if (!opts.get('no-verify')) {
    progress('verify: all 65,536 4x4 grids as one ciphertext');
    verifyFigures = await verifyAll4x4();
  }
  const totalWall = (performance.now() - w0) / 1000;
  const loadAfter = load();
  const cu = process.cpuUsage(c0);
  const totalCpu = (cu.user + cu.system) / 1e6;

  // ---- Report ----
  const groups: BlockRun[][] = [];
  for (const n of sizes) for (const r of receivers) groups.push(runs.filter((x) => x.n === n && x.receiver === r));

  const minTable = markdownTable(
    [
      'n',
      'receiver',
      'blocks',
      'proven',
      'annotation cells',
      'median block CPU s (wall)',
      'max block CPU s (wall)',
      'message CPU s (wall)',
      'rounds / oracle calls',
      'hitting-set share',
    ],
    groups.map((g) => {
      const cpu = g.map((x) => x.min.cpu);
      const wall = g.map((x) => x.min.wall);
      return [
        g[0]!.n,
        g[0]!.receiver,
        g.length,
        `${g.filter((x) => x.min.value.proven).length}/${g.length}`,
        sum(g.map((x) => x.min.value.annotation.length)),
        `${secs(median(cpu))} (${secs(median(wall))})`,
        `${secs(max(cpu))} (${secs(max(wall))})`,
        `${secs(sum(cpu))} (${secs(sum(wall))})`,
        `${sum(g.map((x) => x.min.value.stats.rounds))} / ${sum(g.map((x) => x.min.value.stats.oracleCalls)).toLocaleString('en-US')}`,
        `${((100 * sum(g.map((x) => x.min.value.stats.hittingSetMs))) / sum(g.map((x) => x.min.value.stats.ms))).toFixed(0)}%`,
      ];
    }),
  );

  const exTable =
    limitS > 0
      ? markdownTable(
          ['n', 'receiver', 'blocks', 'finished', 'not finished (reached size / smallest)', 'subsets tried', 'annotation cells (finished blocks)', 'message CPU s (wall)', 'same annotation as minimizer', 'disagree'],
          groups.map((g) => {
            const done = g.filter((x) => x.ex!.value.annotation);
            const open = g.filter((x) => !x.ex!.value.annotation);
            return [
              g[0]!.n,
              g[0]!.receiver,
              g.length,
              done.length,
              open.length === 0 ? '0' : `${open.length}: ${open.map((x) => `${x.ex!.value.lowerBound}/${x.min.value.annotation.length}`).join(', ')}`,
              sum(g.map((x) => x.ex!.value.tried)).toLocaleString('en-US'),
              sum(done.map((x) => x.ex!.value.annotation!.length)),
              `${secs(sum(g.map((x) => x.ex!.cpu)))} (${secs(sum(g.map((x) => x.ex!.wall)))})`,
              `${g.filter((x) => x.check.kind === 'agree').length}/${done.length}`,
              g.filter((x) => x.check.kind === 'disagree').length,
            ];
          }),
        )
      : '';

  const both = runs.filter((x) => x.ex?.value.annotation);
  const bothText =
    limitS > 0
      ? `On the ${both.length} of ${runs.length} blocks the exhaustive search finished, it took ${secs(sum(both.map((x) => x.ex!.cpu)))} s CPU ` +
        `against ${secs(sum(both.map((x) => x.min.cpu)))} s for the minimizer` +
        (both.length < runs.length
          ? `; on the ${runs.length - both.length} others it used its whole limit, and the minimizer solved them in ` +
            `${secs(sum(runs.filter((x) => !x.ex?.value.annotation).map((x) => x.min.cpu)))} s CPU in all.`
          : '.')
      : '';
  const bad = runs.filter((x) => x.check.kind === 'disagree');
  const badText = bad.length
    ? [
        `**${bad.length} disagreement(s) between the minimizer and the exhaustive search (bugs to fix):**`,
        '',
        ...bad.map(
          (x) =>
            `- n=${x.n}, ${x.receiver}, block ${x.block}: ${x.check.why}; grid (# black, rows top to bottom): \`${gridRows(x.grid).join('/')}\``,
        ),
      ].join('\n')
    : limitS > 0
      ? 'No disagreements: wherever the exhaustive search finished, it chose exactly the minimizer\'s annotation; where it gave up, the minimizer\'s annotation was no smaller than the size it had ruled out. Every minimizer annotation was re-checked valid for its receiver.'
      : 'Exhaustive search skipped (`--limit 0`); every minimizer annotation was re-checked valid for its receiver.';

  const v = verifyFigures;
  const verifyText = v
    ? [
        markdownTable(
          ['blocks', 'CPU s (wall)', 'per block ms', 'unique', 'of which line-solvable', 'multiple', 'none', 'unknown', 'unique by counting clue classes'],
          [
            [
              v.blocks.toLocaleString('en-US'),
              `${secs(v.cpu)} (${secs(v.wall)})`,
              ((v.wall * 1000) / v.blocks).toFixed(3),
              v.summary.unique.toLocaleString('en-US'),
              v.lineSolvable.toLocaleString('en-US'),
              v.summary.multiple.toLocaleString('en-US'),
              v.summary.none,
              v.summary.unknown,
              `${v.uniqueByCounting.toLocaleString('en-US')} (${v.uniqueByCounting === v.summary.unique ? 'agrees' : 'DISAGREES'})`,
            ],
          ],
        ),
      ].join('\n')
    : '';

  const command = commandLine('cipher', args);
  const blocksAt = sizes.map((n) => `${Math.ceil(bits.length / (n * n))} at n=${n}`).join(', ');
  const report = [
    '## cipher: smallest annotations of one message, and verifying every 4x4 grid',
    '',
    `Date ${startedAt.toISOString()}; machine: ${machine()}; 1-minute load average ${loadBefore} at the start, ${loadAfter} at the end ` +
      '(wall times stretch when other processes share the cores; CPU seconds do not).',
    `Code: ${codeVersion()}. Command: \`${command}\` (after \`npm run build\`). Whole run: ${secs(totalCpu)} s CPU, ${secs(totalWall)} s wall.`,
    '',
    `Message (100 characters, classic table, ${bits.length} bits; blocks: ${blocksAt}):`,
    '',
    `> ${MESSAGE}`,
    '',
    '### Smallest annotation: `minimizeAnnotation` (implicit hitting sets)',
    '',
    `Per-block time of one \`minimizeAnnotation\` call; "message" is the sum over the message's blocks. ` +
      `"proven" counts blocks whose annotation is proved smallest and row-major first${budgetS === undefined ? ' (no time budget was set)' : ` (budget ${budgetS} s per block)`}. ` +
      '"rounds / oracle calls" are summed over the blocks (exact hitting-set rounds; receiver checks, including core shrinking); ' +
      '"hitting-set share" is the part of the minimizer\'s wall time spent in the exact minimum hitting-set solver.',
    '',
    minTable,
    '',
    ...(limitS > 0
      ? [
          `### The paper's exhaustive search on the same blocks (limit ${limitS} s ${clock === 'cpu' ? 'CPU' : 'wall-clock'} per block)`,
          '',
          'Candidates are the black cells the line solver leaves open; subsets are tried by size, each in row-major lexicographic order, ' +
            'the board reset and re-solved for each (`logic`: line solver from scratch; `unique`: `solvePuzzle` with the subset given). ' +
            '"not finished" lists, per block that hit the limit, the subset size it was working on (all smaller sets had failed) and the size of the minimizer\'s answer.',
          '',
          exTable,
          '',
          bothText,
          '',
        ]
      : []),
    badText,
    '',
    ...(v
      ? [
          '### `verify` of every 4x4 picture',
          '',
          'One ciphertext whose 65,536 blocks are all 4x4 pictures (clues of each, no annotation), verified in one `verify` call.',
          '',
          verifyText,
          '',
        ]
      : []),
  ].join('\n');

  process.stdout.write(`${report}\n`);
  if (opts.get('write')) {
    const file = writeSection('cipher', report);
    progress(`wrote section "cipher" of ${file}`);
  }
  if (bad.length) process.exitCode = 1;
}
