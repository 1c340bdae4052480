import { gridsToBits, bitsToGrids } from '../src/cipher/blocks.js';
import { BUILTIN_TABLES, builtinTable } from '../src/cipher/Table.js';
import { searchTables } from '../src/cipher/TableSearch.js';
import { textToBits } from '../src/cipher/textBits.js';
import { codeVersion, commandLine, markdownTable, parseArgs, writeSection } from './common.js';
import { DEFAULT_SEED, drawExcerpts } from './paperCorpus.js';

/**
 * How often decrypt finds the table by itself (issue 13): English messages (the first L
 * characters of Brown-corpus excerpts, trailing spaces removed, as `paperCorpus.ts` draws them
 * with its seed) encrypted with each built-in table at each board side, their blocks' bits (the
 * padding included, as the receiver gets them) searched under both tables as `decrypt` without
 * `--table` does. Counts: found (the right table and text), several (decrypt asks for
 * `--table`), none or wrong (never expected: a ciphertext always fits its own table).
 * No solving is involved: the blocks' bits are the pictures.
 *
 *   npm run bench -- tables [--count 2000] [--seed N] [--lengths 5,10,20,100] [--sizes 5-12] [--write]
 */
export async function main(args: string[]): Promise<void> {
  const opts = parseArgs(args, { count: 'value', seed: 'value', lengths: 'value', sizes: 'value', write: 'flag' });
  const count = Number(opts.get('count') ?? 2000);
  const seed = Number(opts.get('seed') ?? DEFAULT_SEED);
  const lengths = String(opts.get('lengths') ?? '5,10,20,100').split(',').map(Number);
  const [lo, hi] = String(opts.get('sizes') ?? '5-12').split('-').map(Number) as [number, number];
  const excerpts = drawExcerpts(count, seed, Math.max(100, ...lengths));
  const rows: (string | number)[][] = [];
  for (const length of lengths) {
    const messages = excerpts.map((e) => e.text.slice(0, length).trimEnd());
    for (const name of BUILTIN_TABLES) {
      const table = builtinTable(name);
      const c = { cases: 0, found: 0, several: 0, bad: 0 };
      for (const m of messages) {
        for (let n = lo; n <= hi; n++) {
          const bits = gridsToBits(bitsToGrids(textToBits(m, table), n, n, table.paddingBit));
          const r = searchTables(bits, n * n);
          c.cases++;
          if (r.kind === 'found' && r.table === table && r.text === m) c.found++;
          else if (r.kind === 'several' && r.matches.some((x) => x.table === table && x.text === m)) c.several++;
          else c.bad++;
        }
      }
      const pct = (k: number) => `${((100 * k) / c.cases).toFixed(2)} %`;
      rows.push([length, name, c.cases, `${c.found} (${pct(c.found)})`, `${c.several} (${pct(c.several)})`, c.bad]);
    }
  }
  const body = [
    '## tables: does decrypt find the table by itself?',
    '',
    `Date ${new Date().toISOString()}. Code: ${codeVersion()}. Command: \`${commandLine('tables', args)}\`.`,
    '',
    `${count} Brown-corpus excerpts (seed ${seed}), their first L characters without trailing spaces, encrypted with each built-in table on n x n boards, n = ${lo}..${hi}; ` +
      "the blocks' bits searched under both tables as decrypt without --table does. found: only the right table fits; several: decrypt asks for --table; none or wrong: a failure (expected 0).",
    '',
    markdownTable(['L (characters)', 'table', 'ciphertexts', 'found', 'several', 'none or wrong'], rows),
  ].join('\n');
  process.stdout.write(body + '\n');
  if (opts.get('write')) process.stderr.write(`wrote ${writeSection('tables', body)}\n`);
}
