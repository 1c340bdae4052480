/**
 * How error messages show what the input said. Every message is one line and names the token
 * as written: `found "1x"`, `width "99999999999999999999"` (never a number reformatted, so
 * `007` stays `007` and twenty nines are not `1e+20`).
 *
 * - Characters that would break the line or hide in a terminal (control characters, line and
 *   paragraph separators, format characters such as a byte-order mark or a bidi override, lone
 *   surrogates) are escaped (`\n`, `\u0000`); inside quotes, so are the double quote and the
 *   backslash (`\"`, `\\`).
 * - A long token is cut to a readable prefix with an ellipsis and its length in characters
 *   (code points): `"1111…" (100000000 characters)`. Only the prefix is copied, so quoting a
 *   100 MB token costs one pass to count its characters and no memory.
 */
export const SHOWN_MAX = 40;
const SHOWN_PREFIX = 24;

const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
const UNSAFE_QUOTED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}"\\]/gu;

function escapeChar(c: string): string {
  switch (c) {
    case '"':
      return '\\"';
    case '\\':
      return '\\\\';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    default: {
      const cp = c.codePointAt(0)!;
      return cp > 0xffff ? `\\u{${cp.toString(16).toUpperCase()}}` : `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    }
  }
}

/**
 * A file name as messages show it (`name:3:7: ...`): invisible characters escaped, so that a
 * name holding a newline keeps the message on one line; never cut.
 */
export function sourceName(source: string | undefined): string | undefined {
  return source === undefined ? undefined : source.replace(UNSAFE, escapeChar);
}

/** Characters (code points) in `s`; a lone surrogate counts as one. */
export function charCount(s: string): number {
  let n = s.length;
  for (let i = 0; i + 1 < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** `s` escaped (quotes and backslashes too when `quoted`), and cut to a prefix when long; `cut` says whether it was. */
function shownParts(s: string, quoted: boolean): { text: string; cut: boolean } {
  const unsafe = quoted ? UNSAFE_QUOTED : UNSAFE;
  if (s.length <= SHOWN_MAX) return { text: s.replace(unsafe, escapeChar), cut: false };
  let end = SHOWN_PREFIX;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // never split a surrogate pair
  return { text: s.slice(0, end).replace(unsafe, escapeChar), cut: true };
}

/** A token in double quotes, escaped, cut when long: `"1x"`, `"1111…" (100000000 characters)`. */
export function quote(token: string): string {
  const { text, cut } = shownParts(token, true);
  return cut ? `"${text}…" (${charCount(token)} characters)` : `"${text}"`;
}

/**
 * Text shown without quotes of its own (a name inside `<...>`, a JSON value as written, which
 * carries its own quotes): invisible characters escaped, cut like `quote` when long.
 */
export function shown(text: string): string {
  const p = shownParts(text, false);
  return p.cut ? `${p.text}… (${charCount(text)} characters)` : p.text;
}

/**
 * The token that starts at `offset` of `text`, as a reader would see it: a run of characters up
 * to the next whitespace or one of `stops` (at least one character); `the end of the line` or
 * `the end of the text` when there is none. The result is ready to follow "found ".
 */
export function foundAt(text: string, offset: number, stops = '', end = 'the end of the line'): string {
  if (offset >= text.length) return end;
  let i = offset;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || (i > offset && stops.includes(c))) break;
    i++;
  }
  if (i === offset) i = offset + (isHighSurrogateAt(text, offset) ? 2 : 1);
  return quote(text.slice(offset, i));
}

function isHighSurrogateAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  const d = s.charCodeAt(i + 1);
  return c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff;
}

/** The character (code point) at `offset`, quoted: `"x"`, `"\n"`, `"😀"`. */
export function charAt(text: string, offset: number): string {
  return quote(text.slice(offset, offset + (isHighSurrogateAt(text, offset) ? 2 : 1)));
}
