import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { layoutToFormModel } from '../../../engine/forms';
import { defaultRendererRegistry, LayoutForm, useLayoutForm } from '../../../renderers/forms';
import { callService } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import type { SessionUser } from '../../contract';
import type { ViewLayout } from '../../contract/services/account-schemas';
import type { ResultOf } from '../../contract';
import type { Account } from '../../contract/services/account';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session';
import { useAccount, useViewLayout } from '../account/account-queries';
import { accountFormServices } from '../account/form-services';
import { parseAccountId } from '../account/sub-pages';
import NotFoundScreen from '../not-found/NotFoundScreen';
import { formatCurrency } from '../../i18n/format';

type Products = ResultOf<typeof Account.GetPossibleProductsForUpgrade>;
type Process = ResultOf<typeof Account.GetUpgradeProcessValues>;
type Outcome = ResultOf<typeof Account.ExecuteAccountUpgradeProcess>;
type Variant = 'Full' | 'Partial';

const money = (amount: number | null, currency: string | null) => (amount === null || currency === null ? '—' : formatCurrency(amount, currency));
const signedMoney = (amount: number | null, currency: string | null) =>
  amount === null || currency === null ? '—' : `${amount > 0 ? '+' : ''}${money(amount, currency)}`;

/**
 * /upgrade-subscription/{accountId}: the upgrade wizard of a subscription
 * (spec §4): choose the target product (with its price difference) and the
 * variant, fill in the target's values (its layout, pre-filled from the old
 * subscription), then check the summary and execute.
 */
