/**
 * The searchable account picker every screen that chooses an account reuses
 * (move, terminate, add to pricelist, impersonate): organisations of the
 * caller's hierarchy (and departments when asked) from
 * Account/GetPartialCompanyHierarchy, searched as the user types (300 ms
 * debounce, spec §9), each with the path above it.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../api';
import { AccountTypeIcon } from './AccountTypeIcon';

export interface PickedAccount {
  AccountId: number;
  AccountType: string;
  DisplayName: string;
  Path?: string;
}

export interface AccountPickerProps {
  value: PickedAccount | null;
  onChange: (account: PickedAccount | null) => void;
  label?: string;
  includeDepartment?: boolean;
  /** Root of the part to choose from; default the caller's own organisation. */
  targetRoot?: number;
  /** Rows per search. */
  maxRows?: number;
  disabled?: boolean;
  /** A picker that adds to a list shown beside it: its field empties after each pick, keeping the focus. */
  clearAfterPick?: boolean;
  'data-testid'?: string;
}

const SEARCH_DEBOUNCE_MS = 300;

export function AccountPicker({ value, onChange, label, includeDepartment = false, targetRoot, maxRows = 50, disabled, clearAfterPick = false, ...rest }: AccountPickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  // The input shows the chosen account's name; that name is not a search.
  const typed = input === value?.DisplayName ? '' : input.trim();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const options = useQuery({
    queryKey: ['partialHierarchy', targetRoot ?? null, includeDepartment, maxRows, search],
    queryFn: ({ signal }) =>
      callService('Account', 'GetPartialCompanyHierarchy', { targetRoot: targetRoot ?? null, maxRows, searchString: search || null, includeDepartment }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Autocomplete<PickedAccount>
      value={value}
      onChange={(_event, picked) => {
        onChange(picked);
        if (clearAfterPick) setInput('');
      }}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={options.data?.Accounts ?? []}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.DisplayName}
      isOptionEqualToValue={(option, picked) => option.AccountId === picked.AccountId}
      loading={options.isFetching}
      disabled={disabled}
      noOptionsText={t('lifecycle.picker.noOptions')}
      loadingText={t('lifecycle.picker.loading')}
      renderOption={(props, option) => {
        const { key, ...optionProps } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...optionProps} sx={{ gap: 1.5 }} data-testid={`account-picker-option-${option.AccountId}`}>
            <AccountTypeIcon type={option.AccountType} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">{option.DisplayName}</Typography>
              {option.Path ? (
                <Typography variant="caption" color="text.secondary">
                  {option.Path}
                </Typography>
              ) : null}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label ?? t('lifecycle.picker.label')} placeholder={t('lifecycle.picker.placeholder')} />}
      data-testid={rest['data-testid'] ?? 'account-picker'}
    />
  );
}
