// The page: tabs, forms, drawing, and the one Web Worker that runs the library. No framework:
// the DOM directly. Every request goes to the worker; while one runs the page shows its
// progress and a Cancel button, which terminates the worker and starts a fresh one.
import toBeExample from '../examples/to-be.txt';
import scatterExample from '../examples/scatter.pic';
import { certificateStem } from '../src/certificate/check/certificateStem.js';
import { counted } from '../src/formats/counted.js';
import { downloadLink } from './downloadLink.js';
import { Editor } from './editor/Editor.js';
import type { GameChoice, BlockView, Envelope, GridPlace, PuzzleFormatChoice, Receiver, Reply, Request, Result, StepView, TableChoice } from './protocol.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`page element #${id} is missing`);
  return el as T;
};
const input = (id: string) => $<HTMLInputElement>(id);
const area = (id: string) => $<HTMLTextAreaElement>(id);
const select = (id: string) => $<HTMLSelectElement>(id);
const button = (id: string) => $<HTMLButtonElement>(id);

// ---------------------------------------------------------------- the worker

class Cancelled extends Error {}

interface Pending {
  readonly resolve: (r: Result) => void;
  readonly reject: (e: Error) => void;
  readonly onBlock?: (v: BlockView) => void;
  readonly onProgress?: (done: number, total?: number) => void;
}

let worker: Worker;
let nextId = 1;
const pending = new Map<number, Pending>();
let engineStops = false;

