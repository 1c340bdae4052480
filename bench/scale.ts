import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { builtinTable } from '../src/cipher/Table.js';
import { messageGrids } from '../src/cipher/encrypt.js';
import { formatCipherBlock } from '../src/formats/ciphertext.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { parseAnnotation } from '../src/formats/symbols.js';
import { commandLine, machine, markdownTable, packageRoot, parseArgs, progress, secs, writeSection } from './common.js';
import { all4x4, englishText, randomGrids, repeatCiphertext, unique4x4ByCounting, writeClueCiphertext } from './scaleInputs.js';
import { cpuOf, measuredBy, runCli, type CliRun } from './scaleRun.js';

/**
 * The scale benchmark: how far the CLI reaches on long messages, many blocks and large
 * boards, in time and in memory. Every figure comes from running the built CLI
 * (`node --single-threaded-gc dist/src/cli/main.js ...`, the flags of its #! line) as a child process, so that CPU and peak resident memory
 * are that process's own (worker threads included), from the operating system's accounting.
 *
 * Parts (`--part a,b`; default all):
 * - text: a 1 MB English text, frequency table, n = 25: encrypt and decrypt with 1 and 2 jobs.
 * - big: one block of the frequency table at n = 100 and n = 200: decrypt time per block.
 * - classic: one block of the classic table at n = 50 and 100, both receivers, with a time
 *   limit (default 60 s): is the annotation proven, its size, and verify/decrypt of it.
 * - verify: every 4x4 picture (65,536 blocks) and 10,000 random 8x8 pictures, jobs 1 and 2.
 * - memory: peak RSS against the number of blocks (verify of 10k/40k/160k/320k random 8x8 blocks;
 *   decrypt and verify of the 1 MB ciphertext repeated 1, 2, 4 times).
 *
 * Inputs are generated deterministically into a temporary folder (never into the repository).
 */

const PARTS = ['text', 'big', 'classic', 'verify', 'memory'] as const;
type Part = (typeof PARTS)[number];

interface Options {
  readonly work: string;
  readonly capS: number;
  readonly textChars: number;
  readonly limitS: number;
  readonly memoryBlocks: number[];
  readonly copies: number[];
  readonly args: readonly string[];
}

interface PartReport {
  readonly part: Part;
  readonly markdown: string;
  /** Wrong results (not slowness): these make the bench exit with 1. */
  readonly problems: string[];
  /** Targets missed and other things worth a look. */
  readonly notes: string[];
}

