import type { Command } from '@commander-js/extra-typings';
import type { ReceiverModel } from '../../annotate/ReceiverModel.js';
import { verifyMany } from '../../collection/verifyMany.js';
import { solveBlocks } from '../../cipher/solveBlocks.js';
import { emptySummary, receiverAccepts, verdictOf, type BlockVerdict } from '../../cipher/verify.js';
import { howUnique, sheetOf } from '../../render/sheetsOf.js';
import type { Verdict } from '../../solve/SolveResult.js';
import { counted } from '../../formats/counted.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitForCollection, type CollectionTally } from '../ExitCode.js';
import { collectInputs, inputsCounted, isCollection, lineSource } from '../inputFiles.js';
import { checkOutputs, colour, colourOn, withProgress, writeOutput } from '../io.js';
import { certificateJson, certificateReport, certificateText } from '../certificateOutput.js';
import {
  collectionHelp,
  certifyOption,
  CERTIFY_ONE_FILE,
  certifyTarget,
  engineOption,
  gzipOption,
  jobsOption,
  memoryOption,
  outputOption,
  quietOption,
  receiverOption,
  runOptions,
  shardOption,
  showOption,
  timeoutOption,
  usage,
} from '../options.js';
import { ReportSink } from '../ReportSink.js';
import { ciphertextInput } from './ciphertextInput.js';
import { sheetsText, textOptions } from './render.js';

function declare(program: Command) {
  return program
    .command('verify')
    .description('check every block of a ciphertext: unique (line-solvable or not), multiple, or none')
    .argument('[files...]', 'ciphertext file; - or omitted: standard input; several files, folders or globs: a collection')
    .option('--json', 'print one JSON document: {"blocks":[{"block","status","lineSolvable"}],"summary":{...}}; a collection: one {"file","block",...} per line')
    .addOption(receiverOption())
    .option('--problems', 'report only the blocks that fail: not unique (with --receiver logic: or not line-solvable); the summary counts all')
    .addOption(showOption())
    .addOption(shardOption())
    .addOption(outputOption('the report'))
    .addOption(certifyOption('DIR/STEM.block-K.cnf and DIR/STEM.block-K.lrat'))
    .addOption(gzipOption())
    .addOption(jobsOption())
    .addOption(timeoutOption())
    .addOption(engineOption())
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText('after', `\nExamples:\n  nonocrypt verify --json examples/to-be.txt\n  nonocrypt verify --receiver logic --problems ciphertexts/\n\n${collectionHelp('ciphertext')}`);
}

type VerifyFlags = ReturnType<ReturnType<typeof declare>['opts']>;

export function addVerifyCommand(program: Command, io: CliIO, setExit: SetExit): void {
  declare(program).action(async (files, opts) => setExit(await verifyCommand(io, files, opts)));
}

/**
 * One ciphertext: one line per block, then a summary; or one JSON document. Output is written
 * when every block is decided (an input error part-way leaves standard output empty).
 * Several files, a folder or a glob: a collection, one line (or JSON document) per block with
 * its file, through the library's collection pipeline.
 */
async function verifyCommand(io: CliIO, paths: readonly string[], flags: VerifyFlags): Promise<number> {
  if (flags.show && flags.json) usage('--show draws sheets and --json prints a document: use one');
  if (isCollection(paths, flags.shard)) return verifyCollection(io, paths, flags);
  const path = paths[0];
  const receiver = flags.receiver ?? 'unique';
  checkOutputs([flags.output], [path]);
  const certify = flags.certify === undefined ? undefined : certifyTarget(path, flags.certify);
  if (flags.gzip && !certify) usage('--gzip compresses the proofs of --certify DIR: give --certify');
  const source = await ciphertextInput(io, path);
  // Colour only when the report goes to a terminal.
  const onTerminal = !flags.output && colourOn(io, io.stdout);
  const show = flags.show ? textOptions('cells', onTerminal) : undefined;
  const paint = onTerminal ? colour(io, io.stdout) : (_: number, text: string) => text;
  const verdicts: (BlockVerdict & { ok?: boolean })[] = [];
  const summary = emptySummary();
  let rejected = 0;
  let uncertified = 0;
  const lines: string[] = [];
  // One library call, streamed: each block's report is kept until every block is decided;
  // its certificate files are written as it comes.
  await withProgress(io, !flags.quiet && !flags.json, async (onProgress) => {
    for await (const b of solveBlocks(source, { ...runOptions(flags), onProgress, ...(certify ? { certify: true } : {}) })) {
      const v = verdictOf(b.result, b.block);
      summary[v.status]++;
      const ok = receiverAccepts(v, receiver);
      if (v.status === 'unique' && !ok) rejected++;
      const cert = certify ? await certificateReport(b.certificate, certify.dir, `${certify.stem}.block-${b.block}`, flags.gzip ?? false, [path!]) : undefined;
      if (cert && 'reason' in cert) uncertified++;
      if (flags.problems && ok && !(cert && 'reason' in cert)) continue;
      if (flags.json) verdicts.push({ ...(receiver === 'logic' ? { ...v, ok } : v), ...(cert ? { certificate: certificateJson(cert) } : {}) });
      else lines.push(`block ${v.block}: ${describe(b.result, receiver, paint)}${cert ? `; ${certificateText(cert)}` : ''}\n`);
      if (show) lines.push(sheetsText([sheetOf(b.cipher.puzzle, b.cipher.annotation, b.result)], show), '\n');
    }
  });
  if (flags.json) {
    // The documented shape; `unknown` (and a block's `reason`) appear only when a block was
    // undecided; `ok` and `notLineSolvable` only with --receiver logic.
    const { unknown, ...decided } = summary;
    const doc = { blocks: verdicts, summary: { ...decided, ...(unknown ? { unknown } : {}), ...(receiver === 'logic' ? { notLineSolvable: rejected } : {}) } };
    writeOutput(io, flags.output ?? '-', JSON.stringify(doc) + '\n', [path]);
  } else {
    lines.push(summaryLine(summary, rejected, receiver) + '\n');
    writeOutput(io, flags.output ?? '-', lines.join(''), [path]);
  }
  return exitForCollection({ badInput: 0, failed: summary.multiple + summary.none + rejected, undecided: summary.unknown + uncertified });
}

