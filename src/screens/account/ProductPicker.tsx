import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import type { EnumMember } from '../../../contract/services/account-schemas';

/** Ordering a service starts with the product: its layout decides the rest of the form. */
export function ProductPicker({ parentAccountId, onChoose }: { parentAccountId: number; onChoose: (productName: string) => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<EnumMember | null>(null);
  const products = useQuery({
    queryKey: ['products', parentAccountId],
    queryFn: ({ signal }) =>
      callService('Account', 'GetEnumDataForField', { parentAccountId, viewName: 'Values', fieldName: 'ProductName', accountType: 'Product' }, { signal }),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2.5, maxWidth: 560 }}>
      <Stack spacing={2} component="form" onSubmit={(event) => { event.preventDefault(); if (chosen) onChoose(String(chosen.Value)); }}>
        <Autocomplete
          options={products.data ?? []}
          loading={products.isLoading}
          value={chosen}
          onChange={(_event, value) => setChosen(value)}
          getOptionLabel={(option) => option.DisplayName}
          isOptionEqualToValue={(option, value) => option.Value === value.Value}
          renderInput={(params) => <TextField {...params} label={t('account.chooseProduct')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'product-picker' } }} />}
        />
        <Button type="submit" variant="contained" disabled={!chosen} sx={{ alignSelf: 'flex-start' }} data-testid="product-continue">
          {t('account.continue')}
        </Button>
      </Stack>
    </Paper>
  );
}
