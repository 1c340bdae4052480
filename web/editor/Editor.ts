// The Draw tab: an author draws a picture and sees at once whether its clues have one solution.
//
// The picture (Drawing.ts) changes by strokes of the mouse, pen or finger (pointer events:
// press, move, release over #ed-grid; the right button or the pen toggle paints white), by the
// keyboard (arrows move a cursor, space toggles its cell), and by the buttons (clear, invert,
// shift, resize, undo, redo, import). Every change gets a new generation number and asks the
// verdict workers (VerdictClient.ts) for its verdict; an answer is shown only if its generation
// is still the picture's. The fragment `#draw=ROWS` follows the picture after every edit.
//
// "Make it unique" and "Make it solvable by logic" (makeProposal.ts) propose cells to change:
// marked on the grid, never applied until Accept (one edit, undone by Undo); Dismiss drops them;
// cells marked protected (Protect cells, a shift-drag, or P on the grid) are never proposed.
// A picture imported from an image keeps the image's grey levels for that search until a
// resize, shift, invert, clear or another picture drops them; cells drawn by hand since count
// as pure black or white (imagePicture.ts: editedGrey).
//
// Test hooks (stable whatever the drawing looks like): #ed-grid's box is the W x H cells and
// carries data-rows (the picture, rows joined by `/`), data-generation, data-differ,
// data-givens, data-protected and data-proposal (the marked cells, row-major indices separated
// by spaces); #ed-make carries data-state (idle, searching, done, stopped, ended, accepted),
// data-status (made, none, unknown), data-goal, data-changes, data-fewest, data-lower-bound,
// data-first-ms (from the press to the first answer shown) and data-ms (to the last); #ed-verdict says the
// verdict in words and carries data-state (checking, done, error), data-status (unique,
// multiple, none, unknown), data-generation (of the picture it is for), data-latency-ms (from
// the change to the verdict shown), data-ms (the solver's part of it) and data-restarts (verdict
// workers replaced so far for newer pictures).
import { counted } from '../../src/formats/counted.js';
import { downloadLink } from '../downloadLink.js';
import type { MakeGoal } from '../../src/puzzle/makePuzzle.js';
import type { DrawExportFormat, DrawMakeResult, PuzzleFormatChoice, Receiver, Request, Result } from '../protocol.js';
import { BoardView } from './BoardView.js';
import { blankDrawing, drawingFromLink, drawingFromRows, drawingRows, drawLink, inverted, MAX_DRAW_SIDE, resized, sameDrawing, shifted, type Drawing } from './Drawing.js';
import { darknessThreshold, editedGrey, greyCells, greyOfPixels, type GreyImage, type Pixels } from './imagePicture.js';
import { combine, FIRST_ANSWER_MS, GOAL_WORDS, needsProof, proposalWords, stalledWords } from './makeProposal.js';
import { UndoHistory } from './UndoHistory.js';
import { VerdictClient, type VerdictAnswer } from './VerdictClient.js';

/** What the page lends the tab: its request runner (busy bar, Cancel), errors and downloads. */
export interface PageServices {
  run<T extends Result>(request: Request, timeoutMs?: number): Promise<{ result: T; ms: number } | undefined>;
  /** Stop the request running (its `run` resolves undefined), quietly: no "Cancelled." shown. */
  stop(): void;
  showError(message: string | undefined): void;
  download(name: string, parts: readonly BlobPart[], type: string): void;
}

/**
 * The live verdict's time limit by default (ms), the "Time limit" field's value until the author
 * changes it. Random pictures of 10 x 10 to 40 x 40 (densities 0.4-0.7) are decided well inside
 * it (bench/draw.ts: docs/results/web.md), and so are random pictures up to 100 x 100, since a
 * drawing with a 2x2 switch is multiple at once; large pictures without a switch (100 x 100 at
 * density 0.5: bench/switchFreePicture.ts) are not. Past it the verdict says unknown and offers
 * to keep going without a limit.
 */
export const LIVE_LIMIT_MS = 2000;

/**
 * How long a stale verdict may still run once the picture changed (ms), before its worker is
 * replaced by the spare: short once the author stops (a stroke ended, a key, a button), longer
 * during a drag so that a drag does not restart a worker per mouse move (a restart loads the
 * engine again: tens of milliseconds of CPU on another thread).
 */
export const STOPPED_GRACE_MS = 30;
export const DRAG_GRACE_MS = 250;

/** The picture the tab opens with: a blank board of this side. */
const START_SIDE = 10;

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`page element #${id} is missing`);
  return el as T;
};

