// The web page in a real browser: Debian's chromium (/usr/bin/chromium, installed by .ci/run)
// driven by playwright-core, against the built page (dist/web, built by `npm test`) served by
// `nonocrypt web` on 127.0.0.1. Skipped, saying so, only when chromium is not installed.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { encrypt } from '../src/cipher/encrypt.js';
import { builtinTable } from '../src/cipher/Table.js';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { gridRows } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { formatPicture, parsePicture } from '../src/formats/picture.js';
import { formatPuzzle } from '../src/formats/puzzleText.js';
import { solve } from '../src/puzzle/solve.js';
import { checkCertificates } from '../src/certificate/check/checkCertificate.js';
import { readClues } from '../src/certificate/check/readClues.js';
import { CLI, ONE_PLURAL, ROOT, autoSizeCounts } from './helpers/cli.js';
import { CodeMaker } from '../src/games/play/CodeMaker.js';
import { Rules } from '../src/games/model/Rules.js';
import { stalledGrid } from './helpers/puzzles.js';
import { startWebServer } from './helpers/webPage.js';

export const CHROMIUM = '/usr/bin/chromium';
/** The flags that work here (closed network: no background connections, no updates, no sync). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`test/browser.test.ts: skipped, ${CHROMIUM} is not installed (apt-get install -y chromium; .ci/run does)`);

const example = (name: string) => readFileSync(join(ROOT, 'examples', name), 'utf8');

describe.skipIf(!hasChromium)('the web page in chromium', () => {
  let server: ChildProcess;
  let url: string;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  const requested: string[] = [];

  beforeAll(async () => {
    ({ server, url } = await startWebServer());
    profile = mkdtempSync(join(tmpdir(), 'nonocrypt-chromium-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    page.on('request', (r) => {
      requested.push(r.url());
      if (!r.url().startsWith(url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) problems.push(`request off the page's origin: ${r.url()}`);
    });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => !document.querySelector('#engine')!.textContent!.includes('loading'));
  });

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    if (server && server.exitCode === null) {
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      server.kill('SIGINT');
      expect(await exited).toBe(0); // Ctrl-C stops the server cleanly
    }
  });

  const idle = () => page.waitForSelector('#busy', { state: 'hidden', timeout: 120_000 });
  const tab = (name: string) => page.click(`#tabs button[data-tab="${name}"]`);
  /** The page's red error line ('' when hidden). */
  const pageError = async () => ((await page.isVisible('#error')) ? await page.textContent('#error') : '');
  /** Solve, on the Puzzle tab, a text in no puzzle format (which the page reports in its red error line). */
  const solveGarbage = async () => {
    await tab('puzzle');
    await page.selectOption('#pz-format', 'auto');
    await page.fill('#pz-text', 'garbage\n');
    await page.click('#pz-solve');
    await idle();
  };

  test('loads with no console error, no failed request, nothing fetched from elsewhere', async () => {
    expect(await page.title()).toContain('nonocrypt');
    // The SAT engine is our WebAssembly MiniSat, compiled from the page's own copy of the file.
    expect(await page.textContent('#engine')).toMatch(/WebAssembly/);
    expect(requested).toContain(`${url}minisat.wasm`);
    expect(problems).toEqual([]);
  });

  test('encrypt then decrypt round-trips a message through the page', async () => {
    const message = 'SEEING PUZZLES, IN A BROWSER.';
    await tab('encrypt');
    await page.fill('#enc-text', message);
    await page.fill('#enc-size', '5');
    await page.selectOption('#enc-receiver', 'logic');
    await page.click('#enc-go');
    await idle();
    const ciphertext = await page.inputValue('#enc-out');
    expect(ciphertext.split('\n')[0]).toBe('5');
    const blocks = (ciphertext.trim().split('\n').length - 1) / 2;
    expect(await page.locator('#enc-blocks .sheet').count()).toBe(blocks);
    await page.click('#enc-to-decrypt');
    expect(await page.inputValue('#dec-text')).toBe(ciphertext);
    await page.click('#dec-go');
    await idle();
    expect(await page.textContent('#dec-out')).toBe(message);
    expect(await page.isVisible('#error')).toBe(false);
    expect(problems).toEqual([]);
  });

  test('decrypt with table auto finds the frequency table', async () => {
    const message = 'FOUND BY ITSELF.';
    const { ciphertext } = await encrypt(message, { size: 6, table: builtinTable('frequency') });
    await tab('decrypt');
    await page.selectOption('#dec-table', 'auto');
    await page.fill('#dec-text', formatCiphertext(ciphertext));
    await page.click('#dec-go');
    await idle();
    expect(await page.textContent('#dec-out')).toBe(message);
    expect(await page.isVisible('#error')).toBe(false);
    expect(problems).toEqual([]);
  });

  test('verify draws every block with its verdict; an ambiguous block shows its two pictures', async () => {
    const scatter = parsePicture(example('scatter.pic'));
    const heart = parsePicture(example('heart.pic'));
    // Two blocks of 10 x 10: the heart padded to the board (unique), then scatter (multiple).
    const padded = parsePicture(
      formatPicture(heart)
        .trimEnd()
        .split('\n')
        .map((r) => r.padEnd(10, '.'))
        .concat(['..........', '..........'])
        .join('\n'),
    );
    const text = formatCiphertext({ width: 10, height: 10, blocks: [{ puzzle: puzzleOf(padded), annotation: [] }, { puzzle: puzzleOf(scatter), annotation: [] }] });
    await tab('decrypt');
    await page.fill('#dec-text', text);
    await page.click('#ver-go');
    await idle();
    const sheets = page.locator('#ver-blocks .sheet');
    expect(await sheets.count()).toBe(2);
    expect(await sheets.nth(0).getAttribute('data-status')).toBe('unique');
    const ambiguous = sheets.nth(1);
    expect(await ambiguous.getAttribute('data-status')).toBe('multiple');
    // Two pictures, each with its black cells, and the cells where they differ outlined.
    expect(await ambiguous.locator('svg g.filled').count()).toBe(2);
    const expected = await solve(puzzleOf(scatter));
    if (expected.status !== 'multiple') throw new Error('scatter.pic is expected to be ambiguous');
    const differing = expected.grids[0].cells.filter((v, i) => v !== expected.grids[1].cells[i]).length;
    expect(await ambiguous.locator('svg g.differ rect').count()).toBe(2 * differing);
    expect(await ambiguous.textContent()).toContain('multiple');
    expect(await page.textContent('#ver-summary')).toMatch(/^2 blocks: 1 unique, 1 multiple, 0 none\./);
    expect(problems).toEqual([]);
  });

  /** Verify the ciphertext on the page, certify its first block, and download the two files (by name). */
  async function certifyFirstBlock(): Promise<{ files: Map<string, Uint8Array[]>; note: string | null }> {
    await page.click('#ver-go');
    await idle();
    const sheet = page.locator('#ver-blocks .sheet').first();
    expect(await sheet.getAttribute('data-status')).toBe('unique');
    await sheet.locator('button.certify').click();
    await idle();
    const links = sheet.locator('.certificate a');
    expect(await links.count()).toBe(2);
    const files = new Map<string, Uint8Array[]>();
    for (const k of [0, 1]) {
      const [download] = await Promise.all([page.waitForEvent('download'), links.nth(k).click()]);
      files.set(download.suggestedFilename(), [readFileSync(await download.path())]);
    }
    const note = (await sheet.locator('.certificate .rename').count()) ? await sheet.locator('.certificate .rename').textContent() : null;
    return { files, note };
  }

  const checkDownloads = async (files: Map<string, Uint8Array[]>) => {
    const clues = readClues(example('needs-search.nc'), 'cipher', 'needs-search.nc');
    return checkCertificates(clues, 'needs-search', { open: (name) => (files.has(name) ? (async function* () { yield* files.get(name)!; })() : undefined) });
  };

  test("a verified block's certificate downloads under the names check-certificate reads, and our checker accepts it (issue 40, item 8)", async () => {
    await tab('decrypt');
    // Loaded from its file: the downloads are named after it, as verify --certify names them.
    await page.setInputFiles('#dec-file', { name: 'needs-search.nc', mimeType: 'text/plain', buffer: Buffer.from(example('needs-search.nc')) });
    const loaded = await certifyFirstBlock();
    expect([...loaded.files.keys()].sort()).toEqual(['needs-search.block-1.cnf', 'needs-search.block-1.lrat']);
    expect(loaded.note).toBeNull();
    expect((await checkDownloads(loaded.files)).blocks[0]).toMatchObject({ status: 'unique' });
    // Pasted (an edit leaves the file behind): no name to give, so the page says what to rename them to.
    await page.fill('#dec-text', example('needs-search.nc'));
    const pasted = await certifyFirstBlock();
    expect([...pasted.files.keys()].sort()).toEqual(['block-1.cnf', 'block-1.lrat']);
    expect(pasted.note).toBe(
      "nonocrypt check-certificate FILE DIR reads them as STEM.block-1.cnf and STEM.block-1.lrat, STEM being FILE's name without its extension (msg for msg.nc): rename them so, or load the ciphertext from its file before Verify.",
    );
    const renamed = new Map([...pasted.files].map(([name, bytes]) => [`needs-search.${name}`, bytes]));
    expect((await checkDownloads(renamed)).blocks[0]).toMatchObject({ status: 'unique' });
    // The shipped example is to-be.txt.
    await page.click('#dec-example');
    expect([...(await certifyFirstBlock()).files.keys()].sort()).toEqual(['to-be.block-1.cnf', 'to-be.block-1.lrat']);
    expect(problems).toEqual([]);
  });

  test('a long title: the sheet is as wide as its picture, and the page does not grow sideways (issue 40, item 16)', async () => {
    await tab('puzzle');
    await page.selectOption('#pz-format', 'auto');
    const heart = parsePicture(example('heart.pic'));
    const plain = formatPuzzle({ puzzle: puzzleOf(heart) }, 'non');
    const titled = (title: string) => formatPuzzle({ puzzle: puzzleOf(heart), title }, 'non');
    const svgWidth = async (text: string) => {
      await page.fill('#pz-text', text);
      await page.click('#pz-solve');
      await idle();
      return Number(await page.locator('#pz-sheet svg').first().getAttribute('width'));
    };
    const bare = await svgWidth(plain);
    // A title of words wraps over the grid: the picture keeps the width it has without a title.
    expect(await svgWidth(titled('The heart that a long title of many words, a whole sentence of them, should not make wider'))).toBe(bare);
    // One word longer than the page widens the picture, which the page then scales to fit.
    await svgWidth(titled(`https://example.org/${'a-very-long-path-segment/'.repeat(12)}heart.non`));
    const fits = () =>
      page.evaluate(() => {
        const sheet = document.querySelector('#pz-sheet .sheet')!.getBoundingClientRect();
        const area = document.querySelector('#pz-sheet')!.getBoundingClientRect();
        return { page: document.documentElement.scrollWidth <= document.documentElement.clientWidth, sheet: sheet.right <= area.right + 0.5 };
      });
    expect(await fits()).toEqual({ page: true, sheet: true });
    // On a phone's width too.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      expect(await fits()).toEqual({ page: true, sheet: true });
    } finally {
      if (size) await page.setViewportSize(size);
    }
    expect(problems).toEqual([]);
  });

  test('step mode reaches the same grid as solve', async () => {
    const heart = example('heart.pic');
    const expected = await solve(puzzleOf(parsePicture(heart)));
    if (expected.status !== 'unique' || !expected.lineSolvable) throw new Error('heart.pic is expected to be line-solvable');
    await tab('puzzle');
    await page.fill('#pz-text', heart);
    await page.click('#pz-solve');
    await idle();
    const solvedRows = await page.getAttribute('#pz-sheet .sheet', 'data-rows');
    expect(solvedRows).toBe(gridRows(expected.grid).join('/'));
    await page.click('#pz-step');
    await idle();
    expect(await page.getAttribute('#step-board', 'data-status')).toBe('start');
    await page.click('#step-one');
    await idle();
    await page.waitForSelector('#step-board[data-pass="1"]');
    expect(await page.locator('#step-log li.line').count()).toBeGreaterThan(0);
    await page.click('#step-end');
    await idle();
    await page.waitForSelector('#step-board[data-status="solved"]', { timeout: 60_000 });
    expect(await page.getAttribute('#step-board', 'data-rows')).toBe(solvedRows);
    expect(problems).toEqual([]);
  });

  test('a time limit per block ends a hard block unknown, saying so, and the other blocks are still decided', async () => {
    // The page's engine stops itself at its deadline, so the field is enabled.
    await tab('decrypt');
    expect(await page.isEnabled('#dec-timeout')).toBe(true);
    const heart = parsePicture(
      formatPicture(parsePicture(example('heart.pic')))
        .trimEnd()
        .split('\n')
        .map((r) => r.padEnd(60, '.'))
        .concat(Array.from({ length: 60 }, () => '.'.repeat(60)))
        .slice(0, 60)
        .join('\n'),
    );
    const hard = stalledGrid(60, 60, 0.5);
    const text = formatCiphertext({ width: 60, height: 60, blocks: [{ puzzle: puzzleOf(hard), annotation: [] }, { puzzle: puzzleOf(heart), annotation: [] }] });
    await page.fill('#dec-text', text);
    await page.fill('#dec-timeout', '0.3');
    await page.click('#ver-go');
    await idle();
    const sheets = page.locator('#ver-blocks .sheet');
    expect(await sheets.count()).toBe(2);
    expect(await sheets.nth(0).getAttribute('data-status')).toBe('unknown');
    expect(await sheets.nth(1).getAttribute('data-status')).toBe('unique');
    expect(await page.textContent('#ver-summary')).toMatch(/^2 blocks: 1 unique, 0 multiple, 0 none, 1 unknown\./);
    await page.fill('#dec-timeout', '');
    expect(problems).toEqual([]);
  });

  test('a message the page cannot encrypt as it is says what to do: the extended-text switch, an empty message, an empty side', async () => {
    await tab('encrypt');
    await page.fill('#enc-size', '6');
    await page.fill('#enc-text', "Don't panic");
    await page.click('#enc-go');
    await idle();
    expect(await pageError()).toBe('unknown character "\'" (U+0027) at position 4; the classic table carries it in extended text: tick “extended text”');
    await page.check('#enc-extended');
    await page.click('#enc-go');
    await idle();
    expect(await pageError()).toBe('');
    await page.click('#enc-to-decrypt');
    await page.click('#dec-go');
    await idle();
    expect(await page.textContent('#dec-out')).toBe("DON'T PANIC");
    await tab('encrypt');
    await page.uncheck('#enc-extended');
    // Nothing to encrypt: an error, and no ciphertext or note claiming blocks proven smallest.
    await page.fill('#enc-text', '');
    await page.click('#enc-go');
    await idle();
    expect(await pageError()).toBe('the message is empty');
    expect(await page.inputValue('#enc-out')).toBe('');
    expect(await page.textContent('#enc-note')).toBe('');
    // An empty board side is no side (it read as 0: "got 0").
    await page.fill('#enc-text', 'HELLO');
    await page.fill('#enc-size', '');
    await page.click('#enc-go');
    expect(await pageError()).toBe('Board side: enter a whole number from 1 to 1000, or tick auto.');
    await page.fill('#enc-size', '6');
    expect(problems).toEqual([]);
  });

  test('errors name the page\'s own controls, never a command-line flag', async () => {
    await solveGarbage();
    expect(await page.textContent('#error')).toBe('the puzzle: cannot tell the puzzle format (non, nin, xml, json, cipher, picture); choose it under Format');
    // A ciphertext decrypted with a table that does not fit: the table that does, as the menu names it.
    const { ciphertext } = await encrypt('NAMED TABLE.', { size: 6, table: builtinTable('frequency') });
    await tab('decrypt');
    await page.selectOption('#dec-table', 'classic');
    await page.fill('#dec-text', formatCiphertext(ciphertext));
    await page.click('#dec-go');
    await idle();
    expect(await page.textContent('#dec-out')).toMatch(
      /^Not decrypted:\nblock 1: unused code [01]{5} at bit position \d+ \(character \d+\) under the classic table; the ciphertext decodes under the built-in frequency table instead: choose frequency \(or auto\) under Table$/,
    );
    expect(await page.textContent('#dec-out')).not.toContain('--');
    await page.selectOption('#dec-table', 'auto');
    expect(problems).toEqual([]);
  });

  test('a long run shows progress and Cancel stops it; the page works on afterwards', async () => {
    // A random 100 x 100 picture at density 0.5 takes every solver far longer than a test
    // (docs/results/web.md); most 50 x 50 ones take the core well under a second now.
    const hard = formatPicture(stalledGrid(100, 100, 0.5));
    await tab('puzzle');
    await page.fill('#pz-text', hard);
    await page.click('#pz-solve');
    await page.waitForSelector('#busy', { state: 'visible' });
    await page.click('#cancel');
    await idle();
    expect(await page.textContent('#error')).toBe('Cancelled.');
    await page.waitForFunction(() => !document.querySelector('#engine')!.textContent!.includes('loading'));
    await page.fill('#pz-text', example('scatter.pic'));
    await page.click('#pz-solve');
    await idle();
    expect(await page.getAttribute('#pz-sheet .sheet', 'data-status')).toBe('multiple');
    expect(problems).toEqual([]);
  });
  test('Mastermind with lies: candidates, the next guess, a played game; a bad code is said', async () => {
    await tab('mm');
    // Before a game: no empty box under "Play", nothing to type a guess into (issue 35, item 12).
    expect(await page.isVisible('#mm-log')).toBe(false);
    expect(await page.isVisible('#mm-out')).toBe(false);
    expect(await page.isEnabled('#mm-guess')).toBe(false);
    await page.fill('#mm-history', '1122=1A0B,3345=0A2B');
    await page.fill('#mm-lies', '1');
    await page.click('#mm-candidates');
    await idle();
    expect(await page.textContent('#mm-out')).toMatch(/^C0: 54 codes fit every answer: 1434 1436 .*\nC1: 370 codes contradict exactly 1 answer: /);
    await page.click('#mm-next');
    await idle();
    expect(await page.textContent('#mm-out')).toMatch(/^next guess: [1-6]{4}/);
    await page.fill('#mm-seed', '42');
    await page.click('#mm-start');
    await idle();
    await page.fill('#mm-guess', '1122');
    await page.click('#mm-play');
    await idle();
    expect(await page.textContent('#mm-log')).toMatch(/Seed 42\.\nYour guess \(\? for a hint\):\n1\. 1122 -> \dA\dB\n$/);
    await page.fill('#mm-history', '1172=1A0B');
    await page.click('#mm-candidates');
    await idle();
    expect(await page.textContent('#error')).toContain("history turn 1: '1172' is not a code");
    expect(problems).toEqual([]);
  });

  test('Mastermind: the game as the CLI plays it: ? for a hint, Enter to guess, its log in History, no guess after the win (issue 35, item 12)', async () => {
    await tab('mm');
    await page.selectOption('#mm-game', 'mastermind');
    await page.fill('#mm-pegs', '4');
    await page.fill('#mm-symbols', '6');
    await page.fill('#mm-lies', '1');
    await page.selectOption('#mm-end', 'truthful');
    await page.fill('#mm-seed', '42');
    await page.click('#mm-start');
    await idle();
    expect(await page.inputValue('#mm-history')).toBe('');
    expect(await page.isEnabled('#mm-guess')).toBe(true);
    await page.fill('#mm-guess', '?');
    await page.press('#mm-guess', 'Enter');
    await idle();
    expect(await page.textContent('#mm-log')).toMatch(/\nhint: [1-6]{4} \(now 1,296 codes in C0, 0 in C1\)\n$/);
    await page.fill('#mm-guess', '1122');
    await page.press('#mm-guess', 'Enter');
    await idle();
    const first = /\n1\. 1122 -> (\dA\dB)\n$/.exec((await page.textContent('#mm-log'))!);
    expect(first).not.toBeNull();
    expect(await page.inputValue('#mm-history')).toBe(`1122=${first![1]}`);
    // The secret of seed 42, as the library's code-maker draws it; a right guess wins (truthful end).
    const rules = new Rules({ kind: 'mastermind', pegs: 4, symbols: 6, lies: 1, end: 'truthful' });
    const secret = rules.game.format(new CodeMaker(rules, 42).secret);
    await page.fill('#mm-guess', secret);
    await page.click('#mm-play');
    await idle();
    expect(await page.textContent('#mm-log')).toMatch(new RegExp(`\\n2\\. ${secret} -> 4A0B\\nSolved in 2 guesses\\. The code-maker lied [01] times?\\.\\n$`));
    expect(await page.inputValue('#mm-history')).toBe(`1122=${first![1]},${secret}=4A0B`);
    expect(await page.isEnabled('#mm-guess')).toBe(false);
    expect(await page.isEnabled('#mm-play')).toBe(false);
    // The History is the game: Candidates reads it.
    await page.click('#mm-candidates');
    await idle();
    expect(await page.textContent('#mm-out')).toMatch(/^C0: /);
    // A new game takes guesses again, with an empty log.
    await page.click('#mm-start');
    await idle();
    expect(await page.isEnabled('#mm-guess')).toBe(true);
    expect(await page.textContent('#mm-log')).toMatch(/^Mastermind.*Seed 42\.\nYour guess \(\? for a hint\):\n$/s);
    expect(problems).toEqual([]);
  });

  test("Mastermind: Next guess says what the CLI says; one code left is said, not an empty table; an error clears the last answer (issue 35, items 11, 12)", async () => {
    await tab('mm');
    await page.fill('#mm-lies', '1');
    await page.fill('#mm-history', '1122=1A0B,3345=0A2B');
    await page.click('#mm-next');
    await idle();
    const next = (await page.textContent('#mm-out'))!;
    expect(next).toMatch(/^next guess: [1-6]{4}( \(it may be the code\))?; now 54 codes in C0, 370 in C1; at least \d+ more guesses by volume\nanswer +C0 +C1\n +\dA\dB +\d+ +\d+\n/);
    await page.fill('#mm-lies', '0');
    await page.fill('#mm-history', '1122=0A0B,3344=0A0B,5556=3A0B,5566=2A0B');
    await page.click('#mm-next');
    await idle();
    expect(await page.textContent('#mm-out')).toBe('next guess: 5555 (it may be the code); now 1 code in C0; at least 1 more guess by volume\n5555 is the only code left: guessing it ends the game.\n');
    await page.fill('#mm-history', '1172=1A0B');
    await page.click('#mm-next');
    await idle();
    expect(await page.textContent('#error')).toContain("history turn 1: '1172' is not a code");
    expect(await page.isVisible('#mm-out')).toBe(false);
    await page.fill('#mm-lies', '1');
    await page.fill('#mm-history', '1122=1A0B,3345=0A2B');
    expect(problems).toEqual([]);
  });

  test('decrypt and verify show the results of the text on screen only (issue 35, items 11, 14)', async () => {
    await tab('decrypt');
    // A one-block ambiguous ciphertext: "Not decrypted", "Checked 1 block".
    const scatter = parsePicture(example('scatter.pic'));
    await page.fill('#dec-text', formatCiphertext({ width: 10, height: 10, blocks: [{ puzzle: puzzleOf(scatter), annotation: [] }] }));
    await page.selectOption('#dec-table', 'auto');
    await page.click('#dec-go');
    await idle();
    expect(await page.isVisible('#dec-out')).toBe(true);
    expect(await page.textContent('#dec-out')).toMatch(/^Not decrypted:/);
    expect(await page.textContent('#dec-summary')).toMatch(/^Checked 1 block in /);
    // Another text: the shipped example, verified. The red box of the old text is gone.
    await page.click('#dec-example');
    expect(await page.isVisible('#dec-out')).toBe(false);
    expect(await page.textContent('#dec-summary')).toBe('');
    expect(await page.textContent('#ver-summary')).toBe('');
    await page.click('#ver-go');
    await idle();
    expect(await page.isVisible('#dec-out')).toBe(false);
    expect(await page.textContent('#ver-summary')).toMatch(/^3 blocks: 3 unique, 0 multiple, 0 none\./);
    expect(await page.locator('#ver-blocks .sheet').count()).toBe(3);
    // Decrypting the same text keeps its verdicts beside it (issue 66, item 6); editing the text clears both.
    await page.click('#dec-go');
    await idle();
    expect(await page.locator('#ver-blocks .sheet').count()).toBe(3);
    expect(await page.textContent('#dec-out')).toBe('TO BE, OR NOT TO BE.');
    expect(await page.textContent('#dec-summary')).toMatch(/^Decrypted 3 blocks in /);
    await page.type('#dec-text', ' ');
    expect(await page.isVisible('#dec-out')).toBe(false);
    expect(await page.locator('#ver-blocks .sheet').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test('a ciphertext of several blocks under Solve says where the page checks every block (issue 35, item 10)', async () => {
    await tab('puzzle');
    await page.selectOption('#pz-format', 'auto');
    await page.fill('#pz-text', example('to-be.txt'));
    await page.click('#pz-solve');
    await idle();
    expect(await page.textContent('#error')).toBe('the puzzle: a ciphertext is a puzzle when it has one block; this one has 3 blocks: “Decrypt & verify” checks every block of a ciphertext');
    await page.click('#pz-annotate');
    await idle();
    expect(await page.textContent('#error')).not.toMatch(/verify\)|--/);
    expect(problems).toEqual([]);
  });

  test('size auto on the page: the counts of its sentence add up; one of a thing in the singular (issue 35, items 13, 14)', async () => {
    await tab('encrypt');
    await page.fill('#enc-text', example('message.txt').replace(/\n$/, ''));
    await page.check('#enc-auto');
    await page.selectOption('#enc-table', 'auto');
    await page.selectOption('#enc-receiver', 'unique');
    await page.uncheck('#enc-extended');
    await page.click('#enc-go');
    await idle();
    const note = (await page.textContent('#enc-note'))!;
    const { total, counts } = autoSizeCounts(note);
    expect(total, note).toBe(70);
    expect(counts.reduce((a, b) => a + b, 0), note).toBe(total);
    expect(note).toMatch(/: 1 block, \d+ cells given, \d+ characters; every annotation proven smallest\. Done in /);
    expect(note).not.toMatch(ONE_PLURAL);
    // Every sentence starts with a capital (it read "... 76 boards. frequency table": issue 66, item 7).
    expect(note).not.toMatch(/\. [a-z]/);
    await page.uncheck('#enc-auto');
    await page.selectOption('#enc-table', 'classic');
    // Step mode on a one-cell puzzle: one open cell, one pass, one line.
    await tab('puzzle');
    await page.fill('#pz-text', '#\n');
    await page.selectOption('#pz-format', 'picture');
    await page.click('#pz-step');
    await idle();
    expect(await page.textContent('#step-status')).toBe('Start: 1 open cell. Press “One pass”.');
    await page.click('#step-end');
    await idle();
    await page.waitForSelector('#step-board[data-status="solved"]');
    const log = (await page.textContent('#step-log'))!;
    expect(log).toContain('Solved by line logic in 1 pass (the last fixed 1 cell)');
    expect(log).not.toMatch(ONE_PLURAL);
    await tab('puzzle');
    await page.selectOption('#pz-format', 'auto');
    expect(problems).toEqual([]);
  });

  // ------------------------------------------------------------ issue 66

  const SMILEY = ['.##..##.', '.##..##.', '........', '#......#', '#......#', '.#....#.', '..####..', '........'];
  test('step mode circles the given cells as the sheets do, and says from where it counts rows (issue 66, items 4 and 7)', async () => {
    const smiley = parsePicture(SMILEY.join('\n'));
    await tab('puzzle');
    await page.fill('#pz-text', formatPuzzle({ puzzle: puzzleOf(smiley), goal: smiley, givens: [24, 31] }, 'non'));
    await page.selectOption('#pz-format', 'auto');
    await page.click('#pz-step');
    await idle();
    await page.waitForSelector('#step-board[data-status="start"]');
    expect(await page.textContent('#step-status')).toBe('Start: 62 open cells. Press “One pass”.');
    expect(await page.textContent('#step-board svg')).toContain('Given black cells are circled.');
    /** For each given cell's ring as the sheet draws it: whether a ring is what the eye sees on its edge (no square over it). */
    const ringsOnTop = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('#step-board svg g.given circle'), (c) => {
          const b = c.getBoundingClientRect();
          return document.elementFromPoint(b.right - 0.5, b.top + b.height / 2)?.tagName === 'circle';
        }),
      );
    expect(await ringsOnTop()).toEqual([true, true]);
    await page.click('#step-end');
    await idle();
    // Line logic alone stalls on it (probing settles it): the given cells stay black and ringed.
    await page.waitForSelector('#step-board[data-status="stalled"]', { timeout: 60_000 });
    expect((await page.getAttribute('#step-board', 'data-rows'))!.split('/')[3]).toMatch(/^#.*#$/);
    expect(await ringsOnTop()).toEqual([true, true]);
    // Rows and columns counted from 1, as the log counts them; a file's `given x,y` from 0.
    expect(await page.textContent('#tab-step p.note')).toContain('Rows and columns are counted from 1, at the top left; a .non file\'s “given x,y” counts from 0 (row 1 is y = 0).');
    expect(await page.locator('#step-log li.line').first().textContent()).toMatch(/^row \d+: \d+ cells?$/);
    expect(problems).toEqual([]);
  });

  test('Verify every block keeps the decrypted text; Decrypt keeps the verdicts (issue 66, item 6)', async () => {
    await tab('decrypt');
    await page.click('#dec-example');
    await page.selectOption('#dec-table', 'auto');
    await page.click('#dec-go');
    await idle();
    expect(await page.textContent('#dec-out')).toBe('TO BE, OR NOT TO BE.');
    await page.click('#ver-go');
    await idle();
    expect(await page.isVisible('#dec-out')).toBe(true);
    expect(await page.textContent('#dec-out')).toBe('TO BE, OR NOT TO BE.');
    expect(await page.textContent('#dec-summary')).toMatch(/^Decrypted 3 blocks in /);
    expect(await page.textContent('#ver-summary')).toMatch(/^3 blocks: 3 unique, 0 multiple, 0 none\./);
    expect(await page.locator('#ver-blocks .sheet').count()).toBe(3);
    expect(problems).toEqual([]);
  });

  test('loading another file (or an example) clears the red error of the last one (issue 66, item 7)', async () => {
    await solveGarbage();
    expect(await pageError()).toMatch(/^the puzzle: cannot tell the puzzle format/);
    await page.setInputFiles('#pz-file', { name: 'scatter.pic', mimeType: 'text/plain', buffer: Buffer.from(example('scatter.pic')) });
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('#pz-text')!.value !== 'garbage\n');
    expect(await pageError()).toBe('');
    await page.fill('#pz-text', 'garbage\n');
    await page.click('#pz-solve');
    await idle();
    await page.click('#pz-example');
    expect(await pageError()).toBe('');
    await tab('decrypt');
    await page.fill('#dec-text', 'garbage');
    await page.click('#ver-go');
    await idle();
    expect(await pageError()).not.toBe('');
    await page.setInputFiles('#dec-file', { name: 'to-be.txt', mimeType: 'text/plain', buffer: Buffer.from(example('to-be.txt')) });
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('#dec-text')!.value !== 'garbage');
    expect(await pageError()).toBe('');
    expect(problems).toEqual([]);
  });

  test('the Mastermind History shows all of a long history (issue 66, item 7)', async () => {
    await tab('mm');
    const long = Array.from({ length: 14 }, (_, k) => `${(k % 6) + 1}${((k + 2) % 6) + 1}${((k + 4) % 6) + 1}${((k + 1) % 6) + 1}=0A1B`).join(',');
    await page.fill('#mm-history', long);
    const fits = await page.evaluate(() => {
      const h = document.querySelector<HTMLElement>('#mm-history')!;
      return { wide: h.scrollWidth <= h.clientWidth, tall: h.scrollHeight <= h.clientHeight + 1 };
    });
    expect(fits).toEqual({ wide: true, tall: true });
    await page.fill('#mm-history', '1122=1A0B,3345=0A2B');
    expect(problems).toEqual([]);
  });
});
