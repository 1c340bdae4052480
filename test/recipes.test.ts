// Recipes that run: the Dockerfile, and the recipes of docs/how-to/many-machines.md that use its image (the docker
// commands, the Kubernetes Indexed Job, the GitHub Actions matrix), carried out here with no
// container engine and no cluster.
//
// The image is built by carrying out the Dockerfile in a scratch folder (helpers/scratchImage.ts:
// COPY from the repository, every RUN for real: `npm ci` from the npm cache, the build, `npm
// link`, the pruning), then its entry command runs. The page's `docker` commands run with a
// stand-in for docker that runs that image (helpers/dockerStandIn.mjs); the Job's pod command
// runs once per index with JOB_COMPLETION_INDEX set, in a folder standing for its volume; the
// Actions workflow's steps run once per matrix value, in a folder standing for the checkout.
// Each recipe's shard reports together must be one process's report, and a pod succeeds only
// when its part is real: its exit code a verdict (0, 1 or 3), never bad input (issue 66, item 12).
//
// Every Job and workflow on the page must be one this file knows (RECIPES): a new recipe
// fails here until the test says what data it runs on.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ROOT, assertBuilt, nonocrypt, tempDir } from './helpers/cli.js';
import { fences, shellExamples } from './helpers/readme.js';
import { buildScratchImage, instructions, runContainer, type ScratchImage } from './helpers/scratchImage.js';

/** The page that holds the recipes. */
const PAGE = readFileSync(join(ROOT, 'docs', 'how-to', 'many-machines.md'), 'utf8');
const DOCKERFILE = join(ROOT, 'Dockerfile');
const yamlBlocks = fences(PAGE)
  .filter((f) => f.lang === 'yaml')
  .map((f) => ({ line: f.startLine, doc: parseYaml(f.literal) as Record<string, unknown> }));

/** Job spec fields of Kubernetes 1.24 (batch/v1); later ones (backoffLimitPerIndex, 1.29; podFailurePolicy, 1.26; ...) are not. */
const JOB_SPEC_1_24 = ['activeDeadlineSeconds', 'backoffLimit', 'completionMode', 'completions', 'manualSelector', 'parallelism', 'selector', 'suspend', 'template', 'ttlSecondsAfterFinished'];

/**
 * The recipes the page holds, by name, each with the one-process command its shards' reports
 * add up to (run on the same data, sorted lines compared); a recipe without one is run, every
 * index or matrix job, and must succeed, but its reports are not compared. A recipe whose real
 * run takes hours (a proof search) is run on a smaller game of the same shape (`smaller`: the
 * flags replaced in its script), and `proof` names the parts' folder: they are merged with
 * `merge-proofs` and the merged proof must pass `check`.
 */
interface Recipe {
  readonly whole?: readonly string[];
  readonly smaller?: readonly [string, string];
  readonly proof?: string;
  /** A split board (`solve --split K/N`): the parts' folder and the board; merged, they must give one process's verdict. */
  readonly split?: { readonly parts: string; readonly board: string };
}
const RECIPES: Readonly<Record<string, Recipe>> = {
  'job nonocrypt-verify': { whole: ['verify', '--json', 'ciphertexts/'] },
  'job nonocrypt-split': { split: { parts: 'parts', board: 'board.non' } },
  'job nonocrypt-bound': { smaller: ['--lies 2 --guesses 9', '--lies 1 --guesses 7'], proof: 'parts' },
  'workflow verify': { whole: ['verify', '--json', 'ciphertexts/'] },
};

interface Container {
  image: string;
  workingDir: string;
  command: string[];
  args: string[];
  env?: { name: string; value: string }[];
  volumeMounts: { mountPath: string }[];
}

interface Step {
  uses?: string;
  run?: string;
  if?: string;
  with?: { name: string; path: string };
}

/** The image the page's docker commands build and push (the Job names it). */
const pushedTag = shellExamples(PAGE).find((e) => /^docker push /.test(e.command))?.command.split(/\s+/)[2];

/** The worst exit code of a collection's parts: 2, then 1, then 3, then 0 (docs/how-to/many-machines.md, shards). */
/** The exit codes that are verdicts (docs/reference/exit-codes.md): a part that ends with one is real. */
const VERDICTS = [0, 1, 3];
const worst = (codes: readonly number[]) => [2, 1, 3, 0].find((c) => codes.includes(c)) ?? Math.max(...codes);
const sortedLines = (text: string) => text.split('\n').filter(Boolean).sort();

