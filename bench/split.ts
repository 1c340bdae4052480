import { load } from './harness/doc.js';
import { flag, num, whole } from './harness/flags.js';
import { randomSet, typoSet, type Entry } from './harness/inputs.js';
import { cliArgv, runProcess } from './harness/proc.js';
import { splitRace } from './harness/splitRace.js';
import { fixed, median, max, secs } from './harness/stats.js';
import { defineSuite, part, view } from './harness/suite.js';
import { puzzleFile } from './puzzles.js';

/**
 * One board on several processes (`solve --split K/N`, cube-and-conquer) against one process:
 * random square boards; each is solved by `nonocrypt solve --json -j 1 -t LIMIT FILE`, then by
 * N processes `solve --json -j 1 -t LIMIT --split K/N FILE` started together (one per core),
 * whose documents are merged (collection/mergeParts.ts). As in the recipe of docs/how-to/many-machines.md (GNU
 * parallel's `--halt now,fail=1`), a part that exits 1 (two pictures in its cube: the board is
 * ambiguous) stops the others. Wall: around each run (the split's: from the start of the N
 * processes to the end of the last, or to the stop); CPU: user + system of the
 * processes from the kernel (the split's: summed, and the deciding part's). On an idle machine
 * with N cores the split's wall time is the deciding part's CPU time, so both ratios are shown:
 * the machine is shared, and wall times follow its load.
 */
interface Figure {
  readonly status: string;
  readonly wall: number;
  readonly cpu: number;
  /**
   * The CPU seconds of the part whose end gave the verdict: the first to find two pictures when
   * it stopped the others, else the slowest part (the one process's own for the one-process run).
   */
  readonly deciding: number;
  readonly load: string;
  /** The unfinished parts, for the split. */
  readonly note?: string;
}

