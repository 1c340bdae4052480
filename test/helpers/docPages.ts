// The Markdown pages of the documentation (README.md, ARCHITECTURE.md, CONTRIBUTING.md and every
// page under docs/), their links and their headings' anchors as GitHub makes them
// (test/docLinks.test.ts, test/readme.test.ts).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { Parser, type Node } from 'commonmark';

/** The documentation's pages, as paths relative to `root` (`/` separated), README.md first, then the others sorted. */
export function docPages(root: string): string[] {
  const top = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md'].filter((f) => existsSync(join(root, f)));
  const under = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? under(`${dir}/${e.name}`) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : []));
  return [...top, ...under('docs').sort()];
}

/** The text a heading shows: its text and code spans, without the Markdown around them. */
function plainText(node: Node): string {
  let text = '';
  const walker = node.walker();
  for (let e = walker.next(); e; e = walker.next()) if (e.entering && (e.node.type === 'text' || e.node.type === 'code')) text += e.node.literal ?? '';
  return text;
}

/**
 * A heading's anchor as GitHub makes it: lower case, every character but letters, marks,
 * digits, `_`, `-` and spaces dropped, spaces made `-`; a repeated anchor gets `-1`, `-2`, ...
 */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const walker = new Parser().parse(markdown).walker();
  for (let e = walker.next(); e; e = walker.next()) {
    if (!e.entering || e.node.type !== 'heading') continue;
    const base = plainText(e.node).trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

export interface Link {
  readonly destination: string;
  /** 1-based line of the paragraph or block that holds it. */
  readonly line: number;
  readonly image: boolean;
}

/** Every link and image of a page, as the CommonMark reference parser reads it (none from code). */
export function links(markdown: string): Link[] {
  const out: Link[] = [];
  const walker = new Parser().parse(markdown).walker();
  let line = 1;
  for (let e = walker.next(); e; e = walker.next()) {
    if (e.node.sourcepos) line = e.node.sourcepos[0][0];
    if (e.entering && (e.node.type === 'link' || e.node.type === 'image')) out.push({ destination: e.node.destination ?? '', line, image: e.node.type === 'image' });
  }
  return out;
}

/**
 * Where a link of `page` (a path relative to the root) leads: the path relative to the root
 * (`/` separated; `page` itself for an anchor alone), or undefined for a web address (`scheme:`).
 */
export function linkTarget(page: string, destination: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(destination)) return undefined;
  const path = destination.split('#')[0]!;
  const here = page.includes('/') ? page.slice(0, page.lastIndexOf('/')) : '';
  return path === '' ? page : posix.join(here, decodeURIComponent(path));
}

/**
 * The links of `page` (a path relative to `root`) that lead nowhere: a file or folder of the
 * repository that does not exist, or an anchor that no heading of the page it names makes. Web
 * addresses (`scheme:`) are not followed.
 */
export function brokenLinks(root: string, page: string): string[] {
  const text = readFileSync(join(root, page), 'utf8');
  const broken: string[] = [];
  for (const l of links(text)) {
    const target = linkTarget(page, l.destination);
    if (target === undefined) continue;
    const anchor = l.destination.split('#')[1];
    const say = (why: string) => broken.push(`${page}:${l.line}: ${l.destination}: ${why}`);
    if (target.startsWith('..') || !existsSync(join(root, target))) {
      say(`${target} does not exist`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!target.endsWith('.md')) {
      say(`an anchor into ${target}, which has no headings`);
      continue;
    }
    if (!anchors(readFileSync(join(root, target), 'utf8')).has(decodeURIComponent(anchor))) say(`${target} has no heading with the anchor #${anchor}`);
  }
  return broken;
}
