import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { satisfiesCheck } from '../../../engine/shared';
import type { Capability } from '../../../contract';
import { isOwnAccountOrAbove, useCurrentUser } from '../../session/current-user';
import { formatTime } from '../../i18n/format';
import { useAccountTypes } from '../account/account-types';

/** The account page's Invoice, Move, Upgrade and Terminate buttons, as the type's layout offers them (they open /move, /upgrade-subscription and /terminate for this account). */
export function LifecycleActions({ accountId, accountType, accountState, capabilities }: { accountId: number; accountType: string; accountState: string; capabilities: readonly Capability[] }) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  // Which actions the type offers is its layout's (AccountActions); the caller's rights decide the rest.
  const offered = new Set(useAccountTypes().data?.find((type) => type.AccountType === accountType)?.Actions ?? []);
  if (accountState === 'Terminated') return null;
  // Nobody moves or terminates the account they belong to or one above it (the server refuses it too).
  const own = !user || isOwnAccountOrAbove(user, accountId);
  const mayMove = offered.has('Move') && !own && satisfiesCheck(capabilities, { ObjectType: 'ACCOUNT_MOVE', Execute: true });
  const mayTerminate = offered.has('Terminate') && !own && satisfiesCheck(capabilities, { ObjectType: 'ACCOUNT_TERMINATION', Read: true });
  const mayInvoice = offered.has('Invoice') && satisfiesCheck(capabilities, { ObjectType: 'BILLING', Execute: true });
  const mayUpgrade = offered.has('Upgrade') && satisfiesCheck(capabilities, { ObjectType: 'SUBSCRIPTIONS', Execute: true });
  if (!mayMove && !mayTerminate && !mayInvoice && !mayUpgrade) return null;
  return (
    <Stack direction="row" spacing={1}>
      {mayInvoice && <CreateInvoiceButton productAccountId={accountId} />}
      {mayMove && (
        <Button size="small" variant="outlined" component={RouterLink} to={`/move?accountId=${accountId}`} data-testid="account-action-move">
          {t('lifecycle.actions.move')}
        </Button>
      )}
      {mayUpgrade && (
        <Button size="small" variant="outlined" component={RouterLink} to={`/upgrade-subscription/${accountId}`} data-testid="account-action-upgrade">
          {t('upgrade.action')}
        </Button>
      )}
      {mayTerminate && (
        <Button size="small" variant="outlined" color="error" component={RouterLink} to={`/terminate?accountId=${accountId}`} data-testid="account-action-terminate">
          {t('lifecycle.actions.terminate')}
        </Button>
      )}
    </Stack>
  );
}

/** Invoice/CreateInvoiceBillingTask for a subscription; the invoice shows in its company's billing tab. */
function CreateInvoiceButton({ productAccountId }: { productAccountId: number }) {
  const { t } = useTranslation();
  const create = useMutation({
    mutationFn: () => callService('Invoice', 'CreateInvoiceBillingTask', { productAccountId }),
    onSuccess: (task) =>
      showSuccess(t('lifecycle.invoice.queued', { time: formatTime(task.ReadyBy) })),
  });
  return (
    <Button size="small" variant="outlined" disabled={create.isPending} onClick={() => create.mutate()} data-testid="account-action-invoice">
      {t('lifecycle.invoice.create')}
    </Button>
  );
}
