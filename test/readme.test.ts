// The README and every page of docs/ (and ARCHITECTURE.md, CONTRIBUTING.md) as their readers get
// them: parsed by a CommonMark parser (commonmark.js, the spec's reference implementation), every
// code fence closed, every YAML and JSON block parsed (by `yaml`, a YAML 1.2 parser, and
// JSON.parse), and every shell example run against the built CLI, page by page, in order, in a
// fresh folder holding a copy of examples/, its exit code and the output it shows checked.
// (test/recipes.test.ts runs what the YAML blocks describe.)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseDocument } from 'yaml';
import { ROOT, assertBuilt, childEnv, cliOnPath, hasGnuParallel, nonocrypt, tempDir } from './helpers/cli.js';
import { docPages } from './helpers/docPages.js';
import { fences, shellExamples, shownPattern, swallowedHeadings } from './helpers/readme.js';

const PAGES = docPages(ROOT).map((page) => ({ page, text: readFileSync(join(ROOT, page), 'utf8') }));
const README = PAGES[0]!.text;
/** The page with every command in one line (docs/reference/cli.md). */
const CLI_REFERENCE = readFileSync(join(ROOT, 'docs', 'reference', 'cli.md'), 'utf8');

describe('the checks themselves', () => {
  test('a fence left open, or "closed" by a line with text after it, is found, with the heading it swallows', () => {
    const open = '# t\n\n```sh\n$ ls\n```\n\n```sh\n$ ls\n``` trailing words\n\n### Next\n\ntext\n';
    expect(fences(open).map((f) => f.closed)).toEqual([true, false]);
    expect(swallowedHeadings(open)).toEqual(['block at line 7: ### Next']);
    const fine = '```sh\n# a comment\n$ ls\n```\n\n### Next\n\n````md\n```\n````\n';
    expect(fences(fine).map((f) => [f.lang, f.closed])).toEqual([
      ['sh', true],
      ['md', true],
    ]);
    expect(swallowedHeadings(fine)).toEqual([]);
  });

  test('examples: prompts, the output under them, exit codes from "# exit N" or "echo $?"', () => {
    const md = '```sh\n$ a --x   # exit 2\nout 1\n...\n$ b\n$ echo $?\n1\n```\n\n```sh\nnpm test\n```\n';
    expect(shellExamples(md)).toEqual([
      { command: 'a --x   # exit 2', line: 2, block: 1, shown: 'out 1\n...\n', exit: 2 },
      { command: 'b', line: 5, block: 1, exit: 1 },
      { command: 'echo $?', line: 6, block: 1, shown: '1\n', exit: 0 },
      { command: 'npm test', line: 11, block: 10, exit: 0 },
    ]);
    const p = shownPattern('block 1: ...\n...\ndone\n');
    expect(p.test('block 1: unique\nmore\nlines\ndone\n')).toBe(true);
    expect(p.test('block 1: unique\ndone\n')).toBe(true);
    expect(p.test('block 2: unique\ndone\n')).toBe(false);
    expect(shownPattern('a (b) [c]\n').test('a (b) [c]\n')).toBe(true);
  });
});

describe.each(PAGES)('$page', ({ text }) => {
  test('every code fence is closed and no heading is swallowed by a code block', () => {
    const all = fences(text);
    expect(all.filter((f) => !f.closed).map((f) => `line ${f.startLine}`)).toEqual([]);
    expect(swallowedHeadings(text)).toEqual([]);
  });

  test('every YAML and JSON block parses, with no key given twice', () => {
    const blocks = fences(text).filter((f) => ['yaml', 'yml', 'json'].includes(f.lang));
    for (const f of blocks) {
      const problems = f.lang === 'json' ? jsonProblems(f.literal) : yamlProblems(f.literal);
      expect(problems, `the ${f.lang} block at line ${f.startLine}`).toEqual([]);
    }
  });
});

