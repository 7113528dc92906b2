/**
 * A stack's picker (schema/stack.ts `picker`): a search over an options source showing the current choice; a
 * chosen option becomes the context value the stack's parts follow. The input carries the picker's test id.
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenContext, SourceOption, StackDefinition } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';
import { SourceOptionItem } from './SourceOptionItem';
import { useSourceOptions } from './use-source-options';

export interface StackPickerProps {
  picker: NonNullable<StackDefinition['picker']>;
  label: string;
  help?: string;
  empty: string;
  /** The current choice's name. */
  shown: string;
  context: ScreenContext;
  callService: GridServiceCaller;
  onError: (error: unknown) => void;
  onPick: (option: SourceOption) => void;
}

export function StackPicker({ picker, label, help, empty, shown, context, callService, onError, onPick }: StackPickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string>();
  // Until the user types, the input shows the current choice and nothing is searched.
  const search = typed ?? '';
  const { options, loading } = useSourceOptions(picker.options, context, callService, onError, search);
  const current: SourceOption = { value: context[picker.context] ?? '', label: shown };
  return (
    <Autocomplete<SourceOption, false, true>
      value={current}
      onChange={(_event, option) => {
        if (option) onPick(option);
        setTyped(undefined);
      }}
      inputValue={typed ?? shown}
      onInputChange={(_event, value, reason) => reason === 'input' && setTyped(value)}
      onBlur={() => setTyped(undefined)}
      options={typed === undefined ? [] : (options ?? [])}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.value}
      isOptionEqualToValue={(option, value) => String(option.value) === String(value.value)}
      loading={typed !== undefined && loading}
      loadingText={t('common.loading')}
      noOptionsText={empty}
      disableClearable
      renderOption={(props, option) => <SourceOptionItem props={props} option={option} />}
      renderInput={(params) => (
        <TextField {...params} label={label} helperText={help} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': picker.testId } }} />
      )}
      sx={{ maxWidth: 520 }}
    />
  );
}
