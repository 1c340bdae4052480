/** Statistics and the formatting of figures and tables, for every suite. */

export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
export const max = (xs: readonly number[]): number => (xs.length ? Math.max(...xs) : NaN);
export const min = (xs: readonly number[]): number => (xs.length ? Math.min(...xs) : NaN);
export const mean = (xs: readonly number[]): number => (xs.length ? sum(xs) / xs.length : NaN);

/** The p-quantile (0..1) by the nearest-rank rule on the sorted values; the median averages the middle two. */
export function quantile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  if (p === 0.5 && s.length % 2 === 0) return (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
}
export const median = (xs: readonly number[]): number => quantile(xs, 0.5);

export interface Summary {
  readonly n: number;
  readonly total: number;
  readonly median: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
}
export const summary = (xs: readonly number[]): Summary => ({ n: xs.length, total: sum(xs), median: median(xs), p90: quantile(xs, 0.9), p99: quantile(xs, 0.99), max: max(xs) });

/** Seconds with a sensible number of digits; '-' for none. */
export function secs(s: number): string {
  if (!Number.isFinite(s)) return '-';
  if (s >= 100) return s.toFixed(0);
  if (s >= 10) return s.toFixed(1);
  if (s >= 0.01) return s.toFixed(2);
  return s === 0 ? '0' : s.toFixed(4);
}
export const int = (n: number): string => (Number.isFinite(n) ? n.toLocaleString('en-US') : '-');
export const fixed = (digits: number) => (x: number): string => (Number.isFinite(x) ? x.toFixed(digits) : '-');
export const mib = fixed(0);
export const pct = (part: number, whole: number, digits = 1): string => `${((100 * part) / whole).toFixed(digits)} %`;
export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(bytes >= 1e7 ? 0 : 1)} MB`;
/** `count` items of one kind counted: "3 unique, 1 multiple". */
export function tally<T>(xs: readonly T[], key: (x: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
}

export type Cell = string | number;
export function markdownTable(head: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const line = (cells: readonly Cell[]) => `| ${cells.map(String).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A column: its heading and its cell for a row. */
export type Column<R> = readonly [string, (row: R) => Cell];
export const table = <R>(rows: readonly R[], columns: readonly Column<R>[]): string => markdownTable(columns.map((c) => c[0]), rows.map((r) => columns.map((c) => c[1](r))));

/** Rows of values grouped by a key, in first-seen order. */
export function groupBy<T>(xs: readonly T[], key: (x: T) => string): T[][] {
  const m = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const g = m.get(k);
    if (g) g.push(x);
    else m.set(k, [x]);
  }
  return [...m.values()];
}
