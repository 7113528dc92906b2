import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/PageSpinner';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useAdminMetadata } from './admin-queries';
import { FactList } from './FactList';
import { describeMaintenance } from './maintenance-state';

/** Admin/GetMetadata: versions, counts, live connections. */
export function MetadataSection() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, isFetching } = useAdminMetadata();
  if (isPending) return <PageSpinner />;
  if (isError) return <Alert severity="error">{t('admin.metadata.loadFailed')}</Alert>;
  const count = (value: number) => formatNumber(value);
  return (
    <Box data-testid="admin-metadata">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button startIcon={<RefreshIcon />} onClick={() => void refetch()} disabled={isFetching}>
          {t('admin.refresh')}
        </Button>
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FactList
            title={t('admin.metadata.server')}
            facts={[
              [t('admin.metadata.version'), data.Server.Version],
              [t('admin.metadata.nodeVersion'), data.Server.NodeVersion],
              [t('admin.metadata.instance'), data.Server.InstanceId],
              [t('admin.metadata.startedAt'), formatDateTime(data.Server.StartedAt)],
              [t('admin.metadata.methods'), t('admin.metadata.methodsValue', { implemented: count(data.Services.Implemented), total: count(data.Services.Methods) })],
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FactList
            title={t('admin.metadata.database')}
            facts={[
              [t('admin.metadata.databaseKind'), data.Database.Kind === 'postgres' ? 'PostgreSQL' : t('admin.metadata.embedded')],
              [t('admin.metadata.version'), data.Database.Version],
              [t('admin.metadata.migrations'), data.Database.Migrations.join(', ')],
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FactList
            title={t('admin.metadata.counts')}
            facts={[
              [t('admin.metadata.accounts'), count(data.Counts.Accounts)],
              [t('admin.metadata.users'), count(data.Counts.Users)],
              [t('admin.metadata.activeSessions'), count(data.Counts.ActiveSessions)],
              [t('admin.metadata.capabilitySets'), count(data.Counts.CapabilitySets)],
              [t('admin.metadata.roles'), count(data.Counts.Roles)],
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FactList
            testId="admin-metadata-realtime"
            title={t('admin.metadata.realtime')}
            facts={[
              [t('admin.metadata.connections'), count(data.Realtime.Connections)],
              [t('admin.metadata.authenticatedConnections'), count(data.Realtime.AuthenticatedConnections)],
              [t('admin.metadata.fanout'), data.Realtime.Fanout === 'postgres' ? t('admin.metadata.fanoutPostgres') : t('admin.metadata.fanoutInProcess')],
              [t('admin.metadata.maintenance'), describeMaintenance(data.Maintenance, t)],
            ]}
          />
        </Grid>
      </Grid>
    </Box>
  );
}
