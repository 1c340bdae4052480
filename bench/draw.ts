/**
 * The web page's Draw tab (issue 41) in Debian's chromium, driven by playwright-core, the page
 * served by `nonocrypt web`'s server in this process:
 *
 * - Latency: `--pictures` random pictures (sides 10..40, square, density 0.4..0.7, from
 *   `--seed`). Each is opened less its longest run of black cells (the `#draw=` link), and that
 *   run is drawn at once as a real mouse stroke (press, move, release over #ed-grid), without
 *   waiting for the verdict of the picture before it, as an author draws. Measured by the page:
 *   from the stroke's last change of the picture to its verdict on screen (#ed-verdict's
 *   data-latency-ms), and the solver's part of it (data-ms).
 * - Smoothness: after each verdict, a scribble (a drag of 60 mouse moves across the grid, each
 *   changing the picture and asking for a verdict), during which the page records the longest
 *   main-thread task (PerformanceObserver 'longtask': only tasks over 50 ms are reported) and
 *   the longest gap between animation frames; the same gap is measured with nothing happening.
 * - 100 x 100: `--hard` random pictures at density 0.5 without a 2x2 switch (switchFreePicture:
 *   with one, a drawing is `multiple` at once): the time to `unknown` at the page's limit, then
 *   "Keep going", a scribble while it runs, and Clear: how long the empty board's verdict takes
 *   with the stale solve still running (it is stopped).
 *
 * - Make (issue 65): `--icons` bootstrap-icons (every k-th of the sorted names, the version
 *   package.json pins), rendered by resvg at 8 pixels a cell and imported as PNG images on a
 *   30 x 30 board at the threshold 128 (the page keeps their grey levels), then "Make it
 *   solvable by logic" and "Make it unique" pressed: the time from the press to the first
 *   answer shown (the greedy proposal) and to the last (the proof, or the Search limit), as the
 *   page measures them (#ed-make's data-first-ms and data-ms), with what was proved.
 *
 * `--screenshots` also writes docs/web/draw-*.png. Needs `npm run build` and /usr/bin/chromium.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { listen, webRoot, webServer } from '../src/cli/webServer.js';
import { gridRows } from '../src/grid/Puzzle.js';
import { DEFAULT_MAKE_TIMEOUT_MS } from '../src/puzzle/makePuzzle.js';
import { mulberry32 } from '../src/seededRandom.js';
import { switchFreePicture } from './switchFreePicture.js';
import { ICON_PACKAGE, iconDir, installedVersion, svgFiles } from './makeIcons.js';
import { SVG_SAMPLES } from '../src/cli/imageInput.js';
import { here } from './harness/commands.js';
import { packageRoot, progress } from './harness/doc.js';
import { flag, whole } from './harness/flags.js';
import { fixed, max, median, quantile } from './harness/stats.js';
import { defineSuite, part, prose, view } from './harness/suite.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// Page-side code runs through playwright (string expressions would break the page's CSP);
// typed loosely because this file compiles without the DOM library.
interface El {
  dataset: Record<string, string | undefined>;
  textContent: string;
}
interface PageGlobals {
  document: { querySelector(s: string): El | null };
  location: { hash: string };
  requestAnimationFrame(f: (t: number) => void): number;
  PerformanceObserver: new (f: (list: { getEntries(): { duration: number }[] }) => void) => { observe(o: { entryTypes: string[] }): void };
  __drag?: Recorder;
}
interface Recorder {
  on: boolean;
  last: number;
  gap: number;
  longest: number;
}

/** A random square picture (rows of # and .). */
function randomPicture(side: number, density: number, rand: () => number): string[] {
  return Array.from({ length: side }, () => Array.from({ length: side }, () => (rand() < density ? '#' : '.')).join(''));
}

