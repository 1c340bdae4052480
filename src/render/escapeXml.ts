/**
 * Text made safe for XML and HTML character data and attribute values: the five markup
 * characters become entities, and characters XML 1.0 forbids (C0 controls other than tab,
 * line feed and carriage return; U+FFFE, U+FFFF; unpaired surrogates) become U+FFFD, so a
 * title taken from a file name or a user can never break the document or inject markup.
 */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN, '\uFFFD').replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}
