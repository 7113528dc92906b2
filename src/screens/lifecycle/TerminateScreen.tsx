/**
 * /terminate?accountId=… (spec §2, §4, §5, §6): what a termination of an
 * account ends (sub-accounts, subscriptions with their locks), then now or at
 * a date and time, a reason and the acknowledgement; a scheduled termination
 * shows with Cancel Termination until it runs. Disabled without read and
 * delete permission on the kind of account (the server says so: CanTerminate).
 * The form is the wizard layout wizards/terminate (server/layouts/wizards),
 * editable in the studio; what it ends stays drawn here.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { FormModel } from '../../../engine/forms';
import { kindLabel } from '../../../engine/grids';
import { useLayoutForm, WizardForm } from '../../../renderers/forms';
import { callService } from '../../api';
import type { Capability } from '../../contract/capabilities';
import type { WizardLayout } from '../../contract/services/wizard-schemas';
import { AccountPicker } from '../../components/AccountPicker';
import { AccountTypeIcon } from '../../components/AccountTypeIcon';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { runWizardCall, useWizardLayout, useWizardModel, wizardErrorText } from '../wizards/use-wizard';
import { accountIdFromQuery, terminationKey, useTerminationOverview } from './lifecycle-queries';
import { formatDate, formatDateTime } from '../../i18n/format';

const TERMINATE_WIZARD = 'wizards/terminate';
const NO_CAPABILITIES: Capability[] = [];


function TerminationForm({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const overview = useTerminationOverview(accountId);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: terminationKey(accountId) });
    void queryClient.invalidateQueries({ queryKey: ['account', accountId] });
    void queryClient.invalidateQueries({ queryKey: ['accountTree'] });
  };
  const onTerminated = (result: unknown) => {
    const answer = result as { Status?: string; TerminationDate: string };
    showSuccess(answer.Status === 'Scheduled' ? t('lifecycle.terminate.scheduledDone', { date: formatDateTime(answer.TerminationDate) }) : t('lifecycle.terminate.done'));
    refresh();
  };
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
                        <Chip size="small" color="warning" label={t(`lifecycle.terminate.lockedUntil.${row.LockKind ?? 'LockPeriod'}`, { date: formatDate(row.LockedUntil) })} />
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
          {t('lifecycle.terminate.scheduledAt', { date: formatDateTime(scheduled.TerminationDate), reason: kindLabel('terminationReason', scheduled.Reason, t) })}
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
                    {t('lifecycle.terminate.earliest', { date: formatDate(earliest) })}
                  </Alert>
                )}
                <TerminationWizard accountId={accountId} onDone={onTerminated} />
              </Stack>
            </CardContent>
          </Card>
        )
      )}
    </Stack>
  );
}

/** The wizard layout wizards/terminate for this account (its lock date is checked by the server, which names it). */
function TerminationWizard({ accountId, onDone }: { accountId: number; onDone(result: unknown): void }) {
  const { t } = useTranslation();
  const wizard = useWizardLayout(TERMINATE_WIZARD);
  const model = useWizardModel(wizard.data, useCurrentUser().data?.Capability ?? NO_CAPABILITIES);
  if (wizard.isError) return <Alert severity="error">{t('lifecycle.terminate.loadFailed')}</Alert>;
  if (!wizard.data || !model) return <LinearProgress />;
  return <WizardSteps wizard={wizard.data} model={model} accountId={accountId} onDone={onDone} />;
}

function WizardSteps({ wizard, model, accountId, onDone }: { wizard: WizardLayout; model: FormModel; accountId: number; onDone(result: unknown): void }) {
  const form = useLayoutForm(model);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);
  const context = useMemo(() => ({ accountId }), [accountId]);
  return <WizardForm wizard={wizard} form={form} context={context} run={runWizardCall} errorText={wizardErrorText} onDone={onDone} onDirtyChange={setDirty} danger />;
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
