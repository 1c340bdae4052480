/**
 * The web page: its bundle sizes, and how long the page takes (in Debian's chromium, driven by
 * playwright-core, served by `nonocrypt web`'s server in this process) to load its engine, to
 * encrypt examples/message.txt, and to decrypt and verify the shipped ciphertext examples; also
 * the run time of the browser tests. Times are measured inside the page, from the click to the
 * result shown (the page's own clock, `document.body.dataset.lastMs`), median of `--runs`.
 *
 * `--screenshots` also writes docs/web/*.png (the pictures of the main views in the README and
 * docs/how-to/puzzle-authors.md).
 * Needs a build (`npm run build`: dist/web) and /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { listen, webRoot, webServer } from '../src/cli/webServer.js';
import { here } from './harness/commands.js';
import { packageRoot, progress } from './harness/doc.js';
import { flag, whole } from './harness/flags.js';
import { median } from './harness/stats.js';
import { defineSuite, part, prose, view } from './harness/suite.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// Page-side functions (run by playwright in the page, where string expressions would break the
// page's CSP); typed loosely because this file compiles without the DOM library.
interface PageDoc {
  querySelector(s: string): { textContent: string } | null;
  body: { dataset: Record<string, string | undefined> };
}
const ENGINE_READY = () => !(globalThis as unknown as { document: PageDoc }).document.querySelector('#engine')!.textContent.includes('loading');

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function idle(page: Page): Promise<void> {
  await page.waitForSelector('#busy', { state: 'hidden', timeout: 600_000 });
}

/** Click `selector` and return the page's own time for the request (ms). */
async function timedClick(page: Page, selector: string): Promise<number> {
  await page.evaluate(() => {
    delete (globalThis as unknown as { document: PageDoc }).document.body.dataset.lastMs;
  });
  await page.click(selector);
  await idle(page);
  const error = await page.isVisible('#error');
  if (error) throw new Error(`the page reported: ${await page.textContent('#error')}`);
  return Number(await page.getAttribute('body', 'data-last-ms'));
}

