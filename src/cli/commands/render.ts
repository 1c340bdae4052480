import { parseCiphertext } from '../../formats/ciphertext.js';
import { inputFormatOf, readPuzzle, type InputFormat } from '../../formats/puzzleText.js';
import type { RenderSheet } from '../../render/RenderSheet.js';
import { renderHtml } from '../../render/renderHtml.js';
import { renderPng } from '../../render/renderPng.js';
import { renderSvg } from '../../render/renderSvg.js';
import { renderText, type TextOptions } from '../../render/renderText.js';
import { ciphertextSheets, puzzleSheet, type SheetOf } from '../../render/sheetsOf.js';
import { emptySummary } from '../../cipher/verify.js';
import type { CliIO } from '../CliIO.js';
import { exitCode, exitForSummary } from '../ExitCode.js';
import { Progress, checkOutputs, colourOn, inputName, readText, writeOutput } from '../io.js';
import { runOptions, usage, type RunFlags } from '../options.js';

export const RENDER_FORMATS = ['svg', 'png', 'html', 'text'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];
export const TEXT_STYLES = ['cells', 'half', 'ascii'] as const;
export type TextStyle = (typeof TEXT_STYLES)[number];

export interface RenderFlags extends RunFlags {
  from?: InputFormat;
  format?: RenderFormat;
  block?: number;
  solution?: boolean;
  style?: TextStyle;
  cellSize?: number;
  scale?: number;
  output?: string;
}

/** The output format a file name's extension names, if it names one. */
export function formatFromOutput(path: string | undefined): RenderFormat | undefined {
  const ext = path?.match(/\.([a-z]+)$/i)?.[1]?.toLowerCase();
  switch (ext) {
    case 'svg':
      return 'svg';
    case 'png':
      return 'png';
    case 'html':
    case 'htm':
      return 'html';
    case 'txt':
      return 'text';
    default:
      return undefined;
  }
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
 * printed puzzle sheet, filled with its solution when asked. Exit code: 0, or with
 * `--solution` the verdicts' (as verify: 1 for a multiple or none block, 3 for unknown).
 */
export async function renderCommand(io: CliIO, path: string | undefined, flags: RenderFlags): Promise<number> {
  const format = flags.format ?? formatFromOutput(flags.output) ?? 'text';
  const target = flags.output ?? '-';
  if (flags.style && format !== 'text') usage(`--style is for --format text, not ${format}`);
  if (flags.scale !== undefined && format !== 'png') usage(`--scale is for --format png, not ${format}`);
  if (format === 'png' && target === '-' && io.stdout.isTTY) usage('a PNG is not for a terminal: write it with -o FILE, or pipe it');
  checkOutputs([flags.output], [path]);

  const text = await readText(io, path);
  const source = inputName(path);
  const fileFormat = inputFormatOf(text, { format: flags.from, path: path === '-' ? undefined : path, source });
  const run = { ...runOptions(flags), solution: flags.solution };
  const drawn: SheetOf[] = [];
  if (fileFormat === 'cipher') {
    const progress = new Progress(io, !flags.quiet && Boolean(flags.solution));
    try {
      const blocks = ciphertextSheets(parseCiphertext(text, source), { ...run, block: flags.block, onProgress: (n) => progress.tick(n) });
      for await (const s of blocks) drawn.push(s);
    } finally {
      progress.end();
    }
  } else {
    if (flags.block !== undefined && flags.block !== 1) usage(`--block ${flags.block}: a puzzle file has one block`);
    drawn.push(await puzzleSheet(readPuzzle(text, { format: fileFormat, path: path === '-' ? undefined : path, source }), { ...run, jobs: 1 }));
  }
  const sheets = drawn.map((d) => d.sheet);
  if ((format === 'svg' || format === 'png') && sheets.length !== 1) {
    usage(`an ${format.toUpperCase()} image holds one sheet and this ciphertext has ${sheets.length} blocks: choose one with --block N, or use --format html or text for every block`);
  }
  const layout = flags.cellSize === undefined ? {} : { cellSize: flags.cellSize };
  let out: string | Uint8Array;
  switch (format) {
    case 'svg':
      out = renderSvg(sheets[0]!, layout);
      break;
    case 'png':
      out = await renderPng(sheets[0]!, { ...layout, ...(flags.scale === undefined ? {} : { scale: flags.scale }) });
      break;
    case 'html':
      out = renderHtml(sheets, { ...layout, title: `nonocrypt: ${source}` });
      break;
    case 'text':
      out = sheetsText(sheets, textOptions(flags.style ?? 'cells', target === '-' && colourOn(io, io.stdout)));
      break;
  }
  writeOutput(io, target, out, [path]);
  if (!flags.solution) return exitCode('OK');
  const summary = emptySummary();
  for (const d of drawn) if (d.result) summary[d.result.status]++;
  return exitForSummary(summary);
}
