/**
 * `npm run bench -- make`: pictures made puzzles (issue 65), on icons rendered to grey levels
 * (bench/makeIcons.ts), by three methods in this process, one icon at a time:
 *
 * - baseline: the field's pipeline, thresholds and inversion only: the threshold picture at
 *   darkness 0.5, 0.45, 0.55, 0.4, ... 0.1, 0.9, then the inverted picture at the same
 *   thresholds; the first that line logic solves. Its changes are the cells where it differs
 *   from the picture at 0.5.
 * - greedy: makePuzzle with method `greedy` (the greedy search and its removal pass, no proof).
 * - best: makePuzzle as `nonocrypt make` runs it (greedy, then the proof by iterative
 *   deepening), with the time limit `--timeout`.
 *
 * `--goal unique` makes every picture unique instead (the baseline: the first threshold or
 * inverted picture that `solve` proves unique), and an icon needs a change when its threshold
 * picture is not unique. Every result is decided again by `solve` (makePuzzle does, and throws on
 * a disagreement: a wrong verdict; the baseline's here) and must meet the goal. With --write the
 * tables go to docs/results/make.md (the benchmark set) or, with --source, its held-out
 * section; with `--goal unique`, sections of their own. `--passes N` asks for line-solvable in at
 * most N passes of line logic (LineStepper's: every row, then every column): an icon needs a
 * change when its threshold picture takes more, the baseline is the first threshold or inverted
 * picture that takes at most N, and every result's passes are counted again by `solve`; its
 * tables go to a section of their own for each N. `--manifest` writes bench/results/make-icons.json from the icons as they render now.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { DEFAULT_MAKE_TIMEOUT_MS, MAKE_GOALS, makePuzzle, type MakeGoal } from '../src/puzzle/makePuzzle.js';
import { solve } from '../src/puzzle/solve.js';
import type { SolveResult } from '../src/solve/SolveResult.js';
import { linePasses } from '../src/line/LineStepper.js';
import { lineSolvable } from '../src/solve/CorePropagator.js';
import { flipCosts, thresholdPicture, type GreyImage } from '../src/solve/make/GreyImage.js';
import { here, type Timed } from './harness/commands.js';
import { packageRoot, progress, shownPath, writeSection } from './harness/doc.js';
import { flag, list, num, str, whole } from './harness/flags.js';
import { fixed, max, median, pct } from './harness/stats.js';
import { defineSuite, part, prose, view, type Run } from './harness/suite.js';
import { benchmarkIcons, EVERY, iconsOf, MANIFEST, manifestNow, SIZES, THRESHOLD, type Icon } from './makeIcons.js';

const METHODS = ['baseline', 'greedy', 'best'] as const;
type Method = (typeof METHODS)[number];

interface Outcome {
  /** The threshold picture at 0.5 meets the goal as it is. */
  readonly already: boolean;
  /** The result meets the goal (line-solvable, or unique), as `solve` decided it. */
  readonly met: boolean;
  readonly lineSolvable: boolean;
  readonly unique: boolean;
  /** Cells changed from the threshold picture at 0.5 (when made). */
  readonly changes: number;
  readonly cost: number;
  readonly proven: boolean;
  readonly lowerBound: number;
  readonly wrong: boolean;
  readonly note?: string;
}

/** The baseline's thresholds, nearest 0.5 first (unit: darkness). */
const BASELINE_THRESHOLDS = [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7, 0.25, 0.75, 0.2, 0.8, 0.15, 0.85, 0.1, 0.9];

function differs(a: Grid, b: Grid, costs: Float64Array): { changes: number; cost: number } {
  let changes = 0;
  let cost = 0;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) (changes++, (cost += costs[i]!));
  return { changes, cost };
}

/** What a made picture must be: the goal, and with the goal line-solvable a limit on passes (0: none). */
interface Goal {
  readonly goal: MakeGoal;
  readonly passes: number;
}

/** The picture meets the goal as drawn: line logic solves it (within the passes), or (`unique`) `solve` proves it unique. */
async function meets(pic: Grid, g: Goal): Promise<boolean> {
  if (lineSolvable(pic)) return g.passes === 0 || linePasses(puzzleOf(pic), [], g.passes).status === 'solved';
  return g.goal === 'unique' && (await solve(puzzleOf(pic), { jobs: 1 })).status === 'unique';
}

/** `solve`'s verdict meets the goal: unique, line-solvable unless the goal is unique, within the passes. */
function verdictMeets(v: SolveResult | undefined, g: Goal): boolean {
  if (v?.status !== 'unique') return false;
  if (g.goal === 'unique') return true;
  return v.lineSolvable && (g.passes === 0 || (v.stats?.passes !== undefined && v.stats.passes <= g.passes));
}