interface JobSpec {
  completionMode: string;
  completions: number;
  backoffLimit?: number;
  template: { spec: { containers: Container[] } };
}

/** Where a pod's script records its part's exit code (`echo $code > DIR/NAME-$k.exit`), as a function of K; undefined when it records none. */
function recordedExit(script: string): ((k: number) => string) | undefined {
  const m = /echo \$code > (\S+)\$k\.exit/.exec(script);
  return m ? (k: number) => `${m[1]}${k}.exit` : undefined;
}

let tmp: { dir: string; cleanup: () => void };
let image: ScratchImage;
/** A folder of ciphertexts, as a user's data: unique blocks, an ambiguous block, an unreadable file. */
let data: string;
let standIn: { bin: string; state: string };

beforeAll(() => {
  assertBuilt();
  tmp = tempDir('nonocrypt-recipes-');
  data = join(tmp.dir, 'data');
  mkdirSync(join(data, 'ciphertexts'), { recursive: true });
  for (const f of ['to-be.txt', 'needs-search.nc', 'to-be-block2.nc']) copyFileSync(join(ROOT, 'examples', f), join(data, 'ciphertexts', f));
  const scatter = nonocrypt(['convert', '--to', 'cipher', 'examples/scatter.pic']);
  expect(scatter.code, scatter.stderr).toBe(0);
  writeFileSync(join(data, 'ciphertexts', 'scatter.nc'), scatter.stdout);
  writeFileSync(join(data, 'ciphertexts', 'unreadable.nc'), 'not a ciphertext\n');
  // The board the split recipe spreads over its pods (a puzzle that needs probing).
  const board = nonocrypt(['convert', '--to', 'non', 'examples/needs-search.nc']);
  expect(board.code, board.stderr).toBe(0);
  writeFileSync(join(data, 'board.non'), board.stdout);
  image = buildScratchImage(DOCKERFILE, ROOT, join(tmp.dir, 'image'));
  standIn = { bin: join(tmp.dir, 'docker-bin'), state: join(tmp.dir, 'docker-state.json') };
  mkdirSync(standIn.bin);
  writeFileSync(join(standIn.bin, 'docker'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'test', 'helpers', 'dockerStandIn.mjs')}" "$@"\n`);
  chmodSync(join(standIn.bin, 'docker'), 0o755);
  writeFileSync(
    standIn.state,
    JSON.stringify({
      dockerfile: DOCKERFILE,
      image: { entrypoint: image.entrypoint, cmd: image.cmd, workdir: image.workdir, workdirHere: image.workdirHere, path: image.env.PATH },
      built: [],
      pushed: [],
    }),
  );
}, 900_000);

afterAll(() => tmp?.cleanup());

/** A copy of the data folder, for one run of a recipe. */
function dataCopy(name: string, extra: readonly string[] = []): string {
  const dir = join(tmp.dir, name);
  cpSync(data, dir, { recursive: true });
  for (const f of extra) copyFileSync(join(ROOT, f), join(dir, f));
  return dir;
}

/**
 * The one-process run of a recipe's `whole` command, by its arguments: run once, in a fresh copy
 * of the data, and reused by every recipe with the same command (each copy of the data is the same).
 */
const wholeRuns = new Map<string, ReturnType<typeof runContainer>>();
function wholeRun(args: readonly string[]): ReturnType<typeof runContainer> {
  const key = args.join(' ');
  let r = wholeRuns.get(key);
  if (r === undefined) {
    r = runContainer(image, { args, cwd: dataCopy(`whole-${wholeRuns.size + 1}`) });
    wholeRuns.set(key, r);
  }
  return r;
}

/** The image, once every RUN step succeeded (the RUN test shows the step that failed). */
function built(): ScratchImage {
  if (image.steps.some((s) => s.code !== 0)) throw new Error('the image was not built: see the RUN steps test');
  return image;
}

const standInState = () => JSON.parse(readFileSync(standIn.state, 'utf8')) as { built: string[]; pushed: string[] };
const shellEnv = () => ({ ...image.env, PATH: `${standIn.bin}:${process.env.PATH}`, DOCKER_STAND_IN: standIn.state });

