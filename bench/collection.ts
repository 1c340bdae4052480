import { join } from 'node:path';
import { load, shownDir } from './harness/doc.js';
import { num, str, whole } from './harness/flags.js';
import { benchDir, sharedSet } from './harness/inputs.js';
import { cliArgv, runProcess, shown } from './harness/proc.js';
import { secs, sum, tally } from './harness/stats.js';
import { defineSuite, part, view } from './harness/suite.js';
import { puzzleFile, workFolder } from './puzzles.js';

/**
 * A puzzle collection through the CLI: one process for the whole folder against one process per
 * file. Wolter's survey puzzles and the first N TAAI 2011 puzzles are written as `.non` files to a
 * temporary folder (two subfolders); then `nonocrypt solve --json --timeout T --jobs J FOLDER`
 * (one worker pool for every file) against `nonocrypt solve --json --timeout T FILE` for each
 * file, J at a time (as `xargs -P J` would). CPU: the processes' own, from the kernel, summed.
 * The verdicts of both runs are compared file by file.
 */
interface Figure {
  readonly command: string;
  readonly processes: number;
  readonly wall: number;
  readonly cpu: number;
  readonly loadBefore: string;
  readonly loadAfter: string;
  readonly verdicts: Record<string, string>;
}

const statuses = (stdout: string): [string, string][] => stdout.split('\n').filter((l) => l.trim()).map((l) => {
  const d = JSON.parse(l) as { file?: string; status?: string };
  return [d.file ?? '', d.status ?? 'error'];
});

export const suite = defineSuite({
  about: 'the survey and TAAI 2011 puzzles as files: solve --json over the folder in one process against one process per file (wall, CPU, load)',
  flags: { dir: str(undefined, 'the shared benchmark puzzles (default ../shared/bench)'), taai: whole(1000, 'TAAI 2011 puzzles'), timeout: num(10, 'time limit per puzzle, s'), jobs: whole(2, 'worker threads, or processes at a time') },
  title: () => 'A collection in one process (`bench/collection`)',
  parts: (o) => {
    const entries = [...sharedSet(benchDir(o.dir), 'survey'), ...sharedSet(benchDir(o.dir), 'taai2011').slice(0, o.taai)];
    const files = entries.map((e) => puzzleFile(e, 'non')).sort();
    const flags = ['solve', '--json', '--timeout', String(o.timeout)];
    return [part({
      about: `Puzzles: Wolter's survey set (14) and TAAI 2011 puzzles 1-${o.taai} from \`${shownDir(o.dir ?? '../shared/bench')}\` (not part of the project), written as ${files.length} \`.non\` files into one temporary folder (two subfolders). Time limit ${o.timeout} s per puzzle; ${o.jobs} jobs (worker threads in the one process; processes at a time per file). Wall: around the run; CPU: user + system of the processes (all threads), from the kernel. The machine has 2 cores shared with other work: read wall times against the load average (1, 5, 15 minutes, before / after).`,
      inputs: ['one process for the folder', 'one process per file'],
      commands: [{
        label: 'run',
        run: async (what: string): Promise<Figure> => {
          const loadBefore = load();
          const w0 = performance.now();
          if (what === 'one process for the folder') {
            const r = await runProcess(cliArgv(...flags, '--jobs', String(o.jobs), join(workFolder(), 'puzzles')));
            return { command: `nonocrypt ${flags.join(' ')} --jobs ${o.jobs} FOLDER`, processes: 1, wall: r.wall, cpu: r.cpu, loadBefore, loadAfter: load(), verdicts: Object.fromEntries(statuses(r.stdout)) };
          }
          const verdicts: Record<string, string> = {};
          const cpu: number[] = [];
          let next = 0;
          await Promise.all(Array.from({ length: o.jobs }, async () => {
            for (let i = next++; i < files.length; i = next++) {
              const r = await runProcess(cliArgv(...flags, files[i]!));
              cpu.push(r.cpu);
              verdicts[files[i]!] = (JSON.parse(r.stdout || '{}') as { status?: string }).status ?? 'error';
            }
          }));
          return { command: `nonocrypt ${flags.join(' ')} FILE  (${o.jobs} at a time)`, processes: files.length, wall: (performance.now() - w0) / 1000, cpu: sum(cpu), loadBefore, loadAfter: load(), verdicts };
        },
      }],
      progress: (r) => `${r.input}: ${secs(r.value.wall)} s wall, ${secs(r.value.cpu)} s CPU`,
      views: (runs) => {
        const [one, per] = runs.map((r) => r.value) as [Figure, Figure];
        const differ = files.filter((f) => one.verdicts[f] !== per.verdicts[f]);
        const timeOnly = differ.filter((f) => one.verdicts[f] === 'unknown' || per.verdicts[f] === 'unknown');
        return [view({
          rows: runs,
          columns: [
            ['run', (r) => r.input],
            ['command', (r) => `\`${r.value.command}\``],
            ['processes', (r) => r.value.processes],
            ['wall s', (r) => secs(r.value.wall)],
            ['CPU s', (r) => secs(r.value.cpu)],
            ['load average before / after', (r) => `${r.value.loadBefore} / ${r.value.loadAfter}`],
            ['verdicts', (r) => [...tally(Object.values(r.value.verdicts), (v) => v)].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} ${k}`).join(', ')],
          ],
          after: `One process against one per file: CPU ${(per.cpu / one.cpu).toFixed(2)}x, wall ${(per.wall / one.wall).toFixed(2)}x (per file / one process). Verdicts: ${files.length - differ.length} of ${files.length} the same in both runs, ${timeOnly.length} unknown at the time limit in one run only, ${differ.length - timeOnly.length} different${differ.length > timeOnly.length ? `: ${differ.filter((f) => !timeOnly.includes(f)).slice(0, 5).map((f) => `${shown([f])}: ${one.verdicts[f]} / ${per.verdicts[f]}`).join('; ')}` : ''}. Files that failed to read: ${Object.values(one.verdicts).filter((v) => v === 'error').length} / ${Object.values(per.verdicts).filter((v) => v === 'error').length}.`,
        })];
      },
      problems: (runs) => {
        const [one, per] = runs.map((r) => r.value) as [Figure, Figure];
        return files.filter((f) => one.verdicts[f] !== per.verdicts[f] && one.verdicts[f] !== 'unknown' && per.verdicts[f] !== 'unknown').map((f) => `${f}: ${one.verdicts[f]} in one process, ${per.verdicts[f]} alone`);
      },
    })];
  },
});