/** The page's own times (ms) of each action, median of `runs`, and the engine it reports. */
async function pageTimes(runs: number, shots: boolean): Promise<{ engine: string; rows: [string, number | string, number][] }> {
  const root = packageRoot();
  const server = webServer(webRoot());
  const url = await listen(server, 0);
  const profile = mkdtempSync(join(tmpdir(), 'nonocrypt-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 } });
  const rows: [string, number | string, number][] = [];
  const times = async (n: number, f: () => Promise<number>) => {
    const t: number[] = [];
    for (let i = 0; i < n; i++) t.push(await f());
    return median(t) / 1000;
  };
  try {
    const page = await context.newPage();
    rows.push(['load the page and its engine', '-', await times(runs, async () => {
      const t0 = Date.now();
      await page.goto(url);
      await page.waitForFunction(ENGINE_READY);
      return Date.now() - t0;
    })]);
    const engine = (await page.textContent('#engine')) ?? '';
    const message = readFileSync(join(root, 'examples', 'message.txt'), 'utf8').replace(/\r?\n$/, '');
    await page.click('#tabs button[data-tab="encrypt"]');
    await page.fill('#enc-text', message);
    await page.fill('#enc-size', '8');
    const encrypt = await times(runs, () => timedClick(page, '#enc-go'));
    const messageCipher = await page.inputValue('#enc-out');
    const blocksOf = (c: string) => (c.trim().split('\n').length - 1) / 2;
    rows.push([`encrypt examples/message.txt (${message.length} characters, n = 8, classic, unique)`, blocksOf(messageCipher), encrypt]);
    await page.click('#tabs button[data-tab="decrypt"]');
    for (const [name, text] of [['examples/to-be.txt', readFileSync(join(root, 'examples', 'to-be.txt'), 'utf8')], ['examples/to-be-block2.nc', readFileSync(join(root, 'examples', 'to-be-block2.nc'), 'utf8')], ['examples/message.txt encrypted above', messageCipher]] as const) {
      await page.fill('#dec-text', text);
      rows.push([`decrypt ${name}`, blocksOf(text), await times(runs, () => timedClick(page, '#dec-go'))]);
      rows.push([`verify ${name} (every block drawn)`, blocksOf(text), await times(runs, () => timedClick(page, '#ver-go'))]);
    }
    if (shots) await screenshots(page, root);
    return { engine, rows };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    server.close();
  }
}

export const suite = defineSuite({
  about: 'the web page in chromium: bundle size, load, encrypt, decrypt and verify of the shipped examples, browser-test run time (--screenshots writes docs/web/)',
  flags: { runs: whole(5, 'runs of each action (median)'), screenshots: flag('also write docs/web/*.png (the README\'s pictures)') },
  title: () => 'The web page (`bench/web`)',
  intro: () => `Debian's chromium (${chromiumVersion()}) headless, driven by playwright-core, the page served by \`nonocrypt web\`'s server in this process; needs \`npm run build\` (dist/web).`,
  parts: (o) => {
    const files = ['index.html', 'style.css', 'main.js', 'worker.js', 'minisat.wasm', 'core.wasm'];
    const size = (f: string) => { const b = readFileSync(join(webRoot(), f)); return { raw: b.length, gz: gzipSync(b, { level: 9 }).length }; };
    return [
      part({
        about: 'Bundle (dist/web, built by `npm run build` with esbuild, minified; gzip -9 for what a compressing server would send):',
        inputs: [...files, 'total'],
        commands: [here('size', (f: string) => (f === 'total' ? files.map(size).reduce((a, s) => ({ raw: a.raw + s.raw, gz: a.gz + s.gz })) : size(f)))],
        views: (runs) => [view({ rows: runs, columns: [['file', (r) => r.input], ['bytes', (r) => kib(r.value.value.raw)], ['gzip', (r) => kib(r.value.value.gz)]] })],
      }),
      part({
        inputs: ['page'],
        commands: [here('page', () => pageTimes(o.runs, o.screenshots))],
        views: (runs) => [view({
          about: `In the page, engine ${runs[0]?.value.value.engine}; median of ${o.runs} runs, timed by the page from the click to the result shown (wall seconds; the worker runs one block at a time):`,
          rows: runs[0]?.value.value.rows ?? [],
          columns: [['what', (r) => r[0]], ['blocks', (r) => r[1]], ['seconds', (r) => r[2].toFixed(3)]],
        })],
      }),
      part({
        inputs: ['test/browser.test.ts'],
        commands: [here('tests', (f: string) => spawnSync('npx', ['vitest', 'run', f], { cwd: packageRoot(), encoding: 'utf8' }))],
        views: (runs) => runs.map((r) => prose(`The browser tests (\`npx vitest run ${r.input}\`: the server and chromium) took ${r.value.wall.toFixed(1)} s wall, ${/Tests\s+\S*?(\d+) passed/.exec(r.value.value.stdout.replace(/\x1b\[[0-9;]*m/g, ''))?.[1] ?? '?'} passed.`)),
        problems: (runs) => runs.filter((r) => r.value.value.status !== 0).map((r) => `the browser tests failed:\n${r.value.value.stdout.slice(-2000)}`),
      }),
    ];
  },
});

function chromiumVersion(): string {
  const r = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' });
  return (r.stdout.match(/Chromium [\d.]+/) ?? ['chromium'])[0];
}

/**
 * The pictures of the page (README, docs/how-to/puzzle-authors.md): encrypt, verify with an
 * ambiguous block, step mode.
 */
async function screenshots(page: Page, root: string): Promise<void> {
  const dir = join(root, 'docs', 'web');
  mkdirSync(dir, { recursive: true });
  const shot = async (name: string) => {
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
    progress(`wrote docs/web/${name}.png (${kib(statSync(join(dir, `${name}.png`)).size)})`);
  };
  await page.goto(page.url().split('#')[0]!);
  await page.waitForFunction(ENGINE_READY);
  await page.click('#tabs button[data-tab="encrypt"]');
  await page.click('#enc-go');
  await idle(page);
  await shot('encrypt');

  await page.click('#tabs button[data-tab="decrypt"]');
  const scatter = readFileSync(join(root, 'examples', 'scatter.pic'), 'utf8');
  // The two blocks of a 10 x 10 ciphertext: examples/scatter.pic with its given cells (unique)
  // and without (ambiguous), from the CLI.
  const annotated = spawnSync(process.execPath, [join(root, 'dist', 'nonocrypt.mjs'), 'annotate', '--to', 'cipher', '-q', '-'], { input: scatter, encoding: 'utf8' }).stdout;
  const lines = annotated.trim().split('\n');
  const cipher = [lines[0], lines[1], lines[2], lines[1], 'X'].join('\n') + '\n';
  await page.fill('#dec-text', cipher);
  await page.click('#ver-go');
  await idle(page);
  await shot('verify');

  await page.click('#tabs button[data-tab="puzzle"]');
  await page.fill('#pz-text', readFileSync(join(root, 'examples', 'heart.pic'), 'utf8'));
  await page.click('#pz-step');
  await idle(page);
  await page.click('#step-one');
  await idle(page);
  await page.click('#step-one');
  await idle(page);
  await page.click('#step-log li.line >> nth=2');
  await shot('step');
}
