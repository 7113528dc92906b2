import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import { parseNumber } from '../../i18n/format';
import { DOCUMENT_ACCEPT, isDocumentFile, readFileAsBase64 } from '../business/files';

/** A decimal as typed, with a comma or a point; NaN when it is not a number. */
/** An amount typed in the page's language ("1.234,5" in German, "1,234.5" in English), as every number input reads it; NaN when it is none. */
const parseAmount = (text: string) => parseNumber(text) ?? Number.NaN;

/** Add a one-off charge (positive, or negative as a credit) to the account's next invoice. */
export function AddChargeDialog({ accountId, onClose, onAdded }: { accountId: number; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [cost, setCost] = useState('0');
  const [file, setFile] = useState<File | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const priceValue = parseAmount(price);
  const costValue = parseAmount(cost);
  const priceProblem = price !== '' && (Number.isNaN(priceValue) || priceValue === 0);
  const costProblem = Number.isNaN(costValue);
  const fileProblem = file !== undefined && !isDocumentFile(file.name);
  const valid = name.trim() !== '' && price !== '' && !priceProblem && !costProblem && !fileProblem;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setBusy(true);
    setError(undefined);
    try {
      await callService(
        'CustomCharges',
        'AddCustomCharge',
        {
          customCharge: {
            AccountId: accountId,
            Name: name.trim(),
            Price: priceValue,
            Cost: costValue,
            Attachment: file ? { FileName: file.name, Content: await readFileAsBase64(file) } : null,
          },
        },
        { suppressErrors: true },
      );
      onAdded();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('errors.unableToSave'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="add-charge-title" data-testid="add-charge-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="add-charge-title">{t('charges.add.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('charges.columns.name')} value={name} onChange={(event) => setName(event.target.value)} required autoFocus slotProps={{ htmlInput: { maxLength: 256 } }} data-testid="charge-name" />
            <TextField
              label={t('charges.columns.price')}
              value={price}
              onChange={(event) => setPrice(event.target.value)}
              required
              error={priceProblem}
              helperText={priceProblem ? t('charges.add.priceInvalid') : t('charges.add.priceHelp')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              data-testid="charge-price"
            />
            <TextField
              label={t('charges.columns.cost')}
              value={cost}
              onChange={(event) => setCost(event.target.value)}
              error={costProblem}
              helperText={costProblem ? t('charges.add.costInvalid') : ' '}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              data-testid="charge-cost"
            />
            <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} sx={{ alignSelf: 'flex-start' }}>
              {file ? file.name : t('charges.add.attach')}
              <input hidden type="file" accept={DOCUMENT_ACCEPT} onChange={(event) => setFile(event.target.files?.[0])} data-testid="charge-attachment" />
            </Button>
            <Typography variant="caption" color={fileProblem ? 'error' : 'text.secondary'}>
              {fileProblem ? t('errors.fileFormatNotSupported') : t('charges.add.attachHelp')}
            </Typography>
            {error && (
              <Alert severity="error" data-testid="charge-error">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!valid || busy} data-testid="charge-submit">
            {t('charges.add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
