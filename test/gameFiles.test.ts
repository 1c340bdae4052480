// The games' files in pieces (src/cli/gameFiles.ts): a proof may be longer than one string can
// be, so it is written as gzip members of at most 16 Mi characters and read back a block at a
// time. Compared here with plain gzip and with the text whole.
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gzipPieces } from '../src/cli/gameFiles.js';
import { textPieces } from '../src/games/build/textPieces.js';
import { linesOf } from '../src/formats/textLines.js';

describe('games files in pieces', () => {
  test('a text under one member is exactly gzip -9 of the whole; a longer one is several members that unpack to it', () => {
    const small = ['{"a":1}\n', '(0,5:', '1234', ')\n'];
    expect(Buffer.concat([...gzipPieces(small)])).toEqual(gzipSync(small.join(''), { level: 9 }));
    expect(Buffer.concat([...gzipPieces([])])).toEqual(gzipSync('', { level: 9 }));
    const block = 'x'.repeat(1 << 20);
    const big = Array.from({ length: 17 }, (_, i) => block.slice(i)); // 17 Mi characters less a few
    const members = [...gzipPieces(big)];
    expect(members.length).toBe(2);
    expect(gunzipSync(Buffer.concat(members)).toString()).toBe(big.join(''));
  });

  test('text pieces and lines: the same text and lines as read whole, a character of several bytes never cut', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('\n', 'é', '€', '𝄞'), fc.string({ maxLength: 6 })), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const bytes = Buffer.from(text);
        expect([...textPieces(bytes)].join('')).toBe(text);
        const lines = text.split('\n');
        if (lines[lines.length - 1] === '') lines.pop();
        expect([...linesOf(parts)]).toEqual(lines);
      }),
    );
    // A character of three bytes across the 16 MiB block boundary.
    const across = 'a'.repeat((1 << 24) - 1) + '€b';
    const pieces = [...textPieces(Buffer.from(across))];
    expect(pieces.length).toBe(2);
    expect(pieces.join('')).toBe(across);
  });
});
