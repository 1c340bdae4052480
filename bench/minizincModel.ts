import type { Puzzle } from '../src/grid/Puzzle.js';

/**
 * The classic constraint model of a nonogram, for the MiniZinc peers of `bench/peers`: a 0/1
 * cell per square and one `regular` constraint per row and column over the automaton of its
 * clue, written out as a transition table (symbols 1 = white, 2 = black; state 0 is failure).
 * The automaton of clue c1..ck: state 1 loops on white before the first block; block j has c_j
 * states read on black; after a block a gap state loops on white and moves into the next block
 * on black (the gap of a block that is not the last needs at least one white, which is what
 * reading white from a block's last cell does). Accepting: the last gap, or the last block's last
 * cell. The whole model, data included, is one text; `output` prints each solution as rows of
 * `#` and `.`, so the runner's standard output is `-n 2`'s solutions between `----------`
 * lines and `==========` when the search was complete.
 */
export function minizincModel(p: Puzzle): string {
  const line = (clue: readonly number[], cells: string): string => {
    if (clue.length === 0) return `constraint forall(c in ${cells}) (c == 1);`;
    const a = clueAutomaton(clue);
    return `constraint regular(${cells}, ${a.table.length}, 2, [|${a.table.map((r) => r.join(',')).join('|')}|], 1, {${a.finals.join(',')}});`;
  };
  return [
    `% nonogram ${p.width}x${p.height}: one regular constraint per line (1 white, 2 black)`,
    'include "regular.mzn";',
    `array[1..${p.height}, 1..${p.width}] of var 1..2: x;`,
    ...p.rows.map((c, y) => line(c, `[x[${y + 1}, i] | i in 1..${p.width}]`)),
    ...p.cols.map((c, i) => line(c, `[x[y, ${i + 1}] | y in 1..${p.height}]`)),
    'solve satisfy;',
    `output [if j == 1 then "\\n" else "" endif ++ if fix(x[i, j]) == 2 then "#" else "." endif | i in 1..${p.height}, j in 1..${p.width}] ++ ["\\n"];`,
    '',
  ].join('\n');
}

/**
 * The automaton of a non-empty clue as MiniZinc's `regular` takes it: `table[q - 1]` holds the
 * next states of state q on white and on black (0: failure), state 1 starts, `finals` accept.
 */
export function clueAutomaton(clue: readonly number[]): { table: [white: number, black: number][]; finals: number[] } {
  const table: [number, number][] = [[1, 2]]; // state 1: white stays, black enters block 1 (state 2)
  const finals: number[] = [];
  let state = 1;
  clue.forEach((len, j) => {
    const last = j === clue.length - 1;
    for (let t = 1; t <= len; t++) {
      state++;
      // a block cell: black continues the block (not past its length), white ends it (only after its last cell)
      table.push(t < len ? [0, state + 1] : [state + 1, 0]);
    }
    if (last) finals.push(state);
    state++;
    // the gap after block j: white stays, black enters block j+1 (none after the last)
    table.push([state, last ? 0 : state + 1]);
    if (last) finals.push(state);
  });
  return { table, finals };
}

/** Solutions and completeness read from MiniZinc's standard output (`-n 2`, the model's output above). */
export function readMinizincOutput(stdout: string): { grids: string[][]; complete: boolean; unsat: boolean } {
  const unsat = stdout.includes('=====UNSATISFIABLE=====');
  const complete = unsat || stdout.includes('==========');
  const grids = stdout.split('----------').slice(0, -1).map((s) => s.split('\n').map((l) => l.trim()).filter((l) => /^[#.]+$/.test(l)));
  return { grids, complete, unsat };
}
