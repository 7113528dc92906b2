import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../../api';

export interface PickedAccount {
  AccountId: number;
  DisplayName: string;
  /** Unknown when the account was typed as a number. */
  AccountType?: string;
}

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Chooses the account whose security to show, users included (which the shared
 * components/AccountPicker does not offer): by name (Account/SearchAccount,
 * within the caller's reach) or by typing its number.
 */
export function SecurityAccountPicker({ value, onChange }: { value: PickedAccount; onChange: (account: PickedAccount) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<PickedAccount[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const text = input.trim();
    if (/^\d+$/.test(text)) {
      setOptions([{ AccountId: Number(text), DisplayName: t('admin.security.accountNumber', { id: text }) }]);
      return undefined;
    }
    if (text.length < 2 || text === value.DisplayName) {
      setOptions([]);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      callService('Account', 'SearchAccount', { text }, { signal: controller.signal, suppressErrors: true })
        .then((accounts) => setOptions(accounts.map(({ AccountId, DisplayName, AccountType }) => ({ AccountId, DisplayName, AccountType }))))
        // A failed search is only logged (spec §8); the list stays empty.
        .catch((error: unknown) => !controller.signal.aborted && console.error('Account search failed', error))
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input, t, value.DisplayName]);

  return (
    <Autocomplete
      value={value}
      options={options}
      loading={loading}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.DisplayName}
      getOptionKey={(option) => option.AccountId}
      isOptionEqualToValue={(option, selected) => option.AccountId === selected.AccountId}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, account) => account && onChange(account)}
      disableClearable
      noOptionsText={t('admin.security.searchHint')}
      loadingText={t('common.loading')}
      renderOption={(props, option) => (
        <li {...props} key={option.AccountId}>
          {option.DisplayName}
          {option.AccountType && (
            <span style={{ opacity: 0.6, marginInlineStart: 8 }}>
              {option.AccountType} · #{option.AccountId}
            </span>
          )}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('admin.security.account')}
          helperText={t('admin.security.accountHelp')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'security-account' } }}
        />
      )}
      sx={{ maxWidth: 520 }}
    />
  );
}
