// The library in a dozen lines: `node examples/library.mjs` after `npm run build`
// (docs/reference/library.md shows this file; test/libraryExample.test.ts runs it).
import { encrypt, decrypt, verify, formatCiphertext, parseCiphertext, solve, annotate, formatAnnotation, makePuzzle, puzzleOf, makeGrid, gridRows } from 'nonocrypt';

// Encrypt: blocks of 6x6, annotations for the line-logic receiver, two worker threads.
const { ciphertext, blocks } = await encrypt('TO BE, OR NOT TO BE.', { size: 6, receiver: 'logic', jobs: 2 });
const text = formatCiphertext(ciphertext); // the ciphertext file
console.log(text.trimEnd());
console.log('proven smallest:', blocks.every((b) => b.proven));

// Decrypt and verify read the file back; a time limit per block makes slow blocks `unknown`.
const back = await decrypt(parseCiphertext(text), { timeoutMs: 10_000 });
console.log(back.ok ? back.text : back.failures.map((e) => e.message).join('\n'));
const report = await verify(parseCiphertext(text));
console.log(report.summary);

// Any puzzle: the clues of a picture, solved; then the fewest cells that make it unique.
const picture = makeGrid(4, 4, [1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1]);
const result = await solve(puzzleOf(picture));
console.log(result.status, result.status === 'multiple' ? result.grids.map(gridRows) : '');
// The annotation: cells as row-major indices, i = y * width + x; formatAnnotation writes them
// as the ciphertext's annotation line (two symbols per cell, x then y).
const { annotation, proven } = await annotate(picture, { receiver: 'unique' });
const cells = annotation.map((i) => `(${i % picture.width}, ${Math.floor(i / picture.width)})`);
console.log(`black cells to give, (x, y): ${cells.join(' ')}; annotation ${formatAnnotation(annotation, picture.width)}`, proven ? '(proven smallest)' : '(not proven)');
// Or change the picture instead: the fewest cells whose change makes it solvable by line logic.
const made = await makePuzzle(picture);
const changed = made.changes.map((i) => `(${i % picture.width}, ${Math.floor(i / picture.width)})`);
console.log(`${made.status}: change ${changed.join(' ')}`, made.fewest === 'proven' ? '(proven fewest)' : `(at least ${made.lowerBound})`, `-> ${made.verdict?.status}`);
