import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import type { OptionsSourceDefinition, ScreenContext, SourceOption } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';
import { SourceOptionItem } from './SourceOptionItem';
import { useSourceOptions } from './use-source-options';

export interface SourceAutocompleteProps {
  source: OptionsSourceDefinition;
  context: ScreenContext;
  callService: GridServiceCaller;
  onError: (error: unknown) => void;
  /** A value was chosen; the input empties for the next search. */
  onPick: (option: SourceOption) => void;
  label: string;
  placeholder?: string;
  loadingText: string;
  noOptionsText: string;
  size?: 'small' | 'medium';
  /** Before an option's text (e.g. its symbol). */
  symbolOf?: (option: SourceOption) => ReactNode;
  testId: string;
  /** The test id of an option: `{testId}-option-{value}` when set. */
  optionTestIds?: boolean;
}

/**
 * A search over a definition's options source (an add panel's picker, a tree's search): the
 * source is searched as the user types, each option drawn with its text and detail (the path above
 * an account), and a chosen one handed on.
 */
export function SourceAutocomplete({ source, context, callService, onError, onPick, label, placeholder, loadingText, noOptionsText, size, symbolOf, testId, optionTestIds }: SourceAutocompleteProps) {
  const [typed, setTyped] = useState('');
  const { options, loading } = useSourceOptions(source, context, callService, onError, typed);
  return (
    <Autocomplete<SourceOption>
      value={null}
      onChange={(_event, option) => {
        if (option) onPick(option);
        setTyped('');
      }}
      inputValue={typed}
      onInputChange={(_event, value, reason) => reason !== 'reset' && setTyped(value)}
      options={options ?? []}
      // The source searches; every option it answers is shown.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, value) => option.value === value.value}
      loading={loading}
      loadingText={loadingText}
      noOptionsText={noOptionsText}
      renderOption={(props, option) => <SourceOptionItem props={props} option={option} symbol={symbolOf?.(option)} withSymbolGap={Boolean(symbolOf)} testId={optionTestIds ? `${testId}-option-${option.value}` : undefined} />}
      renderInput={(params) => <TextField {...params} size={size} label={label} placeholder={placeholder} />}
      data-testid={testId}
    />
  );
}
