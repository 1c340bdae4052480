import type { Row } from './paper.js';
import { lineChart, type Series } from './paperSvg.js';

/** The plots of docs/results/paper.md, from the aggregated sweep rows: file name -> SVG. */
export function paperCharts(rows: readonly Row[]): Record<string, string> {
  const combos = [
    { table: 'classic', receiver: 'unique', color: '#1f77b4', dashed: false },
    { table: 'classic', receiver: 'logic', color: '#1f77b4', dashed: true },
    { table: 'frequency', receiver: 'unique', color: '#d62728', dashed: false },
    { table: 'frequency', receiver: 'logic', color: '#d62728', dashed: true },
  ] as const;
  const series = (y: (r: Row) => number): Series[] =>
    combos
      .map((c) => ({
        name: `${c.table} / ${c.receiver}`,
        color: c.color,
        dashed: c.dashed,
        points: rows.filter((r) => r.table === c.table && r.receiver === c.receiver).map((r) => [r.n, y(r)] as const),
      }))
      .filter((s) => s.points.length > 0);
  return {
    'paper-total.svg': lineChart({
      title: 'Ciphertext length (clue + annotation symbols), mean of the messages',
      xLabel: 'board side n',
      yLabel: 'characters',
      series: series((r) => r.total),
      yInclude: [0],
    }),
    'paper-total-zoom.svg': lineChart({
      title: 'Ciphertext length (clue + annotation symbols), n >= 4',
      xLabel: 'board side n',
      yLabel: 'characters',
      series: series((r) => r.total).map((s) => ({ ...s, points: s.points.filter((p) => p[0] >= 4) })),
    }),
    'paper-file.svg': lineChart({
      title: 'Whole ciphertext file (commas, newlines, X, header), mean',
      xLabel: 'board side n',
      yLabel: 'characters',
      series: series((r) => r.file),
      yInclude: [0],
    }),
    'paper-annotation.svg': lineChart({
      title: 'Annotation symbols per message (X not counted), mean',
      xLabel: 'board side n',
      yLabel: 'characters',
      series: series((r) => r.ann),
      yInclude: [0],
    }),
    'paper-time.svg': lineChart({
      title: 'Encryption time per message, median',
      xLabel: 'board side n',
      yLabel: 'seconds (log scale; under 1 ms drawn at 1 ms)',
      series: series((r) => Math.max(r.medianS, 0.001)),
      yLog: true,
    }),
    'paper-proven.svg': lineChart({
      title: 'Messages with every annotation proved smallest',
      xLabel: 'board side n',
      yLabel: 'percent of messages',
      series: series((r) => (100 * r.proven) / r.messages),
      yInclude: [0, 100],
    }),
  };
}
