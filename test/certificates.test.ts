// Uniqueness certificates (issue 33): the producer's formula and the independent checker's agree;
// certificates of the shipped examples check; broken proofs, changed formulas, certificates of
// another puzzle and excluded pictures that break a clue are rejected with the reason; our LRAT
// checker on hand-made proofs and on the engine's own proofs of random small puzzles. (That the
// checker imports only its own files and errors.ts is test/layers.test.ts's CHECKERS.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { certificateFormula } from '../src/certificate/make/certificateFormula.js';
import { certifyBlock, type Certificate } from '../src/certificate/make/certifyBlock.js';
import { certifySolution } from '../src/certificate/make/certifySolution.js';
import { gzipChunks } from '../src/certificate/make/gzipChunks.js';
import { loadProofEngine } from '../src/certificate/make/proofEngine.js';
import { checkCertificates, type CertificateFiles } from '../src/certificate/check/checkCertificate.js';
import { LratChecker } from '../src/certificate/check/LratChecker.js';
import { readClues, type CheckedBlock, type ClueFile } from '../src/certificate/check/readClues.js';
import { specFormula } from '../src/certificate/check/specFormula.js';
import { solveBlocks } from '../src/cipher/solveBlocks.js';
import { parseCiphertext } from '../src/formats/ciphertext.js';
import { makeGrid, type Puzzle } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';
import { LRAT_DEADLINE_REASON } from '../src/sat/lratProof.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { writePuzzle } from '../src/puzzle/writePuzzle.js';
import { bruteSolutions, randomCells, rng } from './helpers/bruteForce.js';
import { ROOT } from './helpers/cli.js';

const enc = new TextEncoder();
const bytes = (s: string) => enc.encode(s);
const text = (chunks: readonly Uint8Array[]) => Buffer.concat(chunks.map((c) => Buffer.from(c))).toString('utf8');
const blockOf = (p: Puzzle, givens: readonly number[] = []): CheckedBlock => ({ width: p.width, height: p.height, rows: p.rows, cols: p.cols, givens: [...givens].sort((a, b) => a - b) });

/** Certificate files held in memory, by name. */
function memoryFiles(files: Map<string, Uint8Array[]>): CertificateFiles {
  return {
    open: (name) => {
      const f = files.get(name);
      return f ? (async function* () { yield* f; })() : undefined;
    },
  };
}

/** The files `verify --certify` writes for these certificates (block K of STEM). */
function filesOf(stem: string, certs: readonly (Certificate | undefined)[], perBlock = true): Map<string, Uint8Array[]> {
  const m = new Map<string, Uint8Array[]>();
  certs.forEach((c, k) => {
    if (!c) return;
    const base = perBlock ? `${stem}.block-${k + 1}` : stem;
    m.set(`${base}.cnf`, [c.cnf]);
    m.set(`${base}.lrat`, [...c.proof]);
  });
  return m;
}

async function certifyCiphertext(path: string): Promise<{ clues: ClueFile; certs: (Certificate | undefined)[]; statuses: string[] }> {
  const source = readFileSync(path, 'utf8');
  const certs: (Certificate | undefined)[] = [];
  const statuses: string[] = [];
  for await (const b of solveBlocks(parseCiphertext(source), { certify: true })) {
    statuses.push(b.result.status);
    certs.push(b.certificate?.kind === 'certified' ? b.certificate.certificate : undefined);
  }
  return { clues: readClues(source, 'cipher', path), certs, statuses };
}

function randomPuzzle(w: number, h: number, density: number, seed: number): Puzzle {
  return puzzleOf(makeGrid(w, h, randomCells(w, h, density, rng(seed))));
}

