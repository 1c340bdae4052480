// `nonocrypt render`, `solve --show`, `verify --show` and `nonocrypt web` as processes.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCiphertext } from '../src/formats/ciphertext.js';
import { parsePicture } from '../src/formats/picture.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { solve } from '../src/puzzle/solve.js';
import { renderSvg } from '../src/render/renderSvg.js';
import { renderText } from '../src/render/renderText.js';
import { sheetLayout } from '../src/render/sheetLayout.js';
import { sheetOf } from '../src/render/sheetsOf.js';
import { LineStepper } from '../src/line/LineStepper.js';
import { Propagator } from '../src/line/Propagator.js';
import { CLI_NODE_FLAGS } from '../src/cli/nodeFlags.js';
import { CLI, ROOT, assertBuilt, childEnv, expectUsageError, nonocrypt, tempDir } from './helpers/cli.js';
import { expectGolden } from './helpers/golden.js';
import { stalledGrid } from './helpers/puzzles.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { randomCells, rng } from './helpers/bruteForce.js';

const examples = (name: string) => join(ROOT, 'examples', name);
const ESC = '\x1b';
let tmp: { dir: string; cleanup: () => void };

beforeAll(() => {
  assertBuilt();
  tmp = tempDir();
});
afterAll(() => tmp?.cleanup());

