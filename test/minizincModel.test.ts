import { describe, expect, it } from 'vitest';
import { clueAutomaton, minizincModel, readMinizincOutput } from '../bench/minizincModel.js';

/** The clue of a line of 0/1 cells. */
const clueOf = (cells: readonly number[]): number[] => cells.join('').split('0').filter(Boolean).map((r) => r.length);

/** Whether the automaton (MiniZinc `regular` semantics: symbols 1 white, 2 black, state 0 fails) accepts the line. */
function accepts(a: ReturnType<typeof clueAutomaton>, cells: readonly number[]): boolean {
  let q = 1;
  for (const c of cells) {
    q = a.table[q - 1]![c]!;
    if (q === 0) return false;
  }
  return a.finals.includes(q);
}

describe('the MiniZinc peer model (bench/minizincModel.ts)', () => {
  it('accepts exactly the lines of its clue: every clue and every line up to 9 cells', () => {
    const wrong: string[] = [];
    for (let n = 1; n <= 9; n++) {
      const lines = Array.from({ length: 1 << n }, (_, m) => Array.from({ length: n }, (_, i) => (m >> i) & 1));
      const clues = new Map(lines.map((l) => [clueOf(l).join(','), clueOf(l)]));
      for (const clue of clues.values()) {
        if (clue.length === 0) continue;
        const a = clueAutomaton(clue);
        for (const l of lines) if (accepts(a, l) !== (clueOf(l).join(',') === clue.join(','))) wrong.push(`clue ${clue}, line ${l.join('')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('writes one regular constraint per non-empty line and fixes the empty ones white', () => {
    const model = minizincModel({ width: 3, height: 2, rows: [[2], []], cols: [[1], [1], []] });
    expect(model.match(/constraint regular/g)).toHaveLength(3);
    expect(model).toContain('forall(c in [x[2, i] | i in 1..3]) (c == 1)');
    expect(model).toContain('forall(c in [x[y, 3] | y in 1..2]) (c == 1)');
  });

  it('reads two solutions, a complete search and unsatisfiability from the output', () => {
    expect(readMinizincOutput('\n#.\n.#\n----------\n\n.#\n#.\n----------\n')).toEqual({ grids: [['#.', '.#'], ['.#', '#.']], complete: false, unsat: false });
    expect(readMinizincOutput('\n##\n----------\n==========\n')).toEqual({ grids: [['##']], complete: true, unsat: false });
    expect(readMinizincOutput('=====UNSATISFIABLE=====\n')).toEqual({ grids: [], complete: true, unsat: true });
  });
});