describe('the documentation as a whole', () => {
  test('has code blocks, YAML among them, and the README has a shell example of each everyday task', () => {
    expect(PAGES.flatMap((p) => fences(p.text)).length).toBeGreaterThan(60);
    expect(PAGES.flatMap((p) => fences(p.text)).map((f) => f.lang)).toContain('yaml');
    const run = shellExamples(README).map((e) => e.command).join('\n');
    for (const c of ['encrypt', 'decrypt', 'verify --certify', 'check-certificate', 'solve', 'web', '--shard']) expect(run, c).toContain(c);
  });

  test('the command-line reference lists every command --help names, in its order, and each has an example', () => {
    const reference = fences(CLI_REFERENCE).find((f) => f.lang === '' && f.literal.startsWith('nonocrypt encrypt'));
    expect(reference, 'the block of docs/reference/cli.md that lists the commands').toBeDefined();
    const listed = [...reference!.literal.matchAll(/^nonocrypt (\w+)/gm)].map((m) => m[1]);
    const help = nonocrypt(['--help']).stdout;
    const section = help.slice(help.indexOf('Commands:'), help.indexOf('\n\n', help.indexOf('Commands:')));
    const commands = [...section.matchAll(/^ {2}(\w+)/gm)].map((m) => m[1]).filter((c) => c !== 'help');
    expect(listed).toEqual(commands);
    // And each has an example that runs (below).
    const run = PAGES.flatMap((p) => shellExamples(p.text)).map((e) => e.command);
    for (const c of commands) expect(run.some((e) => new RegExp(`\\bnonocrypt ${c}\\b`).test(e)), `an example of ${c}`).toBe(true);
  });
});

/** A YAML block's errors and warnings (duplicate keys are errors), each as its first line. */
function yamlProblems(text: string): string[] {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  return [...doc.errors, ...doc.warnings].map((e) => e.message.split('\n')[0]!);
}

/**
 * A JSON block's problems: what JSON.parse rejects, then a key given twice, which JSON.parse
 * accepts (the last one wins); JSON is YAML 1.2, so yamlProblems finds those.
 */
function jsonProblems(text: string): string[] {
  try {
    JSON.parse(text);
  } catch (e) {
    return [(e as Error).message];
  }
  return yamlProblems(text);
}

describe('the checks themselves: YAML and JSON', () => {
  test('a GitHub expression inside a flow mapping is not YAML; in a block mapping it is', () => {
    expect(yamlProblems('with: { name: shard-${{ matrix.shard }}, path: a }\n')).not.toEqual([]);
    expect(yamlProblems('with:\n  name: shard-${{ matrix.shard }}\n  path: a\n')).toEqual([]);
    expect(yamlProblems('a: 1\na: 2\n')).not.toEqual([]);
    expect(jsonProblems('{"a": 1, ...}')).not.toEqual([]);
    expect(jsonProblems('{"a": [1, 2]}')).toEqual([]);
    expect(jsonProblems('{"a": 1, "a": 2}')).not.toEqual([]);
  });
});

/**
 * What is not run here, each for a reason, each one that must still be in the documentation (so
 * the list cannot go stale): the test command (this suite is it), a server that runs until
 * Ctrl-C (test/browser.test.ts drives it), and the container commands (no container engine here).
 */
const NOT_RUN: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: /^npm test$/, why: 'the test command: this suite' },
  { pattern: /^nonocrypt web\b/, why: 'serves until Ctrl-C: test/browser.test.ts drives it' },
  { pattern: /^docker (build|push|run) /, why: 'needs a container engine: test/recipes.test.ts runs them with a stand-in for docker' },
  // CONTRIBUTING.md's commands for maintainers, which work on the repository itself:
  { pattern: /^npx vitest run /, why: 'a file of this suite, which runs it' },
  { pattern: /^(ONLY=\w+ )?engines\/build\.sh\b/, why: 'rebuilds the WebAssembly engines (minutes; installs emscripten as root): test/engines.test.ts checks the engines against their hashes' },
  { pattern: /^npm run bench\b/, why: 'the benchmarks: minutes to hours, on the shared puzzles outside the repository' },
];