export default function UpgradeScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const accountId = parseAccountId(params.accountId ?? '');
  const { data: user } = useCurrentUser();
  const account = useAccount(accountId);
  const [process, setProcess] = useState<Process | undefined>();
  const [confirmed, setConfirmed] = useState<Process | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  if (accountId === undefined) return <NotFoundScreen />;
  if (account.isError) return <Alert severity="error">{t('account.loadFailed')}</Alert>;
  if (!user || !account.data) return <PageSpinner />;
  const name = String(account.data.Views.Values?.DisplayName ?? accountId);
  const step = outcome ? 3 : confirmed ? 2 : process ? 1 : 0;
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
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        {(['chooseProduct', 'values', 'summary'] as const).map((key) => (
          <Step key={key}>
            <StepLabel>{t(`upgrade.steps.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {outcome ? (
        <UpgradeDone outcome={outcome} />
      ) : confirmed ? (
        <UpgradeSummary accountId={accountId} process={confirmed} onBack={() => setConfirmed(undefined)} onDone={setOutcome} />
      ) : process ? (
        <UpgradeValues
          user={user}
          accountId={accountId}
          parentAccountId={account.data.Hierarchy.at(-1)?.AccountId}
          process={process}
          onBack={() => setProcess(undefined)}
          onNext={setConfirmed}
        />
      ) : account.data.AccountType !== 'Product' || account.data.AccountState === 'Terminated' ? (
        <Alert severity="warning">{t('upgrade.notPossible')}</Alert>
      ) : (
        <ChooseProduct accountId={accountId} onNext={setProcess} />
      )}
    </Box>
  );
}

function ChooseProduct({ accountId, onNext }: { accountId: number; onNext: (process: Process) => void }) {
  const { t } = useTranslation();
  const products = useQuery<Products>({
    queryKey: ['upgradeProducts', accountId],
    queryFn: ({ signal }) => callService('Account', 'GetPossibleProductsForUpgrade', { accountId }, { signal }),
  });
  const [chosen, setChosen] = useState<string>('');
  const [variant, setVariant] = useState<Variant>('Full');
  const prepare = useMutation({
    mutationFn: () => {
      const product = products.data?.Products.find((row) => row.ProductName === chosen);
      return callService('Account', 'GetUpgradeProcessValues', {
        sourceAccountId: accountId,
        targetProductName: chosen,
        targetAccountId: product?.ExistingAccountId ?? null,
        viewValues: { UpgradeProcess: { Variant: variant } },
      });
    },
    onSuccess: onNext,
  });
  if (products.isError) return <Alert severity="error">{products.error instanceof Error ? products.error.message : ''}</Alert>;
  if (!products.data) return <PageSpinner />;
  const current = products.data;
  return (
    <Stack spacing={2}>
      <Typography data-testid="upgrade-current">
        {t('upgrade.current', { product: current.ProductName, quantity: current.Quantity, price: money(current.SalesPrice, current.Currency) })}
      </Typography>
      {current.Products.length === 0 ? (
        <Alert severity="info">{t('upgrade.noProducts')}</Alert>
      ) : (
        <Paper variant="outlined">
          <RadioGroup value={chosen} onChange={(event) => setChosen(event.target.value)} aria-label={t('upgrade.steps.chooseProduct')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('upgrade.product')}</TableCell>
                  <TableCell align="right">{t('upgrade.price')}</TableCell>
                  <TableCell align="right">{t('upgrade.difference')}</TableCell>
                  <TableCell>{t('upgrade.existing')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {current.Products.map((row) => (
                  <TableRow key={row.ServiceId} hover selected={row.ProductName === chosen} data-testid="upgrade-product">
                    <TableCell>
                      <FormControlLabel value={row.ProductName} control={<Radio size="small" />} label={row.ProductName} />
                    </TableCell>
                    <TableCell align="right">{money(row.SalesPrice, row.Currency)}</TableCell>
                    <TableCell align="right" sx={{ color: (row.PriceDifference ?? 0) > 0 ? 'warning.main' : 'success.main' }}>
                      {signedMoney(row.PriceDifference, row.Currency)}
                    </TableCell>
                    <TableCell>{row.ExistingAccountId ? t('upgrade.modifiesExisting') : t('upgrade.createsNew')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </RadioGroup>
        </Paper>
      )}
      <Stack>
        <Typography variant="subtitle2">{t('upgrade.variant')}</Typography>
        <RadioGroup row value={variant} onChange={(event) => setVariant(event.target.value as Variant)}>
          <FormControlLabel value="Full" control={<Radio size="small" />} label={t('upgrade.variants.Full')} data-testid="upgrade-variant-full" />
          <FormControlLabel value="Partial" control={<Radio size="small" />} label={t('upgrade.variants.Partial')} data-testid="upgrade-variant-partial" />
        </RadioGroup>
        <Typography variant="body2" color="text.secondary">
          {t(`upgrade.variantHelp.${variant}`)}
        </Typography>
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" disabled={!chosen || prepare.isPending} onClick={() => prepare.mutate()} data-testid="upgrade-next">
          {t('upgrade.next')}
        </Button>
      </Box>
    </Stack>
  );
}

interface ValuesProps {
  user: SessionUser;
  accountId: number;
  parentAccountId: number | undefined;
  process: Process;
  onBack: () => void;
  onNext: (process: Process) => void;
}

function UpgradeValues(props: ValuesProps) {
  const { t } = useTranslation();
  const { process } = props;
  const action = process.Action === 'EDIT' ? 'EDIT' : 'CREATE';
  const layout = useViewLayout('Product', action, process.TargetProductName);
  if (layout.isError) return <Alert severity="error">{layout.error instanceof Error ? layout.error.message : ''}</Alert>;
  if (!layout.data) return <PageSpinner />;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {t(action === 'EDIT' ? 'upgrade.valuesExisting' : 'upgrade.valuesNew', { product: process.TargetProductName })}
      </Typography>
      {/* No server Problem on arrival: the form names a missing or wrong value once the field was touched or Next pressed. */}
      <ValuesForm {...props} layout={layout.data} />
    </Stack>
  );
}

function ValuesForm({ user, accountId, parentAccountId, process, layout, onBack, onNext }: ValuesProps & { layout: ViewLayout }) {
  const { t } = useTranslation();
  const model = useMemo(
    () =>
      layoutToFormModel(layout, {
        mode: process.Action === 'EDIT' ? 'edit' : 'create',
        views: process.Views,
        capabilities: user.Capability,
        testers: defaultRendererRegistry.testers,
      }),
    [layout, process, user.Capability],
  );
  const services = useMemo(
    () =>
      accountFormServices(
        process.TargetAccountId
          ? { accountType: 'Product', productName: process.TargetProductName, accountId: process.TargetAccountId }
          : { accountType: 'Product', productName: process.TargetProductName, parentAccountId },
      ),
    [process, parentAccountId],
  );
  const form = useLayoutForm(model, { services });
  const [busy, setBusy] = useState(false);
  const next = async () => {
    setBusy(true);
    let prepared: Process | undefined;
    try {
      await form.submit(async (values) => {
        prepared = await callService('Account', 'GetUpgradeProcessValues', {
          sourceAccountId: accountId,
          targetProductName: process.TargetProductName,
          targetAccountId: process.TargetAccountId,
          viewValues: { ...values, UpgradeProcess: { Variant: process.Variant } },
        });
      });
    } finally {
      setBusy(false);
    }
    if (prepared) onNext(prepared);
  };
  return (
    <Stack spacing={2} component="form" onSubmit={(event) => { event.preventDefault(); void next(); }} noValidate>
      <LayoutForm form={form} />
      <Paper elevation={3} sx={{ position: 'sticky', bottom: 0, p: 1.5, display: 'flex', gap: 1, justifyContent: 'flex-end', zIndex: 2 }}>
        <Button onClick={onBack} disabled={busy}>
          {t('upgrade.previous')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} data-testid="upgrade-values-next">
          {t('upgrade.next')}
        </Button>
      </Paper>
    </Stack>
  );
}

function UpgradeSummary({ accountId, process, onBack, onDone }: { accountId: number; process: Process; onBack: () => void; onDone: (outcome: Outcome) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const execute = useMutation({
    mutationFn: () => callService('Account', 'ExecuteAccountUpgradeProcess', { accountId, upgradeProcessId: process.UpgradeProcessId }),
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries();
      showSuccess(t('upgrade.done', { product: process.TargetProductName }));
      onDone(outcome);
    },
  });
  const quantity = Number(process.Views.Values?.Quantity ?? 0);
  return (
    <Stack spacing={2} data-testid="upgrade-summary">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Typography>
            <strong>{t('upgrade.variant')}:</strong> {t(`upgrade.variants.${process.Variant}`)}
          </Typography>
          <Typography data-testid="upgrade-summary-target">
            {t(process.TargetAccountId ? 'upgrade.summary.modifyTarget' : 'upgrade.summary.createTarget', { product: process.TargetProductName, quantity })}
          </Typography>
          <Typography data-testid="upgrade-summary-source">
            {process.Variant === 'Full'
              ? t('upgrade.summary.terminateSource', { quantity: process.SourceQuantity })
              : t('upgrade.summary.modifySource', { quantity: process.SourceQuantity, after: process.SourceQuantityAfter })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('upgrade.summary.provisioning')}
          </Typography>
        </Stack>
      </Paper>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onBack} disabled={execute.isPending}>
          {t('upgrade.previous')}
        </Button>
        <Button variant="contained" color="warning" disabled={execute.isPending} onClick={() => execute.mutate()} data-testid="upgrade-execute">
          {t('upgrade.execute')}
        </Button>
      </Box>
    </Stack>
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
