/**
 * /terminate?accountId=… (spec §2, §4, §5, §6): what a termination of an
 * account ends (sub-accounts, subscriptions with their locks), then now or at
 * a date and time, a reason and the acknowledgement; a scheduled termination
 * shows with Cancel Termination until it runs. Disabled without read and
 * delete permission on the kind of account (the server says so: CanTerminate).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { kindLabel } from '../../../engine/grids';
import { callService } from '../../api';
import { TERMINATION_REASONS } from '../../contract/value-kinds';
import { AccountPicker } from '../../components/AccountPicker';
import { AccountTypeIcon } from '../../components/AccountTypeIcon';
import { showSuccess } from '../../messages';
import { accountIdFromQuery, localDateTimeValue, terminationKey, useTerminationOverview } from './lifecycle-queries';

/** Spec §5 reasons, as the catalogue names them. */
type Reason = (typeof TERMINATION_REASONS)[number];

const formatDateTime = (iso: string, locale: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (day: string, locale: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' });

function TerminationForm({ accountId }: { accountId: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const overview = useTerminationOverview(accountId);
  const [when, setWhen] = useState<'now' | 'scheduled'>('now');
  const [date, setDate] = useState('');
  const [reason, setReason] = useState<Reason | ''>('');
  const [sendToSdp, setSendToSdp] = useState(true);
  const [acknowledged, setAcknowledged] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: terminationKey(accountId) });
    void queryClient.invalidateQueries({ queryKey: ['account', accountId] });
    void queryClient.invalidateQueries({ queryKey: ['accountTree'] });
  };
  const terminate = useMutation({
    mutationFn: () =>
      callService('Account', 'TerminateAccount', {
        accountId,
        sendToSdp,
        terminationDate: when === 'scheduled' && date ? new Date(date).toISOString() : null,
        terminationReason: reason as Reason,
      }),
    onSuccess: (result) => {
      showSuccess(result.Status === 'Scheduled' ? t('lifecycle.terminate.scheduledDone', { date: formatDateTime(result.TerminationDate, locale) }) : t('lifecycle.terminate.done'));
      setAcknowledged(false);
      refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: () => callService('Account', 'CancelAccountTermination', { accountId }),
    onSuccess: () => {
      showSuccess(t('lifecycle.terminate.cancelled'));
      refresh();
    },
  });

  if (overview.isError) return <Alert severity="error">{t('lifecycle.terminate.loadFailed')}</Alert>;
  if (!overview.data) return <LinearProgress />;
  const { Account: account, SubAccounts: subAccounts, Subscriptions: subscriptions, ScheduledTermination: scheduled } = overview.data;
  const terminated = account.AccountState === 'Terminated';
  const earliest = overview.data.EarliestTerminationDate;
  const chosen = when === 'scheduled' && date ? new Date(date) : new Date();
  const blockedByLock = earliest !== null && chosen < new Date(`${earliest}T00:00:00Z`);
  const ready = overview.data.CanTerminate && !scheduled && reason !== '' && acknowledged && (when === 'now' || date !== '') && !blockedByLock;

  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <AccountTypeIcon type={account.AccountType} />
            <Link component={RouterLink} to={`/account/${account.AccountId}`} variant="h6" underline="hover" data-testid="terminate-account-name">
              {account.DisplayName}
            </Link>
            {terminated && <Chip size="small" label={t('account.terminated')} />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('lifecycle.terminate.summary', { subAccounts: subAccounts.length, subscriptions: subscriptions.length })}
          </Typography>
          {subAccounts.length > 0 && (
            <Box component="ul" sx={{ pl: 2, my: 1, columns: { sm: 2 } }} data-testid="terminate-sub-accounts">
              {subAccounts.slice(0, 20).map((row) => (
                <li key={row.AccountId}>
                  <Typography variant="body2">
                    {row.DisplayName} · {t(`account.types.${row.AccountType}`, { defaultValue: row.AccountType })}
                  </Typography>
                </li>
              ))}
              {subAccounts.length > 20 && <li>{t('lifecycle.terminate.more', { count: subAccounts.length - 20 })}</li>}
            </Box>
          )}
          {subscriptions.length > 0 && (
            <Table size="small" sx={{ mt: 1 }} data-testid="terminate-subscriptions">
              <TableHead>
                <TableRow>
                  <TableCell>{t('lifecycle.terminate.subscription')}</TableCell>
                  <TableCell>{t('lifecycle.terminate.autoRenew')}</TableCell>
                  <TableCell>{t('lifecycle.terminate.lock')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {subscriptions.map((row) => (
                  <TableRow key={row.AccountId}>
                    <TableCell>
                      {row.DisplayName} {row.IsPrepaid && <Chip size="small" variant="outlined" label={t('lifecycle.terminate.prepaid')} sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>{row.IsPrepaid ? t('lifecycle.terminate.prepaidRenew') : (row.AutoRenew ?? '—')}</TableCell>
                    <TableCell>
                      {row.LockedUntil ? (
                        <Chip size="small" color="warning" label={t(`lifecycle.terminate.lockedUntil.${row.LockKind ?? 'LockPeriod'}`, { date: formatDate(row.LockedUntil, locale) })} />
                      ) : (
                        '—'
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>

      {scheduled && (
        <Alert
          severity="warning"
          data-testid="terminate-scheduled"
          action={
            <Button color="inherit" size="small" onClick={() => cancel.mutate()} disabled={cancel.isPending} data-testid="terminate-cancel">
              {t('lifecycle.terminate.cancel')}
            </Button>
          }
        >
          {t('lifecycle.terminate.scheduledAt', { date: formatDateTime(scheduled.TerminationDate, locale), reason: kindLabel('terminationReason', scheduled.Reason, t) })}
        </Alert>
      )}
      {terminated ? (
        <Alert severity="info">{t('lifecycle.terminate.alreadyTerminated')}</Alert>
      ) : !overview.data.CanTerminate ? (
        <Alert severity="info" data-testid="terminate-not-allowed">
          {t('lifecycle.terminate.notAllowed')}
        </Alert>
      ) : (
        !scheduled && (
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={2} sx={{ maxWidth: 560 }}>
                {earliest && (
                  <Alert severity="warning" data-testid="terminate-locked">
                    {t('lifecycle.terminate.earliest', { date: formatDate(earliest, locale) })}
                  </Alert>
                )}
                <FormControl>
                  <FormLabel>{t('lifecycle.terminate.when')}</FormLabel>
                  <RadioGroup row value={when} onChange={(event) => setWhen(event.target.value as 'now' | 'scheduled')}>
                    <FormControlLabel value="now" control={<Radio data-testid="terminate-now" />} label={t('lifecycle.terminate.now')} />
                    <FormControlLabel value="scheduled" control={<Radio data-testid="terminate-schedule" />} label={t('lifecycle.terminate.scheduled')} />
                  </RadioGroup>
                </FormControl>
                {when === 'scheduled' && (
                  <TextField
                    type="datetime-local"
                    label={t('lifecycle.terminate.date')}
                    value={date}
                    onChange={(event) => setDate(event.target.value)}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localDateTimeValue(new Date()), 'data-testid': 'terminate-date' } }}
                    error={blockedByLock}
                    helperText={blockedByLock ? t('lifecycle.terminate.earliest', { date: formatDate(earliest!, locale) }) : undefined}
                  />
                )}
                <TextField
                  select
                  label={t('lifecycle.terminate.reason')}
                  value={reason}
                  onChange={(event) => setReason(event.target.value as Reason)}
                  required
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'terminate-reason' } as object } }}
                >
                  {TERMINATION_REASONS.map((value) => (
                    <MenuItem key={value} value={value} data-testid={`terminate-reason-${value}`}>
                      {kindLabel('terminationReason', value, t)}
                    </MenuItem>
                  ))}
                </TextField>
                <FormControlLabel control={<Checkbox checked={sendToSdp} onChange={(event) => setSendToSdp(event.target.checked)} />} label={t('lifecycle.terminate.sendToSdp')} />
                <FormControlLabel
                  control={<Checkbox checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} data-testid="terminate-acknowledge" />}
                  label={t('lifecycle.terminate.acknowledge')}
                />
                <Box>
                  <Button variant="contained" color="error" disabled={!ready || terminate.isPending} onClick={() => terminate.mutate()} data-testid="terminate-submit">
                    {when === 'now' ? t('lifecycle.terminate.submitNow') : t('lifecycle.terminate.submitScheduled')}
                  </Button>
                </Box>
              </Stack>
            </CardContent>
          </Card>
        )
      )}
    </Stack>
  );
}

export default function TerminateScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const accountId = accountIdFromQuery(search);
  // The picker shows the account the screen is about (the form's query, shared through its cache).
  const chosen = useTerminationOverview(accountId).data?.Account;
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }} data-testid="terminate-screen">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('lifecycle.terminate.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('lifecycle.terminate.intro')}
      </Typography>
      <Box sx={{ maxWidth: 480, mb: 2 }}>
        <AccountPicker
          value={chosen ?? null}
          includeDepartment
          label={t('lifecycle.terminate.chooseAccount')}
          onChange={(picked) => picked && setSearch({ accountId: String(picked.AccountId) })}
          data-testid="terminate-picker"
        />
      </Box>
      {accountId !== undefined && <TerminationForm key={accountId} accountId={accountId} />}
    </Box>
  );
}
