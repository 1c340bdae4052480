import { readdirSync, type Dirent } from 'node:fs';
import { join, normalize } from 'node:path';
import { collectionOrder, selectShard, type Shard } from '../collection/shard.js';
import { InputError } from '../errors.js';
import type { CliIO } from './CliIO.js';
import { describeFsError, readLines, readText, statOf } from './io.js';
import { counted } from '../formats/counted.js';
import type { LineSource, TextSource } from '../collection/sources.js';

/**
 * The inputs of `solve` and `verify`: one file (or standard input), or a collection given as
 * several files, folders and glob patterns.
 *
 * - A folder stands for the puzzle files (solve) or ciphertext files (verify) under it,
 *   recursively, chosen by extension (see EXTENSIONS); entries whose name starts with a dot are
 *   skipped, and symbolic links to folders are not followed (no cycles).
 * - A glob pattern (an argument with `*`, `?` or `[...]` that names no existing file, so quote
 *   it from the shell) stands for the files it matches: `*` and `?` within one path segment
 *   (never a leading dot), `[abc]` / `[!abc]` / `[a-z]` one character, `**` any number of
 *   folders. Node 20 has no fs.glob; this is the small subset a collection needs, written
 *   here rather than adding a dependency for it.
 * - A named file is taken whatever its extension.
 * The collection is the names sorted (code-unit order) without duplicates, then the shard's
 * share of them (see collection/shard.ts). An argument that yields nothing (a missing file, a
 * folder with no such files, a pattern that matches nothing) stays in the list as an input
 * that fails to read, reported in its place and counted as bad input; when no argument yields a
 * file, there is no collection to report: that is one error.
 */
export type InputKind = 'puzzle' | 'ciphertext';

const EXTENSIONS: Readonly<Record<InputKind, readonly string[]>> = {
  puzzle: ['non', 'nin', 'xml', 'pbn', 'json', 'nc', 'cipher', 'pic', 'picture'],
  ciphertext: ['txt', 'nc', 'cipher'],
};

/** The extensions a folder is searched for, for the help text and docs/how-to/many-machines.md. */
export const folderExtensions = (kind: InputKind): readonly string[] => EXTENSIONS[kind];

