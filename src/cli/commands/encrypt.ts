import { Option, type Command } from '@commander-js/extra-typings';
import type { ReceiverModel } from '../../annotate/ReceiverModel.js';
import { DEFAULT_AUTO_BUDGET_MS } from '../../cipher/autoSize.js';
import { BLOCK_FLOOR_MS, DEFAULT_BUDGET_MS, encrypt, type EncryptOptions, type EncryptResult } from '../../cipher/encrypt.js';
import type { Table } from '../../cipher/Table.js';
import { MessageError } from '../../errors.js';
import { formatCiphertext } from '../../formats/ciphertext.js';
import { counted } from '../../formats/counted.js';
import { readMessageText } from '../../formats/messageText.js';
import { formatAnnotation } from '../../formats/symbols.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, noteList, readText, statOf, withProgress, writeOutput } from '../io.js';
import {
  engineOption,
  given,
  jobsOption,
  loadTable,
  MINIMIZER_ENGINE_NOTE,
  memoryOption,
  outputOption,
  quietOption,
  receiverOption,
  requireProofOption,
  requireProofRefusal,
  runOptions,
  secondsOrNone,
  tableFile,
  annotationTimeoutOption,
  usage,
  wholeNumber,
} from '../options.js';
import { unprovenWhy } from '../unprovenWhy.js';
import { listed } from '../../formats/listed.js';
import { isBudgetReason } from '../../annotate/budgetReason.js';

const secs = (ms: number) => `${ms / 1000} s`;

function declare(program: Command) {
  return program
    .command('encrypt')
    .description('encrypt a message into a nonogram ciphertext with the smallest annotations')
    .argument('[text...]', 'the message (29 symbols: space, A-Z, comma, full stop); several words are one message joined by single spaces, as echo joins them (quote it to keep other spacing); - or omitted: standard input')
    .addOption(new Option('-i, --in <file>', 'read the message from this file (- : standard input); a final line break is dropped'))
    .option('--extended', "extended text: also digits, line breaks, ? ! ' \" - : ; ( ) / & + = % @ # * and trailing spaces, each as the table's escape code and a second code (decrypt reads them without a flag)")
    .addOption(
      new Option('-s, --size <n|auto>', 'board side n (n x n blocks; default 8), or auto: the side giving the shortest ciphertext').argParser(
        (v): number | 'auto' => (v === 'auto' ? 'auto' : wholeNumber(1, 1000)(v)),
      ),
    )
    .addOption(new Option('--width <w>', 'rectangular boards: columns (with --height)').argParser(wholeNumber(1, 1000)))
    .addOption(new Option('--height <h>', 'rectangular boards: rows (with --width)').argParser(wholeNumber(1, 1000)))
    .addOption(
      new Option('--table <name|file>', 'encoding table: classic (the default), frequency, or a table file (JSON); auto (with --size auto): the shorter of the two'),
    )
    .addOption(receiverOption())
    .addOption(
      new Option(
        '--budget <seconds|none>',
        `time for the whole encryption, all blocks, shared as they start, at least ${secs(BLOCK_FLOOR_MS)} for each block that needs work (default ${secs(DEFAULT_BUDGET_MS)}; with --size auto, for the whole choice, default ${secs(DEFAULT_AUTO_BUDGET_MS)}); blocks whose proof it cuts short keep a valid annotation, reported with the size found and a proven lower bound (exit 0; with --require-proof, exit 3 and nothing written); none: prove every annotation smallest, however long`,
      ).argParser(secondsOrNone),
    )
    .addOption(requireProofOption('no ciphertext or report, no -o file'))
    .option('--json', 'print a JSON report: the ciphertext and, per block, its annotation, whether proven smallest, and a lower bound')
    .addOption(outputOption('the ciphertext'))
    .addOption(jobsOption())
    .addOption(annotationTimeoutOption())
    .addOption(engineOption(MINIMIZER_ENGINE_NOTE))
    .addOption(memoryOption())
    .addOption(quietOption())
    .option('-v, --verbose', 'a note for every block whose annotation is not proven smallest (default: one line sums them up when there are several); with --size auto, how the boards were compared')
    .addHelpText(
      'after',
      `\nExamples:\n  nonocrypt encrypt --size 6 "TO BE, OR NOT TO BE."\n  echo HELLO | nonocrypt encrypt --size 5 --receiver logic -o hello.txt\n  nonocrypt encrypt --size auto --table auto -i examples/message.txt\n  nonocrypt encrypt --extended "MEET AT 10:30, ROOM 4B?"`,
    );
}

type EncryptCommand = ReturnType<typeof declare>;
type EncryptFlags = ReturnType<EncryptCommand['opts']>;

export function addEncryptCommand(program: Command, io: CliIO, setExit: SetExit): void {
  declare(program).action(async (words, opts, cmd) => setExit(await encryptCommand(io, messageArgument(words), opts, cmd)));
}

/**
 * The words after `encrypt` as one message: `encrypt HELLO WORLD` is "HELLO WORLD", joined by
 * single spaces as echo joins its arguments (a shell has already dropped the spacing between
 * them; quoting keeps it). None: the message comes from -i or standard input.
 */
