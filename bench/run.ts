import { progress } from './harness/doc.js';
import { runSuite, usage, type AnySuite } from './harness/suite.js';

/**
 * `npm run bench -- <suite> [options] [--write]`; `npm run bench` lists the suites and
 * `npm run bench -- <suite> --help` their options. Each suite is a declaration in a module of
 * bench/ exporting `suite` (see harness/suite.ts); adding one is one line here.
 */
const SUITES: Record<string, () => Promise<{ suite: AnySuite }>> = {
  certificates: () => import('./certificates.js'),
  cipher: () => import('./cipher.js'),
  collection: () => import('./collection.js'),
  draw: () => import('./draw.js'),
  make: () => import('./make.js'),
  code: () => import('./code.js'),
  engines: () => import('./engines.js'),
  fuzz: () => import('./fuzz.js'),
  'games-core': () => import('./gamesCore.js'),
  'games-open-check': () => import('./gamesOpenCheck.js'),
  'games-small': () => import('./gamesSmall.js'),
  paper: () => import('./paper.js'),
  peers: () => import('./peers.js'),
  pool: () => import('./pool.js'),
  scale: () => import('./scale.js'),
  solve: () => import('./solve.js'),
  split: () => import('./split.js'),
  tables: () => import('./tables.js'),
  web: () => import('./web.js'),
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const load = name ? SUITES[name] : undefined;
  if (!load) {
    if (name && name !== '--help' && name !== '-h') throw new Error(`unknown suite "${name}"; known: ${Object.keys(SUITES).join(', ')}`);
    process.stdout.write('usage: npm run bench -- <suite> [options] [--write]   (--write updates the suite\'s section in docs/results/)\n\nsuites:\n');
    for (const [k, l] of Object.entries(SUITES)) process.stdout.write(`  ${k.padEnd(10)}  ${(await l()).suite.about}\n`);
    return 0;
  }
  const { suite } = await load();
  if (rest.includes('--help')) {
    process.stdout.write(`${usage(name!, suite)}\n`);
    return 0;
  }
  return runSuite(name!, suite, rest);
}

main(process.argv.slice(2)).then(
  (code) => void (process.exitCode = code),
  (e: unknown) => {
    progress(`npm run bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exitCode = 2;
  },
);
