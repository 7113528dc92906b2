import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Static } from '@sinclair/typebox';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineBillSchema } from '../../../contract/services/billing';
import { formatCurrency, formatNumber } from '../../i18n/format';
import { ScrollTable } from '../../../renderers/grids/ScrollTable';

export type OnlineBill = Static<typeof OnlineBillSchema>;

/** The online bill's lines as a table: a heading row per customer when grouped, subtotals, the total. */
export function BillTable({ bill }: { bill: OnlineBill }) {
  const { t } = useTranslation();
  const grouped = bill.GroupByCustomers && bill.Groups.length > 0;
  const money = (amount: number) => formatCurrency(amount, bill.Currency);
  return (
    <>
      <ScrollTable label={t('account.tabs.billing')}>
        <Table size="small" data-testid="billing-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.column.product')}</TableCell>
              <TableCell>{t('billing.column.account')}</TableCell>
              <TableCell align="right">{t('billing.column.quantity')}</TableCell>
              <TableCell align="right">{t('billing.column.unitPrice')}</TableCell>
              <TableCell align="right">{t('billing.column.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {bill.Groups.map((group) => (
              <Fragment key={group.AccountId}>
                {grouped && (
                  <TableRow data-testid="billing-group">
                    <TableCell colSpan={5} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                      {group.DisplayName}
                    </TableCell>
                  </TableRow>
                )}
                {group.Lines.map((line) => (
                  <TableRow key={`${line.Kind}-${line.SourceId}`} data-testid="billing-line">
                    <TableCell>
                      {line.Name}
                      {line.Kind === 'CustomCharge' && <Chip size="small" variant="outlined" label={t('billing.customCharge')} sx={{ ml: 1 }} />}
                      {line.Indirect && <Chip size="small" variant="outlined" color="warning" label={t('billing.indirect')} sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>{line.AccountName}</TableCell>
                    <TableCell align="right">{formatNumber(line.Quantity)}</TableCell>
                    <TableCell align="right">{money(line.UnitPrice)}</TableCell>
                    <TableCell align="right">
                      {money(line.Amount)}
                      {/* A monthly fee for part of the month: say why the amount is less than quantity × price. */}
                      {line.Share < 1 && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="billing-pro-rated">
                          {t('billing.proRated', { share: formatNumber(line.Share, { style: 'percent', maximumFractionDigits: 0 }) })}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
                {grouped && (
                  <TableRow>
                    <TableCell colSpan={4} align="right" sx={{ fontWeight: 600 }}>
                      {t('billing.total')} · {group.DisplayName}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="billing-group-total">
                      {money(group.Total)}
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
            <TableRow>
              <TableCell colSpan={4} align="right" sx={{ fontWeight: 700, borderBottom: 'none' }}>
                {t('billing.total')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, borderBottom: 'none' }} data-testid="billing-total">
                {money(bill.Total)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </ScrollTable>
      {bill.Totals.length > 0 && (
        <Typography variant="body2" color="text.secondary" align="right" sx={{ mt: 1 }} data-testid="billing-totals-by-currency">
          {t('billing.totalsByCurrency', { totals: bill.Totals.map((entry) => formatCurrency(entry.Amount, entry.Currency)).join(' · ') })}
        </Typography>
      )}
    </>
  );
}
