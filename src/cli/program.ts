import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError, Option } from 'commander';
import { RECEIVER_MODELS, type ReceiverModel } from '../annotate/ReceiverModel.js';
import { BLOCK_FLOOR_MS, DEFAULT_BUDGET_MS } from '../cipher/encrypt.js';
import { DEFAULT_AUTO_BUDGET_MS } from '../cipher/autoSize.js';
import { DEFAULT_COUNT_MAX } from '../puzzle/solve.js';
import { inputFormats, outputFormats } from '../formats/puzzleText.js';
import { ANNOTATE_FORMATS, annotateCommand } from './commands/annotate.js';
import { convertCommand } from './commands/convert.js';
import { decryptCommand } from './commands/decrypt.js';
import { encryptCommand } from './commands/encrypt.js';
import { RENDER_FORMATS, TEXT_STYLES, renderCommand } from './commands/render.js';
import { solveCommand } from './commands/solve.js';
import { verifyCommand } from './commands/verify.js';
import type { CliIO } from './CliIO.js';
import { webCommand } from './commands/web.js';
import { addMastermindCommand } from './commands/mastermind.js';
import { exitCodesHelp } from './ExitCode.js';
import { parseShard } from '../collection/shard.js';
import { folderExtensions } from './inputFiles.js';
import { engineOption, MINIMIZER_ENGINE_NOTE, memoryOption, jobsOption, positiveNumber, quietOption, secondsOrNone, timeoutOption, wholeNumber } from './options.js';