describe('the certificate formula', () => {
  test('the producer and the independent checker generate the same formula, clause for clause', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer(), fc.array(fc.nat(80), { maxLength: 3 }), (w, h, d, seed, g) => {
        const p = randomPuzzle(w, h, d, seed);
        const givens = [...new Set(g.map((c) => c % (w * h)))];
        const ours = certificateFormula(p, givens);
        const theirs = specFormula(blockOf(p, givens));
        expect(theirs.numVars).toBe(ours.numVars);
        expect(theirs.numClauses).toBe(ours.numClauses);
        expect(Array.from(theirs.lits)).toEqual(Array.from(ours.lits));
      }),
      { numRuns: 300, seed: 33 },
    );
  });

  test('its models are exactly the puzzle solutions (brute force on small boards)', async () => {
    const prove = await loadProofEngine();
    for (let seed = 1; seed <= 40; seed++) {
      const p = randomPuzzle(4, 4, 0.5, seed);
      const sols = bruteSolutions(p, 50);
      // Excluding every solution but one leaves one model; excluding all leaves none.
      const f = certificateFormula(p, []);
      const clauses: number[][] = [];
      for (let at = 0; at < f.lits.length; ) {
        let end = at;
        while (f.lits[end] !== 0) end++;
        clauses.push(Array.from(f.lits.subarray(at, end)));
        at = end + 1;
      }
      const block = (s: Uint8Array) => Array.from(s, (v, c) => (v ? -(c + 1) : c + 1));
      const all = prove(f.numVars, [...clauses, ...sols.map(block)], { onProof: () => {} });
      expect(all.status, `seed ${seed}`).toBe('unsat');
      const butOne = prove(f.numVars, [...clauses, ...sols.slice(1).map(block)], { onProof: () => {} });
      expect(butOne.status, `seed ${seed}`).toBe('sat');
    }
  });
});

describe("the checker's own clue readers", () => {
  test('read what our writers write: .non with givens, .nin, JSON, webpbn XML, a picture, a one-block ciphertext', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer(), fc.array(fc.nat(1600), { maxLength: 4 }), (w, h, d, seed, g) => {
        const goal = makeGrid(w, h, randomCells(w, h, d, rng(seed)));
        const puzzle = puzzleOf(goal);
        const blacks = [...goal.cells.keys()].filter((c) => goal.cells[c]);
        const givens = [...new Set(g.filter(() => blacks.length > 0).map((k) => blacks[k % blacks.length]!))].sort((a, b) => a - b);
        const expected = blockOf(puzzle, givens);
        for (const format of ['non', 'json', 'cipher'] as const) {
          const text = writePuzzle({ puzzle, goal, ...(givens.length ? { givens } : {}) }, format);
          expect(readClues(text, format, `x.${format}`).blocks, format).toEqual([expected]);
        }
        expect(readClues(writePuzzle({ puzzle }, 'nin'), 'nin', 'x.nin').blocks).toEqual([blockOf(puzzle)]);
        expect(readClues(writePuzzle({ puzzle, goal }, 'xml'), 'xml', 'x.xml').blocks).toEqual([blockOf(puzzle)]);
        expect(readClues(writePuzzle({ puzzle, goal }, 'picture'), 'picture', 'x.pic').blocks).toEqual([blockOf(puzzle)]);
      }),
      { numRuns: 200, seed: 5 },
    );
  });

  test('bad input is one line naming the file and line', () => {
    expect(() => readClues('6\n22,11\nX\n', 'cipher', 'a.nc')).toThrow('a.nc:2: block 1: expected 12 clue groups, found 2');
    expect(() => readClues('2\n1,1,1,!\nX\n', 'cipher', 'a.nc')).toThrow('a.nc:2: clue "!": "!" is not a run symbol');
    expect(() => readClues('2 2\n1\n1\n1\n', 'nin', 'a.nin')).toThrow('a.nin:5: clues: expected 4 clues, found 3');
    expect(() => readClues('2\n3,0,0,0\nX\n', 'cipher', 'a.nc')).toThrow('a.nc: column 1: clue 3 does not fit in 2 cells');
  });

  test('webpbn XML: comments and the DOCTYPE skipped, empty lines, and each thing it does not read refused by name and line', () => {
    const xml = (puzzleAttrs: string, cols: string, rows: string) =>
      `<?xml version="1.0"?>\n<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">\n<puzzleset>\n<puzzle ${puzzleAttrs}>\n<!-- <clues type="rows"><line><count>9</count></line></clues> -->\n` +
      `<clues type="columns">${cols}</clues>\n<clues type='rows'>${rows}</clues>\n</puzzle>\n</puzzleset>\n`;
    const ok = xml('type="grid" defaultcolor="black"', '<line><count>1</count></line><line/>', '<line>\n<count> 1 </count>\n</line><line></line>');
    expect(readClues(ok, 'xml', 'a.xml').blocks).toEqual([{ width: 2, height: 2, cols: [[1], []], rows: [[1], []], givens: [] }]);
    expect(() => readClues(xml('defaultcolor="black"', '<line><count color="red">1</count></line><line/>', '<line/><line/>'), 'xml', 'a.xml')).toThrow('a.xml:6: a count in colour "red"');
    expect(() => readClues(xml('', '<line><count>x</count></line>', '<line/>'), 'xml', 'a.xml')).toThrow('a.xml:6: <count>x</count>: expected a whole number');
    expect(() => readClues(xml('', '<line><count>1</count></line>', '<line/>').replace(/<clues type='rows'>.*<\/clues>/, ''), 'xml', 'a.xml')).toThrow(
      'a.xml:4: no <clues type="rows">: the certificate checker reads clues, not goal images',
    );
    expect(() => readClues(ok.replace('</puzzleset>', '<puzzle></puzzle></puzzleset>'), 'xml', 'a.xml')).toThrow('expected exactly one <puzzle>, found 2');
    expect(() => readClues(ok.replace('<puzzleset>', '<puzzleset><![CDATA[x]]>'), 'xml', 'a.xml')).toThrow('a.xml:3: CDATA sections are not read');
  });
});

