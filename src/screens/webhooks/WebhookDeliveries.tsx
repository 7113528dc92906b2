import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDeliveries, useWebhookActions } from './webhook-queries';
import { formatDateTime } from '../../i18n/format';

/** One endpoint's deliveries, newest first: status, response, time; replay one or every failed one. */
export function WebhookDeliveries({ endpointId, accountId, mayReplay }: { endpointId: number; accountId: number; mayReplay: boolean }) {
  const { t } = useTranslation();
  const deliveries = useDeliveries(endpointId);
  const { replay } = useWebhookActions(accountId);
  const time = (iso: string | null) => (iso ? formatDateTime(iso) : '');
  const failed = (deliveries.data ?? []).filter((row) => row.Status === 'Failed').length;
  return (
    <Box sx={{ mt: 3 }} data-testid="webhook-deliveries">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('webhooks.deliveries')}
        </Typography>
        {mayReplay && (
          <Button size="small" disabled={failed === 0} onClick={() => replay.mutate({ endpointId })}>
            {t('webhooks.replayFailed', { n: failed })}
          </Button>
        )}
      </Stack>
      <Table size="small" aria-label={t('webhooks.deliveries')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('webhooks.time')}</TableCell>
            <TableCell>{t('webhooks.event')}</TableCell>
            <TableCell>{t('webhooks.status')}</TableCell>
            <TableCell>{t('webhooks.response')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(deliveries.data ?? []).map((row) => (
            <TableRow key={row.DeliveryId} data-testid="webhook-delivery">
              <TableCell>{time(row.LastAttemptAt ?? row.CreatedAt)}</TableCell>
              <TableCell>
                <code>{row.EventType}</code>
              </TableCell>
              <TableCell>
                {t(`webhooks.deliveryStatus.${row.Status}`)}
                {row.Attempts > 1 ? ` (${t('webhooks.attempts', { n: row.Attempts })})` : ''}
                {row.ReplayOf !== null ? ` · ${t('webhooks.replay')}` : ''}
              </TableCell>
              <TableCell sx={{ maxWidth: 360, wordBreak: 'break-word' }}>
                {row.ResponseStatus !== null && <strong>{row.ResponseStatus} </strong>}
                {row.Error ?? row.ResponseExcerpt ?? ''}
              </TableCell>
              <TableCell align="right">
                {mayReplay && (
                  <Button size="small" onClick={() => replay.mutate({ endpointId, deliveryId: row.DeliveryId })}>
                    {t('webhooks.replay')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
          {deliveries.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{t('webhooks.noDeliveries')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
