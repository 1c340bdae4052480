import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { codeVersion, commandLine, markdownTable, packageRoot, parseArgs, writeSection } from './common.js';

/**
 * How the code is spread over the layers, and the CLI's share of it: lines of code per folder
 * of src/ and per file of src/cli/ (a line counts when it holds code: blank lines and lines that
 * are only comment are left out), and for each CLI file the library functions it calls.
 *
 *     npm run bench -- code [--write]
 *
 * The CLI is meant to be a translation: flags to one options object, one library call,
 * printing. The table shows where it is more than that.
 */

/** Lines that hold code: not blank, not only a comment (`//`, or inside or opening a block comment). */
export function codeLines(text: string): number {
  let n = 0;
  let inBlock = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes('*/')) {
        inBlock = false;
        if (line.slice(line.indexOf('*/') + 2).trim()) n++;
      }
      continue;
    }
    if (!line || line.startsWith('//')) continue;
    if (line.startsWith('/*')) {
      if (!line.includes('*/')) inBlock = true;
      else if (line.slice(line.indexOf('*/') + 2).trim()) n++;
      continue;
    }
    n++;
  }
  return n;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The modules below src/cli that a CLI file imports (its calls into the library). */
function libraryImports(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/from '((?:\.\.\/)+)([^']+)\.js'/g)) {
    const target = m[2]!;
    if (!target.startsWith('cli/') && !/^(CliIO|ExitCode|io|options|program|runCli|nodeFlags|webServer)$/.test(target) && !target.startsWith('commands/')) out.add(target);
  }
  return [...out].sort();
}

export async function main(args: string[]): Promise<void> {
  const opts = parseArgs(args, { write: 'flag' });
  const root = packageRoot();
  const src = join(root, 'src');
  const files = tsFiles(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, 'utf8') }));
  const total = files.reduce((a, f) => a + codeLines(f.text), 0);
  const byLayer = new Map<string, { files: number; lines: number }>();
  for (const f of files) {
    const layer = f.path.includes('/') ? f.path.slice(0, f.path.indexOf('/')) : '(top level)';
    const e = byLayer.get(layer) ?? { files: 0, lines: 0 };
    e.files++;
    e.lines += codeLines(f.text);
    byLayer.set(layer, e);
  }
  const cli = files.filter((f) => f.path.startsWith('cli/')).map((f) => ({ ...f, lines: codeLines(f.text) }));
  const cliTotal = cli.reduce((a, f) => a + f.lines, 0);
  const pct = (n: number) => `${((100 * n) / total).toFixed(1)} %`;
  const layers = markdownTable(
    ['folder of src/', 'files', 'lines of code', 'share'],
    [...byLayer.entries()].sort((a, b) => b[1].lines - a[1].lines).map(([k, v]) => [k, v.files, v.lines, pct(v.lines)]),
  );
  const cliTable = markdownTable(
    ['file', 'lines of code', 'library modules it imports'],
    cli.sort((a, b) => b.lines - a.lines).map((f) => [`src/${f.path}`, f.lines, libraryImports(f.text).join(', ') || '-']),
  );
  const body = [
    '## code: the layers, and the CLI\'s share',
    '',
    `Date ${new Date().toISOString()}. Code: ${codeVersion()}. Command: \`${commandLine('code', args)}\`.`,
    '',
    'Lines of code (blank and comment-only lines left out) of the TypeScript in src/, by folder (layer), and each file of the CLI with the library modules it imports.',
    '',
    layers,
    '',
    `The CLI: ${cliTotal} of ${total} lines (${pct(cliTotal)}), in ${cli.length} files.`,
    '',
    cliTable,
  ].join('\n');
  process.stdout.write(body + '\n');
  if (opts.get('write')) process.stderr.write(`wrote ${writeSection('code', body)}\n`);
}