/** The longest run of black cells (row, first and last column). */
function longestRun(rows: readonly string[]): { y: number; x0: number; x1: number } {
  let best = { y: 0, x0: 0, x1: -1 };
  rows.forEach((row, y) => {
    for (const m of row.matchAll(/#+/g)) if (m[0].length > best.x1 - best.x0 + 1) best = { y, x0: m.index, x1: m.index + m[0].length - 1 };
  });
  return best;
}

async function open(page: Page, rows: readonly string[]): Promise<void> {
  await page.evaluate((h) => void ((globalThis as unknown as PageGlobals).location.hash = h), `draw=${encodeURIComponent(rows.join('/'))}`);
  await page.waitForFunction((r) => (globalThis as unknown as PageGlobals).document.querySelector('#ed-grid')!.dataset.rows === r, rows.join('/'), { timeout: 60_000 });
}

interface Verdict {
  readonly status: string;
  readonly latency: number;
  readonly solver: number;
  readonly restarts: number;
}

async function verdict(page: Page): Promise<Verdict> {
  await page.waitForFunction(
    () => {
      const v = (globalThis as unknown as PageGlobals).document.querySelector('#ed-verdict')!.dataset;
      return v.state !== 'checking' && v.generation === (globalThis as unknown as PageGlobals).document.querySelector('#ed-grid')!.dataset.generation;
    },
    null,
    { timeout: 600_000 },
  );
  const d = await page.evaluate(() => ({ ...(globalThis as unknown as PageGlobals).document.querySelector('#ed-verdict')!.dataset }));
  return { status: d.status ?? '?', latency: Number(d.latencyMs), solver: Number(d.ms ?? NaN), restarts: Number(d.restarts ?? 0) };
}

async function cellPoint(page: Page, x: number, y: number, side: number): Promise<[number, number]> {
  const box = (await page.locator('#ed-grid').boundingBox())!;
  return [box.x + ((x + 0.5) * box.width) / side, box.y + ((y + 0.5) * box.height) / side];
}

/** Start recording frame gaps and long tasks in the page; `stopRecording` returns the largest (ms). */
async function startRecording(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = (globalThis as unknown as PageGlobals);
    if (!w.__drag) {
      const rec: Recorder = { on: false, last: 0, gap: 0, longest: 0 };
      w.__drag = rec;
      new w.PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (rec.on) rec.longest = Math.max(rec.longest, e.duration);
      }).observe({ entryTypes: ['longtask'] });
    }
    const rec = w.__drag;
    Object.assign(rec, { on: true, last: 0, gap: 0, longest: 0 });
    const frame = (t: number) => {
      if (!rec.on) return;
      if (rec.last) rec.gap = Math.max(rec.gap, t - rec.last);
      rec.last = t;
      w.requestAnimationFrame(frame);
    };
    w.requestAnimationFrame(frame);
  });
}

async function stopRecording(page: Page): Promise<{ gap: number; longest: number }> {
  // One more frame, so a task that ended the drag is seen by the frame after it.
  await page.evaluate(() => new Promise((resolve) => (globalThis as unknown as PageGlobals).requestAnimationFrame(() => (globalThis as unknown as PageGlobals).requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const rec = (globalThis as unknown as PageGlobals).__drag!;
    rec.on = false;
    return { gap: rec.gap, longest: rec.longest };
  });
}

/**
 * A drag as a hand makes it: 60 moves of a random walk over the grid (up to 2 cells each way per
 * move, in 2 mouse events), the left button down: each move paints and asks for a verdict.
 */
async function scribble(page: Page, side: number, rand: () => number): Promise<number> {
  const box = (await page.locator('#ed-grid').boundingBox())!;
  let x = Math.floor(rand() * side);
  let y = Math.floor(rand() * side);
  const step = (v: number) => Math.max(0, Math.min(side - 1, v + Math.floor(rand() * 5) - 2));
  const point = (): [number, number] => [box.x + ((x + 0.5) * box.width) / side, box.y + ((y + 0.5) * box.height) / side];
  const t0 = Date.now();
  await page.mouse.move(...point());
  await page.mouse.down();
  for (let k = 0; k < 60; k++) {
    [x, y] = [step(x), step(y)];
    await page.mouse.move(...point(), { steps: 2 });
  }
  await page.mouse.up();
  return Date.now() - t0;
}

interface PictureRun {
  readonly side: number;
  readonly density: number;
  readonly verdict: Verdict;
  /** On every `dragEvery`-th picture: the main thread during a drag. */
  readonly drag?: { gap: number; longest: number; ms: number };
}

interface HardRun {
  readonly toUnknown: Verdict;
  readonly keepGoingDrag: { gap: number; longest: number; ms: number };
  readonly afterDrag: Verdict;
  readonly clear: Verdict;
}

interface MakeRun {
  readonly icon: string;
  readonly goal: string;
  readonly status: string;
  readonly changes: number;
  readonly fewest: string;
  readonly lowerBound: number;
  readonly firstMs: number;
  readonly ms: number;
}

/** The board side of the make timings (cells), as the issue's target names it. */
const MAKE_SIDE = 30;

/** A bootstrap icon as a PNG of SVG_SAMPLES pixels a cell on a `side`-cell board (transparent background: the page reads it as white). */
async function iconPng(name: string, side: number): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  return new Resvg(readFileSync(join(iconDir(), name)), { fitTo: { mode: 'width', value: side * SVG_SAMPLES } }).render().asPng();
}

