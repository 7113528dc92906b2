import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Static } from '@sinclair/typebox';
import type { CustomerConfirmationSchema } from '../../contract/services/quotes';
import { formatDate, formatDateTime } from '../i18n/format';

export type CustomerConfirmationData = Static<typeof CustomerConfirmationSchema>;

/**
 * A quote accepted by its seller for the customer (issue 36): who accepted, on whose confirmation, when
 * and where that confirmation is written. Shown with the quote's order and with each order it placed.
 */
export function CustomerConfirmation({ confirmation, customer }: { confirmation: CustomerConfirmationData; customer: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid="customer-confirmation">
      <Typography component="span" variant="inherit" sx={{ display: 'block' }}>
        {t('quotes.confirmation.text', {
          acceptedBy: confirmation.AcceptedByName,
          customer,
          acceptedAt: formatDateTime(confirmation.AcceptedAt),
          confirmedBy: confirmation.ConfirmedBy,
          confirmedOn: formatDate(`${confirmation.ConfirmedOn}T00:00:00`, 'long'),
        })}
      </Typography>
      <Typography component="span" variant="inherit" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {t('quotes.confirmation.reference', { kind: t(`quotes.onBehalf.kinds.${confirmation.Kind}`), reference: confirmation.Reference })}
      </Typography>
    </span>
  );
}
