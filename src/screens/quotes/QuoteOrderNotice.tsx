import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { QuoteOrder } from './quote-types';

/** What accepting the quote ordered: subscriptions with provisioning requests, or credit-check orders under review. */
export function QuoteOrderNotice({ order }: { order: QuoteOrder }) {
  const { t } = useTranslation();
  if (order.Path === 'CreditCheck') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="quote-order">
        {t('quotes.order.creditCheck', { count: order.CreditCheckOrderIds.length })}{' '}
        <Link component={RouterLink} to="/orders/my-orders">
          {t('quotes.order.openOrders')}
        </Link>
      </Alert>
    );
  }
  return (
    <Alert severity="success" sx={{ mb: 2 }} data-testid="quote-order">
      {t('quotes.order.direct', { count: order.ProductAccountIds.length, requests: order.ProvisioningRequestIds.map((id) => `#${id}`).join(', ') })}{' '}
      {order.ProductAccountIds[0] !== undefined && (
        <Link component={RouterLink} to={`/account/${order.ProductAccountIds[0]}/provisioning`} data-testid="quote-order-subscription">
          {t('quotes.order.openSubscription')}
        </Link>
      )}
    </Alert>
  );
}
