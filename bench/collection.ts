import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatNon } from '../src/formats/non.js';
import { CLI_NODE_FLAGS } from '../src/cli/nodeFlags.js';
import { codeVersion, commandLine, machine, markdownTable, packageRoot, parseArgs, progress, secs, writeSection } from './common.js';

/**
 * A puzzle collection through the CLI: one process for the whole folder against one process
 * per file.
 *
 *     npm run build && npm run bench -- collection [--dir PATH (../shared/bench)] [--taai N (1000)]
 *         [--timeout SECONDS (10)] [--jobs N (2)] [--write]
 *
 * Wolter's survey puzzles and the first N TAAI 2011 tournament puzzles (read from `--dir`,
 * never copied into the project) are written as `.non` files to a temporary folder. Then:
 * - one process: `nonocrypt solve --json --timeout T --jobs J FOLDER` (the collection pipeline:
 *   one worker pool for every file);
 * - one process per file: `nonocrypt solve --json --timeout T FILE` for each file, J at a time
 *   (as `xargs -P J` would).
 * Wall time is performance.now() around the run; CPU time is the user + system time of the
 * child processes, read from /proc/self/stat (cutime + cstime: every waited-for child, all its
 * threads), so the figures are Linux-only. The verdicts of both runs are compared puzzle by
 * puzzle (an `unknown` at the time limit on one side only is counted apart, not as a
 * disagreement). The machine is shared: the load average is given with each run.
 */

interface Puzzle {
  readonly id: string;
  readonly rows: number[][];
  readonly cols: number[][];
}

interface RunFigure {
  readonly what: string;
  readonly command: string;
  readonly processes: number;
  readonly wall: number;
  readonly cpu: number;
  readonly loadBefore: number[];
  readonly loadAfter: number[];
  readonly verdicts: Map<string, string>;
  readonly failures: number;
}

/** Children's CPU seconds so far (user + system of every waited-for child process). */
function childCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of the full line (cutime, cstime) are 13 and 14 after "pid (comm) ".
  const ticks = Number(fields[13]) + Number(fields[14]);
  return ticks / 100; // USER_HZ is 100 on Linux
}

