/**
 * The web page: its bundle sizes, and how long the page takes (in Debian's chromium, driven by
 * playwright-core, served by `nonocrypt web`'s server in this process) to load its engine, to
 * encrypt examples/message.txt, and to decrypt and verify the shipped ciphertext examples; also
 * the run time of the browser tests. Times are measured inside the page, from the click to the
 * result shown (the page's own clock, `document.body.dataset.lastMs`), median of `--runs`.
 *
 *   npm run bench -- web [--runs 5] [--write] [--screenshots]
 *
 * `--screenshots` also writes docs/web/*.png (the README's pictures of the main views).
 * Needs a build (`npm run build`: dist/web) and /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { listen, webRoot, webServer } from '../src/cli/webServer.js';
import { codeVersion, commandLine, load, machine, markdownTable, median, packageRoot, parseArgs, progress, writeSection } from './common.js';

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

export async function main(args: string[]): Promise<void> {
  const opts = parseArgs(args, { runs: 'value', write: 'flag', screenshots: 'flag' });
  const runs = Number(opts.get('runs') ?? 5);
  const root = packageRoot();
  const web = webRoot();

  const files = ['index.html', 'style.css', 'main.js', 'worker.js', 'minisat.wasm'];
  const sizes = files.map((f) => {
    const bytes = readFileSync(join(web, f));
    return { f, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
  });
  const total = { raw: sizes.reduce((a, s) => a + s.raw, 0), gz: sizes.reduce((a, s) => a + s.gz, 0) };

  const server = webServer(web);
  const url = await listen(server, 0);
  const profile = mkdtempSync(join(tmpdir(), 'nonocrypt-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 } });
  const rows: (string | number)[][] = [];
  let engine = '';
  try {
    const page = await context.newPage();
    const loads: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = Date.now();
      await page.goto(url);
      await page.waitForFunction(ENGINE_READY);
      loads.push(Date.now() - t0);
    }
    engine = (await page.textContent('#engine')) ?? '';
    rows.push(['load the page and its engine', '-', (median(loads) / 1000).toFixed(3)]);

    const message = readFileSync(join(root, 'examples', 'message.txt'), 'utf8').replace(/\r?\n$/, '');
    const encrypts: number[] = [];
    await page.click('#tabs button[data-tab="encrypt"]');
    await page.fill('#enc-text', message);
    await page.fill('#enc-size', '8');
    for (let i = 0; i < runs; i++) encrypts.push(await timedClick(page, '#enc-go'));
    const messageCipher = await page.inputValue('#enc-out');
    const blocksOf = (c: string) => (c.trim().split('\n').length - 1) / 2;
    rows.push([`encrypt examples/message.txt (${message.length} characters, n = 8, classic, unique)`, blocksOf(messageCipher), (median(encrypts) / 1000).toFixed(3)]);

    const ciphertexts: [string, string][] = [
      ['examples/to-be.txt', readFileSync(join(root, 'examples', 'to-be.txt'), 'utf8')],
      ['examples/to-be-block2.nc', readFileSync(join(root, 'examples', 'to-be-block2.nc'), 'utf8')],
      ['examples/message.txt encrypted above', messageCipher],
    ];
    await page.click('#tabs button[data-tab="decrypt"]');
    for (const [name, text] of ciphertexts) {
      await page.fill('#dec-text', text);
      const dec: number[] = [];
      const ver: number[] = [];
      for (let i = 0; i < runs; i++) {
        dec.push(await timedClick(page, '#dec-go'));
        ver.push(await timedClick(page, '#ver-go'));
      }
      rows.push([`decrypt ${name}`, blocksOf(text), (median(dec) / 1000).toFixed(3)]);
      rows.push([`verify ${name} (every block drawn)`, blocksOf(text), (median(ver) / 1000).toFixed(3)]);
    }

    if (opts.has('screenshots')) await screenshots(page, root);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    server.close();
  }

  progress('running the browser tests (npx vitest run test/browser.test.ts) ...');
  const t0 = performance.now();
  const tests = spawnSync('npx', ['vitest', 'run', 'test/browser.test.ts'], { cwd: root, encoding: 'utf8' });
  const testSecs = (performance.now() - t0) / 1000;
  const passed = /Tests\s+\S*?(\d+) passed/.exec(tests.stdout.replace(/\x1b\[[0-9;]*m/g, ''))?.[1] ?? '?';

  const body = [
    '## The web page (`bench/web`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; load ${load()}; ${codeVersion()}; Debian's chromium (${chromiumVersion()}) headless, driven by playwright-core; command: \`${commandLine('web', args)}\`.`,
    '',
    `Bundle (dist/web, built by \`npm run build\` with esbuild, minified; gzip -9 for what a compressing server would send):`,
    '',
    markdownTable(['file', 'bytes', 'gzip'], [...sizes.map((s) => [s.f, kib(s.raw), kib(s.gz)]), ['total', kib(total.raw), kib(total.gz)]]),
    '',
    `In the page, engine ${engine}; median of ${runs} runs, timed by the page from the click to the result shown (wall seconds; the worker runs one block at a time):`,
    '',
    markdownTable(['what', 'blocks', 'seconds'], rows),
    '',
    `The browser tests (\`npx vitest run test/browser.test.ts\`: start the server and chromium, five tests) took ${testSecs.toFixed(1)} s wall, ${passed} passed.`,
  ].join('\n');
  process.stdout.write(body + '\n');
  if (opts.has('write')) progress(`wrote ${writeSection('web', body)}`);
  if (tests.status !== 0) throw new Error(`the browser tests failed:\n${tests.stdout.slice(-2000)}`);
}

function chromiumVersion(): string {
  const r = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' });
  return (r.stdout.match(/Chromium [\d.]+/) ?? ['chromium'])[0];
}

/** The README's pictures of the page: encrypt, verify with an ambiguous block, step mode. */
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
  const annotated = spawnSync(process.execPath, [join(root, 'dist', 'src', 'cli', 'main.js'), 'annotate', '--format-out', 'cipher', '-q', '-'], { input: scatter, encoding: 'utf8' }).stdout;
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