/** Import an icon into the Draw tab as an image on a side x side board, at the threshold 128. */
async function importIcon(page: Page, name: string, side: number): Promise<void> {
  await page.fill('#ed-width', String(side));
  await page.fill('#ed-height', String(side));
  await page.setInputFiles('#ed-file', { name, mimeType: 'image/png', buffer: await iconPng(name, side) });
  await page.waitForSelector('#ed-image', { state: 'visible' });
  await page.locator('#ed-threshold').fill('128');
  await page.click('#ed-image-use');
  await page.waitForSelector('#ed-image', { state: 'hidden' });
}

/** Press a make button and wait for its search to end (done, or the Search limit). */
async function makeDone(page: Page, button: string): Promise<Record<string, string | undefined>> {
  await page.click(button);
  await page.waitForFunction(
    () => {
      const d = (globalThis as unknown as PageGlobals).document;
      const state = d.querySelector('#ed-make')!.dataset.state;
      return state !== 'searching' && state !== 'idle' && (d.querySelector('#busy') as unknown as { hidden: boolean }).hidden;
    },
    null,
    { timeout: 600_000 },
  );
  return page.evaluate(() => ({ ...(globalThis as unknown as PageGlobals).document.querySelector('#ed-make')!.dataset }));
}

/** The icons of the make timings: every `step`-th of the sorted names, for `count` of them. */
function iconChoice(count: number): { names: string[]; step: number } {
  const names = svgFiles(iconDir());
  return { names, step: Math.max(1, Math.floor(names.length / count)) };
}

async function makeIcons(page: Page, count: number): Promise<MakeRun[]> {
  const { names, step } = iconChoice(count);
  const runs: MakeRun[] = [];
  for (let k = 0; k < count && k * step < names.length; k++) {
    const icon = names[k * step]!;
    for (const [goal, button] of [['line-solvable', '#ed-make-logic'], ['unique', '#ed-make-unique']] as const) {
      await importIcon(page, icon, MAKE_SIDE);
      const d = await makeDone(page, button);
      if (d.state !== 'done') throw new Error(`${icon}, ${goal}: the search ended ${d.state}`);
      runs.push({ icon, goal, status: d.status ?? '?', changes: Number(d.changes), fewest: d.fewest ?? '?', lowerBound: Number(d.lowerBound), firstMs: Number(d.firstMs), ms: Number(d.ms) });
      await page.click('#ed-make-dismiss');
      if (process.env.DRAW_TRACE) progress(`make ${icon} ${goal}: ${JSON.stringify(runs.at(-1))}`);
    }
    if ((k + 1) % 10 === 0) progress(`draw: make on ${k + 1} of ${count} icons`);
  }
  return runs;
}

