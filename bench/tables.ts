import { gridsToBits, bitsToGrids } from '../src/cipher/blocks.js';
import { BUILTIN_TABLES, builtinTable, type BuiltinTableName } from '../src/cipher/Table.js';
import { searchTables } from '../src/cipher/TableSearch.js';
import { textToBits } from '../src/cipher/textBits.js';
import { here } from './harness/commands.js';
import { ints, whole } from './harness/flags.js';
import { pct } from './harness/stats.js';
import { defineSuite, part, view } from './harness/suite.js';
import { DEFAULT_SEED, drawExcerpts } from './paperCorpus.js';

/**
 * How often decrypt finds the table by itself (issue 13): the first L characters of Brown-corpus
 * excerpts (trailing spaces removed) encrypted with each built-in table at each board side, their
 * blocks' bits (padding included, as the receiver gets them) searched under both tables as
 * `decrypt` without `--table` does. No solving: the blocks' bits are the pictures.
 */
export const suite = defineSuite({
  about: 'decrypt without --table: how often Brown-corpus messages of 5..100 characters are read by exactly their own built-in table (n = 5..12)',
  flags: { count: whole(2000, 'excerpts'), seed: whole(DEFAULT_SEED, 'seed of the draw', 0), lengths: ints([5, 10, 20, 100], 'message lengths L'), sizes: ints([5, 6, 7, 8, 9, 10, 11, 12], 'board sides n') },
  title: () => 'tables: does decrypt find the table by itself?',
  parts: (o) => {
    const excerpts = drawExcerpts(o.count, o.seed, Math.max(100, ...o.lengths));
    return [part({
      about: `${o.count} Brown-corpus excerpts (seed ${o.seed}), their first L characters without trailing spaces, encrypted with each built-in table on n x n boards, n = ${o.sizes.join(', ')}; ` +
        "the blocks' bits searched under both tables as decrypt without --table does. found: only the right table fits; several: decrypt asks for --table; none or wrong: a failure (expected 0).",
      inputs: o.lengths.flatMap((length) => BUILTIN_TABLES.map((name) => ({ length, name }))),
      commands: [here('search', ({ length, name }: { length: number; name: BuiltinTableName }) => {
        const table = builtinTable(name);
        const c = { cases: 0, found: 0, several: 0, bad: 0 };
        for (const m of excerpts.map((e) => e.text.slice(0, length).trimEnd())) {
          for (const n of o.sizes) {
            const r = searchTables(gridsToBits(bitsToGrids(textToBits(m, table), n, n, table.paddingBit)), n * n);
            c.cases++;
            if (r.kind === 'found' && r.table === table && r.text === m) c.found++;
            else if (r.kind === 'several' && r.matches.some((x) => x.table === table && x.text === m)) c.several++;
            else c.bad++;
          }
        }
        return c;
      })],
      views: (runs) => [view({
        rows: runs,
        columns: [
          ['L (characters)', (r) => r.input.length],
          ['table', (r) => r.input.name],
          ['ciphertexts', (r) => r.value.value.cases],
          ['found', (r) => `${r.value.value.found} (${pct(r.value.value.found, r.value.value.cases, 2)})`],
          ['several', (r) => `${r.value.value.several} (${pct(r.value.value.several, r.value.value.cases, 2)})`],
          ['none or wrong', (r) => r.value.value.bad],
        ],
      })],
      problems: (runs) => runs.filter((r) => r.value.value.bad).map((r) => `L = ${r.input.length}, ${r.input.name}: ${r.value.value.bad} ciphertexts not read back`),
    })];
  },
});
