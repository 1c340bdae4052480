/** Notes on stderr, one line each; a long list is cut after `max` lines with a count of the rest. */
export function noteList(lines: readonly string[], max = 20): void {
  let out = '';
  for (const l of lines.slice(0, max)) out += `nonocrypt: ${l}\n`;
  if (lines.length > max) out += `nonocrypt: ... and ${lines.length - max} more\n`;
  if (out) process.stderr.write(out);
}