describe('the Dockerfile', () => {
  test('a Node image on Debian, of a Node version package.json allows', () => {
    const from = /^node:(\d+)-(bookworm|bullseye|trixie)(-slim)?$/.exec(image.base);
    expect(from, `FROM ${image.base}`).not.toBeNull();
    const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(Number(from![1])).toBeGreaterThanOrEqual(Number(/>=\s*(\d+)/.exec(engines)![1]));
  });

  test("what it copies is in the repository and not left out of the build context by .dockerignore", () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    const copied = instructions(readFileSync(DOCKERFILE, 'utf8'))
      .filter((i) => i.op === 'COPY')
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    for (const c of copied) {
      expect(existsSync(join(ROOT, c)), c).toBe(true);
      expect(ignored.filter((p) => c === p || c.startsWith(`${p}/`)), c).toEqual([]);
    }
  });

  test("its RUN steps succeed in a scratch copy: npm ci (installing and building), npm link, the pruning", () => {
    expect(image.steps.length).toBeGreaterThan(0);
    for (const s of image.steps) expect(s.code, `RUN ${s.instruction.args} (line ${s.instruction.line}):\n${s.output.slice(-3000)}`).toBe(0);
    // The build tools are gone; what runs is the build, with its one native dependency.
    expect(existsSync(image.here('/opt/nonocrypt/node_modules/typescript'))).toBe(false);
    expect(existsSync(image.here('/opt/nonocrypt/dist/nonocrypt.mjs'))).toBe(true);
  });

  test('its entry command is nonocrypt, on the PATH: --help by default, --version, verify and a PNG in the working folder', () => {
    built();
    const help = runContainer(image);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: nonocrypt /);
    const version = runContainer(image, { args: ['--version'] });
    expect(version.stdout.trim()).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
    copyFileSync(join(ROOT, 'examples', 'to-be.txt'), join(image.workdirHere, 'to-be.txt'));
    const verify = runContainer(image, { args: ['verify', 'to-be.txt'] });
    expect([verify.code, verify.stdout, verify.stderr]).toEqual([0, expect.stringMatching(/\n3 blocks: 3 unique, 0 multiple, 0 none\n$/), '']);
    const png = runContainer(image, { args: ['render', '--solution', '--block', '2', '-o', 'b2.png', 'to-be.txt'] });
    expect(png.code, png.stderr).toBe(0);
    expect(readFileSync(join(image.workdirHere, 'b2.png')).subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('the recipes of docs/how-to/many-machines.md', () => {
  test("the docker commands build, push and run the Dockerfile's image", () => {
    built();
    const commands = shellExamples(PAGE).filter((e) => /^docker /.test(e.command));
    expect(commands.map((c) => c.command.split(' ')[1])).toEqual(['build', 'push', 'run']);
    const clone = dataCopy('clone', ['Dockerfile']);
    cpSync(join(ROOT, 'examples'), join(clone, 'examples'), { recursive: true });
    for (const c of commands) {
      const r = spawnSync('bash', ['-e', '-c', c.command], { cwd: clone, env: shellEnv(), input: '', encoding: 'utf8', timeout: 120_000 });
      expect(r.status, `line ${c.line}: ${c.command}\n${r.stderr}`).toBe(c.exit);
      if (c.command.startsWith('docker run')) expect(r.stdout).toMatch(/\n3 blocks: 3 unique, 0 multiple, 0 none\n$/);
    }
    expect(standInState().pushed).toEqual([pushedTag]);
  });

  test('every Job and workflow is one this test runs', () => {
    const names = yamlBlocks.map(({ doc }) => (doc.kind === 'Job' ? `job ${(doc.metadata as { name: string }).name}` : doc.jobs ? `workflow ${doc.name as string}` : 'other'));
    expect(names.filter((n) => n !== 'other').sort()).toEqual(Object.keys(RECIPES).sort());
  });

  for (const { line, doc } of yamlBlocks.filter((b) => b.doc.kind === 'Job')) {
    const name = `job ${(doc.metadata as { name: string }).name}`;
    test(`the Kubernetes Job (line ${line}): Kubernetes 1.24 fields, the Dockerfile's image, and every index run as a pod`, () => {
      built();
      expect(doc.apiVersion).toBe('batch/v1');
      const spec = doc.spec as { completionMode: string; completions: number; backoffLimit?: number; template: { spec: { containers: Container[] } } };
      expect(Object.keys(spec).filter((k) => !JOB_SPEC_1_24.includes(k))).toEqual([]);
      expect(spec.completionMode).toBe('Indexed');
      const [pod] = spec.template.spec.containers;
      // The image the page's docker commands push; the data mounted where the image works.
      expect(pod!.image).toBe(pushedTag);
      expect(pod!.workingDir).toBe(image.workdir);
      expect(pod!.volumeMounts.map((m) => m.mountPath)).toContain(image.workdir);
      const script = pod!.args.join(' ');
      expect(Number(/--(?:shard|split) [^ ]*(?: [^ -][^ ]*)*?\/(\d+)/.exec(script)?.[1])).toBe(spec.completions);
      const recipe = RECIPES[name];
      const smaller = recipe?.smaller;
      if (smaller) expect(script, 'the flags the test replaces to run a smaller game').toContain(smaller[0]);
      const args = smaller ? pod!.args.map((a) => a.replaceAll(smaller[0], smaller[1])) : pod!.args;
      const podEnv = Object.fromEntries((pod!.env ?? []).map((e) => [e.name, e.value]));
      // The volume, as the pods share it: each index runs in the same folder.
      const volume = dataCopy(`job-${line}`);
      const recorded = recordedExit(script);
      for (let index = 0; index < spec.completions; index++) {
        const r = runContainer(image, { command: pod!.command, args, cwd: volume, env: { ...podEnv, JOB_COMPLETION_INDEX: String(index) } });
        // A pod that records its part's exit code succeeds exactly on a verdict; one that does not, always.
        const code = recorded ? Number(readFileSync(join(volume, recorded(index + 1)), 'utf8')) : 0;
        expect(r.code === 0, `index ${index} (its part exited ${code}): ${r.stderr}`).toBe(VERDICTS.includes(code));
      }
      if (recipe?.proof) {
        const parts = readdirSync(join(volume, recipe.proof)).filter((f) => f.endsWith('.proof')).sort();
        expect(parts).toHaveLength(spec.completions);
        const merged = runContainer(image, { args: ['mastermind', 'merge-proofs', ...parts.map((p) => `${recipe.proof}/${p}`), '-o', 'merged.proof'], cwd: volume });
        expect(merged.code, merged.stderr).toBe(0);
        const checked = runContainer(image, { args: ['mastermind', 'check', 'merged.proof'], cwd: volume });
        expect(checked.code, checked.stdout + checked.stderr).toBe(0);
        expect(checked.stdout).toMatch(/^valid proof: /);
      }
      if (recipe?.split) {
        const { parts, board } = recipe.split;
        const docs = readdirSync(join(volume, parts)).filter((f) => f.endsWith('.json')).sort();
        expect(docs).toHaveLength(spec.completions);
        const merged = runContainer(image, { args: ['merge', '--json', ...docs.map((d) => `${parts}/${d}`)], cwd: volume });
        const one = runContainer(image, { args: ['solve', '--json', board], cwd: volume });
        expect(merged.code, merged.stderr).toBe(one.code);
        const m = JSON.parse(merged.stdout) as { status: string; solutions: string[][] };
        const w = JSON.parse(one.stdout) as { status: string; solutions: string[][] };
        expect(m.status).toBe(w.status);
        expect(m.solutions).toEqual(w.solutions);
      }
      const wholeArgs = recipe?.whole;
      if (!wholeArgs) return;
      const results = readdirSync(join(volume, 'results'));
      expect(results.filter((f) => f.endsWith('.jsonl'))).toHaveLength(spec.completions);
      const whole = wholeRun(wholeArgs);
      const shards = results.filter((f) => f.endsWith('.jsonl')).map((f) => readFileSync(join(volume, 'results', f), 'utf8'));
      expect(sortedLines(shards.join(''))).toEqual(sortedLines(whole.stdout));
      const codes = results.filter((f) => f.endsWith('.exit')).map((f) => Number(readFileSync(join(volume, 'results', f), 'utf8')));
      expect(codes).toHaveLength(spec.completions);
      // The data holds an ambiguous block and an unreadable file: shards fail as one process does.
      expect(worst(codes)).toBe(whole.code);
      expect(whole.code).toBe(2);
    });
  }

  // Issue 66, item 12: `[ $code -le 3 ]` let exit 2 pass, so a pod whose input was missing
  // succeeded with an empty part. Each Job that records its parts' codes, on a volume without its
  // input: every pod that had something to read fails, and none leaves an empty part.
  for (const { line, doc } of yamlBlocks.filter((b) => b.doc.kind === 'Job' && recordedExit((b.doc.spec as JobSpec).template.spec.containers[0]!.args.join(' ')))) {
    test(`the Kubernetes Job (line ${line}): a pod whose input is missing fails, and leaves no part`, () => {
      built();
      const spec = doc.spec as JobSpec;
      const [pod] = spec.template.spec.containers;
      const script = pod!.args.join(' ');
      const input = /(\S+)\s*(?:>|;|$)/.exec(script.slice(script.search(/--(?:shard|split) /)))![1]!;
      const volume = dataCopy(`job-${line}-missing`);
      rmSync(join(volume, input), { recursive: true });
      const failed: number[] = [];
      for (let index = 0; index < spec.completions; index++) {
        const r = runContainer(image, { command: pod!.command, args: pod!.args, cwd: volume, env: { JOB_COMPLETION_INDEX: String(index) } });
        const code = Number(readFileSync(join(volume, recordedExit(script)!(index + 1)), 'utf8'));
        if (r.code !== 0) failed.push(index);
        // Exit 2 is no verdict: that pod fails (before the fix it succeeded).
        if (code === 2) expect(r.code, `index ${index}`).not.toBe(0);
        else expect(VERDICTS, `index ${index}: exit ${code}`).toContain(code);
      }
      // A split board is every pod's input; a collection's missing folder is shard 1's only input.
      const split = RECIPES[`job ${(doc.metadata as { name: string }).name}`]?.split;
      expect(failed).toEqual(split ? [...Array(spec.completions).keys()] : [0]);
      // A split's parts are written with -o, whole or not at all: no part file is left to merge.
      if (split) expect(readdirSync(join(volume, split.parts)).filter((f) => !f.endsWith('.exit'))).toEqual([]);
    });
  }

  for (const { line, doc } of yamlBlocks.filter((b) => b.doc.jobs)) {
    const name = `workflow ${doc.name as string}`;
    test(`the GitHub Actions workflow (line ${line}): every matrix job's steps, with the Dockerfile's image`, () => {
      built();
      const [job, ...more] = Object.values(doc.jobs as Record<string, { strategy: { matrix: { shard: number[] } }; steps: Step[] }>);
      expect(more).toEqual([]);
      const artifacts = new Map<string, string>();
      const failed: string[] = [];
      for (const shard of job!.strategy.matrix.shard) {
        const checkout = dataCopy(`actions-${line}-${shard}`, ['Dockerfile']);
        let ok = true;
        for (const step of job!.steps) {
          if (!ok && step.if !== 'always()') continue;
          if (step.uses) {
            if (step.uses === 'actions/checkout@v4') continue; // the checkout is the folder itself
            expect(step.uses).toBe('actions/upload-artifact@v4');
            const artifact = step.with!.name.replaceAll('${{ matrix.shard }}', String(shard));
            const path = step.with!.path.replaceAll('${{ matrix.shard }}', String(shard));
            artifacts.set(artifact, readFileSync(join(checkout, path), 'utf8'));
            continue;
          }
          const command = step.run!.replaceAll('${{ matrix.shard }}', String(shard));
          expect(command).not.toContain('${{');
          const r = spawnSync('bash', ['-e', '-c', command], { cwd: checkout, env: shellEnv(), input: '', encoding: 'utf8', timeout: 120_000 });
          expect(r.stderr, command).not.toMatch(/docker \(test stand-in\)/);
          ok = r.status === 0;
        }
        if (!ok) failed.push(`shard-${shard}`);
      }
      expect([...artifacts.keys()].sort()).toEqual(job!.strategy.matrix.shard.map((s) => `shard-${s}`).sort());
      const wholeArgs = RECIPES[name]?.whole;
      if (!wholeArgs) {
        expect(failed).toEqual([]);
        return;
      }
      const whole = wholeRun(wholeArgs);
      expect(sortedLines([...artifacts.values()].join(''))).toEqual(sortedLines(whole.stdout));
      // A matrix job fails exactly when its shard holds an ambiguous block or an unreadable file.
      const failing = [...artifacts].filter(([, text]) => sortedLines(text).some((l) => !l.includes('"ok":true'))).map(([name]) => name);
      expect(failing.length).toBeGreaterThan(0);
      expect(failed.sort()).toEqual(failing.sort());
    });
  }
});
