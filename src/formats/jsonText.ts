import { ParseError } from '../errors.js';
import { charAt, quote, shown } from './quote.js';
import { lineColumnAt } from './textLines.js';

/**
 * JSON (RFC 8259) read in place: values are spans of the text, so every error can name the
 * line and column and show the value as written (`1e400`, `007` stay as they are), and a
 * reader takes only the values it needs, one element at a time, in bounded memory.
 *
 * `checkJson` validates the whole text first, so a syntax error anywhere comes before any
 * error about the content, as with `JSON.parse`; it walks nested values with an explicit
 * stack (one byte per level), so nesting depth costs no call stack. Reading values afterwards
 * (`elements`, `eachElement`, `members`) only skips over validated text. Every scan is linear.
 */
export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'literal';

export interface JsonSpan {
  readonly kind: JsonKind;
  /** Offset of the value's first character, and one past its last. */
  readonly start: number;
  readonly end: number;
}

const ARRAY = 1;
const OBJECT = 2;

export class JsonText {
  constructor(
    readonly text: string,
    readonly source?: string,
  ) {}

  /** Offset of the first value: after a byte-order mark and whitespace. */
  get start(): number {
    return this.ws(this.text.charCodeAt(0) === 0xfeff ? 1 : 0);
  }

  fail(at: number, message: string): never {
    const { line, column } = lineColumnAt(this.text, at);
    throw new ParseError(`invalid JSON: ${message}`, line, column, this.source);
  }

  /** What is at `at`, for "found ...": a word or number as written, one character, or the end. */
  found(at: number): string {
    const t = this.text;
    if (at >= t.length) return 'the end of the text';
    const m = /[\w.+-]+/y;
    m.lastIndex = at;
    const word = m.exec(t);
    return word ? quote(word[0]) : charAt(t, at);
  }

