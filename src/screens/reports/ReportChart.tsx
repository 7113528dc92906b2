import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { formatNumber } from '../../i18n/format';
import type { ReportResult, ReportRow } from './report-format';

/** Most series drawn apart; the rest are summed as "other". */
const MAX_SERIES = 8;
const WIDTH = 760;
const HEIGHT = 300;
const MARGIN = { top: 12, right: 12, bottom: 48, left: 64 };

export interface ChartProps {
  report: ReportResult;
  /** The x value as the user reads it (a month, a day, a product name). */
  xLabel: (value: string) => string;
  seriesLabel: (value: string) => string;
  otherLabel: string;
  title: string;
}

interface ChartData {
  xs: string[];
  series: string[];
  /** values[series][x] */
  values: number[][];
}

export function chartData(rows: readonly ReportRow[], x: string, y: string, seriesField: string | undefined): ChartData {
  const xs = [...new Set(rows.map((row) => String(row[x])))];
  const totals = new Map<string, number>();
  for (const row of rows) {
    const key = seriesField ? String(row[seriesField]) : '';
    totals.set(key, (totals.get(key) ?? 0) + Math.abs(Number(row[y]) || 0));
  }
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
  const kept = ranked.length > MAX_SERIES ? ranked.slice(0, MAX_SERIES - 1) : ranked;
  const hasOther = ranked.length > kept.length;
  const series = hasOther ? [...kept, '\u0000other'] : kept;
  const values = series.map(() => xs.map(() => 0));
  for (const row of rows) {
    const key = seriesField ? String(row[seriesField]) : '';
    const index = kept.includes(key) ? kept.indexOf(key) : series.length - 1;
    values[index][xs.indexOf(String(row[x]))] += Number(row[y]) || 0;
  }
  return { xs, series, values };
}

/** A "nice" upper bound and step for the y axis. */
export function niceScale(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 1, step: 1 };
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? rough;
  return { top: Math.ceil(max / step) * step, step };
}

/**
 * A bar chart (stacked by series) or a line chart in SVG, in the theme's
 * colours (light and dark). The table beside it carries the same numbers for
 * screen readers and exports.
 */
export function ReportChart({ report, xLabel, seriesLabel, otherLabel, title }: ChartProps) {
  const theme = useTheme();
  const [hover, setHover] = useState<number | undefined>();
  const chart = report.Chart!;
  const data = useMemo(() => chartData(report.Rows, chart.x, chart.y, chart.series), [report.Rows, chart]);
  const palette = [
    theme.palette.primary.main,
    theme.palette.success.main,
    theme.palette.warning.main,
    theme.palette.error.main,
    theme.palette.info.main,
    theme.palette.secondary.main,
    theme.palette.mode === 'dark' ? '#b39ddb' : '#5e35b1',
    theme.palette.grey[500],
  ];
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const stackTotals = data.xs.map((_x, xi) => data.values.reduce((sum, values) => sum + Math.max(0, values[xi]), 0));
  const max = chart.type === 'bar' ? Math.max(0, ...stackTotals) : Math.max(0, ...data.values.flat());
  const { top, step } = niceScale(max);
  const yOf = (value: number) => MARGIN.top + innerHeight - (value / top) * innerHeight;
  const band = innerWidth / Math.max(1, data.xs.length);
  const barWidth = Math.max(2, Math.min(48, band * 0.7));
  const labelEvery = Math.max(1, Math.ceil(data.xs.length / 12));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  const nameOf = (key: string) => (key === '\u0000other' ? otherLabel : seriesLabel(key));
  const text = theme.palette.text.secondary;

  return (
    <Box data-testid="report-chart">
      <Box sx={{ width: '100%', overflowX: 'auto' }}>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" style={{ minWidth: 480, display: 'block' }} role="img" aria-label={title}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={yOf(tick)} y2={yOf(tick)} stroke={theme.palette.divider} />
              <text x={MARGIN.left - 8} y={yOf(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill={text}>
                {formatNumber(tick, { notation: top >= 100_000 ? 'compact' : 'standard', maximumFractionDigits: 2 })}
              </text>
            </g>
          ))}
          {data.xs.map((x, xi) => {
            const center = MARGIN.left + band * xi + band / 2;
            return (
              <g key={x} onMouseEnter={() => setHover(xi)} onMouseLeave={() => setHover(undefined)}>
                <rect x={center - band / 2} y={MARGIN.top} width={band} height={innerHeight} fill={hover === xi ? theme.palette.action.hover : 'transparent'} />
                {xi % labelEvery === 0 && (
                  <text x={center} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle" fontSize={11} fill={text}>
                    {xLabel(x).slice(0, 18)}
                  </text>
                )}
                {chart.type === 'bar' &&
                  (() => {
                    let base = 0;
                    return data.series.map((key, si) => {
                      const value = Math.max(0, data.values[si][xi]);
                      const y0 = yOf(base);
                      base += value;
                      const y1 = yOf(base);
                      return value > 0 ? <rect key={key} x={center - barWidth / 2} y={y1} width={barWidth} height={Math.max(0.5, y0 - y1)} fill={palette[si % palette.length]} data-series={key} /> : null;
                    });
                  })()}
                <title>{`${xLabel(x)}: ${data.series.map((key, si) => `${data.series.length > 1 ? `${nameOf(key)} ` : ''}${formatNumber(data.values[si][xi], { maximumFractionDigits: 2 })}`).join(', ')}`}</title>
              </g>
            );
          })}
          {chart.type === 'line' &&
            data.series.map((key, si) => (
              <polyline
                key={key}
                fill="none"
                stroke={palette[si % palette.length]}
                strokeWidth={2}
                points={data.xs.map((_x, xi) => `${MARGIN.left + band * xi + band / 2},${yOf(data.values[si][xi])}`).join(' ')}
              />
            ))}
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={yOf(0)} y2={yOf(0)} stroke={theme.palette.text.disabled} />
        </svg>
      </Box>
      {data.series.length > 1 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, mt: 1 }} data-testid="report-legend">
          {data.series.map((key, si) => (
            <Stack key={key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: palette[si % palette.length] }} />
              <Typography variant="caption">{nameOf(key)}</Typography>
            </Stack>
          ))}
        </Stack>
      )}
      {hover !== undefined && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {xLabel(data.xs[hover])}: {formatNumber(chart.type === 'bar' ? stackTotals[hover] : (data.values[0]?.[hover] ?? 0), { maximumFractionDigits: 2 })}
        </Typography>
      )}
    </Box>
  );
}
