/**
 * A forward-only reader of a proof's body, given as one string or as pieces in order (a file
 * read a block at a time): a proof may be longer than the longest string V8 can hold (about
 * 2^29 characters), so the checker never asks for the whole text, only for the next few
 * characters. Offsets are counted in characters from the start of the body, whichever piece
 * they fall in, so that messages name the same place for a file read whole or in pieces.
 *
 * Call order: `line` for a header first if there is one, then `startBody` (offsets count from
 * there); then any of `peek`, `take`, `skip`, `skipGroup`, `digits`, `space`, `atEnd` and `offset`, in any
 * order. The pieces are pulled from the iterator only as the reading reaches them.
 */
export class ProofCursor {
  private buf = '';
  /** Offset of buf[0] in the whole body. */
  private base = 0;
  private pos = 0;
  /** The offset `offset` counts from. */
  private origin = 0;
  private readonly pieces: Iterator<string> | undefined;

  constructor(body: string | Iterable<string>) {
    if (typeof body === 'string') this.buf = body;
    else this.pieces = body[Symbol.iterator]();
  }

  /** Makes at least `n` characters past the cursor available, or all that are left; their count. */
  private fill(n: number): number {
    while (this.buf.length - this.pos < n && this.pieces) {
      const next = this.pieces.next();
      if (next.done) break;
      this.base += this.pos;
      this.buf = this.buf.slice(this.pos) + next.value;
      this.pos = 0;
    }
    return this.buf.length - this.pos;
  }

  /** The offset of the cursor in the body (0-based). */
  offset(): number {
    return this.base + this.pos - this.origin;
  }

  /** Offsets count from here on. */
  startBody(): void {
    this.origin = this.base + this.pos;
  }

  /**
   * The text up to the next line break (which is passed), or to the end; undefined when no
   * line break comes within `max` characters.
   */
  line(max: number): string | undefined {
    // Characters past the cursor known to hold no line break.
    let scanned = 0;
    for (;;) {
      const nl = this.buf.indexOf('\n', this.pos + scanned);
      if (nl >= 0) {
        if (nl - this.pos > max) return undefined;
        const t = this.buf.slice(this.pos, nl);
        this.pos = nl + 1;
        return t;
      }
      scanned = this.buf.length - this.pos;
      if (scanned > max) return undefined;
      if (this.fill(scanned + 1) === scanned) return this.take(scanned);
    }
  }

  /** Skips spaces, tabs and line breaks. */
  space(): void {
    for (;;) {
      if (this.pos >= this.buf.length && this.fill(1) === 0) return;
      const c = this.buf.charCodeAt(this.pos);
      if (c !== 10 && c !== 32 && c !== 13 && c !== 9) return;
      this.pos++;
    }
  }

  /** The character at the cursor ('' at the end), without moving. */
  peek(): string {
    if (this.pos >= this.buf.length && this.fill(1) === 0) return '';
    return this.buf[this.pos]!;
  }

  atEnd(): boolean {
    return this.peek() === '';
  }

  skip(n = 1): void {
    this.fill(n);
    this.pos = Math.min(this.pos + n, this.buf.length);
  }

  /** Up to `n` characters from the cursor (fewer at the end), moving past them. */
  take(n: number): string {
    this.fill(n);
    const t = this.buf.slice(this.pos, this.pos + n);
    this.pos += t.length;
    return t;
  }

  /**
   * At an opening parenthesis: moves past the parenthesis that closes it (nested pairs
   * counted); false when the text ends first. Nothing between them is read as anything else.
   */
  skipGroup(): boolean {
    let open = 0;
    for (;;) {
      if (this.pos >= this.buf.length && this.fill(1) === 0) return false;
      const c = this.buf.charCodeAt(this.pos++);
      if (c === 40) open++;
      else if (c === 41 && --open === 0) return true;
    }
  }

  /** The decimal digits at the cursor (at most `max`), moving past them; '' when none. */
  digits(max: number): string {
    this.fill(max);
    let end = this.pos;
    while (end < this.buf.length && end - this.pos < max) {
      const c = this.buf.charCodeAt(end);
      if (c < 48 || c > 57) break;
      end++;
    }
    const t = this.buf.slice(this.pos, end);
    this.pos = end;
    return t;
  }
}
