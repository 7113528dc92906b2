import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useMemo } from 'react';
import type { ReportChart as ReportChartDefinition, ReportRowValues } from '../../engine/reports';

/** Most series drawn apart; the rest are summed as "other". */
const MAX_SERIES = 8;
const HEIGHT = 300;

export interface ChartProps {
  /** The report definition's chart (which fields) and the rows it ran. */
  chart: ReportChartDefinition;
  rows: readonly ReportRowValues[];
  /** Numbers in the user's locale (compact: 20K for large axis ticks). */
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** The x value as the user reads it (a month, a day, a product name). */
  xLabel: (value: string) => string;
  seriesLabel: (value: string) => string;
  otherLabel: string;
  title: string;
  /** Test ids {testId}-chart and {testId}-legend. */
  testId: string;
}

interface ChartData {
  xs: string[];
  series: string[];
  /** values[series][x] */
  values: number[][];
}

export function chartData(rows: readonly ReportRowValues[], x: string, y: string, seriesField: string | undefined): ChartData {
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

/**
 * A report definition's chart (engine/reports): a bar chart (stacked by series) or a line chart, drawn by @mui/x-charts in the theme's
 * colours (light and dark), numbers in the user's locale. The table beside it carries the
 * same numbers for screen readers and exports; the legend is ours (one colour per series,
 * "other" for the rest), so it reads the same in every language.
 */
export function ReportChart({ chart, rows, formatNumber, xLabel, seriesLabel, otherLabel, title, testId }: ChartProps) {
  const theme = useTheme();
  const data = useMemo(() => chartData(rows, chart.x, chart.y, chart.series), [rows, chart]);
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
  const nameOf = (key: string) => (key === '\u0000other' ? otherLabel : seriesLabel(key));
  const format = (value: number | null) => (value === null ? '' : formatNumber(value, { maximumFractionDigits: 2 }));
  const labels = data.xs.map((x) => xLabel(x));
  const series = data.series.map((key, index) => ({
    id: key,
    data: data.values[index],
    label: nameOf(key) || title,
    color: palette[index % palette.length],
    valueFormatter: format,
    ...(chart.type === 'bar' ? { stack: 'total' } : { showMark: data.xs.length <= 31 }),
  }));
  // 'auto': as wide as the longest tick label (the fixed default cut "20,000" to "20,…").
  const yAxis = [{ width: 'auto' as const, valueFormatter: (value: number) => formatNumber(value, { notation: Math.abs(value) >= 100_000 ? 'compact' : 'standard', maximumFractionDigits: 2 }) }];
  // No keyboard navigation of the bars: its focus stop has no name, and inside role="img" what it announces is never
  // read (issue 24); the report's grid below holds every value.
  const common = { height: HEIGHT, series, yAxis, hideLegend: true, disableKeyboardNavigation: true, margin: { left: 8, right: 16, top: 12, bottom: 8 } };

  return (
    <Box data-testid={`${testId}-chart`} role="img" aria-label={title} data-series-count={data.series.length}>
      {chart.type === 'bar' ? (
        <BarChart {...common} xAxis={[{ scaleType: 'band', data: labels }]} />
      ) : (
        <LineChart {...common} xAxis={[{ scaleType: 'point', data: labels }]} />
      )}
      {data.series.length > 1 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, mt: 1 }} data-testid={`${testId}-legend`}>
          {data.series.map((key, index) => (
            <Stack key={key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: palette[index % palette.length] }} />
              <Typography variant="caption">{nameOf(key)}</Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
