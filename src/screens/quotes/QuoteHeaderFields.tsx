import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../renderers/inputs/DateInput';
import { callService } from '../../api';
import { formatDate } from '../../i18n/format';
import type { CustomerOption, QuoteDetail } from './quote-types';

export interface HeaderValues {
  name: string;
  customerId: number | null;
  currency: string;
  groupId: number | null;
  validUntil: string;
  notes: string;
}

/** Customer, name, group, currency, validity and notes of a quote. */
export function QuoteHeaderFields({ values, editable, existing, onChange }: { values: HeaderValues; editable: boolean; existing: QuoteDetail | undefined; onChange: (values: HeaderValues) => void }) {
  const { t } = useTranslation();
  const customers = useQuery({
    queryKey: ['quotes', 'customers'],
    queryFn: async ({ signal }) => (await callService('Quotes', 'ListAvailableCustomers', {}, { signal })) as CustomerOption[],
    enabled: editable,
    staleTime: 60_000,
  });
  const groups = useQuery({
    queryKey: ['quotes', 'groups'],
    queryFn: async ({ signal }) => (await callService('Quotes', 'ListQuoteGroups', {}, { signal })) as { Id: number; Name: string }[],
    enabled: editable,
    staleTime: 60_000,
  });
  const options = customers.data ?? [];
  const chosen = options.find((customer) => customer.AccountId === values.customerId) ?? null;
  const set = (patch: Partial<HeaderValues>) => onChange({ ...values, ...patch });
  const readOnly = { htmlInput: { readOnly: !editable } };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {editable ? (
          <Autocomplete
            sx={{ flex: 2 }}
            options={options}
            loading={customers.isLoading}
            value={chosen}
            getOptionLabel={(customer) => (customer.AccountIdentificator ? `${customer.DisplayName} (${customer.AccountIdentificator})` : customer.DisplayName)}
            isOptionEqualToValue={(option, value) => option.AccountId === value.AccountId}
            onChange={(_event, customer) =>
              set({ customerId: customer?.AccountId ?? null, currency: customer?.Currency && /^[A-Z]{3}$/.test(customer.Currency) ? customer.Currency : values.currency || 'EUR' })
            }
            renderInput={(params) => <TextField {...params} label={t('quotes.fields.customer')} required data-testid="quote-customer" />}
          />
        ) : (
          <TextField sx={{ flex: 2 }} label={t('quotes.fields.customer')} value={existing?.CustomerName ?? ''} slotProps={readOnly} />
        )}
        <TextField
          sx={{ flex: 3 }}
          label={t('quotes.fields.name')}
          value={values.name}
          onChange={(event) => set({ name: event.target.value })}
          required={editable}
          slotProps={{ htmlInput: { maxLength: 256, readOnly: !editable } }}
          data-testid="quote-name"
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          sx={{ flex: 1 }}
          label={t('quotes.fields.currency')}
          value={values.currency}
          onChange={(event) => set({ currency: event.target.value.toUpperCase().slice(0, 3) })}
          required={editable}
          helperText={editable ? t('quotes.fields.currencyHelp') : ' '}
          slotProps={{ htmlInput: { maxLength: 3, readOnly: !editable } }}
          data-testid="quote-currency"
        />
        {editable ? (
          <DateInput
            sx={{ flex: 1 }}
            label={t('quotes.fields.validUntil')}
            value={values.validUntil}
            onChange={(validUntil) => set({ validUntil })}
            min={new Date().toISOString().slice(0, 10)}
            helperText={values.validUntil ? ' ' : t('quotes.fields.noEndDate')}
            testId="quote-valid-until"
          />
        ) : (
          // Read-only: the date in words, or that there is none (never the browser's empty mm/dd/yyyy).
          <TextField
            sx={{ flex: 1 }}
            label={t('quotes.fields.validUntil')}
            value={values.validUntil ? formatDate(`${values.validUntil}T00:00:00`, 'long') : t('quotes.fields.noEndDate')}
            slotProps={readOnly}
            helperText=" "
            data-testid="quote-valid-until"
          />
        )}
        {editable ? (
          <TextField
            sx={{ flex: 1 }}
            select
            label={t('quotes.fields.group')}
            value={values.groupId ?? ''}
            onChange={(event) => set({ groupId: event.target.value === '' ? null : Number(event.target.value) })}
            helperText=" "
            data-testid="quote-group"
          >
            <MenuItem value="">{t('quotes.fields.noGroup')}</MenuItem>
            {(groups.data ?? []).map((group) => (
              <MenuItem key={group.Id} value={group.Id}>
                {group.Name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Stack>
      {(editable || values.notes) && (
      <TextField
        label={t('quotes.fields.notes')}
        value={values.notes}
        onChange={(event) => set({ notes: event.target.value })}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 4000, readOnly: !editable } }}
        data-testid="quote-notes"
      />
      )}
    </Stack>
  );
}
