/**
 * The bench dispatcher: `npm run bench -- <name> [options]`; `npm run bench` lists the names.
 *
 * Each benchmark is a module in bench/ that exports `main(args: string[]): Promise<void>`
 * (args are the options after the name). Adding one is one line in BENCHES.
 */
interface BenchModule {
  main(args: string[]): Promise<void>;
}

const BENCHES: Record<string, { about: string; load: () => Promise<BenchModule> }> = {
  engines: { about: 'our WebAssembly MiniSat and CaDiCaL: instance set-up; DIMACS files next to the native Debian binaries (setup | solve f.cnf...)', load: () => import('./engines.js') },
  cipher: { about: 'a 100-character message at n = 8..25: minimizer vs the paper\'s exhaustive search; verify all 4x4 grids; --part brown|auto [--engine NAME]: Brown-corpus messages at n = 16..35, --size auto vs a sweep', load: () => import('./cipher.js') },
  fuzz: { about: 'every reader: fuzz cases (--cases, default 100,000; --seed) and huge inputs (--huge-mb, default 100): failures, slowest case, peak RSS (--part cases|huge)', load: () => import('./fuzz.js') },
  paper: { about: 'the paper\'s experiment: 50 Brown-corpus messages, n = 1..35, both tables and receivers; --size auto (--write updates docs/EXPERIMENTS.md)', load: () => import('./paper.js') },
  pool: { about: 'our WorkerPool against piscina and tinypool: start-up, 65,536 4x4 verify, 1 MB encrypt/decrypt, time-out storms (--part startup|verify|text|storm|kill)', load: () => import('./pool.js') },
  scale: { about: 'long messages, many blocks, large boards: CLI time and peak memory (--part text|big|classic|verify|memory)', load: () => import('./scale.js') },
  web: { about: 'the web page in chromium: bundle size, load, encrypt, decrypt and verify of the shipped examples, browser-test run time (--screenshots writes docs/web/)', load: () => import('./web.js') },
  code: { about: "lines of code per layer of src/ and the CLI's share, file by file, with the library modules each CLI file imports", load: () => import('./code.js') },
  collection: { about: 'the survey and TAAI 2011 puzzles as files: solve --json over the folder in one process against one process per file (wall, CPU, load)', load: () => import('./collection.js') },
  tables: { about: 'decrypt without --table: how often Brown-corpus messages of 5..100 characters are read by exactly their own built-in table (n = 5..12)', load: () => import('./tables.js') },
  solve: { about: 'Wolter\'s survey puzzles and the TAAI/TCGA/ICGA tournament sets (../shared/bench): verdicts, CPU s, CLI start-up', load: () => import('./solve.js') },
};

async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    process.stdout.write('usage: npm run bench -- <name> [options]   (--write updates docs/BENCHMARKS.md)\n\nbenchmarks:\n');
    const width = Math.max(...Object.keys(BENCHES).map((k) => k.length));
    for (const [k, b] of Object.entries(BENCHES)) process.stdout.write(`  ${k.padEnd(width)}  ${b.about}\n`);
    return 0;
  }
  const bench = BENCHES[name];
  if (!bench) {
    process.stderr.write(`unknown benchmark "${name}"; known: ${Object.keys(BENCHES).join(', ')}\n`);
    return 2;
  }
  await (await bench.load()).main(rest);
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
