import { Box, Text } from '@mantine/core';
import type { TQueryChart, TTabularColumn } from '@sage/contract';
import { useMessages } from '../../shared/i18n';

const WIDTH = 320;
const HEIGHT = 160;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

/**
 * A small SVG chart of a result with a time axis (no chart library: a few hundred bytes instead of a charting
 * bundle; decision 0283). Values of the same x are summed (alerts of several residents on one day).
 */
export function ResultChart({
  chart,
  columns,
  rows,
}: {
  chart: TQueryChart;
  columns: TTabularColumn[];
  rows: unknown[][];
}) {
  const t = useMessages('reportsPage');
  const xi = columns.findIndex((c) => c.name === chart.x);
  const yi = columns.findIndex((c) => c.name === chart.y);
  if (xi < 0 || yi < 0 || rows.length === 0) return null;
  const sums = new Map<string, number>();
  for (const row of rows) {
    const x = String(row[xi] ?? '');
    sums.set(x, (sums.get(x) ?? 0) + (Number(row[yi]) || 0));
  }
  const points = [...sums.entries()].sort(([a], [b]) => a.localeCompare(b));
  const max = Math.max(1, ...points.map(([, y]) => y));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = innerW / points.length;
  const yOf = (v: number) => PAD.top + innerH - (v / max) * innerH;
  // The column names are the report's, as stored; the words around them the reader's (decision 0780).
  const names = { x: chart.x, y: chart.y };
  return (
    <Box>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={t.chart(names)}
        style={{ maxWidth: 640, display: 'block' }}
      >
        <line
          x1={PAD.left}
          y1={PAD.top + innerH}
          x2={WIDTH - PAD.right}
          y2={PAD.top + innerH}
          stroke="#868e96"
        />
        <text x={PAD.left - 4} y={PAD.top + 8} fontSize="10" textAnchor="end" fill="#495057">
          {max}
        </text>
        <text x={PAD.left - 4} y={PAD.top + innerH} fontSize="10" textAnchor="end" fill="#495057">
          0
        </text>
        {chart.type === 'bar' ? (
          points.map(([x, y], i) => (
            <rect
              key={x}
              x={PAD.left + i * step + step * 0.15}
              y={yOf(y)}
              width={step * 0.7}
              height={PAD.top + innerH - yOf(y)}
              fill="#1c7ed6"
            >
              <title>{`${x}: ${y}`}</title>
            </rect>
          ))
        ) : (
          <polyline
            fill="none"
            stroke="#1c7ed6"
            strokeWidth="2"
            points={points.map(([, y], i) => `${PAD.left + i * step + step / 2},${yOf(y)}`).join(' ')}
          />
        )}
        {[0, points.length - 1]
          .filter((i, k, all) => all.indexOf(i) === k)
          .map((i) => (
            <text
              key={i}
              x={PAD.left + i * step + step / 2}
              y={HEIGHT - 8}
              fontSize="10"
              textAnchor={i === 0 && points.length > 1 ? 'start' : 'middle'}
              fill="#495057"
            >
              {points[i]?.[0]}
            </text>
          ))}
      </svg>
      <Text size="xs" c="dimmed">
        {t.chartCaption(names)}
      </Text>
    </Box>
  );
}
