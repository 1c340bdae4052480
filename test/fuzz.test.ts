import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCiphertextChunks } from '../src/formats/ciphertext.js';
import { readPuzzleFile, sniffFormat } from '../src/formats/detectFormat.js';
import { isPictureText, parsePicture } from '../src/formats/picture.js';
import type { PuzzleFile } from '../src/formats/PuzzleFile.js';
import { ParseError } from '../src/errors.js';
import {
  FUZZ_FORMATS,
  fuzzCaseArb,
  grammarCaseArb,
  keptBy,
  mutationCaseArb,
  puzzleFileArb,
  randomCaseArb,
  runCase,
  writeFile,
  type FuzzCase,
  type FuzzFormat,
} from './helpers/fuzz.js';

/**
 * Fuzzing every reader (the property is `runCase`'s, in test/helpers/fuzzCheck.ts): a few thousand
 * cases here, 100,000 in `npm run bench -- fuzz`. Seeds are fixed so that CI is reproducible;
 * FUZZ_SEED=<n> runs other cases (fast-check prints the seed and the shrunk case of a failure).
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261123;

/** Runs the property; a failure names the seed, the shrunk case (its start) and what went wrong. */
async function property(arb: fc.Arbitrary<FuzzCase>, numRuns: number, seed: number): Promise<void> {
  const out = await fc.check(
    fc.asyncProperty(arb, async (c) => {
      const r = await runCase(c);
      if (r.problems.length > 0) {
        const text = c.text.length > 400 ? `${JSON.stringify(c.text.slice(0, 400))}… (${c.text.length} characters)` : JSON.stringify(c.text);
        throw new Error(`${c.format} (${c.how}): ${r.problems.join('; ')}\ninput: ${text}`);
      }
    }),
    { numRuns, seed },
  );
  if (out.failed) throw new Error(`seed ${out.seed}, path ${out.counterexamplePath}: ${(out.errorInstance as Error)?.message ?? String(out.errorInstance)}`);
}

describe('fuzzing every reader', () => {
  it('mutations of valid files', async () => {
    await property(mutationCaseArb, 1500, SEED);
  });

  it('files from each grammar with random tokens', async () => {
    await property(grammarCaseArb, 1000, SEED + 1);
  });

  it('raw random strings', async () => {
    await property(randomCaseArb, 500, SEED + 2);
  });

  it('the property catches what it should: a message on two lines, a place outside the text, a foreign exception', async () => {
    // The checker itself, on errors the readers must never throw.
    const { errorProblems } = await import('./helpers/fuzz.js');
    expect(errorProblems('x', new ParseError('bad\nthing', 1, 1, 'fuzz.in'), 'a', 'text').join()).toMatch(/not one clean line/);
    expect(errorProblems('x', new ParseError('bad', 4, 1, 'fuzz.in'), 'a\nb', 'text').join()).toMatch(/line 4 is outside/);
    expect(errorProblems('x', new ParseError('bad', 1, 3, 'fuzz.in'), 'a\nb', 'text').join()).toMatch(/column 3 is outside line 1/);
    expect(errorProblems('x', new RangeError('Maximum call stack size exceeded'), 'a', 'text').join()).toMatch(/threw RangeError/);
    expect(errorProblems('x', new ParseError('fine', 2, 2, 'fuzz.in'), 'a\nb', 'text')).toEqual([]);
  });

  it('the case generators produce every format and all three kinds', () => {
    const seen = new Set<string>();
    for (const c of fc.sample(fuzzCaseArb, { numRuns: 600, seed: SEED })) seen.add(`${c.format} ${c.how.split(' ')[0]}`);
    for (const f of FUZZ_FORMATS) for (const kind of ['mutation', 'grammar', 'random']) expect(seen).toContain(`${f} ${kind}`);
  });
});