const mib = (x: number): string => (Number.isFinite(x) ? x.toFixed(0) : '-');
const int = (x: number): string => x.toLocaleString('en-US');
const exitOf = (r: CliRun): string => (r.capped ? `killed at the bench cap` : r.code === undefined ? (r.signal ?? '?') : String(r.code));
const firstLine = (s: string): string => s.trim().split('\n')[0] ?? '';
const read = (path: string): string => (existsSync(path) ? readFileSync(path, 'utf8') : '');
const sizeOf = (path: string): number => (existsSync(path) ? statSync(path).size : 0);
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(bytes >= 1e7 ? 0 : 1)} MB`;

function logRun(label: string, r: CliRun): void {
  progress(
    `  ${label}: ${secs(r.wall)} s wall, ${secs(cpuOf(r))} s CPU, ${mib(r.rssMiB)} MiB peak RSS, exit ${exitOf(r)}, load ${r.load.toFixed(2)}` +
      (r.stderr.trim() ? `; stderr: ${firstLine(r.stderr).slice(0, 200)}` : ''),
  );
}

async function cli(o: Options, label: string, args: string[], io: { stdin?: string; stdout?: string } = {}): Promise<CliRun> {
  const r = await runCli(args, { ...io, capS: o.capS, workDir: o.work });
  logRun(label, r);
  return r;
}

/** Cells named by a ciphertext's annotation lines (lines 3, 5, ...). */
function annotationStats(cipher: string): { blocks: number; annotated: number; cells: number } {
  const lines = cipher.split('\n');
  let blocks = 0;
  let annotated = 0;
  let cells = 0;
  for (let i = 2; i < lines.length; i += 2) {
    const line = lines[i]!;
    if (line === '' && i === lines.length - 1) break;
    blocks++;
    if (line.trim() === 'X') continue;
    annotated++;
    cells += parseAnnotation(line, (m) => {
      throw new Error(`annotation line ${i + 1}: ${m}`);
    }).length;
  }
  return { blocks, annotated, cells };
}

/** The text a decryption must give back: padding spaces and the final newline dropped. */
const decrypted = (out: string): string => out.replace(/\n$/, '');

/** `N blocks: a unique, b multiple, c none[, d unknown]` and the count of line-solvable blocks. */
function verifySummary(out: string): { line: string; unique: number; multiple: number; none: number; unknown: number; lineSolvable: number; blocks: number } {
  const lines = out.trimEnd().split('\n');
  const line = lines[lines.length - 1] ?? '';
  const m = /^(\d+) blocks?: (\d+) unique, (\d+) multiple, (\d+) none(?:, (\d+) unknown)?$/.exec(line);
  let lineSolvable = 0;
  for (const l of lines) if (l.endsWith('unique (line-solvable)')) lineSolvable++;
  if (!m) return { line, unique: NaN, multiple: NaN, none: NaN, unknown: NaN, lineSolvable, blocks: NaN };
  return { line, blocks: +m[1]!, unique: +m[2]!, multiple: +m[3]!, none: +m[4]!, unknown: +(m[5] ?? 0), lineSolvable };
}

// ---------------------------------------------------------------- text

async function partText(o: Options): Promise<PartReport> {
  const problems: string[] = [];
  const notes: string[] = [];
  const text = englishText(o.textChars);
  const textFile = join(o.work, 'text.txt');
  writeFileSync(textFile, text);
  progress(`text: ${int(text.length)} characters, frequency table, n = 25`);
  const variants: { label: string; jobs: string[] }[] = [
    { label: '1 (in the main thread)', jobs: ['--jobs', '1'] },
    { label: '1 (one worker: `--timeout 3600`)', jobs: ['--jobs', '1', '--timeout', '3600'] },
    { label: '2', jobs: ['--jobs', '2'] },
  ];
  const rows: (string | number)[][] = [];
  const enc: CliRun[] = [];
  const dec: CliRun[] = [];
  const ciphers: string[] = [];
  for (const [k, v] of variants.entries()) {
    const out = join(o.work, `text-${k}.cipher`);
    const r = await cli(o, `encrypt jobs ${v.label}`, ['encrypt', '--size', '25', '--table', 'frequency', ...v.jobs, '--quiet', '-o', out, '-'], { stdin: textFile });
    enc.push(r);
    ciphers.push(read(out));
    if (r.code !== 0) problems.push(`encrypt (jobs ${v.label}) exited ${exitOf(r)}: ${firstLine(r.stderr)}`);
    if (k > 0 && ciphers[k] !== ciphers[0]) problems.push(`encrypt with jobs ${v.label} wrote a different ciphertext than with jobs 1 in the main thread`);
  }
  const cipherFile = join(o.work, 'text-2.cipher');
  const stats = annotationStats(ciphers[2] ?? '');
  for (const [k, v] of variants.entries()) {
    const out = join(o.work, `text-${k}.decrypted`);
    const r = await cli(o, `decrypt jobs ${v.label}`, ['decrypt', '--table', 'frequency', ...v.jobs, '--quiet', '-o', out, cipherFile]);
    dec.push(r);
    const ok = decrypted(read(out)) === text;
    if (r.code !== 0) problems.push(`decrypt (jobs ${v.label}) exited ${exitOf(r)}: ${firstLine(r.stderr)}`);
    else if (!ok) problems.push(`decrypt (jobs ${v.label}) did not give back the text`);
  }
  for (const [name, runs] of [['encrypt', enc], ['decrypt', dec]] as const) {
    for (const [k, v] of variants.entries()) {
      const r = runs[k]!;
      rows.push([name, v.label, secs(r.wall), secs(cpuOf(r)), mib(r.rssMiB), exitOf(r), r.load.toFixed(2)]);
    }
  }
  const speed = (runs: CliRun[]) => `${(runs[0]!.wall / runs[2]!.wall).toFixed(2)}x (over the main thread), ${(runs[1]!.wall / runs[2]!.wall).toFixed(2)}x (over one worker)`;
  const e2 = enc[2]!;
  const d2 = dec[2]!;
  const target = (r: CliRun, limit: number) => (r.wall < limit ? `met (${secs(r.wall)} s < ${limit} s)` : `**missed** (${secs(r.wall)} s >= ${limit} s)`);
  if (!(e2.wall < 60)) notes.push(`text: encrypt with 2 jobs took ${secs(e2.wall)} s (target < 60 s)`);
  if (!(d2.wall < 30)) notes.push(`text: decrypt with 2 jobs took ${secs(d2.wall)} s (target < 30 s)`);
  if (enc[0]!.wall > 1.5 * enc[1]!.wall) {
    notes.push(
      `text: encrypt with --jobs 1 in the main thread took ${secs(enc[0]!.wall)} s wall / ${secs(cpuOf(enc[0]!))} s CPU, ` +
        `against ${secs(enc[1]!.wall)} s / ${secs(cpuOf(enc[1]!))} s with one worker thread (same blocks, same output)`,
    );
  }
  const md = [
    `Input: ${int(text.length)} characters of English (${int(stats.blocks)} blocks of 25x25); ciphertext ${mb(ciphers[2]?.length ?? 0)}, ` +
      `${int(stats.annotated)} annotated blocks, ${int(stats.cells)} annotation cells in all (receiver \`unique\`). ` +
      `All three encryptions wrote the same ciphertext${problems.some((p) => p.includes('different ciphertext')) ? ' — **NO, see problems**' : ''}; ` +
      `every decryption gave back the text${problems.some((p) => p.startsWith('decrypt')) ? ' — **NO, see problems**' : ''}.`,
    '',
    '`--jobs 1` runs every block in the main thread (no worker at all); a time limit forces the worker pool, ' +
      'so `--jobs 1 --timeout 3600` is one worker thread, with line-solvable blocks answered in the main thread.',
    '',
    markdownTable(['command', 'jobs', 'wall s', 'CPU s', 'peak RSS MiB', 'exit', 'load (1 min) at start'], rows),
    '',
    `- Speed-up of 2 jobs, wall time: encrypt ${speed(enc)}; decrypt ${speed(dec)}.`,
    `- Targets with 2 jobs: encrypt under 60 s ${target(e2, 60)}; decrypt under 30 s ${target(d2, 30)}.`,
  ].join('\n');
  return { part: 'text', markdown: md, problems, notes };
}

