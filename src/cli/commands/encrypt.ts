import type { Command } from 'commander';
import type { ReceiverModel } from '../../annotate/ReceiverModel.js';
import { encrypt, type EncryptResult } from '../../cipher/encrypt.js';
import { formatCiphertext } from '../../formats/ciphertext.js';
import { readMessageText } from '../../formats/messageText.js';
import { formatAnnotation } from '../../formats/symbols.js';
import type { CliIO } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { Progress, checkOutputs, noteList, readText, statOf, writeOutput } from '../io.js';
import { given, loadTable, runOptions, tableFile, usage, type RunFlags } from '../options.js';

export interface EncryptFlags extends RunFlags {
  size?: number | 'auto';
  width?: number;
  height?: number;
  table?: string;
  receiver: ReceiverModel;
  budget?: number;
  requireProof?: boolean;
  json?: boolean;
  output?: string;
  in?: string;
  extended?: boolean;
}

/**
 * The message: the TEXT argument as given, or a file (-i FILE) or standard input read as
 * `readMessageText` says (byte-order mark dropped, CRLF read as a line break, one final line
 * break dropped). A TEXT that names an existing file is still encrypted as words (a file name
 * is a valid message, and a warning changes no exit code a script relies on); the warning,
 * pointing at -i, is printed once the ciphertext is out, so that an error stays one line.
 */
async function messageText(io: CliIO, arg: string | undefined, flags: EncryptFlags): Promise<{ text: string; warning?: string }> {
  if (flags.in !== undefined) {
    if (arg !== undefined) usage(`give the message either as TEXT or with --in FILE, not both (found TEXT ${JSON.stringify(arg)} and --in ${flags.in})`);
    return { text: readMessageText(await readText(io, flags.in)) };
  }
  if (arg !== undefined && arg !== '-') {
    const warning = statOf(arg)?.isFile()
      ? `warning: the message ${JSON.stringify(arg)} is also the name of a file; encrypting the words (to encrypt the file, use -i ${arg})`
      : undefined;
    return { text: arg, ...(warning ? { warning } : {}) };
  }
  return { text: readMessageText(await readText(io, arg)) };
}

export async function encryptCommand(io: CliIO, textArg: string | undefined, flags: EncryptFlags, cmd: Command): Promise<number> {
  if (given(cmd, 'size') && (flags.width !== undefined || flags.height !== undefined)) {
    usage('--size and --width/--height both give the board; use one');
  }
  if ((flags.width === undefined) !== (flags.height === undefined)) usage('--width and --height go together (a W x H board)');
  if (flags.table === 'auto' && flags.size !== 'auto') usage('--table auto goes with --size auto');
  checkOutputs([flags.output], [tableFile(flags.table), flags.in]);
  const table = flags.table === 'auto' ? 'auto' : await loadTable(io, flags.table ?? 'classic');
  const { text, warning } = await messageText(io, textArg, flags);
  const progress = new Progress(io, !flags.quiet && !flags.json);
  let r: EncryptResult;
  try {
    r = await encrypt(text, {
      ...(flags.width !== undefined ? { width: flags.width, height: flags.height } : { size: flags.size ?? 8 }),
      table,
      ...(flags.extended ? { extended: true } : {}),
      receiver: flags.receiver,
      ...(flags.budget !== undefined ? { budgetMs: flags.budget * 1000 } : {}),
      ...runOptions(flags),
      onProgress: (n) => progress.tick(n),
    });
  } finally {
    progress.end();
  }
  const cipher = formatCiphertext(r.ciphertext);
  const unproven = r.blocks.map((b, i) => ({ ...b, n: i + 1 })).filter((b) => !b.proven);
  if (flags.json) {
    if (flags.output) writeOutput(io, flags.output, cipher);
    const w = r.ciphertext.width;
    const doc = {
      width: w,
      height: r.ciphertext.height,
      table: r.table.name,
      receiver: flags.receiver,
      proven: unproven.length === 0,
      ...(r.choice ? { choice: r.choice.reason } : {}),
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
    io.stdout.write(JSON.stringify(doc) + '\n');
  } else writeOutput(io, flags.output ?? '-', cipher);
  if (warning && !flags.quiet) io.stderr.write(`nonocrypt: ${warning}\n`);
  if (!flags.quiet && !flags.json) {
    if (r.choice) io.stderr.write(`nonocrypt: ${r.choice.reason}\n`);
    if (r.receiverNeedsTable) {
      const spec = tableFile(flags.table) ?? r.table.name;
      io.stderr.write(`nonocrypt: the receiver must decrypt with --table ${spec}: ${r.receiverNeedsTable}\n`);
    }
    noteList(
      io,
      unproven.map((b) => `block ${b.n}: ${b.block.annotation.length} cells, valid, not proven smallest (lower bound ${b.lowerBound}; ${b.reason ?? 'not proven'})`),
    );
  }
  if (unproven.some((b) => b.timedOut) || (flags.requireProof && unproven.length > 0)) return exitCode('UNDECIDED');
  return exitCode('OK');
}