describe('round trips: read(write(p)) is p, for what each format holds', () => {
  /** What a format keeps of the credits: .nin folds line breaks and trims, XML trims (and has no NUL). */
  function expected(format: FuzzFormat, f: PuzzleFile): PuzzleFile {
    const kept = keptBy(format, f) as { -readonly [K in keyof PuzzleFile]: PuzzleFile[K] };
    for (const key of ['title', 'author', 'copyright'] as const) {
      const v = kept[key];
      if (v === undefined) continue;
      if (format === 'nin') kept[key] = v.replace(/[\r\n]+/g, ' ').trim();
      if (format === 'xml') kept[key] = v.replace(/\u0000/g, '\ufffd').trim();
    }
    return kept;
  }

  it('every format, random puzzles up to 60x60 (decimal ciphertext above 35), credits with any characters', () => {
    fc.assert(
      fc.property(puzzleFileArb({ maxSide: 60 }), (f) => {
        for (const format of FUZZ_FORMATS) {
          const text = writeFile(format, f);
          if (format === 'picture') {
            if (!f.goal) continue;
            expect(isPictureText(text)).toBe(true);
            expect(parsePicture(text)).toStrictEqual(f.goal);
            continue;
          }
          expect(readPuzzleFile(text, format), format).toStrictEqual(expected(format, f));
          expect(sniffFormat(text), format).toBe(format);
        }
      }),
      { numRuns: 300, seed: SEED + 3 },
    );
  });
});

/** Runs `script` (an ES module body with `reader` and `input` in scope) in a child Node with a small heap. */
async function capped(heapMb: number, script: string): Promise<{ ok: boolean; out: string; err: string }> {
  const { execFile } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const dist = fileURLToPath(new URL('../dist/src/formats/', import.meta.url));
  const body = `const d = ${JSON.stringify(dist)};\n${script}`;
  return new Promise((resolve) => {
    execFile(process.execPath, [`--max-old-space-size=${heapMb}`, '--input-type=module', '-e', body], { timeout: 60_000 }, (error, out, err) =>
      resolve({ ok: !error, out, err }),
    );
  });
}

