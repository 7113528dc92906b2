/**
 * <BoardChart>: a chart card's bars (@mui/x-charts, about 90 kB gzip), in a module of its own so that the board
 * loads it only when a chart card comes into view (<BoardCard>; issue 37: the start page's first view needs none).
 */
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { boardPointLabel, type BoardCard as BoardCardData, type BoardFormat } from '../../engine/grids/board';

export interface BoardChartProps {
  card: BoardCardData;
  format: BoardFormat;
  /** The board's text for the bar gathering the rest (`…`). */
  other: string;
}

/** The chart's height: the placeholder drawn while its code loads keeps it. */
export const BOARD_CHART_HEIGHT = 160;

export default function BoardChart({ card, format, other }: BoardChartProps) {
  const theme = useTheme();
  const points = card.Points ?? [];
  return (
    <BarChart
      disableKeyboardNavigation
      height={BOARD_CHART_HEIGHT}
      layout="horizontal"
      hideLegend
      margin={{ left: 4, right: 28, top: 8, bottom: 4 }}
      yAxis={[{ scaleType: 'band', data: points.map((point) => boardPointLabel(point, other)), width: 140 }]}
      xAxis={[{ tickNumber: 3, valueFormatter: (value: number) => format.number(value, { notation: 'compact' }) }]}
      series={[{ data: points.map((point) => point.Value), color: theme.palette.primary.main, valueFormatter: (value) => (value === null ? '' : format.money(value, card.Currency ?? 'EUR')) }]}
    />
  );
}