function messageArgument(words: readonly string[]): string | undefined {
  return words.length === 0 ? undefined : words.join(' ');
}

/**
 * `nonocrypt encrypt`, in four steps: the flags become the library's options (conflicts are
 * usage errors before anything is read); the outputs are checked and every input read whole
 * (the table file, the message); the library encrypts, reporting progress through its
 * callback; the ciphertext is written, then the notes on standard error.
 */
async function encryptCommand(io: CliIO, textArg: string | undefined, flags: EncryptFlags, cmd: EncryptCommand): Promise<number> {
  const options = encryptOptions(flags, cmd);
  const input = await readInputs(io, textArg, flags);
  const r = await withProgress(io, !flags.quiet && !flags.json, (onProgress) =>
    encrypt(input.text, { ...options, table: input.table, onProgress }).catch((e: unknown) => {
      throw withExtendedHint(e);
    }),
  );
  return writeResult(io, r, flags, input.warning);
}

/** The library's options from the flags alone (the table is an input: see readInputs). */
function encryptOptions(flags: EncryptFlags, cmd: EncryptCommand): Omit<EncryptOptions, 'table'> {
  if (given(cmd, 'size') && (flags.width !== undefined || flags.height !== undefined)) usage('--size and --width/--height both give the board; use one');
  if ((flags.width === undefined) !== (flags.height === undefined)) usage('--width and --height go together (a W x H board)');
  if (flags.table === 'auto' && flags.size !== 'auto') usage('--table auto goes with --size auto');
  return {
    ...(flags.width !== undefined ? { width: flags.width, height: flags.height } : { size: flags.size ?? 8 }),
    ...(flags.extended ? { extended: true } : {}),
    receiver: flags.receiver,
    ...(flags.budget !== undefined ? { budgetMs: flags.budget * 1000 } : {}),
    ...runOptions(flags),
  };
}

interface EncryptInputs {
  readonly text: string;
  readonly table: Table | 'auto';
  /** A TEXT argument that is also a file's name (printed once the ciphertext is out). */
  readonly warning?: string;
}

/**
 * The outputs checked against the inputs (nothing is read for a run that could not write),
 * then the table and the message. The message is the TEXT argument as given, or a file (-i
 * FILE) or standard input read as `readMessageText` says (byte-order mark dropped, CRLF read
 * as a line break, one final line break dropped). A TEXT that names an existing file is still
 * encrypted as words (a file name is a valid message, and a warning changes no exit code a
 * script relies on); the warning points at -i.
 */
async function readInputs(io: CliIO, arg: string | undefined, flags: EncryptFlags): Promise<EncryptInputs> {
  if (flags.in !== undefined && arg !== undefined) {
    usage(`give the message either as TEXT or with --in FILE, not both (found TEXT ${JSON.stringify(arg)} and --in ${flags.in})`);
  }
  checkOutputs([flags.output], [tableFile(flags.table), flags.in]);
  const table = flags.table === 'auto' ? 'auto' : await loadTable(io, flags.table ?? 'classic');
  if (flags.in !== undefined) return { table, text: readMessageText(await readText(io, flags.in)) };
  if (arg === undefined && io.stdin.isTTY) usage('no message: give it as TEXT (nonocrypt encrypt "HELLO WORLD"), read it from a file with -i FILE, or pipe it on standard input');
  if (arg === undefined || arg === '-') return { table, text: readMessageText(await readText(io, arg)) };
  const warning = statOf(arg)?.isFile()
    ? `warning: the message ${JSON.stringify(arg)} is also the name of a file; encrypting the words (to encrypt the file, use -i ${arg})`
    : undefined;
  return { table, text: arg, ...(warning ? { warning } : {}) };
}

/** A message error that extended text would fix names the flag that turns it on. */
function withExtendedHint(e: unknown): unknown {
  return e instanceof MessageError && e.extendedText ? new MessageError(e.code as 'E_CHAR' | 'E_EMPTY', `${e.message}: encrypt with --extended`, true) : e;
}

/**
 * The ciphertext (or the JSON report) out, the notes on stderr, and the exit code. With
 * --require-proof and an annotation not proven smallest, nothing is written (neither the
 * ciphertext nor the report) and one line on stderr says which blocks.
 */