describe('huge inputs: one clear line, bounded memory', () => {
  const MB = 8;
  /** Each reader on an 8 MB line, in a child whose heap is too small for any reader that keeps tokens per character. */
  const cases: [string, string, RegExp][] = [
    ['non', `(await import(d + 'non.js')).parseNon('width 5\\nheight 1\\nrows\\n' + '1 '.repeat(N / 2) + '\\ncolumns\\n0\\n0\\n0\\n0\\n0\\n', 'f')`, /^f:4:1: row 1 clue "1 1 1 .*" \(\d+ characters\) needs \d+ cells but rows are 5 cells wide$/],
    ['non, one line', `(await import(d + 'non.js')).parseNon('1'.repeat(N), 'f')`, /^f:1:1: expected a keyword .*, found "1111.*…" \(8000000 characters\)$/],
    ['nin', `(await import(d + 'nin.js')).parseNin('5 1\\n' + '1 '.repeat(N / 2) + '\\n0\\n0\\n0\\n0\\n0\\n', 'f')`, /^f:2:1: row 1 clue "1 1 1 .*…" \(7999999 characters\) needs 7999999 cells but rows are 5 cells wide$/],
    ['nin, one line', `(await import(d + 'nin.js')).parseNin('1 '.repeat(N / 2), 'f')`, /^f:1:5: expected the board size .*, found a third field "1"$/],
    ['cipher', `(await import(d + 'ciphertext.js')).parseCiphertext('6\\n' + '1,'.repeat(N / 2), 'f')`, /^f:2:4625: line is longer than 4624 characters/],
    ['cipher, one line', `(await import(d + 'ciphertext.js')).parseCiphertext('1'.repeat(N), 'f')`, /^f:1:257: header: the first line is longer than 256 characters/],
    ['xml', `(await import(d + 'webpbnXml.js')).parseWebpbnXml('<puzzle><clues type="rows"><line>' + '<count>1</count>'.repeat(N / 16) + '</line></clues><clues type="columns"><line/></clues></puzzle>', 'f')`, /^f:1:28: row 1 clue 1,1,1,.* needs 999999 cells but rows are 1 cell wide$/],
    ['xml, many lines', `(await import(d + 'webpbnXml.js')).parseWebpbnXml('<puzzle><clues type="rows">' + '<line/>'.repeat(N / 7) + '</clues><clues type="columns"><line/></clues></puzzle>', 'f')`, /^f:1:9: height 1142857 \(the <line>s of <clues type="rows">\) is out of range/],
    ['json', `(await import(d + 'puzzleJson.js')).parsePuzzleJson('{"rows": [[' + '1,'.repeat(N / 2) + '1]], "cols": [[1]]}', 'f')`, /^f:1:11: row 1 clue \[1,1,1.*\(8000003 characters\) needs 8000001 cells but rows are 1 cell wide$/],
    ['json, one line', `(await import(d + 'puzzleJson.js')).parsePuzzleJson('1'.repeat(N), 'f')`, /^f:1:1: expected a JSON object \{\.\.\.\} at the top, found 1111.*… \(8000000 characters\)$/],
    ['picture', `(await import(d + 'picture.js')).parsePicture('#'.repeat(N), 'f')`, /^f:1:1: width 8000000 \(the cells in the first row\) is out of range/],
    ['picture, many rows', `(await import(d + 'picture.js')).parsePicture('#.\\n'.repeat(N / 3), 'f')`, /^f:1001:1: height 2666666 \(the rows of the picture\) is out of range/],
  ];
  it.each(cases)('%s', async (_name, call, message) => {
    const r = await capped(
      48,
      `const N = ${MB * 1_000_000};
       try { ${call}; console.log('accepted'); }
       catch (e) { console.log(JSON.stringify({ name: e.constructor.name, message: e.message })); }`,
    );
    expect(r.ok, r.err.slice(0, 500)).toBe(true);
    const { message: m } = JSON.parse(r.out) as { message: string };
    expect(m).toMatch(message);
    expect(m.length).toBeLessThan(200);
  });

  it('the 48 MB heap is a real bound: keeping a token per character does not fit in it', async () => {
    // What the old .non and .nin readers did with a clue line: one {value, at} per run.
    const r = await capped(48, `const N = ${MB * 1_000_000}; const s = '1 '.repeat(N / 2); const t = []; for (const m of s.matchAll(/\\S+/g)) t.push({ value: Number(m[0]), at: m.index }); console.log(t.length);`);
    expect(r.ok).toBe(false);
    expect(r.err).toMatch(/heap out of memory|Allocation failed/);
  });

  it('a board that claims side 1000 with clues that cannot fit: one line, every format', async () => {
    const zeros = (n: number) => '0\\n'.repeat(n);
    const r = await capped(
      48,
      `const out = [];
       const run = async (file, fn, text) => { try { (await import(d + file))[fn](text, 'f'); out.push('accepted'); } catch (e) { out.push(e.code + ' ' + e.message); } };
       await run('non.js', 'parseNon', 'width 1000\\nheight 1000\\nrows\\n600 600\\n${zeros(999)}columns\\n${zeros(1000)}');
       await run('nin.js', 'parseNin', '1000 1000\\n600 600\\n${zeros(1999)}');
       await run('ciphertext.js', 'parseCiphertext', '1000\\n' + '0,'.repeat(1000) + '600 600' + ',0'.repeat(999) + '\\nX\\n');
       await run('webpbnXml.js', 'parseWebpbnXml', '<puzzle><clues type="rows"><line><count>600</count><count>600</count></line>' + '<line/>'.repeat(999) + '</clues><clues type="columns">' + '<line/>'.repeat(1000) + '</clues></puzzle>');
       await run('puzzleJson.js', 'parsePuzzleJson', JSON.stringify({ format: 'nonocrypt-puzzle', version: 1, width: 1000, height: 1000, rows: [[600, 600], ...Array(999).fill([])], cols: Array(1000).fill([]) }));
       console.log(JSON.stringify(out));`,
    );
    expect(r.ok, r.err.slice(0, 500)).toBe(true);
    const out = JSON.parse(r.out) as string[];
    expect(out).toEqual([
      'E_CLUE f:4:1: row 1 clue "600 600" needs 1201 cells but rows are 1000 cells wide',
      'E_CLUE f:2:1: row 1 clue "600 600" needs 1201 cells but rows are 1000 cells wide',
      'E_CLUE f:2:2001: block 1: row 1 clue "600 600" needs 1201 cells but rows are 1000 cells wide',
      'E_CLUE f:1:28: row 1 clue 600,600 needs 1201 cells but rows are 1000 cells wide',
      expect.stringMatching(/^E_CLUE f:1:\d+: row 1 clue \[600,600\] needs 1201 cells but rows are 1000 cells wide$/),
    ]);
  });

  it('the chunked ciphertext reader fails before reading a 10 MB line whole', async () => {
    let pulled = 0;
    async function* endless() {
      yield '6\n';
      for (let i = 0; i < 160; i++) {
        pulled += 65_536;
        yield '1,'.repeat(32_768);
      }
    }
    let error: unknown;
    try {
      const stream = await parseCiphertextChunks(endless(), 'pipe');
      for await (const _ of stream.blocks) void _;
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toBe('pipe:2:4625: line is longer than 4624 characters, more than any line of a 6x6 ciphertext needs');
    expect(pulled).toBe(65_536); // the first chunk past the bound, of 160
  });
});
