import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Fallback measurement for the scale benchmark when GNU time is missing:
 * `node dist/bench/scaleWrap.js <cli.js> ...args` runs the CLI in this process and, at exit,
 * writes "wall user system maxRSS(KiB)" (the format of `/usr/bin/time -f '%e %U %S %M'`) to
 * the file named by NONOCRYPT_BENCH_RUSAGE. Worker threads belong to this process, so their
 * CPU and memory are included.
 */
const out = process.env.NONOCRYPT_BENCH_RUSAGE;
const started = performance.now();
if (out) {
  process.on('exit', () => {
    const r = process.resourceUsage();
    const wall = (performance.now() - started) / 1000;
    writeFileSync(out, `${wall.toFixed(2)} ${(r.userCPUTime / 1e6).toFixed(2)} ${(r.systemCPUTime / 1e6).toFixed(2)} ${r.maxRSS}\n`);
  });
}
const cli = process.argv[2];
if (!cli) throw new Error('usage: scaleWrap.js <cli.js> [args...]');
process.argv.splice(1, 1); // the CLI sees [node, cli.js, ...args]
await import(pathToFileURL(cli).href);
