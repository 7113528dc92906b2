import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import { formatCurrency, formatDate, formatNumber } from '../../i18n/format';
import { useValueText } from '../../i18n/use-value-text';

/** Product account values shown under the subscription, in this order, with their labels. */
const SUBSCRIPTION_VALUES = ['AccountIdentificator', 'SubscriptionId', 'Quantity', 'CommitmentPeriod', 'AutoRenew', 'StartDate'] as const;

type Row = [label: string, value: ReactNode, testId: string];

/** One titled section of label/value pairs; empty values are left out. */
function Section({ title, rows, testId }: { title: string; rows: Row[]; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value, id]) => (
            <Box key={id} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 } }} data-testid={`service-info-${id}`}>
                {value}
              </Typography>
            </Box>
          ))}
      </Box>
    </Paper>
  );
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The service-info tab of a product account: the service it was ordered from
 * (catalogue details, the price its company pays, the purchase price only when
 * the server sends it) and the subscription's own facts.
 */
export default function ServiceInfoTab({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  const query = useQuery({
    queryKey: ['serviceInfo', accountId],
    queryFn: ({ signal }) => callService('ServiceManagement', 'GetServiceInfo', { accountId }, { signal, suppressErrors: true }),
  });
  if (query.isError) {
    return (
      <Alert severity="error" data-testid="service-info-error">
        {t('serviceInfo.loadFailed')} {query.error instanceof Error ? query.error.message : ''}
      </Alert>
    );
  }
  if (!query.data) return <LinearProgress />;

  const { Service: service, Account: account } = query.data;
  const money = (amount: number, currency: string) => formatCurrency(amount, currency);
  const values = account?.Values ?? {};
  const quantity = values.Quantity;

  return (
    <Stack spacing={2} data-testid="account-subpage-service-info">
      <Section
        title={t('serviceInfo.sections.service')}
        testId="service-info-service"
        rows={[
          [t('serviceInfo.fields.name'), (
            <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
              <span>{service.DisplayName}</span>
              {service.IsNew && <Chip size="small" color="secondary" label={t('serviceInfo.new')} />}
            </Stack>
          ), 'name'],
          [t('serviceInfo.fields.vendor'), service.VendorName, 'vendor'],
          [t('serviceInfo.fields.category'), valueText('category', service.Category), 'category'],
          [t('serviceInfo.fields.serviceGroup'), service.ServiceGroup, 'service-group'],
          [t('serviceInfo.fields.productNumber'), service.ProductNumber, 'product-number'],
          [t('serviceInfo.fields.vendorSku'), service.VendorSku, 'vendor-sku'],
          [t('serviceInfo.fields.tags'), service.Tags.length ? (
            <Stack direction="row" spacing={0.5} useFlexGap component="span" sx={{ flexWrap: 'wrap' }}>
              {service.Tags.map((tag) => <Chip key={tag} size="small" variant="outlined" label={tag} />)}
            </Stack>
          ) : null, 'tags'],
        ]}
      />
      <Section
        title={t('serviceInfo.sections.prices')}
        testId="service-info-prices"
        rows={[
          [t('serviceInfo.fields.feeType'), valueText('feeType', service.FeeType), 'fee-type'],
          [t('serviceInfo.fields.billingRule'), valueText('billingRule', service.BillingRule), 'billing-rule'],
          [t('serviceInfo.fields.salesPrice'), (
            <>
              <strong>{money(service.SalesPrice, service.SalesPriceCurrency)}</strong>
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {service.MarketplaceName ? t('serviceInfo.fromPricelist', { name: service.MarketplaceName }) : t('serviceInfo.listPrice')}
              </Typography>
            </>
          ), 'sales-price'],
          [t('serviceInfo.fields.baseFee'), service.BaseFee ? money(service.BaseFee, service.Currency) : null, 'base-fee'],
          [t('serviceInfo.fields.suggestedRetailPrice'), money(service.SuggestedRetailPrice, service.Currency), 'srp'],
          // Sent only to callers allowed to see costs (the server decides).
          [t('serviceInfo.fields.purchasePrice'), service.PurchasePrice === undefined ? null : money(service.PurchasePrice, service.Currency), 'purchase-price'],
        ]}
      />
      {account && (
        <Section
          title={t('serviceInfo.sections.subscription')}
          testId="service-info-subscription"
          rows={[
            [t('serviceInfo.fields.state'), t(`serviceInfo.states.${account.State}`, { defaultValue: account.State }), 'state'],
            [t('serviceInfo.fields.created'), formatDate(account.CreatedDate), 'created'],
            [t('serviceInfo.fields.company'), account.CompanyName, 'company'],
            [t('serviceInfo.fields.orderedUnder'), account.ParentName !== account.CompanyName ? account.ParentName : null, 'parent'],
            ...SUBSCRIPTION_VALUES.map((name): Row => {
              const value = values[name];
              // The commitment is a stored value ("1-month"): shown in words like everywhere else ("1 month").
              const shown =
                name === 'Quantity' && typeof quantity === 'number'
                  ? formatNumber(quantity)
                  : name === 'StartDate' && typeof value === 'string'
                    ? formatDate(value)
                    : name === 'CommitmentPeriod' && typeof value === 'string'
                      ? valueText('commitment', value)
                      : text(value);
              return [t(`serviceInfo.values.${name}`), shown, `value-${name}`];
            }),
          ]}
        />
      )}
    </Stack>
  );
}
