import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import type { CliIO } from '../../src/cli/CliIO.js';
import { EXIT_CODES } from '../../src/cli/ExitCode.js';
import { runCli } from '../../src/cli/runCli.js';
import { FUZZ_FORMATS, fuzzCaseArb, puzzleFileArb, writeFile, type FuzzCase, type FuzzFormat } from './fuzzInputs.js';

/**
 * Fuzzing the command line, in this process (`runCli` with captured streams): random commands
 * with random, partly broken flags, on fuzzed puzzle files and messages (the readers' fuzz
 * cases of fuzzInputs.ts), as files or on standard input.
 *
 * The property, per case: the run ends (within a wall-clock bound: each case carries a time
 * limit and a budget, so only a bug makes it hang); it never throws; its exit code is one of
 * the contract's (ExitCode.ts) and never 70 (an internal error is a bug); on an error exit
 * (2, 4) stdout is empty and stderr is exactly one line starting "nonocrypt"; no stack trace
 * anywhere; an output file named with -o exists whole after a success and is untouched after
 * an error. Shared by test/fuzzCli.test.ts (a few hundred cases) and `npm run bench -- fuzz
 * --part cli` (thousands).
 */
export interface CliCase {
  readonly args: readonly string[];
  /** Standard input (used when the command reads it). */
  readonly stdin: string;
  /** The input file, when the command names one (`in.<ext>` in the case's folder). */
  readonly file?: { readonly ext: string; readonly text: string };
  /** The -o target, when one is given: a fresh path, the input itself, or special places. */
  readonly output?: 'fresh' | 'input' | 'folder' | 'dev-full' | 'stdout';
  readonly how: string;
}

export interface CliCaseReport {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  readonly problems: readonly string[];
}

/** Each case runs under a time limit of 1 s per block and a budget of 0.3 s: this bounds it. */
export const CASE_BOUND_MS = 60_000;

const EXT: Record<FuzzFormat, string> = { non: 'non', nin: 'nin', xml: 'xml', json: 'json', cipher: 'nc', picture: 'pic' };
const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);


/** Values for flags: mostly sensible, sometimes broken (`{in}`, `{cnf}`: paths in the case's folder). */
const FLAG_VALUES: Record<string, readonly string[]> = {
  '--jobs': ['1', '1', '1', '2', '0', 'x', '999'],
  '--timeout': ['1', '0.5', '0.05', '0', '-1', 'soon'],
  '--budget': ['0.3', '0.05', 'none', '0', 'x'],
  '--table': ['classic', 'frequency', 'auto', 'nope', ''],
  '--in': ['-', '{cnf}'],
  '--size': ['1', '4', '6', '8', '12', 'auto', '0', '1001', 'x'],
  '--width': ['3', '7', '0', 'x'],
  '--height': ['5', '2', '0', 'x'],
  '--receiver': ['unique', 'logic', 'psychic'],
  '--format': ['non', 'nin', 'xml', 'json', 'cipher', 'picture', 'gif'],
  '--format-out': ['non', 'json', 'cipher', 'xml'],
  '--to': ['non', 'nin', 'xml', 'json', 'cipher', 'picture', 'dimacs', 'pdf'],
  '--engine': ['minisat', 'cadical', 'logic-solver', 'glucose'], // the last two are not engines (logic-solver was)
  '--memory': ['64', '8', '4', 'lots'],
  '--emit-cnf': ['{cnf}', '-', '{in}'],
  '--render-format': ['text', 'svg', 'html', 'png', 'bmp'],
  '--from': ['cipher', 'non', 'picture', 'gif'],
  '--block': ['1', '2', '0', 'x'],
  '--style': ['cells', 'half', 'ascii', 'fancy'],
  '--max': ['5', '1', '0', 'x'],
};
const FLAGS_BY_COMMAND: Record<string, readonly string[]> = {
  encrypt: ['--size', '--width', '--height', '--table', '--receiver', '--budget', '--require-proof', '--json', '--jobs', '--timeout', '--engine', '--memory', '-q', '--extended', '--in'],
  decrypt: ['--table', '--jobs', '--timeout', '--engine', '--memory', '-q'],
  verify: ['--json', '--show', '--jobs', '--timeout', '--engine', '--memory', '-q', '--receiver', '--problems'],
  solve: ['--format', '--json', '--show', '--emit-cnf', '--timeout', '--engine', '--memory', '-q', '--count', '--max', '--difficulty'],
  annotate: ['--format', '--receiver', '--format-out', '--json', '--budget', '--require-proof', '--timeout', '--engine', '--memory', '-q'],
  convert: ['--format', '--to', '--solve', '--timeout', '--engine', '-q'],
  render: ['--render-format', '--from', '--block', '--solution', '--style', '--jobs', '--timeout', '--engine', '-q'],
};
const COMMANDS = Object.keys(FLAGS_BY_COMMAND);

