import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { callService } from '../../api';
import { formatCurrency } from '../../i18n/format';
import { useAccount } from './account-queries';
import { useAccountTypes } from './account-types';
import { useValueText } from '../../i18n/use-value-text';
import { servicePriceText } from './fee-types';

/** Every word typed must start a word of the service's name, vendor, category, product number or tags. */
function matches(haystack: string, words: string[]): boolean {
  const tokens = haystack.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return words.every((word) => tokens.some((token) => token.startsWith(word)));
}

/** The subscription type: the one account type bound to services (its layouts per product, screen-definitions/layouts/products). */
const SUBSCRIPTION_TYPE = 'Product';

/**
 * The available-services tab of a company, department or reseller: what it may
 * order at the price its company pays (Billing/GetAccountAllowedServices),
 * filtered in the browser, each with an Order link to the New menu's
 * create-service screen under this account with the product chosen.
 */
export default function AvailableServicesTab({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  // The account is already loaded by AccountScreen (same query key); a reseller sees prices but orders nothing itself.
  const accountType = useAccount(accountId).data?.AccountType ?? '';
  // Where a subscription may be created: its layout's ParentTypes (Account/ListAccountTypes), for whom may create one.
  const subscription = useAccountTypes().data?.find((type) => type.AccountType === SUBSCRIPTION_TYPE);
  const mayOrder = Boolean(subscription?.MayCreate && subscription.ParentTypes.includes(accountType));
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const query = useQuery({
    queryKey: ['allowedServices', accountId],
    queryFn: ({ signal }) => callService('Billing', 'GetAccountAllowedServices', { accountId }, { signal, suppressErrors: true }),
  });
  const services = query.data?.Services;
  const shown = useMemo(() => {
    const words = deferred.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    if (!services || words.length === 0) return services ?? [];
    return services.filter((service) =>
      matches([service.DisplayName, service.VendorName, service.Category, service.ProductNumber, ...service.Tags].join(' '), words),
    );
  }, [services, deferred]);

  if (query.isError) {
    return (
      <Alert severity="error" data-testid="available-services-error">
        {t('availableServices.loadFailed')} {query.error instanceof Error ? query.error.message : ''}
      </Alert>
    );
  }
  if (!query.data || !services) return <LinearProgress />;

  const priceText = (service: (typeof services)[number]) => servicePriceText(t, formatCurrency, service);

  return (
    <Stack spacing={2} data-testid="account-subpage-available-services">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <TextField
          size="small"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          label={t('availableServices.search')}
          sx={{ minWidth: { sm: 320 } }}
          slotProps={{ htmlInput: { 'data-testid': 'available-services-search' }, input: { endAdornment: <InputAdornment position="end">{shown.length} / {services.length}</InputAdornment> } }}
        />
        <Typography variant="body2" color="text.secondary" data-testid="available-services-source">
          {query.data.PricelistAccountId === null ? t('availableServices.listPrices') : t('availableServices.pricelistPrices')}
        </Typography>
      </Stack>
      {services.length === 0 ? (
        <Alert severity="info">{t('availableServices.empty')}</Alert>
      ) : shown.length === 0 ? (
        <Alert severity="info" data-testid="available-services-no-match">{t('availableServices.noMatch')}</Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('account.tabs.availableServices')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('availableServices.columns.service')}</TableCell>
                <TableCell>{t('availableServices.columns.vendor')}</TableCell>
                <TableCell>{t('availableServices.columns.category')}</TableCell>
                <TableCell align="right">{t('availableServices.columns.price')}</TableCell>
                <TableCell>{t('availableServices.columns.tags')}</TableCell>
                {mayOrder && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((service) => (
                <TableRow key={service.Id} hover data-testid="available-service">
                  <TableCell>
                    <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                      {service.DisplayName}
                    </Typography>
                    {service.IsNew && <Chip size="small" color="secondary" label={t('serviceInfo.new')} sx={{ ml: 1 }} />}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {service.ProductNumber}
                    </Typography>
                  </TableCell>
                  <TableCell>{service.VendorName}</TableCell>
                  <TableCell>
                    {valueText('category', service.Category)}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {service.ServiceGroup}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="available-service-price">
                    {priceText(service)}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {valueText('billingRule', service.BillingRule)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {service.Tags.map((tag) => <Chip key={tag} size="small" variant="outlined" label={tag} />)}
                    </Stack>
                  </TableCell>
                  {mayOrder && (
                    <TableCell align="right">
                      <Button
                        size="small"
                        variant="outlined"
                        component={RouterLink}
                        to={`/account/${accountId}/new/service?product=${encodeURIComponent(service.DisplayName)}`}
                        data-testid="available-service-order"
                      >
                        {t('availableServices.order')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
