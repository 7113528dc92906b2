import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { layoutToFormModel } from '../../../engine/forms';
import { defaultRendererRegistry, LayoutForm, useLayoutForm } from '../../../renderers/forms';
import { callService } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import type { SessionUser } from '../../../contract';
import type { LoadedAccount, ViewLayout } from '../../../contract/services/account-schemas';
import { formatCurrency } from '../../i18n/format';
import { useValueText } from '../../i18n/use-value-text';
import { showSuccess } from '../../messages';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../session';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import NotFoundScreen from '../not-found/NotFoundScreen';
import { rememberAccount, useAccount, useViewLayout } from './account-queries';
import { SaveBar } from './AccountDetails';
import { typeOfSegment, useAccountTypes } from './account-types';
import { servicePriceText } from './fee-types';
import { accountFormServices, mfaServices } from './form-services';
import { ProductPicker } from './ProductPicker';
import { parseAccountId } from './account-id';

/**
 * /account/{parentId}/new/{type} and /account/new/{type} (the New menu; the
 * parent is then the user's company): a form from the type's CREATE layout;
 * a service first asks for the product, whose layout the form then follows.
 */
export default function CreateAccountScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const { data: user } = useCurrentUser();
  // /account/new/user etc. name the type in the path itself.
  const typeSegment = params.accountType ?? location.pathname.split('/').pop() ?? '';
  const types = useAccountTypes();
  const type = typeOfSegment(types.data, typeSegment);
  const accountType = type?.MayCreate ? type.AccountType : undefined;
  const parentAccountId = params.parentId !== undefined ? parseAccountId(params.parentId) : user?.CompanyAccount?.AccountId;
  const parent = useAccount(accountType ? parentAccountId : undefined);
  const productName = accountType === 'Product' ? search.get('product') : null;
  const layout = useViewLayout(accountType, 'CREATE', productName, accountType !== 'Product' || Boolean(productName));

  if (types.isPending && !types.isError) return <PageSpinner />;
  if (!accountType || (params.parentId !== undefined && parentAccountId === undefined)) return <NotFoundScreen />;
  if (parent.isError) return <Alert severity="error">{t('account.loadFailed')}</Alert>;
  if (!user || !parent.data || parentAccountId === undefined) return <PageSpinner />;
  const parentName = String(parent.data.Views.Values?.DisplayName ?? parentAccountId);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="create-account-screen">
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {t(`account.new.${accountType}`, { defaultValue: t('account.newOfType', { type: type?.Label ?? accountType }) })}
          {productName ? `: ${productName}` : ''}
        </Typography>
        <Typography color="text.secondary">{t('account.under', { name: parentName })}</Typography>
      </Stack>
      {accountType === 'Product' && !productName ? (
        <ProductPicker parentAccountId={parentAccountId} onChoose={(product) => setSearch({ product })} />
      ) : layout.data ? (
        <CreateForm key={`${accountType}-${productName ?? ''}`} user={user} accountType={accountType} productName={productName} parentAccountId={parentAccountId} layout={layout.data} />
      ) : layout.isError ? (
        <Alert severity="error">{layout.error instanceof Error ? layout.error.message : ''}</Alert>
      ) : (
        <PageSpinner />
      )}
    </Box>
  );
}

/**
 * What the customer will pay for the product before ordering it: its price at this account
 * (Billing/GetAccountAllowedServices, the pricelist rule the bill uses; same query as the available-services tab).
 */
function OrderPrice({ parentAccountId, productName }: { parentAccountId: number; productName: string }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  const allowed = useQuery({
    queryKey: ['allowedServices', parentAccountId],
    queryFn: ({ signal }) => callService('Billing', 'GetAccountAllowedServices', { accountId: parentAccountId }, { signal, suppressErrors: true }),
  });
  if (!allowed.data) return null;
  const service = allowed.data.Services.find((entry) => entry.DisplayName === productName);
  if (!service) return <Alert severity="warning" data-testid="order-price">{t('account.order.notOffered')}</Alert>;
  return (
    <Alert severity="info" icon={false} data-testid="order-price">
      <Typography variant="subtitle2" component="div">{t('account.order.priceTitle')}</Typography>
      <Typography variant="h6" component="div" data-testid="order-price-amount">{servicePriceText(t, formatCurrency, service)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {valueText('billingRule', service.BillingRule)} · {allowed.data.PricelistAccountId === null ? t('availableServices.listPrices') : t('availableServices.pricelistPrices')}
      </Typography>
    </Alert>
  );
}

interface CreateFormProps {
  user: SessionUser;
  accountType: string;
  productName: string | null;
  parentAccountId: number;
  layout: ViewLayout;
}

function CreateForm({ user, accountType, productName, parentAccountId, layout }: CreateFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const model = useMemo(
    () =>
      layoutToFormModel(layout, {
        mode: 'create',
        views: productName ? { Values: { ProductName: productName } } : undefined,
        capabilities: user.Capability,
        testers: defaultRendererRegistry.testers,
      }),
    [layout, productName, user.Capability],
  );
  const services = useMemo(() => accountFormServices({ accountType, productName, parentAccountId }), [accountType, productName, parentAccountId]);
  const form = useLayoutForm(model, { services });
  // A method set up in place (a required MFA-gated field, issue 21): the session user's methods are read again.
  const mfa = useMemo(() => mfaServices(user, () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })), [user, queryClient]);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);
  const limits = useQuery({
    queryKey: ['productMetaRules', parentAccountId, productName],
    queryFn: ({ signal }) => callService('Account', 'GetProductMetaRules', { parentAccountId, productName }, { signal, suppressErrors: true }),
    enabled: Boolean(productName),
  });
  const atLimit = limits.data && limits.data.MaxPerCompany !== null && limits.data.ExistingCount >= limits.data.MaxPerCompany;

  const create = async () => {
    let created: LoadedAccount | undefined;
    const result = await form.submit(async (values) => {
      created = await callService('Account', 'CreateAccount', { parentAccountId, accountType, productName, viewValues: values });
      rememberAccount(queryClient, created);
    });
    if (!result.ok || !created) return;
    showSuccess(t('account.created', { name: String(created.Views.Values?.DisplayName ?? '') }));
    flushSync(() => setDirty(false));
    navigate(`/account/${created.AccountId}`, { replace: true });
  };

  if (!model.editable) return <Alert severity="warning">{t('account.cannotCreate')}</Alert>;
  return (
    <Stack spacing={2} component="form" onSubmit={(event) => { event.preventDefault(); void create(); }} noValidate>
      {atLimit && limits.data && (
        <Alert severity="warning" data-testid="product-limit">
          {t('account.limitReached', { count: limits.data.ExistingCount, max: limits.data.MaxPerCompany, product: limits.data.ProductName })}
        </Alert>
      )}
      {productName && <OrderPrice parentAccountId={parentAccountId} productName={productName} />}
      <LayoutForm form={form} mfa={mfa} onDirtyChange={setDirty} />
      <SaveBar form={form} submitLabel={t('forms.create')} onCancel={() => { flushSync(() => setDirty(false)); navigate(-1); }} />
    </Stack>
  );
}