describe('our LRAT checker on hand-made proofs', () => {
  // (x1 | x2), (-x1 | x2), (x1 | -x2), (-x1 | -x2): unsatisfiable.
  const formula = [[1, 2], [-1, 2], [1, -2], [-1, -2]];
  const run = (proof: string) => {
    const c = new LratChecker('p.lrat');
    for (const cl of formula) c.addClause(cl);
    c.push(bytes(proof));
    return c.finish();
  };
  test('a valid proof, with deletions, checks', () => {
    expect(run('5 2 0 1 2 0\n5 d 1 2 0\n6 -2 0 3 4 0\n7 0 5 6 0\n').complete).toBe(true);
    // Chunks may split a line anywhere; CRLF line ends are fine.
    const c = new LratChecker('p.lrat');
    for (const cl of formula) c.addClause(cl);
    for (const piece of ['5 2 0 1', ' 2 0\r\n6 -', '2 0 3 4 0\n7 0 5', ' 6 0']) c.push(bytes(piece));
    expect(c.finish().additions).toBe(3);
  });
  test.each([
    ['5 2 0 1 0\n', 'its hints end without a conflict'],
    ['5 2 0 3 0\n', 'hint 3 (hint 1) is already satisfied'],
    ['5 0 1 0\n', 'hint 1 (hint 1) is not unit (2 literals unassigned)'],
    ['5 2 0 1 -2 0\n', 'RAT step (negative hint -2)'],
    ['5 2 0 9 0\n', 'hint 9 names no live clause'],
    ['5 2 0 1 2 0\n6 -2 0 3 4 0\n', 'ends without deriving the empty clause'],
    ['5 2 0 1 2 0\n4 -2 0 3 4 0\n', 'clause ID 4 is not larger'],
    ['5 d 9 0\n', 'deletion of clause 9, which is not alive'],
    ['5 2 0 1 2 0\n5 d 1 0\n6 -2 0 3 4 0\n7 0 5 6 0\n8 0 1 0\n', 'a step after the empty clause'],
    ['5 2 0 1 2 0\n6 d 2 0\n7 -2 0 3 4 0\n8 0 5 7 0\n', undefined],
    ['5 2 x 0\n', 'unexpected character "x"'],
    ['a\u0002\u0004', 'binary LRAT is not read'],
    ['5 2 0 1 2 0\n6 -2 0 3 0\n', 'line 2: clause 6: its hints end without a conflict'],
  ])('%j', (proof, reason) => {
    if (reason === undefined) expect(run(proof).complete).toBe(true);
    else expect(() => run(proof)).toThrow(reason);
  });
  test('the reason names the file, the line, the clause and the hint', () => {
    // Adding (-x1 | x2) assumes x1 true, x2 false: clause 4 (-x1 | -x2) is then satisfied.
    expect(() => run('5 -1 2 0 4 1 0\n')).toThrow('p.lrat: line 1: clause 5: hint 4 (hint 1) is already satisfied, not unit');
  });
});