/**
 * The command line: flags in, one options object per command, the command's exit code out.
 * Each command's action is a short translation in ./commands; the work is the library's.
 */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    const p = join(dir, 'package.json');
    if (existsSync(p)) return (JSON.parse(readFileSync(p, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
}

const tableOption = () =>
  new Option('--table <name|file>', 'encoding table: classic (the default), frequency, or a table file (JSON); auto (with --size auto): the shorter of the two');
const decryptTableOption = () =>
  new Option(
    '--table <name|file>',
    'encoding table: classic, frequency, or a table file (JSON); default auto: the built-in table under which every block decodes (exit 2 if several do)',
  );
const receiverOption = () =>
  new Option('-r, --receiver <model>', 'receiver model: unique (one solution) or logic (line-solvable)')
    .choices(RECEIVER_MODELS)
    .default('unique');
/**
 * Formats. Every command that reads a puzzle names its input format with `-f, --from` and its
 * output format with `--to` (convert --from nin --to json; render --to svg): two words that
 * cannot be mistaken for each other, where `--format` meant the input of solve, annotate and
 * convert but the output of render. The old spellings (`--format`, annotate's `--format-out`)
 * still work, each with its old meaning in its command, and are left out of the help.
 */
const fromOption = () =>
  new Option('-f, --from <format>', 'input format (default: from the file extension, else from the content)').choices(inputFormats);

/** An old spelling of an option, hidden from the help, that sets the option `to`. */
function hiddenAlias(cmd: Command, old: Option, to: string): Command {
  cmd.addOption(old.hideHelp());
  cmd.on(`option:${old.name()}`, (value: unknown) => cmd.setOptionValueWithSource(to, value, 'cli'));
  return cmd;
}

/** `--format`, the old spelling of `--from` (solve, annotate, convert). */
const oldInputFormat = (cmd: Command) => hiddenAlias(cmd, new Option('--format <format>').choices(inputFormats), 'from');
const outputOption = (what: string) => new Option('-o, --output <file>', `write ${what} to this file (whole or not at all) instead of stdout`);
const requireProofOption = () => new Option('--require-proof', 'exit 3 unless every annotation is proven smallest');
const secs = (ms: number) => `${ms / 1000} s`;
const shardOption = () =>
  new Option('--shard <K/N>', 'process only shard K of N: the inputs at positions K, K+N, K+2N, ... of the sorted list (1-based)').argParser((v) => {
    try {
      return parseShard(v);
    } catch (e) {
      throw new InvalidArgumentError((e as Error).message.replace(/^shard "[^"]*": /, ''));
    }
  });
const collectionHelp = (kind: 'puzzle' | 'ciphertext') =>
  `Collections: several files, a folder (its ${folderExtensions(kind).map((e) => '.' + e).join(' ')} files, recursively; dot entries skipped)
or a quoted glob ('puzzles/**/*.non') make one run: one line per ${kind === 'puzzle' ? 'puzzle' : 'block'} with its file, or with --json
one JSON document per line (JSON Lines); inputs sorted by name; an unreadable or malformed file is its own line
(error) and counts as bad input; the exit code is the worst: 2 bad input, then 1, then 3.`;
const showOption = () => new Option('--show', 'draw the solution as a puzzle sheet with its clues (both pictures, differences marked, when ambiguous)');

export function buildProgram(io: CliIO, setExit: (code: number) => void): Command {
  const program = new Command();
  program
    .name('nonocrypt')
    .description('Nonogram cipher and nonogram uniqueness checker (SAT-backed): encrypt, decrypt, verify, solve, annotate, convert, render, web; Mastermind and the AB game with lies (mastermind).')
    .version(packageVersion(), '-V, --version')
    .showSuggestionAfterError(true)
    .addHelpText('after', `\n${exitCodesHelp()}`);

  program
    .command('encrypt')
    .description('encrypt a message into a nonogram ciphertext with the smallest annotations')
    .argument('[text]', 'the message (29 symbols: space, A-Z, comma, full stop); - or omitted: standard input')
    .addOption(new Option('-i, --in <file>', 'read the message from this file (- : standard input); a final line break is dropped'))
    .option('--extended', "extended text: also digits, line breaks, ? ! ' \" - : ; ( ) / & + = % @ # * and trailing spaces, each as the table's escape code and a second code (decrypt reads them without a flag)")
    .addOption(
      new Option('-s, --size <n|auto>', 'board side n (n x n blocks; default 8), or auto: the side giving the shortest ciphertext').argParser(
        (v) => (v === 'auto' ? 'auto' : wholeNumber(1, 1000)(v)),
      ),
    )
    .addOption(new Option('--width <w>', 'rectangular boards: columns (with --height)').argParser(wholeNumber(1, 1000)))
    .addOption(new Option('--height <h>', 'rectangular boards: rows (with --width)').argParser(wholeNumber(1, 1000)))
    .addOption(tableOption())
    .addOption(receiverOption())
    .addOption(
      new Option(
        '--budget <seconds|none>',
        `time for the whole encryption, all blocks, shared as they start, at least ${secs(BLOCK_FLOOR_MS)} for each block that needs work (default ${secs(DEFAULT_BUDGET_MS)}; with --size auto, for the whole choice, default ${secs(DEFAULT_AUTO_BUDGET_MS)}); blocks whose proof it cuts short keep a valid annotation, reported with the size found and a proven lower bound (exit 0; 3 with --require-proof); none: prove every annotation smallest, however long`,
      ).argParser(secondsOrNone),
    )
    .addOption(requireProofOption())
    .option('--json', 'print a JSON report: the ciphertext and, per block, its annotation, whether proven smallest, and a lower bound')
    .addOption(outputOption('the ciphertext'))
    .addOption(jobsOption())
    .addOption(timeoutOption())
    .addOption(engineOption(MINIMIZER_ENGINE_NOTE))
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText(
      'after',
      `\nExamples:\n  nonocrypt encrypt --size 6 "TO BE, OR NOT TO BE."\n  echo HELLO | nonocrypt encrypt --size 5 --receiver logic -o hello.txt\n  nonocrypt encrypt --size auto --table auto -i examples/message.txt\n  nonocrypt encrypt --extended "MEET AT 10:30, ROOM 4B?"`,
    )
    .action(async (text, opts, cmd: Command) => setExit(await encryptCommand(io, text, opts, cmd)));

  program
    .command('decrypt')
    .description('decrypt a ciphertext; fails naming every block that is ambiguous, unsolvable or undecided')
    .argument('[file]', 'ciphertext file; - or omitted: standard input')
    .addOption(decryptTableOption())
    .addOption(outputOption('the text'))
    .addOption(jobsOption())
    .addOption(timeoutOption())
    .addOption(engineOption())
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText('after', `\nExample:\n  nonocrypt decrypt examples/to-be.txt`)
    .action(async (file, opts) => setExit(await decryptCommand(io, file, opts)));

  program
    .command('verify')
    .description('check every block of a ciphertext: unique (line-solvable or not), multiple, or none')
    .argument('[files...]', 'ciphertext file; - or omitted: standard input; several files, folders or globs: a collection')
    .option('--json', 'print one JSON document: {"blocks":[{"block","status","lineSolvable"}],"summary":{...}}; a collection: one {"file","block",...} per line')
    .addOption(receiverOption())
    .option('--problems', 'report only the blocks that fail: not unique (with --receiver logic: or not line-solvable); the summary counts all')
    .addOption(showOption())
    .addOption(shardOption())
    .addOption(outputOption('the report'))
    .addOption(jobsOption())
    .addOption(timeoutOption())
    .addOption(engineOption())
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText('after', `\nExamples:\n  nonocrypt verify --json examples/to-be.txt\n  nonocrypt verify --receiver logic --problems ciphertexts/\n\n${collectionHelp('ciphertext')}`)
    .action(async (files: string[], opts) => setExit(await verifyCommand(io, files, opts)));

  const solve = program
    .command('solve')
    .description('solve a nonogram and prove whether its solution is unique')
    .argument('[files...]', 'puzzle: .non, .nin, webpbn .xml, nonocrypt .json, one-block ciphertext, or a # . picture; - or omitted: stdin; several files, folders or globs: a collection')
    .addOption(fromOption())
    .option('--json', 'print one JSON document: {"status","lineSolvable","solutions":[[rows]],"difficulty",...}; a collection: one {"file",...} per line')
    .option('--count', `count the solutions, up to --max (default ${DEFAULT_COUNT_MAX}); ">= N" when stopped by --max or the time limit`)
    .addOption(new Option('--max <n>', 'with --count: stop counting at n solutions (implies --count)').argParser(wholeNumber(1, 1e9)))
    .option('--first', 'stop at the first solution (status "found", exit 0): no search for a second one, as tournaments score solvers')
    .option('--difficulty', 'say what decided it: line logic alone, probing at depth 1, or search (probes, search nodes, SAT calls, decisions, conflicts)')
    .addOption(showOption())
    .addOption(outputOption('the report'))
    .option('--emit-cnf <file>', "also write the puzzle's CNF (DIMACS) for an external SAT solver; - for stdout (then -o takes the report)")
    .addOption(shardOption())
    .addOption(
      new Option(
        '-j, --jobs <n>',
        'worker threads: the puzzles of a collection run on them; one puzzle runs in this thread, and if undecided after 30 s, as a portfolio of n differently tuned solvers racing on them (default: the number of cores)',
      ).argParser(wholeNumber(1, 256)),
    )
    .addOption(timeoutOption())
    .addOption(engineOption())
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText('after', `\nExamples:\n  nonocrypt solve examples/scatter.pic\n  nonocrypt solve --count --max 100 --difficulty examples/heart.pic\n  nonocrypt solve --json --shard 1/4 'puzzles/**/*.non'\n\n${collectionHelp('puzzle')}`)
    .action(async (files: string[], opts) => setExit(await solveCommand(io, files, opts)));
  oldInputFormat(solve);
  // Writing a puzzle is convert's; an earlier README showed `solve --format-out json`.
  for (const flag of ['--to <format>', '--format-out <format>']) solve.addOption(new Option(flag).hideHelp());

  const annotate = program
    .command('annotate')
    .description('the fewest cells to give away so the goal picture is the only solution (or line-solvable), proven smallest')
    .argument('[file]', 'puzzle with a goal picture, or a picture of # and . rows; - or omitted: stdin')
    .addOption(fromOption())
    .addOption(receiverOption())
    .addOption(new Option('--to <format>', 'output format: non with the givens (the default), json, or cipher (a one-block ciphertext)').choices([...ANNOTATE_FORMATS]))
    .option('--json', 'print one JSON document: {"receiver","count","proven","lowerBound","cells":[[x,y]],"code"}')
    .addOption(
      new Option('--budget <seconds|none>', 'time for proving the annotation smallest (default none); when it ends the annotation is valid but not proven smallest (exit 0)').argParser(
        secondsOrNone,
      ),
    )
    .addOption(requireProofOption())
    .addOption(outputOption('the output'))
    .addOption(timeoutOption())
    .addOption(engineOption(MINIMIZER_ENGINE_NOTE))
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText('after', `\nExamples:\n  nonocrypt annotate --receiver logic examples/scatter.pic\n  nonocrypt annotate --to cipher examples/heart.pic`)
    .action(async (file, opts, cmd: Command) => setExit(await annotateCommand(io, file, opts, cmd)));
  oldInputFormat(annotate);
  hiddenAlias(annotate, new Option('--format-out <format>').choices([...ANNOTATE_FORMATS]), 'to');

  const convert = program
    .command('convert')
    .description('write a puzzle in another format (exit 0 whatever its solution count)')
    .argument('[file]', 'puzzle in any format solve reads; - or omitted: stdin')
    .addOption(fromOption())
    .addOption(new Option('--to <format>', 'output format').choices(outputFormats as string[]).makeOptionMandatory())
    .option('--solve', 'a puzzle without a goal gets its solution as the goal, when it is unique')
    .addOption(outputOption('the converted puzzle'))
    .addOption(timeoutOption())
    .addOption(engineOption())
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText('after', `\nExamples:\n  nonocrypt convert --to json examples/scatter.pic\n  nonocrypt convert --from picture --to non - < drawing.txt\n  nonocrypt convert --to dimacs examples/scatter.pic | kissat`)
    .action(async (file, opts) => setExit(await convertCommand(io, file, opts)));
  oldInputFormat(convert);

  const render = program
    .command('render')
    .description('draw a puzzle or every block of a ciphertext as a printed puzzle sheet (clues around the grid), filled with --solution')
    .argument('[file]', 'a puzzle in any format solve reads, or a ciphertext; - or omitted: standard input')
    .addOption(fromOption())
    .addOption(
      new Option(
        '--to <format>',
        'output format: svg, png, html (a printable page of every block) or text (default: from the -o extension .svg .png .html .txt, else text)',
      ).choices(RENDER_FORMATS as readonly string[] as string[]),
    )
    .addOption(new Option('-b, --block <n>', 'a ciphertext\'s block n only (1-based; default every block)').argParser(wholeNumber(1, 1e9)))
    .option('--solution', 'solve each puzzle and fill the sheet: its picture, or both pictures with their differing cells marked')
    .addOption(
      new Option('--style <style>', 'text: cells (blocks with clues, the default), half (half blocks, no clues) or ascii (# and . with clues)').choices(
        TEXT_STYLES,
      ),
    )
    .addOption(new Option('--cell-size <units>', 'side of a cell in SVG units (default: from the board size)').argParser(wholeNumber(2, 100)))
    .addOption(new Option('--scale <factor>', 'PNG pixels per SVG unit (default 2)').argParser(positiveNumber(16)))
    .addOption(outputOption('the drawing'))
    .addOption(jobsOption())
    .addOption(timeoutOption())
    .addOption(engineOption())
    .addOption(memoryOption())
    .addOption(quietOption())
    .addHelpText(
      'after',
      `\nExamples:\n  nonocrypt render examples/scatter.pic\n  nonocrypt render --solution -o scatter.svg examples/scatter.pic\n  nonocrypt render --solution -o to-be.html examples/to-be.txt\n  nonocrypt render --block 2 --to png examples/to-be.txt > block2.png`,
    )
    .action(async (file, opts) => setExit(await renderCommand(io, file, opts)));
  // `--format` was render's output format.
  hiddenAlias(render, new Option('--format <format>').choices(RENDER_FORMATS), 'to');

  program
    .command('web')
    .description('serve the web page (encrypt, decrypt, verify, solve, annotate, step through line logic, Mastermind with lies) on 127.0.0.1 until Ctrl-C')
    .addOption(new Option('-p, --port <n>', 'port (0: any free port)').argParser(wholeNumber(0, 65535)).default(8080))
    .addOption(quietOption())
    .action(async (opts) => setExit(await webCommand(io, opts)));

  addMastermindCommand(program, io, setExit);

  return program;
}
