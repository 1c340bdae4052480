import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinTable } from '../src/cipher/Table.js';
import { messageGrids } from '../src/cipher/encrypt.js';
import { formatCipherBlock, parseCiphertext } from '../src/formats/ciphertext.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { ints, list, num, whole } from './harness/flags.js';
import { formatNon } from '../src/formats/non.js';
import { all4x4, englishText, randomGrids, randomSet, uniqueByCounting, writeClueCiphertext, writeStream } from './harness/inputs.js';
import { cliArgv, exitOf, firstLine, measuredBy, runProcess, type ProcRun } from './harness/proc.js';
import { int, max, mb, median, mib, secs, type Cell, type Column } from './harness/stats.js';
import { defineSuite, part, view, type Command, type Run } from './harness/suite.js';
import { workFolder } from './puzzles.js';

/**
 * How far the CLI reaches on long messages, many blocks and large boards, in time and memory.
 * Every figure is a run of the built CLI as a child process (CPU and peak memory its own, worker
 * threads included), on inputs generated deterministically into a temporary folder. Parts
 * (`--part`, each a sub-section of its own, rerun alone):
 * - text: 1 MB of English, frequency table, n = 25: encrypt and decrypt, 1 and 2 jobs;
 * - big: one block of the frequency table at n = 100 and n = 200;
 * - classic: one classic block at n = 50 and 100, both receivers, with a time limit;
 * - verify: every 4x4 picture and 10,000 random 8x8 pictures, jobs 1 and 2;
 * - memory: peak RSS against the number of blocks;
 * - random: `solve` of random boards of one density (default 0.5) and a few sides, with a time limit.
 */
const PARTS = ['text', 'big', 'classic', 'verify', 'memory', 'random'] as const;

/** One CLI run of a part: its leading cells, its arguments, and how its output is judged. */
interface Step {
  readonly cols: readonly Cell[];
  readonly args: readonly string[];
  readonly stdin?: string;
  /** Standard output goes here (else nowhere). */
  readonly out?: string;
  /** The result cell, and a problem (a wrong result) when there is one. */
  readonly judge?: (r: ProcRun, out: string) => [string, string?];
}
interface Done {
  readonly r: ProcRun;
  readonly result: string;
  readonly problem?: string;
}
type R = Run<Step, Done>;

const read = (path: string): string => (existsSync(path) ? readFileSync(path, 'utf8') : '');
/** The text a decryption gives back: padding spaces and the final newline dropped. */
const decrypted = (out: string): string => out.replace(/\n$/, '');

/** A CLI run per step, stopped at `capS` wall seconds (and by the kernel at `cpuLimitS` CPU seconds, when given). */
function cliStep(capS: number, cpuLimitS?: number): Command<Step, Done> {
  return {
    label: 'cli',
    run: async (s) => {
      const r = await runProcess(cliArgv(...s.args), { stdinFile: s.stdin, stdoutFile: s.out ?? '/dev/null', capS, ...(cpuLimitS !== undefined ? { cpuLimitS } : {}) });
      const [result, problem] = s.judge?.(r, s.out ? read(s.out) : '') ?? [''];
      return { r, result, ...(problem ? { problem } : {}) };
    },
  };
}

/** The part's leading columns, then what every CLI run measures. */
const columns = (head: readonly string[], result?: string, after: readonly Column<R>[] = []): Column<R>[] => [
  ...head.map((h, i): Column<R> => [h, (x) => x.input.cols[i]!]),
  ['wall s', (x) => secs(x.value.r.wall)],
  ['CPU s', (x) => secs(x.value.r.cpu)],
  ...after,
  ['peak RSS MiB', (x) => mib(x.value.r.rssMiB)],
  ['exit', (x) => exitOf(x.value.r)],
  ...(result ? [[result, (x: R) => x.value.result] as Column<R>] : []),
  ['load (1 min) at start', (x) => x.value.r.load.toFixed(2)],
];

/** Blocks, annotated blocks and annotation cells of a ciphertext (none for no text). */
function annotationStats(cipher: string): { blocks: number; annotated: number; cells: number } {
  const blocks = cipher ? parseCiphertext(cipher).blocks : [];
  return { blocks: blocks.length, annotated: blocks.filter((b) => b.annotation.length).length, cells: blocks.reduce((a, b) => a + b.annotation.length, 0) };
}

