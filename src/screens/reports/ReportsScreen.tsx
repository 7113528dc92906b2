import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { callService } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import type { ReportResult } from './report-format';
import { ReportResultView } from './ReportResultView';

/**
 * `/reports` and `/reports/:reportId` (REPORTING Read): the report definitions
 * the user may run, the ones it runs most first; a report drawn from its
 * definition (ReportResultView: the chart renderer and the engine's grid) with
 * an Excel/CSV export, numbers and dates per locale.
 */
export default function ReportsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { reportId } = useParams();
  const [months, setMonths] = useState('');
  const [days, setDays] = useState('');
  const reports = useQuery({ queryKey: ['reports', 'list'], queryFn: async ({ signal }) => (await callService('Reporting', 'ListReports', {}, { signal })) as ReportResult[] });
  const frequent = useQuery({
    queryKey: ['reports', 'frequent'],
    queryFn: ({ signal }) => callService('Reporting', 'GetFrequentReports', {}, { signal }),
  });
  const chosen = reports.data?.find((report) => report.Id === reportId);
  const parameters = {
    months: chosen?.Parameters.months !== undefined && /^\d+$/.test(months) ? Math.min(24, Math.max(1, Number(months))) : undefined,
    days: chosen?.Parameters.days !== undefined && /^\d+$/.test(days) ? Math.min(366, Math.max(1, Number(days))) : undefined,
  };
  const result = useQuery({
    queryKey: ['reports', 'run', reportId, parameters],
    queryFn: async ({ signal }) => {
      const ran = (await callService('Reporting', 'RunReport', { reportId: reportId!, parameters }, { signal, suppressErrors: true })) as ReportResult;
      void queryClient.invalidateQueries({ queryKey: ['reports', 'frequent'] });
      return ran;
    },
    enabled: chosen !== undefined,
  });

  if (reports.isError) return <Alert severity="error">{reports.error.message}</Alert>;
  if (!reports.data) return <PageSpinner />;

  const open = (id: string) => {
    setMonths('');
    setDays('');
    navigate(`/reports/${id}`);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('reports.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
          {(frequent.data ?? []).length > 0 && (
            <Box sx={{ p: 1.5, pb: 0 }}>
              <Typography variant="overline" color="text.secondary">
                {t('reports.frequent')}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mb: 1 }} data-testid="frequent-reports">
                {(frequent.data ?? []).map((report) => (
                  <Chip key={report.Id} size="small" label={report.Title} onClick={() => open(report.Id)} color={report.Id === reportId ? 'primary' : 'default'} />
                ))}
              </Stack>
            </Box>
          )}
          <List dense aria-label={t('reports.all')} data-testid="report-list">
            {reports.data.map((report) => (
              // A list's entries are <li> (axe: list); the button is inside.
              <ListItem key={report.Id} disablePadding>
                <ListItemButton selected={report.Id === reportId} onClick={() => open(report.Id)} data-testid={`report-${report.Id}`}>
                  <ListItemText primary={report.Title} secondary={report.Description} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          {!chosen && <Alert severity="info">{reports.data.length ? t('reports.choose') : t('reports.none')}</Alert>}
          {chosen && (
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="report-view">
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
                <Box>
                  <Typography variant="h6" component="h2">
                    {chosen.Title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {chosen.Description}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {chosen.Parameters.months !== undefined && (
                    <TextField size="small" sx={{ width: 120 }} label={t('reports.months')} placeholder={String(chosen.Parameters.months)} value={months} onChange={(event) => setMonths(event.target.value.replace(/\D/g, ''))} slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }} helperText={t('reports.monthsHelp')} />
                  )}
                  {chosen.Parameters.days !== undefined && (
                    <TextField size="small" sx={{ width: 120 }} label={t('reports.days')} placeholder={String(chosen.Parameters.days)} value={days} onChange={(event) => setDays(event.target.value.replace(/\D/g, ''))} slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }} helperText={t('reports.daysHelp')} />
                  )}
                  <Button startIcon={<PlayArrowIcon />} onClick={() => void result.refetch()} disabled={result.isFetching}>
                    {t('reports.run')}
                  </Button>
                </Stack>
              </Stack>
              {result.isError && <Alert severity="error">{result.error.message}</Alert>}
              {result.isLoading && <PageSpinner />}
              {result.data && <ReportResultView result={result.data} />}
            </Paper>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