const messageArb = fc.oneof(
  fc.string({ unit: fc.constantFrom(...' ABCDEFGHIJKLMNOPQRSTUVWXYZ,.abc'), maxLength: 60 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('TO BE, OR NOT TO BE.', 'HELLO', '', '\uFEFFHI\r\n', 'DIGITS 123?!'),
);

/**
 * Valid files as the writers make them (so that cases get past the readers into the
 * pipelines): ciphertexts for the commands that read them, any format for the others.
 */
const validCaseArb = (cipher: boolean): fc.Arbitrary<FuzzCase> =>
  fc
    .record({ format: cipher ? fc.constant<FuzzFormat>('cipher') : pick(FUZZ_FORMATS), file: puzzleFileArb({ maxSide: 12 }) })
    .map(({ format, file }) => ({ format, how: 'valid', text: writeFile(format, file), chunks: [], bytes: false }));

const commandArb = fc.oneof({ weight: 12, arbitrary: pick(COMMANDS) }, { weight: 1, arbitrary: pick(['bogus', '--bogus', 'help']) });

export const cliCaseArb: fc.Arbitrary<CliCase> = commandArb
  .chain((command) =>
    fc.record({
    command: fc.constant(command),
    input: fc.oneof({ weight: 3, arbitrary: validCaseArb(command === 'verify' || command === 'decrypt') }, { weight: 2, arbitrary: fuzzCaseArb }),
    ext: fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: pick(['non', 'nin', 'xml', 'json', 'nc', 'pic', 'txt']) }),
    via: pick(['file', 'file', 'stdin', 'dash'] as const),
    message: messageArb,
    flags: fc.uniqueArray(fc.nat(20), { maxLength: 3 }),
    values: fc.array(fc.nat(1000), { minLength: 20, maxLength: 20 }),
    output: fc.option(pick(['fresh', 'fresh', 'input', 'folder', 'dev-full', 'stdout'] as const), { nil: undefined, freq: 3 }),
    bound: fc.boolean(),
    }),
  )
  .map((r): CliCase => {
    const known = FLAGS_BY_COMMAND[r.command] ?? [];
    const args: string[] = [r.command];
    const given = new Set<string>();
    r.flags.forEach((i, k) => {
      const flag = i < known.length ? known[i]! : i === 19 ? '--no-such-flag' : undefined;
      if (!flag || given.has(flag)) return;
      given.add(flag);
      args.push(flag === '--render-format' ? '--format' : flag);
      const values = FLAG_VALUES[flag];
      // Half the time the first (sensible) value, else any of them.
      const v = r.values[k]!;
      if (values) args.push(values[v % 2 === 0 ? 0 : (v >> 1) % values.length]!);
    });
    // Bound every case: a time limit per block and a small budget, unless the fuzz gave its own.
    if (r.bound || !given.has('--timeout')) {
      if (known.includes('--timeout') && !given.has('--timeout')) args.push('--timeout', '1');
      if (known.includes('--budget') && !given.has('--budget')) args.push('--budget', '0.3');
      if (known.includes('--jobs') && !given.has('--jobs')) args.push('--jobs', '1');
    }
    const text = r.command === 'encrypt' ? r.message : r.input.text;
    const ext = r.ext ?? EXT[r.input.format];
    if (r.command === 'encrypt') {
      if (r.via === 'file') args.push(r.message === '' ? 'EMPTY' : r.message);
    } else if (r.via === 'file') args.push('{in}');
    else if (r.via === 'dash') args.push('-');
    if (r.output) args.push('-o', '{out}');
    return {
      args,
      stdin: text,
      ...(r.command !== 'encrypt' && r.via === 'file' ? { file: { ext, text } } : {}),
      ...(r.output ? { output: r.output } : {}),
      how: `${r.command} on ${r.input.format} (${r.input.how}) via ${r.via}`,
    };
  });

