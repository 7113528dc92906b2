import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_ROWS_SOURCE, reportGridDefinition, reportGridRows, type ReportView } from '../../../engine/reports';
import { ReportChart } from '../../../renderers/charts/ReportChart';
import { downloadCsv, downloadXlsx } from '../../../renderers/grids/download';
import { DefinedGrid, type GridServiceCaller } from '../../../renderers/grids';
import { formatNumber } from '../../i18n/format';
import { showError } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { formatCell, formatDay, formatMonth, type ReportResult } from './report-format';

/** Grid rows drawn at most (one row is about 34 px): taller reports scroll inside the grid. */
const GRID_MAX_HEIGHT = 480;

/**
 * A report that ran (RunReport, or the studio's preview of a draft), drawn from
 * its definition: the chart by the chart renderer, the table by the engine's grid
 * (reportGridDefinition: client paging over the rows already here, so the report
 * runs once), and the Excel/CSV export of every row with the values as shown.
 */
export function ReportResultView({ result }: { result: ReportResult }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const statusLabel = (value: string) => t(`reports.status.${value.replace(/\s/g, '')}`, { defaultValue: value });
  const view: ReportView = result;
  const definition = useMemo(() => reportGridDefinition(view), [view]);
  const rows = useMemo(() => reportGridRows(view, result.Rows, formatMonth), [view, result.Rows]);
  // The grid asks its data source for the rows: they are the ones this run answered.
  const answerRows: GridServiceCaller = useMemo(
    () => async (service, method) => {
      if (service !== REPORT_ROWS_SOURCE.service || method !== REPORT_ROWS_SOURCE.method) throw new Error(`${service}/${method} is not this report's data`);
      return { Rows: rows };
    },
    [rows],
  );
  const column = (field: string | undefined) => result.Columns.find((entry) => entry.Field === field);
  const xLabel = (value: string) => {
    const type = column(result.Chart?.x)?.Type;
    return type === 'month' ? formatMonth(value) : type === 'date' ? formatDay(value, 'short') : type === 'status' ? statusLabel(value) : value;
  };
  const exportTable = () => ({
    headers: result.Columns.map((entry) => entry.Label),
    rows: result.Rows.map((row) => result.Columns.map((entry) => formatCell(entry, row, row[entry.Field], statusLabel))),
  });

  return (
    <Stack spacing={2}>
      {result.Rows.length === 0 ? (
        <Alert severity="info" data-testid="report-empty">
          {t('reports.noData')}
        </Alert>
      ) : (
        result.Chart && (
          <ReportChart
            chart={result.Chart}
            rows={result.Rows}
            formatNumber={formatNumber}
            title={result.Title}
            xLabel={xLabel}
            seriesLabel={(value) => (column(result.Chart?.series)?.Type === 'status' ? statusLabel(value) : value)}
            otherLabel={t('reports.other')}
          />
        )
      )}
      <Stack direction="row" spacing={1}>
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => void downloadXlsx(exportTable(), result.Id, result.Title)} data-testid="report-export-xlsx">
          {t('reports.exportXlsx')}
        </Button>
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => downloadCsv(exportTable(), result.Id)} data-testid="report-export-csv">
          {t('reports.exportCsv')}
        </Button>
      </Stack>
      {user && result.Rows.length > 0 && (
        <Box data-testid="report-table">
          <DefinedGrid
            key={`${result.Id}:${result.Columns.map((entry) => entry.Field).join(',')}`}
            definition={definition}
            capabilities={user.Capability}
            userId={user.UserAccountId}
            callService={answerRows}
            onError={(text) => showError(text)}
            showTitle={false}
            height={Math.min(GRID_MAX_HEIGHT, 110 + rows.length * 34)}
          />
        </Box>
      )}
    </Stack>
  );
}