async function baseline(image: GreyImage, goal: Goal): Promise<Outcome> {
  const start = thresholdPicture(image, THRESHOLD);
  const costs = flipCosts(image, THRESHOLD);
  const already = await meets(start, goal);
  for (const invert of [false, true]) {
    for (const t of BASELINE_THRESHOLDS) {
      const p = thresholdPicture(image, t);
      const pic = invert ? makeGrid(p.width, p.height, p.cells.map((c) => 1 - c)) : p;
      if (!(await meets(pic, goal))) continue;
      const v = await solve(puzzleOf(pic), { jobs: 1, countPasses: true });
      const unique = v.status === 'unique';
      const ok = verdictMeets(v, goal);
      return { already, met: ok, lineSolvable: unique && v.lineSolvable, unique, ...differs(start, pic, costs), proven: false, lowerBound: 0, wrong: !ok, note: `${invert ? 'inverted, ' : ''}threshold ${t}` };
    }
  }
  return { already, met: false, lineSolvable: false, unique: false, changes: 0, cost: 0, proven: false, lowerBound: 0, wrong: false, note: 'no threshold' };
}

async function made(image: GreyImage, method: 'greedy' | 'prove', timeoutMs: number, goal: Goal): Promise<Outcome> {
  const already = await meets(thresholdPicture(image, THRESHOLD), goal);
  try {
    const r = await makePuzzle(image, { method, timeoutMs, goal: goal.goal, ...(goal.passes ? { maxPasses: goal.passes } : {}) });
    const v = r.verdict;
    const unique = v?.status === 'unique';
    return {
      already,
      met: r.status === 'made' && verdictMeets(v, goal),
      lineSolvable: unique && v.lineSolvable,
      unique,
      changes: r.changes.length,
      cost: r.cost,
      proven: r.status === 'made' && r.fewest === 'proven' && method === 'prove',
      lowerBound: r.lowerBound,
      wrong: false,
      ...(r.status !== 'made' ? { note: r.status } : {}),
    };
  } catch (e) {
    return { already, met: false, lineSolvable: false, unique: false, changes: 0, cost: 0, proven: false, lowerBound: 0, wrong: true, note: e instanceof Error ? e.message : String(e) };
  }
}

type MakeRun = Run<Icon, Timed<Outcome>>;

interface Row {
  readonly size: number;
  readonly method: string;
  readonly runs: readonly MakeRun[];
}

const needing = (runs: readonly MakeRun[]) => runs.filter((r) => !r.value.value.already);
const madeOnes = (runs: readonly MakeRun[]) => needing(runs).filter((r) => r.value.value.met);

