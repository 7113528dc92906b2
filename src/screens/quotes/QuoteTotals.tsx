import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate } from '../../i18n/format';
import type { QuoteDetail } from './quote-types';

/** The totals per fee type and over the commitment, as the server computed them for the stored quote. */
export function QuoteTotals({ quote, dirty }: { quote: QuoteDetail | undefined; dirty: boolean }) {
  const { t } = useTranslation();
  const totals = quote?.Totals;
  const money = (amount: number | undefined) => (amount === undefined || !quote ? '—' : formatCurrency(amount, quote.Currency));
  const rows: [string, number | undefined][] = [
    ['quotes.totals.oneTime', totals?.OneTime],
    ['quotes.totals.monthly', totals?.Monthly],
    ['quotes.totals.perNMonths', totals?.PerNMonths],
    ['quotes.totals.prepaidNMonths', totals?.PrepaidNMonths],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="quote-totals">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('quotes.totals.title')}
      </Typography>
      <Stack spacing={0.75}>
        {rows.map(([label, amount]) => (
          <Stack key={label} direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography color="text.secondary">{t(label)}</Typography>
            <Typography>{money(amount)}</Typography>
          </Stack>
        ))}
        <Divider />
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 600 }}>{t('quotes.totals.commitmentTotal')}</Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid="quote-commitment-total">
            {money(totals?.CommitmentTotal)}
          </Typography>
        </Stack>
        {quote && (
          <Typography variant="body2" color="text.secondary" data-testid="quote-totals-validity">
            {quote.ValidUntil ? t('quotes.totals.validUntil', { date: formatDate(`${quote.ValidUntil}T12:00:00Z`, 'long') }) : t('quotes.fields.noEndDate')}
          </Typography>
        )}
      </Stack>
      {dirty && (
        <Alert severity="info" sx={{ mt: 1.5 }} data-testid="quote-totals-stale">
          {t('quotes.totals.saveToUpdate')}
        </Alert>
      )}
    </Paper>
  );
}
