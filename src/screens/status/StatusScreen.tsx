import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ComponentState, StatusReport } from '../../../contract/status';
import { formatDateTime } from '../../i18n/format';
import { CenteredFormCard } from '../../components/CenteredFormCard';

/** Looked at again while the page is open; the server looks at most every 2 s whatever the callers. */
const REFRESH_MS = 30_000;

const CHIP_COLOR: Record<ComponentState, 'success' | 'warning' | 'error'> = { up: 'success', degraded: 'warning', down: 'error' };

async function loadStatus(): Promise<StatusReport> {
  const response = await fetch('/status.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(String(response.status));
  return (await response.json()) as StatusReport;
}

/** `/status` (public, plain): the portal's parts as up, degraded or down, and the maintenance window (issue 38). */
export default function StatusScreen() {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: ['status-page'], queryFn: loadStatus, refetchInterval: REFRESH_MS, retry: false });
  // No answer at all: the portal is down from where the user stands.
  const overall: ComponentState = status.isError ? 'down' : (status.data?.status ?? 'up');
  const maintenance = status.data?.maintenance;
  return (
    <CenteredFormCard title={t('statusPage.title')} maxWidth={560} testId="status-page">
      {(status.data || status.isError) && (
        <Alert severity={overall === 'up' ? 'success' : overall === 'degraded' ? 'warning' : 'error'} data-testid="status-overall" data-status={overall}>
          {t(`statusPage.overall.${overall}`)}
        </Alert>
      )}
      {maintenance && (
        <Alert severity="info" data-testid="status-maintenance">
          {maintenance.mode === 'scheduled' ? t('statusPage.maintenanceAt', { when: formatDateTime(maintenance.startsAt) }) : t('statusPage.maintenanceSoon')}
        </Alert>
      )}
      {status.data && (
        <List disablePadding aria-label={t('statusPage.components')}>
          {status.data.components.map((part) => (
            <ListItem key={part.id} divider data-testid={`status-${part.id}`} data-status={part.status} secondaryAction={<Chip size="small" color={CHIP_COLOR[part.status]} label={t(`statusPage.state.${part.status}`)} />}>
              <ListItemText primary={t(`statusPage.component.${part.id}`)} secondary={t(`statusPage.about.${part.id}`)} />
            </ListItem>
          ))}
        </List>
      )}
      {status.data && (
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('statusPage.checkedAt', { when: formatDateTime(status.data.checkedAt) })}
          </Typography>
        </Box>
      )}
    </CenteredFormCard>
  );
}
