import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { InvalidArgumentError, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { RECEIVER_MODELS } from '../annotate/ReceiverModel.js';
import { certificateStem } from '../certificate/check/certificateStem.js';
import { BUILTIN_TABLES, builtinTable, parseTable, type BuiltinTableName, type Table } from '../cipher/Table.js';
import { parseShard } from '../collection/shard.js';
import { NonocryptError } from '../errors.js';
import { inputFormats } from '../formats/puzzleText.js';
import type { RunOptions } from '../parallel/RunOptions.js';
import { wrapWords } from '../render/wrapWords.js';
import { DEFAULT_ENGINE, ENGINES } from '../sat/engines.js';
import type { EngineName } from '../sat/SatSolver.js';
import type { CliIO } from './CliIO.js';
import { folderExtensions } from './inputFiles.js';
import { readText } from './io.js';
import { checkCertificateDir } from './certificateOutput.js';

/**
 * Flags to typed options. Each parser rejects bad values with a message commander turns into
 * a one-line usage error (exit code 2). Options shared by several commands are made here, so
 * that each is spelled and explained once.
 */
export function wholeNumber(min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return n;
  };
}

/** The longest time limit a flag takes, in seconds (1,000,000 s: 11.6 days); longer is a typo more often than a plan. */
export const MAX_SECONDS = 1e6;
const SECONDS_RANGE = `a positive number of seconds up to ${MAX_SECONDS.toLocaleString('en-US')} (${(MAX_SECONDS / 86400).toFixed(1)} days)`;

export function seconds(value: string): number {
  const n = Number(value);
  if (!/^\s*\d*\.?\d+\s*$/.test(value) || !(n > 0) || n > MAX_SECONDS) throw new InvalidArgumentError(`expected ${SECONDS_RANGE}`);
  return n;
}

/** A positive number up to `max`. */
export function positiveNumber(max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\s*\d*\.?\d+\s*$/.test(value) || !(n > 0) || n > max) throw new InvalidArgumentError(`expected a positive number up to ${max}`);
    return n;
  };
}

/** Seconds, or `none` for no limit (Infinity). */
export function secondsOrNone(value: string): number {
  if (value.trim() === 'none') return Infinity;
  try {
    return seconds(value);
  } catch {
    throw new InvalidArgumentError(`expected ${SECONDS_RANGE}, or none`);
  }
}

export const defaultJobs = (): number => Math.max(1, availableParallelism());

/**
 * `classic`, `frequency`, or the path of a table file of the same shape. A file that cannot be
 * read gets the built-in names in its error, and the nearest of them when the name is a slip
 * of one (`frequncy`).
 */
export async function loadTable(io: CliIO, spec: string): Promise<Table> {
  if ((BUILTIN_TABLES as readonly string[]).includes(spec)) return builtinTable(spec as BuiltinTableName);
  let text: string;
  try {
    text = await readText(io, spec);
  } catch (e) {
    if (!(e instanceof NonocryptError) || e.code !== 'E_FILE') throw e;
    const near = BUILTIN_TABLES.find((name) => editDistance(name, spec.toLowerCase()) <= 2);
    const builtins = `the built-in tables are ${BUILTIN_TABLES.join(' and ')}`;
    throw new NonocryptError('E_FILE', `--table ${e.message}; ${near ? `did you mean ${near}? ` : ''}${builtins}`);
  }
  return parseTable(text, spec);
}

/** Levenshtein distance (insertions, deletions, substitutions), for names a letter or two apart. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

/** The table flag names a file (to be protected from being an output). */
export function tableFile(spec: string | undefined): string | undefined {
  return spec === undefined || spec === 'auto' || (BUILTIN_TABLES as readonly string[]).includes(spec) ? undefined : spec;
}

/** Flags of the commands that run blocks. */
export interface RunFlags {
  jobs?: number;
  timeout?: number;
  quiet?: boolean;
  engine?: EngineName;
  memory?: number;
}

export function runOptions(flags: RunFlags, jobs = flags.jobs ?? defaultJobs()): RunOptions {
  return {
    jobs,
    ...(flags.memory === undefined ? {} : { memoryCapBytes: flags.memory * 2 ** 20 }),
    ...(flags.timeout === undefined ? {} : { timeoutMs: flags.timeout * 1000 }),
    ...(flags.engine ? { engine: flags.engine } : {}),
  };
}

export const jobsOption = () =>
  new Option('-j, --jobs <n>', 'worker threads for blocks (default: the number of cores)').argParser(wholeNumber(1, 256));
export const timeoutOption = (description = 'time limit per block; a block it stops is reported unknown (exit 3)') =>
  new Option('-t, --timeout <seconds>', description).argParser(seconds);
/** `-t` of the commands that minimize annotations: a block it stops keeps the valid annotation found so far. */
export const annotationTimeoutOption = () =>
  timeoutOption('time limit per block; a block it stops keeps a valid annotation, reported not proven smallest with a proven lower bound (exit 3)');
export const quietOption = () => new Option('-q, --quiet', 'nothing on stderr but errors (no progress, no notes)');
/** `--engine`; `note` ends its description where the command also uses an engine it does not name. */
export const engineOption = (note = '') =>
  new Option('--engine <name>', `SAT engine (default ${DEFAULT_ENGINE})${note}`).choices(ENGINES);
/**
 * The note of `--engine` for the commands that minimize annotations: a block whose hitting-set
 * solves are slow moves them to CaDiCaL whatever `--engine` names (annotate/MinHittingSet.ts).
 */
