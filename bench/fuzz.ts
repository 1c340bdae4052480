import fc from 'fast-check';
import { NonocryptError } from '../src/errors.js';
import { parseCiphertext, parseCiphertextChunks } from '../src/formats/ciphertext.js';
import { sniffFormat } from '../src/formats/detectFormat.js';
import { parseNin } from '../src/formats/nin.js';
import { parseNon } from '../src/formats/non.js';
import { parsePicture } from '../src/formats/picture.js';
import { parsePuzzleJson } from '../src/formats/puzzleJson.js';
import { parseWebpbnXml } from '../src/formats/webpbnXml.js';
import { here } from './harness/commands.js';
import { progress } from './harness/doc.js';
import { list, whole } from './harness/flags.js';
import { int, markdownTable, secs } from './harness/stats.js';
import { defineSuite, part, prose, view } from './harness/suite.js';
import { oneShot } from './harness/worker.js';

/**
 * The fuzz suite: the readers' fuzz property (test/helpers/fuzzCheck.ts, which `npm test` runs on
 * a few thousand cases) over many cases, the CLI's (test/helpers/fuzzCli.ts) over many in-process
 * runs, and the readers on huge inputs.
 *
 * - cases: `--cases N` (default 100,000) fuzz cases from `--seed S` (default 1), each run
 *   through the reader it targets and through sniffFormat/readPuzzleFile/isPictureText.
 *   Reports inputs per reader, failures (must be 0; the first ones are listed), the slowest
 *   reader call, and the run's time.
 * - huge: each reader on a single line of `--huge-mb` MB (default 100) without a newline, on a
 *   valid file with one such line, and on a board that claims side 1000 with a clue that cannot
 *   fit; each in a child process of its own, so that its peak RSS is that reader's alone.
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
  { reader: 'webpbn XML', input: 'one <line> of <count>1</count>s', build: (n) => '<puzzle><clues type="rows"><line>' + '<count>1</count>'.repeat(n / 16) + '</line></clues><clues type="columns"><line/></clues></puzzle>', read: (t) => parseWebpbnXml(t, 'f') },
  { reader: 'webpbn XML', input: SIDE_1000, build: () => '<puzzle><clues type="rows"><line><count>600</count><count>600</count></line>' + '<line/>'.repeat(999) + '</clues><clues type="columns">' + '<line/>'.repeat(1000) + '</clues></puzzle>', read: (t) => parseWebpbnXml(t, 'f') },
  { reader: 'JSON', input: 'one line of digits', build: (n) => '1'.repeat(n), read: (t) => parsePuzzleJson(t, 'f') },
  { reader: 'JSON', input: 'a clue [1,1,1,...]', build: (n) => '{"rows": [[' + '1,'.repeat(n / 2) + '1]], "cols": [[1]]}', read: (t) => parsePuzzleJson(t, 'f') },
  { reader: 'JSON', input: SIDE_1000, build: () => JSON.stringify({ format: 'nonocrypt-puzzle', version: 1, width: 1000, height: 1000, rows: [[600, 600], ...Array(999).fill([])], cols: Array(1000).fill([]) }), read: (t) => parsePuzzleJson(t, 'f') },
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

/** One huge input read in a process of its own (harness/worker.ts `oneShot`): its peak memory is that reader's alone. */
export async function huge({ index, mb }: { index: number; mb: number }): Promise<HugeResult> {
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

/** Counts `key` in a tally. */
const bump = (t: Record<string, number>, key: string | number, by = 1) => void (t[key] = (t[key] ?? 0) + by);

/** The CLI fuzz property (test/helpers/fuzzCli.ts) over many in-process runs. */
async function runCliCases(cases: number, seed: number) {
  const { cliCaseArb, runCliCase } = await import('../test/helpers/fuzzCli.js');
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
  const w0 = performance.now();
  try {
    await fc.assert(
      fc.asyncProperty(cliCaseArb, async (c) => {
        const caseDir = join(dir, String(done % 64));
        rmSync(caseDir, { recursive: true, force: true });
        const r = await runCliCase(c, caseDir);
        bump(codes, r.code);
        bump((commands[c.args[0]!] ??= {}), r.code);
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
  return { cases, codes, commands, failures, examples, slowest };
}

async function runCases(cases: number, seed: number) {
  // Loaded here, not at the top: the huge-input children need only the readers.
  const { READERS, runCase } = await import('../test/helpers/fuzzCheck.js');
  const { fuzzCaseArb } = await import('../test/helpers/fuzzInputs.js');
  const [kinds, formats, outcomes]: [Record<string, number>, Record<string, number>, Record<string, Record<string, number>>] = [{}, {}, {}];
  const runs: Record<string, number> = Object.fromEntries(READERS.map((r) => [r, 0]));
  let failures = 0;
  const examples: string[] = [];
  let slowest = { reader: '-', ms: 0, format: '-', how: '-', chars: 0 };
  let chars = 0;
  let done = 0;
  const w0 = performance.now();
  // The property never fails here: every case runs, and failures are counted and listed.
  await fc.assert(
    fc.asyncProperty(fuzzCaseArb, async (c) => {
      const r = await runCase(c);
      bump(kinds, c.how.split(' ')[0]!);
      bump(formats, c.format);
      bump((outcomes[c.format] ??= {}), r.outcome);
      for (const [reader, n] of Object.entries(r.runs)) bump(runs, reader, n);
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
  return { cases, kinds, formats, outcomes, runs, failures, examples, slowest, chars };
}

const SIDE_1000_NOTE = (c: HugeCase, h: HugeResult) => (c.input === SIDE_1000 ? `${(h.chars / 1000).toFixed(0)} kB` : `${(h.chars / 1e6).toFixed(0)} MB`);

export const suite = defineSuite({
  about: 'every reader and the CLI: fuzz cases (--cases, default 100,000; --seed), CLI runs (--cli-cases) and huge inputs (--huge-mb, default 100): failures, slowest case, peak RSS (--part cases|cli|huge)',
  flags: { cases: whole(100_000, 'reader fuzz cases'), 'cli-cases': whole(100_000, 'CLI runs'), seed: whole(1, 'fast-check seed', 0), part: list(['cases', 'cli', 'huge'], 'parts', ['cases', 'cli', 'huge']), 'huge-mb': whole(100, 'size of a huge input, MB') },
  title: () => 'fuzz: every reader and the CLI on random, mutated and huge inputs',
  intro: () => "The property (test/helpers/fuzzCheck.ts, also run by `npm test` on a few thousand cases): every reader ends with a value or a NonocryptError of a code from ERROR_CODES and kind `input`, its message one line naming the source (at most 320 characters besides the file name), a ParseError's line and column inside the text; the three ciphertext readers (whole text, async lines, raw chunks) agree; whatever a reader accepts passes `checkPuzzleFile` and reads back the same after writing it; no reader call exceeds its time budget. Cases are valid files from the writers with one to four mutations, files from each format's grammar with random tokens, and random strings (test/helpers/fuzzInputs.ts).",
  parts: async (o) => {
    const { READERS } = await import('../test/helpers/fuzzCheck.js');
    const cases = part({
      title: `${int(o.cases)} fuzz cases (seed ${o.seed})`,
      inputs: [o.cases],
      commands: [here('cases', (n: number) => runCases(n, o.seed))],
      views: (runs) => runs.flatMap(({ value: { value: r, wall, cpu } }) => {
        const codes = [...new Set(Object.values(r.outcomes).flatMap((x) => Object.keys(x)))].sort((a, b) => (a === 'accepted' ? -1 : b === 'accepted' ? 1 : a.localeCompare(b)));
        return [
          view({
            about: `Cases: ${Object.entries(r.kinds).map(([k, n]) => `${int(n)} ${k}`).join(', ')} (${Object.entries(r.formats).map(([k, n]) => `${k} ${int(n)}`).join(', ')}); ${(r.chars / 1e6).toFixed(1)} M characters in all. Time: ${secs(wall)} s wall, ${secs(cpu)} s CPU (${int(Math.round(r.cases / wall))} cases/s).\n\n` +
              `**Failures: ${r.failures}.** Slowest reader call: ${r.slowest.ms.toFixed(1)} ms, ${r.slowest.reader} on a ${r.slowest.format} case of ${int(r.slowest.chars)} characters (${r.slowest.how}); the budget of a call is 500 ms + 0.5 ms per 1,000 characters.`,
            rows: READERS,
            columns: [['reader', (x) => `\`${x}\``], ['inputs', (x) => int(r.runs[x] ?? 0)]],
          }),
          prose(`How the reader each case was made for ended (accepted, or the error code), per format:\n\n${markdownTable(['format', ...codes], Object.entries(r.outcomes).map(([f, x]) => [f, ...codes.map((k) => int(x[k] ?? 0))]))}${r.examples.length ? `\n\nFirst failures:\n\n${r.examples.map((e) => `- ${e}`).join('\n')}` : ''}`),
        ];
      }),
      problems: (runs) => runs.flatMap((r) => r.value.value.examples),
    });
    const cli = part({
      title: `${int(o['cli-cases'])} CLI runs (seed ${o.seed})`,
      inputs: [o['cli-cases']],
      commands: [here('cli', (n: number) => runCliCases(n, o.seed))],
      views: (runs) => runs.map(({ value: { value: r, wall, cpu } }) => {
        const codes = Object.keys(r.codes).sort((a, b) => Number(a) - Number(b));
        return view({
          about: "Random commands with random, partly broken flags (every case bounded by `--timeout 1` and `--budget 0.3` unless it drew its own), on valid files from the writers and on the readers' fuzz cases, given as a file, as `-` or on piped standard input, with `-o` onto a fresh file, the input itself, a folder, `/dev/full` or `/dev/stdout` (test/helpers/fuzzCli.ts; `npm test` runs 400). Each run is `runCli` in this process with captured streams. The property: an exit code of the contract and never 70, on an error exit an empty stdout and exactly one stderr line starting \"nonocrypt\", no stack trace, no answer later than 60 s, and an output file untouched by an error exit.\n\n" +
            `Time: ${secs(wall)} s wall, ${secs(cpu)} s CPU. **Failures: ${r.failures}.** Slowest run: ${secs(r.slowest.ms / 1000)} s (${r.slowest.how}: \`${r.slowest.args.slice(0, 160)}\`).`,
          rows: Object.entries(r.commands).sort(),
          columns: [['command', ([c]) => `\`${c}\``], ...codes.map((c): [string, (x: [string, Record<string, number>]) => string] => [`exit ${c}`, ([, x]) => int(x[c] ?? 0)])],
          ...(r.examples.length ? { after: `First failures:\n\n${r.examples.map((e) => `- ${e}`).join('\n')}` } : {}),
        });
      }),
      problems: (runs) => runs.flatMap((r) => r.value.value.examples),
    });
    const hugePart = part({
      title: `Huge inputs (${o['huge-mb']} MB), one child process each`,
      about: '"RSS with the input" is the child\'s resident memory after building the input string, before reading it; "peak RSS" is the child\'s maximum resident memory (the operating system\'s accounting), building included. The chunked ciphertext reader reads a generated stream; its size is what the stream would have sent.',
      inputs: HUGE.map((_, index) => index),
      commands: [{ label: 'read', run: async (index: number) => (await oneShot<HugeResult>('./fuzz.js', 'huge', { index, mb: o['huge-mb'] })).call }],
      progress: (r) => `${HUGE[r.input]!.reader}, ${HUGE[r.input]!.input}: ${r.value?.kind === 'done' ? `${secs(r.value.value.s)} s, peak ${r.value.value.peakMiB.toFixed(0)} MiB: ${r.value.value.outcome.slice(0, 100)}` : 'child failed'}`,
      views: (runs) => [view({ rows: runs, columns: [
        ['reader', (r) => HUGE[r.input]!.reader], ['input', (r) => HUGE[r.input]!.input],
        ...(['size', 'read s', 'RSS with the input, MiB', 'peak RSS, MiB'] as const).map((h, i): [string, (r: (typeof runs)[number]) => string] => [h, (r) => (r.value?.kind !== 'done' ? '-' : [SIDE_1000_NOTE(HUGE[r.input]!, r.value.value), secs(r.value.value.s), r.value.value.inputMiB.toFixed(0), r.value.value.peakMiB.toFixed(0)][i]!)]),
        ['outcome (code: message)', (r) => (r.value?.kind !== 'done' ? `CHILD FAILED: ${r.value?.kind === 'error' ? r.value.why.slice(0, 120) : '?'}` : `\`${(r.value.value.outcome.length > 150 ? `${r.value.value.outcome.slice(0, 150)}…` : r.value.value.outcome).replace(/\`/g, "'")}\``)],
      ] })],
      problems: (runs) => runs.filter((r) => r.value?.kind !== 'done' || r.value.value.outcome.startsWith('NOT A NonocryptError')).map((r) => `${HUGE[r.input]!.reader}, ${HUGE[r.input]!.input}: ${r.value?.kind === 'done' ? r.value.value.outcome : 'the child failed'}`),
    });
    return [...(o.part.includes('cases') ? [cases] : []), ...(o.part.includes('cli') ? [cli] : []), ...(o.part.includes('huge') ? [hugePart] : [])];
  },
});
