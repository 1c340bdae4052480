// The Draw tab's picture model (web/editor/Drawing.ts, imagePicture.ts, UndoHistory.ts): pure
// functions, checked here without a browser (test/draw.test.ts drives the tab in chromium).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { blankDrawing, drawingFromLink, drawingFromRows, drawingRows, drawLink, inverted, MAX_DRAW_SIDE, resized, sameDrawing, shifted, type Drawing } from '../web/editor/Drawing.js';
import { darknessThreshold, editedGrey, imageCells } from '../web/editor/imagePicture.js';
import { combine, needsProof, proposalWords } from '../web/editor/makeProposal.js';
import type { DrawMakeResult } from '../web/protocol.js';
import { UndoHistory, UNDO_DEPTH } from '../web/editor/UndoHistory.js';

const drawing = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }))
  .chain(([w, h]) => fc.uint8Array({ minLength: w * h, maxLength: w * h, max: 1 }).map((cells): Drawing => ({ width: w, height: h, cells })));

describe('Drawing', () => {
  test('rows and the #draw= link give the same picture back', () => {
    fc.assert(
      fc.property(drawing, (d) => {
        expect(sameDrawing(drawingFromRows(drawingRows(d)), d)).toBe(true);
        const link = drawLink(d);
        expect(link).toMatch(/^draw=(?:%23|\.)+(?:\/(?:%23|\.)+)*$/);
        expect(sameDrawing(drawingFromLink(`#${link}`)!, d)).toBe(true);
        // Encoded in full, as encodeURIComponent writes it, the link still opens.
        expect(sameDrawing(drawingFromLink(`draw=${encodeURIComponent(drawingRows(d).join('/'))}`)!, d)).toBe(true);
      }),
    );
    expect(drawingFromLink('#encrypt')).toBeUndefined();
  });

  test('a bad link or bad rows say what is wrong', () => {
    expect(() => drawingFromLink('draw=%23./%23')).toThrow('row 2 has 1 cell, row 1 has 2');
    expect(() => drawingFromLink('draw=%23x')).toThrow('row 1, cell 2: expected # or ., found "x"');
    expect(() => drawingFromLink('draw=%E0')).toThrow('not valid URL encoding');
    expect(() => drawingFromRows(['#'.repeat(MAX_DRAW_SIDE + 1)])).toThrow(`a side is a whole number from 1 to ${MAX_DRAW_SIDE}`);
    expect(() => blankDrawing(0, 3)).toThrow('the width is 0');
  });

  test('resize keeps what fits at the top left; shifting there and back keeps what stayed on the board; invert twice is the picture', () => {
    fc.assert(
      fc.property(drawing, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), (d, w, h, dx, dy) => {
        const r = resized(d, w, h);
        for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) expect(r.cells[y * w + x]).toBe(x < d.width && y < d.height ? d.cells[y * d.width + x] : 0);
        const s = shifted(d, dx, dy);
        const back = shifted(s, -dx, -dy);
        for (let y = 0; y < d.height; y++) {
          for (let x = 0; x < d.width; x++) {
            const stayed = x + dx >= 0 && x + dx < d.width && y + dy >= 0 && y + dy < d.height;
            expect(back.cells[y * d.width + x]).toBe(stayed ? d.cells[y * d.width + x] : 0);
          }
        }
        expect(sameDrawing(inverted(inverted(d)), d)).toBe(true);
        expect(inverted(d).cells.every((v, i) => v + d.cells[i]! === 1)).toBe(true);
      }),
    );
  });
});

describe('imageCells', () => {
  /** An image of `scale` x `scale` pixel blocks per cell, black cells dark grey on light grey. */
  const image = (d: Drawing, scale: number, alpha = 255) => {
    const w = d.width * scale;
    const data = new Uint8ClampedArray(w * d.height * scale * 4);
    for (let p = 0; p < data.length / 4; p++) {
      const cell = Math.floor(Math.floor(p / w) / scale) * d.width + Math.floor((p % w) / scale);
      data.set(d.cells[cell] ? [40, 40, 40, alpha] : [220, 220, 220, alpha], p * 4);
    }
    return { width: w, height: d.height * scale, data };
  };

  test('an image of the picture, at any scale, gives the picture back; the threshold decides', () => {
    fc.assert(
      fc.property(drawing, fc.integer({ min: 1, max: 5 }), (d, scale) => {
        expect(imageCells(image(d, scale), d.width, d.height, 128)).toEqual(d.cells);
        expect(imageCells(image(d, scale), d.width, d.height, 30).every((v) => v === 0)).toBe(true);
        expect(imageCells(image(d, scale), d.width, d.height, 250).every((v) => v === 1)).toBe(true);
        // Transparent pixels are white, whatever their colour.
        expect(imageCells(image(d, scale, 0), d.width, d.height, 128).every((v) => v === 0)).toBe(true);
      }),
    );
  });

  test('a board finer than the image takes the pixel under each cell', () => {
    const d = drawingFromRows(['#.', '.#']);
    const cells = imageCells(image(d, 1), 4, 4, 128);
    expect(drawingRows({ width: 4, height: 4, cells })).toEqual(['##..', '##..', '..##', '..##']);
  });
});