export const MINIMIZER_ENGINE_NOTE = '; the smallest-annotation search moves its slow hitting-set solves to cadical whatever this names';
export const memoryOption = () =>
  new Option('--memory <MiB>', 'memory cap of one SAT instance (default 2048); a block that reaches it is unknown (exit 3)').argParser(
    wholeNumber(8, 4095),
  );

/** True when the user gave the option on the command line (not a default). */
export function given(cmd: CommandUnknownOpts, key: string): boolean {
  return cmd.getOptionValueSource(key) === 'cli';
}

export function usage(message: string): never {
  throw new NonocryptError('E_USAGE', message);
}

export const receiverOption = () =>
  new Option('-r, --receiver <model>', 'receiver model: unique (one solution) or logic (line-solvable)').choices(RECEIVER_MODELS).default('unique' as const);

/**
 * Formats. Every command that reads a puzzle names its input format with `-f, --from` and its
 * output format with `--to` (convert --from nin --to json; render --to svg): two words that
 * cannot be mistaken for each other, where `--format` meant the input of solve, annotate and
 * convert but the output of render. The old spellings (`--format`, annotate's `--format-out`)
 * still work, each with its old meaning in its command, and are left out of the help.
 */
export const fromOption = () => new Option('-f, --from <format>', 'input format (default: from the file extension, else from the content)').choices(inputFormats);

/** An old spelling of an option, hidden from the help, that sets the option `to`. */
export function hiddenAlias<C extends CommandUnknownOpts>(cmd: C, old: Option, to: string): C {
  cmd.addOption(old.hideHelp());
  cmd.on(`option:${old.name()}`, (value: unknown) => cmd.setOptionValueWithSource(to, value, 'cli'));
  return cmd;
}

/** `--format`, the old spelling of `--from` (solve, annotate, convert). */
export const oldInputFormat = <C extends CommandUnknownOpts>(cmd: C): C => hiddenAlias(cmd, new Option('--format <format>').choices(inputFormats), 'from');

/** `--certify DIR`: certificate files for the verdicts, named `files` (see src/cli/certificateOutput.ts). */
export const certifyOption = (files: string) =>
  new Option('--certify <dir>', `write a certificate of every unique (and none) verdict: ${files} (text LRAT proof), for check-certificate or any LRAT checker; DIR is made if missing; one input file (the files are named after it)`);
/** Why `--certify` takes one input file, said when it is given a collection. */
export const CERTIFY_ONE_FILE =
  '--certify takes one input file: its certificates are named after it (two inputs of one name would write the same files), and check-certificate checks one input against DIR; run one command per file';
export const gzipOption = () => new Option('--gzip', 'with --certify: write each proof compressed, as .lrat.gz (check-certificate reads it)');

/**
 * Where `--certify DIR` writes, checked before any work: an input file (certificates are named
 * after it), and DIR a writable folder (else exit 4).
 */
export function certifyTarget(path: string | undefined, dir: string): { readonly dir: string; readonly stem: string } {
  if (path === undefined || path === '-') usage('--certify names its files after the input: give a FILE, not standard input');
  checkCertificateDir(dir);
  return { dir, stem: certificateStem(basename(path)) };
}
export const outputOption = (what: string) => new Option('-o, --output <file>', `write ${what} to this file (whole or not at all) instead of stdout`);
export const requireProofOption = (output: string) =>
  new Option('--require-proof', `exit 3 and write nothing (${output}) unless every annotation is proven smallest`);
/** The one stderr line of a command that `--require-proof` stopped: `why` no annotation is proven smallest, and that nothing was written. */
export const requireProofRefusal = (why: string) => `nonocrypt: --require-proof: ${why}; nothing written\n`;
/** A `--shard K/N` value (collection/shard.ts), its error as commander words it. */
const shardValue = (v: string) => {
  try {
    return parseShard(v);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message.replace(/^shard "[^"]*": /, ''));
  }
};
export const shardOption = (description = 'process only shard K of N: the inputs at positions K, K+N, K+2N, ... of the sorted list (1-based)') =>
  new Option('--shard <K/N>', description).argParser(shardValue);
/** `--part K/N` of a proof's check (mastermind check): the same K/N form as --shard. */
export const partOption = () =>
  new Option('--part <K/N>', "a proof only: check part K of N (units K, K+N, ... of the nodes --part-depth guesses deep, and every node above them); the proof holds when every part 1..N is valid, each printing the text's sha256").argParser(shardValue);
export const splitOption = () =>
  new Option('--split <K/N>', 'solve part K of N of one board (cube-and-conquer): N cubes computed from the clues alone, cube K searched to the end; merge the N parts\' --json outputs with nonocrypt merge').argParser(shardValue);
export const showOption = () => new Option('--show', 'draw the solution as a puzzle sheet with its clues (both pictures, differences marked, when ambiguous)');

/** The width help paragraphs are wrapped to: a terminal's 80 columns. */
export const HELP_COLUMNS = 80;
/** A paragraph of help text, wrapped at spaces to HELP_COLUMNS. */
export const helpParagraph = (text: string): string => wrapWords(text, HELP_COLUMNS).join('\n');

/** The help paragraph of the commands that take collections. */
export const collectionHelp = (kind: 'puzzle' | 'ciphertext') =>
  helpParagraph(
    `Collections: several files, a folder (its ${folderExtensions(kind).map((e) => '.' + e).join(' ')} files, recursively; dot entries skipped) or a quoted glob ('puzzles/**/*.non') make one run: one line per ${kind === 'puzzle' ? 'puzzle' : 'block'} with its file, or with --json one JSON document per line (JSON Lines); inputs sorted by name; an unreadable or malformed file, or a folder or glob with no such file, is its own line (error) and counts as bad input; the exit code is the worst: 2 bad input, then 1, then 3. When no argument names a file at all, that is one error (exit 2).`,
  );
