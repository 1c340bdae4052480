import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { RECEIVER_MODELS, type ReceiverModel } from '../annotate/ReceiverModel.js';
import { puzzleFormats } from '../formats/PuzzleFile.js';
import { annotateCommand } from './commands/annotate.js';
import { decryptCommand } from './commands/decrypt.js';
import { encryptCommand } from './commands/encrypt.js';
import { solveCommand } from './commands/solve.js';
import { verifyCommand } from './commands/verify.js';
import { seconds, wholeNumber } from './options.js';

/**
 * The command line: flags in, one options object per command, the command's exit code out.
 * Everything else lives in the library and in ./commands.
 */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    const p = join(dir, 'package.json');
    if (existsSync(p)) return (JSON.parse(readFileSync(p, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
}

const EXIT_CODES = `
Exit codes:
  0  success; every block has exactly one solution
  1  some block is ambiguous (several solutions) or unsolvable (none)
  2  bad input or usage
  3  some block undecided (time limit or SAT heap exhausted): status unknown`;

const jobsOption = () =>
  new Option('-j, --jobs <n>', 'worker threads for blocks (default: the number of cores)').argParser(wholeNumber(1, 256));
const timeoutOption = () =>
  new Option('-t, --timeout <seconds>', 'time limit per block; an unfinished block is reported unknown (exit 3)').argParser(seconds);
const quietOption = () => new Option('-q, --quiet', 'no progress display on stderr');
const tableOption = (auto = false) =>
  new Option(
    '--table <name|file>',
    `encoding table: classic, frequency, or a table file (JSON)${auto ? '; auto (with --size auto): the shorter of the two' : ''}`,
  ).default('classic');
const receiverOption = () =>
  new Option('-r, --receiver <model>', 'receiver model: unique (one solution) or logic (line-solvable)')
    .choices(RECEIVER_MODELS as ReceiverModel[])
    .default('unique');
const formatOption = () =>
  new Option('-f, --format <format>', 'input format (default: from the file extension, else from the content)').choices([
    ...puzzleFormats,
    'picture',
  ]);

export function buildProgram(setExit: (code: number) => void): Command {
  const program = new Command();
  program
    .name('nonocrypt')
    .description('Nonogram cipher and nonogram uniqueness checker (SAT-backed): encrypt, decrypt, verify, solve, annotate.')
    .version(packageVersion(), '-V, --version')
    .showSuggestionAfterError(true)
    .addHelpText('after', EXIT_CODES);

  program
    .command('encrypt')
    .description('encrypt a message into a nonogram ciphertext with the smallest annotations')
    .argument('[text]', 'the message (29 symbols: space, A-Z, comma, full stop); - or omitted: standard input')
    .addOption(
      new Option('-s, --size <n|auto>', 'board side n (n x n blocks), or auto: the side giving the shortest ciphertext')
        .argParser((v) => (v === 'auto' ? 'auto' : wholeNumber(1, 1000)(v)))
        .default(8),
    )
    .addOption(new Option('--budget <seconds>', 'with --size auto: time budget for the choice').argParser(seconds).default(5))
    .addOption(new Option('--width <w>', 'rectangular boards: columns (with --height)').argParser(wholeNumber(1, 1000)))
    .addOption(new Option('--height <h>', 'rectangular boards: rows (with --width)').argParser(wholeNumber(1, 1000)))
    .addOption(tableOption(true))
    .addOption(receiverOption())
    .option('-o, --output <file>', 'write the ciphertext to this file (whole or not at all) instead of stdout')
    .addOption(jobsOption())
    .addOption(timeoutOption())
    .addOption(quietOption())
    .addHelpText('after', `\nExamples:\n  nonocrypt encrypt --size 6 "TO BE, OR NOT TO BE."\n  echo HELLO | nonocrypt encrypt --size 5 --receiver logic -o hello.txt\n  nonocrypt encrypt --size auto --table auto < examples/message.txt`)
    .action(async (text, opts) => setExit(await encryptCommand(text, opts)));

  program
    .command('decrypt')
    .description('decrypt a ciphertext; fails naming the first block that is ambiguous or unsolvable')
    .argument('[file]', 'ciphertext file; - or omitted: standard input')
    .addOption(tableOption())
    .option('-o, --output <file>', 'write the text to this file instead of stdout')
    .addOption(jobsOption())
    .addOption(timeoutOption())
    .addOption(quietOption())
    .addHelpText('after', `\nExample:\n  nonocrypt decrypt examples/to-be.txt`)
    .action(async (file, opts) => setExit(await decryptCommand(file, opts)));

  program
    .command('verify')
    .description('check every block of a ciphertext: unique (line-solvable or not), multiple, or none')
    .argument('[file]', 'ciphertext file; - or omitted: standard input')
    .option('--json', 'print one JSON document: {"blocks":[{"block","status","lineSolvable"}],"summary":{...}}')
    .addOption(jobsOption())
    .addOption(timeoutOption())
    .addOption(quietOption())
    .addHelpText('after', `\nExample:\n  nonocrypt verify --json examples/to-be.txt`)
    .action(async (file, opts) => setExit(await verifyCommand(file, opts)));

  program
    .command('solve')
    .description('solve a nonogram and prove whether its solution is unique')
    .argument('[file]', 'puzzle: .non, .nin, webpbn .xml, nonocrypt .json, one-block ciphertext, or a # . picture; - or omitted: stdin')
    .addOption(formatOption())
    .option('--json', 'print one JSON document: {"status","lineSolvable","solutions":[[rows]],...}')
    .addOption(new Option('--format-out <format>', 'write the puzzle in this format instead (goal = the unique solution)').choices(puzzleFormats))
    .option('-o, --output <file>', 'write the output to this file instead of stdout')
    .option('--emit-cnf <file>', "write the puzzle's CNF (DIMACS) for an external SAT solver")
    .addOption(timeoutOption())
    .addHelpText('after', `\nExample:\n  nonocrypt solve examples/scatter.pic`)
    .action(async (file, opts) => setExit(await solveCommand(file, opts)));

  program
    .command('annotate')
    .description('the fewest cells to give away so the goal picture is the only solution (or line-solvable), proven smallest')
    .argument('[file]', 'puzzle with a goal picture, or a picture of # and . rows; - or omitted: stdin')
    .addOption(formatOption())
    .addOption(receiverOption())
    .addOption(new Option('--format-out <format>', 'output: .non with the givens, JSON, or a one-block ciphertext').choices(['non', 'json', 'cipher']).default('non'))
    .option('--json', 'print one JSON document: {"receiver","count","proven","cells":[[x,y]],"code"}')
    .option('-o, --output <file>', 'write the output to this file instead of stdout')
    .addOption(timeoutOption())
    .addHelpText('after', `\nExample:\n  nonocrypt annotate --receiver logic examples/scatter.pic`)
    .action(async (file, opts) => setExit(await annotateCommand(file, opts)));

  return program;
}

