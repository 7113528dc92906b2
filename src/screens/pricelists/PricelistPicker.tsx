import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import type { PricelistSummary } from './pricelist-types';

/** Chooses one of the caller's pricelists; picks the first when none is chosen. */
export function PricelistPicker({ value, onChange }: { value: number | undefined; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const pricelists = useQuery({
    queryKey: ['pricelists'],
    queryFn: async ({ signal }) => (await callService('Marketplace', 'ListMarketplaces', {}, { signal })) as PricelistSummary[],
  });
  const first = pricelists.data?.[0]?.Id;
  useEffect(() => {
    if (value === undefined && first !== undefined) onChange(first);
  }, [value, first, onChange]);
  return (
    <TextField
      select
      size="small"
      label={t('pricelists.pricelist')}
      value={pricelists.data?.some((pricelist) => pricelist.Id === value) ? value : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 280 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'pricelist-picker' } as object } }}
    >
      {(pricelists.data ?? []).map((pricelist) => (
        <MenuItem key={pricelist.Id} value={pricelist.Id}>
          {pricelist.Name} · {pricelist.Currency}
        </MenuItem>
      ))}
    </TextField>
  );
}