describe('certificates of the shipped examples', () => {
  test.each(['to-be.txt', 'needs-search.nc', 'to-be-block2.nc'])('%s: every block certified, the checker accepts', async (name) => {
    const path = join(ROOT, 'examples', name);
    const { clues, certs, statuses } = await certifyCiphertext(path);
    expect(statuses.every((s) => s === 'unique')).toBe(true);
    expect(certs.every((c) => c?.verdict === 'unique')).toBe(true);
    const stem = name.replace(/\.[^.]+$/, '');
    const report = await checkCertificates(clues, stem, memoryFiles(filesOf(stem, certs)));
    expect(report.blocks.map((b) => [b.status, b.reason])).toEqual(certs.map(() => ['unique', undefined]));
    expect(report.ok).toBe(true);
  });

  test('a puzzle (solve --certify): STEM.cnf and a gzip proof', async () => {
    const source = readFileSync(join(ROOT, 'examples', 'heart.pic'), 'utf8');
    const clues = readClues(source, 'picture', 'heart.pic');
    const b = clues.blocks[0]!;
    const p: Puzzle = { width: b.width, height: b.height, rows: b.rows, cols: b.cols };
    const r = solvePuzzle(p);
    expect(r.status).toBe('unique');
    const out = await certifySolution(p, [], r);
    if (out?.kind !== 'certified') throw new Error('not certified');
    const gz: Uint8Array[] = [];
    for await (const c of gzipChunks(out.certificate.proof)) gz.push(c);
    const files = new Map([['heart.cnf', [out.certificate.cnf]], ['heart.lrat.gz', gz]]);
    const report = await checkCertificates(clues, 'heart', memoryFiles(files));
    expect(report.blocks[0]).toMatchObject({ status: 'unique', cnf: 'heart.cnf', proof: 'heart.lrat.gz' });
  });
});

