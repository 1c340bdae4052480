// `nonocrypt make` as a user meets it, each case a process: stdout, stderr and the exit code
// together. Images of each kind are made here (pngjs, jpeg-js, SVG text), so the decoders are
// exercised on files no one checked in.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkGrid } from '../src/grid/checkGrid.js';
import { readPuzzle } from '../src/formats/puzzleText.js';
import { makeGrid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { plainPasses } from './helpers/bruteForce.js';
import { STACK_LINE, assertBuilt, expectUsageError, nonocrypt, tempDir } from './helpers/cli.js';

let tmp: { dir: string; cleanup: () => void };
const at = (name: string) => join(tmp.dir, name);

/** An RGBA image of `w` x `h` pixels, black where `black(x, y)`. */
function rgba(w: number, h: number, black: (x: number, y: number) => boolean): Buffer {
  const data = Buffer.alloc(w * h * 4, 255);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (black(x, y)) data.fill(0, (y * w + x) * 4, (y * w + x) * 4 + 3);
  return data;
}
/** A ring. */
const shape = (x: number, y: number) => (x - 7.5) ** 2 + (y - 7.5) ** 2 < 49 && (x - 7.5) ** 2 + (y - 7.5) ** 2 > 12;

beforeAll(() => {
  assertBuilt();
  tmp = tempDir('nonocrypt-make-');
  const png = new PNG({ width: 16, height: 16 });
  rgba(16, 16, shape).copy(png.data);
  writeFileSync(at('ring.png'), PNG.sync.write(png));
  writeFileSync(at('ring.jpg'), jpeg.encode({ width: 16, height: 16, data: rgba(16, 16, shape) }, 95).data);
  writeFileSync(at('ring.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6" fill="none" stroke="#000" stroke-width="2.5"/></svg>');
  writeFileSync(at('empty.png'), '');
  writeFileSync(at('broken.png'), 'not a png at all');
  writeFileSync(at('switch.pic'), '#.#.\n.#.#\n#..#\n.##.\n');
});
afterAll(() => tmp.cleanup());

describe('make: results', () => {
  for (const name of ['ring.png', 'ring.jpg', 'ring.svg']) {
    test(`${name} at 8x8: a line-solvable picture, the changes listed, exit 0`, () => {
      const r = nonocrypt(['make', '--size', '8x8', at(name)]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^(made line-solvable: \d+ cells? changed, |already line-solvable)/);
      expect(r.stdout).toContain('verdict: unique (line-solvable)');
      expect(r.stdout).toContain('difficulty: line logic alone');
      const rows = r.stdout.trimEnd().split('\n').slice(-8);
      expect(rows.every((row) => /^[#.]{8}$/.test(row))).toBe(true);
    });
  }

  test('--json: the document a script reads, re-checked here', () => {
    const r = nonocrypt(['make', '--json', at('switch.pic')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(expect.arrayContaining(['status', 'goal', 'width', 'height', 'count', 'changes', 'cost', 'fewest', 'lowerBound', 'cheapestProven', 'verdict', 'picture', 'start', 'elapsedMs', 'judged']));
    expect(doc.status).toBe('made');
    expect(doc.goal).toBe('line-solvable');
    const changes = doc.changes as [number, number][];
    expect(doc.count).toBe(changes.length);
    expect(doc.count).toBeGreaterThan(0);
    expect(doc.fewest).toBe('proven');
    // The picture is the start with exactly the listed cells changed.
    const start = (doc.start as string[]).map((row) => [...row]);
    for (const [x, y] of changes) start[y]![x] = start[y]![x] === '#' ? '.' : '#';
    expect(start.map((row) => row.join(''))).toEqual(doc.picture);
    // The verdict's passes, counted plainly on the picture's clues.
    const rows = doc.picture as string[];
    const picture = makeGrid(rows[0]!.length, rows.length, Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0)));
    expect(doc.verdict).toEqual({ status: 'unique', lineSolvable: true, difficulty: 'line', passes: plainPasses(puzzleOf(picture)).passes });
  });

  test('--keep: a kept cell is never changed', () => {
    const free = JSON.parse(nonocrypt(['make', '--json', at('switch.pic')]).stdout) as { changes: [number, number][] };
    const [x, y] = free.changes[0]!;
    const r = nonocrypt(['make', '--json', '--keep', `${x},${y}`, at('switch.pic')]);
    expect(r.code).toBe(0);
    const kept = JSON.parse(r.stdout) as { changes: [number, number][]; picture: string[]; start: string[] };
    expect(kept.changes).not.toContainEqual([x, y]);
    expect(kept.picture[y]![x]).toBe(kept.start[y]![x]);
  });

  test('-o FILE.non: the puzzle written whole in the format its extension names, its goal the picture', () => {
    const r = nonocrypt(['make', '-o', at('made.non'), at('switch.pic')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^made line-solvable/);
    const file = readPuzzle(readFileSync(at('made.non'), 'utf8'), { path: at('made.non') });
    expect(file.goal).toBeDefined();
    expect(checkGrid(file.puzzle, file.goal!)).toBeNull();
    const solved = nonocrypt(['solve', at('made.non')]);
    expect(solved.code).toBe(0);
    expect(solved.stdout).toMatch(/^unique \(line-solvable\)/);
  });

  test('--passes: line logic solves the result in at most that many passes, as solve --difficulty counts them', () => {
    const heart = join(process.cwd(), 'examples', 'heart.pic');
    const asDrawn = nonocrypt(['solve', '--difficulty', heart]);
    expect(asDrawn.stdout).toContain('difficulty: line logic alone in 3 passes\n');
    const r = nonocrypt(['make', '--passes', '2', '-o', at('heart2.non'), heart]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^made line-solvable in at most 2 passes: 1 cell changed, proven fewest\n/);
    expect(r.stdout).toMatch(/\ndifficulty: line logic alone in [12] pass(es)?\n/);
    const again = nonocrypt(['solve', '--difficulty', at('heart2.non')]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/\ndifficulty: line logic alone in [12] pass(es)?\n/);
    const doc = JSON.parse(nonocrypt(['make', '--json', '--passes', '1', heart]).stdout) as { goal: string; maxPasses: number; verdict: { passes: number } };
    expect(doc).toMatchObject({ goal: 'line-solvable', maxPasses: 1, verdict: { passes: 1 } });
  });

  test('--max-changes 0 on a picture that needs a change: none, proven, exit 1', () => {
    const r = nonocrypt(['make', '--max-changes', '0', at('switch.pic')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('none: no picture within 0 changed cells is line-solvable (proven)\n');
  });
});

describe('make: bad input, one line and exit 2', () => {
  test('an empty image file', () => expectUsageError(nonocrypt(['make', '--size', '8x8', at('empty.png')]), `${at('empty.png')}: an empty file`));
  test('a file that is not the image its name says', () => expectUsageError(nonocrypt(['make', '--size', '8x8', at('broken.png')]), 'not a readable PNG image'));
  test('a size of 0', () => expectUsageError(nonocrypt(['make', '--size', '0x8', at('ring.png')]), '--size'));
  test('an image without --size', () => expectUsageError(nonocrypt(['make', at('ring.png')]), '--size WxH'));
  test('a file that does not exist', () => expectUsageError(nonocrypt(['make', at('missing.pic')]), at('missing.pic')));
  test('--passes with the goal unique', () => expectUsageError(nonocrypt(['make', '--passes', '2', '--goal', 'unique', at('switch.pic')]), '--passes limits line logic\'s passes, so it needs the goal line-solvable (not unique)'));
  test('--passes with the difficulty probing', () => expectUsageError(nonocrypt(['make', '--passes', '2', '--difficulty', 'probing', at('switch.pic')]), 'needs the goal line-solvable (not probing)'));
  test('--passes 0', () => expectUsageError(nonocrypt(['make', '--passes', '0', at('switch.pic')]), '--passes'));
  test('a kept cell off the board', () => expectUsageError(nonocrypt(['make', '--keep', '9,0', at('switch.pic')]), '--keep 9,0 is off the 4x4 board'));
  test('-o naming the input is refused before any work, the input intact', () => {
    const before = readFileSync(at('switch.pic'), 'utf8');
    const r = nonocrypt(['make', '-o', at('switch.pic'), at('switch.pic')]);
    expectUsageError(r, 'refusing to overwrite the input');
    expect(readFileSync(at('switch.pic'), 'utf8')).toBe(before);
  });
  test('-o with an extension that names no puzzle format', () => {
    const r = nonocrypt(['make', '-o', at('out.png'), at('switch.pic')]);
    expectUsageError(r, '.pic, .non, .nin, .xml or .json');
    expect(r.stderr).not.toMatch(STACK_LINE);
  });
});

test('the picture the cases start from is not line-solvable as drawn (why it needs a change)', () => {
  const r = nonocrypt(['solve', at('switch.pic')]);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^unique \(not line-solvable/);
});