describe('render', () => {
  test('a puzzle file, unsolved, as text: the clues around an empty board, no colour off a terminal', () => {
    const r = nonocrypt(['render', examples('scatter.pic')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain(ESC);
    const picture = parsePicture(readFileSync(examples('scatter.pic'), 'utf8'));
    expect(r.stdout).toBe(renderText({ puzzle: puzzleOf(picture) }, { style: 'blocks', clues: true }));
    expectGolden('render/cli-scatter.txt', r.stdout);
  });

  test('--solution of an ambiguous puzzle: both pictures, differences marked, exit 1 (as verify)', async () => {
    const r = nonocrypt(['render', '--solution', '--format', 'svg', examples('scatter.pic')]);
    expect(r.code).toBe(1);
    const picture = parsePicture(readFileSync(examples('scatter.pic'), 'utf8'));
    const result = await solve(puzzleOf(picture));
    expect(r.stdout).toBe(renderSvg(sheetOf(puzzleOf(picture), [], result, '')));
    expect(r.stdout).toContain('class="differ"');
    expectGolden('render/cli-scatter-solution.svg', r.stdout);
  });

  test('a ciphertext: every block as text, or one block (--block) as SVG, given cells marked', () => {
    const all = nonocrypt(['render', '--solution', '--style', 'ascii', examples('to-be.txt')]);
    expect(all.code).toBe(0);
    expect(all.stdout.match(/^block \d: unique \(line-solvable\)$/gm)).toHaveLength(3);
    expectGolden('render/cli-to-be-solution.txt', all.stdout);
    const one = nonocrypt(['render', '--block', '2', '--format', 'svg', examples('to-be.txt')]);
    expect(one.code).toBe(0);
    const block2 = parseCiphertext(readFileSync(examples('to-be.txt'), 'utf8')).blocks[1]!;
    expect(one.stdout).toBe(renderSvg(sheetOf(block2.puzzle, block2.annotation, undefined, 'block 2')));
    expect(one.stdout).toContain('class="given"');
    expectGolden('render/cli-to-be-block2.svg', one.stdout);
  });

  test('html: one printable page, a section per block, written whole with -o', () => {
    const out = join(tmp.dir, 'to-be.html');
    const r = nonocrypt(['render', '--solution', '-o', out, examples('to-be.txt')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const html = readFileSync(out, 'utf8');
    expect(html.match(/<section id="sheet-\d+">/g)).toHaveLength(3);
    expect(html).toContain('block 3: unique (line-solvable)');
    expect(html).not.toContain('<script');
    const c = parseCiphertext(readFileSync(examples('to-be.txt'), 'utf8'));
    expect(html).toContain(renderSvg(sheetOf(c.blocks[2]!.puzzle, c.blocks[2]!.annotation, undefined)).split('\n')[0]!);
  });

  test('png (format from -o): decodes to the layout size, black where the picture is black', async () => {
    const out = join(tmp.dir, 'heart.png');
    const r = nonocrypt(['render', '--solution', '--scale', '1', '-o', out, examples('heart.pic')]);
    expect(r.code, r.stderr).toBe(0);
    const png = PNG.sync.read(readFileSync(out));
    const picture = parsePicture(readFileSync(examples('heart.pic'), 'utf8'));
    const sheet = sheetOf(puzzleOf(picture), [], await solve(puzzleOf(picture)), '');
    const layout = sheetLayout(sheet);
    expect([png.width, png.height]).toEqual([Math.round(layout.width), Math.round(layout.height)]);
    const at = (x: number, y: number) => png.data[(Math.round(y) * png.width + Math.round(x)) * 4]!;
    const p = layout.panels[0]!;
    for (let i = 0; i < picture.cells.length; i++) {
      const cx = p.x + ((i % picture.width) + 0.5) * layout.cell;
      const cy = p.y + (Math.floor(i / picture.width) + 0.5) * layout.cell;
      expect(at(cx, cy) < 128 ? 1 : 0).toBe(picture.cells[i]);
    }
  });

  test('usage errors: SVG of many blocks, a block past the end, --style off text, PNG to a terminal-less pipe is fine', () => {
    expectUsageError(nonocrypt(['render', '--format', 'svg', examples('to-be.txt')]), '--block N');
    expectUsageError(nonocrypt(['render', '--block', '4', examples('to-be.txt')]), 'block 4 does not exist');
    expectUsageError(nonocrypt(['render', '--format', 'svg', '--style', 'ascii', examples('heart.pic')]), '--style');
    expectUsageError(nonocrypt(['render', '--format', 'gif', examples('heart.pic')]));
    expectUsageError(nonocrypt(['render', '--block', '2', examples('heart.pic')]), 'one block');
    const piped = nonocrypt(['render', '--format', 'png', examples('heart.pic')]);
    expect(piped.code).toBe(0);
    expect(piped.stdout.startsWith('\uFFFDPNG')).toBe(true);
  });

  test('an output never overwrites the input', () => {
    expectUsageError(nonocrypt(['render', '--to', 'text', '-o', examples('heart.pic'), examples('heart.pic')]), 'refusing to overwrite');
  });
});

describe('--show on solve and verify', () => {
  test('solve --show draws the sheet instead of bare rows; with --json it is a usage error', async () => {
    const r = nonocrypt(['solve', '--show', examples('heart.pic')]);
    expect(r.code).toBe(0);
    const picture = parsePicture(readFileSync(examples('heart.pic'), 'utf8'));
    const sheet = sheetOf(puzzleOf(picture), [], await solve(puzzleOf(picture)));
    expect(r.stdout).toBe(`unique (line-solvable)\n\n${renderText(sheet, { style: 'blocks', clues: true })}`);
    expectUsageError(nonocrypt(['solve', '--show', '--json', examples('heart.pic')]), '--show');
  });

  test('verify --show draws each block under its verdict line', () => {
    const r = nonocrypt(['verify', '--show', examples('to-be.txt')]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('block 1: unique (line-solvable)');
    expect(r.stdout).toContain('@'); // block 2's given cell
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('3 blocks: 3 unique, 0 multiple, 0 none');
    expectUsageError(nonocrypt(['verify', '--show', '--json', examples('to-be.txt')]), '--show');
  });
});

describe('web', () => {
  test('serves the built page on 127.0.0.1 with a CSP, nothing outside it, and stops on Ctrl-C with exit 0', async () => {
    const child = spawn(process.execPath, [...CLI_NODE_FLAGS, CLI, 'web', '--port', '0'], { env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = out.match(/^(http:\/\/127\.0\.0\.1:\d+\/)\n/);
        if (m) resolve(m[1]!);
      });
      child.once('exit', () => reject(new Error('exited early')));
    });
    const get = (path: string, method = 'GET') =>
      new Promise<{ status: number; type: string; csp: string; body: string }>((resolve, reject) => {
        const u = new URL(url);
        const req = request({ host: u.hostname, port: u.port, path, method }, (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), csp: String(res.headers['content-security-policy']), body }));
        });
        req.on('error', reject);
        req.end();
      });
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.type).toContain('text/html');
    expect(index.csp).toContain("default-src 'self'");
    expect(index.body).toContain('worker');
    expect((await get('/worker.js')).type).toContain('text/javascript');
    expect((await get('/../package.json')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/package.json')).status).toBe(404);
    expect((await get('/', 'POST')).status).toBe(405);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});

describe('LineStepper', () => {
  test('passes end where propagation ends, on random pictures (solved, stalled or contradiction alike)', () => {
    const rand = rng(7);
    for (let k = 0; k < 200; k++) {
      const w = 2 + Math.floor(rand() * 9);
      const h = 2 + Math.floor(rand() * 9);
      const puzzle = puzzleOf(makeGrid(w, h, randomCells(w, h, 0.3 + 0.5 * rand(), rand)));
      const stepper = new LineStepper(puzzle);
      let last;
      for (let i = 0; i < 1000; i++) {
        last = stepper.pass();
        if (last.status !== 'progress') break;
      }
      const p = new Propagator(puzzle);
      const domains = p.unknownDomains();
      const status = p.run(domains);
      expect(last!.status).toBe(status);
      // Propagation is monotone and the line solver exact: any order of lines ends on the same
      // fixpoint (a contradiction's partial state depends on the order, so it is not compared).
      if (status !== 'contradiction') expect([...stepper.domains]).toEqual([...domains]);
    }
  });

  test('each change names its line and only cells of that line, in the order lines ran', () => {
    const g = stalledGrid(12, 12, 0.6);
    const stepper = new LineStepper(puzzleOf(g));
    const r = stepper.pass();
    let previous = -1;
    for (const ch of r.changes) {
      expect(ch.line).toBeGreaterThan(previous);
      previous = ch.line;
      for (const c of ch.cells) {
        if (ch.kind === 'row') expect(Math.floor(c / 12)).toBe(ch.index);
        else expect(c % 12).toBe(ch.index);
      }
    }
  });
});

describe('render colour (in-process runs with a terminal or not)', () => {
  async function run(args: string[], tty: boolean, env: Record<string, string> = {}) {
    const { runCli } = await import('../src/cli/runCli.js');
    const { Readable } = await import('node:stream');
    let out = '';
    const io = {
      stdin: Object.assign(Readable.from([]), { isTTY: false }),
      stdout: { write: (d: string | Uint8Array) => (out += typeof d === 'string' ? d : Buffer.from(d).toString()), isTTY: tty },
      stderr: { write: () => true, isTTY: false },
      env,
    };
    const code = await runCli(args, io);
    return { code, out };
  }

  test('colour only on a terminal and only without NO_COLOR; never in a file', async () => {
    const file = examples('scatter.pic');
    const tty = await run(['render', '--solution', file], true);
    expect(tty.code).toBe(1);
    expect(tty.out).toContain(`${ESC}[`);
    expect((await run(['render', '--solution', file], true, { NO_COLOR: '1' })).out).not.toContain(ESC);
    expect((await run(['render', '--solution', file], false)).out).not.toContain(ESC);
    const half = await run(['render', '--solution', '--style', 'half', file], true);
    expect(half.out).toContain(`${ESC}[`);
    const out = join(tmp.dir, 'colour.txt');
    await run(['render', '--solution', '-o', out, file], true);
    expect(readFileSync(out, 'utf8')).not.toContain(ESC);
    expect((await run(['solve', '--show', file], true)).out).toContain(`${ESC}[`);
  });
});
