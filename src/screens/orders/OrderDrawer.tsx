import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import type { ResultOf } from '../../contract';
import type { CreditCheck } from '../../contract/services/credit-check';
import { showSuccess } from '../../messages';
import { DOCUMENT_ACCEPT, isDocumentFile, readFileAsBase64, saveFileResult } from '../business/files';
import { RowActions } from '../business/RowActions';
import { formatCurrency, formatDateTime } from '../../i18n/format';

export type Order = ResultOf<typeof CreditCheck.ListCreditCheckOrders>[number];


/**
 * One credit-check order: its fields, its documents (invoice PDF, attached
 * files; spec §5 order files doc, docx, xls, xlsx, pdf) and the actions its
 * screen definition declares (approve, reject with reason, cancel).
 */
export function OrderDrawer({ order, definitionName, onClose, onChanged }: { order: Order; definitionName: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // callService has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const downloadInvoice = () => run(async () => saveFileResult(await callService('CreditCheck', 'GenerateOrderInvoicePdf', { request: { OrderId: order.Id } }), `invoice-CC-${order.Id}.pdf`));
  const downloadFile = (fileId: number, name: string) =>
    run(async () => saveFileResult(await callService('CreditCheck', 'DownloadCreditCheckOrderFile', { request: { OrderId: order.Id, FileId: fileId } }), name));
  const attach = (file: File) => {
    if (!isDocumentFile(file.name)) {
      setFileError(t('errors.fileFormatNotSupported'));
      return;
    }
    setFileError(undefined);
    void run(async () => {
      await callService('CreditCheck', 'AttachCreditCheckOrderFile', { request: { OrderId: order.Id, FileName: file.name, Content: await readFileAsBase64(file) } });
      showSuccess(t('orders.files.attached', { name: file.name }));
      onChanged();
    });
  };

  const fields: [string, string][] = [
    [t('orders.columns.product'), `${order.ProductName ?? '–'} × ${order.Quantity}`],
    [t('orders.columns.creator'), order.CreatorName],
    [t('orders.columns.parentAccount'), order.ParentAccountName],
    [t('orders.columns.payer'), order.PayerName],
    [t('orders.columns.seller'), order.SellerName],
    [t('orders.columns.creditLimit'), formatCurrency(order.CreditLimit, order.Currency)],
    [t('orders.columns.orderValue'), formatCurrency(order.OrderValue, order.Currency)],
    [t('orders.columns.approvalStatus'), t(`orders.status.${order.ApprovalStatus}`)],
    [t('orders.columns.reason'), order.Reason ?? '–'],
    [t('orders.columns.updatedBy'), order.UpdatedBy ?? '–'],
    [t('orders.columns.createdAt'), formatDateTime(order.CreatedAt)],
  ];
  if (order.ProvisioningRequestId) {
    // The provisioning grid's own labels for the request's status.
    const status = order.ProvisioningStatus ? t(`grids.provisioning.status.${order.ProvisioningStatus.replace(/[^A-Za-z]/g, '')}`, { defaultValue: order.ProvisioningStatus }) : '–';
    fields.push([t('orders.columns.provisioning'), t('orders.provisioningRequest', { id: order.ProvisioningRequestId, status })]);
  }

  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 460 } } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5 }} data-testid="order-details">
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('orders.details.title', { id: order.Id })}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Stack spacing={1} sx={{ px: 2, pb: 1.5 }}>
        <RowActions definitionName={definitionName} row={order} rowId={order.Id} onDone={onChanged} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={() => void downloadInvoice()} disabled={busy} data-testid="order-invoice-pdf">
            {t('orders.details.invoicePdf')}
          </Button>
          {order.CanCancel && (
            <Button size="small" variant="outlined" component="label" startIcon={<AttachFileIcon />} disabled={busy}>
              {t('orders.files.attach')}
              <input hidden type="file" accept={DOCUMENT_ACCEPT} data-testid="order-attach-file" onChange={(event) => event.target.files?.[0] && attach(event.target.files[0])} />
            </Button>
          )}
        </Stack>
        {fileError && <Alert severity="error" data-testid="order-file-error">{fileError}</Alert>}
      </Stack>
      <Divider />
      <Box component="dl" sx={{ px: 2, py: 1, m: 0 }}>
        {fields.map(([label, value]) => (
          <Box key={label} sx={{ py: 0.5 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Divider />
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
        {t('orders.files.title')}
      </Typography>
      {order.Files.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {t('orders.files.none')}
        </Typography>
      ) : (
        <List dense data-testid="order-files">
          {order.Files.map((file, index) => (
            <ListItem
              key={`${file.Name}-${index}`}
              secondaryAction={
                file.Id !== null && (
                  <IconButton edge="end" aria-label={t('orders.files.download', { name: file.Name })} onClick={() => file.Id !== null && void downloadFile(file.Id, file.Name)}>
                    <DownloadIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={file.Name} secondary={`${Math.max(1, Math.round(file.Size / 1024))} KB`} />
            </ListItem>
          ))}
        </List>
      )}
      {busy && <Typography variant="caption" sx={{ px: 2 }}>{t('common.loading')}</Typography>}
    </Drawer>
  );
}