/** Resolve a case's placeholders against its folder. */
function concreteArgs(c: CliCase, dir: string): { args: string[]; input?: string; output?: string } {
  const input = c.file ? join(dir, `in.${c.file.ext}`) : undefined;
  const places: Record<NonNullable<CliCase['output']>, string> = {
    fresh: join(dir, 'out.txt'),
    input: input ?? join(dir, 'in.txt'),
    folder: dir,
    'dev-full': '/dev/full',
    stdout: '/dev/stdout',
  };
  const output = c.output ? places[c.output] : undefined;
  const args = c.args.map((a) => (a === '{in}' ? (input ?? join(dir, 'in.txt')) : a === '{out}' ? output! : a === '{cnf}' ? join(dir, 'out.cnf') : a));
  return { args, ...(input ? { input } : {}), ...(output ? { output } : {}) };
}

const CONTRACT = new Set<number>(Object.values(EXIT_CODES).map((e) => e.code));

/** Run one case in a folder of its own (created fresh); check the property. */
export async function runCliCase(c: CliCase, dir: string): Promise<CliCaseReport> {
  mkdirSync(dir, { recursive: true });
  const { args, input, output } = concreteArgs(c, dir);
  if (input) writeFileSync(input, c.file!.text);
  const outFile = output && output !== dir && !output.startsWith('/dev/') ? output : undefined;
  const before = outFile && existsSync(outFile) ? { text: readFileSync(outFile), mtime: statSync(outFile).mtimeMs } : undefined;
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdin: Readable.from([Buffer.from(c.stdin)]),
    stdout: { write: (d) => ((stdout += typeof d === 'string' ? d : Buffer.from(d).toString()), true) },
    stderr: { write: (d) => ((stderr += typeof d === 'string' ? d : Buffer.from(d).toString()), true) },
    env: {},
  };
  const problems: string[] = [];
  const t0 = performance.now();
  let code = -1;
  let timer: NodeJS.Timeout | undefined;
  try {
    const bound = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), CASE_BOUND_MS)));
    const r = await Promise.race([runCli(args, io), bound]);
    if (r === 'hang') problems.push(`no answer within ${CASE_BOUND_MS / 1000} s`);
    else code = r;
  } catch (e) {
    problems.push(`runCli threw: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    if (timer) clearTimeout(timer);
  }
  const ms = performance.now() - t0;
  if (code >= 0) {
    if (!CONTRACT.has(code)) problems.push(`exit code ${code} is not in the contract`);
    if (code === 70) problems.push(`internal error: ${stderr.trim()}`);
    if (code === 2 || code === 4 || code === 70) {
      if (stdout !== '' && !args.includes('/dev/stdout')) problems.push('stdout is not empty on an error exit');
      const lines = stderr.split('\n').filter((l) => l !== '');
      if (lines.length !== 1 || !stderr.endsWith('\n')) problems.push(`stderr is ${lines.length} lines on an error exit`);
      if (!stderr.startsWith('nonocrypt')) problems.push('the error does not start with "nonocrypt"');
    }
    if (/^\s+at /m.test(stderr) || /^\s+at /m.test(stdout)) problems.push('a stack trace');
    if (outFile) {
      const exists = existsSync(outFile);
      if ((code === 2 || code === 4) && before && !readFileSync(outFile).equals(before.text)) problems.push('an error exit changed the output file');
      if ((code === 2 || code === 4) && !before && exists && outFile !== input) problems.push('an error exit left an output file');
    }
  }
  return { code, stdout, stderr, ms, problems };
}
