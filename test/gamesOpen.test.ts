// Searches too long for one sitting (issue 43): a checkpoint of each is committed, gzip, beside
// a manifest that says which search it is, how far it got and the command that resumes it
// (docs/results/games-open.md). Here each checkpoint must be the file its manifest names (size and
// digest), a checkpoint `bound` reads (the part format, whole lines), of the search and the
// progress the manifest states, and the manifest's command must be that search's. A search with
// every item done states its proof: the recipe must write that text, and the parts of its check
// found valid so far must be parts of that text.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { textPieces } from '../src/games/build/textPieces.js';
import { readBoundPart } from '../src/games/build/boundFiles.js';
import { linesOf } from '../src/formats/textLines.js';
import { nonocrypt, ROOT, tempDir } from './helpers/cli.js';
import { checkByPartsText, checkedLine, type OpenManifest } from '../bench/gamesOpenCheck.js';
import { sectionIn } from '../bench/harness/doc.js';
import { OPEN_DIR, readOpenManifest } from './helpers/openManifests.js';

const manifests = existsSync(OPEN_DIR) ? readdirSync(OPEN_DIR).filter((f) => f.endsWith('.manifest.json')).sort() : [];

describe('bench/results/open/', () => {
  test('every checkpoint has a manifest, and every manifest its checkpoint', () => {
    expect(manifests.length).toBeGreaterThan(0);
    const named = manifests.map((m) => readOpenManifest(m).checkpoint).sort();
    expect(readdirSync(OPEN_DIR).filter((f) => !f.endsWith('.manifest.json')).sort()).toEqual(named);
  });

  test.each(manifests)('%s: the checkpoint is the search and the progress it states, and its command resumes that search', (m) => {
    const manifest = readOpenManifest(m);
    const bytes = readFileSync(join(OPEN_DIR, manifest.checkpoint));
    expect({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }).toEqual({ bytes: manifest.bytes, sha256: manifest.sha256 });
    // Not partial: a committed checkpoint has no line cut short.
    const part = readBoundPart(linesOf(textPieces(gunzipSync(bytes))), manifest.checkpoint);
    const r = part.rules;
    expect({ game: r.kind, pegs: r.pegs, symbols: r.symbols, lies: r.lies, end: r.end, lie: r.lie }).toEqual(manifest.rules);
    expect({ guesses: part.guesses, depth: part.depth, frontier: part.frontier, shard: part.shard }).toEqual({ guesses: manifest.guesses, depth: manifest.frontierDepth, frontier: manifest.frontier, shard: { index: 1, count: 1 } });
    expect(new Set(part.items.map((it) => it.index)).size).toBe(part.items.length);
    expect(part.items.length).toBe(manifest.itemsDone);
    expect(part.items.filter((it) => it.answer !== null).length).toBe(manifest.itemsRefuted);
    expect(part.items.reduce((n, it) => n + it.positions, 0)).toBe(manifest.positions);
    // The command: gunzip the checkpoint to where `bound --proof FILE` keeps it (FILE.partial), then that search.
    const proof = /--proof (\S+)/.exec(manifest.resume)?.[1];
    expect(manifest.resume).toContain(`gunzip -c ${manifest.checkpoint} > ${proof}.partial`);
    const { game, pegs, symbols, lies, end, lie } = manifest.rules;
    const flags = `--game ${game} --pegs ${pegs} --symbols ${symbols} --lies ${lies} --end ${end} --lie ${lie} --guesses ${manifest.guesses} --frontier-depth ${manifest.frontierDepth}`;
    expect(manifest.resume).toContain(`nonocrypt mastermind bound ${flags} --proof ${proof}`);
  }, 300_000);

  const whole = manifests.filter((m) => readOpenManifest(m).proof);
  test.each(whole)('%s: every item done, and the proof its recipe writes is the text it states', (m) => {
    const manifest = readOpenManifest(m);
    const proof = manifest.proof!;
    expect(manifest.itemsDone).toBe(manifest.frontier);
    expect(proof.recipe).toBe(`${manifest.resume} --unchecked`);
    const out = /--proof (\S+)/.exec(manifest.resume)![1]!;
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, `${out}.partial`), gunzipSync(readFileSync(join(OPEN_DIR, manifest.checkpoint))));
      const args = /nonocrypt mastermind (bound .*)$/.exec(proof.recipe)![1]!.split(' ').filter((a) => a !== '-v');
      const r = nonocrypt(['mastermind', ...args, '--json'], { cwd: dir, timeoutMs: 240_000 });
      expect(r.code, r.stderr).toBe(3);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: 'unchecked', nodes: 0, frontier: manifest.frontier });
      const text = gunzipSync(readFileSync(join(dir, out)));
      expect({ characters: text.length, sha256: createHash('sha256').update(text).digest('hex') }).toEqual({ characters: proof.textCharacters, sha256: proof.textSha256 });
      expect(JSON.parse(text.subarray(0, text.indexOf(10)).toString('utf8')).positions).toBe(proof.positions);
      // The checkpoint is taken back whole: the command removes it once the proof is written.
      expect(existsSync(join(dir, `${out}.partial`))).toBe(false);
    } finally {
      cleanup();
    }
    // The parts found valid: of this text, its units the items' nodes (the frontier's depth), each part once.
    const { parts, partDepth, reports } = proof.checkByParts;
    expect(partDepth).toBe(manifest.frontierDepth);
    for (const p of reports) {
      expect(p).toMatchObject({ valid: true, sha256: proof.textSha256, part: { count: parts, depth: partDepth }, units: { total: manifest.frontier } });
      expect(p.part.index).toBeGreaterThanOrEqual(1);
      expect(p.part.index).toBeLessThanOrEqual(parts);
      // Units index, index + N, ...: every part but the last few holds one more.
      expect(p.units.checked).toBe(Math.ceil((manifest.frontier - p.part.index + 1) / parts));
    }
    expect(new Set(reports.map((p) => p.part.index)).size).toBe(reports.length);
  }, 300_000);

  test('the account of a check by parts counts the parts, groups them by code and day, and prices what is left at the latest pace', () => {
    const report = (index: number, code: string, date: string, cpuSeconds: number) => ({
      valid: true, game: 'g', guesses: 9, positions: 1_000_000, units: { checked: 3, total: 10 }, part: { index, count: 4, depth: 3 },
      sha256: 'x', cpuSeconds, wallSeconds: cpuSeconds + 5, maxRssMB: 100, date: `${date} 10:00-10:10 UTC`, code: `commit ${code}`, conditions: 'c',
    });
    const manifest = (reports: ReturnType<typeof report>[]): OpenManifest => ({
      checkpoint: 'c', frontier: 10,
      proof: { recipe: 'r', textSha256: 'x', checked: '', checkByParts: { command: 'k', parts: 4, partDepth: 3, note: '', reports } },
    });
    const two = checkByPartsText('t', manifest([report(3, 'bbb', '2026-01-02', 200), report(1, 'aaa', '2026-01-01', 100)]));
    expect(two).toContain('**2 of the 4 parts are valid**');
    // Rows by part; one row a code and day; the 2 left at the later day's 200 CPU s a part.
    expect(two.indexOf('| 1/4 |')).toBeLessThan(two.indexOf('| 3/4 |'));
    expect(two).toContain('| aaa | 2026-01-01 | 1 | 100 (100) |');
    expect(two).toContain('| bbb | 2026-01-02 | 1 | 200 (200) |');
    expect(two).toContain('The other 2 parts, at the median pace of the latest code and day (bbb, 2026-01-02), need about 0.1 CPU hours');
    expect(checkedLine('t', manifest([report(1, 'aaa', '2026-01-01', 100)]))).toContain('1 of the 4 parts are valid');
    const all = manifest([1, 2, 3, 4].map((k) => report(k, 'aaa', '2026-01-01', 100)));
    expect(checkByPartsText('t', all)).toContain('Every part is valid');
    expect(checkedLine('t', all)).toBe('checked by parts: all 4 parts valid (docs/results/games-open.md)');
  });

  // What docs/results/games-open.md and the manifest's own line say of the check is made from the reports
  // (npm run bench -- games-open-check --write): a part recorded by hand shows there too.
  test.each(whole)('%s: docs/results/games-open.md states its check by parts as the manifest records it', (m) => {
    const name = m.replace(/\.manifest\.json$/, '');
    const manifest = readOpenManifest(m) as unknown as OpenManifest;
    const games = readFileSync(join(ROOT, 'docs', 'results', 'games-open.md'), 'utf8');
    const section = `open-check:${name}`;
    expect(sectionIn(games, section)).toBe(`<!-- ${section}:start -->\n${checkByPartsText(name, manifest)}\n<!-- ${section}:end -->`);
    expect(manifest.proof!.checked).toBe(checkedLine(name, manifest));
  });
});
