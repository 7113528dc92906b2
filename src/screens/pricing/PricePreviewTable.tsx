import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PreviewRow } from './pricing-types';
import { formatCurrency } from '../../i18n/format';

/** The prices a draft rule set gives, the rows the edited rule prices first and marked. */
export function PricePreviewTable({ rows, ruleName, loading }: { rows: readonly PreviewRow[]; ruleName: string; loading: boolean }) {
  const { t } = useTranslation();
  const money = (amount: number | null, currency: string) => (amount === null ? '–' : formatCurrency(amount, currency));
  const ordered = [...rows.filter((row) => row.RuleName === ruleName), ...rows.filter((row) => row.RuleName !== ruleName)];
  const matched = rows.length - ordered.filter((row) => row.RuleName !== ruleName).length;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="pricing-preview-summary" aria-live="polite">
        {loading ? t('common.loading') : t('pricing.preview.summary', { matched, total: rows.length })}
      </Typography>
      <Box sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader data-testid="pricing-preview">
          <TableHead>
            <TableRow>
              <TableCell>{t('pricing.preview.service')}</TableCell>
              <TableCell>{t('pricing.columns.priceableItem')}</TableCell>
              <TableCell align="right">{t('pricing.preview.purchase')}</TableCell>
              <TableCell align="right">{t('pricing.preview.srp')}</TableCell>
              <TableCell align="right">{t('pricing.preview.salesPrice')}</TableCell>
              <TableCell>{t('pricing.preview.rule')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ordered.map((row) => {
              const mine = row.RuleName === ruleName;
              return (
                <TableRow key={`${row.ServiceName}/${row.PriceableItem}`} selected={mine} data-testid={mine ? 'pricing-preview-matched' : undefined}>
                  <TableCell>{row.DisplayName}</TableCell>
                  <TableCell>{row.PriceableItem}</TableCell>
                  <TableCell align="right">{money(row.PurchasePrice, row.Currency)}</TableCell>
                  <TableCell align="right">{money(row.SuggestedRetailPrice, row.Currency)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: mine ? 600 : undefined }} data-testid="pricing-preview-sales-price">
                    {money(row.SalesPrice, row.Currency)}
                  </TableCell>
                  <TableCell>{row.RuleName ?? '–'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
