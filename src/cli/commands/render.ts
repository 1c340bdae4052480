import { Option, type Command } from '@commander-js/extra-typings';
import { parseCiphertext } from '../../formats/ciphertext.js';
import { readPuzzle } from '../../formats/puzzleText.js';
import type { RenderSheet } from '../../render/RenderSheet.js';
import { renderHtml } from '../../render/renderHtml.js';
import { renderPng } from '../../render/renderPng.js';
import { renderSvg } from '../../render/renderSvg.js';
import { renderText, type TextOptions } from '../../render/renderText.js';
import { ciphertextSheets, puzzleSheet, type SheetOf } from '../../render/sheetsOf.js';
import { emptySummary } from '../../cipher/verify.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode, exitForSummary } from '../ExitCode.js';
import { checkOutputs, colourOn, withProgress, writeOutput } from '../io.js';
import {
  engineOption,
  fromOption,
  hiddenAlias,
  jobsOption,
  memoryOption,
  outputOption,
  positiveNumber,
  quietOption,
  runOptions,
  timeoutOption,
  usage,
  wholeNumber,
} from '../options.js';
import { readPuzzleText, type PuzzleText } from './puzzleInput.js';
import { asVerdict } from '../../solve/SolveResult.js';

export const RENDER_FORMATS = ['svg', 'png', 'html', 'text'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];
export const TEXT_STYLES = ['cells', 'half', 'ascii'] as const;
export type TextStyle = (typeof TEXT_STYLES)[number];

function declare(program: Command) {
  const render = program
    .command('render')
    .description('draw a puzzle or every block of a ciphertext as a printed puzzle sheet (clues around the grid), filled with --solution')
    .argument('[file]', 'a puzzle in any format solve reads, or a ciphertext; - or omitted: standard input')
    .addOption(fromOption())
    .addOption(
      new Option(
        '--to <format>',
        'output format: svg, png, html (a printable page of every block) or text (default: from the -o extension .svg .png .html .txt, else text)',
      ).choices(RENDER_FORMATS),
    )
    .addOption(new Option('-b, --block <n>', "a ciphertext's block n only (1-based; default every block)").argParser(wholeNumber(1, 1e9)))
    .option('--solution', 'solve each puzzle and fill the sheet: its picture, or both pictures with their differing cells marked')
    .addOption(
      new Option('--style <style>', 'text: cells (blocks with clues, the default), half (half blocks, no clues) or ascii (# and . with clues)').choices(TEXT_STYLES),
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
    );
  // `--format` was render's output format.
  return hiddenAlias(render, new Option('--format <format>').choices(RENDER_FORMATS), 'to');
}

type RenderFlags = ReturnType<ReturnType<typeof declare>['opts']>;

export function addRenderCommand(program: Command, io: CliIO, setExit: SetExit): void {
  declare(program).action(async (file, opts) => setExit(await renderCommand(io, file, opts)));
}

/** The drawing formats a file extension names. */
const EXTENSIONS: Readonly<Record<string, RenderFormat>> = { svg: 'svg', png: 'png', html: 'html', htm: 'html', txt: 'text' };

/**
 * The output format: `--to`, else the one the -o file's extension names, else text (standard
 * output, or a file without an extension). An extension that names no drawing format (`.jpg`)
 * is refused rather than filled with something else.
 */
export function renderFormat(to: RenderFormat | undefined, output: string | undefined): RenderFormat {
  if (to) return to;
  const ext = output === undefined ? undefined : /\.([^./\\]+)$/.exec(output)?.[1];
  if (ext === undefined) return 'text';
  const format = EXTENSIONS[ext.toLowerCase()];
  if (!format) {
    usage(`${output}: render cannot write .${ext} files; name the file .svg, .png, .html or .txt, or choose the format with --to svg|png|html|text`);
  }
  return format;
}

