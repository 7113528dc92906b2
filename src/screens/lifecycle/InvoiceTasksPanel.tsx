/**
 * The product invoices queued by Invoice/CreateInvoiceBillingTask, in the
 * account's billing tab: status, progress (refreshed every 2 s while one is
 * under way), the time it is ready by (spec §9: 30 minutes) and the PDF.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import { saveFileResult } from '../business/files';
import { formatDateTime } from '../../i18n/format';

export const invoiceTasksKey = (accountId: number) => ['invoiceBillingTasks', accountId] as const;

export function InvoiceTasksPanel({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const tasks = useQuery({
    queryKey: invoiceTasksKey(accountId),
    queryFn: ({ signal }) => callService('Invoice', 'ListInvoiceBillingTasks', { accountId }, { signal, suppressErrors: true }),
    refetchInterval: (query) => (query.state.data?.some((task) => task.Status === 'Queued' || task.Status === 'Running') ? 2000 : false),
  });
  if (tasks.isError) return <Alert severity="error">{t('lifecycle.invoice.loadFailed')}</Alert>;
  if (!tasks.data || tasks.data.length === 0) return null;
  const time = (iso: string) => formatDateTime(iso);
  return (
    <Box sx={{ mt: 3 }} data-testid="invoice-tasks">
      <Typography variant="h6" component="h2">
        {t('lifecycle.invoice.title')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('lifecycle.invoice.product')}</TableCell>
            <TableCell>{t('lifecycle.invoice.status')}</TableCell>
            <TableCell>{t('lifecycle.invoice.readyBy')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {tasks.data.map((task) => (
            <TableRow key={task.TaskId} data-testid={`invoice-task-${task.TaskId}`}>
              <TableCell>{task.ProductName}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                {t(`lifecycle.invoice.statuses.${task.Status}`)}
                {(task.Status === 'Queued' || task.Status === 'Running') && <LinearProgress variant="determinate" value={task.Progress} sx={{ mt: 0.5 }} />}
              </TableCell>
              <TableCell>{task.FinishedAt ? time(task.FinishedAt) : time(task.ReadyBy)}</TableCell>
              <TableCell align="right">
                {task.HasPdf && (
                  <Button
                    size="small"
                    onClick={async () => saveFileResult(await callService('Invoice', 'DownloadInvoiceBillingTaskPdf', { taskId: task.TaskId }), `invoice-${task.TaskId}.pdf`)}
                  >
                    {t('lifecycle.invoice.download')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
