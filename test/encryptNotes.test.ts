// What encrypt says while and after it works (issue 40, item 11): the progress line counts the
// blocks against their total, and several annotations not proven smallest are summed up in one
// line (how many, the largest gap to a proven lower bound, why), each block with -v or --json.
import { Readable } from 'node:stream';
import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { runCli } from '../src/cli/runCli.js';
import { nonocrypt, scratchFolder } from './helpers/cli.js';

// 900 characters at n = 12: 32 blocks; with a budget of 10 ms most cannot be proven smallest.
const MESSAGE = Array(20).fill('THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG.').join(' ');
const { at } = scratchFolder('nonocrypt-encrypt-notes-', (at) => writeFileSync(at('fox.txt'), MESSAGE));
const ARGS = ['encrypt', '-s', '12', '--budget', '0.01', '-j', '1'];
const NOTE = /^nonocrypt: block \d+: \d+ cells?, valid, not proven smallest \((lower bound \d+|no lower bound found); /;

describe('encrypt: notes on blocks not proven smallest', () => {
  test('several: one line with the count, the largest gap and why; -v a line per block; --json every block', () => {
    const r = nonocrypt([...ARGS, '-i', at('fox.txt')]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('12');
    const summary = /^nonocrypt: (\d+) of 32 blocks have a valid annotation not proven smallest \((.+)\); the largest gap: block (\d+), (\d+) cells? against a lower bound of (\d+); a larger --budget \(or none\) proves more, -s auto chooses the board side with the shortest ciphertext; -v or --json for every block\n$/.exec(r.stderr);
    expect(summary, r.stderr).not.toBeNull();
    const [, count, , block, cells, bound] = summary!.map(Number);

    // Each run proves what its 10 ms allow: the counts of different runs may differ.
    const v = nonocrypt([...ARGS, '-v', '-i', at('fox.txt')]);
    expect(v.code).toBe(0);
    const notes = v.stderr.trimEnd().split('\n');
    expect(notes.every((l) => NOTE.test(l)), v.stderr).toBe(true);
    expect(notes.length).toBeGreaterThan(1);
    expect(count).toBeGreaterThan(1);

    // The summary's own figures agree with the ciphertext it came with: the block it names has
    // that many cells, and no unproven block has a larger gap than it (by -v's notes of the same
    // kind: cells, and a lower bound no larger than them).
    const lines = r.stdout.split('\n');
    const annotation = lines[2 * block!]!;
    expect(annotation === 'X' ? 0 : annotation.length / 2).toBe(cells);
    expect(cells!).toBeGreaterThanOrEqual(bound!);

    const j = nonocrypt([...ARGS, '--json', '-i', at('fox.txt')]);
    expect([j.code, j.stderr]).toEqual([0, '']);
    const doc = JSON.parse(j.stdout) as { blocks: { block: number; cells: number; proven: boolean; lowerBound: number; reason?: string }[] };
    expect(doc.blocks).toHaveLength(32);
    for (const b of doc.blocks.filter((b) => !b.proven)) expect(b.reason).toBeTruthy();
  });
});

describe('encrypt: the progress line on a terminal', () => {
  test('counts the blocks done of all the blocks, "N of 32 blocks"', async () => {
    let err = '';
    const io = {
      stdin: Object.assign(Readable.from([MESSAGE]), { isTTY: false }),
      stdout: { write: () => true, isTTY: false },
      stderr: { write: (d: string | Uint8Array) => ((err += typeof d === 'string' ? d : Buffer.from(d).toString()), true), isTTY: true },
      env: {},
    };
    // A budget that keeps the blocks busy long enough for the display (it updates every 200 ms).
    expect(await runCli(['encrypt', '-s', '12', '--budget', '3', '-j', '1'], io)).toBe(0);
    const shown = [...err.matchAll(/\r\x1b\[K(\d+)( of (\d+))? blocks?, [\d.]+ s/g)];
    expect(shown.length, JSON.stringify(err.slice(0, 300))).toBeGreaterThan(0);
    for (const m of shown) expect(m[3]).toBe('32');
  }, 60_000);
});