export const suite = defineSuite({
  about: 'one hard board split over N processes (solve --split K/N, merge) against one process: wall and CPU side by side',
  flags: {
    size: whole(80, 'side of the random square boards'),
    density: num(0.5, 'density of the random pictures (0..1)'),
    count: whole(6, 'how many boards'),
    seed: whole(4242, 'seed of the boards'),
    parts: whole(2, 'N: parts of the split, all run at once'),
    limit: num(600, 'CPU limit per process, s (prlimit: a wall-clock limit would follow the shared machine\'s load)'),
    min: num(60, 'boards that take at least this many CPU seconds in one process are summarized'),
    typo: flag('boards with one row clue mistyped (harness typoSet): often no picture fits, and proving it is the work'),
  },
  title: () => 'One board on many processes: `solve --split K/N` against one process (`bench/split`)',
  parts: (o) => {
    const boards = o.typo ? typoSet(`typo${o.size}`, o.count, o.seed, o.size, o.density) : randomSet(`split${o.size}`, o.count, o.seed, () => o.size, () => o.density);
    const drawn =
      `${o.count} random ${o.size}x${o.size} pictures of density ${o.density} (seed ${o.seed})` +
      (o.typo ? `, each with one row clue mistyped (a black and a white cell of one row swap colours in its clue; the columns keep the picture's clues)` : '');
    const solve = ['solve', '--json', '-j', '1'];
    const capped = { cpuLimitS: o.limit };
    const statusOf = (r: { stdout: string; stopped: string | undefined; code: number | undefined }) =>
      r.stopped ? 'unknown' : ((JSON.parse(r.stdout || '{}') as { status?: string }).status ?? `error (exit ${r.code})`);
    return [
      part({
        about: `Boards: ${drawn}, as \`.non\` files. One process: \`nonocrypt ${solve.join(' ')} FILE\`; split: \`nonocrypt ${solve.join(' ')} --split K/${o.parts} FILE\` for K = 1..${o.parts}, started together, merged with \`mergeParts\`; as in the recipe of docs/how-to/many-machines.md (GNU parallel's \`--halt now,fail=1\`), the first part to exit 1 (two pictures in its cube) stops the others, and merge is given the parts that ended. Each process is stopped at ${o.limit} CPU s (prlimit). Wall: around the run; CPU: user + system from the kernel (split: the sum over the parts, and the deciding part's: the first to find two pictures, else the slowest). The machine has 2 cores shared with other work: the load average (1 minute) is shown before each run; with N idle cores the split's wall time would be the deciding part's CPU time.`,
        inputs: boards,
        key: (e: Entry) => e.id,
        commands: [
          {
            label: 'one process',
            run: async (e: Entry): Promise<Figure> => {
              const before = load();
              const r = await runProcess(cliArgv(...solve, puzzleFile(e, 'non')), capped);
              return { status: statusOf(r), wall: r.wall, cpu: r.cpu, deciding: r.cpu, load: before, ...(r.stopped ? { note: `stopped: ${r.stopped}` } : {}) };
            },
          },
          {
            label: `split into ${o.parts}`,
            run: async (e: Entry): Promise<Figure> => {
              const before = load();
              const r = await splitRace(puzzleFile(e, 'non'), o.parts, solve, capped);
              const status = r.merged ? r.merged.status : r.error ? `error (${r.error})` : 'unknown';
              const cpus = r.runs.map((x) => x.cpu);
              return { status, wall: r.wall, cpu: r.cpu, deciding: r.winner === undefined ? Math.max(...cpus) : cpus[r.winner]!, load: before, ...(r.stopped.length ? { note: `stopped: ${r.stopped.join(', ')}` } : {}) };
            },
          },
        ],
        progress: (r) => `${r.command} ${r.input.id}: ${r.value.status}, ${secs(r.value.wall)} s wall, ${secs(r.value.cpu)} s CPU`,
        views: (runs) => {
          const rows = boards.map((e) => {
            const one = runs.find((r) => r.input.id === e.id && r.command === 'one process')?.value;
            const split = runs.find((r) => r.input.id === e.id && r.command !== 'one process')?.value;
            return { e, one, split };
          });
          const both = rows.filter((r) => r.one && r.split) as { e: Entry; one: Figure; split: Figure }[];
          const hard = both.filter((r) => r.one.cpu >= o.min && r.one.status !== 'unknown');
          const wallRatios = hard.map((r) => r.split.wall / r.one.wall);
          const cpuRatios = hard.map((r) => r.split.deciding / r.one.cpu);
          const ratio = fixed(2);
          return [
            view({
              rows: both,
              columns: [
                ['board', (r) => `${r.e.id} (${r.e.name})`],
                ['one process', (r) => r.one.status + (r.one.note ? ` (${r.one.note})` : '')],
                ['wall s', (r) => secs(r.one.wall)],
                ['CPU s', (r) => secs(r.one.cpu)],
                [`split into ${o.parts}`, (r) => r.split.status + (r.split.note ? ` (${r.split.note})` : '')],
                ['wall s ', (r) => secs(r.split.wall)],
                ['CPU s, all parts', (r) => secs(r.split.cpu)],
                ['CPU s, deciding part', (r) => secs(r.split.deciding)],
                ['wall ratio', (r) => ratio(r.split.wall / r.one.wall)],
                ['deciding part CPU / one process CPU', (r) => ratio(r.split.deciding / r.one.cpu)],
                ['load before (one / split)', (r) => `${r.one.load.split(' ')[0]} / ${r.split.load.split(' ')[0]}`],
              ],
              after: hard.length
                ? `Boards decided in one process with at least ${o.min} CPU s: ${hard.length} of ${both.length}. Split into ${o.parts} against one process: wall ratio median ${ratio(median(wallRatios))}, max ${ratio(max(wallRatios))}; the deciding part's CPU over the one process's CPU median ${ratio(median(cpuRatios))}, max ${ratio(max(cpuRatios))} (the target is at most 0.6).`
                : `No board took at least ${o.min} CPU s and was decided in one process: nothing to summarize.`,
            }),
          ];
        },
        problems: (runs) =>
          runs
            .filter((r) => r.command === 'one process')
            .flatMap((r) => {
              const split = runs.find((s) => s.input.id === r.input.id && s.command !== 'one process')?.value;
              const a = r.value.status;
              const b = split?.status;
              const decided = (s: string | undefined) => s === 'unique' || s === 'multiple' || s === 'none';
              return decided(a) && decided(b) && a !== b ? [`${r.input.id}: ${a} in one process, ${b} split`] : b?.startsWith('error') ? [`${r.input.id}: split: ${b}`] : [];
            }),
      }),
    ];
  },
});
