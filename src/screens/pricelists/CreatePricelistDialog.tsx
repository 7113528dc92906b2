import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callService, isApiError } from '../../api';

/** A new pricelist: name, currency (GetAvailableCurrencyList), description. */
export function CreatePricelistDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const currencies = useQuery({ queryKey: ['pricelist-currencies'], queryFn: ({ signal }) => callService('Marketplace', 'GetAvailableCurrencyList', {}, { signal }) });
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState('EUR');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setError(undefined);
    try {
      const created = (await callService(
        'Marketplace',
        'CreateMarketplace',
        { marketplaceOffer: { Name: name.trim(), Currency: currency, Description: description.trim() } },
        { suppressErrors: true },
      )) as { Id: number };
      onCreated(created.Id);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : String(caught));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>{t('pricelists.create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={t('pricelists.columns.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: 256, 'data-testid': 'pricelist-name' } }}
            />
            <TextField
              select
              label={t('pricelists.columns.currency')}
              value={currency}
              onChange={(event) => setCurrency(event.target.value)}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'pricelist-currency' } as object } }}
            >
              {(currencies.data ?? ['EUR']).map((code) => (
                <MenuItem key={code} value={code}>
                  {code}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('pricelists.columns.description')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'pricelist-description' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('pricelists.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !name.trim()} data-testid="pricelist-create-submit">
            {t('pricelists.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
