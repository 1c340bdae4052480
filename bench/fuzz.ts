import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { NonocryptError } from '../src/errors.js';
import { parseCiphertext, parseCiphertextChunks } from '../src/formats/ciphertext.js';
import { sniffFormat } from '../src/formats/detectFormat.js';
import { parseNin } from '../src/formats/nin.js';
import { parseNon } from '../src/formats/non.js';
import { parsePicture } from '../src/formats/picture.js';
import { parsePuzzleJson } from '../src/formats/puzzleJson.js';
import { parseWebpbnXml } from '../src/formats/webpbnXml.js';
import { codeVersion, commandLine, load, machine, markdownTable, parseArgs, progress, secs, writeSection } from './common.js';
import type { ReaderName } from './fuzzCheck.js';

/**
 * The fuzz benchmark: the readers' fuzz property (bench/fuzzCheck.ts) over many cases, and the
 * readers on huge inputs.
 *
 * - cases: `--cases N` (default 100,000) fuzz cases from `--seed S` (default 1), each run
 *   through the reader it targets and through sniffFormat/readPuzzleFile/isPictureText.
 *   Reports inputs per reader, failures (must be 0; the first ones are listed), the slowest
 *   reader call, and the run's time.
 * - huge: each reader on a single line of `--huge-mb` MB (default 100) without a newline, on a
 *   valid file with one such line, and on a board that claims side 1000 with a clue that cannot
 *   fit; each in a child process of its own, so that its peak RSS is that reader's alone.
 *
 * `--part cases|huge` runs one part (default both); `--write` replaces the section between
 * `<!-- bench:fuzz:start -->` and `<!-- bench:fuzz:end -->` in docs/BENCHMARKS.md.
 */

interface HugeCase {
  readonly reader: string;
  readonly input: string;
  /** Builds the input of about `n` characters. */
  readonly build: (n: number) => string;
  readonly read: (text: string) => unknown | Promise<unknown>;
}

const zeros = (n: number) => '0\n'.repeat(n);
const SIDE_1000 = 'side 1000, a row clue 600 600';

