// A Dockerfile's image built without a container engine, for test/recipes.test.ts: its
// instructions carried out in a scratch folder that stands for the image's file system. COPY
// copies from the repository (the build context), RUN runs its shell command in the mapped
// working folder, and the image's entry command then runs from there.
//
// Only what our Dockerfile uses is understood (FROM, WORKDIR, COPY, RUN, ENTRYPOINT, CMD, the
// exec form of the last two); anything else is an error, so the stand-in cannot silently skip
// a step. The image's /usr/local (npm's global folder in the Node images, where `npm link`
// puts its command) is the scratch folder's usr/local, first on PATH. npm runs offline, from
// the cache `npm ci` filled (.ci/run runs it first): the recipes need no registry.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, posix } from 'node:path';
import { childEnv } from './cli.js';

export interface Instruction {
  readonly op: string;
  readonly args: string;
  /** 1-based line where it starts. */
  readonly line: number;
}

/** The instructions, with continuation lines (`\` at the end) joined and comments dropped. */
export function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trimEnd();
    if (!pending && (line.trim() === '' || line.trimStart().startsWith('#'))) return;
    const continued = line.endsWith('\\');
    const part = continued ? line.slice(0, -1) : line;
    pending = pending ? { text: `${pending.text} ${part.trim()}`, line: pending.line } : { text: part.trim(), line: i + 1 };
    if (continued) return;
    const m = /^(\S+)\s*(.*)$/.exec(pending.text)!;
    out.push({ op: m[1]!.toUpperCase(), args: m[2]!, line: pending.line });
    pending = undefined;
  });
  return out;
}

/** The exec (JSON array) form of ENTRYPOINT and CMD. */
function execForm(i: Instruction): string[] {
  let v: unknown;
  try {
    v = JSON.parse(i.args);
  } catch {
    v = undefined;
  }
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new Error(`Dockerfile line ${i.line}: ${i.op} in exec form (a JSON array of strings) is what the stand-in runs`);
  return v as string[];
}

export interface StepResult {
  readonly instruction: Instruction;
  readonly code: number | null;
  readonly output: string;
  readonly ms: number;
}

export interface ScratchImage {
  /** The folder standing for the image's root. */
  readonly root: string;
  /** FROM's image reference. */
  readonly base: string;
  /** The final working folder, as the image names it (`/data`), and where it is here. */
  readonly workdir: string;
  readonly workdirHere: string;
  readonly entrypoint: readonly string[];
  readonly cmd: readonly string[];
  /** The environment a process in the image gets here (PATH with the image's bin first). */
  readonly env: NodeJS.ProcessEnv;
  readonly steps: readonly StepResult[];
  /** A folder of the image, by its absolute path in the image. */
  here(path: string): string;
}

/**
 * Carry out the Dockerfile at `dockerfile` with `context` as the build context, into `root`.
 * Stops at the first RUN that fails (its result is the last of `steps`).
 */
export function buildScratchImage(dockerfile: string, context: string, root: string): ScratchImage {
  const here = (p: string) => join(root, posix.resolve('/', p));
  const env = childEnv({
    PATH: `${here('/usr/local/bin')}:${process.env.PATH}`,
    npm_config_prefix: here('/usr/local'),
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    // What the test runner sets is not in an image.
    NODE_ENV: undefined,
    NODE_OPTIONS: undefined,
    VITEST: undefined,
    VITEST_MODE: undefined,
    VITEST_POOL_ID: undefined,
    VITEST_WORKER_ID: undefined,
  });
  let base = '';
  let workdir = '/';
  let entrypoint: string[] = [];
  let cmd: string[] = [];
  const steps: StepResult[] = [];
  mkdirSync(here('/usr/local/bin'), { recursive: true });
  for (const i of instructions(readFileSync(dockerfile, 'utf8'))) {
    switch (i.op) {
      case 'FROM':
        base = i.args;
        break;
      case 'WORKDIR':
        workdir = posix.resolve(workdir, i.args);
        mkdirSync(here(workdir), { recursive: true });
        break;
      case 'COPY': {
        const parts = i.args.split(/\s+/);
        if (parts.some((p) => p.startsWith('--'))) throw new Error(`Dockerfile line ${i.line}: COPY flags are not understood by the stand-in`);
        const dest = posix.resolve(workdir, parts.at(-1)!);
        const sources = parts.slice(0, -1);
        const intoFolder = parts.at(-1)!.endsWith('/') || sources.length > 1;
        for (const s of sources) {
          const from = join(context, s);
          if (!existsSync(from)) throw new Error(`Dockerfile line ${i.line}: COPY ${s}: not in the build context`);
          // A folder's contents are copied (into dest); a file goes into a folder dest by name.
          const to = statSync(from).isDirectory() ? here(dest) : intoFolder ? join(here(dest), basename(s)) : here(dest);
          cpSync(from, to, { recursive: true });
        }
        break;
      }
      case 'RUN': {
        if (i.args.startsWith('[')) throw new Error(`Dockerfile line ${i.line}: RUN in exec form is not understood by the stand-in`);
        const t0 = performance.now();
        const r = spawnSync('sh', ['-c', i.args], { cwd: here(workdir), env, input: '', encoding: 'utf8', timeout: 600_000 });
        steps.push({ instruction: i, code: r.status, output: `${r.stdout}${r.stderr}${r.error ? String(r.error) : ''}`, ms: performance.now() - t0 });
        if (r.status !== 0) return image();
        break;
      }
      case 'ENTRYPOINT':
        entrypoint = execForm(i);
        break;
      case 'CMD':
        cmd = execForm(i);
        break;
      default:
        throw new Error(`Dockerfile line ${i.line}: ${i.op} is not understood by the stand-in (FROM, WORKDIR, COPY, RUN, ENTRYPOINT, CMD)`);
    }
  }
  return image();

  function image(): ScratchImage {
    return { root, base, workdir, workdirHere: here(workdir), entrypoint, cmd, env, steps, here };
  }
}

/**
 * Run a container of the image as `docker run` would: `command` replaces the entry point (as
 * Kubernetes' `command` does) and `args` the CMD; in the working folder (where the data is
 * mounted) or in `cwd`.
 */
export function runContainer(image: ScratchImage, options: { command?: readonly string[]; args?: readonly string[]; cwd?: string; env?: Record<string, string> } = {}) {
  const entry = options.command ?? image.entrypoint;
  const argv = [...entry, ...(options.args ?? (options.command ? [] : image.cmd))];
  if (argv.length === 0) throw new Error('the image has no entry command');
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: options.cwd ?? image.workdirHere, env: { ...image.env, ...options.env }, input: '', encoding: 'utf8', timeout: 120_000 });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