function writeResult(io: CliIO, r: EncryptResult, flags: EncryptFlags, warning: string | undefined): number {
  const cipher = formatCiphertext(r.ciphertext);
  const unproven = r.blocks.map((b, i) => ({ ...b, n: i + 1 })).filter((b) => !b.proven);
  if (flags.requireProof && unproven.length > 0) {
    io.stderr.write(requireProofRefusal(refusal(unproven)));
    return exitCode('UNDECIDED');
  }
  if (flags.json) {
    // The file first: a file that cannot be written leaves standard output empty.
    if (flags.output) writeOutput(io, flags.output, cipher);
    io.stdout.write(JSON.stringify(jsonReport(r, flags.receiver, cipher)) + '\n');
  } else writeOutput(io, flags.output ?? '-', cipher);
  if (warning && !flags.quiet) io.stderr.write(`nonocrypt: ${warning}\n`);
  if (!flags.quiet && !flags.json) {
    // --size auto: the result in one line; how the boards were compared with -v (and --json).
    if (r.choice) io.stderr.write(flags.verbose ? `nonocrypt: ${r.choice.summary}\nnonocrypt: ${r.choice.accounting}\n` : `nonocrypt: ${r.choice.summary}; -v tells how they were compared\n`);
    if (r.receiverNeedsTable) {
      const spec = tableFile(flags.table) ?? r.table.name;
      io.stderr.write(`nonocrypt: the receiver must decrypt with --table ${spec}: ${r.receiverNeedsTable}\n`);
    }
    const notes = unproven.map((b) => `block ${b.n}: ${counted(b.block.annotation.length, 'cell')}, valid, not proven smallest (${unprovenWhy(b.lowerBound, b.reason)})`);
    if (flags.verbose || unproven.length <= 1) noteList(io, notes, flags.verbose ? Infinity : 20);
    else io.stderr.write(`nonocrypt: ${unprovenSummary(unproven, r.blocks.length, r.choice !== undefined)}\n`);
  }
  return unproven.some((b) => b.timedOut) ? exitCode('UNDECIDED') : exitCode('OK');
}

/** "block 3 has a valid annotation not proven smallest (why)", or the blocks' numbers and their reasons. */
function refusal(unproven: readonly { n: number; lowerBound: number; reason?: string }[]): string {
  if (unproven.length === 1) return `block ${unproven[0]!.n} has a valid annotation not proven smallest (${unprovenWhy(unproven[0]!.lowerBound, unproven[0]!.reason)})`;
  return `blocks ${listed(unproven.map((b) => b.n))} have valid annotations not proven smallest (${reasonsOf(unproven)})`;
}

/** The reasons the proofs stopped: one, or each with how many blocks it stopped. */
function reasonsOf(unproven: readonly { reason?: string }[]): string {
  const reasons = new Map<string, number>();
  for (const b of unproven) reasons.set(b.reason ?? 'not proven', (reasons.get(b.reason ?? 'not proven') ?? 0) + 1);
  return [...reasons].map(([reason, n]) => (reasons.size === 1 ? reason : `${reason}: ${n}`)).join('; ');
}

/**
 * Several unproven annotations in one line: how many, the largest gap between an annotation
 * and its proven lower bound (the most a smaller annotation could save), why the proofs
 * stopped (in a few words when the time budget stopped them all), and what to do: more time
 * proves more (--budget when the budget stopped them, -t when the time limit did), and -s auto
 * (unless the side was chosen so) finds the board side with the shortest ciphertext; -v and
 * --json give every block.
 */
function unprovenSummary(
  unproven: readonly { n: number; block: { annotation: readonly number[] }; lowerBound: number; reason?: string; timedOut?: boolean }[],
  blocks: number,
  autoSize: boolean,
): string {
  const hints = [
    ...(unproven.some((b) => !b.timedOut && isBudgetReason(b.reason)) ? ['a larger --budget (or none) proves more'] : []),
    ...(unproven.some((b) => b.timedOut) ? ['a longer -t proves more'] : []),
    ...(autoSize ? [] : ['-s auto chooses the board side with the shortest ciphertext']),
  ];
  const more = hints.length > 0 ? `${hints.join(', ')}; ` : '';
  // The budget's reasons in a few words (where it stopped each proof is -v's and --json's).
  const outOfBudget = unproven.every((b) => !b.timedOut && isBudgetReason(b.reason));
  const gap = (b: (typeof unproven)[number]) => b.block.annotation.length - b.lowerBound;
  const widest = unproven.reduce((a, b) => (gap(b) > gap(a) ? b : a));
  return (
    `${unproven.length} of ${counted(blocks, 'block')} have a valid annotation not proven smallest (${outOfBudget ? 'the time budget ran out' : reasonsOf(unproven)}); ` +
    `the largest gap: block ${widest.n}, ${counted(widest.block.annotation.length, 'cell')} against a lower bound of ${widest.lowerBound}; ${more}-v or --json for every block`
  );
}

function jsonReport(r: EncryptResult, receiver: ReceiverModel, cipher: string) {
  const w = r.ciphertext.width;
  return {
    width: w,
    height: r.ciphertext.height,
    table: r.table.name,
    receiver,
    proven: r.blocks.every((b) => b.proven),
    ...(r.choice ? { choice: r.choice.reason, choiceSummary: r.choice.summary, candidates: r.choice.tally, notCandidates: { total: r.choice.notCandidates, belowChoice: r.choice.notCandidatesBelow } } : {}),
    ...(r.receiverNeedsTable ? { receiverNeedsTable: r.receiverNeedsTable } : {}),
    blocks: r.blocks.map((b, i) => ({
      block: i + 1,
      cells: b.block.annotation.length,
      code: formatAnnotation(b.block.annotation, w),
      proven: b.proven,
      lowerBound: b.lowerBound,
      ms: Math.round(b.ms),
      ...(b.reason ? { reason: b.reason } : {}),
    })),
    ciphertext: cipher,
  };
}