function run(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...CLI_NODE_FLAGS, join(packageRoot(), 'dist', 'src', 'cli', 'main.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

function verdictsOf(jsonLines: string, into: Map<string, string>): number {
  let failures = 0;
  for (const line of jsonLines.split('\n')) {
    if (!line.trim()) continue;
    const d = JSON.parse(line) as { file: string; status?: string; error?: unknown };
    into.set(d.file, d.status ?? 'error');
    if (d.error) failures++;
  }
  return failures;
}

async function measure(what: string, command: string, processes: number, body: (verdicts: Map<string, string>) => Promise<number>): Promise<RunFigure> {
  const loadBefore = loadavg();
  const c0 = childCpu();
  const w0 = performance.now();
  const verdicts = new Map<string, string>();
  const failures = await body(verdicts);
  const wall = (performance.now() - w0) / 1000;
  const cpu = childCpu() - c0;
  return { what, command, processes, wall, cpu, loadBefore, loadAfter: loadavg(), verdicts, failures };
}

export async function main(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { dir: 'value', taai: 'value', timeout: 'value', jobs: 'value', write: 'flag' });
  const dir = resolve(String(args.get('dir') ?? join(packageRoot(), '..', 'shared', 'bench')));
  const taaiCount = Number(args.get('taai') ?? 1000);
  const timeout = Number(args.get('timeout') ?? 10);
  const jobs = Number(args.get('jobs') ?? 2);
  if (!existsSync(join(dir, 'survey'))) throw new Error(`${dir}/survey not found: pass --dir PATH to the shared bench folder`);
  if (!existsSync('/proc/self/stat')) throw new Error('this benchmark reads child CPU time from /proc (Linux only)');

  const survey: Puzzle[] = readdirSync(join(dir, 'survey'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, 'survey', f), 'utf8')) as Puzzle);
  const taai: Puzzle[] = readFileSync(join(dir, 'tournament', 'taai2011.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, taaiCount)
    .map((l) => JSON.parse(l) as Puzzle);
  const work = mkdtempSync(join(tmpdir(), 'nonocrypt-collection-'));
  try {
    const files: string[] = [];
    for (const [set, puzzles] of [
      ['survey', survey],
      ['taai2011', taai],
    ] as const) {
      mkdirSync(join(work, set));
      for (const p of puzzles) {
        const file = join(work, set, `${p.id}.non`);
        writeFileSync(file, formatNon({ puzzle: { width: p.cols.length, height: p.rows.length, rows: p.rows, cols: p.cols } }));
        files.push(file);
      }
    }
    files.sort();
    progress(`${files.length} puzzle files in ${work}; timeout ${timeout} s per puzzle, ${jobs} jobs`);

    const flags = ['solve', '--json', '--timeout', String(timeout)];
    const one = await measure('one process for the folder', `nonocrypt ${flags.join(' ')} --jobs ${jobs} FOLDER`, 1, async (verdicts) => {
      const r = await run([...flags, '--jobs', String(jobs), work]);
      if (r.stderr) progress(r.stderr.trimEnd());
      return verdictsOf(r.stdout, verdicts);
    });
    progress(`one process: wall ${secs(one.wall)} s, CPU ${secs(one.cpu)} s`);
    const perFile = await measure('one process per file', `nonocrypt ${flags.join(' ')} FILE  (${jobs} at a time)`, files.length, async (verdicts) => {
      let next = 0;
      let failures = 0;
      const lane = async () => {
        for (let i = next++; i < files.length; i = next++) {
          const r = await run([...flags, files[i]!]);
          const doc = JSON.parse(r.stdout || '{"status":"error"}') as { status: string };
          verdicts.set(files[i]!, doc.status);
          if (doc.status === 'error') failures++;
          if (i % 100 === 0) progress(`per file: ${i}/${files.length}`);
        }
      };
      await Promise.all(Array.from({ length: jobs }, lane));
      return failures;
    });
    progress(`per file: wall ${secs(perFile.wall)} s, CPU ${secs(perFile.cpu)} s`);

    // Verdicts compared file by file.
    let same = 0;
    let timeOnly = 0;
    const differ: string[] = [];
    for (const f of files) {
      const a = one.verdicts.get(f);
      const b = perFile.verdicts.get(f);
      if (a === b) same++;
      else if (a === 'unknown' || b === 'unknown') timeOnly++;
      else differ.push(`${f}: ${a} / ${b}`);
    }
    const counts = (v: Map<string, string>) => {
      const c: Record<string, number> = {};
      for (const s of v.values()) c[s] = (c[s] ?? 0) + 1;
      return Object.entries(c)
        .sort()
        .map(([k, n]) => `${n} ${k}`)
        .join(', ');
    };
    const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
    const rows = [one, perFile].map((f) => [f.what, `\`${f.command}\``, f.processes, secs(f.wall), secs(f.cpu), `${load(f.loadBefore)} / ${load(f.loadAfter)}`, counts(f.verdicts)]);
    const body = [
      '## A collection in one process (`bench/collection`)',
      '',
      `Date: ${new Date().toISOString().slice(0, 10)}. Machine: ${machine()}. Code: ${codeVersion()}.`,
      '',
      `Command: \`${commandLine('collection', argv)}\` (after \`npm run build\`).`,
      '',
      `Puzzles: Wolter's survey set (${survey.length}) and TAAI 2011 puzzles 1-${taai.length} from \`../shared/bench\` (not part of the project), written as ${files.length} \`.non\` files into one temporary folder (two subfolders). Time limit ${timeout} s per puzzle; ${jobs} jobs (worker threads in the one process; processes at a time per file). Wall: performance.now() around the run; CPU: user + system of the child processes (all threads), from /proc/self/stat. The machine has 2 cores shared with other work: read wall times against the load average (1, 5, 15 minutes, before / after).`,
      '',
      markdownTable(['run', 'command', 'processes', 'wall s', 'CPU s', 'load average before / after', 'verdicts'], rows),
      '',
      `One process against one per file: CPU ${(perFile.cpu / one.cpu).toFixed(2)}x, wall ${(perFile.wall / one.wall).toFixed(2)}x (per file / one process). Verdicts: ${same} of ${files.length} the same in both runs, ${timeOnly} unknown at the time limit in one run only, ${differ.length} different${differ.length ? `: ${differ.slice(0, 5).join('; ')}` : ''}. Files that failed to read: ${one.failures} / ${perFile.failures}.`,
    ].join('\n');
    process.stdout.write(body + '\n');
    if (args.get('write')) progress(`wrote ${writeSection('collection', body)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
