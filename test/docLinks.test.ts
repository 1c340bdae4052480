// Every link of the documentation leads somewhere (issue 64, item 5): in README.md,
// ARCHITECTURE.md, CONTRIBUTING.md and every page under docs/, a link or image to a file of the
// repository names one that exists, and an anchor (`page.md#heading`, `#heading`) names a heading
// of that page as GitHub makes its anchor. And the README's map links every page of docs/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, tempDir } from './helpers/cli.js';
import { anchors, brokenLinks, docPages, linkTarget, links } from './helpers/docPages.js';
import { readFileSync } from 'node:fs';

describe('the checks themselves', () => {
  test('anchors as GitHub makes them: punctuation dropped, code spans kept, repeats numbered', () => {
    const md = '# nonocrypt\n\n## Many machines: `--shard K/N`\n\n### Random boards, density 0.5: solve\n\n## Notes\n\n## Notes\n\n```sh\n# not a heading\n```\n';
    expect([...anchors(md)]).toEqual(['nonocrypt', 'many-machines---shard-kn', 'random-boards-density-05-solve', 'notes', 'notes-1']);
  });

  test('a missing file, a missing heading and an anchor into a page are found; web links and code are not followed', () => {
    const tmp = tempDir('nonocrypt-links-');
    try {
      mkdirSync(join(tmp.dir, 'docs', 'a'), { recursive: true });
      writeFileSync(join(tmp.dir, 'docs', 'a', 'p.md'), '# P\n\n## Two words\n');
      writeFileSync(
        join(tmp.dir, 'README.md'),
        '# R\n\n[ok](docs/a/p.md#two-words) [self](#r) [web](https://example.com/x#y) ![img](docs/a/p.md)\n\n' +
          '[gone](docs/a/q.md) [no heading](docs/a/p.md#three-words) [no self](#nope)\n\n`[code](docs/none.md)`\n',
      );
      expect(docPages(tmp.dir)).toEqual(['README.md', 'docs/a/p.md']);
      expect(links(readFileSync(join(tmp.dir, 'README.md'), 'utf8')).map((l) => l.destination)).toHaveLength(7);
      expect(brokenLinks(tmp.dir, 'README.md')).toEqual([
        'README.md:5: docs/a/q.md: docs/a/q.md does not exist',
        'README.md:5: docs/a/p.md#three-words: docs/a/p.md has no heading with the anchor #three-words',
        'README.md:5: #nope: README.md has no heading with the anchor #nope',
      ]);
    } finally {
      tmp.cleanup();
    }
  });
});

describe('the documentation', () => {
  const pages = docPages(ROOT);

  test('has its pages sorted by purpose', () => {
    for (const dir of ['tutorial', 'how-to', 'reference', 'explanation', 'results']) expect(pages.some((p) => p.startsWith(`docs/${dir}/`)), dir).toBe(true);
    expect(pages.filter((p) => /^docs\/[^/]+\.md$/.test(p)), 'pages at the top of docs/, outside the five folders').toEqual([]);
  });

  test('every link leads to a file that exists, and every anchor to a heading', () => {
    expect(pages.flatMap((p) => brokenLinks(ROOT, p))).toEqual([]);
  });

  test("every page is reached from the README's map, directly or through a page it links", () => {
    const reached = new Set<string>(['README.md']);
    const todo = ['README.md'];
    while (todo.length) {
      const page = todo.pop()!;
      for (const l of links(readFileSync(join(ROOT, page), 'utf8'))) {
        const target = linkTarget(page, l.destination);
        if (target !== undefined && !reached.has(target) && pages.includes(target)) {
          reached.add(target);
          todo.push(target);
        }
      }
    }
    expect(pages.filter((p) => !reached.has(p))).toEqual([]);
  });
});