// ---------------------------------------------------------------- big

async function partBig(o: Options): Promise<PartReport> {
  const problems: string[] = [];
  const notes: string[] = [];
  const rows: (string | number)[][] = [];
  // The fixed cost of a process: decrypting one 5x5 block.
  const tiny = join(o.work, 'hello.cipher');
  writeFileSync(tiny, '5\n0,13,4,1,11,1,11,2,2,4\nX\n');
  const base = await cli(o, 'baseline: decrypt one 5x5 block', ['decrypt', '--jobs', '1', '--quiet', tiny]);
  rows.push(['baseline: one 5x5 block', '-', 'decrypt', secs(base.wall), secs(cpuOf(base)), mib(base.rssMiB), exitOf(base), '-', base.load.toFixed(2)]);
  for (const n of [100, 200]) {
    const text = englishText((n * n) / 5, 100 + n);
    const textFile = join(o.work, `big-${n}.txt`);
    const cipherFile = join(o.work, `big-${n}.cipher`);
    writeFileSync(textFile, text);
    progress(`big: n = ${n}, ${text.length} characters (one block), frequency table`);
    const e = await cli(o, `encrypt n=${n}`, ['encrypt', '--size', String(n), '--table', 'frequency', '--jobs', '1', '--quiet', '-o', cipherFile, '-'], { stdin: textFile });
    const cipher = read(cipherFile);
    const st = annotationStats(cipher);
    if (e.code !== 0) problems.push(`big n=${n}: encrypt exited ${exitOf(e)}: ${firstLine(e.stderr)}`);
    if (st.blocks !== 1) problems.push(`big n=${n}: expected one block, got ${st.blocks}`);
    rows.push([`n = ${n}`, 1, 'encrypt', secs(e.wall), secs(cpuOf(e)), mib(e.rssMiB), exitOf(e), `${st.cells} annotation cells`, e.load.toFixed(2)]);
    const outFile = join(o.work, `big-${n}.decrypted`);
    const d = await cli(o, `decrypt n=${n}`, ['decrypt', '--table', 'frequency', '--jobs', '1', '--quiet', '-o', outFile, cipherFile]);
    const ok = d.code === 0 && decrypted(read(outFile)) === text;
    if (!ok) problems.push(`big n=${n}: decrypt exited ${exitOf(d)} ${d.code === 0 ? 'with the wrong text' : firstLine(d.stderr)}`);
    const perBlock = d.wall - base.wall;
    rows.push([`n = ${n}`, 1, 'decrypt', secs(d.wall), secs(cpuOf(d)), mib(d.rssMiB), exitOf(d), ok ? `text back; ${secs(perBlock)} s over the baseline` : 'WRONG', d.load.toFixed(2)]);
    if (!(d.wall < 1)) notes.push(`big n=${n}: decrypting the one block took ${secs(d.wall)} s wall for the whole process (${secs(perBlock)} s over a 5x5 baseline); target < 1 s per block`);
    const vOut = join(o.work, `big-${n}.verify`);
    const v = await cli(o, `verify n=${n}`, ['verify', '--jobs', '1', '--quiet', cipherFile], { stdout: vOut });
    const verdict = firstLine(read(vOut)).replace(/^block 1: /, '');
    if (!verdict.startsWith('unique')) problems.push(`big n=${n}: verify says "${verdict}" (exit ${exitOf(v)})`);
    rows.push([`n = ${n}`, 1, 'verify', secs(v.wall), secs(cpuOf(v)), mib(v.rssMiB), exitOf(v), verdict || firstLine(v.stderr), v.load.toFixed(2)]);
  }
  const md = [
    'One block each: a message of n*n/5 characters of English, frequency table, receiver `unique`, `--jobs 1`. ' +
      'Times are of the whole process (start-up, reading, solving, writing); the first row is the fixed cost of a process ' +
      'that decrypts one 5x5 block, and "over the baseline" subtracts it.',
    '',
    markdownTable(['board', 'blocks', 'command', 'wall s', 'CPU s', 'peak RSS MiB', 'exit', 'result', 'load (1 min) at start'], rows),
  ].join('\n');
  return { part: 'big', markdown: md, problems, notes };
}

