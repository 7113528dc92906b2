import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS = { Draft: 'default', Sent: 'info', Accepted: 'success', Declined: 'error', Expired: 'warning', Superseded: 'default' } as const;

/** A quote's status, coloured as in the quote lists. */
export function QuoteStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = COLORS[status as keyof typeof COLORS] ?? 'default';
  return <Chip size="small" color={color} variant={color === 'default' ? 'outlined' : 'filled'} label={t(`quotes.status.${status}`)} data-testid="quote-status" data-status={status} />;
}