/** `N blocks: a unique, b multiple, c none[, d unknown]`, and the line-solvable ones. */
function verifySummary(out: string) {
  const lines = out.trimEnd().split('\n');
  const m = /^(\d+) blocks?: (\d+) unique, (\d+) multiple, (\d+) none(?:, (\d+) unknown)?$/.exec(lines[lines.length - 1] ?? '');
  return { line: lines[lines.length - 1] ?? '', blocks: Number(m?.[1] ?? NaN), unique: Number(m?.[2] ?? NaN), multiple: Number(m?.[3] ?? NaN), none: Number(m?.[4] ?? NaN), unknown: Number(m?.[5] ?? 0), lineSolvable: lines.filter((l) => l.endsWith('unique (line-solvable)')).length };
}

const problems = (runs: readonly R[]) => runs.flatMap((x) => (x.value.problem ? [`${x.input.cols.join(' ')}: ${x.value.problem}`] : []));
const wrongExit = (r: ProcRun, ok: readonly number[]) => (ok.includes(r.code ?? -1) ? undefined : `exit ${exitOf(r)}: ${firstLine(r.stderr)}`);

function textPart(o: { 'text-chars': number }, cap: Command<Step, Done>) {
  const w = workFolder();
  const text = englishText(o['text-chars']);
  const textFile = join(w, 'text.txt');
  const variants = [['1 (in the main thread)', ['--jobs', '1']], ['1 (one worker: `--timeout 3600`)', ['--jobs', '1', '--timeout', '3600']], ['2', ['--jobs', '2']]] as const;
  const cipher = (k: number) => join(w, `text-${k}.cipher`);
  const steps: Step[] = [
    ...variants.map(([label, jobs], k): Step => ({ cols: ['encrypt', label], args: ['encrypt', '--size', '25', '--table', 'frequency', ...jobs, '--quiet', '-o', cipher(k), '-'], stdin: textFile, judge: (r) => ['', wrongExit(r, [0]) ?? (k > 0 && read(cipher(k)) !== read(cipher(0)) ? 'a different ciphertext than with jobs 1 in the main thread' : undefined)] })),
    ...variants.map(([label, jobs], k): Step => ({ cols: ['decrypt', label], args: ['decrypt', '--table', 'frequency', ...jobs, '--quiet', cipher(2)], out: join(w, `text-${k}.decrypted`), judge: (r, out) => ['', wrongExit(r, [0]) ?? (decrypted(out) === text ? undefined : 'did not give back the text')] })),
  ];
  return part({
    marker: 'text',
    title: 'Long message: 1 MB of English, frequency table, n = 25',
    inputs: () => (writeFileSync(textFile, text), steps),
    commands: [cap],
    views: (runs) => {
      const st = annotationStats(read(cipher(2)));
      const wall = (i: number) => runs[i]!.value.r.wall;
      const speed = (a: number) => `${(wall(a) / wall(a + 2)).toFixed(2)}x (over the main thread), ${(wall(a + 1) / wall(a + 2)).toFixed(2)}x (over one worker)`;
      const target = (i: number, limit: number) => (wall(i) < limit ? `met (${secs(wall(i))} s < ${limit} s)` : `**missed** (${secs(wall(i))} s >= ${limit} s)`);
      return [view({
        about: `Input: ${int(text.length)} characters of English (${int(st.blocks)} blocks of 25x25); ciphertext ${mb(read(cipher(2)).length)}, ${int(st.annotated)} annotated blocks, ${int(st.cells)} annotation cells in all (receiver \`unique\`). All three encryptions wrote the same ciphertext${problems(runs.slice(0, 3)).length ? ' — **NO, see problems**' : ''}; every decryption gave back the text${problems(runs.slice(3)).length ? ' — **NO, see problems**' : ''}.\n\n` +
          '`--jobs 1` runs every block in the main thread (no worker at all); a time limit forces the worker pool, so `--jobs 1 --timeout 3600` is one worker thread, with line-solvable blocks answered in the main thread.',
        rows: runs,
        columns: columns(['command', 'jobs']),
        after: `- Speed-up of 2 jobs, wall time: encrypt ${speed(0)}; decrypt ${speed(3)}.\n- Targets with 2 jobs: encrypt under 60 s ${target(2, 60)}; decrypt under 30 s ${target(5, 30)}.`,
      })];
    },
    problems,
  });
}

