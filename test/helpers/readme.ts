// The README as a CommonMark parser reads it (test/readme.test.ts): its fenced code blocks,
// whether each is closed, and the shell examples in them with what they show.
import { Parser } from 'commonmark';

export interface Fence {
  /** The info string's first word (`sh`, `js`, ``), lower case. */
  readonly lang: string;
  readonly literal: string;
  /** 1-based lines of the opening and the last line of the block. */
  readonly startLine: number;
  readonly endLine: number;
  /** The block ends with a closing fence (an unclosed one runs to the end of the document). */
  readonly closed: boolean;
}

/** Every fenced code block, in order, as commonmark.js (the reference parser) reads the text. */
export function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const walker = new Parser().parse(markdown).walker();
  const found: Fence[] = [];
  for (let e = walker.next(); e; e = walker.next()) {
    const node = e.node;
    if (!e.entering || node.type !== 'code_block') continue;
    const [[startLine], [endLine]] = node.sourcepos;
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(lines[startLine - 1] ?? '');
    if (!open) continue; // an indented block
    const close = new RegExp(`^ {0,3}${open[1]![0] === '`' ? '`' : '~'}{${open[1]!.length},}[ \\t]*$`);
    found.push({
      lang: (node.info ?? '').trim().split(/\s+/)[0]!.toLowerCase(),
      literal: node.literal ?? '',
      startLine,
      endLine,
      closed: endLine > startLine && close.test(lines[endLine - 1] ?? ''),
    });
  }
  return found;
}

/**
 * Lines inside code blocks that read as Markdown headings (levels 2 to 6: `# ` starts a shell
 * comment too): prose swallowed by a fence left open.
 */
export function swallowedHeadings(markdown: string): string[] {
  return fences(markdown).flatMap((f) => f.literal.split('\n').filter((l) => /^#{2,6} \S/.test(l)).map((l) => `block at line ${f.startLine}: ${l}`));
}

export interface ShellExample {
  /** The command as the README gives it (without `$ `). */
  readonly command: string;
  /** 1-based README line, and that of the block's opening fence. */
  readonly line: number;
  readonly block: number;
  /** The output shown under it (standard output, then standard error, as a terminal shows them); undefined when none is shown. */
  readonly shown?: string;
  /** The exit code it must end with: `# exit N` in its comment, the `echo $?` after it, else 0. */
  readonly exit: number;
}

/**
 * The commands of `sh` blocks. In a block with `$ ` prompts, each prompt line is a command and
 * the lines up to the next prompt are its output; in a block without, every line that is not a
 * comment is a command with no output shown.
 */
export function shellExamples(markdown: string): ShellExample[] {
  const out: { command: string; line: number; block: number; shown: string[] }[] = [];
  for (const f of fences(markdown)) {
    if (!['sh', 'bash', 'shell', 'console'].includes(f.lang)) continue;
    const lines = f.literal.replace(/\n$/, '').split('\n');
    const prompted = lines.some((l) => l.startsWith('$ '));
    lines.forEach((l, i) => {
      const line = f.startLine + 1 + i;
      if (prompted ? l.startsWith('$ ') : l.trim() !== '' && !l.trim().startsWith('#')) out.push({ command: prompted ? l.slice(2) : l, line, block: f.startLine, shown: [] });
      else if (prompted && out.length > 0) out[out.length - 1]!.shown.push(l);
    });
  }
  return out.map((c, i) => {
    const next = out[i + 1];
    const echoed = next?.command.trim() === 'echo $?' ? Number(next.shown[0]) : undefined;
    const commented = /#.*\bexit (\d+)\b[^'"]*$/.exec(c.command);
    return {
      command: c.command,
      line: c.line,
      block: c.block,
      ...(c.shown.length ? { shown: c.shown.join('\n') + '\n' } : {}),
      exit: echoed ?? (commented ? Number(commented[1]) : 0),
    };
  });
}

/**
 * Output as the README shows it, as a pattern: `...` alone on a line stands for any lines (or
 * none), `...` inside a line for any characters of that line; everything else is literal.
 */
export function shownPattern(shown: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = shown
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => (l === '...' ? '(?:.*\\n)*?' : l.split('...').map(escape).join('.*?') + '\\n'))
    .join('');
  return new RegExp(`^${body}$`);
}
