// The performance sentences of the README and docs/ tied to the measurements they quote (test/readmeNumbers.test.ts).
//
// A paragraph (or list item) of the README that states a time, a size, a share or a speed-up
// carries, on a line of its own above its text (a list item: below it), an HTML comment,
// invisible on the rendered page, saying where its numbers come from:
//
//   <!-- numbers: docs/results/cipher-and-scale.md "### Random boards, density 0.5: solve within 60 CPU s" -->
//   <!-- numbers: src/cipher/blockWork.ts -->
//
// A quoted heading names that section of the file (down to the next heading of the same or a
// higher level); without one, the whole file. Every number of the paragraph (outside code spans,
// link targets and the comments) must equal a number written in one of the places it names, so a
// figure that drifts from its table (or a default from its code) fails the test, and a sentence
// rewritten when a benchmark is rerun says where to look. A paragraph whose figures are in no file
// of the repository says so, `<!-- numbers: none, REASON -->`, and the test lists those.
import { fences } from './readme.js';

export interface Paragraph {
  /** 1-based line of its first line (a `numbers:` comment included). */
  readonly line: number;
  readonly text: string;
}

export interface Source {
  readonly file: string;
  /** A heading line of `file`, `#`s included; undefined: the whole file. */
  readonly heading?: string;
}

/** The paragraphs outside code blocks, split at blank lines and list items (so an item is a paragraph of its own). */
export function paragraphs(markdown: string): Paragraph[] {
  const lines = markdown.split('\n');
  const code = new Set<number>();
  for (const f of fences(markdown)) for (let l = f.startLine; l <= f.endLine; l++) code.add(l);
  const out: Paragraph[] = [];
  let current: string[] = [];
  let start = 0;
  const flush = () => {
    if (current.length) out.push({ line: start, text: current.join('\n') });
    current = [];
  };
  lines.forEach((l, i) => {
    if (code.has(i + 1) || l.trim() === '') return flush();
    if (/^\s*(?:[-*+]|\d+\.) /.test(l)) flush();
    if (!current.length) start = i + 1;
    current.push(l);
  });
  flush();
  return out;
}

/**
 * A statement of measured performance: a number with a unit of time, memory or share, a
 * speed-up, or a claim of speed without a number ("in seconds"). A number ends at its last
 * digit: in "i > 0, s black" the comma ends the number, and "s" is no unit; "second" is one only
 * after 1 ("57 second guesses" is an ordinal).
 */
const PERFORMANCE =
  /\b\d(?:[\d,]*\d)?(?:\.\d+)?(?:-\d(?:[\d,]*\d)?(?:\.\d+)?)? ?(?:ms|s|seconds|(?<=\b1 ?)second|minutes?|hours?|CPU s|kB|MB|GB|MiB|GiB|%)(?![\w-])|\b\d[\d.]*x (?:faster|slower)|\btimes (?:faster|slower|the time)\b|\bin (?:seconds|minutes|milliseconds)\b|\bunder a second\b/;

/** The paragraph's prose: code spans, link targets and comments dropped. */
export function prose(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, ']');
}

export function isPerformance(p: Paragraph): boolean {
  return PERFORMANCE.test(prose(p.text));
}

/** `numbers:` comments of a paragraph; `none` when it says its figures are in no file. */
export function sources(p: Paragraph): Source[] | 'none' | undefined {
  const marks = [...p.text.matchAll(/<!-- numbers: ([\s\S]*?) -->/g)].map((m) => m[1]!.trim());
  if (!marks.length) return undefined;
  if (marks.some((m) => m.startsWith('none,'))) return 'none';
  return marks.map((m) => {
    const q = /^(\S+)(?: "(.*)")?$/.exec(m);
    if (!q) throw new Error(`line ${p.line}: cannot read the comment "numbers: ${m}" (a path, then optionally a heading in double quotes)`);
    return { file: q[1]!, ...(q[2] !== undefined ? { heading: q[2] } : {}) };
  });
}

/**
 * The numbers written in a text: 1,000 is one thousand (and so is 1_000, as code writes it); 8-13
 * is 8 and 13; 0.60 equals 0.6.
 */
export function numbersIn(text: string): number[] {
  return [...text.matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:_\d+)+(?:\.\d+)?|\d+(?:\.\d+)?/g)].map((m) => Number(m[0].replace(/[,_]/g, '')));
}

/** The section of `markdown` under `heading` (that line up to the next heading of its level or above), or undefined. */
export function section(markdown: string, heading: string): string | undefined {
  const lines = markdown.split('\n');
  const at = lines.findIndex((l) => l.trimEnd() === heading);
  if (at < 0) return undefined;
  const level = /^#+/.exec(heading)?.[0].length ?? 0;
  const end = lines.findIndex((l, i) => i > at && /^#+ /.test(l) && /^#+/.exec(l)![0].length <= level);
  return lines.slice(at, end < 0 ? undefined : end).join('\n');
}

/** The numbers of the paragraph's prose that none of its sources writes. */
export function unsourced(p: Paragraph, read: (file: string) => string | undefined): string[] {
  const from = sources(p);
  if (from === undefined || from === 'none') return [];
  const known = new Set<number>();
  const problems: string[] = [];
  for (const s of from) {
    const text = read(s.file);
    if (text === undefined) {
      problems.push(`${s.file} does not exist`);
      continue;
    }
    const part = s.heading === undefined ? text : section(text, s.heading);
    if (part === undefined) problems.push(`${s.file} has no heading "${s.heading}"`);
    else for (const n of numbersIn(part)) known.add(n);
  }
  if (problems.length) return problems;
  return [...new Set(numbersIn(prose(p.text)))].filter((n) => !known.has(n)).map(String);
}
