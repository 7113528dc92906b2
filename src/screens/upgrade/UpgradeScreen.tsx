/**
 * /upgrade-subscription/{accountId}: the upgrade wizard of a subscription
 * (spec §4): choose the target product (with its price difference) and the
 * variant, fill in the target's values (its layout, pre-filled from the old
 * subscription), then check the summary and execute. The steps are the wizard
 * layout wizards/upgrade (screen-definitions/layouts/wizards), editable in the studio: a
 * ChooseRow step over GetPossibleProductsForUpgrade, GetUpgradeProcessValues
 * between the steps, an AccountForm step with the target's layout and review
 * sentences from the prepared process. The subscription it is about, whether it
 * can be upgraded and the outcome stay drawn here.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { FormModel } from '../../../engine/forms';
import { useLayoutForm, WizardForm } from '../../../renderers/forms';
import type { AccountFormRequest, AccountFormSupport } from '../../../renderers/forms';
import { callService } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import type { ResultOf } from '../../../contract';
import type { Account } from '../../../contract/services/account';
import type { Capability } from '../../../contract/capabilities';
import type { ViewLayout } from '../../../contract/services/account-schemas';
import type { WizardLayout } from '../../../contract/services/wizard-schemas';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { useAccount } from '../account/account-queries';
import { accountFormServices } from '../account/form-services';
import { parseAccountId } from '../account/account-id';
import NotFoundScreen from '../not-found/NotFoundScreen';
import { runWizardCall, useWizardLayout, useWizardModel, wizardErrorText } from '../wizards/use-wizard';

type Outcome = ResultOf<typeof Account.ExecuteAccountUpgradeProcess>;

const UPGRADE_WIZARD = 'wizards/upgrade';
const NO_CAPABILITIES: Capability[] = [];

export default function UpgradeScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const accountId = parseAccountId(params.accountId ?? '');
  const { data: user } = useCurrentUser();
  const account = useAccount(accountId);
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  if (accountId === undefined) return <NotFoundScreen />;
  if (account.isError) return <Alert severity="error">{t('account.loadFailed')}</Alert>;
  if (!user || !account.data) return <PageSpinner />;
  const name = String(account.data.Views.Values?.DisplayName ?? accountId);
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="upgrade-screen">
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {t('upgrade.title', { name })}
        </Typography>
        <Link component={RouterLink} to={`/account/${accountId}`}>
          {t('upgrade.back')}
        </Link>
      </Stack>
      {outcome ? (
        <UpgradeDone outcome={outcome} />
      ) : account.data.AccountType !== 'Product' || account.data.AccountState === 'Terminated' ? (
        <Alert severity="warning">{t('upgrade.notPossible')}</Alert>
      ) : (
        <UpgradeWizard accountId={accountId} parentAccountId={account.data.Hierarchy.at(-1)?.AccountId} onDone={setOutcome} />
      )}
    </Box>
  );
}

interface WizardProps {
  accountId: number;
  parentAccountId: number | undefined;
  onDone(outcome: Outcome): void;
}

/** The wizard layout wizards/upgrade for this subscription. */
function UpgradeWizard(props: WizardProps) {
  const wizard = useWizardLayout(UPGRADE_WIZARD);
  const capabilities = useCurrentUser().data?.Capability ?? NO_CAPABILITIES;
  const model = useWizardModel(wizard.data, capabilities);
  if (wizard.isError) return <Alert severity="error">{wizardErrorText(wizard.error)}</Alert>;
  if (!wizard.data || !model) return <LinearProgress />;
  return <UpgradeSteps {...props} wizard={wizard.data} model={model} capabilities={capabilities} />;
}

/** A ChooseRow source: read as the step opens, without the error toast (the step says what went wrong). */
const loadSource = (service: string, method: string, params: Record<string, unknown>, signal: AbortSignal) =>
  (callService as unknown as (service: string, method: string, body: unknown, options: { signal: AbortSignal; suppressErrors: boolean }) => Promise<unknown>)(service, method, params, {
    signal,
    suppressErrors: true,
  });

function UpgradeSteps({ accountId, parentAccountId, onDone, wizard, model, capabilities }: WizardProps & { wizard: WizardLayout; model: FormModel; capabilities: readonly Capability[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const context = useMemo(() => ({ accountId }), [accountId]);
  const form = useLayoutForm(model);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);
  // The target's layout (CREATE for a new subscription, EDIT for the existing one beside the source) and its form's services.
  const accountForm = useMemo<AccountFormSupport>(
    () => ({
      capabilities,
      loadLayout: (request: AccountFormRequest, signal: AbortSignal) =>
        queryClient.fetchQuery<ViewLayout>({
          queryKey: ['viewLayout', request.accountType, request.action, request.productName, 'wizard'],
          queryFn: () => callService('Account', 'GetViewLayout', { accountType: request.accountType, action: request.action, productName: request.productName }, { signal }),
          staleTime: 0,
        }),
      services: (request: AccountFormRequest) =>
        accountFormServices(
          request.accountId
            ? { accountType: request.accountType, productName: request.productName, accountId: request.accountId }
            : { accountType: request.accountType, productName: request.productName, parentAccountId },
        ),
    }),
    [capabilities, queryClient, parentAccountId],
  );
  const done = useCallback(
    (result: unknown) => {
      const outcome = result as Outcome;
      void queryClient.invalidateQueries();
      const target = form.store.currentValues().TargetProduct;
      showSuccess(t('upgrade.done', { product: String(target ?? '') }));
      setDirty(false);
      onDone(outcome);
    },
    [queryClient, form, t, onDone],
  );
  return (
    <WizardForm
      wizard={wizard}
      form={form}
      context={context}
      run={runWizardCall}
      load={loadSource}
      accountForm={accountForm}
      errorText={wizardErrorText}
      onDone={done}
      onDirtyChange={setDirty}
    />
  );
}

function UpgradeDone({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="upgrade-done">
      <Alert severity="success">{t(`upgrade.finished.${outcome.Variant}`)}</Alert>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('upgrade.result.account')}</TableCell>
            <TableCell>{t('upgrade.result.action')}</TableCell>
            <TableCell>{t('upgrade.result.request')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {outcome.Steps.map((step) => (
            <TableRow key={`${step.AccountId}-${step.Action}`} data-testid="upgrade-step">
              <TableCell>
                <Link component={RouterLink} to={`/account/${step.AccountId}`}>
                  {step.AccountId === outcome.TargetAccountId ? t('upgrade.result.target') : t('upgrade.result.source')}
                </Link>
              </TableCell>
              <TableCell>{t(`upgrade.result.actions.${step.Action}`, { defaultValue: step.Action })}</TableCell>
              <TableCell>
                {step.ProvisioningRequestId ? (
                  <Link component={RouterLink} to={`/account/${step.AccountId}/provisioning`}>
                    {t('upgrade.result.requestNumber', { id: step.ProvisioningRequestId })}
                  </Link>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
