import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import DeleteOutlineIcon from '@mui/icons-material/Delete';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFileResult } from '../../../renderers/grids';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { confirm, isConfirmCancelled } from '../../shell/confirm';
import { useCurrentUser } from '../../session/current-user';
import { AcceptOnBehalfDialog } from './AcceptOnBehalfDialog';
import { hasCapabilityFlag } from './quote-access';
import type { QuoteDetail } from './quote-types';

interface Props {
  quote: QuoteDetail | undefined;
  dirty: boolean;
  canSave: boolean;
  busy: boolean;
  onSave: () => void;
  onSend: () => void;
  onAct: (work: () => Promise<void>) => void;
  onChanged: (quote: QuoteDetail) => void;
  onDeleted: () => void;
}

/**
 * What the caller may do with the quote now: the seller's save, send, new version, delete, and accepting
 * for the customer on its recorded confirmation (ORDER_ON_BEHALF); the customer's accept and decline; the PDF.
 */
export function QuoteActions({ quote, dirty, canSave, busy, onSave, onSend, onAct, onChanged, onDeleted }: Props) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [onBehalf, setOnBehalf] = useState(false);
  // A seller looking at a quote its customer has not answered: it orders only with the permission to order for customers.
  const waitsForCustomer = quote?.IsSeller === true && quote.Status === 'Sent' && !quote.CanAcceptOnBehalf;
  const editable = !quote || quote.CanEdit;
  // A quote waiting for the customer's answer is replaced by a new version, not deleted; one ordered on the customer's confirmation is its record.
  const mayDelete = quote?.IsSeller === true && quote.Status !== 'Sent' && !quote.CustomerConfirmation && hasCapabilityFlag(user?.Capability, 'Delete');

  const accept = () =>
    onAct(async () => {
      try {
        await confirm({ title: t('quotes.accept.title'), text: t('quotes.accept.text', { name: quote!.Name }) });
      } catch (error) {
        if (isConfirmCancelled(error)) return;
        throw error;
      }
      onChanged(await callService('Quotes', 'AcceptQuote', { quoteId: quote!.Id }, { suppressErrors: true }));
      showSuccess(t('quotes.accept.done'));
    });

  return (
    <Stack spacing={1} data-testid="quote-actions">
      {editable && (
        <>
          <Button variant="outlined" startIcon={<SaveIcon />} onClick={onSave} disabled={!canSave || busy || (!dirty && !!quote)} data-testid="quote-save">
            {t('quotes.actions.save')}
          </Button>
          <Button variant="contained" startIcon={<SendIcon />} onClick={onSend} disabled={!canSave || busy} data-testid="quote-send">
            {t('quotes.actions.send')}
          </Button>
        </>
      )}
      {quote?.CanDecide && (
        <>
          <Button variant="contained" color="success" startIcon={<CheckCircleIcon />} onClick={accept} disabled={busy} data-testid="quote-accept">
            {t('quotes.actions.accept')}
          </Button>
          <Button variant="outlined" color="error" startIcon={<CancelIcon />} onClick={() => setDeclining(true)} disabled={busy} data-testid="quote-decline">
            {t('quotes.actions.decline')}
          </Button>
        </>
      )}
      {quote?.CanAcceptOnBehalf && (
        <Button variant="contained" color="success" startIcon={<AssignmentTurnedInIcon />} onClick={() => setOnBehalf(true)} disabled={busy} data-testid="quote-accept-on-behalf">
          {t('quotes.actions.acceptOnBehalf')}
        </Button>
      )}
      {waitsForCustomer && (
        <Alert severity="info" data-testid="quote-waits-for-customer">
          {t('quotes.onBehalf.needsPermission', { customer: quote.CustomerName, permission: t('capabilityTypes.ORDER_ON_BEHALF') })}
        </Alert>
      )}
      {quote?.CanRevise && (
        <Button
          variant="outlined"
          startIcon={<FileCopyIcon />}
          disabled={busy}
          onClick={() => onAct(async () => onChanged(await callService('Quotes', 'ReviseQuote', { quoteId: quote.Id }, { suppressErrors: true })))}
          data-testid="quote-revise"
        >
          {t('quotes.actions.revise')}
        </Button>
      )}
      {quote && (
        <Button
          variant="text"
          startIcon={<PictureAsPdfIcon />}
          disabled={busy}
          onClick={() => onAct(async () => downloadFileResult(await callService('Quotes', 'GetQuotePdf', { quoteId: quote.Id }, { suppressErrors: true }), `quote-${quote.Id}.pdf`))}
          data-testid="quote-pdf"
        >
          {t('quotes.actions.pdf')}
        </Button>
      )}
      {mayDelete && (
        <Button
          variant="text"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          disabled={busy}
          onClick={() =>
            onAct(async () => {
              try {
                await confirm({ title: t('quotes.actions.deleteTitle'), text: t('quotes.actions.deleteText', { count: 1 }), destructive: true });
              } catch (error) {
                if (isConfirmCancelled(error)) return;
                throw error;
              }
              await callService('Quotes', 'DeleteQuote', { quoteIds: [quote.Id] }, { suppressErrors: true });
              onDeleted();
            })
          }
          data-testid="quote-delete"
        >
          {t('quotes.actions.delete')}
        </Button>
      )}
      {onBehalf && quote && (
        <AcceptOnBehalfDialog
          quote={quote}
          busy={busy}
          onCancel={() => setOnBehalf(false)}
          onConfirm={(confirmation) => {
            setOnBehalf(false);
            onAct(async () => {
              onChanged(await callService('Quotes', 'AcceptQuoteOnBehalf', { quoteId: quote.Id, confirmation }, { suppressErrors: true }));
              showSuccess(t('quotes.onBehalf.done', { customer: quote.CustomerName }));
            });
          }}
        />
      )}
      <Dialog open={declining} onClose={() => setDeclining(false)} maxWidth="xs" fullWidth aria-labelledby="decline-quote-title">
        <DialogTitle id="decline-quote-title">{t('quotes.decline.title')}</DialogTitle>
        <DialogContent>
          <TextField sx={{ mt: 1 }} fullWidth multiline minRows={2} label={t('quotes.decline.reason')} value={reason} onChange={(event) => setReason(event.target.value)} slotProps={{ htmlInput: { maxLength: 1000 } }} data-testid="quote-decline-reason" />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeclining(false)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setDeclining(false);
              onAct(async () => {
                onChanged(await callService('Quotes', 'DeclineQuote', { quoteId: quote!.Id, reason: reason.trim() || null }, { suppressErrors: true }));
                showSuccess(t('quotes.decline.done'));
              });
            }}
            data-testid="quote-decline-confirm"
          >
            {t('quotes.actions.decline')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
