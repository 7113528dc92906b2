import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import { formatMonth } from '../../i18n/format';
import { saveFileResult } from '../business/files';
import { BillTable } from './BillTable';
import { InvoiceTasksPanel } from '../lifecycle/InvoiceTasksPanel';

/** The file variants of the bill: button text key → Billing method. */
const DOWNLOADS = [
  ['pdf', 'Onlinebill_GenerateCompanyProductPDF'],
  ['hierarchyPdf', 'Onlinebill_GenerateCompanyHierarchyProductPDF'],
  ['json', 'Onlinebill_GenerateCompanyHierarchyProductJSON'],
  ['xml', 'Onlinebill_GenerateCompanyHierarchyProductXML'],
] as const;

/** "May 2026" in the user's formatting locale; intervals are UTC months. */
const monthName = (startDate: string) => formatMonth(startDate);

/**
 * The billing tab of a company or reseller (spec §2: receives the company
 * currency): one month's online bill as a table, grouping and hiding options,
 * and its files. Errors of the calls are shown as toasts by callService.
 */
export function BillingTab({ accountId, currency }: { accountId: number; currency?: string }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number>();
  const [groupByCustomers, setGroupByCustomers] = useState(false);
  const [hideIndirectPayments, setHideIndirectPayments] = useState(false);
  const [busy, setBusy] = useState(false);

  const intervals = useQuery({
    queryKey: ['billingIntervals', accountId],
    queryFn: ({ signal }) => callService('Billing', 'GetIntervalsForCompany', { companyAccountId: accountId }, { signal }),
  });
  const intervalId = chosen ?? intervals.data?.[0]?.Id;
  const body = { companyAccountId: accountId, billingInterval: intervalId ?? 0, hideIndirectPayments, groupByCustomers, currency };
  const report = useQuery({
    queryKey: ['onlineBill', body],
    queryFn: ({ signal }) => callService('Billing', 'Onlinebill_GenerateCompanyProductReport', body, { signal }),
    enabled: intervalId !== undefined,
  });

  const download = async (call: () => Promise<unknown>, fallbackName: string) => {
    setBusy(true);
    try {
      saveFileResult(await call(), fallbackName);
    } catch {
      // callService has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  if (intervals.isError) return <Alert severity="error">{t('billing.intervalsFailed')}</Alert>;
  if (!intervals.data) return <LinearProgress />;
  if (intervals.data.length === 0 || intervalId === undefined) return <Alert severity="info">{t('billing.noIntervals')}</Alert>;

  const bill = report.data;
  return (
    <Box data-testid="account-subpage-billing">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('billing.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('billing.interval')}
          value={intervalId}
          onChange={(event) => setChosen(Number(event.target.value))}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'billing-interval' } as object } }}
        >
          {intervals.data.map((interval) => (
            <MenuItem key={interval.Id} value={interval.Id} data-testid={`billing-interval-${interval.Id}`}>
              {monthName(interval.StartDate)}
            </MenuItem>
          ))}
        </TextField>
        <Chip label={`${t('billing.currency')}: ${bill?.Currency ?? currency ?? ''}`} data-testid="billing-currency" />
        <FormControlLabel
          control={<Checkbox checked={groupByCustomers} onChange={(event) => setGroupByCustomers(event.target.checked)} data-testid="billing-group-by-customers" />}
          label={t('billing.groupByCustomers')}
        />
        <Tooltip title={t('billing.hideIndirectHelp')}>
          <FormControlLabel
            control={<Checkbox checked={hideIndirectPayments} onChange={(event) => setHideIndirectPayments(event.target.checked)} data-testid="billing-hide-indirect" />}
            label={t('billing.hideIndirectPayments')}
          />
        </Tooltip>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }} role="group" aria-label={t('billing.downloads')}>
        {DOWNLOADS.map(([key, method]) => (
          <Button key={key} variant="outlined" size="small" disabled={busy} onClick={() => void download(() => callService('Billing', method, body), `online-bill.${key === 'hierarchyPdf' ? 'pdf' : key}`)} data-testid={`billing-download-${key}`}>
            {t(`billing.download.${key}`)}
          </Button>
        ))}
        <Button
          variant="outlined"
          size="small"
          disabled={busy}
          onClick={() => void download(() => callService('Billing', 'OnlinebillExport', { companyAccountId: accountId, intervalId, currency }), 'online-bill.xlsx')}
          data-testid="billing-download-excel"
        >
          {t('billing.download.excel')}
        </Button>
      </Stack>
      {report.isError && <Alert severity="error">{t('billing.reportFailed')}</Alert>}
      {report.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {bill && bill.Lines.length === 0 && (
        <Alert severity="info" data-testid="billing-empty">
          {t('billing.empty')}
        </Alert>
      )}
      {bill && bill.Lines.length > 0 && <BillTable bill={bill} />}
      <InvoiceTasksPanel accountId={accountId} />
    </Box>
  );
}

export default BillingTab;