  ws(at: number): number {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(at);
      if (c === 32 || c === 10 || c === 13 || c === 9) at++;
      else return at;
    }
  }

  /** The whole text is one JSON value (and whitespace): its span, else a ParseError at the first fault. */
  checkJson(): JsonSpan {
    const span = this.value(this.start);
    const after = this.ws(span.end);
    if (after < this.text.length) this.fail(after, `expected the end of the text after the JSON value, found ${this.found(after)}`);
    return span;
  }

  /** The value that starts at `at` (whitespace before it skipped), validated to its end. */
  value(at: number): JsonSpan {
    const t = this.text;
    let pos = this.ws(at);
    const start = pos;
    const first = t.charCodeAt(pos);
    if (first !== 123 && first !== 91) {
      const kind: JsonKind = first === 34 ? 'string' : first === 116 || first === 102 || first === 110 ? 'literal' : 'number';
      return { kind, start, end: this.scalar(pos) };
    }
    let stack = new Uint8Array(16);
    let depth = 0;
    for (;;) {
      // A value is expected at pos.
      pos = this.ws(pos);
      const c = t.charCodeAt(pos);
      let open = 0;
      if (c === 123) {
        pos = this.ws(pos + 1);
        if (t.charCodeAt(pos) === 125) pos++;
        else {
          open = OBJECT;
          pos = this.key(pos);
        }
      } else if (c === 91) {
        pos = this.ws(pos + 1);
        if (t.charCodeAt(pos) === 93) pos++;
        else open = ARRAY;
      } else pos = this.scalar(pos);
      if (open) {
        if (depth === stack.length) {
          const bigger = new Uint8Array(stack.length * 2);
          bigger.set(stack);
          stack = bigger;
        }
        stack[depth++] = open;
        continue;
      }
      // After a value: close containers until one more element follows.
      for (;;) {
        if (depth === 0) return { kind: first === 123 ? 'object' : 'array', start, end: pos };
        pos = this.ws(pos);
        const top = stack[depth - 1];
        const d = t.charCodeAt(pos);
        if (d === 44) {
          pos = this.ws(pos + 1);
          if (top === OBJECT) pos = this.key(pos);
          break;
        }
        if (d === (top === ARRAY ? 93 : 125)) {
          pos++;
          depth--;
          continue;
        }
        this.fail(pos, top === ARRAY ? `expected "," or "]" after a list element, found ${this.found(pos)}` : `expected "," or "}" after an object member, found ${this.found(pos)}`);
      }
    }
  }

  /** The string, number or literal at `at`; returns where it ends. */
  private scalar(pos: number): number {
    const t = this.text;
    const c = t.charCodeAt(pos);
    if (c === 34) return this.string(pos);
    if ((c >= 48 && c <= 57) || c === 45) {
      const end = this.number(pos);
      const after = t.charCodeAt(end);
      const wordy = (after >= 48 && after <= 57) || (after >= 65 && after <= 90) || (after >= 97 && after <= 122) || after === 95 || after === 46 || after === 43 || after === 45;
      if (end < 0 || wordy) this.fail(pos, `expected a number as JSON writes it (no leading zeros, digits after "." and "e"), found ${this.found(pos)}`);
      return end;
    }
    if (t.startsWith('true', pos)) return pos + 4;
    if (t.startsWith('false', pos)) return pos + 5;
    if (t.startsWith('null', pos)) return pos + 4;
    return this.fail(pos, `expected a value (an object, list, string, number, true, false or null), found ${this.found(pos)}`);
  }

  /** The end of the JSON number at `at` (`-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`), or -1. */
  private number(at: number): number {
    const t = this.text;
    let i = at;
    const digits = (): number => {
      const from = i;
      for (let c = t.charCodeAt(i); c >= 48 && c <= 57; c = t.charCodeAt(++i));
      return i - from;
    };
    if (t.charCodeAt(i) === 45) i++;
    if (t.charCodeAt(i) === 48) i++;
    else if (digits() === 0) return -1;
    if (t.charCodeAt(i) === 46) {
      i++;
      if (digits() === 0) return -1;
    }
    const e = t.charCodeAt(i);
    if (e === 101 || e === 69) {
      i++;
      const sign = t.charCodeAt(i);
      if (sign === 43 || sign === 45) i++;
      if (digits() === 0) return -1;
    }
    return i;
  }

  /** A member's key and colon at `at`; returns where its value starts. */
  private key(at: number): number {
    if (this.text[at] !== '"') this.fail(at, `expected a key in double quotes, found ${this.found(at)}`);
    const pos = this.ws(this.string(at));
    if (this.text[pos] !== ':') this.fail(pos, `expected ":" after the key, found ${this.found(pos)}`);
    return pos + 1;
  }

  /** The string that starts (with its quote) at `at`; returns the offset after its closing quote. */
  private string(at: number): number {
    const t = this.text;
    for (let i = at + 1; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === 34) return i + 1;
      if (c < 32) this.fail(i, `expected a string without raw control characters (write them as \\n, \\t, \\u0000), found ${charAt(t, i)}`);
      if (c === 92) {
        const e = t[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(t.slice(i + 2, i + 6))) this.fail(i, `expected four hexadecimal digits after "\\u", found ${quote(t.slice(i, i + 6))}`);
          i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else this.fail(i, `expected an escape such as \\n, \\" or \\u00e9 after the backslash, found ${quote(t.slice(i, i + 2))}`);
      }
    }
    const { line, column } = lineColumnAt(t, at);
    return this.fail(t.length, `expected a double quote to close the string opened at line ${line}, column ${column}, found the end of the text`);
  }

  /** The kind of the (validated) value starting at `at`. */
  kindAt(at: number): JsonKind {
    const c = this.text.charCodeAt(at);
    return c === 123 ? 'object' : c === 91 ? 'array' : c === 34 ? 'string' : c === 116 || c === 102 || c === 110 ? 'literal' : 'number';
  }

  /**
   * Where the value at `at` ends, in text that `checkJson` has validated: a quick scan that
   * only counts brackets outside strings (no checks, no allocation).
   */
  endOf(at: number): number {
    const t = this.text;
    const c = t.charCodeAt(at);
    if (c === 34) return this.stringEnd(at);
    if (c === 123 || c === 91) {
      let depth = 0;
      for (let i = at; ; i++) {
        const d = t.charCodeAt(i);
        if (d === 34) i = this.stringEnd(i) - 1;
        else if (d === 123 || d === 91) depth++;
        else if ((d === 125 || d === 93) && --depth === 0) return i + 1;
      }
    }
    let i = at + 1;
    for (; i < t.length; i++) {
      const d = t.charCodeAt(i);
      if (d === 44 || d === 93 || d === 125 || d === 32 || d === 10 || d === 13 || d === 9) break;
    }
    return i;
  }

  /** The end of the validated string at `at`: its closing quote is the first not escaped. */
  private stringEnd(at: number): number {
    const t = this.text;
    for (let from = at + 1; ; ) {
      const q = t.indexOf('"', from);
      let k = q - 1;
      while (t.charCodeAt(k) === 92) k--;
      if ((q - 1 - k) % 2 === 0) return q + 1;
      from = q + 1;
    }
  }

  /**
   * Calls `fn` with each element of a validated array span (its start and end), in order, and
   * returns how many there are; `fn` returning false stops early. Nothing is allocated.
   */
  eachElement(span: JsonSpan, fn: (start: number, end: number, index: number) => boolean | void): number {
    const t = this.text;
    let pos = this.ws(span.start + 1);
    if (t.charCodeAt(pos) === 93) return 0;
    for (let index = 0; ; index++) {
      const end = this.endOf(pos);
      if (fn(pos, end, index) === false) return index + 1;
      pos = this.ws(end);
      if (t.charCodeAt(pos) !== 44) return index + 1;
      pos = this.ws(pos + 1);
    }
  }

  /** The elements of a validated array span, one at a time. */
  *elements(span: JsonSpan): Generator<JsonSpan, void, undefined> {
    const t = this.text;
    let pos = this.ws(span.start + 1);
    if (t.charCodeAt(pos) === 93) return;
    for (;;) {
      const end = this.endOf(pos);
      yield { kind: this.kindAt(pos), start: pos, end };
      pos = this.ws(end);
      if (t.charCodeAt(pos) !== 44) return;
      pos = this.ws(pos + 1);
    }
  }

  /** The members of a validated object span, one at a time: the key decoded, where it starts, its value. */
  *members(span: JsonSpan): Generator<{ key: string; at: number; value: JsonSpan }, void, undefined> {
    const t = this.text;
    let pos = this.ws(span.start + 1);
    if (t.charCodeAt(pos) === 125) return;
    for (;;) {
      const keyEnd = this.stringEnd(pos);
      const key = this.stringValue({ kind: 'string', start: pos, end: keyEnd });
      const at = this.ws(this.ws(keyEnd) + 1);
      const end = this.endOf(at);
      yield { key, at: pos, value: { kind: this.kindAt(at), start: at, end } };
      pos = this.ws(end);
      if (t.charCodeAt(pos) !== 44) return;
      pos = this.ws(pos + 1);
    }
  }

  /** How many elements a validated array span has. */
  count(span: JsonSpan): number {
    return this.eachElement(span, () => true);
  }

  raw(span: JsonSpan): string {
    return this.text.slice(span.start, span.end);
  }

  /** The value as written, for a message: escaped, cut when long. */
  shown(span: JsonSpan): string {
    return shown(this.raw(span));
  }

  /** A validated string span's value. */
  stringValue(span: JsonSpan): string {
    const raw = this.raw(span);
    return raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  }

  /** The value of the number from `start` to `end` (JSON.parse's reading: `1e400` is Infinity). */
  numberAt(start: number, end: number): number {
    const t = this.text;
    if (end - start <= 9) {
      // Small whole numbers without a copy of their text.
      let n = 0;
      for (let i = start; i < end; i++) {
        const c = t.charCodeAt(i) - 48;
        if (c < 0 || c > 9) return Number(t.slice(start, end));
        n = n * 10 + c;
      }
      return n;
    }
    return Number(t.slice(start, end));
  }

  numberValue(span: JsonSpan): number {
    return this.numberAt(span.start, span.end);
  }
}
