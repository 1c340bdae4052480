import { readPart, mergeParts } from '../src/collection/mergeParts.js';
import { load } from './harness/doc.js';
import { num, whole } from './harness/flags.js';
import { randomSet, type Entry } from './harness/inputs.js';
import { cliArgv, runProcess } from './harness/proc.js';
import { fixed, median, max, secs } from './harness/stats.js';
import { defineSuite, part, view } from './harness/suite.js';
import { puzzleFile } from './puzzles.js';

/**
 * One board on several processes (`solve --split K/N`, cube-and-conquer) against one process:
 * random square boards; each is solved by `nonocrypt solve --json -j 1 -t LIMIT FILE`, then by
 * N processes `solve --json -j 1 -t LIMIT --split K/N FILE` started together (one per core),
 * whose documents are merged (collection/mergeParts.ts). Wall: around each run (the split's:
 * from the start of the N processes to the end of the last); CPU: user + system of the
 * processes from the kernel (the split's: summed, and its slowest part's). On an idle machine
 * with N cores the split's wall time is its slowest part's CPU time, so both ratios are shown:
 * the machine is shared, and wall times follow its load.
 */
interface Figure {
  readonly status: string;
  readonly wall: number;
  readonly cpu: number;
  /** The slowest part's CPU seconds (the one process's own for the one-process run). */
  readonly slowest: number;
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
  },
  title: () => 'One board on many processes: `solve --split K/N` against one process (`bench/split`)',
  parts: (o) => {
    const boards = randomSet(`split${o.size}`, o.count, o.seed, () => o.size, () => o.density);
    const solve = ['solve', '--json', '-j', '1'];
    const capped = { cpuLimitS: o.limit };
    const statusOf = (r: { stdout: string; stopped: string | undefined; code: number | undefined }) =>
      r.stopped ? 'unknown' : ((JSON.parse(r.stdout || '{}') as { status?: string }).status ?? `error (exit ${r.code})`);
    return [
      part({
        about: `Boards: ${o.count} random ${o.size}x${o.size} pictures of density ${o.density} (seed ${o.seed}), as \`.non\` files. One process: \`nonocrypt ${solve.join(' ')} FILE\`; split: \`nonocrypt ${solve.join(' ')} --split K/${o.parts} FILE\` for K = 1..${o.parts}, started together, merged with \`mergeParts\`. Each process is stopped at ${o.limit} CPU s (prlimit). Wall: around the run; CPU: user + system from the kernel (split: the sum over the parts, and the slowest part). The machine has 2 cores shared with other work: the load average (1 minute) is shown before each run; with N idle cores the split's wall time would be its slowest part's CPU time.`,
        inputs: boards,
        key: (e: Entry) => e.id,
        commands: [
          {
            label: 'one process',
            run: async (e: Entry): Promise<Figure> => {
              const before = load();
              const r = await runProcess(cliArgv(...solve, puzzleFile(e, 'non')), capped);
              return { status: statusOf(r), wall: r.wall, cpu: r.cpu, slowest: r.cpu, load: before, ...(r.stopped ? { note: `stopped: ${r.stopped}` } : {}) };
            },
          },
          {
            label: `split into ${o.parts}`,
            run: async (e: Entry): Promise<Figure> => {
              const before = load();
              const file = puzzleFile(e, 'non');
              const w0 = performance.now();
              const runs = await Promise.all(Array.from({ length: o.parts }, (_, k) => runProcess(cliArgv(...solve, '--split', `${k + 1}/${o.parts}`, file), capped)));
              const wall = (performance.now() - w0) / 1000;
              const cpus = runs.map((r) => r.cpu);
              let status: string;
              let note: string | undefined;
              const stopped = runs.flatMap((r, k) => (r.stopped ? [k + 1] : []));
              if (stopped.length) {
                // A part stopped at the CPU limit wrote nothing: two pictures in the others would still decide.
                const pictures = new Set(runs.filter((r) => !r.stopped).flatMap((r) => readPart(r.stdout, 'part').solutions.map((x) => x.join('/'))));
                status = pictures.size >= 2 ? 'multiple' : 'unknown';
                note = `stopped at the CPU limit: part ${stopped.join(', ')}`;
              } else try {
                const m = mergeParts(
                  runs.map((r, k) => readPart(r.stdout, `part ${k + 1}`)),
                  runs.map((_, k) => `part ${k + 1}`),
                );
                status = m.status;
                if (m.unfinished.length) note = m.unfinished.map((u) => `part ${u.part}: ${u.reason}`).join('; ');
              } catch (err) {
                status = `error (${err instanceof Error ? err.message : String(err)})`;
              }
              return { status, wall, cpu: cpus.reduce((a, b) => a + b, 0), slowest: Math.max(...cpus), load: before, ...(note ? { note } : {}) };
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
          const cpuRatios = hard.map((r) => r.split.slowest / r.one.cpu);
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
                ['CPU s, slowest part', (r) => secs(r.split.slowest)],
                ['wall ratio', (r) => ratio(r.split.wall / r.one.wall)],
                ['slowest part CPU / one process CPU', (r) => ratio(r.split.slowest / r.one.cpu)],
                ['load before (one / split)', (r) => `${r.one.load.split(' ')[0]} / ${r.split.load.split(' ')[0]}`],
              ],
              after: hard.length
                ? `Boards decided in one process with at least ${o.min} CPU s: ${hard.length} of ${both.length}. Split into ${o.parts} against one process: wall ratio median ${ratio(median(wallRatios))}, max ${ratio(max(wallRatios))}; slowest part's CPU over the one process's CPU median ${ratio(median(cpuRatios))}, max ${ratio(max(cpuRatios))} (the target is at most 0.6).`
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