function startWorker(): void {
  $('engine').textContent = 'loading…';
  worker = new Worker('worker.js', { type: 'module' });
  worker.onmessage = (event: MessageEvent<Reply>) => {
    const m = event.data;
    if (m.kind === 'ready') {
      $('engine').textContent = m.engine;
      engineStops = m.stops;
      input('dec-timeout').disabled = !m.stops;
      input('dec-timeout').title = m.stops ? '' : 'this engine cannot stop itself: use Cancel to stop a long run';
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    switch (m.kind) {
      case 'progress':
        p.onProgress?.(m.done, m.total);
        break;
      case 'block':
        p.onBlock?.(m.view);
        break;
      case 'done':
        pending.delete(m.id);
        p.resolve(m.result);
        break;
      case 'error':
        pending.delete(m.id);
        p.reject(new Error(m.message));
        break;
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    const why = new Error(`the worker failed: ${event.message || 'unknown error'}`);
    for (const p of pending.values()) p.reject(why);
    pending.clear();
    restartWorker();
  };
}

function restartWorker(): void {
  worker.terminate();
  startWorker();
  resetStep('The worker was restarted: load the puzzle again.');
}

function ask(request: Request, handlers: Omit<Pending, 'resolve' | 'reject'> = {}, timeoutMs?: number): Promise<Result> {
  const id = nextId++;
  return new Promise<Result>((resolve, reject) => {
    pending.set(id, { resolve, reject, ...handlers });
    const envelope: Envelope = { id, request, ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
    worker.postMessage(envelope);
  });
}

// ---------------------------------------------------------------- busy state, errors

let busy = false;
let busyTimer: number | undefined;
let busyStarted = 0;
let busyDone: { done: number; total?: number } | undefined;

function showBusy(on: boolean): void {
  busy = on;
  $('busy').hidden = !on;
  for (const b of document.querySelectorAll<HTMLButtonElement>('button.go, #step-load, #pz-step')) {
    if (on) {
      b.dataset.wasDisabled = String(b.disabled);
      b.disabled = true;
    } else {
      b.disabled = b.dataset.wasDisabled === 'true';
    }
  }
  if (on) {
    busyStarted = performance.now();
    busyDone = undefined;
    updateBusy();
    busyTimer = window.setInterval(updateBusy, 200);
  } else if (busyTimer !== undefined) {
    window.clearInterval(busyTimer);
    busyTimer = undefined;
  }
}

function updateBusy(): void {
  const secs = ((performance.now() - busyStarted) / 1000).toFixed(1);
  const bar = $<HTMLProgressElement>('busy-bar');
  if (busyDone?.total) {
    bar.max = busyDone.total;
    bar.value = busyDone.done;
    $('busy-text').textContent = `Working: ${busyDone.done} of ${counted(busyDone.total, 'block')}, ${secs} s`;
  } else {
    bar.removeAttribute('value');
    $('busy-text').textContent = `Working… ${secs} s`;
  }
}

function showError(message: string | undefined): void {
  const el = $('error');
  el.hidden = !message;
  el.textContent = message ?? '';
}

/** Run one request with the busy display; errors are shown, cancellation is quiet. */
async function run<T extends Result>(
  request: Request,
  handlers: Omit<Pending, 'resolve' | 'reject' | 'onProgress'> = {},
  timeoutMs?: number,
): Promise<{ result: T; ms: number } | undefined> {
  if (busy) return undefined;
  showError(undefined);
  showBusy(true);
  const started = performance.now();
  try {
    const result = (await ask(request, { ...handlers, onProgress: (done, total) => (busyDone = { done, total }) }, timeoutMs)) as T;
    const ms = performance.now() - started;
    document.body.dataset.lastMs = String(Math.round(ms));
    return { result, ms };
  } catch (e) {
    if (!(e instanceof Cancelled)) showError(e instanceof Error ? e.message : String(e));
    return undefined;
  } finally {
    showBusy(false);
  }
}

/** End the requests running: the worker is terminated and a fresh one started; their `run`s resolve undefined. */
function stopWorker(): void {
  const why = new Cancelled('cancelled');
  for (const p of pending.values()) p.reject(why);
  pending.clear();
  restartWorker();
}

function cancel(): void {
  stopWorker();
  showError('Cancelled.');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

// ---------------------------------------------------------------- sheets

function sheetElement(view: { block?: number; status: string; label: string; svg: string }, heading?: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'sheet';
  box.dataset.status = view.status;
  if (view.block !== undefined) box.dataset.block = String(view.block);
  if (heading) {
    const h = document.createElement('h3');
    h.textContent = heading;
    box.append(h);
  }
  // The SVG comes from the library's renderer, which escapes every text it draws.
  const holder = document.createElement('div');
  holder.innerHTML = view.svg;
  box.append(holder);
  return box;
}

function download(name: string, text: string | readonly BlobPart[], type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob(typeof text === 'string' ? [text] : [...text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function loadFile(inputId: string, target: string, nameKey: string, loaded: () => void): void {
  input(inputId).addEventListener('change', async () => {
    const file = input(inputId).files?.[0];
    if (!file) return;
    area(target).value = await file.text();
    area(target).dataset[nameKey] = file.name;
    // Another file: the error of the last text is no longer about what is on screen.
    showError(undefined);
    loaded();
  });
}

// ---------------------------------------------------------------- encrypt

async function encrypt(): Promise<void> {
  const auto = input('enc-auto').checked;
  const table = select('enc-table').value as TableChoice | 'auto';
  if (table === 'auto' && !auto) {
    showError('Table auto goes with board side auto.');
    return;
  }
  // An empty field is no side (Number('') would be 0); the input's own range says the rest.
  const side = input('enc-size').value.trim();
  if (!auto && !/^\d+$/.test(side)) {
    showError('Board side: enter a whole number from 1 to 1000, or tick auto.');
    return;
  }
  const blocks = $('enc-blocks');
  blocks.replaceChildren();
  area('enc-out').value = '';
  $('enc-note').textContent = '';
  button('enc-to-decrypt').disabled = true;
  button('enc-download').disabled = true;
  const request: Request = {
    kind: 'encrypt',
    text: area('enc-text').value.replace(/\r?\n$/, ''),
    size: auto ? 'auto' : Number(side),
    table,
    receiver: select('enc-receiver').value as Receiver,
    extended: input('enc-extended').checked,
  };
  const r = await run<Extract<Result, { kind: 'encrypt' }>>(request, { onBlock: (v) => blocks.append(sheetElement(v)) });
  if (!r) return;
  area('enc-out').value = r.result.ciphertext;
  area('enc-out').dataset.table = r.result.table;
  $('enc-note').textContent = `${r.result.note}. Done in ${seconds(r.ms)}.`;
  if (r.result.accounting) {
    const fold = document.createElement('details');
    const title = document.createElement('summary');
    title.textContent = 'How the boards were compared';
    fold.append(title, r.result.accounting);
    $('enc-note').append(fold);
  }
  button('enc-to-decrypt').disabled = false;
  button('enc-download').disabled = false;
}

// ---------------------------------------------------------------- decrypt and verify

function timeLimit(): number | undefined {
  const v = Number(input('dec-timeout').value);
  return engineStops && v > 0 ? v * 1000 : undefined;
}

/**
 * The results under the ciphertext (the decrypted text, the verdicts) describe the text they
 * were made from: a new text and a loaded file or example clear them all, so no result of an
 * earlier text stays beside a new one. A run clears only its own: Decrypt and Verify of the
 * same text show their results side by side (issue 66: Verify hid the decrypted text).
 */
function clearCiphertextResults(): void {
  clearDecrypted();
  clearVerdicts();
}

function clearDecrypted(): void {
  const out = $('dec-out');
  out.hidden = true;
  out.classList.remove('failed');
  out.textContent = '';
  $('dec-summary').textContent = '';
}

function clearVerdicts(): void {
  $('ver-summary').textContent = '';
  $('ver-blocks').replaceChildren();
}

async function decrypt(): Promise<void> {
  clearDecrypted();
  const out = $('dec-out');
  const request: Request = { kind: 'decrypt', ciphertext: area('dec-text').value, table: select('dec-table').value as TableChoice | 'auto' };
  const r = await run<Extract<Result, { kind: 'decrypt' }>>(request, {}, timeLimit());
  if (!r) return;
  out.hidden = false;
  if (r.result.ok) {
    out.textContent = r.result.text;
    $('dec-summary').textContent = `Decrypted ${counted(r.result.blocks, 'block')} in ${seconds(r.ms)}.`;
  } else {
    out.classList.add('failed');
    out.textContent = `Not decrypted:\n${r.result.failures.join('\n')}`;
    $('dec-summary').textContent = `Checked ${counted(r.result.blocks, 'block')} in ${seconds(r.ms)}.`;
  }
}

async function verify(): Promise<void> {
  clearVerdicts();
  const blocks = $('ver-blocks');
  const request: Request = { kind: 'verify', ciphertext: area('dec-text').value };
  const ciphertext = request.ciphertext;
  const fileName = area('dec-text').dataset.name;
  const r = await run<Extract<Result, { kind: 'verify' }>>(request, { onBlock: (v) => blocks.append(withCertificate(sheetElement(v), v, ciphertext, fileName)) }, timeLimit());
  if (!r) return;
  const s = r.result.summary;
  const n = Object.values(s).reduce((a, b) => a + b, 0);
  $('ver-summary').textContent =
    `${counted(n, 'block')}: ${s.unique} unique, ${s.multiple} multiple, ${s.none} none${s.unknown ? `, ${s.unknown} unknown` : ''}. Verified in ${seconds(r.ms)}.`;
}

/**
 * A verified block's sheet with a "Certificate" button (unique and none blocks): the worker makes
 * the block's certificate (docs/explanation/certificates.md) and the sheet offers its two files as downloads,
 * named as `nonocrypt check-certificate FILE DIR` reads them: `STEM.block-K.cnf` and `.lrat`,
 * STEM from the name of the ciphertext's file (`fileName`, when it was loaded from one);
 * without a file name, `block-K.cnf` and `.lrat`, with a note of what to rename them to.
 */
function withCertificate(box: HTMLElement, view: BlockView, ciphertext: string, fileName: string | undefined): HTMLElement {
  if (view.status !== 'unique' && view.status !== 'none') return box;
  const row = document.createElement('div');
  row.className = 'certificate';
  const go = document.createElement('button');
  go.type = 'button';
  go.className = 'certify';
  go.textContent = 'Certificate';
  go.title = 'an LRAT proof of this verdict that any LRAT checker, or nonocrypt check-certificate, verifies';
  row.append(go);
  go.addEventListener('click', async () => {
    const r = await run<Extract<Result, { kind: 'certify' }>>({ kind: 'certify', ciphertext, block: view.block }, {}, timeLimit());
    if (!r) return;
    if (!r.result.ok) {
      showError(r.result.reason);
      return;
    }
    go.remove();
    const perBlock = `block-${r.result.block}`;
    const base = fileName ? `${certificateStem(fileName)}.${perBlock}` : perBlock;
    row.append(`${r.result.verdict} certified in ${seconds(r.ms)}: `, downloadLink(`${base}.cnf`, [r.result.cnf]), ' ', downloadLink(`${base}.lrat`, r.result.lrat));
    if (!fileName) {
      const note = document.createElement('p');
      note.className = 'note rename';
      note.textContent = `nonocrypt check-certificate FILE DIR reads them as STEM.${perBlock}.cnf and STEM.${perBlock}.lrat, STEM being FILE's name without its extension (msg for msg.nc): rename them so, or load the ciphertext from its file before Verify.`;
      row.append(note);
    }
  });
  box.append(row);
  return box;
}

// ---------------------------------------------------------------- solve and annotate

const puzzleRequest = () => ({
  puzzle: area('pz-text').value,
  format: select('pz-format').value as PuzzleFormatChoice,
  ...(area('pz-text').dataset.name ? { name: area('pz-text').dataset.name } : {}),
});

/** The results under the puzzle, cleared for each run and each new puzzle (as the ciphertext's). */
function clearPuzzleResults(): void {
  $('pz-sheet').replaceChildren();
  $('pz-given-label').hidden = true;
  $('pz-note').textContent = '';
}

async function solvePuzzle(): Promise<void> {
  clearPuzzleResults();
  const r = await run<Extract<Result, { kind: 'solve' }>>({ kind: 'solve', ...puzzleRequest() });
  if (!r) return;
  const box = sheetElement({ status: r.result.status, label: r.result.label, svg: r.result.svg });
  box.dataset.rows = r.result.rows.map((g) => g.join('/')).join(' ');
  $('pz-sheet').append(box);
  $('pz-note').textContent = `${r.result.label}. Solved in ${seconds(r.ms)}.`;
}

async function annotatePuzzle(): Promise<void> {
  clearPuzzleResults();
  const r = await run<Extract<Result, { kind: 'annotate' }>>({ kind: 'annotate', receiver: select('pz-receiver').value as Receiver, ...puzzleRequest() });
  if (!r) return;
  $('pz-sheet').append(sheetElement({ status: 'annotated', label: r.result.label, svg: r.result.svg }));
  $('pz-note').textContent = `${r.result.label}; annotation code ${r.result.code}. Done in ${seconds(r.ms)}.`;
  area('pz-given').value = r.result.givenFile;
  $('pz-given-label').hidden = false;
}

// ---------------------------------------------------------------- step mode

const SVG_NS = 'http://www.w3.org/2000/svg';

interface StepBoard {
  readonly place: GridPlace;
  readonly width: number;
  readonly height: number;
  readonly overlay: SVGGElement;
  /** The given cells (row-major), ringed over the cells as the sheets ring them. */
  readonly givens: readonly number[];
  current: StepView;
}
let board: StepBoard | undefined;
let animation: number | undefined;
let selected: { kind: 'row' | 'column'; index: number; cells: readonly number[] } | undefined;

function resetStep(status: string): void {
  if (animation !== undefined) window.clearTimeout(animation);
  animation = undefined;
  board = undefined;
  selected = undefined;
  $('step-board').replaceChildren();
  $('step-log').replaceChildren();
  $('step-status').textContent = status;
  for (const id of ['step-one', 'step-end', 'step-reset']) button(id).disabled = true;
}

function svgEl(name: string, attrs: Record<string, string | number>): SVGElement {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** The board as text rows, `#` black, `.` white, `?` open (the tests read it). */
function boardRows(view: StepView, width: number): string {
  const rows: string[] = [];
  for (let y = 0; y * width < view.cells.length; y++) {
    rows.push(view.cells.slice(y * width, (y + 1) * width).map((v) => (v === 1 ? '#' : v === 2 ? '.' : '?')).join(''));
  }
  return rows.join('/');
}

function drawStep(): void {
  if (!board) return;
  const { place, width, overlay, current } = board;
  const c = place.cell;
  overlay.replaceChildren();
  if (selected) {
    const band =
      selected.kind === 'row'
        ? { x: 0, y: place.y + selected.index * c, width: place.x + width * c, height: c }
        : { x: place.x + selected.index * c, y: 0, width: c, height: place.y + board.height * c };
    overlay.append(svgEl('rect', { class: 'step-band', ...band }));
  }
  current.cells.forEach((v, i) => {
    const x = place.x + (i % width) * c;
    const y = place.y + Math.floor(i / width) * c;
    if (v === 1) overlay.append(svgEl('rect', { class: 'step-cell-black', x, y, width: c, height: c }));
    else if (v === 2) {
      const d = c * 0.3;
      overlay.append(svgEl('path', { class: 'step-cell-white', 'stroke-width': Math.max(1, c / 14), d: `M${x + d} ${y + d}L${x + c - d} ${y + c - d}M${x + c - d} ${y + d}L${x + d} ${y + c - d}` }));
    }
  });
  const outline = (cells: readonly number[], cls: string) => {
    const inset = c * 0.12;
    for (const i of cells) {
      const x = place.x + (i % width) * c + inset;
      const y = place.y + Math.floor(i / width) * c + inset;
      overlay.append(svgEl('rect', { class: cls, x, y, width: c - 2 * inset, height: c - 2 * inset, 'stroke-width': Math.max(1.5, c / 9) }));
    }
  };
  if (selected) outline(selected.cells, 'step-selected');
  else outline(current.changes.flatMap((ch) => ch.cells), 'step-changed');
  // Rings on the given cells, over what is drawn there, as the renderer's sheets have them
  // (white on black, black on white): issue 66, they were plain black squares here.
  for (const i of board.givens) {
    const x = place.x + (i % width) * c + c / 2;
    const y = place.y + Math.floor(i / width) * c + c / 2;
    const stroke = current.cells[i] === 1 ? '#fff' : '#000';
    overlay.append(svgEl('circle', { class: 'step-given', cx: x, cy: y, r: 0.3 * c, fill: 'none', stroke, 'stroke-width': Math.max(1, 0.1 * c) }));
  }
  const holder = $('step-board');
  holder.dataset.rows = boardRows(current, width);
  holder.dataset.status = current.status;
  holder.dataset.pass = String(current.pass);
}

function describeStep(view: StepView): string {
  const fixed = view.changes.reduce((n, ch) => n + ch.cells.length, 0);
  switch (view.status) {
    case 'start':
      return `Start: ${counted(view.open, 'open cell')}. Press “One pass”.`;
    case 'progress':
      return `Pass ${view.pass}: ${counted(fixed, 'cell')} fixed by ${counted(view.changes.length, 'line')}; ${view.open} still open.`;
    case 'solved':
      return `Solved by line logic in ${counted(view.pass, 'pass', 'passes')}${fixed ? ` (the last fixed ${counted(fixed, 'cell')})` : ''}: this is the puzzle's only solution.`;
    case 'stalled':
      return `Stalled after ${counted(view.pass - 1, 'pass', 'passes')} with ${counted(view.open, 'open cell')}: line logic alone goes no further (Solve decides it with search).`;
    case 'contradiction':
      return `Contradiction in pass ${view.pass}: ${view.failed ? `${view.failed.kind} ${view.failed.index + 1}` : 'a line'} has no placement, so no picture fits.`;
  }
}

function logStep(view: StepView): void {
  const log = $('step-log');
  const head = document.createElement('li');
  head.className = 'pass';
  head.textContent = describeStep(view);
  log.append(head);
  for (const ch of view.changes) {
    const li = document.createElement('li');
    li.className = 'line';
    li.textContent = `${ch.kind} ${ch.index + 1}: ${counted(ch.cells.length, 'cell')}`;
    li.addEventListener('click', () => {
      for (const other of log.querySelectorAll('li.selected')) other.classList.remove('selected');
      li.classList.add('selected');
      selected = { kind: ch.kind, index: ch.index, cells: ch.cells };
      if (board) {
        // Show the board as it was after this pass, with this line's cells.
        board.current = view;
        drawStep();
      }
    });
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
}

function showStep(view: StepView): void {
  if (!board) return;
  board.current = view;
  selected = undefined;
  drawStep();
  logStep(view);
  $('step-status').textContent = describeStep(view);
  const more = view.status === 'progress' || view.status === 'start';
  button('step-one').disabled = !more;
  button('step-end').disabled = !more;
}

async function stepLoad(): Promise<void> {
  resetStep('');
  selectTab('step');
  const r = await run<Extract<Result, { kind: 'stepStart' }>>({ kind: 'stepStart', ...puzzleRequest() });
  if (!r) return;
  const holder = $('step-board');
  holder.innerHTML = r.result.svg;
  const svg = holder.querySelector('svg')!;
  const overlay = svgEl('g', { class: 'step-overlay' }) as SVGGElement;
  svg.append(overlay);
  board = { place: r.result.place, width: r.result.width, height: r.result.height, overlay, givens: r.result.givens, current: r.result.step };
  button('step-reset').disabled = false;
  showStep(r.result.step);
}

async function step(toEnd: boolean): Promise<void> {
  if (!board) return;
  const r = await run<Extract<Result, { kind: 'step' }>>({ kind: 'step', toEnd });
  if (!r) return;
  const steps = [...r.result.steps];
  // Passes appear one at a time, a moment apart, so the grid can be watched filling in.
  const next = () => {
    const view = steps.shift();
    if (!view) {
      animation = undefined;
      return;
    }
    showStep(view);
    animation = steps.length ? window.setTimeout(next, 250) : undefined;
  };
  next();
}

// ---------------------------------------------------------------- tabs and wiring

function selectTab(name: string): void {
  for (const b of document.querySelectorAll<HTMLButtonElement>('#tabs button')) b.setAttribute('aria-selected', String(b.dataset.tab === name));
  for (const s of document.querySelectorAll<HTMLElement>('.tab')) s.hidden = s.id !== `tab-${name}`;
  // The Draw tab's address is its picture's link (#draw=ROWS), kept current as it changes.
  if (name === 'draw') editor.show();
  else {
    editor.hide();
    location.hash = name;
  }
}

let editor: Editor;

/** A `#draw=ROWS` address opens the Draw tab with that picture. */
function openDrawLink(): boolean {
  if (!location.hash.startsWith('#draw=')) return false;
  editor.openLink(location.hash);
  if ($('tab-draw').hidden) selectTab('draw');
  return true;
}

function wire(): void {
  for (const b of document.querySelectorAll<HTMLButtonElement>('#tabs button')) b.addEventListener('click', () => selectTab(b.dataset.tab!));
  button('cancel').addEventListener('click', cancel);
  input('enc-auto').addEventListener('change', () => (input('enc-size').disabled = input('enc-auto').checked));
  button('enc-go').addEventListener('click', encrypt);
  button('enc-to-decrypt').addEventListener('click', () => {
    area('dec-text').value = area('enc-out').value;
    delete area('dec-text').dataset.name;
    clearCiphertextResults();
    const table = area('enc-out').dataset.table;
    if (table === 'classic' || table === 'frequency') select('dec-table').value = table;
    selectTab('decrypt');
  });
  button('enc-download').addEventListener('click', () => download('message.nc', area('enc-out').value));
  loadFile('dec-file', 'dec-text', 'name', clearCiphertextResults);
  // The text's file name (for certificate names) holds while the text is the file's.
  area('dec-text').addEventListener('input', () => {
    delete area('dec-text').dataset.name;
    clearCiphertextResults();
  });
  button('dec-example').addEventListener('click', () => {
    area('dec-text').value = toBeExample;
    area('dec-text').dataset.name = 'to-be.txt';
    showError(undefined);
    clearCiphertextResults();
  });
  button('dec-go').addEventListener('click', decrypt);
  button('ver-go').addEventListener('click', verify);
  loadFile('pz-file', 'pz-text', 'name', clearPuzzleResults);
  area('pz-text').addEventListener('input', () => {
    delete area('pz-text').dataset.name;
    clearPuzzleResults();
  });
  button('pz-example').addEventListener('click', () => {
    area('pz-text').value = scatterExample;
    area('pz-text').dataset.name = 'scatter.pic';
    showError(undefined);
    clearPuzzleResults();
  });
  button('pz-solve').addEventListener('click', solvePuzzle);
  button('pz-annotate').addEventListener('click', annotatePuzzle);
  button('pz-step').addEventListener('click', stepLoad);
  button('step-load').addEventListener('click', stepLoad);
  button('step-one').addEventListener('click', () => step(false));
  button('step-end').addEventListener('click', () => step(true));
  button('step-reset').addEventListener('click', stepLoad);
  button('mm-candidates').addEventListener('click', () => void mastermind({ kind: 'mmCandidates', game: gameChoice(), history: area('mm-history').value }));
  button('mm-next').addEventListener('click', () => void mastermind({ kind: 'mmNext', game: gameChoice(), history: area('mm-history').value }));
  button('mm-start').addEventListener('click', () => void play({ kind: 'mmPlayStart', game: gameChoice(), seed: Number(input('mm-seed').value) || 0 }));
  button('mm-play').addEventListener('click', () => void play({ kind: 'mmPlayGuess', guess: input('mm-guess').value }));
  input('mm-guess').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !button('mm-play').disabled) button('mm-play').click();
  });
  select('mm-game').addEventListener('change', () => (input('mm-symbols').value = select('mm-game').value === 'ab' ? '10' : '6'));
  area('dec-text').value = toBeExample;
  area('dec-text').dataset.name = 'to-be.txt';
  area('pz-text').value = scatterExample;
  area('pz-text').dataset.name = 'scatter.pic';
  editor = new Editor({
    run: (request, timeoutMs) => run(request, {}, timeoutMs),
    stop: stopWorker,
    showError,
    download: (name, parts, type) => download(name, parts, type),
  });
  button('pz-draw').addEventListener('click', async () => {
    if (await editor.openPuzzle(area('pz-text').value, select('pz-format').value as PuzzleFormatChoice, area('pz-text').dataset.name)) selectTab('draw');
  });
  window.addEventListener('hashchange', openDrawLink);
  const tab = location.hash.slice(1);
  if (!openDrawLink() && ['encrypt', 'decrypt', 'puzzle', 'draw', 'step'].includes(tab)) selectTab(tab);
  startWorker();
  resetStep('Load a puzzle to step through it.');
  document.body.dataset.ready = 'true';
}

wire();

// ---------------------------------------------------------------- Mastermind with lies

function gameChoice(): GameChoice {
  return {
    kind: select('mm-game').value as GameChoice['kind'],
    pegs: Number(input('mm-pegs').value),
    symbols: Number(input('mm-symbols').value),
    lies: Number(input('mm-lies').value),
    end: select('mm-end').value as GameChoice['end'],
  };
}

/** Candidates or the next guess: the lines replace the output, which is cleared first (an error leaves none of an earlier answer). */
async function mastermind(request: Request): Promise<void> {
  $('mm-out').textContent = '';
  const r = await run<Extract<Result, { kind: 'mm' }>>(request);
  if (r) $('mm-out').textContent = `${r.result.lines.join('\n')}\n`;
}

/**
 * The game against the lying code-maker: a new game clears the log; each guess (or `?`, a
 * hint) appends its lines, and the game so far becomes the History above, so Candidates and
 * Next guess work on it. A won game takes no more guesses until a new one starts.
 */
async function play(request: Extract<Request, { kind: 'mmPlayStart' | 'mmPlayGuess' }>): Promise<void> {
  const log = $('mm-log');
  const r = await run<Extract<Result, { kind: 'mm' }>>(request);
  if (!r) return;
  log.textContent = `${request.kind === 'mmPlayStart' ? '' : log.textContent}${r.result.lines.join('\n')}\n`;
  if (r.result.history !== undefined) area('mm-history').value = r.result.history;
  const over = r.result.over === true;
  input('mm-guess').disabled = over;
  input('mm-guess').title = over ? 'the game is over: New game starts another' : '';
  button('mm-play').disabled = over;
  if (request.kind === 'mmPlayGuess' && !over) input('mm-guess').select();
}