interface Session {
  readonly pictures: PictureRun[];
  readonly make: MakeRun[];
  readonly idle: { gap: number; longest: number };
  readonly hard: HardRun[];
  readonly restarts: number;
}

async function session(o: { pictures: number; seed: number; hard: number; dragEvery: number; icons: number; screenshots: boolean }): Promise<Session> {
  const server = webServer(webRoot());
  const url = await listen(server, 0);
  const profile = mkdtempSync(join(tmpdir(), 'nonocrypt-bench-draw-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 1100 } });
  try {
    const page = await context.newPage();
    await page.goto(`${url}#draw`);
    await page.waitForSelector('body[data-ready="true"]');
    await verdict(page);
    await startRecording(page);
    await page.waitForTimeout(1000);
    const idle = await stopRecording(page);
    const rand = mulberry32(o.seed);
    const pictures: PictureRun[] = [];
    for (let k = 0; k < o.pictures; k++) {
      const side = 10 + Math.floor(rand() * 31);
      const density = 0.4 + rand() * 0.3;
      const rows = randomPicture(side, density, rand);
      const run = longestRun(rows);
      const less = rows.map((r, y) => (y === run.y ? r.slice(0, run.x0) + '.'.repeat(run.x1 - run.x0 + 1) + r.slice(run.x1 + 1) : r));
      await open(page, less);
      await page.mouse.move(...(await cellPoint(page, run.x0, run.y, side)));
      await page.mouse.down();
      await page.mouse.move(...(await cellPoint(page, run.x1, run.y, side)), { steps: Math.max(1, run.x1 - run.x0) });
      await page.mouse.up();
      const shown = await page.getAttribute('#ed-grid', 'data-rows');
      if (shown !== rows.join('/')) throw new Error(`picture ${k + 1}: the stroke drew ${shown}, not ${rows.join('/')}`);
      const v = await verdict(page);
      let drag: PictureRun['drag'];
      if (k % o.dragEvery === 0) {
        await startRecording(page);
        const ms = await scribble(page, side, rand);
        drag = { ...(await stopRecording(page)), ms };
      }
      pictures.push({ side, density, verdict: v, ...(drag ? { drag } : {}) });
      if (process.env.DRAW_TRACE) progress(`picture ${k + 1}: ${side} x ${side}, ${v.status} in ${v.latency} ms (solver ${v.solver} ms), drag ${JSON.stringify(drag)}`);
      if ((k + 1) % 20 === 0) progress(`draw: ${k + 1} of ${o.pictures} pictures`);
    }
    const hard: HardRun[] = [];
    for (let k = 0; k < o.hard; k++) {
      const rows = gridRows(switchFreePicture(100, 100, 0.5, rand));
      await open(page, rows);
      const toUnknown = await verdict(page);
      if (process.env.DRAW_TRACE) progress(`100 x 100: ${JSON.stringify(toUnknown)} ${await page.textContent('#ed-verdict')}`);
      await page.click('#ed-keep-going');
      await page.waitForTimeout(500);
      await startRecording(page);
      const ms = await scribble(page, 100, rand);
      const keepGoingDrag = { ...(await stopRecording(page)), ms };
      const afterDrag = await verdict(page);
      if (process.env.DRAW_TRACE) progress(`100 x 100 after the drag: ${JSON.stringify(afterDrag)} ${await page.textContent('#ed-verdict')}`);
      // The scribble may have drawn a switch (then the verdict is `multiple` and there is nothing to keep going).
      if (afterDrag.status === 'unknown') await page.click('#ed-keep-going');
      await page.waitForTimeout(500);
      await page.click('#ed-clear');
      const clear = await verdict(page);
      hard.push({ toUnknown, keepGoingDrag, afterDrag, clear });
      progress(`draw: 100 x 100 picture ${k + 1} of ${o.hard}`);
    }
    const restarts = Number(await page.getAttribute('#ed-verdict', 'data-restarts'));
    const make = await makeIcons(page, o.icons);
    if (o.screenshots) await screenshots(page);
    return { pictures, make, idle, hard, restarts };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    server.close();
  }
}

/** docs/web/draw-*.png: a line-solvable picture, an ambiguous one with its given cells, a 100 x 100 unknown. */
async function screenshots(page: Page): Promise<void> {
  const root = packageRoot();
  const dir = join(root, 'docs', 'web');
  mkdirSync(dir, { recursive: true });
  /** The page from its top to the bottom of `bottom` (the Draw tab's end by default). */
  const shot = async (name: string, bottom = '#tab-draw') => {
    // No focus ring or cursor in the pictures; boxes are measured from the page's top.
    await page.evaluate(() => {
      const w = globalThis as unknown as { document: { activeElement: { blur?: () => void } | null }; scrollTo(x: number, y: number): void };
      w.document.activeElement?.blur?.();
      w.scrollTo(0, 0);
    });
    const box = (await page.locator('#tab-draw').boundingBox())!;
    const end = (await page.locator(bottom).boundingBox())!;
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true, clip: { x: box.x - 10, y: 0, width: box.width + 20, height: end.y + end.height + 10 } });
    progress(`wrote docs/web/${name}.png (${(statSync(join(dir, `${name}.png`)).size / 1024).toFixed(1)} KiB)`);
  };
  const pic = (name: string) => readFileSync(join(root, 'examples', name), 'utf8').trim().split('\n');
  await open(page, pic('heart.pic'));
  await verdict(page);
  await shot('draw-unique');
  await open(page, pic('scatter.pic'));
  await verdict(page);
  await shot('draw-multiple');
  await page.click('#ed-annotate-unique');
  await page.waitForSelector('#busy', { state: 'hidden', timeout: 120_000 });
  await shot('draw-given');
  await open(page, gridRows(switchFreePicture(100, 100, 0.5, mulberry32(7))));
  await verdict(page);
  await shot('draw-unknown');
  // Make: an icon imported at 30 x 30 with its proposal; the smiley of issue 66 with a protected row.
  await importIcon(page, 'tux.svg', MAKE_SIDE);
  await verdict(page);
  await makeDone(page, '#ed-make-logic');
  await shot('draw-make-proposal', '#ed-make');
  await page.click('#ed-make-dismiss');
  const smiley = ['.##..##.', '.##..##.', '........', '#......#', '#......#', '.#....#.', '..####..', '........'];
  await open(page, smiley);
  await verdict(page);
  await page.click('#ed-protect');
  const [x0, y] = await cellPoint(page, 0, 3, 8);
  const [x1] = await cellPoint(page, 7, 3, 8);
  await page.mouse.move(x0, y);
  await page.mouse.down();
  await page.mouse.move(x1, y, { steps: 7 });
  await page.mouse.up();
  await page.click('#ed-protect');
  await makeDone(page, '#ed-make-unique');
  await shot('draw-make-protected', '#ed-make');
  await page.click('#ed-make-dismiss');
}

