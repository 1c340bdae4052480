/**
 * How symbol values are written: 0-9 as digits, then A = 10 ... Z = 35 (read in either case),
 * so that every code is one character per peg. `symbolValue` is the inverse of `symbolChar`.
 */
export function symbolChar(v: number): string {
  return v < 10 ? String.fromCharCode(48 + v) : String.fromCharCode(55 + v);
}

/** The value of a written symbol character, or -1. */
export function symbolValue(ch: string): number {
  const c = ch.toUpperCase().charCodeAt(0);
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  return -1;
}