const HUGE: readonly HugeCase[] = [
  { reader: '.non', input: 'one line of digits', build: (n) => '1'.repeat(n), read: (t) => parseNon(t, 'f') },
  { reader: '.non', input: 'a clue line "1 1 1 ..."', build: (n) => 'width 5\nheight 1\nrows\n' + '1 '.repeat(n / 2) + '\ncolumns\n' + zeros(5), read: (t) => parseNon(t, 'f') },
  { reader: '.non', input: SIDE_1000, build: () => `width 1000\nheight 1000\nrows\n600 600\n${zeros(999)}columns\n${zeros(1000)}`, read: (t) => parseNon(t, 'f') },
  { reader: '.nin', input: 'one line "1 1 1 ..."', build: (n) => '1 '.repeat(n / 2), read: (t) => parseNin(t, 'f') },
  { reader: '.nin', input: 'a clue line "1 1 1 ..."', build: (n) => '5 1\n' + '1 '.repeat(n / 2) + '\n' + zeros(5), read: (t) => parseNin(t, 'f') },
  { reader: '.nin', input: SIDE_1000, build: () => `1000 1000\n600 600\n${zeros(1999)}`, read: (t) => parseNin(t, 'f') },
  { reader: 'ciphertext', input: 'one line of digits', build: (n) => '1'.repeat(n), read: (t) => parseCiphertext(t, 'f') },
  { reader: 'ciphertext', input: 'a clue line "1,1,1,..."', build: (n) => '6\n' + '1,'.repeat(n / 2) + '\nX\n', read: (t) => parseCiphertext(t, 'f') },
  { reader: 'ciphertext', input: SIDE_1000, build: () => '1000\n' + '0,'.repeat(1000) + '600 600' + ',0'.repeat(999) + '\nX\n', read: (t) => parseCiphertext(t, 'f') },
  {
    reader: 'ciphertext, chunks',
    input: 'a stream without newline, 64 KiB chunks',
    build: (n) => String(n),
    read: async (t) => {
      const n = Number(t);
      const chunk = '1,'.repeat(32_768);
      async function* source() {
        yield '6\n';
        for (let sent = 0; sent < n; sent += chunk.length) yield chunk;
      }
      const stream = await parseCiphertextChunks(source(), 'f');
      for await (const _ of stream.blocks) void _;
    },
  },
  { reader: 'webpbn XML', input: 'one line of digits', build: (n) => '1'.repeat(n), read: (t) => parseWebpbnXml(t, 'f') },
  {
    reader: 'webpbn XML',
    input: 'one <line> of <count>1</count>s',
    build: (n) => '<puzzle><clues type="rows"><line>' + '<count>1</count>'.repeat(n / 16) + '</line></clues><clues type="columns"><line/></clues></puzzle>',
    read: (t) => parseWebpbnXml(t, 'f'),
  },
  {
    reader: 'webpbn XML',
    input: SIDE_1000,
    build: () => '<puzzle><clues type="rows"><line><count>600</count><count>600</count></line>' + '<line/>'.repeat(999) + '</clues><clues type="columns">' + '<line/>'.repeat(1000) + '</clues></puzzle>',
    read: (t) => parseWebpbnXml(t, 'f'),
  },
  { reader: 'JSON', input: 'one line of digits', build: (n) => '1'.repeat(n), read: (t) => parsePuzzleJson(t, 'f') },
  { reader: 'JSON', input: 'a clue [1,1,1,...]', build: (n) => '{"rows": [[' + '1,'.repeat(n / 2) + '1]], "cols": [[1]]}', read: (t) => parsePuzzleJson(t, 'f') },
  {
    reader: 'JSON',
    input: SIDE_1000,
    build: () => JSON.stringify({ format: 'nonocrypt-puzzle', version: 1, width: 1000, height: 1000, rows: [[600, 600], ...Array(999).fill([])], cols: Array(1000).fill([]) }),
    read: (t) => parsePuzzleJson(t, 'f'),
  },
  { reader: 'picture', input: 'one row of #', build: (n) => '#'.repeat(n), read: (t) => parsePicture(t, 'f') },
  { reader: 'sniffFormat', input: 'one line "1 1 1 ..."', build: (n) => '1 '.repeat(n / 2), read: (t) => sniffFormat(t) ?? 'no format' },
];

interface HugeResult {
  readonly chars: number;
  readonly inputMiB: number;
  readonly peakMiB: number;
  readonly s: number;
  readonly outcome: string;
}

async function hugeChild(index: number, mb: number): Promise<HugeResult> {
  const c = HUGE[index]!;
  const text = c.build(mb * 1_000_000);
  text.charCodeAt(text.length >> 1); // flatten the built string before measuring
  const inputMiB = process.memoryUsage().rss / 2 ** 20;
  const t0 = performance.now();
  let outcome: string;
  try {
    const v = await c.read(text);
    outcome = `accepted: ${String(v).slice(0, 60)}`;
  } catch (e) {
    outcome = e instanceof NonocryptError ? `${e.code}: ${e.message}` : `NOT A NonocryptError: ${String(e).slice(0, 200)}`;
  }
  const s = (performance.now() - t0) / 1000;
  return { chars: c.input.includes('stream') ? mb * 1_000_000 : text.length, inputMiB, peakMiB: process.resourceUsage().maxRSS / 1024, s, outcome };
}

interface CasesResult {
  readonly cases: number;
  readonly kinds: Record<string, number>;
  readonly formats: Record<string, number>;
  /** Per format: how its reader ended (accepted, or the error code), and how often. */
  readonly outcomes: Record<string, Record<string, number>>;
  readonly runs: Record<ReaderName, number>;
  readonly failures: number;
  readonly examples: string[];
  readonly slowest: { reader: string; ms: number; format: string; how: string; chars: number };
  readonly chars: number;
  readonly wall: number;
  readonly cpu: number;
}

interface CliResult {
  readonly cases: number;
  readonly codes: Record<string, number>;
  readonly commands: Record<string, Record<string, number>>;
  readonly failures: number;
  readonly examples: string[];
  readonly slowest: { ms: number; how: string; args: string };
  readonly wall: number;
  readonly cpu: number;
}