/** renderText's options for a text style: cells with clues, half blocks, or # and . with clues. */
export function textOptions(style: TextStyle, color: boolean): TextOptions {
  switch (style) {
    case 'cells':
      return { style: 'blocks', clues: true, color };
    case 'half':
      return { style: 'blocks', clues: false, color };
    case 'ascii':
      return { style: 'ascii', clues: true, color };
  }
}

/** Sheets as terminal text, one after another, a blank line between them. */
export function sheetsText(sheets: readonly RenderSheet[], options: TextOptions): string {
  return sheets.map((s) => renderText(s, options)).join('\n');
}

/**
 * Draw a puzzle file (any format solve reads) or a ciphertext (every block, or one) as a
 * printed puzzle sheet, filled with its solution when asked: the flags and the output checked,
 * the input read, the library's sheets made (one call: decided first with --solution), drawn,
 * then written whole. Exit code: 0, or with `--solution` the verdicts' (as verify: 1 for a
 * multiple or none block, 3 for unknown).
 */
async function renderCommand(io: CliIO, path: string | undefined, flags: RenderFlags): Promise<number> {
  const format = renderFormat(flags.to, flags.output);
  const target = flags.output ?? '-';
  if (flags.style && format !== 'text') usage(`--style is for text, not ${format}`);
  if (flags.scale !== undefined && format !== 'png') usage(`--scale is for png, not ${format}`);
  if (format === 'png' && target === '-' && io.stdout.isTTY) usage('a PNG is not for a terminal: write it with -o FILE, or pipe it');
  checkOutputs([flags.output], [path]);
  const input = await readPuzzleText(io, path, flags.from);
  if (input.format !== 'cipher' && flags.block !== undefined && flags.block !== 1) usage(`--block ${flags.block}: a puzzle file has one block`);
  const drawn = await withProgress(io, !flags.quiet && Boolean(flags.solution), (onProgress) => sheets(input, flags, onProgress));
  const out = await draw(drawn.map((d) => d.sheet), format, flags, input.source, target === '-' && colourOn(io, io.stdout));
  writeOutput(io, target, out, [path]);
  if (!flags.solution) return exitCode('OK');
  const summary = emptySummary();
  for (const d of drawn) if (d.result) summary[asVerdict(d.result).status]++;
  return exitForSummary(summary);
}

/** Every block of a ciphertext (or the one --block names), or the puzzle's one sheet. */
async function sheets(input: PuzzleText, flags: RenderFlags, onProgress: (done: number) => void): Promise<SheetOf[]> {
  const run = { ...runOptions(flags), solution: flags.solution };
  if (input.format !== 'cipher') {
    const file = readPuzzle(input.text, { format: input.format, path: input.path, source: input.source });
    return [await puzzleSheet(file, { ...run, jobs: 1 })];
  }
  const drawn: SheetOf[] = [];
  for await (const s of ciphertextSheets(parseCiphertext(input.text, input.source), { ...run, block: flags.block, onProgress })) drawn.push(s);
  return drawn;
}

async function draw(sheets: readonly RenderSheet[], format: RenderFormat, flags: RenderFlags, source: string, colour: boolean): Promise<string | Uint8Array> {
  if ((format === 'svg' || format === 'png') && sheets.length !== 1) {
    usage(`${format === 'svg' ? 'an SVG' : 'a PNG'} image holds one sheet and this ciphertext has ${sheets.length} blocks: choose one with --block N, or use --to html or --to text for every block`);
  }
  const layout = flags.cellSize === undefined ? {} : { cellSize: flags.cellSize };
  switch (format) {
    case 'svg':
      return renderSvg(sheets[0]!, layout);
    case 'png':
      return renderPng(sheets[0]!, { ...layout, ...(flags.scale === undefined ? {} : { scale: flags.scale }) });
    case 'html':
      return renderHtml(sheets, { ...layout, title: `nonocrypt: ${source}` });
    case 'text':
      return sheetsText(sheets, textOptions(flags.style ?? 'cells', colour));
  }
}
