/**
 * <ReportResult>: a report run (engine/reports: Columns, Rows, Chart) drawn from its own description — the chart
 * by the chart renderer, the table by the engine's grid (reportGridDefinition: client paging over the rows already
 * here, so the report runs once), and the Excel/CSV export of every row with the values as shown, all per locale.
 * A runner's result (schema/runner.ts) and the studio's preview of a report draft draw it.
 */
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Capability } from '../../contract/capabilities';
import { formatNumber, pageFormatting } from '../../contract/formatting';
import { statusLabel } from '../../engine/grids';
import { REPORT_ROWS_SOURCE, reportAxisText, reportExportTable, reportGridDefinition, reportGridRows, reportMonthText, type ReportRun } from '../../engine/reports';
import { ReportChart } from '../charts/ReportChart';
import { LazyDefinedGrid as DefinedGrid } from './LazyDefinedGrid';
import { downloadCsv, downloadXlsx } from './download';
import type { GridServiceCaller } from './grid-service';

/** Grid rows drawn at most (one row is about 34 px): taller reports scroll inside the grid. */
const GRID_MAX_HEIGHT = 480;

export interface ReportResultTexts {
  empty: string;
  other: string;
  exportXlsx: string;
  exportCsv: string;
  /** A status value's text key is this prefix and the value without spaces. */
  statusPrefix: string;
}

export interface ReportResultProps {
  run: ReportRun;
  texts: ReportResultTexts;
  /** Test ids {testId}-chart, -legend, -table, -export-xlsx, -export-csv, -empty. */
  testId: string;
  capabilities: readonly Capability[];
  userId: number | string;
  onError: (message: string) => void;
}

export function ReportResult({ run, texts, testId, capabilities, userId, onError }: ReportResultProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const formatting = useMemo(() => pageFormatting(language), [language]);
  const status = useCallback((value: string) => statusLabel(value, texts.statusPrefix, (key) => String(t(key))), [t, texts.statusPrefix]);
  const definition = useMemo(() => reportGridDefinition(run), [run]);
  const rows = useMemo(() => reportGridRows(run, run.Rows, (value) => reportMonthText(value, formatting)), [run, formatting]);
  // The grid asks its data source for the rows: they are the ones this run answered.
  const answerRows: GridServiceCaller = useMemo(
    () => async (service, method) => {
      if (service !== REPORT_ROWS_SOURCE.service || method !== REPORT_ROWS_SOURCE.method) throw new Error(`${service}/${method} is not this report's data`);
      return { Rows: rows };
    },
    [rows],
  );
  const exportTable = () => reportExportTable(run, formatting, status);

  return (
    <Stack spacing={2}>
      {run.Rows.length === 0 ? (
        <Alert severity="info" data-testid={`${testId}-empty`}>
          {texts.empty}
        </Alert>
      ) : (
        run.Chart && (
          <ReportChart
            chart={run.Chart}
            rows={run.Rows}
            formatNumber={(value, options) => formatNumber(value, formatting, options)}
            title={run.Title}
            xLabel={(value) => reportAxisText(run, run.Chart?.x, value, formatting, status)}
            seriesLabel={(value) => reportAxisText(run, run.Chart?.series, value, formatting, status)}
            otherLabel={texts.other}
            testId={testId}
          />
        )
      )}
      <Stack direction="row" spacing={1}>
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => void downloadXlsx(exportTable(), run.Id, run.Title)} data-testid={`${testId}-export-xlsx`}>
          {texts.exportXlsx}
        </Button>
        <Button size="small" startIcon={<DownloadIcon />} onClick={() => downloadCsv(exportTable(), run.Id)} data-testid={`${testId}-export-csv`}>
          {texts.exportCsv}
        </Button>
      </Stack>
      {run.Rows.length > 0 && (
        <Box data-testid={`${testId}-table`}>
          <DefinedGrid
            key={`${run.Id}:${run.Columns.map((column) => column.Field).join(',')}`}
            definition={definition}
            capabilities={capabilities}
            userId={userId}
            callService={answerRows}
            onError={onError}
            showTitle={false}
            height={Math.min(GRID_MAX_HEIGHT, 110 + rows.length * 34)}
          />
        </Box>
      )}
    </Stack>
  );
}
