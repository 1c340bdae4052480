// The page's Web Worker: the whole library runs here, off the page's thread, one request at a
// time, with the in-thread block runner (jobs 1) and one SAT session kept across requests.
// Long requests report progress per block; the page cancels by terminating this worker.
// Imports name the library's modules one by one (not its barrel), so that the bundle holds
// only what the page uses (no PNG rendering, no Node worker pool).
import { encryptBlocks } from '../src/cipher/encrypt.js';
import { messageGrids } from '../src/cipher/messageGrids.js';
import { decrypt } from '../src/cipher/decrypt.js';
import { solveBlocks } from '../src/cipher/solveBlocks.js';
import { builtinTable } from '../src/cipher/Table.js';
import { emptySummary } from '../src/cipher/verify.js';
import { MessageError, NonocryptError } from '../src/errors.js';
import { formatCiphertext, parseCiphertext } from '../src/formats/ciphertext.js';
import { writePuzzleFile } from '../src/formats/detectFormat.js';
import type { PuzzleFile } from '../src/formats/PuzzleFile.js';
import { readPuzzle, type InputFormat } from '../src/formats/puzzleText.js';
import { counted } from '../src/formats/counted.js';
import { formatAnnotation } from '../src/formats/symbols.js';
import { cellsThatDiffer } from '../src/grid/cellsThatDiffer.js';
import { gridRows, gridsEqual, type Grid, type Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { parsePicture } from '../src/formats/picture.js';
import { writePuzzle } from '../src/puzzle/writePuzzle.js';
import { BLACK, WHITE } from '../src/line/lineAutomaton.js';
import { LineStepper, type PassResult } from '../src/line/LineStepper.js';
import type { RunOptions } from '../src/parallel/RunOptions.js';
import { annotate } from '../src/puzzle/annotate.js';
import { makePuzzle } from '../src/puzzle/makePuzzle.js';
import { solve } from '../src/puzzle/solve.js';
import { renderSvg } from '../src/render/renderSvg.js';
import { sheetLayout } from '../src/render/sheetLayout.js';
import { sheetOf, verdictText } from '../src/render/sheetsOf.js';
import { SatSession } from '../src/sat/SatSession.js';
import { formatHistory, parseHistory, type Turn } from '../src/games/model/History.js';
import { Rules } from '../src/games/model/Rules.js';
import { candidates } from '../src/games/play/candidates.js';
import { CodeMaker } from '../src/games/play/CodeMaker.js';
import { candidateLines, gameOverLine, hintLine, nextGuessLines, noCodeFits, playIntro, solvedLine, turnLine } from '../src/games/play/playText.js';
import { suggestNext } from '../src/games/play/suggestNext.js';
import { prepareEngine, prepareProofEngine, type PreparedEngine } from './engine.js';
import { certifySolution } from '../src/certificate/make/certifySolution.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { COMPILED_WORKER, type BlockView, type DrawExportFormat, type DrawMakeResult, type DrawnPicture, type EnginesMessage, type Envelope, type PuzzleFormatChoice, type Reply, type Request, type Result, type StepView } from './protocol.js';

interface WorkerScope {
  readonly name: string;
  postMessage(message: Reply): void;
  onmessage: ((event: { data: Envelope | EnginesMessage }) => void) | null;
}
const scope = self as unknown as WorkerScope;
const post = (m: Reply) => scope.postMessage(m);

let engine: PreparedEngine;
let session: SatSession;
let stepper: LineStepper | undefined;
/** The game being played in the Mastermind tab, with its turns so far. */
let play: { rules: Rules; maker: CodeMaker; turns: Turn[]; over: boolean } | undefined;

/** The Mastermind tab's requests, answered as lines of text (the CLI's words). */
function mastermind(r: Extract<Request, { kind: 'mmCandidates' | 'mmNext' | 'mmPlayStart' | 'mmPlayGuess' }>): Extract<Result, { kind: 'mm' }> {
  const lines = (...l: string[]) => ({ kind: 'mm' as const, lines: l });
  if (r.kind === 'mmPlayStart') {
    const rules = new Rules(r.game);
    play = { rules, maker: new CodeMaker(rules, r.seed), turns: [], over: false };
    return { ...lines(playIntro(rules, r.seed), 'Your guess (? for a hint):'), history: '', over: false };
  }
  if (r.kind === 'mmPlayGuess') {
    if (!play) return lines('Start a game first: New game.');
    const { rules, maker, turns } = play;
    const g = rules.game;
    if (play.over) return { ...lines('The game is over: start a new one with New game.'), over: true };
    if (r.guess.trim() === '?') {
      return lines(hintLine(rules, suggestNext(rules, turns)));
    }
    const guess = g.parse(r.guess.trim(), `guess ${maker.turns + 1}`);
    const a = maker.answer(guess);
    turns.push({ guess, answer: a.answer });
    const line = turnLine(rules, maker.turns, guess, a.answer);
    play.over = a.won;
    const out = a.won ? [line, solvedLine(maker.turns, maker.liesUsed)] : [line];
    return { ...lines(...out), history: formatHistory(turns, rules), over: a.won };
  }
  const rules = new Rules(r.game);
  const turns = parseHistory(r.history, rules, 'history');
  if (r.kind === 'mmCandidates') {
    return lines(...candidateLines(rules, turns, candidates(rules, turns, { limit: 30 })));
  }
  const n = suggestNext(rules, turns);
  if (n.over) return lines(gameOverLine(rules, { ...n, over: n.over }));
  if (n.guess < 0) return lines(noCodeFits(rules));
  return lines(...nextGuessLines(rules, n));
}

/** A worker named COMPILED_WORKER waits for the page's compiled engines (its first message). */
let compiledEngines: (m: EnginesMessage) => void = () => {};
const compiled = scope.name === COMPILED_WORKER ? new Promise<EnginesMessage>((resolve) => (compiledEngines = resolve)) : Promise.resolve(undefined);
const ready = compiled.then(prepareEngine).then((e) => {
  engine = e;
  session = new SatSession(e.create);
  post({ id: 0, kind: 'ready', engine: e.label, stops: e.stops });
});

/** The time limit per block of the request being handled (only when the engine can stop). */
let timeoutMs: number | undefined;

function runOptions(id: number, total?: number): RunOptions {
  return {
    jobs: 1,
    engine: engine.engine,
    session,
    ...(timeoutMs !== undefined && engine.stops ? { timeoutMs } : {}),
    onProgress: (done) => post({ id, kind: 'progress', done, ...(total ? { total } : {}) }),
  };
}

/** A puzzle as text; `formatHint` says how to name the format where the library cannot tell it. */
function readPuzzleText(text: string, format: PuzzleFormatChoice, name?: string, formatHint = 'choose it under Format'): PuzzleFile {
  try {
    return readPuzzle(text, { ...(format === 'auto' ? {} : { format: format }), ...(name ? { path: name, source: name } : { source: 'the puzzle' }) });
  } catch (e) {
    // The library names no control; the page's words name its own.
    if (e instanceof NonocryptError && e.code === 'E_FORMAT') throw new NonocryptError('E_FORMAT', `${e.message}; ${formatHint}`);
    if (e instanceof NonocryptError && e.code === 'E_BLOCKS') throw new NonocryptError('E_BLOCKS', `${e.message}: “Decrypt & verify” checks every block of a ciphertext`);
    throw e;
  }
}

/** The page's words for what extended text would fix: the checkbox that turns it on. */
function withExtendedHint(e: unknown): unknown {
  return e instanceof MessageError && e.extendedText ? new NonocryptError(e.code, `${e.message}: tick “extended text”`) : e;
}

const svgOf = (sheet: Parameters<typeof renderSvg>[0]) => renderSvg(sheet);

async function handle(id: number, r: Request): Promise<Result> {
  switch (r.kind) {
    case 'mmCandidates':
    case 'mmNext':
    case 'mmPlayStart':
    case 'mmPlayGuess':
      return mastermind(r);
    case 'encrypt': {
      const table = r.table === 'auto' ? 'auto' : builtinTable(r.table);
      let plan: ReturnType<typeof encryptBlocks>;
      try {
        plan = encryptBlocks(r.text, { size: r.size, table, receiver: r.receiver, extended: r.extended, ...runOptions(id) });
      } catch (e) {
        throw withExtendedHint(e);
      }
      const pictures: readonly Grid[] = plan.choice ? messageGrids(r.text, { size: plan.width, table: plan.table, extended: r.extended }).grids : plan.grids;
      const total = pictures.length;
      const blocks = [];
      let proven = true;
      for await (const b of plan.blocks) {
        blocks.push(b.block);
        proven &&= b.proven;
        const k = blocks.length;
        const cells = b.block.annotation.length;
        const label = `${cells === 0 ? 'no cell' : counted(cells, 'cell')} given${b.proven ? ', proven smallest' : `, not proven smallest (${b.reason ?? 'stopped'})`}`;
        const sheet = { puzzle: b.block.puzzle, grid: pictures[k - 1], givens: b.block.annotation, title: `block ${k}: ${label}` };
        post({ id, kind: 'block', view: { block: k, status: 'picture', label, svg: svgOf(sheet) } });
        post({ id, kind: 'progress', done: k, total });
      }
      const ciphertext = formatCiphertext({ width: plan.width, height: plan.height, blocks });
      const given = blocks.reduce((n, b) => n + b.annotation.length, 0);
      // Size auto leads with its result; how the boards were compared goes to a fold of its own.
      const board = plan.choice ? `Size auto: ${plan.choice.summary}. With the ` : `${plan.width === plan.height ? `n = ${plan.width}` : `${plan.width} x ${plan.height}`}, `;
      const note = `${board}${plan.table.name} table, ${r.receiver} receiver: ${counted(blocks.length, 'block')}, ${counted(given, 'cell')} given, ${counted(ciphertext.length, 'character')}${proven ? '; every annotation proven smallest' : '; some annotations not proven smallest'}`;
      return { kind: 'encrypt', ciphertext, table: plan.table.name, note, ...(plan.choice ? { accounting: plan.choice.accounting } : {}), proven };
    }
    case 'decrypt': {
      const c = parseCiphertext(r.ciphertext, 'the ciphertext');
      const out = await decrypt(c, { table: r.table === 'auto' ? 'auto' : builtinTable(r.table), ...runOptions(id, c.blocks.length) });
      if (out.ok) return { kind: 'decrypt', ok: true, text: out.text, blocks: out.blocks };
      // A chosen table that does not fit, where one built-in table does: say which to choose.
      const tip = out.otherTables?.length === 1 ? `: choose ${out.otherTables[0]} (or auto) under Table` : '';
      return { kind: 'decrypt', ok: false, failures: out.failures.map((f) => f.message + tip), blocks: out.blocks };
    }
    case 'verify': {
      const c = parseCiphertext(r.ciphertext, 'the ciphertext');
      const summary = emptySummary();
      for await (const b of solveBlocks(c, runOptions(id, c.blocks.length))) {
        summary[b.result.status]++;
        const sheet = sheetOf(b.cipher.puzzle, b.cipher.annotation, b.result, `block ${b.block}`);
        const view: BlockView = { block: b.block, status: b.result.status, label: verdictText(b.result), svg: svgOf(sheet) };
        post({ id, kind: 'block', view });
      }
      return { kind: 'verify', summary: { ...summary } };
    }
    case 'certify': {
      const c = parseCiphertext(r.ciphertext, 'the ciphertext');
      const b = c.blocks[r.block - 1];
      if (!b) throw new NonocryptError('E_USAGE', `the ciphertext has no block ${r.block}`);
      return certificateOf(b.puzzle, b.annotation, r.block, `block ${r.block}`);
    }
    case 'drawVerdict':
      return drawVerdict(id, r.picture, r.givens);
    case 'drawAnnotate': {
      const a = await annotate(pictureGrid(r.picture), { receiver: r.receiver, ...runOptions(id) });
      return { kind: 'drawAnnotate', receiver: r.receiver, givens: a.annotation, proven: a.proven, ...(a.reason ? { reason: a.reason } : {}) };
    }
    case 'drawExport':
      return drawExport(r.picture, r.givens, r.format);
    case 'drawCertify': {
      const grid = pictureGrid(r.picture);
      return certificateOf(puzzleOf(grid), [...r.givens].sort((a, b) => a - b), 1, 'the picture');
    }
    case 'drawImport':
      return drawImport(id, r);
    case 'drawMake':
      return drawMake(r);
    case 'solve': {
      const file = readPuzzleText(r.puzzle, r.format, r.name);
      const givens = file.givens ?? [];
      const result = await solve(file.puzzle, { givens, ...runOptions(id) });
      const rows = result.status === 'unique' ? [gridRows(result.grid)] : result.status === 'multiple' ? result.grids.map(gridRows) : [];
      return { kind: 'solve', status: result.status, label: verdictText(result), svg: svgOf(sheetOf(file.puzzle, givens, result, file.title ?? '')), rows };
    }
    case 'annotate': {
      const file = readPuzzleText(r.puzzle, r.format, r.name);
      if (!file.goal) throw new NonocryptError('E_GOAL', 'annotate needs the intended picture: a goal in the file, or a picture of # and . rows');
      const a = await annotate(file.goal, { receiver: r.receiver, ...runOptions(id) });
      const n = a.annotation.length;
      const label = `${counted(n, 'cell')} given (${r.receiver} receiver)${a.proven ? ', proven smallest' : `, not proven smallest (${a.reason ?? 'stopped'})`}`;
      const sheet = { puzzle: file.puzzle, grid: file.goal, givens: a.annotation, title: label };
      const givenFile = writePuzzleFile({ ...file, givens: n ? a.annotation : undefined }, 'non');
      return { kind: 'annotate', label, code: formatAnnotation(a.annotation, file.goal.width) || 'X', svg: svgOf(sheet), givenFile };
    }
    case 'stepStart': {
      const file = readPuzzleText(r.puzzle, r.format, r.name);
      const givens = file.givens ?? [];
      stepper = new LineStepper(file.puzzle, givens);
      // The empty board (its caption says how given cells are marked): the page draws the cells
      // over it, and the given cells' rings again over them.
      const sheet = { puzzle: file.puzzle, ...(givens.length ? { givens } : {}) };
      const layout = sheetLayout(sheet);
      const place = { x: layout.panels[0]!.x, y: layout.panels[0]!.y, cell: layout.cell, width: layout.width, height: layout.height };
      const step: StepView = { status: 'start', pass: 0, cells: cellsOf(stepper), open: stepper.open, changes: [] };
      return { kind: 'stepStart', svg: svgOf(sheet), place, step, width: file.puzzle.width, height: file.puzzle.height, givens };
    }
    case 'step': {
      const s = stepper;
      if (!s) throw new NonocryptError('E_USAGE', 'step mode has no puzzle: load one first');
      const steps: StepView[] = [];
      for (;;) {
        const p = s.pass();
        steps.push(stepView(s, p));
        if (!r.toEnd || p.status !== 'progress') break;
      }
      return { kind: 'step', steps };
    }
  }
}

/**
 * The certificate of one puzzle with its givens (docs/explanation/certificates.md): solved, then proved by
 * the proof engine (loaded on the first certificate asked for). `label` names it in the words.
 */
async function certificateOf(puzzle: Puzzle, givens: readonly number[], block: number, label: string): Promise<Result> {
  await prepareProofEngine();
  const result = solvePuzzle(puzzle, { givens, session });
  const out = await certifySolution(puzzle, givens, result, { ...(timeoutMs !== undefined && engine.stops ? { timeoutMs } : {}), label });
  if (!out) return { kind: 'certify', block, ok: false, reason: `${label} is ${result.status}: ${result.status === 'multiple' ? 'its two pictures are the proof' : 'there is nothing to certify'}` };
  if (out.kind === 'unknown') return { kind: 'certify', block, ok: false, reason: out.reason };
  const cert = out.certificate;
  return { kind: 'certify', block, ok: true, verdict: cert.verdict, cnf: cert.cnf, lrat: cert.proof, ms: cert.ms };
}

/** A drawn picture as a grid (the page sends well-formed rows; the reader checks them anyway). */
function pictureGrid(p: DrawnPicture): Grid {
  return parsePicture(p.rows.join('\n'), 'the drawing');
}

/**
 * The Draw tab's live verdict: the solver's, of the clues with the given cells (as `solve` of
 * the exported .non says), with the cells where two solutions differ. The drawing is one
 * solution, so the solver only looks for a second (SolveOptions.known).
 */
async function drawVerdict(id: number, picture: DrawnPicture, givens: readonly number[]): Promise<Result> {
  const started = performance.now();
  const drawn = pictureGrid(picture);
  const result = await solve(puzzleOf(drawn), { ...runOptions(id), givens: [...givens].sort((a, b) => a - b), known: drawn });
  const ms = performance.now() - started;
  const difficulty = result.stats?.difficulty;
  const base = { kind: 'drawVerdict' as const, lineSolvable: result.lineSolvable === true, ...(difficulty ? { difficulty } : {}), differ: [] as number[], ms };
  switch (result.status) {
    case 'unique':
    case 'found':
      return { ...base, status: 'unique' };
    case 'multiple':
      return { ...base, status: 'multiple', differ: cellsThatDiffer(result.grids[0], result.grids[1]) };
    case 'none':
      return { ...base, status: 'none' };
    case 'unknown':
      return { ...base, status: 'unknown', reason: result.reason };
  }
}

const EXPORT_EXTENSIONS: Readonly<Record<DrawExportFormat, string>> = { non: 'non', picture: 'pic', xml: 'xml', json: 'json', cipher: 'nc', svg: 'svg' };

/**
 * A drawn picture as a file: the puzzle of its clues with the picture as its goal and the given
 * cells, or its sheet to print (SVG: the clues, the empty board, the given cells marked). A
 * format with no place for given cells (a picture, webpbn XML) is refused while there are some
 * (E_GIVENS, as the CLI's convert refuses XML): without them the file would be another puzzle,
 * one with several solutions.
 */
function drawExport(picture: DrawnPicture, givens: readonly number[], format: DrawExportFormat): Result {
  const goal = pictureGrid(picture);
  const sorted = [...givens].sort((a, b) => a - b);
  const file: PuzzleFile = { puzzle: puzzleOf(goal), goal, ...(sorted.length ? { givens: sorted } : {}) };
  let text: string;
  try {
    text = format === 'svg' ? renderSvg({ puzzle: file.puzzle, ...(file.givens ? { givens: file.givens } : {}) }) : writePuzzle(file, format);
  } catch (e) {
    // The library names the formats that keep them; the page names its box too.
    if (e instanceof NonocryptError && e.code === 'E_GIVENS') throw new NonocryptError('E_GIVENS', `${e.message}, or untick “with the given cells” to write it without them`);
    throw e;
  }
  return { kind: 'drawExport', text, extension: EXPORT_EXTENSIONS[format] };
}

/**
 * A puzzle file opened in the Draw tab: its goal picture, else its solution (the first of two
 * when it has two, saying so); its given cells come along.
 */
async function drawImport(id: number, r: Extract<Request, { kind: 'drawImport' }>): Promise<Result> {
  const file = readPuzzleText(r.puzzle, r.format, r.name, 'give the file the extension of its format (.non, .nin, .xml, .json, .nc, .pic)');
  const givens = file.givens ?? [];
  let grid = file.goal;
  let note = grid ? 'the picture the file holds' : '';
  if (!grid) {
    const result = await solve(file.puzzle, { givens, ...runOptions(id) });
    if (result.status === 'unique' || result.status === 'found') [grid, note] = [result.grid, 'its only solution'];
    else if (result.status === 'multiple') [grid, note] = [result.grids[0], 'the first of two solutions'];
    else throw new NonocryptError('E_GOAL', `the puzzle has no picture to draw: ${verdictText(result)}`);
  }
  return { kind: 'drawImport', rows: gridRows(grid), givens, note };
}

/**
 * "Make it unique" / "Make it solvable by logic": makePuzzle on the drawing (its grey levels when
 * it came from an image), the worker's engine and session, in this thread. The search starts from
 * the threshold picture of the grey levels, which the page keeps equal to the drawing; that is
 * checked here, since the proposal's cells are flipped on the drawing.
 */
async function drawMake(r: Extract<Request, { kind: 'drawMake' }>): Promise<DrawMakeResult> {
  const started = performance.now();
  const drawn = pictureGrid(r.picture);
  const input = r.grey ? { width: drawn.width, height: drawn.height, darkness: r.grey.darkness } : drawn;
  const made = await makePuzzle(input, {
    goal: r.goal,
    keep: r.keep,
    method: r.method,
    timeoutMs: r.limitMs,
    engine: engine.engine,
    session,
    ...(r.grey ? { threshold: r.grey.threshold } : {}),
  });
  if (!gridsEqual(made.start, drawn)) throw new NonocryptError('E_INTERNAL', 'internal error: the grey levels sent do not give the drawing at their threshold');
  const v = made.verdict;
  const verdict = v && { status: v.status === 'found' ? ('unique' as const) : v.status, lineSolvable: v.lineSolvable === true, ...(v.stats?.difficulty ? { difficulty: v.stats.difficulty } : {}) };
  return {
    kind: 'drawMake',
    goal: r.goal,
    method: r.method,
    status: made.status,
    changes: made.changes,
    cost: made.cost,
    fewest: made.fewest,
    lowerBound: made.lowerBound,
    cheapestProven: made.cheapestProven,
    ...(verdict ? { verdict } : {}),
    ...(made.stats.stoppedBy ? { stoppedBy: made.stats.stoppedBy } : {}),
    free: drawn.cells.length - new Set(r.keep).size,
    ms: performance.now() - started,
  };
}

/** Domains as the protocol's cell values: 0 open, 1 black, 2 white. */
function cellsOf(s: LineStepper): number[] {
  return Array.from(s.domains, (d) => (d === BLACK ? 1 : d === WHITE ? 2 : 0));
}

function stepView(s: LineStepper, p: PassResult): StepView {
  const failed = p.failedLine === undefined ? undefined : p.failedLine < s.height ? { kind: 'row' as const, index: p.failedLine } : { kind: 'column' as const, index: p.failedLine - s.height };
  return {
    status: p.status,
    pass: p.pass,
    cells: cellsOf(s),
    open: s.open,
    changes: p.changes.map((c) => ({ kind: c.kind, index: c.index, cells: c.cells })),
    ...(failed ? { failed } : {}),
  };
}

scope.onmessage = (event) => {
  if ('kind' in event.data) {
    compiledEngines(event.data);
    return;
  }
  const { id, request } = event.data;
  timeoutMs = event.data.timeoutMs;
  ready
    .then(() => handle(id, request))
    .then(
      (result) => post({ id, kind: 'done', result }),
      (e: unknown) => post({ id, kind: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
};
