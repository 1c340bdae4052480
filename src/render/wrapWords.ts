/**
 * `text` in lines of at most `max` characters (code points), broken at spaces, greedily; a word
 * longer than `max` stands alone on its line, whole. Sheet titles and captions (sheetLayout) and
 * the CLI's help paragraphs are wrapped with it.
 */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter((w) => w !== '')) {
    if (line === '') line = word;
    else if ([...line].length + 1 + [...word].length <= max) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
