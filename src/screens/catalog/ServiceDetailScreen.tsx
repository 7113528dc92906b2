import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { satisfiesCheck } from '../../../engine/shared';
import { callService } from '../../api';
import { formatCurrency, formatNumber } from '../../i18n/format';
import { useCurrentUser } from '../../session/current-user';
import { ServiceImage } from './ServiceImage';
import { useValueText } from '../../i18n/use-value-text';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Service detail (`/service/{serviceId}/{pricelistId?}`): the catalogue values
 * and texts in the reader's language, the image (placeholder when its path is
 * not valid, spec §5), the price the caller's company pays
 * (Marketplace/GetCompanyMarketplaceService), for pricelist managers the
 * pricelists it is in (GetAvailableMarketplacesForServices) and, with a
 * pricelist in the route, its prices there (GetMyMarketplaceService).
 */
export default function ServiceDetailScreen() {
  const { t } = useTranslation();
  const valueText = useValueText();
  const { serviceId = '', pricelistId } = useParams();
  const capabilities = useCurrentUser().data?.Capability ?? [];
  const managesPricelists = satisfiesCheck(capabilities, { ObjectType: 'PRICE_LISTS', Read: true });
  const mayOrder = satisfiesCheck(capabilities, { ObjectType: 'PRODUCT_ACCOUNT', Create: true });
  const detail = useQuery({
    queryKey: ['service-detail', serviceId],
    queryFn: ({ signal }) => callService('Marketplace', 'GetCompanyMarketplaceService', { serviceName: serviceId }, { signal, suppressErrors: true }),
    retry: false,
  });
  const pricelists = useQuery({
    queryKey: ['service-pricelists', serviceId],
    queryFn: ({ signal }) => callService('Marketplace', 'GetAvailableMarketplacesForServices', { serviceName: serviceId }, { signal, suppressErrors: true }),
    enabled: managesPricelists,
    retry: false,
  });
  const inPricelist = useQuery({
    queryKey: ['service-in-pricelist', serviceId, pricelistId],
    queryFn: ({ signal }) =>
      callService('Marketplace', 'GetMyMarketplaceService', { marketplaceId: Number(pricelistId), serviceName: serviceId }, { signal, suppressErrors: true }),
    enabled: managesPricelists && /^\d+$/.test(pricelistId ?? ''),
    retry: false,
  });

  if (detail.isError) {
    return (
      <Alert severity="warning" sx={{ m: 2 }} data-testid="service-detail-error">
        {detail.error instanceof Error ? detail.error.message : t('catalog.detail.notFound')}
      </Alert>
    );
  }
  if (!detail.data) return <LinearProgress />;
  const { Service: service } = detail.data;
  const feeType = valueText('feeType', service.FeeType);
  const features = service.Features.split('\n').filter(Boolean);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1280 }} data-testid="service-detail">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <ServiceImage icon={service.Icon} name={service.DisplayName} size={72} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1" data-testid="service-detail-name">
            {service.DisplayName}
            {service.IsNew && <Chip size="small" color="secondary" label={t('serviceInfo.new')} sx={{ ml: 1, verticalAlign: 'middle' }} />}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {service.VendorName} · {valueText('category', service.Category)} · {service.ServiceGroup}
          </Typography>
        </Box>
        {mayOrder && detail.data.CanOrder && (
          <Button variant="contained" component={RouterLink} to={`/account/new/service?product=${encodeURIComponent(service.DisplayName)}`} data-testid="service-detail-order">
            {t('catalog.order')}
          </Button>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Paper variant="outlined" sx={{ p: 2, flex: 2 }}>
          {service.ShortDescription && (
            <Typography variant="subtitle1" sx={{ mb: 1 }} data-testid="service-detail-short">
              {service.ShortDescription}
            </Typography>
          )}
          {service.Description && (
            <Typography variant="body2" sx={{ mb: 2 }}>
              {service.Description}
            </Typography>
          )}
          {features.length > 0 && (
            <Box component="ul" sx={{ m: 0, mb: 2, pl: 3 }}>
              {features.map((feature) => (
                <Typography component="li" variant="body2" key={feature}>
                  {feature}
                </Typography>
              ))}
            </Box>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}>
            <Fact label={t('serviceInfo.fields.productNumber')}>{service.ProductNumber}</Fact>
            <Fact label={t('serviceInfo.fields.vendorSku')}>{service.VendorSku}</Fact>
            <Fact label={t('serviceInfo.fields.feeType')}>{feeType}</Fact>
            <Fact label={t('serviceInfo.fields.billingRule')}>{valueText('billingRule', service.BillingRule)}</Fact>
            <Fact label={t('serviceInfo.fields.suggestedRetailPrice')}>{formatCurrency(service.SuggestedRetailPrice, service.Currency)}</Fact>
            {service.BaseFee > 0 && <Fact label={t('serviceInfo.fields.baseFee')}>{formatCurrency(service.BaseFee, service.Currency)}</Fact>}
          </Box>
          {service.Tags.length > 0 && (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
              {service.Tags.map((tag) => (
                <Chip key={tag} size="small" variant="outlined" label={tag} />
              ))}
            </Stack>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
          <Typography variant="overline" color="text.secondary">
            {t('catalog.detail.yourPrice')}
          </Typography>
          <Typography variant="h4" data-testid="service-detail-price">
            {formatCurrency(detail.data.SalesPrice, detail.data.SalesPriceCurrency)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {detail.data.MarketplaceName ? t('serviceInfo.fromPricelist', { name: detail.data.MarketplaceName }) : t('serviceInfo.listPrice')}
          </Typography>
          {!detail.data.CanOrder && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {t('catalog.detail.notOrderable')}
            </Alert>
          )}
          {inPricelist.data && (
            <Box sx={{ mt: 3 }} data-testid="service-detail-pricelist">
              <Typography variant="overline" color="text.secondary">
                {t('catalog.detail.inPricelist', { name: inPricelist.data.Marketplace.Name })}
              </Typography>
              {inPricelist.data.ContainsService ? (
                <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }}>
                  <Fact label={t('serviceInfo.fields.salesPrice')} testId="service-detail-pricelist-price">
                    {formatCurrency(inPricelist.data.SalesPrice ?? 0, inPricelist.data.Marketplace.Currency)}
                  </Fact>
                  <Fact label={t('serviceInfo.fields.purchasePrice')}>{formatCurrency(inPricelist.data.PurchasePrice, service.Currency)}</Fact>
                  <Fact label={t('catalog.detail.listPrice')}>{formatCurrency(inPricelist.data.ListPrice, service.Currency)}</Fact>
                  <Fact label={t('catalog.detail.margin')}>
                    {inPricelist.data.MarginPercent === null ? '—' : `${formatNumber(inPricelist.data.MarginPercent, { maximumFractionDigits: 2 })} %`}
                  </Fact>
                </Box>
              ) : (
                <Typography variant="body2">{t('catalog.detail.notInPricelist')}</Typography>
              )}
            </Box>
          )}
          {inPricelist.isError && <Alert severity="warning" sx={{ mt: 2 }}>{inPricelist.error instanceof Error ? inPricelist.error.message : ''}</Alert>}
        </Paper>
      </Stack>
      {managesPricelists && pricelists.data && (
        <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('catalog.detail.pricelists')}
          </Typography>
          {pricelists.data.Marketplaces.length === 0 ? (
            <Typography variant="body2">{t('catalog.detail.noPricelists')}</Typography>
          ) : (
            <Table size="small" data-testid="service-detail-pricelists">
              <TableHead>
                <TableRow>
                  <TableCell>{t('catalog.detail.pricelist')}</TableCell>
                  <TableCell align="right">{t('serviceInfo.fields.salesPrice')}</TableCell>
                  <TableCell align="right">{t('catalog.detail.priority')}</TableCell>
                  <TableCell align="right">{t('catalog.detail.customers')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {pricelists.data.Marketplaces.map((list) => (
                  <TableRow key={list.MarketplaceId} hover selected={String(list.MarketplaceId) === pricelistId}>
                    <TableCell>
                      <RouterLink to={`/service/${serviceId}/${list.MarketplaceId}`}>{list.Name}</RouterLink>
                    </TableCell>
                    <TableCell align="right">{list.SalesPrice === null ? t('catalog.detail.notInPricelistShort') : formatCurrency(list.SalesPrice, list.Currency)}</TableCell>
                    <TableCell align="right">{list.PricePriority}</TableCell>
                    <TableCell align="right">{list.CustomersCount}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
      )}
    </Box>
  );
}