async function verifyCollection(io: CliIO, paths: readonly string[], flags: VerifyFlags): Promise<number> {
  if (flags.show) usage('--show draws the blocks of one ciphertext: give one file');
  if (flags.certify !== undefined) usage(CERTIFY_ONE_FILE);
  const receiver = flags.receiver ?? 'unique';
  const inputs = collectInputs(paths, 'ciphertext', flags.shard);
  checkOutputs([flags.output], inputs.map((i) => i.name));
  const sink = new ReportSink(io, flags.output, inputs.map((i) => i.name));
  const tally: CollectionTally = { badInput: 0, failed: 0, undecided: 0 };
  const summary = emptySummary();
  let rejected = 0;
  const paint = !flags.output && colourOn(io, io.stdout) ? colour(io, io.stdout) : (_: number, text: string) => text;
  // One library call, streamed: on standard output each line appears as its block is done.
  await withProgress(io, !flags.quiet && !flags.json && flags.output !== undefined, async (onProgress) => {
    for await (const b of verifyMany(inputs.map((i) => lineSource(io, i)), { ...runOptions(flags), onProgress })) {
      if ('error' in b) {
        tally.badInput++;
        sink.line(flags.json ? JSON.stringify({ file: b.name, error: b.error }) : `${b.name}: error: ${b.error.message}`);
        continue;
      }
      const v = verdictOf(b.result, b.block);
      summary[v.status]++;
      const ok = receiverAccepts(v, receiver);
      if (v.status === 'unique' && !ok) rejected++;
      if (v.status === 'unknown') tally.undecided++;
      else if (!ok) tally.failed++;
      if (flags.problems && ok) continue;
      sink.line(flags.json ? JSON.stringify(blockDocument(b.name, v, ok)) : `${b.name}: block ${v.block}: ${describe(b.result, receiver, paint)}`);
    }
  });
  if (!flags.json) {
    const n = inputsCounted(inputs, 'ciphertext', tally.badInput);
    sink.line(`${summaryLine(summary, rejected, receiver)} in ${counted(n.files, 'file')}${n.unreadable ? `, ${n.unreadable} unreadable` : ''}${n.empty ? `; ${n.empty}` : ''}`);
  }
  sink.end();
  return exitForCollection(tally);
}

function blockDocument(file: string, v: BlockVerdict, ok: boolean) {
  return { file, block: v.block, status: v.status, lineSolvable: v.lineSolvable, ok, ...(v.reason ? { reason: v.reason } : {}) };
}

function summaryLine(summary: ReturnType<typeof emptySummary>, rejected: number, receiver: ReceiverModel): string {
  const n = summary.unique + summary.multiple + summary.none + summary.unknown;
  return (
    `${counted(n, 'block')}: ${summary.unique} unique, ${summary.multiple} multiple, ${summary.none} none${summary.unknown ? `, ${summary.unknown} unknown` : ''}` +
    (receiver === 'logic' ? `; ${rejected} not line-solvable (fail --receiver logic)` : '')
  );
}

function describe(v: Verdict, receiver: ReceiverModel, paint: (code: number, text: string) => string): string {
  switch (v.status) {
    case 'unique':
      if (v.lineSolvable || receiver !== 'logic') return `${paint(32, 'unique')} (${howUnique(v)})`;
      return `${paint(31, 'unique')} (${howUnique(v)}; fails --receiver logic)`;
    case 'multiple':
      return paint(31, 'multiple') + ' (ambiguous: at least two grids fit)';
    case 'none':
      return paint(31, 'none') + ' (unsolvable: no grid fits)';
    case 'unknown':
      return paint(33, 'unknown') + ` (${v.reason})`;
  }
}