const MAGIC = /[*?[]/;


/** True when the arguments make a collection rather than one input. */
export function isCollection(args: readonly string[], shard: Shard | undefined): boolean {
  if (shard || args.length > 1) return true;
  const a = args[0];
  if (a === undefined || a === '-') return false;
  const st = statOf(a);
  return st ? st.isDirectory() : MAGIC.test(a);
}

/** One input of the collection: a file to read, or an argument that named none (why, and whether a folder or a pattern). */
export interface CollectionInput {
  readonly name: string;
  readonly missing?: string;
  readonly empty?: 'folder' | 'pattern';
}

/**
 * A collection's inputs counted as what they are, for its summary line: `files`, the files read;
 * `unreadable`, those of them that could not be read (`errors`, every input the run reported
 * an error for, less the folders and patterns that named no file, which are no files); and
 * `empty`, those folders and patterns in words ("1 folder with no ciphertexts, 1 pattern
 * matching no file"; '' when there are none).
 */
export function inputsCounted(inputs: readonly CollectionInput[], kind: InputKind, errors: number): { files: number; unreadable: number; empty: string } {
  const folders = inputs.filter((i) => i.empty === 'folder').length;
  const patterns = inputs.filter((i) => i.empty === 'pattern').length;
  const empty = [
    ...(folders ? [`${counted(folders, 'folder')} with no ${kind}s`] : []),
    ...(patterns ? [`${counted(patterns, 'pattern')} matching no file`] : []),
  ];
  return { files: inputs.length - folders - patterns, unreadable: errors - folders - patterns, empty: empty.join(', ') };
}

/** The collection the arguments name, sorted, deduplicated, cut to the shard. */
export function collectInputs(args: readonly string[], kind: InputKind, shard?: Shard): CollectionInput[] {
  const files: string[] = [];
  const missing = new Map<string, { why: string; empty: 'folder' | 'pattern' }>();
  if (args.length === 0) throw new InputError('E_USAGE', '--shard splits a collection: give files, folders or patterns (not standard input)');
  for (const arg of args) {
    if (arg === '-') throw new InputError('E_USAGE', 'standard input (-) cannot be part of a collection: give files, folders or patterns');
    const st = statOf(arg);
    if (st?.isDirectory()) {
      const found = walkFolder(arg, kind);
      if (found.length === 0) missing.set(arg, { why: `no ${kind}s in this folder (no ${EXTENSIONS[kind].map((e) => '.' + e).join(' ')} files, subfolders included)`, empty: 'folder' });
      files.push(...found);
    } else if (!st && MAGIC.test(arg)) {
      const found = globFiles(arg);
      if (found.length === 0) missing.set(arg, { why: 'no file matches this pattern', empty: 'pattern' });
      files.push(...found);
    } else {
      files.push(normalize(arg)); // a missing file fails when read, in the system's words
    }
  }
  for (const f of files) missing.delete(f);
  // Nothing to read at all is no collection: one error, not a report of one unreadable input.
  if (files.length === 0) throw new InputError('E_FILE', [...missing].map(([arg, m]) => `${arg}: ${m.why}`).join('; '));
  const names = collectionOrder([...files, ...missing.keys()]);
  return selectShard(names, shard).map((name) => {
    const m = missing.get(name);
    return m ? { name, missing: m.why, empty: m.empty } : { name };
  });
}

function walkFolder(dir: string, kind: InputKind): string[] {
  const out: string[] = [];
  const exts = EXTENSIONS[kind];
  const visit = (d: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch (e) {
      throw new InputError('E_FILE', `${d}: cannot read the folder (${describeFsError(e)})`);
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) visit(p);
      else if ((e.isFile() || (e.isSymbolicLink() && statOf(p)?.isFile())) && exts.includes(extensionOf(e.name))) out.push(p);
    }
  };
  visit(dir);
  return out;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** A glob segment as a regular expression (see the file comment for the syntax). */
export function segmentPattern(segment: string): RegExp {
  let re = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close < 0) {
        re += '\\[';
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negate = body.startsWith('!') || body.startsWith('^');
      if (negate) body = body.slice(1);
      re += `[${negate ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      i = close;
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  // Like a shell: a wildcard never matches a leading dot.
  return new RegExp(`^${segment.startsWith('.') ? '' : '(?!\\.)'}${re}$`);
}

/** The files a glob pattern matches, in no particular order. */
function globFiles(pattern: string): string[] {
  const absolute = pattern.startsWith('/');
  const segments = pattern.split('/').filter((s) => s !== '');
  let fixed = 0;
  while (fixed < segments.length && !MAGIC.test(segments[fixed]!)) fixed++;
  const base = (absolute ? '/' : '') + segments.slice(0, fixed).join('/');
  const rest = segments.slice(fixed).map((s) => (s === '**' ? '**' : segmentPattern(s)));
  const out = new Set<string>();
  const match = (dir: string, i: number): void => {
    if (i === rest.length) {
      if (statOf(dir === '' ? '.' : dir)?.isFile()) out.add(dir);
      return;
    }
    const part = rest[i]!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir === '' ? '.' : dir, { withFileTypes: true });
    } catch {
      return; // not a folder, or unreadable: matches nothing here
    }
    if (part === '**') {
      match(dir, i + 1); // zero folders
      for (const e of entries) {
        if (e.name.startsWith('.')) continue;
        if (e.isDirectory()) match(join(dir, e.name), i);
        else if (i === rest.length - 1) match(join(dir, e.name), i + 1); // a trailing ** takes the files too
      }
      return;
    }
    for (const e of entries) if (part.test(e.name)) match(join(dir, e.name), i + 1);
  };
  match(base, 0);
  return [...out];
}

/** A collection input as the library reads it: whole text. */
export function textSource(io: CliIO, input: CollectionInput): TextSource {
  return {
    name: input.name,
    text: async () => {
      if (input.missing) throw new InputError('E_FILE', `${input.name}: ${input.missing}`);
      return readText(io, input.name);
    },
  };
}

/** A collection input as the library reads it: line by line. */
export function lineSource(io: CliIO, input: CollectionInput): LineSource {
  return {
    name: input.name,
    lines: () => {
      if (input.missing) {
        const why = new InputError('E_FILE', `${input.name}: ${input.missing}`);
        return (async function* (): AsyncGenerator<string> {
          throw why;
        })();
      }
      return readLines(io, input.name);
    },
  };
}
