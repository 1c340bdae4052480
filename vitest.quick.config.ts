// The quick tier, `npm run test:quick`: every test file of the full suite (vitest.config.ts,
// which `npm test` and CI run) except those in SLOW_TESTS, the files that take longer than
// QUICK_FILE_SECONDS alone or that drive a program from outside (chromium, npm, g++, GNU
// parallel, the Dockerfile's steps). A new file is quick unless it is listed here;
// test/testTiers.test.ts checks the list (CONTRIBUTING.md, "Tests").
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import suite from './vitest.config.js';

/**
 * A file that takes longer than this alone, in seconds, belongs to the full suite only (range
 * 1-20: what a quick run may cost, against what it covers). The measurement: the full suite's
 * file times of 2026-12-07 (vitest's default reporter; commit 0bcf5c2; 2 cores shared with other
 * work at a load average of 6-9). The 34 files at or under 5 s took 40.5 s of the 956 s there;
 * `npm run test:quick` with them took 40 and 42 s wall at a load average of 2, 67-120 s at 7-10
 * (49-61 s of CPU). At 7 s (6 files more: gamesSettled to certificatesCli below) it took 106 s
 * wall at 8, 76 s of CPU.
 */
export const QUICK_FILE_SECONDS = 5;

/**
 * The files `npm run test:quick` leaves to `npm test`: why, ending with the file's seconds in the
 * full suite of 2026-12-07 (above), sorted by them. A file under QUICK_FILE_SECONDS is here only
 * for an outside program it drives (test/testTiers.test.ts checks both).
 */
export const SLOW_TESTS: Readonly<Record<string, string>> = {
  'test/gamesSmall.test.ts': "the small games' shipped proofs checked: 170.8 s",
  'test/gamesCli.test.ts': "mastermind commands as processes, a search up to Node's heap limit: 112.7 s",
  'test/games.test.ts': 'the games library against brute force, candidates with lies: 76.5 s',
  'test/cliContract.test.ts': 'the CLI as processes, time limits with more blocks than workers: 38.9 s',
  'test/gamesBounds.test.ts': "the full-size games' lower-bound proofs checked: 36.1 s",
  'test/pool.test.ts': 'worker pools up to their memory caps and time limits: 35.6 s',
  'test/cliGuidance.test.ts': 'the CLI as processes, encrypt of a 1,000-character message: 34.5 s',
  'test/readme.test.ts': "the README's shell examples run in order, GNU parallel among them: 33.4 s",
  'test/recipes.test.ts': "the Dockerfile's steps and the README's container recipes in a scratch image: 29.8 s",
  'test/coreNative.test.ts': 'the core built by g++ with sanitizers, against brute force: 29.3 s',
  'test/gamesOpen.test.ts': "the open searches' checkpoints, and the proof a recipe writes: 27.1 s",
  'test/gamesProofKernel.test.ts': 'the compiled proof kernel against the TypeScript checker on changed proofs: 24.8 s',
  'test/autoSize.test.ts': "encrypt --size auto on the caller's SAT session, one search of 19 s: 22.4 s",
  'test/cli.test.ts': 'the CLI as processes, a terminal through script(1): 21.1 s',
  'test/gamesCore.test.ts': 'the compiled games core against the TypeScript search: 19.4 s',
  'test/cliWalkFour.test.ts': 'the fourth walk, the CLI as processes, split parts up to their time limits (alone, 2026-12-07): 17.7 s',
  'test/workflowCli.test.ts': 'the everyday workflow, the CLI as processes: 15.6 s',
  'test/split.test.ts': 'split and merge as processes, through GNU parallel: 15.3 s',
  'test/draw.test.ts': 'the Draw tab in chromium: 14.6 s',
  'test/timeLimits.test.ts': 'the CLI as processes up to their time limits: 14.2 s',
  'test/core.test.ts': "the nonogram core's line solver and search against enumeration: 12.3 s",
  'test/cliWalkThree.test.ts': 'the CLI as processes, every --help on an 80-column terminal: 12.3 s',
  'test/gamesPn.test.ts': 'the proof-number search against minimax, and through the CLI: 11.7 s',
  'test/collections.test.ts': 'collections and shards, the CLI as processes: 11.7 s',
  'test/fuzz.test.ts': 'every reader fuzzed, huge inputs in child processes of capped heap: 11.3 s',
  'test/shards.test.ts': 'the shard recipe through GNU parallel: 10.1 s',
  'test/cliWalk.test.ts': 'the CLI as processes: 9.4 s',
  'test/browser.test.ts': 'the web page in chromium: 9.3 s',
  'test/renderCli.test.ts': 'render and `nonocrypt web` as processes (the page built): 9.1 s',
  'test/gamesSettled.test.ts': "the settled games' proofs checked in parts: 6.7 s",
  'test/portfolio.test.ts': 'portfolio members racing on worker threads: 6.6 s',
  'test/package.test.ts': 'npm pack, and the tarball installed by npm in an empty folder: 6.6 s',
  'test/beliefDecimation.test.ts': 'belief propagation and decimation against enumeration: 6.3 s',
  'test/encryptNotes.test.ts': "encrypt's progress and notes, the CLI as a process: 5.8 s",
  'test/lratProof.test.ts': "the proof engine's LRAT proofs, a memory cap reached: 5.3 s",
  'test/certificatesCli.test.ts': 'certificates, the CLI as processes: 5.04 s',
  'test/npmInstall.test.ts': 'npm install --package-lock-only and npm ci --dry-run in a scratch folder: 3.9 s',
  'test/browserAutoNote.test.ts': "the page's size auto note in chromium (alone, 2026-12-07): 2.6 s",
};

export default mergeConfig(
  suite,
  defineConfig({
    test: { exclude: [...configDefaults.exclude, ...Object.keys(SLOW_TESTS)] },
  }),
);
