// The reference's help pages (docs/reference/help.md, and help-COMMAND.md for a command with
// commands of its own, such as mastermind) are every command's `--help` as the built CLI prints
// it: made here from the CLI itself and compared with the pages, so a changed help text fails
// this test, with vitest's diff of the two, until the pages are refreshed:
//
//   npm run build && npx vitest run test/helpReference.test.ts -u
//
// The commands are read from `nonocrypt --help` and `nonocrypt mastermind --help`, so a new
// command gets its section without a change here.
import { describe, expect, test } from 'vitest';
import { assertBuilt, nonocrypt } from './helpers/cli.js';

/** The commands a help text lists under "Commands:" (its own `help` left out). */
export function commandsOf(help: string): string[] {
  const at = help.indexOf('\nCommands:\n');
  if (at < 0) return [];
  const end = help.indexOf('\n\n', at + 1);
  const section = help.slice(at, end < 0 ? undefined : end);
  return [...section.matchAll(/^ {2}([\w-]+)/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
}

/**
 * The pages, by file name: one section per command, its `--help` in a text block; a top-level
 * command with commands of its own gets a page of its own, `help-COMMAND.md`, which the main
 * page links.
 */
export function helpPages(helpOf: (command: readonly string[]) => string): Map<string, string> {
  const pages = new Map<string, string[]>([['help.md', []]]);
  const visit = (command: readonly string[], page: string) => {
    const text = helpOf(command);
    if (text.includes('```')) throw new Error(`nonocrypt ${command.join(' ')} --help holds a code fence`);
    const subs = commandsOf(text);
    const own = command.length === 1 && subs.length ? `help-${command[0]}.md` : page;
    if (own !== page) {
      pages.set(own, []);
      pages.get(page)!.push(`## ${['nonocrypt', ...command].join(' ')}\n\nIts commands and their options: [${own}](${own}).\n`);
    }
    pages.get(own)!.push(`## ${['nonocrypt', ...command].join(' ')}\n\n\`\`\`text\n${text.trimEnd()}\n\`\`\`\n`);
    for (const sub of subs) visit([...command, sub], own);
  };
  visit([], 'help.md');
  const head = (file: string) => [
    file === 'help.md' ? '# Every command\'s `--help`' : `# Every command's \`--help\`: ${file.slice(5, -3)}`,
    '',
    'What each command prints for `--help`, made from the built command by',
    '`test/helpReference.test.ts`, which fails when these pages and the real output differ. To',
    'refresh them after a change to a help text: `npm run build && npx vitest run',
    'test/helpReference.test.ts -u`. The commands in short, the options they share and the',
    'formats are in [the command-line reference](cli.md); exit codes in [exit codes](exit-codes.md).',
    '',
  ];
  return new Map([...pages].map(([file, sections]) => [file, [...head(file), ...sections].join('\n')]));
}

describe('the checks themselves', () => {
  test('commands are read from the "Commands:" section, nested commands visited in order', () => {
    const texts: Record<string, string> = {
      '': 'Usage: x\n\nCommands:\n  a [options]   does a\n                more of a\n  b-c <f>       does b\n  help [cmd]    help\n\nExit codes:\n  0 fine\n',
      b: 'Usage: x b\n',
      'b-c': 'Usage: x b-c\n\nCommands:\n  d   does d\n',
      'b-c d': 'Usage: x b-c d\n',
      a: 'Usage: x a\n',
    };
    expect(commandsOf(texts['']!)).toEqual(['a', 'b-c']);
    const pages = helpPages((c) => texts[c.join(' ')]!);
    const headings = (file: string) => [...pages.get(file)!.matchAll(/^## (.*)$/gm)].map((m) => m[1]);
    expect([...pages.keys()]).toEqual(['help.md', 'help-b-c.md']);
    expect(headings('help.md')).toEqual(['nonocrypt', 'nonocrypt a', 'nonocrypt b-c']);
    expect(pages.get('help.md')).toContain('[help-b-c.md](help-b-c.md)');
    expect(headings('help-b-c.md')).toEqual(['nonocrypt b-c', 'nonocrypt b-c d']);
    expect(() => helpPages(() => 'Usage: x\n```\n')).toThrow(/code fence/);
  });
});

describe('docs/reference/help*.md', () => {
  assertBuilt();
  const pages = helpPages((command) => {
    const r = nonocrypt([...command, '--help']);
    if (r.code !== 0 || r.stderr !== '') throw new Error(`nonocrypt ${command.join(' ')} --help: exit ${r.code}, ${r.stderr}`);
    return r.stdout;
  });

  test('there is a page for mastermind\'s commands', () => {
    expect(pages.get('help-mastermind.md')).toContain('## nonocrypt mastermind bound');
  });

  for (const [file, text] of pages) {
    test(`${file} is what the commands print`, async () => {
      await expect(text).toMatchFileSnapshot(`../docs/reference/${file}`);
    });
  }
});
