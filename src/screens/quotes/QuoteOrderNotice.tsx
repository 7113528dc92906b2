import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { downloadFileResult } from '../../../renderers/grids';
import { callService } from '../../api';
import { CustomerConfirmation } from '../../components/CustomerConfirmation';
import type { QuoteDetail, QuoteOrder } from './quote-types';

/**
 * What accepting the quote ordered: subscriptions with provisioning requests, or credit-check orders under review;
 * when the seller accepted for the customer, the customer's confirmation the order carries (issue 36).
 */
export function QuoteOrderNotice({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation();
  const order = quote.Order as QuoteOrder;
  const confirmation = quote.CustomerConfirmation;
  const confirmationBlock = confirmation && (
    <Stack spacing={0.5} sx={{ mt: 1 }} data-testid="quote-customer-confirmation">
      <strong>{t('quotes.confirmation.title')}</strong>
      <CustomerConfirmation confirmation={confirmation} customer={quote.CustomerName} />
      {confirmation.DocumentName && (
        <div>
          <Button
            size="small"
            variant="text"
            sx={{ textAlign: 'start', overflowWrap: 'anywhere', textTransform: 'none' }}
            onClick={() => void callService('Quotes', 'GetQuoteConfirmationDocument', { quoteId: quote.Id }).then((file) => downloadFileResult(file, confirmation.DocumentName ?? 'confirmation.pdf'))}
            data-testid="quote-confirmation-document"
          >
            {t('quotes.confirmation.download', { name: confirmation.DocumentName })}
          </Button>
        </div>
      )}
    </Stack>
  );
  if (order.Path === 'CreditCheck') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="quote-order">
        {t('quotes.order.creditCheck', { count: order.CreditCheckOrderIds.length })}{' '}
        <Link component={RouterLink} to="/orders/my-orders">
          {t('quotes.order.openOrders')}
        </Link>
        {confirmationBlock}
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
      {confirmationBlock}
    </Alert>
  );
}
