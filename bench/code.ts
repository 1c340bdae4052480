import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { here } from './harness/commands.js';
import { packageRoot } from './harness/doc.js';
import { pct, sum } from './harness/stats.js';
import { defineSuite, part, view } from './harness/suite.js';

/**
 * How the code is spread over the layers of src/, and the CLI's share: lines of code per folder
 * and per file of src/cli/ (blank lines and lines that are only comment left out), and for each
 * CLI file the library modules it imports. The CLI is meant to be a translation (flags to one
 * options object, one library call, printing); the table shows where it is more than that.
 */

/** Lines that hold code: not blank, not only a comment (`//`, or inside or opening a block comment). */
export function codeLines(text: string): number {
  let n = 0;
  let inBlock = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const after = (s: string) => s.slice(s.indexOf('*/') + 2).trim() !== '';
    if (inBlock) {
      if (line.includes('*/')) {
        inBlock = false;
        if (after(line)) n++;
      }
    } else if (line.startsWith('/*')) {
      if (!line.includes('*/')) inBlock = true;
      else if (after(line)) n++;
    } else if (line && !line.startsWith('//')) n++;
  }
  return n;
}

const tsFiles = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  return statSync(path).isDirectory() ? tsFiles(path) : name.endsWith('.ts') ? [path] : [];
});

/** The modules outside src/cli that a CLI file imports (its calls into the library). */
function libraryImports(text: string): string {
  const out = new Set<string>();
  for (const m of text.matchAll(/from '((?:\.\.\/)+)([^']+)\.js'/g)) if (!m[2]!.startsWith('cli/') && !m[2]!.startsWith('commands/') && !/^(CliIO|ExitCode|io|options|program|runCli|nodeFlags|webServer)$/.test(m[2]!)) out.add(m[2]!);
  return [...out].sort().join(', ') || '-';
}

interface File {
  readonly path: string;
  readonly lines: number;
  readonly text: string;
}

export const suite = defineSuite({
  about: "lines of code per layer of src/ and the CLI's share, file by file, with the library modules each CLI file imports",
  flags: {},
  title: () => "code: the layers, and the CLI's share",
  parts: () => {
    const src = join(packageRoot(), 'src');
    const files: File[] = tsFiles(src).map((p) => ({ path: relative(src, p), text: readFileSync(p, 'utf8') })).map((f) => ({ ...f, lines: codeLines(f.text) }));
    const total = sum(files.map((f) => f.lines));
    const layer = (f: File) => (f.path.includes('/') ? f.path.slice(0, f.path.indexOf('/')) : '(top level)');
    const cli = files.filter((f) => f.path.startsWith('cli/')).sort((a, b) => b.lines - a.lines);
    return [part({
      about: 'Lines of code (blank and comment-only lines left out) of the TypeScript in src/, by folder (layer), and each file of the CLI with the library modules it imports.',
      inputs: [...new Set(files.map(layer))],
      commands: [here('count', (l: string) => files.filter((f) => layer(f) === l))],
      views: (runs) => [
        view({
          rows: [...runs].sort((a, b) => sum(b.value.value.map((f) => f.lines)) - sum(a.value.value.map((f) => f.lines))),
          columns: [['folder of src/', (r) => r.input], ['files', (r) => r.value.value.length], ['lines of code', (r) => sum(r.value.value.map((f) => f.lines))], ['share', (r) => pct(sum(r.value.value.map((f) => f.lines)), total)]],
        }),
        view({
          about: `The CLI: ${sum(cli.map((f) => f.lines))} of ${total} lines (${pct(sum(cli.map((f) => f.lines)), total)}), in ${cli.length} files.`,
          rows: cli,
          columns: [['file', (f: File) => `src/${f.path}`], ['lines of code', (f: File) => f.lines], ['library modules it imports', (f: File) => libraryImports(f.text)]],
        }),
      ],
    })];
  },
});