function bigPart(cap: Command<Step, Done>) {
  const w = workFolder();
  const steps: Step[] = [{ cols: ['baseline: one 5x5 block', '-', 'decrypt'], args: ['decrypt', '--jobs', '1', '--quiet', join(w, 'hello.cipher')], judge: (r) => ['-', wrongExit(r, [0])] }];
  for (const n of [100, 200]) {
    const text = englishText((n * n) / 5, 100 + n);
    const cipher = join(w, `big-${n}.cipher`);
    steps.push(
      { cols: [`n = ${n}`, 1, 'encrypt'], args: ['encrypt', '--size', String(n), '--table', 'frequency', '--jobs', '1', '--quiet', '-o', cipher, '-'], stdin: join(w, `big-${n}.txt`), judge: (r) => {
        const st = annotationStats(read(cipher));
        return [`${st.cells} annotation cells`, wrongExit(r, [0]) ?? (st.blocks === 1 ? undefined : `${st.blocks} blocks, not one`)];
      } },
      { cols: [`n = ${n}`, 1, 'decrypt'], args: ['decrypt', '--table', 'frequency', '--jobs', '1', '--quiet', cipher], out: join(w, `big-${n}.decrypted`), judge: (r, out) => (r.code === 0 && decrypted(out) === text ? ['text back'] : ['WRONG', wrongExit(r, [0]) ?? 'the wrong text']) },
      { cols: [`n = ${n}`, 1, 'verify'], args: ['verify', '--jobs', '1', '--quiet', cipher], out: join(w, `big-${n}.verify`), judge: (r, out) => {
        const verdict = firstLine(out).replace(/^block 1: /, '') || firstLine(r.stderr);
        return [verdict, verdict.startsWith('unique') ? undefined : `verify says "${verdict}"`];
      } },
    );
  }
  return part({
    marker: 'big',
    title: 'Large boards: one block of the frequency table at n = 100 and n = 200',
    about: 'One block each: a message of n*n/5 characters of English, frequency table, receiver `unique`, `--jobs 1`. Times are of the whole process (start-up, reading, solving, writing); the first row is the fixed cost of a process that decrypts one 5x5 block, and "over the baseline" subtracts it.',
    inputs: () => {
      writeFileSync(join(w, 'hello.cipher'), '5\n0,13,4,1,11,1,11,2,2,4\nX\n');
      for (const n of [100, 200]) writeFileSync(join(w, `big-${n}.txt`), englishText((n * n) / 5, 100 + n));
      return steps;
    },
    commands: [cap],
    views: (runs) => [view({ rows: runs, columns: columns(['board', 'blocks', 'command'], 'result').map(([h, f]): Column<R> => (h === 'result' ? [h, (x) => (x.input.cols[2] === 'decrypt' && x.value.result === 'text back' ? `text back; ${secs(x.value.r.wall - runs[0]!.value.r.wall)} s over the baseline` : f(x))] : [h, f])) })],
    problems,
  });
}