/** A field of seconds (the Time limit, the Search limit) in ms; undefined while it holds no positive number. */
function secondsField(id: string): number | undefined {
  const field = $<HTMLInputElement>(id);
  const seconds = Number(field.value);
  return field.value.trim() !== '' && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** What a field of seconds takes, its `label` and its default (the page's value for it) named. */
const secondsWanted = (id: string, label: string): string => `${label}: a number of seconds above 0 (${$<HTMLInputElement>(id).defaultValue} is the default).`;

interface Stroke {
  readonly before: Drawing;
  /** The stroke marks protected cells (`cells` is then the protection) rather than painting. */
  readonly protecting: boolean;
  readonly cells: Uint8Array;
  readonly colour: number;
  last: { x: number; y: number };
}

/** A make search asked for, and its answer so far (see makeProposal.ts). */
interface MakeState {
  readonly goal: MakeGoal;
  /** The picture and the protected cells it was asked for. */
  readonly base: Drawing;
  readonly keep: Uint8Array;
  readonly grey: boolean;
  readonly limitMs: number;
  readonly started: number;
  result?: DrawMakeResult;
  /** searching; done; stopped by Stop; ended: its request ended without an answer (Cancel or an error, shown above). */
  ending: 'searching' | 'done' | 'stopped' | 'ended';
  firstMs?: number;
  lastMs?: number;
}

/** The image a picture was imported from: its grey levels on the board and the slider's threshold (lightness). */
interface ImageGrey {
  readonly grey: GreyImage;
  readonly lightness: number;
  readonly name: string;
}

interface Givens {
  readonly cells: ReadonlySet<number>;
  readonly note: string;
}

export class Editor {
  private drawing = blankDrawing(START_SIDE, START_SIDE);
  private generation = 0;
  private changedAt = performance.now();
  private readonly history = new UndoHistory<Drawing>();
  private readonly view: BoardView;
  private verdicts: VerdictClient | undefined;
  private stroke: Stroke | undefined;
  private pen = 1;
  private cursor = 0;
  private focused = false;
  private differ: ReadonlySet<number> = new Set();
  private givens: Givens | undefined;
  private image: { pixels: Pixels; name: string } | undefined;
  /** Cells the make search may not change (1 protected), row-major; cleared when the board's size changes. */
  private protect = new Uint8Array(0);
  /** The board size `protect` is for (`WxH`): none at first, so the first picture sets it up. */
  private protectSize = '';
  private protectMode = false;
  private imageGrey: ImageGrey | undefined;
  private make: MakeState | undefined;
  /** What the tab says after Accept, until the next change. */
  private accepted = '';
  private redraw: number | undefined;
  private shown = false;

  constructor(private readonly page: PageServices) {
    this.view = new BoardView($<HTMLCanvasElement>('ed-grid'), $<HTMLCanvasElement>('ed-marks'), $<HTMLCanvasElement>('ed-rows'), $<HTMLCanvasElement>('ed-cols'));
    this.wire();
    this.changed();
  }

  /** The tab is on screen: start the verdict workers (once) and keep the link in the address. */
  show(): void {
    this.shown = true;
    // Sized to the tab, which had no width while hidden.
    this.scheduleDraw();
    if (!this.verdicts) {
      this.verdicts = new VerdictClient((g, a) => this.answer(g, a));
      this.ask(STOPPED_GRACE_MS);
    }
    this.updateLink();
  }

  hide(): void {
    this.shown = false;
  }

  /** The fragment of the current picture (`draw=...`). */
  link(): string {
    return drawLink(this.drawing);
  }

  /** Open the picture a `#draw=` fragment holds (an error says what is wrong with it); false for another fragment. */
  openLink(fragment: string): boolean {
    let d: Drawing | undefined;
    try {
      d = drawingFromLink(fragment);
    } catch (e) {
      this.page.showError(`The link's picture: ${e instanceof Error ? e.message : String(e)}.`);
      return true;
    }
    if (!d) return false;
    // A good link: the error of a broken one before it no longer holds.
    this.page.showError(undefined);
    if (!sameDrawing(d, this.drawing)) this.replace(d, true);
    return true;
  }

  /** Open a puzzle (as "Solve & annotate" holds it) as a picture to edit. */
  async openPuzzle(text: string, format: PuzzleFormatChoice, name?: string): Promise<boolean> {
    const r = await this.page.run<Extract<Result, { kind: 'drawImport' }>>({ kind: 'drawImport', puzzle: text, format, ...(name ? { name } : {}) });
    if (!r) return false;
    this.replace(drawingFromRows(r.result.rows), true);
    if (r.result.givens.length) {
      this.setGivens(new Set(r.result.givens), `${counted(r.result.givens.length, 'given cell')} from ${name ?? 'the puzzle'}`);
      this.recheck();
    }
    $('ed-import-note').textContent = `Opened ${name ?? 'the puzzle'}: ${r.result.note}.`;
    return true;
  }

  // ------------------------------------------------------------ changes

  /**
   * Make `d` the picture, as one edit that can be undone; `another`: not an edit of this picture
   * (another picture, or one moved or inverted whole), so the image's grey levels no longer hold.
   */
  private replace(d: Drawing, another = false): void {
    if (another) this.imageGrey = undefined;
    if (sameDrawing(d, this.drawing)) return;
    this.history.record(this.drawing);
    this.drawing = d;
    this.changed();
  }

  /**
   * After any change of the picture: its given cells dropped, redraw, a new verdict, link.
   * During a stroke (`strokeGoesOn`, at each cell it paints) only what the stroke changes is
   * done again: the link and the grey levels' note follow when it ends (strokeEnd).
   */
  private changed(strokeGoesOn = false): void {
    this.setGivens(undefined);
    const d = this.drawing;
    if (this.protectSize !== `${d.width}x${d.height}`) {
      this.protect = new Uint8Array(d.cells.length);
      this.protectSize = `${d.width}x${d.height}`;
      this.protectChanged();
    }
    if (this.imageGrey && (this.imageGrey.grey.width !== d.width || this.imageGrey.grey.height !== d.height)) this.imageGrey = undefined;
    // A proposal is for the picture it was asked for: any other picture drops it (and stops its search).
    if (this.make && !sameDrawing(this.make.base, d)) this.dropMake();
    this.accepted = '';
    if (!strokeGoesOn) this.greyNote();
    this.renderMake();
    this.cursor = Math.min(this.cursor, this.drawing.cells.length - 1);
    const grid = this.view.grid;
    grid.dataset.rows = drawingRows(this.drawing).join('/');
    grid.setAttribute('aria-label', `drawing grid, ${this.drawing.width} by ${this.drawing.height} cells`);
    ($('ed-width') as HTMLInputElement).value = String(this.drawing.width);
    ($('ed-height') as HTMLInputElement).value = String(this.drawing.height);
    this.updateButtons();
    $('ed-link-note').textContent = '';
    $('ed-link-text').hidden = true;
    this.recheck(strokeGoesOn);
    if (!strokeGoesOn) this.updateLink();
  }

  /**
   * The puzzle changed (the picture, or the given cells it is exported with): a new generation,
   * marks that no longer hold cleared, and its verdict asked for. The verdict is that of the
   * puzzle the exports write (issue 66: it ignored the given cells, and said multiple beside
   * "Give 2 cells ... and it has one solution").
   */
  private recheck(strokeGoesOn = false): void {
    this.generation++;
    this.changedAt = performance.now();
    this.differ = new Set();
    const grid = this.view.grid;
    grid.dataset.generation = String(this.generation);
    grid.dataset.differ = '';
    $('ed-cert').replaceChildren();
    const v = $('ed-verdict');
    v.dataset.state = 'checking';
    v.classList.add('checking');
    $('ed-keep-going').hidden = true;
    this.scheduleDraw();
    if (this.verdicts) this.askSoon(strokeGoesOn ? DRAG_GRACE_MS : STOPPED_GRACE_MS);
  }

  /** The grace of the verdict asked for by this task's last change, until it is sent (askSoon). */
  private askGrace: number | undefined;

  /**
   * Ask for the verdict once the task that changed the puzzle is done, so that changes made
   * together are judged once, as the last left them: a puzzle opened with given cells is the
   * picture (its givens dropped), then the givens; asked at each, the first verdict was started
   * only to be stopped, its worker replaced when it took more than the grace.
   */
  private askSoon(graceMs: number): void {
    if (this.askGrace === undefined) {
      queueMicrotask(() => {
        const grace = this.askGrace!;
        this.askGrace = undefined;
        this.ask(grace);
      });
    }
    this.askGrace = graceMs;
  }

  private updateButtons(): void {
    ($('ed-undo') as HTMLButtonElement).disabled = !this.history.canUndo;
    ($('ed-redo') as HTMLButtonElement).disabled = !this.history.canRedo;
  }

  private ask(graceMs: number, limitMs: number | undefined = this.currentLimit()): void {
    this.verdicts!.check(this.generation, { rows: drawingRows(this.drawing) }, this.exportGivens(), { graceMs, ...(limitMs !== undefined ? { limitMs } : {}) });
  }

  /** The live verdict's time limit (ms) of the last verdict asked for with one. */
  private limitMs = LIVE_LIMIT_MS;

  /** The Time limit field's limit (ms), or the last good one while it holds no positive number of seconds. */
  private currentLimit(): number {
    this.limitMs = secondsField('ed-limit') ?? this.limitMs;
    return this.limitMs;
  }

  /** The Time limit field changed: an error says what it takes, a good limit asks the verdict again. */
  private limitChanged(): void {
    const ms = secondsField('ed-limit');
    if (ms === undefined) {
      this.page.showError(secondsWanted('ed-limit', 'Time limit'));
      return;
    }
    this.page.showError(undefined);
    if (ms !== this.limitMs) {
      this.limitMs = ms;
      this.recheck();
    }
  }

  private updateLink(): void {
    if (!this.shown) return;
    const link = `#${this.link()}`;
    if (location.hash !== link) history.replaceState(null, '', link);
  }

  private scheduleDraw(): void {
    this.redraw ??= requestAnimationFrame(() => {
      this.redraw = undefined;
      const { toBlack, toWhite } = this.proposed();
      this.view.draw(this.drawing, { differ: this.differ, givens: this.givens?.cells ?? new Set(), toBlack, toWhite, protect: this.protect, cursor: this.cursor, focused: this.focused });
    });
  }

  // ------------------------------------------------------------ the verdict

  private answer(generation: number, a: VerdictAnswer): void {
    if (generation !== this.generation) return;
    const v = $('ed-verdict');
    v.classList.remove('checking');
    v.dataset.generation = String(generation);
    v.dataset.latencyMs = String(Math.round(performance.now() - this.changedAt));
    v.dataset.restarts = String(this.verdicts?.restarts ?? 0);
    if (!a.ok) {
      v.dataset.state = 'error';
      v.dataset.status = 'error';
      v.textContent = `No verdict: ${a.message}`;
      return;
    }
    const r = a.result;
    v.dataset.state = 'done';
    v.dataset.status = r.status;
    v.dataset.ms = String(Math.round(r.ms));
    this.differ = new Set(r.differ);
    this.view.grid.dataset.differ = r.differ.join(' ');
    v.textContent = this.verdictWords(r);
    $('ed-keep-going').hidden = r.status !== 'unknown';
    this.scheduleDraw();
  }

  private verdictWords(r: Extract<Result, { kind: 'drawVerdict' }>): string {
    const d = this.drawing;
    const black = d.cells.reduce((n, v) => n + v, 0);
    const board = `${d.width} x ${d.height}, ${counted(black, 'black cell')}`;
    const plain = black === 0 ? ' (an empty grid: every clue is 0)' : black === d.cells.length ? ' (every cell black)' : '';
    // The puzzle judged: the clues, and the given cells (blue dots) while they go with the exports.
    const given = this.exportGivens().length;
    const w = given ? ` with the ${counted(given, 'given cell')}` : '';
    switch (r.status) {
      case 'unique':
        if (r.lineSolvable) return `unique${w} and line-solvable: line logic alone finds the picture (${board})${plain}.`;
        return `unique${w}, but line logic alone stalls: ${stalledWords(r.difficulty)} (${board}). “Line-solvable” below gives the fewest cells that make line logic enough.`;
      case 'multiple':
        return `multiple${w}: two pictures fit, ${counted(r.differ.length, 'cell')} differ (marked red): change some of them, or give cells away with “unique” below (${board}).`;
      case 'none':
        return `none${w}: no picture fits these clues (${board}).`;
      case 'unknown':
        // The library's reason for its time limit says the limit again; any other reason is news.
        return `unknown${w}: not decided within the time limit of ${this.limitMs / 1000} s${r.reason?.startsWith('time limit') ? '' : ` (${r.reason})`}: Keep going goes on without a limit (${board}).`;
    }
  }

  // ------------------------------------------------------------ drawing

  /** Paint every cell on the straight line from the stroke's last cell (a fast drag leaves no gaps); whether any changed. */
  private paint(s: Stroke, x: number, y: number): boolean {
    const { width } = this.drawing;
    const dx = x - s.last.x;
    const dy = y - s.last.y;
    const steps = Math.max(Math.abs(dx), Math.abs(dy));
    let changed = false;
    for (let k = 0; k <= steps; k++) {
      const i = (s.last.y + Math.round((dy * k) / (steps || 1))) * width + s.last.x + Math.round((dx * k) / (steps || 1));
      if (s.cells[i] !== s.colour) {
        s.cells[i] = s.colour;
        changed = true;
      }
    }
    s.last = { x, y };
    this.cursor = y * width + x;
    return changed;
  }

  private strokeStart(e: PointerEvent): void {
    if (e.button !== 0 && e.button !== 2) return;
    const at = this.view.cellAt(this.drawing, e.clientX, e.clientY, false);
    if (!at) return;
    e.preventDefault();
    this.view.grid.setPointerCapture(e.pointerId);
    this.view.grid.focus({ preventScroll: true });
    const before = this.drawing;
    // Protecting: the stroke protects, or unprotects when it starts on a protected cell (or with the right button).
    const protecting = this.protectMode || e.shiftKey;
    const colour = e.button === 2 ? 0 : protecting ? 1 - this.protect[at.y * before.width + at.x]! : this.pen;
    const s: Stroke = { before, protecting, cells: protecting ? this.protect.slice() : before.cells.slice(), colour, last: at };
    this.stroke = s;
    if (this.paint(s, at.x, at.y)) this.strokeShow(s);
    else this.scheduleDraw();
  }

  private strokeMove(e: PointerEvent): void {
    const s = this.stroke;
    if (!s) return;
    const at = this.view.cellAt(this.drawing, e.clientX, e.clientY, true)!;
    if (at.x === s.last.x && at.y === s.last.y) return;
    if (this.paint(s, at.x, at.y)) this.strokeShow(s);
    else this.scheduleDraw();
  }

  /** The stroke so far is the picture (its verdict asked with the drag's grace), or the protected cells. */
  private strokeShow(s: Stroke): void {
    if (s.protecting) {
      this.protect = s.cells.slice();
      this.protectChanged();
      return;
    }
    this.drawing = { width: s.before.width, height: s.before.height, cells: s.cells.slice() };
    this.changed(true);
  }

  private strokeEnd(): void {
    const s = this.stroke;
    if (!s) return;
    this.stroke = undefined;
    if (s.protecting || sameDrawing(s.before, this.drawing)) return;
    this.history.record(s.before);
    this.updateButtons();
    this.scheduleDraw();
    // The stroke is over: its last picture's verdict matters now, and the link and the note follow it.
    this.verdicts?.hurry(STOPPED_GRACE_MS);
    this.updateLink();
    this.greyNote();
  }

  private key(e: KeyboardEvent): void {
    const { width, height } = this.drawing;
    const x = this.cursor % width;
    const y = Math.floor(this.cursor / width);
    const move: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const m = move[e.key];
    if (m) {
      e.preventDefault();
      this.cursor = Math.max(0, Math.min(height - 1, y + m[1])) * width + Math.max(0, Math.min(width - 1, x + m[0]));
      this.scheduleDraw();
    } else if (e.key === 'p' || e.key === 'P') {
      e.preventDefault();
      this.protect[this.cursor] = 1 - this.protect[this.cursor]!;
      this.protectChanged();
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      const cells = this.drawing.cells.slice();
      cells[this.cursor] = 1 - cells[this.cursor]!;
      this.replace({ width, height, cells });
    }
  }

  private undo(): void {
    const d = this.history.undo(this.drawing);
    if (!d) return;
    this.drawing = d;
    this.changed();
  }

  private redo(): void {
    const d = this.history.redo(this.drawing);
    if (!d) return;
    this.drawing = d;
    this.changed();
  }

  private resize(): void {
    const side = (id: string) => Number(($(id) as HTMLInputElement).value);
    const w = side('ed-width');
    const h = side('ed-height');
    if (![w, h].every((v) => Number.isInteger(v) && v >= 1 && v <= MAX_DRAW_SIDE)) {
      this.page.showError(`Width and height: whole numbers from 1 to ${MAX_DRAW_SIDE}.`);
      return;
    }
    this.page.showError(undefined);
    if (w !== this.drawing.width || h !== this.drawing.height) this.replace(resized(this.drawing, w, h));
  }

  // ------------------------------------------------------------ given cells, export, import

  private setGivens(cells: ReadonlySet<number> | undefined, note = ''): void {
    this.givens = cells && cells.size ? { cells, note } : undefined;
    this.view.grid.dataset.givens = [...(this.givens?.cells ?? [])].join(' ');
    $('ed-givens-note').textContent = note;
    const withGivens = $<HTMLInputElement>('ed-with-givens');
    withGivens.disabled = !this.givens;
    this.scheduleDraw();
  }

  private async annotate(receiver: Receiver): Promise<void> {
    const generation = this.generation;
    const r = await this.page.run<Extract<Result, { kind: 'drawAnnotate' }>>({ kind: 'drawAnnotate', picture: { rows: drawingRows(this.drawing) }, receiver });
    if (!r || generation !== this.generation) return;
    const n = r.result.givens.length;
    const who = receiver === 'unique' ? 'it has one solution' : 'line logic alone solves it';
    const proof = r.result.proven ? 'proven smallest' : `not proven smallest (${r.result.reason ?? 'stopped'})`;
    const note = n === 0 ? `No cell needs giving: ${who} as drawn.` : `Give ${counted(n, 'cell')} (blue dots) and ${who}: ${proof}. Exports include them while “with the given cells” is ticked.`;
    this.setGivens(new Set(r.result.givens), note);
    if (n === 0) $('ed-givens-note').textContent = note;
    else this.recheck();
  }

  private exportGivens(): number[] {
    return this.givens && $<HTMLInputElement>('ed-with-givens').checked ? [...this.givens.cells] : [];
  }

  private async exportAs(format: DrawExportFormat | 'png'): Promise<void> {
    const picture = { rows: drawingRows(this.drawing) };
    const r = await this.page.run<Extract<Result, { kind: 'drawExport' }>>({ kind: 'drawExport', picture, givens: this.exportGivens(), format: format === 'png' ? 'svg' : format });
    if (!r) return;
    if (format !== 'png') {
      this.page.download(`picture.${r.result.extension}`, [r.result.text], format === 'svg' ? 'image/svg+xml' : 'text/plain');
      return;
    }
    try {
      this.page.download('picture.png', [await rasterise(r.result.text)], 'image/png');
    } catch (e) {
      this.page.showError(`PNG: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private async certify(): Promise<void> {
    const box = $('ed-cert');
    box.replaceChildren();
    const generation = this.generation;
    const r = await this.page.run<Extract<Result, { kind: 'certify' }>>({ kind: 'drawCertify', picture: { rows: drawingRows(this.drawing) }, givens: this.exportGivens() });
    if (!r || generation !== this.generation) return;
    if (!r.result.ok) {
      box.textContent = `No certificate: ${r.result.reason}.`;
      return;
    }
    const given = this.exportGivens().length;
    box.append(
      `${r.result.verdict} certified in ${(r.ms / 1000).toFixed(2)} s, for picture.non${given ? ` with its ${counted(given, 'given cell')}` : ''}: `,
      downloadLink('picture.cnf', [r.result.cnf]),
      ' ',
      downloadLink('picture.lrat', r.result.lrat),
      ' (nonocrypt check-certificate picture.non DIR checks them)',
    );
  }

  /**
   * "Copy the link": the picture's address to the clipboard, saying so; where the browser gives
   * the page no clipboard (or refuses it), the link in a field, selected, to copy by hand.
   */
  private async copyLink(): Promise<void> {
    const link = new URL(`#${this.link()}`, location.href).href;
    const note = $('ed-link-note');
    const text = $<HTMLInputElement>('ed-link-text');
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      text.hidden = true;
      note.textContent = 'Copied the link to this picture.';
    } catch {
      text.value = link;
      text.hidden = false;
      text.focus();
      text.select();
      note.textContent = 'This browser gives the page no clipboard: the link is selected, copy it with Ctrl+C (⌘C on a Mac).';
    }
  }

  private async importFile(file: File): Promise<void> {
    this.page.showError(undefined);
    $('ed-import-note').textContent = '';
    if (file.type.startsWith('image/') || /\.(png|jpe?g|gif|webp|bmp)$/i.test(file.name)) {
      let pixels: Pixels;
      try {
        pixels = await pixelsOf(file);
      } catch (e) {
        this.page.showError(`${file.name}: not an image the browser can read (${e instanceof Error ? e.message : String(e)})`);
        return;
      }
      this.image = { pixels, name: file.name };
      $('ed-image').hidden = false;
      $('ed-image-name').textContent = `${file.name} (${pixels.width} x ${pixels.height} pixels)`;
      this.previewImage();
      return;
    }
    await this.openPuzzle(await file.text(), 'auto', file.name);
  }

  /** The image as it would become the picture: its grey levels at the board's size, and the picture at the threshold. */
  private imageDrawing(): { drawing: Drawing; grey: ImageGrey } | undefined {
    const side = (id: string) => Number(($(id) as HTMLInputElement).value);
    const w = side('ed-width');
    const h = side('ed-height');
    if (!this.image || ![w, h].every((v) => Number.isInteger(v) && v >= 1 && v <= MAX_DRAW_SIDE)) return undefined;
    const grey = greyOfPixels(this.image.pixels, w, h);
    const lightness = Number($<HTMLInputElement>('ed-threshold').value);
    return { drawing: { width: w, height: h, cells: greyCells(grey, lightness) }, grey: { grey, lightness, name: this.image.name } };
  }

  private previewImage(): void {
    const d = this.imageDrawing()?.drawing;
    if (!d) return;
    const canvas = $<HTMLCanvasElement>('ed-image-preview');
    const c = Math.max(2, Math.floor(200 / Math.max(d.width, d.height)));
    canvas.width = d.width * c;
    canvas.height = d.height * c;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#111';
    for (let i = 0; i < d.cells.length; i++) if (d.cells[i]) g.fillRect((i % d.width) * c, Math.floor(i / d.width) * c, c, c);
    $('ed-threshold-value').textContent = $<HTMLInputElement>('ed-threshold').value;
  }

  private useImage(): void {
    const made = this.imageDrawing();
    if (!made) {
      this.page.showError(`Width and height: whole numbers from 1 to ${MAX_DRAW_SIDE}.`);
      return;
    }
    const d = made.drawing;
    // The grey levels are new even when the picture is the same: a proposal made without them goes.
    this.dropMake();
    this.replace(d, true);
    this.imageGrey = made.grey;
    this.closeImage();
    this.greyNote();
    $('ed-import-note').textContent = `Imported the image at ${d.width} x ${d.height}: its grey levels stay with the picture for “Make it …”.`;
  }

  private closeImage(): void {
    this.image = undefined;
    $('ed-image').hidden = true;
    $<HTMLInputElement>('ed-file').value = '';
  }

  // ------------------------------------------------------------ make it unique / solvable by logic

  /** The cells the shown proposal turns black and white (none while there is no proposal). */
  private proposed(): { toBlack: Set<number>; toWhite: Set<number> } {
    const toBlack = new Set<number>();
    const toWhite = new Set<number>();
    const r = this.make?.result;
    if (r?.status === 'made') for (const i of r.changes) (this.make!.base.cells[i] ? toWhite : toBlack).add(i);
    return { toBlack, toWhite };
  }

  /** The grey levels the search uses for the drawing (see imagePicture.ts: editedGrey), when it came from an image. */
  private greyInput(): { darkness: number[]; threshold: number; edited: number } | undefined {
    const g = this.imageGrey;
    if (!g) return undefined;
    return { ...editedGrey(g.grey, g.lightness, this.drawing.cells), threshold: darknessThreshold(g.lightness) };
  }

  /** The Search limit field (ms), or undefined (and an error saying what it takes) when it holds no positive number of seconds. */
  private makeLimit(): number | undefined {
    const ms = secondsField('ed-make-limit');
    // The field's default is the library's DEFAULT_MAKE_TIMEOUT_MS (the test compares them): importing it would bring the solver into the page's script.
    if (ms === undefined) this.page.showError(secondsWanted('ed-make-limit', 'Search limit'));
    return ms;
  }

  /**
   * Ask for the fewest changes that make the picture meet `goal`: the greedy answer first (shown
   * at once), then, unless it is proved best already, the proof for the rest of the time limit.
   */
  private async makeAsk(goal: MakeGoal): Promise<void> {
    const limitMs = this.makeLimit();
    if (limitMs === undefined) return;
    this.page.showError(undefined);
    this.dropMake();
    const grey = this.greyInput();
    const m: MakeState = { goal, base: this.drawing, keep: this.protect.slice(), grey: !!grey, limitMs, started: performance.now(), ending: 'searching' };
    this.make = m;
    this.accepted = '';
    this.renderMake();
    const keep = cellsSet(m.keep);
    const request = (method: 'greedy' | 'prove', ms: number): Request => ({
      kind: 'drawMake',
      picture: { rows: drawingRows(m.base) },
      goal,
      keep,
      ...(grey ? { grey: { darkness: grey.darkness, threshold: grey.threshold } } : {}),
      method,
      limitMs: ms,
    });
    const first = await this.page.run<DrawMakeResult>(request('greedy', Math.min(limitMs, FIRST_ANSWER_MS)));
    if (this.make !== m) return;
    if (!first) return this.makeEnded(m);
    m.result = first.result;
    m.firstMs = m.lastMs = performance.now() - m.started;
    const left = limitMs - (performance.now() - m.started);
    if (!needsProof(first.result, m.grey) || left <= 0) {
      m.ending = 'done';
      this.renderMake();
      return;
    }
    this.renderMake();
    const second = await this.page.run<DrawMakeResult>(request('prove', left));
    if (this.make !== m) return;
    if (!second) return this.makeEnded(m);
    m.result = combine(first.result, second.result);
    m.lastMs = performance.now() - m.started;
    m.ending = 'done';
    this.renderMake();
  }

  /** The search's request ended without an answer: stopped by Stop, or by Cancel or an error (the page says which). */
  private makeEnded(m: MakeState): void {
    if (m.ending === 'searching') m.ending = 'ended';
    this.renderMake();
  }

  /** Stop the search, keeping the best proposal found so far. */
  private makeStop(): void {
    const m = this.make;
    if (!m || m.ending !== 'searching') return;
    m.ending = 'stopped';
    this.page.stop();
  }

  /** No proposal any more (a change of the picture, Dismiss, a new search): a search still running is stopped. */
  private dropMake(): void {
    if (!this.make) return;
    // Its request resolves later, to a search no longer the tab's: makeAsk drops the answer.
    this.makeStop();
    this.make = undefined;
    this.renderMake();
  }

  private acceptMake(): void {
    const m = this.make;
    const r = m?.result;
    if (!m || r?.status !== 'made' || this.staleProposal() || !sameDrawing(m.base, this.drawing)) return;
    const cells = this.drawing.cells.slice();
    for (const i of r.changes) cells[i] = 1 - cells[i]!;
    this.dropMake();
    this.replace({ width: this.drawing.width, height: this.drawing.height, cells });
    this.accepted = `Accepted: ${counted(r.changes.length, 'cell')} changed (Undo takes ${r.changes.length === 1 ? 'it' : 'them'} back).`;
    this.renderMake();
  }

  /**
   * Why the shown proposal no longer holds for the protected cells, if it does not: it changes
   * a cell protected since, or a cell protected when it was made is not any more (fewer changes
   * may then do). Cells protected since, outside the proposal, leave every claim true.
   */
  private staleProposal(): string | undefined {
    const m = this.make;
    const r = m?.result;
    if (!m || r?.status !== 'made') return undefined;
    const hit = r.changes.filter((i) => this.protect[i]).length;
    if (hit) return `${counted(hit, 'proposed cell is', 'proposed cells are')} protected now: ask again.`;
    if (m.keep.some((v, i) => v && !this.protect[i])) return 'Cells were unprotected since this proposal: fewer changes may do now, ask again.';
    return undefined;
  }

  /** The protected cells changed: their marks, count, and what the proposal says. */
  private protectChanged(): void {
    const n = this.protect.reduce((a, v) => a + v, 0);
    this.view.grid.dataset.protected = cellsSet(this.protect).join(' ');
    $('ed-protect-count').textContent = n ? counted(n, 'cell') : 'none';
    ($('ed-unprotect') as HTMLButtonElement).disabled = n === 0;
    this.renderMake();
  }

  /** What the search makes of the image's grey levels, while the picture has them (after a change of the picture or of them). */
  private greyNote(): void {
    const g = this.greyInput();
    $('ed-make-grey').textContent = g
      ? ` The search uses the grey levels of ${this.imageGrey!.name}: changing a cell near the threshold costs less than a clearly black or white one${g.edited ? `; the ${counted(g.edited, 'cell')} drawn by hand since count as pure black or white` : ''}. A resize, shift, invert, clear or another picture drops them.`
      : '';
  }

  private renderMake(): void {
    const box = $('ed-make');
    const note = $('ed-make-note');
    const m = this.make;
    const grid = this.view.grid;
    const { toBlack, toWhite } = this.proposed();
    grid.dataset.proposal = [...toBlack, ...toWhite].sort((a, b) => a - b).join(' ');
    for (const k of ['status', 'goal', 'changes', 'fewest', 'lowerBound', 'firstMs', 'ms'] as const) delete box.dataset[k];
    $('ed-make-stop').hidden = m?.ending !== 'searching';
    this.scheduleDraw();
    if (!m) {
      box.hidden = !this.accepted;
      box.dataset.state = this.accepted ? 'accepted' : 'idle';
      note.textContent = this.accepted;
      $('ed-make-accept').hidden = $('ed-make-dismiss').hidden = true;
      return;
    }
    box.hidden = false;
    box.dataset.state = m.ending;
    box.dataset.goal = m.goal;
    const r = m.result;
    const stale = this.staleProposal();
    $('ed-make-dismiss').hidden = false;
    $('ed-make-accept').hidden = !(r?.status === 'made' && r.changes.length > 0);
    ($('ed-make-accept') as HTMLButtonElement).disabled = !!stale;
    if (!r) {
      note.textContent =
        m.ending === 'searching'
          ? `Searching for the fewest cells to change so that the picture is ${GOAL_WORDS[m.goal]}…`
          : `${m.ending === 'stopped' ? 'Stopped' : 'The search ended'} before any proposal was found.`;
      return;
    }
    box.dataset.status = r.status;
    box.dataset.changes = String(r.changes.length);
    box.dataset.fewest = r.fewest;
    box.dataset.lowerBound = String(r.lowerBound);
    if (m.firstMs !== undefined) box.dataset.firstMs = String(Math.round(m.firstMs));
    if (m.lastMs !== undefined) box.dataset.ms = String(Math.round(m.lastMs));
    // A proposal made for other protected cells claims nothing about these: it says only that.
    note.textContent = stale
      ? `This proposal of ${counted(r.changes.length, 'cell')} was made for other protected cells. ${stale}`
      : proposalWords(r, { grey: m.grey, toBlack: toBlack.size, toWhite: toWhite.size, limitMs: m.limitMs, ending: m.ending }) +
        (m.ending === 'searching' && r.status === 'made' ? ' Looking for fewer changes and a proof (Stop keeps this proposal).' : '');
  }

  // ------------------------------------------------------------ wiring

  private wire(): void {
    const grid = this.view.grid;
    const on = (id: string, f: () => void) => $(id).addEventListener('click', f);
    grid.addEventListener('pointerdown', (e) => this.strokeStart(e));
    grid.addEventListener('pointermove', (e) => this.strokeMove(e));
    grid.addEventListener('pointerup', () => this.strokeEnd());
    grid.addEventListener('pointercancel', () => this.strokeEnd());
    grid.addEventListener('lostpointercapture', () => this.strokeEnd());
    grid.addEventListener('contextmenu', (e) => e.preventDefault());
    window.addEventListener('resize', () => this.scheduleDraw());
    grid.addEventListener('keydown', (e) => this.key(e));
    grid.addEventListener('focus', () => ((this.focused = true), this.scheduleDraw()));
    grid.addEventListener('blur', () => ((this.focused = false), this.scheduleDraw()));
    $('tab-draw').addEventListener('keydown', (e) => {
      if (!(e.ctrlKey || e.metaKey) || (e.target instanceof HTMLInputElement && e.target.type !== 'checkbox')) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) this.undo();
      else if (k === 'y' || (k === 'z' && e.shiftKey)) this.redo();
      else return;
      e.preventDefault();
    });
    on('ed-undo', () => this.undo());
    on('ed-redo', () => this.redo());
    on('ed-clear', () => this.replace(blankDrawing(this.drawing.width, this.drawing.height), true));
    on('ed-invert', () => this.replace(inverted(this.drawing), true));
    for (const [id, dx, dy] of [['ed-left', -1, 0], ['ed-right', 1, 0], ['ed-up', 0, -1], ['ed-down', 0, 1]] as const) on(id, () => this.replace(shifted(this.drawing, dx, dy), true));
    on('ed-make-unique', () => void this.makeAsk('unique'));
    on('ed-make-logic', () => void this.makeAsk('line-solvable'));
    on('ed-make-accept', () => this.acceptMake());
    on('ed-make-dismiss', () => this.dropMake());
    on('ed-make-stop', () => this.makeStop());
    on('ed-protect', () => {
      this.protectMode = !this.protectMode;
      const b = $('ed-protect');
      b.textContent = this.protectMode ? 'Protect cells: on' : 'Protect cells: off';
      b.setAttribute('aria-pressed', String(this.protectMode));
    });
    on('ed-unprotect', () => {
      this.protect = new Uint8Array(this.drawing.cells.length);
      this.protectChanged();
    });
    on('ed-resize', () => this.resize());
    for (const id of ['ed-width', 'ed-height']) {
      $(id).addEventListener('keydown', (e) => {
        if (e.key === 'Enter') this.resize();
      });
      $(id).addEventListener('input', () => this.previewImage());
    }
    on('ed-pen', () => {
      this.pen = 1 - this.pen;
      const b = $('ed-pen');
      b.textContent = this.pen ? 'Pen: black' : 'Pen: white';
      b.setAttribute('aria-pressed', String(this.pen === 0));
    });
    on('ed-keep-going', () => {
      $('ed-keep-going').hidden = true;
      $('ed-verdict').textContent = 'Still checking, without a time limit (a change to the picture stops it)…';
      $('ed-verdict').dataset.state = 'checking';
      this.ask(0, undefined);
    });
    on('ed-annotate-unique', () => void this.annotate('unique'));
    on('ed-annotate-logic', () => void this.annotate('logic'));
    for (const b of document.querySelectorAll<HTMLButtonElement>('#tab-draw button[data-export]')) {
      b.addEventListener('click', () => void this.exportAs(b.dataset.export as DrawExportFormat | 'png'));
    }
    on('ed-certify', () => void this.certify());
    on('ed-link', () => void this.copyLink());
    // The verdict is of the puzzle the exports write: with the given cells or without.
    $('ed-with-givens').addEventListener('change', () => this.recheck());
    $('ed-limit').addEventListener('change', () => this.limitChanged());
    $<HTMLInputElement>('ed-file').addEventListener('change', () => {
      const f = $<HTMLInputElement>('ed-file').files?.[0];
      if (f) void this.importFile(f);
    });
    $('ed-threshold').addEventListener('input', () => this.previewImage());
    on('ed-image-use', () => this.useImage());
    on('ed-image-cancel', () => this.closeImage());
  }
}

/** An image file's pixels, at most 1000 pixels a side (larger images are scaled down first). */
async function pixelsOf(file: File): Promise<Pixels> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1000 / Math.max(bitmap.width, bitmap.height));
  const w = Math.max(1, Math.round(bitmap.width * scale));
  const h = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d')!;
  g.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  return g.getImageData(0, 0, w, h);
}

/** An SVG sheet as a PNG (twice its size, on white), drawn by the browser. */
async function rasterise(svg: string): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth * 2;
    canvas.height = img.naturalHeight * 2;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas made no image'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The cells (row-major indices) set in `flags` (1 a cell). */
function cellsSet(flags: Uint8Array): number[] {
  return [...flags.keys()].filter((i) => flags[i]);
}