const ms = fixed(0);
/** A median or max of the times `xs` (ms), '-' for none. */
const msOf = (f: (xs: readonly number[]) => number, xs: readonly number[]) => (xs.length ? ms(f(xs)) : '-');

function makeView(runs: readonly MakeRun[]) {
  const version = installedVersion();
  const groups = ['line-solvable', 'unique'].flatMap((goal) => {
    const all = runs.filter((r) => r.goal === goal);
    return [
      { label: `${goal}: all icons`, rs: all },
      { label: `${goal}: icons that need a change`, rs: all.filter((r) => r.changes > 0) },
    ];
  });
  return view({
    about:
      `Make (issue 65) on ${runs.length / 2} ${ICON_PACKAGE} ${version} (every ${iconChoice(runs.length / 2).step}th of the sorted names) rendered by resvg at 8 pixels a cell and imported as PNG images at ${MAKE_SIDE} x ${MAKE_SIDE}, threshold 128, with their grey levels; the default Search limit (${DEFAULT_MAKE_TIMEOUT_MS / 1000} s). ` +
      'Times as the page measures them, from the press of the button: to the first answer shown (the greedy proposal, asked with its own shorter limit, FIRST_ANSWER_MS of web/editor/makeProposal.ts; or the final one when the greedy one is proved best at once), and to the last (the proof of the fewest, or the Search limit). Proven: the count of changed cells proved fewest.',
    rows: groups,
    columns: [
      ['goal', (r) => r.label],
      ['icons', (r) => r.rs.length],
      ['first answer median', (r) => msOf(median, r.rs.map((x) => x.firstMs))],
      ['first answer max', (r) => msOf(max, r.rs.map((x) => x.firstMs))],
      ['last answer median', (r) => msOf(median, r.rs.map((x) => x.ms))],
      ['last answer max', (r) => msOf(max, r.rs.map((x) => x.ms))],
      ['changes median', (r) => (r.rs.length ? median(r.rs.map((x) => x.changes)) : '-')],
      ['changes max', (r) => (r.rs.length ? max(r.rs.map((x) => x.changes)) : '-')],
      ['proven fewest', (r) => `${r.rs.filter((x) => x.fewest === 'proven').length} of ${r.rs.length}`],
      ['made', (r) => `${r.rs.filter((x) => x.status === 'made').length} of ${r.rs.length}`],
    ],
  });
}

