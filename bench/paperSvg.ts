/**
 * A small, dependency-free SVG line chart for docs/plots/: one x axis, one y axis, several
 * series of (x, y) points drawn as polylines with point markers, a legend, and "nice" ticks.
 * Points with a non-finite y are gaps. Output is deterministic (same input, same bytes).
 */
export interface Series {
  readonly name: string;
  readonly points: readonly (readonly [number, number])[];
  readonly color: string;
  readonly dashed?: boolean;
}

export interface ChartOptions {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly series: readonly Series[];
  readonly width?: number;
  readonly height?: number;
  /** Force the y range to include these values (e.g. 0). */
  readonly yInclude?: readonly number[];
  /** Logarithmic y axis (base 10); values <= 0 are gaps. */
  readonly yLog?: boolean;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fmt = (v: number): string => (Math.abs(v - Math.round(v)) < 1e-9 ? String(Math.round(v)) : v.toFixed(2).replace(/\.?0+$/, ''));
const r2 = (v: number): string => (Math.round(v * 100) / 100).toString();

/** About `count` round tick values covering [lo, hi]. */
export function niceTicks(lo: number, hi: number, count = 6): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / Math.max(1, count - 1);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) out.push(Math.round(v / step) * step);
  return out;
}

export function lineChart(o: ChartOptions): string {
  const W = o.width ?? 720;
  const H = o.height ?? 420;
  const left = 64;
  const right = 170;
  const top = 40;
  const bottom = 52;
  const pw = W - left - right;
  const ph = H - top - bottom;
  const ty = (v: number) => (o.yLog ? Math.log10(v) : v);
  const ok = (y: number) => Number.isFinite(y) && (!o.yLog || y > 0);
  const xs = o.series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = o.series.flatMap((s) => s.points.filter((p) => ok(p[1])).map((p) => ty(p[1])));
  for (const v of o.yInclude ?? []) if (ok(v)) ys.push(ty(v));
  let x0 = Math.min(...xs);
  let x1 = Math.max(...xs);
  if (!(x1 > x0)) x1 = x0 + 1;
  let y0 = ys.length ? Math.min(...ys) : 0;
  let y1 = ys.length ? Math.max(...ys) : 1;
  if (!(y1 > y0)) y1 = y0 + 1;
  let yTicks: number[];
  if (o.yLog) {
    y0 = Math.floor(y0);
    y1 = Math.ceil(y1);
    if (y1 === y0) y1 = y0 + 1;
    yTicks = [];
    for (let e = y0; e <= y1; e++) yTicks.push(e);
  } else {
    yTicks = niceTicks(y0, y1);
    y0 = Math.min(y0, yTicks[0]!);
    y1 = Math.max(y1, yTicks[yTicks.length - 1]!);
  }
  const xTicks = niceTicks(x0, x1, 8).filter((v) => v >= x0 && v <= x1);
  x0 = Math.min(x0, xTicks[0] ?? x0);
  const px = (x: number) => left + ((x - x0) / (x1 - x0)) * pw;
  const py = (y: number) => top + ph - ((y - y0) / (y1 - y0)) * ph;

  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  out.push(`<text x="${W / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${esc(o.title)}</text>`);
  for (const t of yTicks) {
    const y = r2(py(t));
    out.push(`<line x1="${left}" y1="${y}" x2="${left + pw}" y2="${y}" stroke="#e4e4e4"/>`);
    const label = o.yLog ? (t < 0 ? (10 ** t).toFixed(-t) : fmt(10 ** t)) : fmt(t);
    out.push(`<text x="${left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${label}</text>`);
  }
  for (const t of xTicks) {
    const x = r2(px(t));
    out.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${top + ph}" stroke="#f0f0f0"/>`);
    out.push(`<text x="${x}" y="${top + ph + 16}" text-anchor="middle">${fmt(t)}</text>`);
  }
  out.push(`<rect x="${left}" y="${top}" width="${pw}" height="${ph}" fill="none" stroke="#444"/>`);
  out.push(`<text x="${left + pw / 2}" y="${H - 12}" text-anchor="middle">${esc(o.xLabel)}</text>`);
  out.push(`<text transform="translate(16 ${top + ph / 2}) rotate(-90)" text-anchor="middle">${esc(o.yLabel)}</text>`);
  o.series.forEach((s, i) => {
    const dash = s.dashed ? ' stroke-dasharray="6 4"' : '';
    // Polyline segments split at gaps.
    let seg: string[] = [];
    const flush = () => {
      if (seg.length > 1) out.push(`<polyline fill="none" stroke="${s.color}" stroke-width="2"${dash} points="${seg.join(' ')}"/>`);
      seg = [];
    };
    for (const [x, y] of s.points) {
      if (!ok(y)) {
        flush();
        continue;
      }
      seg.push(`${r2(px(x))},${r2(py(ty(y)))}`);
    }
    flush();
    for (const [x, y] of s.points) {
      if (ok(y)) out.push(`<circle cx="${r2(px(x))}" cy="${r2(py(ty(y)))}" r="2.5" fill="${s.color}"/>`);
    }
    const ly = top + 10 + i * 20;
    out.push(`<line x1="${left + pw + 12}" y1="${ly}" x2="${left + pw + 40}" y2="${ly}" stroke="${s.color}" stroke-width="2"${dash}/>`);
    out.push(`<text x="${left + pw + 46}" y="${ly}" dominant-baseline="middle">${esc(s.name)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
