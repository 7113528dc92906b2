import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRMATION_KINDS } from '../../../contract/services/quotes';
import { DateInput } from '../../../renderers/inputs/DateInput';
import { DOCUMENT_ACCEPT, isDocumentFile, readFileAsBase64 } from '../business/files';
import type { QuoteDetail } from './quote-types';

type Kind = (typeof CONFIRMATION_KINDS)[number];

export interface OnBehalfConfirmation {
  ConfirmedBy: string;
  ConfirmedOn: string;
  Kind: Kind;
  Reference: string;
  Document: { FileName: string; Content: string } | null;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The seller records how its customer confirmed a quote the customer did not accept in the portal
 * (issue 36): who confirmed, when, and where it is written (a signed quote, an e-mail); the signed
 * document may be attached. The server checks it all again (Quotes/AcceptQuoteOnBehalf).
 */
export function AcceptOnBehalfDialog({ quote, busy, onCancel, onConfirm }: { quote: QuoteDetail; busy: boolean; onCancel: () => void; onConfirm: (confirmation: OnBehalfConfirmation) => void }) {
  const { t } = useTranslation();
  const [confirmedBy, setConfirmedBy] = useState('');
  const [confirmedOn, setConfirmedOn] = useState(today);
  const [kind, setKind] = useState<Kind>('SignedDocument');
  const [reference, setReference] = useState('');
  const [file, setFile] = useState<File>();
  const [fileProblem, setFileProblem] = useState(false);
  const sentOn = quote.SentAt?.slice(0, 10);
  const complete = confirmedBy.trim() !== '' && reference.trim() !== '' && confirmedOn !== '' && !fileProblem;

  const submit = async () => {
    const document = file ? { FileName: file.name, Content: await readFileAsBase64(file) } : null;
    onConfirm({ ConfirmedBy: confirmedBy.trim(), ConfirmedOn: confirmedOn, Kind: kind, Reference: reference.trim(), Document: document });
  };

  return (
    <Dialog open onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="accept-on-behalf-title" data-testid="quote-on-behalf-dialog">
      <DialogTitle id="accept-on-behalf-title">{t('quotes.onBehalf.title', { name: quote.Name, customer: quote.CustomerName })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('quotes.onBehalf.intro', { customer: quote.CustomerName })}</DialogContentText>
        <Stack spacing={2}>
          <TextField
            label={t('quotes.onBehalf.confirmedBy')}
            value={confirmedBy}
            onChange={(event) => setConfirmedBy(event.target.value)}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'on-behalf-confirmed-by' } }}
          />
          <DateInput label={t('quotes.onBehalf.confirmedOn')} value={confirmedOn} onChange={setConfirmedOn} min={sentOn} max={today()} required testId="on-behalf-confirmed-on" />
          <TextField select label={t('quotes.onBehalf.kind')} value={kind} onChange={(event) => setKind(event.target.value as Kind)} slotProps={{ htmlInput: { 'data-testid': 'on-behalf-kind' } }}>
            {CONFIRMATION_KINDS.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`quotes.onBehalf.kinds.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('quotes.onBehalf.reference')}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            required
            multiline
            helperText={t('quotes.onBehalf.referenceHelp')}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'on-behalf-reference' } }}
          />
          <div>
            <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} sx={{ maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'start', textTransform: file ? 'none' : undefined }}>
              {file ? file.name : t('quotes.onBehalf.document')}
              <input
                hidden
                type="file"
                accept={DOCUMENT_ACCEPT}
                data-testid="on-behalf-document"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  setFile(chosen);
                  setFileProblem(chosen !== undefined && !isDocumentFile(chosen.name));
                }}
              />
            </Button>
            <Typography variant="caption" component="div" color={fileProblem ? 'error' : 'text.secondary'}>
              {fileProblem ? t('errors.fileFormatNotSupported') : t('quotes.onBehalf.documentHelp')}
            </Typography>
          </div>
          <Alert severity="info">{t('quotes.onBehalf.audited')}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" color="success" disabled={!complete || busy} onClick={() => void submit()} data-testid="on-behalf-confirm">
          {t('quotes.onBehalf.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