describe('editedGrey', () => {
  test('cells as the image made them keep their grey level, cells drawn since are pure; its threshold picture is the drawing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }).chain((n) => fc.tuple(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n }), fc.uint8Array({ minLength: n, maxLength: n, max: 1 }), fc.integer({ min: 1, max: 255 }))),
        ([darkness, cells, lightness]) => {
          const t = darknessThreshold(lightness);
          const { darkness: used, edited } = editedGrey({ width: darkness.length, height: 1, darkness }, lightness, cells);
          let changed = 0;
          used.forEach((d, i) => {
            expect(d > t ? 1 : 0).toBe(cells[i]);
            if ((darkness[i]! > t ? 1 : 0) === cells[i]) expect(d).toBe(darkness[i]);
            else (changed++, expect(d).toBe(cells[i]));
          });
          expect(edited).toBe(changed);
        },
      ),
    );
  });
});

describe('make proposals (makeProposal.ts)', () => {
  const answer = (o: Partial<DrawMakeResult>): DrawMakeResult => ({ kind: 'drawMake', goal: 'line-solvable', method: 'greedy', status: 'made', changes: [1, 2, 3], cost: 3, fewest: 'found', lowerBound: 1, cheapestProven: false, verdict: { status: 'unique', lineSolvable: true }, free: 64, ms: 1, ...o });
  const words = { grey: false, toBlack: 2, toWhite: 1, limitMs: 10_000, ending: 'done' } as const;

  test('two answers combine to the better proposal with the best bound either proved; the fewest is proven when the bound reaches it', () => {
    const greedy = answer({});
    const proof = answer({ method: 'prove', changes: [4, 5], cost: 2, lowerBound: 2, fewest: 'proven' });
    expect(combine(greedy, proof)).toMatchObject({ changes: [4, 5], lowerBound: 2, fewest: 'proven' });
    // A proof stopped at its limit before finding any: the greedy proposal stays, with the proof's bound.
    const stopped = answer({ method: 'prove', status: 'unknown', changes: [], cost: 0, lowerBound: 3 });
    expect(combine(greedy, stopped)).toMatchObject({ status: 'made', changes: [1, 2, 3], lowerBound: 3, fewest: 'proven' });
    expect(combine(greedy, answer({ method: 'prove', status: 'unknown', changes: [], cost: 0, lowerBound: 2 }))).toMatchObject({ changes: [1, 2, 3], lowerBound: 2, fewest: 'found' });
    // As many cells, cheaper: the cheaper one.
    expect(combine(answer({ cost: 2.5 }), answer({ changes: [7, 8, 9], cost: 0.5 }))).toMatchObject({ changes: [7, 8, 9], cost: 0.5 });
  });

  test('what is left to prove, and the words of each answer', () => {
    expect(needsProof(answer({}), false)).toBe(true);
    expect(needsProof(answer({ changes: [1], lowerBound: 1, fewest: 'proven' }), false)).toBe(false);
    expect(needsProof(answer({ changes: [1], lowerBound: 1, fewest: 'proven' }), true)).toBe(true);
    expect(needsProof(answer({ status: 'none', changes: [] }), false)).toBe(false);
    expect(proposalWords(answer({}), words)).toBe('Change 3 cells (2 to black, 1 to white, marked green) and the clues alone, without given cells, make the picture unique and line-solvable: line logic alone finds it. 3 is the fewest found in the time limit of 10 s; at least 1 cell must change (proved).');
    expect(proposalWords(answer({ lowerBound: 3, fewest: 'proven', cost: 1.234 }), { ...words, grey: true })).toBe(
      'Change 3 cells (2 to black, 1 to white, marked green) and the clues alone, without given cells, make the picture unique and line-solvable: line logic alone finds it. 3 is the fewest: no fewer changed cells do it (proved). Grey cost 1.23 (a cell at the threshold costs 0, pure black or white 1): the cheapest set of 3 found, not proved the cheapest.',
    );
    expect(proposalWords(answer({ goal: 'unique', changes: [9], lowerBound: 1, fewest: 'proven', verdict: { status: 'unique', lineSolvable: false, difficulty: 'probing' } }), { ...words, toBlack: 1, toWhite: 0 })).toBe(
      'Change 1 cell (1 to black, 0 to white, marked green) and the clues alone, without given cells, make the picture unique; line logic alone stalls on it, probing (one cell of look-ahead) settles it. One cell is the fewest: the picture as drawn is not unique (proved).',
    );
    expect(proposalWords(answer({ status: 'none', changes: [], free: 5 }), words)).toBe('No change of the 5 unprotected cells makes the picture solvable by line logic: proved (every set of them was tried).');
    expect(proposalWords(answer({ status: 'unknown', changes: [], lowerBound: 0 }), { ...words, limitMs: 500 })).toBe('No proposal: the time limit of 0.5 s ended before any change that makes the picture solvable by line logic was found.');
    expect(proposalWords(answer({}), { ...words, ending: 'stopped' })).toContain('3 is the fewest found before Stop; at least 1 cell must change (proved).');
  });
});

describe('UndoHistory', () => {
  test('undo and redo walk the states; a new edit forgets the redo; the depth is bounded', () => {
    const h = new UndoHistory<number>();
    expect(h.undo(0)).toBeUndefined();
    h.record(0);
    h.record(1);
    expect(h.undo(2)).toBe(1);
    expect(h.undo(1)).toBe(0);
    expect(h.canUndo).toBe(false);
    expect(h.redo(0)).toBe(1);
    expect(h.redo(1)).toBe(2);
    expect(h.canRedo).toBe(false);
    expect(h.undo(2)).toBe(1);
    h.record(1);
    expect(h.canRedo).toBe(false);
    const deep = new UndoHistory<number>();
    for (let k = 0; k < UNDO_DEPTH + 10; k++) deep.record(k);
    let n = 0;
    while (deep.undo(-1) !== undefined) n++;
    expect(n).toBe(UNDO_DEPTH);
  });
});
