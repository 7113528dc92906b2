import { useState } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../contract/webhook-events';
import { satisfiesCheck } from '../../../engine/shared';
import { useCurrentUser } from '../../session';
import { WebhookDeliveries } from './WebhookDeliveries';
import { useEndpoints, useWebhookActions } from './webhook-queries';

/** /webhooks/:accountId?: an account's webhook endpoints (the user's organisation by default), their deliveries, replays and secrets. */
export default function WebhooksScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const params = useParams();
  const accountId = Number(params.accountId ?? user?.CompanyAccount?.AccountId ?? 0);
  const mayChange = satisfiesCheck(user?.Capability ?? [], { ObjectType: 'WEBHOOKS', Execute: true });
  const endpoints = useEndpoints(accountId);
  const actions = useWebhookActions(accountId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [secret, setSecret] = useState<{ url: string; secret: string }>();
  const [selected, setSelected] = useState<number>();
  const createError = actions.create.error instanceof Error ? actions.create.error.message : undefined;

  const create = async () => {
    const created = await actions.create.mutateAsync({ url: url.trim(), eventTypes: events });
    setSecret({ url: created.Endpoint.Url, secret: created.Secret });
    setUrl('');
    setSelected(created.Endpoint.EndpointId);
  };
  const rotate = async (endpointId: number, endpointUrl: string) => setSecret({ url: endpointUrl, secret: (await actions.rotate.mutateAsync(endpointId)).Secret });
  const toggle = (type: WebhookEventType) => setEvents((current) => (current.includes(type) ? current.filter((entry) => entry !== type) : [...current, type]));

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="webhooks-screen">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('webhooks.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('webhooks.intro')}
      </Typography>
      {secret && (
        <Alert severity="success" onClose={() => setSecret(undefined)} sx={{ mb: 2 }} data-testid="webhook-secret">
          {t('webhooks.secretOnce', { url: secret.url })}
          <Box component="code" sx={{ display: 'block', mt: 1, wordBreak: 'break-all' }}>
            {secret.secret}
          </Box>
        </Alert>
      )}
      {mayChange && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography variant="subtitle1" component="h2">
            {t('webhooks.add')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ my: 1 }}>
            <TextField
              label={t('webhooks.url')}
              placeholder="https://example.com/webhooks"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              size="small"
              fullWidth
              error={Boolean(createError)}
              helperText={createError}
            />
            <Button variant="contained" disabled={!url.trim() || events.length === 0 || actions.create.isPending} onClick={() => void create().catch(() => undefined)}>
              {t('webhooks.subscribe')}
            </Button>
          </Stack>
          <Box role="group" aria-label={t('webhooks.events')}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <FormControlLabel key={type} control={<Checkbox size="small" checked={events.includes(type)} onChange={() => toggle(type)} />} label={<code>{type}</code>} />
            ))}
          </Box>
        </Paper>
      )}
      <Table size="small" aria-label={t('webhooks.endpoints')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('webhooks.url')}</TableCell>
            <TableCell>{t('webhooks.events')}</TableCell>
            <TableCell>{t('webhooks.state')}</TableCell>
            <TableCell>{t('webhooks.pendingFailed')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(endpoints.data ?? []).map((endpoint) => (
            <TableRow key={endpoint.EndpointId} selected={selected === endpoint.EndpointId} data-testid="webhook-endpoint">
              <TableCell sx={{ wordBreak: 'break-all' }}>{endpoint.Url}</TableCell>
              <TableCell>{endpoint.EventTypes.length === WEBHOOK_EVENT_TYPES.length ? t('webhooks.allEvents') : endpoint.EventTypes.join(', ')}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={endpoint.Enabled ? 'success' : 'default'}
                  label={endpoint.Enabled ? t('webhooks.enabled') : endpoint.DisabledReason === 'Failing' ? t('webhooks.disabledFailing') : t('webhooks.disabled')}
                />
              </TableCell>
              <TableCell>
                {endpoint.PendingDeliveries} / {endpoint.FailedDeliveries}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => setSelected(endpoint.EndpointId)}>
                  {t('webhooks.deliveries')}
                </Button>
                {mayChange && (
                  <>
                    <Button size="small" onClick={() => actions.setEnabled.mutate({ endpointId: endpoint.EndpointId, enabled: !endpoint.Enabled })}>
                      {endpoint.Enabled ? t('webhooks.disable') : t('webhooks.enable')}
                    </Button>
                    <Button size="small" onClick={() => void rotate(endpoint.EndpointId, endpoint.Url)}>
                      {t('webhooks.rotate')}
                    </Button>
                    <Button size="small" color="error" onClick={() => actions.remove.mutate(endpoint.EndpointId)}>
                      {t('webhooks.delete')}
                    </Button>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
          {endpoints.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{t('webhooks.none')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {selected !== undefined && <WebhookDeliveries endpointId={selected} accountId={accountId} mayReplay={mayChange} />}
    </Box>
  );
}