function classicPart(o: { limit: number }, cap: Command<Step, Done>) {
  const w = workFolder();
  const L = String(o.limit);
  const steps: Step[] = [];
  for (const n of [50, 100]) {
    const text = englishText((n * n) / 5, 300 + n);
    const grid = messageGrids(text, { size: n, table: builtinTable('classic') }).grids[0]!;
    const black = grid.cells.reduce((a, b) => a + b, 0);
    const cipher = (rc: string) => join(w, `classic-${n}-${rc}.cipher`);
    writeFileSync(join(w, `classic-${n}.txt`), text);
    writeFileSync(cipher('bare'), `${n}\n${formatCipherBlock({ puzzle: puzzleOf(grid), annotation: [] })}`);
    const verdictOf = (r: ProcRun, out: string) => firstLine(out).replace(/^block 1: /, '') || firstLine(r.stderr);
    for (const rc of ['unique', 'logic'] as const) {
      steps.push(
        { cols: [`n = ${n}`, rc, 'encrypt'], args: ['encrypt', '--size', String(n), '--table', 'classic', '--receiver', rc, '--jobs', '1', '--timeout', L, '--quiet', '-o', cipher(rc), '-'], stdin: join(w, `classic-${n}.txt`), judge: (r) => {
          if (!read(cipher(rc))) return [firstLine(r.stderr) || 'no output', `encrypt wrote no ciphertext (exit ${exitOf(r)}: ${firstLine(r.stderr)})`];
          const cells = annotationStats(read(cipher(rc))).cells;
          const same = rc === 'logic' && read(cipher('unique')).split('\n')[2] === read(cipher('logic')).split('\n')[2] ? '; the same annotation as receiver unique' : '';
          if (r.code === 0) return [`proven smallest: ${cells} cells${same}`];
          return r.code === 3 ? [`not proven in ${L} s; valid annotation of ${cells} cells (of ${black} black)${r.wall > 2 * o.limit ? ', worker stopped at the hard limit: fallback annotation' : ''}${same}`] : [`exit ${exitOf(r)}: ${firstLine(r.stderr)}`, wrongExit(r, [0, 3])];
        } },
        { cols: [`n = ${n}`, rc, 'verify'], args: ['verify', '--jobs', '1', '--timeout', L, '--quiet', cipher(rc)], out: join(w, `classic-${n}-${rc}.verify`), judge: (r, out) => {
          const v = verdictOf(r, out);
          return [v, /^(multiple|none)/.test(v) ? `verify of the encrypted block says "${v}": a wrong verdict or an invalid annotation` : rc === 'logic' && /^unique \(needs search/.test(v) ? `the annotation does not make the block line-solvable ("${v}")` : undefined];
        } },
        { cols: [`n = ${n}`, rc, 'decrypt'], args: ['decrypt', '--table', 'classic', '--jobs', '1', '--timeout', L, '--quiet', cipher(rc)], out: join(w, `classic-${n}-${rc}.decrypted`), judge: (r, out) => {
          const back = r.code === 0 ? (decrypted(out) === text ? 'text back' : 'WRONG TEXT') : firstLine(r.stderr);
          return [back, back === 'WRONG TEXT' ? 'decrypt gave a different text' : wrongExit(r, [0, 3])];
        } },
      );
    }
    steps.push({ cols: [`n = ${n}`, '(no annotation)', 'verify'], args: ['verify', '--jobs', '1', '--timeout', L, '--quiet', cipher('bare')], out: join(w, `classic-${n}-bare.verify`), judge: (r, out) => [verdictOf(r, out), /^none/.test(verdictOf(r, out)) ? 'the bare block (clues of a real picture) was called unsolvable' : undefined] });
  }
  return part({
    marker: 'classic',
    title: 'Large boards, classic table: how far the receivers reach within the time limit',
    about: `One block each: a message of n*n/5 characters of English, classic table, \`--jobs 1 --timeout ${L}\`. The time limit is the minimizer's budget for proving the annotation smallest; a block still running at twice the limit plus 1 s has its worker stopped and gets a valid fallback annotation (every black cell propagation leaves open). Exit 0 = proven smallest, 3 = valid but not proven (encrypt) or undecided (verify/decrypt). The last row of each size verifies the block with its clues only.`,
    inputs: steps,
    commands: [cap],
    views: (runs) => [view({ rows: runs, columns: columns(['board', 'receiver', 'command'], 'result') })],
    problems,
  });
}

function verifyPart(cap: Command<Step, Done>) {
  const w = workFolder();
  const expected = uniqueByCounting(all4x4()).filter(Boolean).length;
  const inputs: [string, string, number][] = [['every 4x4 picture', join(w, 'all-4x4.cipher'), 65_536], ['random 8x8, density 0.5, seed 1', join(w, 'random-8x8-10000.cipher'), 10_000]];
  const steps = inputs.flatMap(([name, file, blocks]) => ['1', '2'].map((jobs): Step => ({
    cols: [name, int(blocks), jobs],
    args: ['verify', '--jobs', jobs, '--quiet', file],
    out: join(w, `verify-${blocks}-${jobs}.out`),
    judge: (r, out) => {
      const s = verifySummary(out);
      const counts = file.includes('4x4') ? (s.unique === expected ? `unique = ${int(expected)} by counting clue classes: agrees` : `unique by counting clue classes is ${int(expected)}: **DISAGREES**`) : '';
      const same = jobs === '2' ? (out === read(join(w, `verify-${blocks}-1.out`)) ? 'same output as jobs 1' : '**output differs from jobs 1**') : '';
      const bad = s.blocks !== blocks ? `summary "${s.line}" (exit ${exitOf(r)}: ${firstLine(r.stderr)})` : r.code !== (s.multiple || s.none ? 1 : s.unknown ? 3 : 0) ? `exit ${exitOf(r)} does not match "${s.line}"` : counts.includes('DISAGREES') || same.includes('differs') ? `${counts}${same}` : undefined;
      return [[counts, same].filter(Boolean).join('; '), bad];
    },
  })));
  return part({
    marker: 'verify',
    title: 'Verify throughput: many small blocks',
    about: 'One ciphertext per input (clues only, no annotations), verified by one process; exit 1 is expected (some blocks are ambiguous).',
    inputs: async () => {
      await writeClueCiphertext(inputs[0]![1], 4, 4, all4x4());
      await writeClueCiphertext(inputs[1]![1], 8, 8, randomGrids(8, 8, 10_000, 0.5, 1));
      return steps;
    },
    commands: [cap],
    views: (runs) => [view({
      rows: runs,
      columns: columns(['blocks', 'count', 'jobs'], undefined, [['blocks/s (wall)', (x) => int(Math.round(Number(String(x.input.cols[1]).replace(/,/g, '')) / x.value.r.wall))]]).flatMap((c): Column<R>[] => c[0] === 'exit' ? [['unique (line-solvable) / multiple / none / unknown', (x) => {
        const s = verifySummary(read(x.input.out!));
        return `${int(s.unique)} (${int(s.lineSolvable)} line-solvable) / ${int(s.multiple)} / ${int(s.none)} / ${int(s.unknown)}`;
      }], c, ['check', (x) => x.value.result]] : [c]),
    })],
    problems,
  });
}

function memoryPart(o: { 'memory-blocks': number[]; copies: number[]; 'text-chars': number }, cap: Command<Step, Done>) {
  const w = workFolder();
  const text = englishText(o['text-chars']);
  const padded = text.padEnd(Math.ceil(text.length / 125) * 125, ' ');
  const counts = [...o['memory-blocks']].sort((a, b) => a - b);
  const copies = [...o.copies].sort((a, b) => a - b);
  const file8 = (n: number) => join(w, `random-8x8-${n}.cipher`);
  const fileText = (k: number) => join(w, `text-x${k}.cipher`);
  const size = (f: string) => mb(existsSync(f) ? statSync(f).size : 0);
  const steps: Step[] = [
    ...counts.map((n): Step => ({ cols: ['verify', 'random 8x8 (density 0.5)', int(n), ''], args: ['verify', '--jobs', '2', '--quiet', file8(n)], judge: (r) => ['', wrongExit(r, [0, 1])] })),
    ...copies.flatMap((k): Step[] => [
      { cols: ['decrypt', `${mb(text.length)} text x ${k}, frequency 25x25`, k, ''], args: ['decrypt', '--table', 'frequency', '--jobs', '2', '--quiet', fileText(k)], out: join(w, `text-x${k}.decrypted`), judge: (r, out) => ['', wrongExit(r, [0]) ?? (decrypted(out) === padded.repeat(k).trimEnd() ? undefined : 'gave a different text')] },
      { cols: ['verify', `${mb(text.length)} text x ${k}, frequency 25x25`, k, ''], args: ['verify', '--jobs', '2', '--quiet', fileText(k)], judge: (r) => ['', wrongExit(r, [0])] },
    ]),
  ];
  return part({
    marker: 'memory',
    title: 'Memory against the number of blocks',
    about: 'Peak resident memory against input size, `--jobs 2`. The 8x8 files are written fresh (same seed, so each is a prefix of the next); the text ciphertexts are the ciphertext of part "text" with its blocks repeated.',
    inputs: async () => {
      for (const n of counts) await writeClueCiphertext(file8(n), 8, 8, randomGrids(8, 8, n, 0.5, 1));
      if (!read(join(w, 'text-2.cipher'))) {
        writeFileSync(join(w, 'text.txt'), text);
        await runProcess(cliArgv('encrypt', '--size', '25', '--table', 'frequency', '--jobs', '2', '--quiet', '-o', join(w, 'text-2.cipher'), '-'), { stdinFile: join(w, 'text.txt') });
      }
      const cipher = read(join(w, 'text-2.cipher'));
      const nl = cipher.indexOf('\n');
      for (const k of copies) await writeStream(fileText(k), [cipher.slice(0, nl + 1), ...Array.from({ length: k }, () => cipher.slice(nl + 1))]);
      const blocks = (cipher.split('\n').length - 2) / 2;
      return steps.map((s) => ({ ...s, cols: [s.cols[0]!, s.cols[1]!, typeof s.cols[2] === 'number' ? int(s.cols[2] * blocks) : s.cols[2]!, size(s.args[s.args.length - 1]!)] }));
    },
    commands: [cap],
    views: (runs) => {
      const growth = (label: string, rs: readonly R[], xs: number[], unit: string) => {
        const rss = rs.map((x) => x.value.r.rssMiB);
        if (rss.length < 2) return [];
        const d = rss[rss.length - 1]! - rss[0]!;
        return [`- ${label}: peak RSS ${rss.map(mib).join(' -> ')} MiB for ${xs.map(int).join(' -> ')} ${unit} (${d >= 0 ? '+' : ''}${mib(d)} MiB, x${(rss[rss.length - 1]! / rss[0]!).toFixed(2)} for x${(xs[xs.length - 1]! / xs[0]!).toFixed(0)} the input).`];
      };
      const textRuns = (cmd: string) => runs.filter((x) => x.input.cols[0] === cmd && String(x.input.cols[1]).includes('text'));
      return [view({
        rows: runs,
        columns: columns(['command', 'input', 'blocks', 'file']),
        after: [...growth('verify, random 8x8', runs.filter((x) => String(x.input.cols[1]).startsWith('random')), counts, 'blocks'), ...growth('decrypt, text', textRuns('decrypt'), copies, 'copies'), ...growth('verify, text', textRuns('verify'), copies, 'copies')].join('\n'),
      })];
    },
    problems,
  });
}

/**
 * Random boards of one density, the hardest for their size (about half the cells black), as
 * `nonocrypt solve FILE --jobs 1` decides them: how many are decided within a limit on the
 * process's CPU time (the kernel's, so that a busy shared machine does not turn decided boards
 * into undecided ones, as a wall-clock `--timeout` would), and in how long. The README's (and docs/explanation/solver.md's)
 * sentence on large boards quotes this part's summary.
 */
function randomPart(o: { 'random-sides': number[]; 'random-boards': number; density: number; 'random-limit': number }) {
  const w = workFolder();
  const L = String(o['random-limit']);
  const cap = cliStep(10 * o['random-limit'], o['random-limit']);
  const sides = [...o['random-sides']].sort((a, b) => a - b);
  const boards = o['random-boards'];
  // One seed per side, so that adding a side leaves the boards of the others as they were.
  const entries = sides.flatMap((n) => randomSet(`random-${n}`, boards, 20261128 + n, () => n, () => o.density));
  const steps = entries.map((e): Step => {
    const file = join(w, `${e.id}.non`);
    return {
      cols: [`${e.puzzle.width}x${e.puzzle.height}`, e.index, o.density],
      args: ['solve', '--jobs', '1', '--json', file],
      out: join(w, `${e.id}.json`),
      judge: (r, out) => {
        if (r.stopped) return [`undecided (stopped: ${r.stopped})`];
        const status = (() => { try { return (JSON.parse(out) as { status?: string }).status ?? ''; } catch { return ''; } })();
        if (status === 'unique' || status === 'multiple') return [status, wrongExit(r, [0, 1])];
        // A random board's own picture fits its clues: `none` is a wrong verdict.
        return [status || `exit ${exitOf(r)}: ${firstLine(r.stderr)}`, `solve says "${status || firstLine(r.stderr)}"`];
      },
    };
  });
  const decidedRun = (x: R) => x.value.result === 'unique' || x.value.result === 'multiple';
  return part({
    marker: 'random',
    title: `Random boards, density ${o.density}: solve within ${L} CPU s`,
    about: `${boards} boards per side, each cell black with probability ${o.density} (seed 20261128 + side), solved by \`nonocrypt solve FILE --jobs 1 --json\` (one thread: CPU s is the whole process's, start-up included), stopped by the kernel at ${L} CPU s (RLIMIT_CPU: a busy machine slows the wall clock, not this limit). Boards of density 0.5 are the hardest random ones for their size; at 0.55-0.6 propagation and probing leave most of them a few dozen open cells at most (section \`solve\`, "Random boards").`,
    inputs: () => {
      entries.forEach((e, k) => writeFileSync(steps[k]!.args[steps[k]!.args.length - 1]!, formatNon({ puzzle: e.puzzle, title: `${e.id} (density ${o.density})` })));
      return steps;
    },
    commands: [cap],
    views: (runs) => [view({
      rows: runs,
      columns: columns(['board', '#', 'density'], 'verdict'),
      after: sides.map((n) => {
        const rs = runs.filter((x) => x.input.cols[0] === `${n}x${n}`);
        const done = rs.filter(decidedRun).map((x) => x.value.r.cpu);
        return `- ${n}x${n}: ${done.length} of ${rs.length} decided within ${L} CPU s${done.length ? `, CPU s median ${secs(median(done))}, max ${secs(max(done))}` : ''}.`;
      }).join('\n'),
    })],
    problems,
  });
}

export const suite = defineSuite({
  about: 'long messages, many blocks, large boards: CLI time and peak memory (--part text|big|classic|verify|memory|random)',
  flags: {
    part: list([...PARTS], 'parts', PARTS),
    cap: num(900, 'safety cap per CLI run, wall s'),
    'text-chars': whole(1_000_000, 'characters of the long message'),
    limit: num(60, 'time limit of the classic blocks, s'),
    'memory-blocks': ints([10_000, 40_000, 160_000, 320_000], 'random 8x8 blocks per memory run'),
    copies: ints([1, 2, 4], 'copies of the 1 MB ciphertext per memory run'),
    'random-sides': ints([60, 70, 80], 'board sides of part random'),
    'random-boards': whole(3, 'boards per side of part random'),
    density: num(0.5, 'probability of a black cell in part random', [(n) => n > 0 && n < 1, 'a number between 0 and 1']),
    'random-limit': num(60, 'CPU limit per board of part random, s'),
  },
  title: () => 'scale: long messages, many blocks, large boards',
  markers: PARTS,
  intro: () => `Every figure comes from running the built CLI (\`node --single-threaded-gc dist/nonocrypt.mjs encrypt|decrypt|verify ...\`, the flags of its #! line) as a child
process on inputs generated deterministically into a temporary folder. Wall time is measured around the whole
process (start-up included); CPU (user + system) and peak resident memory (max RSS) are the process's own, worker
threads included, from ${measuredBy}. "load" is the one-minute load average just before each run: other work shares
the machine, so wall times (and the 2-job speed-up) vary with it, CPU times much less. Parts can be rerun alone
(\`--part text|big|classic|verify|memory|random\`); each part below states its own date, machine and command.`,
  parts: (o) => {
    const cap = cliStep(o.cap);
    const all = { text: () => textPart(o, cap), big: () => bigPart(cap), classic: () => classicPart(o, cap), verify: () => verifyPart(cap), memory: () => memoryPart(o, cap), random: () => randomPart(o) };
    return PARTS.filter((p) => o.part.includes(p)).map((p) => all[p]());
  },
});
