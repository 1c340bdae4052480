import { createReadStream, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Option, type Command } from '@commander-js/extra-typings';
import { checkCertificates, type BlockCheck, type CertificateFiles } from '../../certificate/check/checkCertificate.js';
import { certificateStem } from '../../certificate/check/certificateStem.js';
import { checkSplitCertificates, splitSetIn, type SplitCheck } from '../../certificate/check/checkSplit.js';
import { CLUE_FORMATS, clueFormatOf, readClues } from '../../certificate/check/readClues.js';
import { InputError } from '../../errors.js';
import { counted } from '../../formats/counted.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { colour, describeFsError, readText, withProgress } from '../io.js';
import { helpParagraph, quietOption, usage } from '../options.js';

function declare(program: Command) {
  return program
    .command('check-certificate')
    .description("check the certificates that verify --certify or solve --certify wrote, with the independent checker (it reads the clues itself, regenerates each formula, checks each LRAT proof; it shares no code with the solver)")
    .summary('check the certificates of verify/solve --certify with the independent checker')
    .argument('<file>', 'the ciphertext or puzzle the certificates are for (ciphertext, .non, .nin, .json, .pic, webpbn .xml)')
    .argument('<dir>', 'the folder holding STEM.block-K.cnf and STEM.block-K.lrat (or .lrat.gz); for a puzzle STEM.cnf and STEM.lrat; for a board split with solve --split K/N, every STEM.part-K-of-N.cnf and .lrat (the set is checked, the cubes\' coverage too)')
    .addOption(new Option('-f, --from <format>', 'the format of FILE (default: from its extension; other names are read as a ciphertext)').choices(CLUE_FORMATS))
    .option('--json', 'print one JSON document: {"blocks":[{"block","status","reason"?,"cnf","proof","ms"}],"certified":N,"ok":true|false}')
    .addOption(quietOption())
    .addHelpText(
      'after',
      `\n${helpParagraph('Exit 0 when every block is certified unique; 1 naming each block that is not (no certificate, a formula or proof that fails, a certificate of "none"); 2 for bad input.')}\n\nExamples:\n  nonocrypt verify --certify certs examples/to-be.txt && nonocrypt check-certificate examples/to-be.txt certs\n  nonocrypt check-certificate --json puzzle.non certs`,
    );
}

export function addCheckCertificateCommand(program: Command, io: CliIO, setExit: SetExit): void {
  declare(program).action(async (file, dir, opts) => setExit(await checkCertificateCommand(io, file, dir, opts)));
}

async function checkCertificateCommand(io: CliIO, path: string, dir: string, flags: ReturnType<ReturnType<typeof declare>['opts']>): Promise<number> {
  if (path === '-') usage('check-certificate reads FILE by name (its certificates are named after it): give a file, not standard input');
  const format = flags.from ?? clueFormatOf(path);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (e) {
    throw new InputError('E_FILE', `${dir}: cannot read the certificates (${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such folder' : describeFsError(e)})`);
  }
  if (!isDir) throw new InputError('E_FILE', `${dir}: not a folder`);
  const clues = readClues(await readText(io, path), format, path);
  const files: CertificateFiles = {
    open: (name) => {
      const p = join(dir, name);
      try {
        if (!statSync(p).isFile()) return undefined;
      } catch {
        return undefined;
      }
      return createReadStream(p);
    },
  };
  const paint = colour(io, io.stdout);
  const stem = certificateStem(basename(path));
  const parts = clues.blocks.length === 1 ? splitSetIn(readdirSync(dir), stem) : undefined;
  if (parts !== undefined) {
    const set = await withProgress(io, !flags.quiet && !flags.json, (onProgress) => checkSplitCertificates(clues.blocks[0]!, stem, parts, files, (c) => onProgress(c.block)), parts);
    io.stdout.write(flags.json ? JSON.stringify({ file: path, dir, ...set, checks: set.checks.map((c) => ({ ...c, ms: Math.round(c.ms) })), ok: set.status === 'unique' }) + '\n' : splitText(set, paint));
    return set.status === 'unique' ? exitCode('OK') : exitCode('FAILED_BLOCK');
  }
  const report = await withProgress(io, !flags.quiet && !flags.json, (onProgress) => checkCertificates(clues, stem, files, (b) => onProgress(b.block)), clues.blocks.length);
  const certified = report.blocks.filter((b) => b.status === 'unique').length;
  if (flags.json) {
    const blocks = report.blocks.map((b) => ({ ...b, ms: Math.round(b.ms) }));
    io.stdout.write(JSON.stringify({ file: path, dir, blocks, certified, ok: report.ok }) + '\n');
  } else {
    const lines = report.blocks.map((b) => `block ${b.block}: ${describe(b, paint)}`);
    const n = report.blocks.length;
    lines.push(`${counted(n, 'block')}: ${certified} certified unique${certified < n ? `, ${n - certified} not` : ''}`);
    io.stdout.write(lines.join('\n') + '\n');
  }
  return report.ok ? exitCode('OK') : exitCode('FAILED_BLOCK');
}

function describe(b: BlockCheck, paint: (code: number, text: string) => string): string {
  const took = `${(b.ms / 1000).toFixed(2)} s`;
  switch (b.status) {
    case 'unique':
      return `${paint(32, 'certified unique')} (${b.cnf}, ${b.proof}: ${counted(b.proofSteps ?? 0, 'proof step')} checked, ${took})`;
    case 'none':
      return `${paint(31, 'not unique')}: certified to have no solution (${b.cnf}, ${b.proof}, ${took})`;
    case 'failed':
      return `${paint(31, 'not certified')}: ${b.reason}`;
  }
}

/** A split set's report: one line per part, the cubes' coverage, the board's verdict. */
function splitText(set: SplitCheck, paint: (code: number, text: string) => string): string {
  const lines = set.checks.map((c) => {
    const where = `(${c.cnf}, ${c.proof}: ${counted(c.proofSteps ?? 0, 'proof step')} checked, ${(c.ms / 1000).toFixed(2)} s)`;
    const what = c.status === 'unique' ? 'one picture in its cube' : 'no picture in its cube';
    return `part ${c.block} of ${set.parts}: ${c.status === 'failed' ? `${paint(31, 'not certified')}: ${c.reason}` : `${paint(32, 'certified')}: ${what} ${where}`}`;
  });
  lines.push(set.coverage.ok ? `cubes: ${paint(32, 'cover every picture')} (their negations have no model: ${counted(set.coverage.steps, 'resolution step')} checked)` : `cubes: ${paint(31, 'not certified to cover every picture')}: ${set.coverage.reason}`);
  lines.push(
    set.status === 'unique'
      ? `board: ${paint(32, 'certified unique')} (split into ${set.parts} parts)`
      : set.status === 'none'
        ? `board: ${paint(31, 'not unique')}: certified to have no solution (split into ${set.parts} parts)`
        : `board: ${paint(31, 'not certified')}: ${set.reason}`,
  );
  return lines.join('\n') + '\n';
}
