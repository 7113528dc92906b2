import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChipColor, ValueFormat } from '../../../engine/grids';
import { StatusChip } from '../../../renderers/grids';
import { callService } from '../../api';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';
import { RowActions } from '../business/RowActions';
import { useOnChange, useRefreshTick } from '../business/use-refresh-tick';
import { isRunning } from './import-types';
import { formatDateTime } from '../../i18n/format';

/** How often a running import's progress is read again (live progress). */
export const PROGRESS_POLL_MS = 2000;

/** The colours of imports.json's status column. */
const STATUS_COLORS: Record<string, ChipColor> = { Pending: 'info', 'In progress': 'primary', Completed: 'success', Failed: 'error', Cancelled: 'default' };

/**
 * One import beside the list: live progress while it runs (read every 2 s),
 * its counts, and the per-account rows (screen-definitions/screens/import-accounts.json).
 */
export function ImportDetailsDrawer({ importId, onClose, onChanged }: { importId: number; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const details = useQuery({
    queryKey: ['import-details', importId],
    queryFn: ({ signal }) => callService('Import', 'GetImportDetails', { importId }, { signal }),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data.Import.Status) ? PROGRESS_POLL_MS : false),
  });
  const item = details.data?.Import;
  const { tick, refresh } = useRefreshTick();
  // Reload the account rows (and tell the list) when the import changes state. Not on every
  // processed row: reloading a defined grid blanks it until the rows are back, so the live
  // progress shows above it instead (bar and counts, read every 2 s).
  const progressKey = item?.Status ?? '';
  useOnChange(progressKey, () => {
    refresh();
    onChanged();
  });
  const context = useMemo(() => ({ importId, tick }), [importId, tick]);
  const format = useMemo<ValueFormat>(
    () => ({ type: 'status', status: { colors: STATUS_COLORS, label: (value: string) => t(`imports.status.${value.replace(/[^A-Za-z]/g, '')}`) } }),
    [t],
  );
  const date = (value: string | null) => (value ? formatDateTime(value) : '–');
  const percent = item && item.TotalRows > 0 ? Math.round((item.ProcessedRows / item.TotalRows) * 100) : 0;

  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', md: 760 } } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }} data-testid="import-details">
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }} noWrap>
          {item?.Name ?? t('imports.details.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      {item && (
        <Stack spacing={1.5} sx={{ px: 2, pb: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span data-testid="import-details-status">
              <StatusChip value={item.Status} format={format} />
            </span>
            <Typography variant="body2" color="text.secondary">
              {t(`imports.type.${item.ImportType}`, { defaultValue: item.ImportType })} · {item.Source}
            </Typography>
          </Stack>
          <Box>
            <LinearProgress variant="determinate" value={percent} aria-label={t('imports.details.progress')} sx={{ height: 8, borderRadius: 1 }} />
            <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="import-details-progress" aria-live="polite">
              {t('imports.details.progressText', { processed: item.ProcessedRows, total: item.TotalRows, imported: item.ImportedAccountsCount, errors: item.ErrorsCount })}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('imports.details.meta', { creator: item.CreatorName ?? '–', scheduled: date(item.ScheduledDate), started: date(item.StartedAt), finished: date(item.FinishedAt) })}
          </Typography>
          {item.Failure && <Alert severity="error">{item.Failure}</Alert>}
          <RowActions
            definitionName="imports"
            row={item}
            rowId={item.Id}
            onDone={() => {
              void details.refetch();
              onChanged();
            }}
          />
        </Stack>
      )}
      {details.isError && <Alert severity="error" sx={{ mx: 2 }}>{details.error.message}</Alert>}
      <Box sx={{ px: 2, pb: 2 }}>
        <DefinitionGridScreen name="import-accounts" context={context} showTitle={false} height="max(320px, calc(100vh - 360px))" />
      </Box>
    </Drawer>
  );
}
