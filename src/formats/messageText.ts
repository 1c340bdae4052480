/**
 * A message as read from a file or a stream, made into the text that is encrypted: a
 * byte-order mark is dropped, CRLF and lone CR line ends become `\n` (what decrypt writes back),
 * and one final line break, which editors and `echo` add, is dropped. Nothing else changes:
 * inner line breaks stay (extended text carries them; the paper's alphabet rejects them, naming
 * the position).
 */
export function readMessageText(fileText: string): string {
  const text = fileText.charCodeAt(0) === 0xfeff ? fileText.slice(1) : fileText;
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '');
}