export const suite = defineSuite({
  about: 'the web page\'s Draw tab in chromium: verdict latency after the last stroke on random pictures, the longest main-thread task during a drag, 100 x 100 pictures (--screenshots writes docs/web/draw-*.png)',
  flags: {
    pictures: whole(200, 'random pictures of 10 x 10 to 40 x 40', 0),
    seed: whole(1, 'seed of the pictures', 0),
    hard: whole(3, 'random 100 x 100 pictures (density 0.5) without a 2x2 switch', 0),
    dragEvery: whole(10, 'a drag after every n-th picture'),
    icons: whole(40, `bootstrap-icons imported at ${MAKE_SIDE} x ${MAKE_SIDE}, each made line-solvable and unique`, 0),
    screenshots: flag('also write docs/web/draw-*.png'),
  },
  // The make timings alone (no pictures, no 100 x 100 boards) are a section of the make results.
  section: (o) => (makeOnly(o) ? 'draw-make' : 'draw'),
  title: (o) => (makeOnly(o) ? "The Draw tab's buttons (`bench/draw --icons`)" : 'The Draw tab: live verdict (`bench/draw`)'),
  intro: (o) =>
    makeOnly(o) ? "Debian's chromium headless, driven by playwright-core, the page served by `nonocrypt web`'s server in this process. The machine is shared (its load average at the start and the end is above): under load the times are upper bounds of what a quiet machine gives." :
    `Debian's chromium headless, driven by playwright-core, the page served by \`nonocrypt web\`'s server in this process; ${o.pictures} random square pictures, sides 10 to 40, density 0.4 to 0.7 (seed ${o.seed}). ` +
    'Each is opened less its longest run of black cells and that run is drawn as one mouse stroke at once, without waiting for the verdict before it; the latency is timed by the page, from the last change of the picture to its verdict shown (the solver\'s own time is its part of that). ' +
    `After every ${o.dragEvery}th verdict a 60-move drag over the grid (a random walk) is timed by the page too: the longest main-thread task (PerformanceObserver longtask, which reports only tasks over 50 ms) and the longest gap between animation frames. ` +
    'The machine is shared (its load average at the start and the end is above): under load the times are upper bounds of what a quiet machine gives.',
  parts: (o) => [
    part({
      inputs: ['draw'],
      commands: [here('draw', () => session(o))],
      views: (runs) => {
        const s = runs[0]!.value.value as Session;
        const lat = s.pictures.map((p) => p.verdict.latency);
        const solver = s.pictures.map((p) => p.verdict.solver);
        const within = lat.filter((x) => x <= 200).length;
        const bySize = [
          [10, 20],
          [21, 30],
          [31, 40],
        ].map(([lo, hi]) => ({ label: `${lo}-${hi}`, runs: s.pictures.filter((p) => p.side >= lo! && p.side <= hi!) }));
        const statuses = (rs: readonly PictureRun[]) => ['unique', 'multiple', 'unknown'].map((st) => `${rs.filter((r) => r.verdict.status === st).length} ${st}`).join(', ');
        const drags = s.pictures.flatMap((p) => (p.drag ? [p.drag] : []));
        const dragGap = drags.map((d) => d.gap);
        const dragLong = drags.map((d) => d.longest);
        const make = s.make.length ? [makeView(s.make)] : [];
        if (makeOnly(o)) return make;
        return [
          view({
            about: `Latency from the last stroke to the verdict shown (ms); ${within} of ${lat.length} pictures (${((100 * within) / lat.length).toFixed(1)} %) within 200 ms (the target: 95 %). Verdicts: ${statuses(s.pictures)}. Verdict workers replaced for a newer picture: ${s.restarts}.`,
            rows: [{ label: 'all', runs: s.pictures }, ...bySize],
            columns: [
              ['sides', (r) => r.label],
              ['pictures', (r) => r.runs.length],
              ['median', (r) => ms(median(r.runs.map((p) => p.verdict.latency)))],
              ['95th percentile', (r) => ms(quantile(r.runs.map((p) => p.verdict.latency), 0.95))],
              ['max', (r) => ms(max(r.runs.map((p) => p.verdict.latency)))],
              ['solver median', (r) => ms(median(r.runs.map((p) => p.verdict.solver)))],
              ['solver max', (r) => ms(max(r.runs.map((p) => p.verdict.solver)))],
              ['verdicts', (r) => statuses(r.runs)],
            ],
          }),
          view({
            about: `The main thread during a 60-move drag (a random walk, ms) after every ${o.dragEvery}th picture (${drags.length} drags): the longest gap between two animation frames and the longest task reported (0: none over 50 ms); idle is the same page with nothing happening for a second.`,
            rows: [
              { what: 'drag: longest frame gap', xs: dragGap },
              { what: 'drag: longest task', xs: dragLong },
              { what: 'drag: duration', xs: drags.map((d) => d.ms) },
              { what: 'idle: longest frame gap', xs: [s.idle.gap] },
            ],
            columns: [
              ['what', (r) => r.what],
              ['median', (r) => ms(median(r.xs))],
              ['95th percentile', (r) => ms(quantile(r.xs, 0.95))],
              ['max', (r) => ms(max(r.xs))],
            ],
          }),
          view({
            about: `Random 100 x 100 pictures at density 0.5 without a 2x2 switch (bench/switchFreePicture.ts; with one, a drawing is multiple at once) (ms): the verdict after the page's limit, then Keep going, a 60-move drag while the solve runs, the verdict of the scribbled picture, Keep going again when that is unknown, and Clear (the stale solve stopped, the empty board decided).`,
            rows: s.hard.map((h, k) => ({ k: k + 1, h })),
            columns: [
              ['picture', (r) => r.k],
              ['verdict at the limit', (r) => `${r.h.toUnknown.status} after ${ms(r.h.toUnknown.latency)}`],
              ['drag while it keeps going: frame gap / longest task', (r) => `${ms(r.h.keepGoingDrag.gap)} / ${ms(r.h.keepGoingDrag.longest)}`],
              ['after the drag', (r) => `${r.h.afterDrag.status} after ${ms(r.h.afterDrag.latency)}`],
              ['Clear while it keeps going', (r) => `${r.h.clear.status} after ${ms(r.h.clear.latency)}`],
            ],
          }),
          prose(`Solver time alone over all pictures: median ${ms(median(solver))} ms, max ${ms(max(solver))} ms.`),
          ...make,
        ];
      },
    }),
  ],
});

/** Only the make buttons are timed: no random pictures, no 100 x 100 boards. */
function makeOnly(o: { pictures: number; hard: number }): boolean {
  return o.pictures === 0 && o.hard === 0;
}