export const suite = defineSuite({
  about: 'pictures made puzzles (issue 65): baseline thresholds, greedy, the proven search, on bootstrap-icons',
  flags: {
    methods: list<Method>([...METHODS], 'methods to run', METHODS),
    timeout: num(DEFAULT_MAKE_TIMEOUT_MS / 1000, 'time limit of the best method per icon, seconds'),
    goal: str<MakeGoal>('line-solvable', 'what the made pictures must be', MAKE_GOALS),
    passes: whole(0, 'with the goal line-solvable: at most this many passes of line logic (0: no limit)'),
    sizes: list<string>(SIZES.map(String), 'board sides (square)'),
    source: str(undefined, 'a folder of SVG icons instead of the benchmark set (the held-out set); no manifest'),
    every: whole(EVERY, 'with --source: every n-th SVG in name order'),
    limit: whole(1_000_000, 'only the first n icons of each size'),
    manifest: flag('write bench/results/make-icons.json from the icons as they render now, and run nothing else'),
  },
  section: (o) => sectionOf(o.source, o.goal, o.passes),
  title: (o) => `${o.source ? 'Held-out icons' : 'bootstrap-icons'}${o.goal === 'unique' ? ', goal unique' : ''}${o.passes ? `, line-solvable in at most ${o.passes} passes` : ''}`,
  intro: (o) =>
    o.source
      ? `Every ${o.every}th SVG of ${shownPath(o.source)} in name order, rendered and judged as the benchmark set; never used to tune.${goalText(o.goal)}${passesText(o.passes)}`
      : `Every ${EVERY}th icon of bootstrap-icons (bench/results/make-icons.json names them, with the package's version and a digest of the grey levels), rendered with resvg at 8 pixels a cell across and averaged to grey levels, threshold 0.5. Changes, grey cost and the share proven are over the icons whose threshold picture line logic does not solve; "% grid" is the changes over W x H. Times are CPU seconds of this process per icon. The best method's time limit is ${o.timeout} s (wall clock).${goalText(o.goal)}${passesText(o.passes)}`,
  parts: (o) => {
    if (o.manifest) {
      writeFileSync(MANIFEST(), JSON.stringify(manifestNow(), null, 2) + '\n');
      progress(`wrote ${MANIFEST()}`);
      return [];
    }
    const sizes = o.sizes.map(Number);
    if (o.passes && o.goal !== 'line-solvable') throw new Error('--passes needs the goal line-solvable');
    const goal: Goal = { goal: o.goal, passes: o.passes };
    return [
      part({
        name: o.source ? 'heldout' : 'icons',
        key: (i: Icon) => `${i.name}@${i.size}`,
        inputs: () => {
          const all = o.source ? iconsOf(o.source, o.every, sizes) : benchmarkIcons().filter((i) => sizes.includes(i.size));
          return sizes.flatMap((s) => all.filter((i) => i.size === s).slice(0, o.limit));
        },
        commands: o.methods.map((m) => here(m, (i: Icon) => (m === 'baseline' ? baseline(i.image, goal) : made(i.image, m === 'greedy' ? 'greedy' : 'prove', o.timeout * 1000, goal)))),
        progress: (run) => {
          const v = run.value.value as Outcome;
          return `${run.command} ${(run.input as Icon).name}@${(run.input as Icon).size}: ${v.already ? `${o.goal} as drawn` : v.met ? `${v.changes} changes${v.proven ? ' (proven)' : ` (>= ${v.lowerBound})`}` : `not made${v.note ? ` (${v.note})` : ''}`}, ${run.value.cpu.toFixed(2)} s`;
        },
        views: (runs) => {
          const rows: Row[] = sizes.flatMap((size) => o.methods.map((method) => ({ size, method, runs: runs.filter((r) => r.command === method && r.input.size === size) })));
          const grid = (r: Row) => r.size * r.size;
          return [
            view({
              rows,
              columns: [
                ['size', (r) => `${r.size}x${r.size}`],
                ['method', (r) => r.method],
                ['icons', (r) => r.runs.length],
                ['need a change', (r) => needing(r.runs).length],
                [`made ${o.goal}${o.passes ? ` in <= ${o.passes} passes` : ''}`, (r) => pct(r.runs.filter((x) => x.value.value.already || x.value.value.met).length, r.runs.length)],
                ['unique', (r) => pct(r.runs.filter((x) => x.value.value.already || x.value.value.unique).length, r.runs.length)],
                ['wrong verdicts', (r) => r.runs.filter((x) => x.value.value.wrong).length],
                ['changes median', (r) => fixed(1)(median(madeOnes(r.runs).map((x) => x.value.value.changes)))],
                ['changes max', (r) => max(madeOnes(r.runs).map((x) => x.value.value.changes))],
                ['% grid median', (r) => pct(median(madeOnes(r.runs).map((x) => x.value.value.changes)), grid(r), 2)],
                ['% grid max', (r) => pct(max(madeOnes(r.runs).map((x) => x.value.value.changes)), grid(r), 2)],
                ['grey cost median', (r) => fixed(2)(median(madeOnes(r.runs).map((x) => x.value.value.cost)))],
                ['fewest proven', (r) => (r.method === 'best' ? pct(r.runs.filter((x) => x.value.value.already || x.value.value.proven).length, r.runs.length) : '-')],
                ['proven, of those changed', (r) => (r.method === 'best' ? pct(needing(r.runs).filter((x) => x.value.value.proven).length, needing(r.runs).length) : '-')],
                ['CPU s median', (r) => fixed(3)(median(r.runs.map((x) => x.value.cpu)))],
                ['CPU s max', (r) => fixed(2)(max(r.runs.map((x) => x.value.cpu)))],
              ],
            }),
            prose(unprovenText(runs.filter((r) => r.command === 'best'))),
          ];
        },
        problems: (runs) => runs.filter((r) => r.value.value.wrong).map((r) => `${r.command} ${r.input.name}@${r.input.size}: wrong verdict: ${r.value.value.note ?? ''}`),
      }),
    ];
  },
  write: (o, body) => writeSection(join(packageRoot(), 'docs', 'results', 'make.md'), `bench:${sectionOf(o.source, o.goal, o.passes)}`, body, '# Results: making puzzles from pictures\n'),
});

/** The results page's section: the benchmark set or the held-out one, the goal unique and each pass limit apart. */
function sectionOf(source: string | undefined, goal: MakeGoal, passes: number): string {
  return `${source ? 'make-heldout' : 'make'}${goal === 'unique' ? '-unique' : ''}${passes ? `-passes-${passes}` : ''}`;
}

function passesText(passes: number): string {
  return passes
    ? ` Goal line-solvable in at most ${passes} passes (\`--passes ${passes}\`; a pass: every row, then every column): an icon needs a change when line logic does not solve its threshold picture within them; the baseline is the first threshold or inverted picture it solves within them; "made" counts the pictures \`solve\` finds line-solvable in at most ${passes} passes.`
    : '';
}

function goalText(goal: MakeGoal): string {
  return goal === 'unique'
    ? ' Goal unique: an icon needs a change when `solve` does not prove its threshold picture unique; the baseline is the first threshold or inverted picture proved unique; "made unique" counts the pictures proved unique.'
    : '';
}

/** The icons whose fewest changes were not proven: the gap between the fewest found and the lower bound. */
function unprovenText(runs: readonly MakeRun[]): string {
  const open = needing(runs).filter((r) => !r.value.value.proven);
  if (open.length === 0) return '';
  const gaps = open.map((r) => `${r.input.name}@${r.input.size} ${r.value.value.met ? r.value.value.changes : 'none found'} (>= ${r.value.value.lowerBound})`);
  return `Not proven fewest (best): ${open.length} icons; found (lower bound): ${gaps.join(', ')}.`;
}
