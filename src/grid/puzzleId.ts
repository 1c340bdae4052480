import type { Puzzle } from '../grid/Puzzle.js';

/**
 * A puzzle's identity: `sha256:` and the SHA-256 (hex) of its clues and given cells as the
 * text `W H`, then one line per row clue, one per column clue (numbers separated by spaces, an
 * empty line for an empty clue), then the given cells ascending, each line ended by a newline.
 * Two files of one board in different formats get the same identity; parts of a split board
 * carry it so that `merge` refuses parts of different boards.
 */
export async function puzzleId(puzzle: Puzzle, givens: readonly number[] = []): Promise<string> {
  const lines = [`${puzzle.width} ${puzzle.height}`, ...puzzle.rows.map((c) => c.join(' ')), ...puzzle.cols.map((c) => c.join(' ')), [...givens].sort((a, b) => a - b).join(' ')];
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(lines.join('\n') + '\n'));
  return 'sha256:' + [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
