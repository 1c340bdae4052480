/**
 * Character references (`&amp;`, `&#233;`, `&#xE9;`), as both XML and the .non format use
 * them. XML knows only the five predefined names; .non files exported from webpbn also use a
 * few HTML names (`&copy;`), so the table holds those too. Decoding is one pass, so
 * `&amp;copy;` reads as the text `&copy;`; the escapers write only `&amp;`, `&lt;`, `&gt;`,
 * `&quot;` and numeric references, so what they write decodes back to the same string.
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '\u00a9',
  reg: '\u00ae',
};

/**
 * The character a reference body (`amp`, `#233`, `#xE9`) names, or undefined. `htmlNames`
 * (.non) also knows a few HTML names, and `&#0;`, which our .non writer writes for U+0000;
 * XML has no way to write U+0000 at all.
 */
export function entityValue(body: string, htmlNames: boolean): string | undefined {
  if (body.startsWith('#')) {
    const m = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body);
    if (!m) return undefined;
    const code = m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]);
    if ((code === 0 && !htmlNames) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
    return String.fromCodePoint(code);
  }
  if (!htmlNames && !['amp', 'lt', 'gt', 'quot', 'apos'].includes(body)) return undefined;
  return Object.hasOwn(NAMED, body) ? NAMED[body] : undefined;
}

/** Decodes the references in a .non string; an unknown or malformed one is kept as written. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&([#\w]+);/g, (whole, body: string) => entityValue(body, true) ?? whole);
}

/** Escapes text for XML element content or a double-quoted .non/XML value, on one line. */
export function escapeEntities(text: string): string {
  return text.replace(/[&<>"\u0000-\u001f\u007f]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return `&#${c.charCodeAt(0)};`;
    }
  });
}
