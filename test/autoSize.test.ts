import { describe, expect, it } from 'vitest';
import { chooseBoard } from '../src/cipher/autoSize.js';
import { decrypt } from '../src/cipher/decrypt.js';
import { encrypt } from '../src/cipher/encrypt.js';
import { builtinTable } from '../src/cipher/Table.js';
import { verify } from '../src/cipher/verify.js';
import { formatCiphertext, parseCiphertext } from '../src/formats/ciphertext.js';
import { InputError } from '../src/errors.js';

const HAMLET = 'TO BE, OR NOT TO BE.';
const LONGER = 'THE JURY SAID IT DID FIND THAT MANY OF THE REGISTRATION AND ELECTION LAWS ARE OUTMODED.';

describe('chooseBoard', () => {
  it('picks the shortest of the candidates it evaluated, and its ciphertext decrypts to the message', async () => {
    const c = chooseBoard(HAMLET, { receiver: 'unique', sizes: [3, 4, 5, 6, 7, 8], budgetMs: 20_000 });
    expect(c.tried.length).toBeGreaterThan(0);
    expect(c.ciphertextLength).toBe(Math.min(...c.tried.map((t) => t.length)));
    expect(c.tried.some((t) => t.size === c.size && t.length === c.ciphertextLength)).toBe(true);
    const text = formatCiphertext(c.ciphertext);
    expect(text.length).toBe(c.ciphertextLength);
    expect(c.ciphertext.width).toBe(c.size);
    expect(await decrypt(parseCiphertext(text), { table: c.table })).toMatchObject({ ok: true, text: HAMLET });
    expect(c.table.name).toBe('classic');
    expect(c.reason).toContain(`n = ${c.size}`);
  });

  it('with a generous budget proves its choice: no untried candidate could be shorter', async () => {
    const sizes = [4, 5, 6, 7, 8];
    const c = chooseBoard(HAMLET, { receiver: 'unique', sizes, budgetMs: 60_000 });
    expect(c.proven).toBe(true);
    expect(c.optimal).toBe(true);
    expect(c.reason).toContain('provably the shortest');
    // Cross-check against encrypting at every size (all annotations proven smallest).
    const lengths = await Promise.all(sizes.map(async (n) => formatCiphertext((await encrypt(HAMLET, { size: n, receiver: 'unique' })).ciphertext).length));
    expect(c.ciphertextLength).toBe(Math.min(...lengths));
    for (const t of c.tried) expect(t.lowerBound).toBeLessThanOrEqual(t.length);
  });

  it('"provably the shortest" names the boards compared: larger sides that need an annotation are counted, and not claimed when one may be shorter (issue 40, item 1)', () => {
    const fox = 'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG.';
    for (const [repeats, below] of [
      [6, 0],
      [10, 1],
    ] as const) {
      const c = chooseBoard(Array(repeats).fill(fox).join(' '), { table: 'auto', budgetMs: 30_000 });
      expect(c.optimal, c.reason).toBe(true);
      // Sides past 35 (each with each table) where a block needs an annotation: not candidates.
      expect(c.notCandidates).toBe(3);
      expect(c.notCandidatesBelow).toBe(below);
      expect(c.reason).toContain('board sides 1 to 35, each with each table, and 3 past 35 that need no annotation');
      // Never the bare "provably the shortest." of before: the sentence says over which boards.
      expect(c.reason).not.toMatch(/provably the shortest\.$/);
      if (below === 0) {
        expect(c.reason).toMatch(/; 3 boards past 35 that need an annotation need at least (\d+) characters by their clues alone; this is provably the shortest of these 76 boards\.$/);
        expect(Number(/need an annotation need at least (\d+)/.exec(c.reason)![1])).toBeGreaterThanOrEqual(c.ciphertextLength);
      } else {
        expect(c.reason).toMatch(/; 1 board past 35 that needs an annotation was not compared \(its lower bound (\d+) characters: it may be shorter\); this is provably the shortest of these 73 candidates\.$/);
        expect(Number(/its lower bound (\d+)/.exec(c.reason)![1])).toBeLessThan(c.ciphertextLength);
      }
    }
  });

  it("table 'auto' considers both tables and returns the one it used", async () => {
    const c = chooseBoard(LONGER, { receiver: 'unique', table: 'auto', sizes: [6, 8, 10, 12, 16, 20], budgetMs: 20_000 });
    expect(c.candidates).toBe(12);
    expect(['classic', 'frequency']).toContain(c.table.name);
    expect(await decrypt(c.ciphertext, { table: c.table })).toMatchObject({ ok: true, text: LONGER });
    expect(c.ciphertextLength).toBe(Math.min(...c.tried.map((t) => t.length)));
  });

  it('logic receiver: every block of the choice is line-solvable', async () => {
    const c = chooseBoard(LONGER, { receiver: 'logic', table: builtinTable('classic'), sizes: [8, 10, 12], budgetMs: 20_000 });
    const report = await verify(c.ciphertext);
    expect(report.blocks.every((b) => b.status === 'unique' && b.lineSolvable)).toBe(true);
    expect(await decrypt(c.ciphertext)).toMatchObject({ ok: true, text: LONGER });
  });

  it('respects the budget roughly and still returns a valid ciphertext with a tiny budget', async () => {
    const started = performance.now();
    const c = chooseBoard(LONGER, { receiver: 'unique', table: 'auto', budgetMs: 300 });
    const elapsed = performance.now() - started;
    // Soft budget: one candidate is always finished; generous slack for slow CI machines.
    expect(elapsed).toBeLessThan(15_000);
    expect(c.tried.length).toBeGreaterThanOrEqual(1);
    expect(c.tried.length).toBeLessThan(c.candidates);
    expect(await decrypt(c.ciphertext, { table: c.table })).toMatchObject({ ok: true, text: LONGER });
    if (!c.optimal) expect(c.reason).not.toContain('provably');
  });

  it('counts every candidate once, in the tally and in the sentence, and the counts add up (issue 35, item 13)', () => {
    // Messages, tables, receivers and budgets that reach each fate: ruled out by the clues,
    // free but no shorter, the default board skipped, cut by the budget.
    const cases = [
      { text: HAMLET, options: { table: 'auto' as const } },
      { text: 'HELLO WORLD', options: {} },
      { text: 'HELLO', options: { receiver: 'logic' as const } },
      { text: LONGER, options: { table: 'auto' as const, budgetMs: 0 } },
      // No time at all: every candidate that might beat the default board is cut (whatever the machine's speed).
      { text: LONGER, options: { budgetMs: 0 } },
      { text: LONGER, options: { receiver: 'logic' as const, budgetMs: 2_000 } },
      { text: HAMLET, options: { sizes: [4, 5, 6, 7, 8] } },
    ];
    const fates = new Set<string>();
    for (const { text, options } of cases) {
      const c = chooseBoard(text, options);
      const t = c.tally;
      const where = `${text} ${JSON.stringify(options)}: ${c.reason}`;
      expect(t.total, where).toBe(c.candidates);
      expect(t.evaluated + t.ruledOutByClues + t.noAnnotationNoShorter + t.cutByBudget, where).toBe(t.total);
      expect(t.evaluated, where).toBe(c.tried.length);
      expect(t.cutByBudget === 0 || !c.optimal, where).toBe(true);
      // The sentence says the same numbers: "Of N candidates (...), a were evaluated (...), b need at least ..., c need no annotation ..., and d were not evaluated ...".
      const of = /Of (\d+) candidates? \(/.exec(c.reason);
      expect(Number(of?.[1]), where).toBe(t.total);
      const said = (pattern: RegExp) => Number(pattern.exec(c.reason)?.[1] ?? 0);
      expect(said(/(?:, |\), (?:and )?)?(\d+) (?:was|were) evaluated/), where).toBe(t.evaluated);
      expect(said(/(\d+) needs? at least \d+ characters by/), where).toBe(t.ruledOutByClues);
      expect(said(/(\d+) needs? no annotation/), where).toBe(t.noAnnotationNoShorter);
      expect(said(/(\d+) (?:was|were) not evaluated within/), where).toBe(t.cutByBudget);
      for (const [k, v] of Object.entries(t)) if (k !== 'total' && v > 0) fates.add(k);
    }
    expect([...fates].sort()).toEqual(['cutByBudget', 'evaluated', 'noAnnotationNoShorter', 'ruledOutByClues']);
  });

  it('rejects bad options', async () => {
    expect(() => chooseBoard(HAMLET, { sizes: [] })).toThrow(InputError);
    expect(() => chooseBoard(HAMLET, { sizes: [0] })).toThrow(InputError);
    expect(() => chooseBoard(HAMLET, { budgetMs: -1 })).toThrow(InputError);
  });
});

describe('encrypt with size auto', () => {
  it("runs the choice on the caller's SAT session (the web page's engine), not the default one", async () => {
    const { SatSession } = await import('../src/sat/SatSession.js');
    const { createSolver } = await import('../src/sat/engines.js');
    let made = 0;
    const session = new SatSession(() => {
      made++;
      return createSolver('cadical');
    });
    // A message whose blocks line logic does not finish at every side, so that the choice solves.
    const r = await encrypt(LONGER, { size: 'auto', receiver: 'logic', budgetMs: 20_000, session });
    expect(r.choice).toBeDefined();
    expect(made).toBeGreaterThan(0);
    session.close();
  });
});
