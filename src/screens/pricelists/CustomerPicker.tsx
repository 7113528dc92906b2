import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';

export interface CustomerAccount {
  AccountId: number;
  DisplayName: string;
  AccountType: string;
}

/** Spec §9 search debounce. */
const SEARCH_DEBOUNCE_MS = 300;
/** Account types that can be customers of a pricelist. */
const CUSTOMER_TYPES = ['Company', 'Department', 'Reseller'];

/** Chooses accounts within the caller's reach that can become customers (Account/SearchAccount, searched by name). */
export function CustomerPicker({ value, onChange }: { value: CustomerAccount[]; onChange: (accounts: CustomerAccount[]) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<CustomerAccount[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const text = input.trim();
    if (text.length < 2) {
      setOptions([]);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      callService('Account', 'SearchAccount', { text }, { signal: controller.signal, suppressErrors: true })
        .then((accounts) =>
          setOptions(
            accounts
              .filter((account) => CUSTOMER_TYPES.includes(account.AccountType) && account.AccountState !== 'Terminated')
              .map(({ AccountId, DisplayName, AccountType }) => ({ AccountId, DisplayName, AccountType })),
          ),
        )
        // A failed search is only logged (spec §8); the list stays empty.
        .catch((error: unknown) => !controller.signal.aborted && console.error('Account search failed', error))
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input]);

  return (
    <Autocomplete
      multiple
      value={value}
      options={options}
      loading={loading}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.DisplayName}
      getOptionKey={(option) => option.AccountId}
      isOptionEqualToValue={(option, selected) => option.AccountId === selected.AccountId}
      onInputChange={(_event, text, reason) => reason !== 'reset' && setInput(text)}
      onChange={(_event, accounts) => onChange(accounts)}
      noOptionsText={t('pricelists.customers.searchHint')}
      loadingText={t('common.loading')}
      renderOption={(props, option) => (
        <li {...props} key={option.AccountId}>
          {option.DisplayName}
          <span style={{ opacity: 0.6, marginInlineStart: 8 }}>
            {option.AccountType} · #{option.AccountId}
          </span>
        </li>
      )}
      renderValue={(accounts, getItemProps) => accounts.map((account, index) => <Chip size="small" label={account.DisplayName} {...getItemProps({ index })} key={account.AccountId} />)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('pricelists.customers.accounts')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'customer-search' } }}
        />
      )}
      sx={{ flex: 1, minWidth: 320 }}
    />
  );
}