/** The CLI fuzz property (bench/fuzzCli.ts) over many in-process runs. */
async function runCliCases(cases: number, seed: number): Promise<CliResult> {
  const { cliCaseArb, runCliCase } = await import('./fuzzCli.js');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'nonocrypt-fuzzcli-'));
  const codes: Record<string, number> = {};
  const commands: Record<string, Record<string, number>> = {};
  let failures = 0;
  const examples: string[] = [];
  let slowest = { ms: 0, how: '-', args: '' };
  let done = 0;
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  try {
    await fc.assert(
      fc.asyncProperty(cliCaseArb, async (c) => {
        const caseDir = join(dir, String(done % 64));
        rmSync(caseDir, { recursive: true, force: true });
        const r = await runCliCase(c, caseDir);
        codes[r.code] = (codes[r.code] ?? 0) + 1;
        const byCommand = (commands[c.args[0]!] ??= {});
        byCommand[r.code] = (byCommand[r.code] ?? 0) + 1;
        if (r.ms > slowest.ms) slowest = { ms: r.ms, how: c.how, args: c.args.join(' ') };
        if (r.problems.length > 0) {
          failures++;
          if (examples.length < 10) examples.push(`case ${done + 1} (${c.how}): ${r.problems.join('; ')}; args ${JSON.stringify(c.args)}`);
        }
        if (++done % 1000 === 0) progress(`  cli: ${done.toLocaleString('en-US')} cases, ${failures} failures, ${((performance.now() - w0) / 1000).toFixed(0)} s`);
      }),
      { numRuns: cases, seed },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const cpu = process.cpuUsage(c0);
  return { cases, codes, commands, failures, examples, slowest, wall: (performance.now() - w0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

async function runCases(cases: number, seed: number): Promise<CasesResult> {
  // Loaded here, not at the top: the huge-input children need only the readers.
  const { READERS, runCase } = await import('./fuzzCheck.js');
  const { fuzzCaseArb } = await import('./fuzzInputs.js');
  const kinds: Record<string, number> = {};
  const formats: Record<string, number> = {};
  const outcomes: Record<string, Record<string, number>> = {};
  const runs = Object.fromEntries(READERS.map((r) => [r, 0])) as Record<ReaderName, number>;
  let failures = 0;
  const examples: string[] = [];
  let slowest = { reader: '-', ms: 0, format: '-', how: '-', chars: 0 };
  let chars = 0;
  let done = 0;
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  // The property never fails here: every case runs, and failures are counted and listed.
  await fc.assert(
    fc.asyncProperty(fuzzCaseArb, async (c) => {
      const r = await runCase(c);
      const kind = c.how.split(' ')[0]!;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      formats[c.format] = (formats[c.format] ?? 0) + 1;
      const o = (outcomes[c.format] ??= {});
      o[r.outcome] = (o[r.outcome] ?? 0) + 1;
      for (const [reader, n] of Object.entries(r.runs)) runs[reader as ReaderName] += n;
      chars += c.text.length;
      if (r.slowest.ms > slowest.ms) slowest = { reader: r.slowest.reader, ms: r.slowest.ms, format: c.format, how: c.how, chars: c.text.length };
      if (r.problems.length > 0) {
        failures++;
        if (examples.length < 10) examples.push(`case ${done + 1} (${c.format}, ${c.how}): ${r.problems.join('; ')}; input ${JSON.stringify(c.text.slice(0, 200))}`);
      }
      if (++done % 10_000 === 0) progress(`  ${done.toLocaleString('en-US')} cases, ${failures} failures, ${((performance.now() - w0) / 1000).toFixed(0)} s`);
    }),
    { numRuns: cases, seed },
  );
  const cpu = process.cpuUsage(c0);
  return { cases, kinds, formats, outcomes, runs, failures, examples, slowest, chars, wall: (performance.now() - w0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

export async function main(args: string[]): Promise<void> {
  const opts = parseArgs(args, { cases: 'value', 'cli-cases': 'value', seed: 'value', part: 'value', 'huge-mb': 'value', write: 'flag', child: 'value' });
  const child = opts.get('child');
  if (typeof child === 'string') {
    const [index, mb] = child.split(',').map(Number);
    process.stdout.write(JSON.stringify(await hugeChild(index!, mb!)));
    return;
  }
  const cases = Number(opts.get('cases') ?? 100_000);
  const seed = Number(opts.get('seed') ?? 1);
  const mb = Number(opts.get('huge-mb') ?? 100);
  const cliCases = Number(opts.get('cli-cases') ?? 100_000);
  const part = String(opts.get('part') ?? 'cases,cli,huge').split(',');
  for (const p of part) if (p !== 'cases' && p !== 'huge' && p !== 'cli') throw new Error(`unknown part "${p}"; parts: cases, cli, huge`);
  if (!(Number.isInteger(cases) && cases > 0) || !Number.isInteger(seed) || !(mb > 0)) throw new Error('--cases, --seed and --huge-mb take positive whole numbers');

  const started = new Date();
  const loadBefore = load();
  const sections: string[] = [];
  let bad = 0;

  if (part.includes('cases')) {
    const { READERS } = await import('./fuzzCheck.js');
    progress(`fuzz: ${cases.toLocaleString('en-US')} cases from seed ${seed}`);
    const r = await runCases(cases, seed);
    bad += r.failures;
    const int = (n: number) => n.toLocaleString('en-US');
    sections.push(
      `### ${int(r.cases)} fuzz cases (seed ${seed})`,
      '',
      `Cases: ${Object.entries(r.kinds).map(([k, n]) => `${int(n)} ${k}`).join(', ')} ` +
        `(${Object.entries(r.formats).map(([k, n]) => `${k} ${int(n)}`).join(', ')}); ${(r.chars / 1e6).toFixed(1)} M characters in all. ` +
        `Time: ${secs(r.wall)} s wall, ${secs(r.cpu)} s CPU (${int(Math.round(r.cases / r.wall))} cases/s).`,
      '',
      `**Failures: ${r.failures}.** Slowest reader call: ${r.slowest.ms.toFixed(1)} ms, ${r.slowest.reader} on a ${r.slowest.format} case of ${int(r.slowest.chars)} characters (${r.slowest.how}); ` +
        `the budget of a call is 500 ms + 0.5 ms per 1,000 characters.`,
      '',
      markdownTable(['reader', 'inputs'], READERS.map((reader) => [`\`${reader}\``, int(r.runs[reader])])),
      '',
      'How the reader each case was made for ended (accepted, or the error code), per format:',
      '',
      (() => {
        const codes = [...new Set(Object.values(r.outcomes).flatMap((o) => Object.keys(o)))].sort((a, b) => (a === 'accepted' ? -1 : b === 'accepted' ? 1 : a.localeCompare(b)));
        return markdownTable(['format', ...codes], Object.entries(r.outcomes).map(([f, o]) => [f, ...codes.map((k) => int(o[k] ?? 0))]));
      })(),
      '',
      ...(r.examples.length ? ['First failures:', '', ...r.examples.map((e) => `- ${e}`), ''] : []),
    );
  }

  if (part.includes('cli')) {
    progress(`fuzz: ${cliCases.toLocaleString('en-US')} CLI runs in this process from seed ${seed}`);
    const r = await runCliCases(cliCases, seed);
    bad += r.failures;
    const int = (n: number) => n.toLocaleString('en-US');
    const allCodes = Object.keys(r.codes).sort((a, b) => Number(a) - Number(b));
    sections.push(
      `### ${int(r.cases)} CLI runs (seed ${seed})`,
      '',
      'Random commands with random, partly broken flags (every case bounded by `--timeout 1` and `--budget 0.3` unless it drew its own), ' +
        'on valid files from the writers and on the readers\' fuzz cases, given as a file, as `-` or on piped standard input, ' +
        'with `-o` onto a fresh file, the input itself, a folder, `/dev/full` or `/dev/stdout` (bench/fuzzCli.ts; `npm test` runs 400). ' +
        'Each run is `runCli` in this process with captured streams. The property: an exit code of the contract and never 70, ' +
        'on an error exit an empty stdout and exactly one stderr line starting "nonocrypt", no stack trace, no answer later than ' +
        '60 s, and an output file untouched by an error exit.',
      '',
      `Time: ${secs(r.wall)} s wall, ${secs(r.cpu)} s CPU. **Failures: ${r.failures}.** Slowest run: ${secs(r.slowest.ms / 1000)} s (${r.slowest.how}: \`${r.slowest.args.slice(0, 160)}\`).`,
      '',
      markdownTable(['command', ...allCodes.map((c) => `exit ${c}`)], Object.entries(r.commands).sort().map(([cmd, o]) => [`\`${cmd}\``, ...allCodes.map((c) => int(o[c] ?? 0))])),
      '',
      ...(r.examples.length ? ['First failures:', '', ...r.examples.map((e) => `- ${e}`), ''] : []),
    );
  }

  if (part.includes('huge')) {
    progress(`fuzz: huge inputs of ${mb} MB, one child process each`);
    const runJs = fileURLToPath(new URL('./run.js', import.meta.url));
    const rows: (string | number)[][] = [];
    for (const [i, c] of HUGE.entries()) {
      const r = spawnSync(process.execPath, ['--single-threaded-gc', runJs, 'fuzz', '--child', `${i},${mb}`], { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (r.status !== 0) {
        bad++;
        rows.push([c.reader, c.input, '-', '-', '-', '-', `CHILD FAILED: ${(r.stderr || String(r.signal)).trim().split('\n')[0]!.slice(0, 120)}`]);
        progress(`  ${c.reader}, ${c.input}: child failed: ${r.stderr.slice(0, 300)}`);
        continue;
      }
      const h = JSON.parse(r.stdout) as HugeResult;
      if (h.outcome.startsWith('NOT A NonocryptError')) bad++;
      const size = c.input === SIDE_1000 ? `${(h.chars / 1000).toFixed(0)} kB` : `${(h.chars / 1e6).toFixed(0)} MB`;
      const shown = h.outcome.length > 150 ? `${h.outcome.slice(0, 150)}…` : h.outcome;
      rows.push([c.reader, c.input, size, secs(h.s), h.inputMiB.toFixed(0), h.peakMiB.toFixed(0), `\`${shown.replace(/`/g, "'")}\``]);
      progress(`  ${c.reader}, ${c.input}: ${secs(h.s)} s, peak ${h.peakMiB.toFixed(0)} MiB (input alone ${h.inputMiB.toFixed(0)}): ${shown}`);
    }
    sections.push(
      `### Huge inputs (${mb} MB), one child process each`,
      '',
      '"RSS with the input" is the child\'s resident memory after building the input string, before reading it; "peak RSS" is the ' +
        'child\'s maximum resident memory (the operating system\'s accounting), building included. The chunked ciphertext reader ' +
        'reads a generated stream; its size is what the stream would have sent.',
      '',
      markdownTable(['reader', 'input', 'size', 'read s', 'RSS with the input, MiB', 'peak RSS, MiB', 'outcome (code: message)'], rows),
      '',
    );
  }

  const body = [
    '## fuzz: every reader and the CLI on random, mutated and huge inputs',
    '',
    `Date ${started.toISOString()}; machine: ${machine()}; 1-minute load average ${loadBefore} at the start, ${load()} at the end.`,
    `Code: ${codeVersion()}. Command: \`${commandLine('fuzz', args)}\` (after \`npm run build\`).`,
    '',
    'The property (bench/fuzzCheck.ts, also run by `npm test` on a few thousand cases): every reader ends with a value or a ' +
      'NonocryptError of a code from ERROR_CODES and kind `input`, its message one line naming the source (at most 320 characters ' +
      'besides the file name), a ParseError\'s line and column inside the text; the three ciphertext readers (whole text, async ' +
      'lines, raw chunks) agree; whatever a reader accepts passes `checkPuzzleFile` and reads back the same after writing it; ' +
      'no reader call exceeds its time budget. Cases are valid files from the writers with one to four mutations, files from ' +
      'each format\'s grammar with random tokens, and random strings (bench/fuzzInputs.ts).',
    '',
    ...sections,
  ].join('\n');
  process.stdout.write(`${body}\n`);
  if (opts.has('write')) progress(`wrote section "fuzz" of ${writeSection('fuzz', body)}`);
  if (bad > 0) process.exitCode = 1;
}