describe('rejected certificates, each with its reason', async () => {
  const path = join(ROOT, 'examples', 'needs-search.nc');
  const { clues, certs } = await certifyCiphertext(path);
  const cert = certs[0]!;
  const check = async (cnf: string, proof: string, file: ClueFile = clues) => {
    const files = new Map([['c.block-1.cnf', [bytes(cnf)]], ['c.block-1.lrat', [bytes(proof)]]]);
    const r = await checkCertificates(file, 'c', memoryFiles(files));
    return r.blocks[0]!;
  };
  const cnfText = new TextDecoder().decode(cert.cnf);
  const proofText = text(cert.proof);
  const lines = cnfText.split('\n');
  const header = lines.findIndex((l) => l.startsWith('p cnf'));
  const [, , vars, count] = lines[header]!.split(' ');

  test('the certificate as made checks', async () => {
    expect(await check(cnfText, proofText)).toMatchObject({ status: 'unique' });
  });

  test('a proof with one step broken', async () => {
    // Drop the first hint of the first addition: the step no longer reaches a conflict, or a hint is no longer unit.
    const steps = proofText.split('\n');
    const k = steps.findIndex((s) => !s.includes(' d ') && s.split(' 0 ')[1]?.trim().split(' ').length! > 2);
    const [lits, hints] = steps[k]!.split(' 0 ') as [string, string];
    steps[k] = `${lits} 0 ${hints.split(' ').slice(1).join(' ')}`;
    const r = await check(cnfText, steps.join('\n'));
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/c\.block-1\.lrat: line \d+: clause \d+: (hint \d+ \(hint \d+\) is (not unit|already satisfied)|its hints end without a conflict)/);
  });

  test('a formula with one clause dropped', async () => {
    const dropped = [...lines];
    dropped.splice(header + 5, 1);
    dropped[header] = `p cnf ${vars} ${+count! - 1}`;
    const r = await check(dropped.join('\n'), proofText);
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/c\.block-1\.cnf:\d+: clause \d+ is \(.*\), the specification gives \(.*\) here/);
  });

  test('a formula with one clause added', async () => {
    const added = [...lines];
    added.splice(header + 1, 0, '1 2 0');
    added[header] = `p cnf ${vars} ${+count! + 1}`;
    const r = await check(added.join('\n'), proofText);
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/the header gives \d+ clauses, the specification \d+ for these clues \(\d+ with the excluded picture\)/);
  });

  test('a certificate for another puzzle', async () => {
    const other = readClues(readFileSync(join(ROOT, 'examples', 'to-be-block2.nc'), 'utf8'), 'cipher', 'to-be-block2.nc');
    const r = await check(cnfText, proofText, other);
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/c\.block-1\.cnf:\d+: the header gives \d+ variables, the specification \d+ for these clues|clause \d+ is/);
  });

  test('an excluded picture that breaks a clue', async () => {
    const last = lines[lines.length - 2]!.split(' ').map(Number);
    // Flip the colour of cell 1 in the excluded picture.
    const flipped = last.map((l) => (Math.abs(l) === 1 ? -l : l));
    const changed = [...lines];
    changed[lines.length - 2] = flipped.join(' ');
    const r = await check(changed.join('\n'), proofText);
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/the last clause excludes a picture that does not fit: (row|column) 1 has runs/);
  });

  test('a proof larger than its memory cap is no certificate, and says so', async () => {
    const prove = await loadProofEngine();
    const b = clues.blocks[0]!;
    const p: Puzzle = { width: b.width, height: b.height, rows: b.rows, cols: b.cols };
    const r = solvePuzzle(p, { givens: b.givens });
    if (r.status !== 'unique') throw new Error('expected unique');
    const out = certifyBlock(prove, p, b.givens, r.grid, { proofCapBytes: 100 });
    expect(out).toEqual({ kind: 'unknown', reason: 'no certificate: the proof (over 100 bytes) is larger than the memory cap (--memory)' });
  });

  test('a sat answer from the proof engine is an internal error, never a certificate; a stopped engine is no certificate', () => {
    const b = clues.blocks[0]!;
    const p: Puzzle = { width: b.width, height: b.height, rows: b.rows, cols: b.cols };
    const r = solvePuzzle(p, { givens: b.givens });
    if (r.status !== 'unique') throw new Error('expected unique');
    expect(() => certifyBlock(() => ({ status: 'sat' }), p, b.givens, r.grid, {}, 'block 1')).toThrow(
      'internal error: the proof engine found a picture that the unique verdict excludes (block 1); no certificate written',
    );
    expect(certifyBlock(() => ({ status: 'unknown', reason: 'time limit reached' }), p, b.givens, r.grid)).toEqual({
      kind: 'unknown',
      reason: 'no certificate: the proof engine stopped (time limit reached)',
    });
    // Given the limit the user gave (the solve before it may have spent part of it), the reason names it (issue 40, item 2).
    const stopped = () => ({ status: 'unknown' as const, reason: LRAT_DEADLINE_REASON });
    expect(certifyBlock(stopped, p, b.givens, r.grid, { deadline: performance.now(), limitMs: 45_000 })).toEqual({
      kind: 'unknown',
      reason: 'no certificate: the proof engine stopped (time limit of 45 s reached)',
    });
  });

  test('a block without certificate files is not certified', async () => {
    const r = await checkCertificates(clues, 'c', memoryFiles(new Map()));
    expect(r.ok).toBe(false);
    expect(r.blocks[0]!.reason).toBe('no certificate: c.block-1.cnf or c.cnf is missing');
  });
});

describe('the engine and our checker on random small puzzles', () => {
  test('every unique or none verdict gets a certificate that checks', async () => {
    const prove = await loadProofEngine();
    let unique = 0;
    let none = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 7 }), fc.integer({ min: 2, max: 7 }), fc.double({ min: 0.2, max: 0.8, noNaN: true }), fc.integer(), fc.boolean(), async (w, h, d, seed, swap) => {
        let p = randomPuzzle(w, h, d, seed);
        // Sometimes exchange two row clues: often a puzzle with no solution.
        if (swap && h >= 2) p = { ...p, rows: [p.rows[1]!, p.rows[0]!, ...p.rows.slice(2)] };
        const r = solvePuzzle(p);
        if (r.status !== 'unique' && r.status !== 'none') return;
        r.status === 'unique' ? unique++ : none++;
        const out = certifyBlock(prove, p, [], r.status === 'unique' ? r.grid : undefined);
        if (out.kind !== 'certified') throw new Error(out.reason);
        const file: ClueFile = { format: 'nin', blocks: [blockOf(p)] };
        const report = await checkCertificates(file, 'r', memoryFiles(filesOf('r', [out.certificate], false)));
        expect(report.blocks[0]!.status).toBe(r.status);
      }),
      { numRuns: 120, seed: 7 },
    );
    expect(unique).toBeGreaterThan(10);
    expect(none).toBeGreaterThan(3);
  });
});