/**
 * Programs some examples run that are not ours: GNU parallel (the shard recipes; .ci/run installs
 * it, so CI must have it), and two LRAT checkers the certificate page compares (cake_lpr, drat-trim's
 * lrat-check), which .ci/run does not install. A machine without one skips the blocks that run it
 * (the lines after it in a block use what it made).
 */
const OTHER_PROGRAMS: readonly { readonly name: string; readonly has: () => boolean; readonly ci: boolean }[] = [
  { name: 'parallel', has: hasGnuParallel, ci: true },
  { name: 'cake_lpr', has: () => onPath('cake_lpr'), ci: false },
  { name: 'lrat-check', has: () => onPath('lrat-check'), ci: false },
];

function onPath(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).status === 0;
}

test('each command that is not run is still in the documentation', () => {
  const all = PAGES.flatMap((p) => shellExamples(p.text));
  expect(all.length).toBeGreaterThan(60);
  for (const n of NOT_RUN) expect(all.some((e) => n.pattern.test(e.command)), String(n.pattern)).toBe(true);
  for (const p of OTHER_PROGRAMS) expect(all.some((e) => new RegExp(`(^|[|&;] *)${p.name}\\b`).test(e.command)), p.name).toBe(true);
});

const missing = OTHER_PROGRAMS.filter((p) => !p.has());
if (missing.some((p) => p.ci) && process.env.CI) throw new Error(`${missing.filter((p) => p.ci).map((p) => p.name).join(', ')} missing in CI: .ci/run installs it`);
if (missing.length) console.warn(`test/readme.test.ts: examples that run ${missing.map((p) => p.name).join(', ')} are skipped: not installed`);

describe.each(PAGES.filter((p) => shellExamples(p.text).length > 0))('every shell example of $page, run in order in a fresh folder', ({ text }) => {
  const examples = shellExamples(text);
  let tmp: { dir: string; cleanup: () => void };
  let env: NodeJS.ProcessEnv;

  beforeAll(() => {
    assertBuilt();
    tmp = tempDir('nonocrypt-readme-');
    cpSync(join(ROOT, 'examples'), join(tmp.dir, 'examples'), { recursive: true });
    // The render examples write the pictures of docs/render/, as in the repository.
    mkdirSync(join(tmp.dir, 'docs', 'render'), { recursive: true });
    env = childEnv({ PATH: `${cliOnPath(tmp.dir)}:${process.env.PATH}` });
  });

  afterAll(() => tmp?.cleanup());

  let lastExit = 0;
  for (const ex of examples) {
    // `npm install && ...` on a fresh machine: the installation is this suite's own; `npx
    // nonocrypt` is the installed command.
    const command = ex.command.replace(/^npm install && /, '').replace(/\bnpx nonocrypt\b/g, 'nonocrypt');
    const needs = (e: { command: string }) => missing.find((p) => new RegExp(`(^|[|&;] *)${p.name}\\b`).test(e.command));
    const skip = NOT_RUN.find((n) => n.pattern.test(command)) ?? examples.filter((e) => e.block === ex.block).map(needs).find(Boolean);
    test.skipIf(Boolean(skip))(`line ${ex.line}: $ ${ex.command}`, () => {
      let code: number | null;
      let output: string;
      if (command.trim() === 'echo $?') {
        [code, output] = [0, `${lastExit}\n`];
      } else {
        const r = spawnSync('sh', ['-c', command], { cwd: tmp.dir, env, input: '', encoding: 'utf8', timeout: 60_000 });
        [code, output] = [r.status, r.stdout + r.stderr];
        lastExit = r.status ?? -1;
      }
      expect(code, output).toBe(ex.exit);
      if (ex.shown !== undefined) expect(output).toMatch(shownPattern(ex.shown));
    });
  }
});