// ---------------------------------------------------------------- classic

async function partClassic(o: Options): Promise<PartReport> {
  const problems: string[] = [];
  const notes: string[] = [];
  const rows: (string | number)[][] = [];
  const L = String(o.limitS);
  for (const n of [50, 100]) {
    const text = englishText((n * n) / 5, 300 + n);
    const textFile = join(o.work, `classic-${n}.txt`);
    writeFileSync(textFile, text);
    progress(`classic: n = ${n}, ${text.length} characters (one block), time limit ${L} s`);
    const grid = messageGrids(text, { size: n, table: builtinTable('classic') }).grids[0]!;
    const black = grid.cells.reduce((a, b) => a + b, 0);
    const annotations = new Map<string, string>();
    // The bare block: its clues with no annotation, verified after the receivers' rows.
    const bareFile = join(o.work, `classic-${n}-bare.cipher`);
    writeFileSync(bareFile, `${n}\n${formatCipherBlock({ puzzle: puzzleOf(grid), annotation: [] })}`);
    for (const receiver of ['unique', 'logic'] as const) {
      const cipherFile = join(o.work, `classic-${n}-${receiver}.cipher`);
      const e = await cli(o, `encrypt n=${n} ${receiver}`, ['encrypt', '--size', String(n), '--table', 'classic', '--receiver', receiver, '--jobs', '1', '--timeout', L, '--quiet', '-o', cipherFile, '-'], {
        stdin: textFile,
      });
      const cipher = read(cipherFile);
      if (!cipher) {
        problems.push(`classic n=${n} ${receiver}: encrypt wrote no ciphertext (exit ${exitOf(e)}: ${firstLine(e.stderr)})`);
        rows.push([`n = ${n}`, receiver, 'encrypt', secs(e.wall), secs(cpuOf(e)), mib(e.rssMiB), exitOf(e), firstLine(e.stderr) || 'no output', e.load.toFixed(2)]);
        continue;
      }
      const st = annotationStats(cipher);
      annotations.set(receiver, cipher.split('\n')[2] ?? '');
      const same = receiver === 'logic' && annotations.get('unique') === annotations.get('logic') ? '; the same annotation as receiver unique' : '';
      const proven = e.code === 0;
      const stopped = e.wall > 2 * o.limitS;
      const what = proven
        ? `proven smallest: ${st.cells} cells${same}`
        : e.code === 3
          ? `not proven in ${L} s; valid annotation of ${st.cells} cells (of ${black} black)${stopped ? ', worker stopped at the hard limit: fallback annotation' : ''}${same}`
          : `exit ${exitOf(e)}: ${firstLine(e.stderr)}`;
      if (e.code !== 0 && e.code !== 3) problems.push(`classic n=${n} ${receiver}: encrypt exited ${exitOf(e)}: ${firstLine(e.stderr)}`);
      rows.push([`n = ${n}`, receiver, 'encrypt', secs(e.wall), secs(cpuOf(e)), mib(e.rssMiB), exitOf(e), what, e.load.toFixed(2)]);
      const vOut = join(o.work, `classic-${n}-${receiver}.verify`);
      const v = await cli(o, `verify n=${n} ${receiver}`, ['verify', '--jobs', '1', '--timeout', L, '--quiet', cipherFile], { stdout: vOut });
      const verdict = firstLine(read(vOut)).replace(/^block 1: /, '') || firstLine(v.stderr);
      if (/^(multiple|none)/.test(verdict)) problems.push(`classic n=${n} ${receiver}: verify of the encrypted block says "${verdict}": a wrong verdict or an invalid annotation`);
      if (receiver === 'logic' && /^unique \(needs search/.test(verdict)) problems.push(`classic n=${n} logic: the annotation does not make the block line-solvable ("${verdict}")`);
      rows.push([`n = ${n}`, receiver, 'verify', secs(v.wall), secs(cpuOf(v)), mib(v.rssMiB), exitOf(v), verdict, v.load.toFixed(2)]);
      const dOut = join(o.work, `classic-${n}-${receiver}.decrypted`);
      const d = await cli(o, `decrypt n=${n} ${receiver}`, ['decrypt', '--table', 'classic', '--jobs', '1', '--timeout', L, '--quiet', '-o', dOut, cipherFile]);
      const back = d.code === 0 ? (decrypted(read(dOut)) === text ? 'text back' : 'WRONG TEXT') : firstLine(d.stderr);
      if (d.code === 0 && back !== 'text back') problems.push(`classic n=${n} ${receiver}: decrypt gave a different text`);
      if (d.code !== 0 && d.code !== 3) problems.push(`classic n=${n} ${receiver}: decrypt exited ${exitOf(d)}: ${back}`);
      rows.push([`n = ${n}`, receiver, 'decrypt', secs(d.wall), secs(cpuOf(d)), mib(d.rssMiB), exitOf(d), back, d.load.toFixed(2)]);
    }
    {
      const vOut = join(o.work, `classic-${n}-bare.verify`);
      const v = await cli(o, `verify n=${n} bare`, ['verify', '--jobs', '1', '--timeout', L, '--quiet', bareFile], { stdout: vOut });
      const verdict = firstLine(read(vOut)).replace(/^block 1: /, '') || firstLine(v.stderr);
      if (/^none/.test(verdict)) problems.push(`classic n=${n}: the bare block (clues of a real picture) was called unsolvable`);
      rows.push([`n = ${n}`, '(no annotation)', 'verify', secs(v.wall), secs(cpuOf(v)), mib(v.rssMiB), exitOf(v), verdict, v.load.toFixed(2)]);
    }
  }
  const md = [
    `One block each: a message of n*n/5 characters of English, classic table, \`--jobs 1 --timeout ${L}\`. ` +
      `The time limit is the minimizer's budget for proving the annotation smallest; a block still running at twice the limit plus 1 s has its worker stopped ` +
      `and gets a valid fallback annotation (every black cell propagation leaves open). Exit 0 = proven smallest, 3 = valid but not proven (encrypt) or undecided (verify/decrypt). ` +
      'The last row of each size verifies the block with its clues only.',
    '',
    markdownTable(['board', 'receiver', 'command', 'wall s', 'CPU s', 'peak RSS MiB', 'exit', 'result', 'load (1 min) at start'], rows),
  ].join('\n');
  for (const r of rows) if (String(r[7]).startsWith('unknown')) notes.push(`classic ${r[0]} ${r[1]} ${r[2]}: ${r[7]}`);
  return { part: 'classic', markdown: md, problems, notes };
}

// ---------------------------------------------------------------- verify

async function partVerify(o: Options): Promise<PartReport> {
  const problems: string[] = [];
  const notes: string[] = [];
  const rows: (string | number)[][] = [];
  const f4 = join(o.work, 'all-4x4.cipher');
  const f8 = join(o.work, 'random-8x8-10000.cipher');
  const n4 = await writeClueCiphertext(f4, 4, 4, all4x4());
  const n8 = await writeClueCiphertext(f8, 8, 8, randomGrids(8, 8, 10_000, 0.5, 1));
  const expected4 = unique4x4ByCounting();
  for (const [name, file, blocks] of [
    ['every 4x4 picture', f4, n4],
    ['random 8x8, density 0.5, seed 1', f8, n8],
  ] as const) {
    progress(`verify: ${name}, ${int(blocks)} blocks (${mb(sizeOf(file))})`);
    const outs: string[] = [];
    for (const jobs of ['1', '2']) {
      const out = join(o.work, `verify-${blocks}-${jobs}.out`);
      const r = await cli(o, `verify ${name} jobs ${jobs}`, ['verify', '--jobs', jobs, '--quiet', file], { stdout: out });
      const text = read(out);
      outs.push(text);
      const s = verifySummary(text);
      if (s.blocks !== blocks) problems.push(`verify ${name} jobs ${jobs}: summary "${s.line}" (exit ${exitOf(r)}: ${firstLine(r.stderr)})`);
      if (r.code !== (s.multiple || s.none ? 1 : s.unknown ? 3 : 0)) problems.push(`verify ${name} jobs ${jobs}: exit ${exitOf(r)} does not match "${s.line}"`);
      let check = '';
      if (file === f4) {
        check = s.unique === expected4 ? `unique = ${int(expected4)} by counting clue classes: agrees` : `unique by counting clue classes is ${int(expected4)}: **DISAGREES**`;
        if (s.unique !== expected4) problems.push(`verify 4x4 jobs ${jobs}: ${s.unique} unique, counting clue classes gives ${expected4}`);
      }
      if (jobs === '2') {
        const same = outs[0] === outs[1];
        check += `${check ? '; ' : ''}${same ? 'same output as jobs 1' : '**output differs from jobs 1**'}`;
        if (!same) problems.push(`verify ${name}: the output with --jobs 2 differs from --jobs 1`);
      }
      rows.push([
        name,
        int(blocks),
        jobs,
        secs(r.wall),
        secs(cpuOf(r)),
        int(Math.round(blocks / r.wall)),
        mib(r.rssMiB),
        `${int(s.unique)} (${int(s.lineSolvable)} line-solvable) / ${int(s.multiple)} / ${int(s.none)} / ${int(s.unknown)}`,
        exitOf(r),
        check,
        r.load.toFixed(2),
      ]);
      if (file === f4 && !(r.wall < 30)) notes.push(`verify: 65,536 4x4 blocks with --jobs ${jobs} took ${secs(r.wall)} s (target < 30 s)`);
    }
  }
  const md = [
    'One ciphertext per input (clues only, no annotations), verified by one process; exit 1 is expected (some blocks are ambiguous).',
    '',
    markdownTable(
      ['blocks', 'count', 'jobs', 'wall s', 'CPU s', 'blocks/s (wall)', 'peak RSS MiB', 'unique (line-solvable) / multiple / none / unknown', 'exit', 'check', 'load (1 min) at start'],
      rows,
    ),
  ].join('\n');
  return { part: 'verify', markdown: md, problems, notes };
}

// ---------------------------------------------------------------- memory

async function partMemory(o: Options, textCipher: string | undefined): Promise<PartReport> {
  const problems: string[] = [];
  const notes: string[] = [];
  const rows: (string | number)[][] = [];
  const counts = [...o.memoryBlocks].sort((a, b) => a - b);
  const verifyRss: number[] = [];
  for (const count of counts) {
    const file = join(o.work, `random-8x8-${count}.cipher`);
    await writeClueCiphertext(file, 8, 8, randomGrids(8, 8, count, 0.5, 1));
    const r = await cli(o, `verify ${int(count)} random 8x8 jobs 2`, ['verify', '--jobs', '2', '--quiet', file]);
    if (r.code !== 1 && r.code !== 0) problems.push(`memory: verify of ${count} 8x8 blocks exited ${exitOf(r)}: ${firstLine(r.stderr)}`);
    verifyRss.push(r.rssMiB);
    rows.push(['verify', `random 8x8 (density 0.5)`, int(count), mb(sizeOf(file)), secs(r.wall), secs(cpuOf(r)), mib(r.rssMiB), exitOf(r), r.load.toFixed(2)]);
    rmSync(file, { force: true });
  }
  // The 1 MB ciphertext of part "text", repeated.
  let cipher = textCipher;
  const text = englishText(o.textChars);
  if (!cipher) {
    const textFile = join(o.work, 'text.txt');
    writeFileSync(textFile, text);
    const out = join(o.work, 'memory-text.cipher');
    progress('memory: encrypting the text of part "text" first (--jobs 2)');
    const e = await cli(o, 'encrypt text jobs 2', ['encrypt', '--size', '25', '--table', 'frequency', '--jobs', '2', '--quiet', '-o', out, '-'], { stdin: textFile });
    if (e.code !== 0) problems.push(`memory: encrypt of the text exited ${exitOf(e)}: ${firstLine(e.stderr)}`);
    cipher = read(out);
  }
  const padded = text.padEnd(Math.ceil(text.length / 125) * 125, ' ');
  const decryptRss: number[] = [];
  const verify2Rss: number[] = [];
  const copyList = [...o.copies].sort((a, b) => a - b);
  for (const copies of copyList) {
    const file = join(o.work, `text-x${copies}.cipher`);
    const blocks = await repeatCiphertext(cipher, copies, file);
    const outFile = join(o.work, `text-x${copies}.decrypted`);
    const d = await cli(o, `decrypt ${copies} x text (${int(blocks)} blocks) jobs 2`, ['decrypt', '--table', 'frequency', '--jobs', '2', '--quiet', '-o', outFile, file]);
    const ok = d.code === 0 && decrypted(read(outFile)) === padded.repeat(copies).trimEnd();
    if (!ok) problems.push(`memory: decrypt of the text x${copies} ${d.code === 0 ? 'gave a different text' : `exited ${exitOf(d)}: ${firstLine(d.stderr)}`}`);
    rmSync(outFile, { force: true });
    decryptRss.push(d.rssMiB);
    rows.push(['decrypt', `${mb(text.length)} text x ${copies}, frequency 25x25`, int(blocks), mb(sizeOf(file)), secs(d.wall), secs(cpuOf(d)), mib(d.rssMiB), exitOf(d) + (ok ? '' : ' WRONG'), d.load.toFixed(2)]);
    const v = await cli(o, `verify ${copies} x text jobs 2`, ['verify', '--jobs', '2', '--quiet', file]);
    if (v.code !== 0) problems.push(`memory: verify of the text x${copies} exited ${exitOf(v)}: ${firstLine(v.stderr)}`);
    verify2Rss.push(v.rssMiB);
    rows.push(['verify', `${mb(text.length)} text x ${copies}, frequency 25x25`, int(blocks), mb(sizeOf(file)), secs(v.wall), secs(cpuOf(v)), mib(v.rssMiB), exitOf(v), v.load.toFixed(2)]);
    rmSync(file, { force: true });
  }
  const growth = (label: string, rss: number[], xs: number[], unit: string) => {
    if (rss.length < 2) return '';
    const d = rss[rss.length - 1]! - rss[0]!;
    const ratio = rss[rss.length - 1]! / rss[0]!;
    const line = `${label}: peak RSS ${rss.map(mib).join(' -> ')} MiB for ${xs.map(int).join(' -> ')} ${unit} (${d >= 0 ? '+' : ''}${mib(d)} MiB, x${ratio.toFixed(2)} for x${(xs[xs.length - 1]! / xs[0]!).toFixed(0)} the input)`;
    if (ratio > 1.3) notes.push(`memory: ${line}`);
    return `- ${line}.`;
  };
  const md = [
    'Peak resident memory against input size, `--jobs 2`. The 8x8 files are written fresh (same seed, so each is a prefix of the next); ' +
      'the text ciphertexts are the ciphertext of part "text" with its blocks repeated.',
    '',
    markdownTable(['command', 'input', 'blocks', 'file', 'wall s', 'CPU s', 'peak RSS MiB', 'exit', 'load (1 min) at start'], rows),
    '',
    ...[
      growth('verify, random 8x8', verifyRss, counts, 'blocks'),
      growth('decrypt, text', decryptRss, copyList, 'copies'),
      growth('verify, text', verify2Rss, copyList, 'copies'),
    ].filter((l) => l !== ''),
  ].join('\n');
  return { part: 'memory', markdown: md, problems, notes };
}

// ---------------------------------------------------------------- report

/** The commit the measured build comes from, and whether src/ had uncommitted changes (read-only git). */
function codeVersion(): string {
  const git = (...a: string[]) => spawnSync('git', a, { cwd: packageRoot(), encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return 'not a git checkout';
  const dirty = git('status', '--porcelain', '--', 'src').stdout.trim();
  return `commit ${head.stdout.trim()}${dirty ? ' with uncommitted changes in src/' : ''}`;
}

const TITLES: Record<Part, string> = {
  text: 'Long message: 1 MB of English, frequency table, n = 25',
  big: 'Large boards: one block of the frequency table at n = 100 and n = 200',
  classic: 'Large boards, classic table: how far the receivers reach within the time limit',
  verify: 'Verify throughput: many small blocks',
  memory: 'Memory against the number of blocks',
};

function partSection(r: PartReport, o: Options, started: Date, load: [number, number], wall: number): string {
  return [
    `<!-- scale:${r.part}:start -->`,
    `### ${TITLES[r.part]}`,
    '',
    `Run ${started.toISOString()} (${secs(wall)} s); machine: ${machine()}; ${(totalmem() / 1024 ** 3).toFixed(1)} GiB total, ` +
      `${(freemem() / 1024 ** 3).toFixed(1)} GiB free at the end. Load average (1 min) ${load[0].toFixed(2)} at the start of the part, ` +
      `${load[1].toFixed(2)} at its end (other work shares these ${cpus().length} cores). Code: ${codeVersion()}. Command: \`${commandLine('scale', o.args)}\` (after \`npm run build\`).`,
    '',
    r.markdown,
    ...(r.problems.length ? ['', '**Problems (wrong results):**', '', ...r.problems.map((p) => `- ${p}`)] : []),
    `<!-- scale:${r.part}:end -->`,
  ].join('\n');
}

const INTRO = `## scale: long messages, many blocks, large boards

Every figure comes from running the built CLI (\`node --single-threaded-gc dist/src/cli/main.js encrypt|decrypt|verify ...\`, the flags of its #! line) as a child
process on inputs generated deterministically into a temporary folder. Wall time is measured around the whole
process (start-up included); CPU (user + system) and peak resident memory (max RSS) are the process's own, worker
threads included, from MEASURED_BY. "load" is the one-minute load average just before each run: other work shares
the machine, so wall times (and the 2-job speed-up) vary with it, CPU times much less. Parts can be rerun alone
(\`--part text|big|classic|verify|memory\`); each part below states its own date, machine and command.`;

/** Keeps the parts of the existing section that were not rerun. */
function mergeSection(parts: Map<Part, string>): string {
  const file = join(packageRoot(), 'docs', 'BENCHMARKS.md');
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const i = old.indexOf('<!-- bench:scale:start -->');
  const j = old.indexOf('<!-- bench:scale:end -->');
  const body = i >= 0 && j > i ? old.slice(i, j) : '';
  const out = [INTRO.replace('MEASURED_BY', measuredBy())];
  for (const p of PARTS) {
    const fresh = parts.get(p);
    if (fresh) {
      out.push(fresh);
      continue;
    }
    const a = body.indexOf(`<!-- scale:${p}:start -->`);
    const b = body.indexOf(`<!-- scale:${p}:end -->`);
    if (a >= 0 && b > a) out.push(body.slice(a, b + `<!-- scale:${p}:end -->`.length));
  }
  return out.join('\n\n');
}

export async function main(args: string[]): Promise<void> {
  const opts = parseArgs(args, {
    part: 'value',
    write: 'flag',
    keep: 'flag',
    work: 'value',
    cap: 'value',
    'text-chars': 'value',
    limit: 'value',
    'memory-blocks': 'value',
    copies: 'value',
  });
  const parts = typeof opts.get('part') === 'string' ? ((opts.get('part') as string).split(',') as Part[]) : [...PARTS];
  for (const p of parts) if (!PARTS.includes(p)) throw new Error(`unknown part "${p}"; parts: ${PARTS.join(', ')}`);
  const num = (key: string, dflt: number) => {
    const v = opts.get(key);
    const n = typeof v === 'string' ? Number(v) : dflt;
    if (!(n > 0)) throw new Error(`--${key} takes a positive number`);
    return n;
  };
  const list = (key: string, dflt: number[]) => {
    const v = opts.get(key);
    const xs = typeof v === 'string' ? v.split(',').map(Number) : dflt;
    if (xs.some((x) => !Number.isInteger(x) || x < 1)) throw new Error(`--${key} takes a comma-separated list of whole numbers`);
    return xs;
  };
  const workArg = opts.get('work');
  const work = typeof workArg === 'string' ? workArg : mkdtempSync(join(tmpdir(), 'nonocrypt-scale-'));
  mkdirSync(work, { recursive: true });
  const o: Options = {
    work,
    capS: num('cap', 900),
    textChars: num('text-chars', 1_000_000),
    limitS: num('limit', 60),
    memoryBlocks: list('memory-blocks', [10_000, 40_000, 160_000, 320_000]),
    copies: list('copies', [1, 2, 4]),
    args,
  };
  progress(`scale: parts ${parts.join(', ')}; inputs in ${work}; measured by ${measuredBy()}`);

  const sections = new Map<Part, string>();
  const reports: PartReport[] = [];
  let textCipher: string | undefined;
  for (const p of PARTS) {
    if (!parts.includes(p)) continue;
    const started = new Date();
    const load0 = loadavg()[0]!;
    const w0 = performance.now();
    const r =
      p === 'text'
        ? await partText(o)
        : p === 'big'
          ? await partBig(o)
          : p === 'classic'
            ? await partClassic(o)
            : p === 'verify'
              ? await partVerify(o)
              : await partMemory(o, textCipher);
    if (p === 'text') textCipher = read(join(work, 'text-2.cipher')) || undefined;
    const section = partSection(r, o, started, [load0, loadavg()[0]!], (performance.now() - w0) / 1000);
    sections.set(p, section);
    reports.push(r);
    process.stdout.write(`${section}\n\n`);
  }
  const problems = reports.flatMap((r) => r.problems);
  const notes = reports.flatMap((r) => r.notes);
  if (notes.length) process.stdout.write(`Worth a look:\n${notes.map((n) => `- ${n}`).join('\n')}\n\n`);
  if (problems.length) process.stdout.write(`PROBLEMS:\n${problems.map((n) => `- ${n}`).join('\n')}\n`);
  if (opts.get('write')) {
    const file = writeSection('scale', mergeSection(sections));
    progress(`wrote section "scale" of ${file}`);
  }
  if (!opts.get('keep') && typeof workArg !== 'string') rmSync(work, { recursive: true, force: true });
  else progress(`inputs kept in ${work}`);
  if (problems.length) process.exitCode = 1;
}
