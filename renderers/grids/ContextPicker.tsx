import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import type { ContextPickerDefinition, ScreenContext } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';
import { useSourceOptions } from './use-source-options';

export interface ContextPickerProps {
  picker: ContextPickerDefinition;
  label: string;
  /** Said instead of the picker when there is nothing to choose. */
  emptyText?: string;
  context: ScreenContext;
  value: string | number | undefined;
  onPick: (value: string | number) => void;
  callService: GridServiceCaller;
  onError: (error: unknown) => void;
}

/**
 * The toolbar's choice of a context value (the pricelist whose rows are shown):
 * the first option when the context has none. A value the options lack (a
 * pricelist of a company below, opened by its link) is kept, shown empty.
 */
export function ContextPicker({ picker, label, emptyText, context, value, onPick, callService, onError }: ContextPickerProps) {
  const { options } = useSourceOptions(picker.options, context, callService, onError);
  const first = options?.[0]?.value;
  useEffect(() => {
    if (value === undefined && first !== undefined) onPick(first);
  }, [value, first, onPick]);
  if (emptyText && options?.length === 0) {
    return (
      <Alert severity="info" sx={{ py: 0 }} data-testid="grid-context-picker-empty">
        {emptyText}
      </Alert>
    );
  }
  const shown = options?.find((option) => String(option.value) === String(value ?? ''));
  return (
    <TextField
      select
      size="small"
      label={label}
      value={shown ? String(shown.value) : ''}
      onChange={(event) => {
        const chosen = options?.find((option) => String(option.value) === event.target.value);
        if (chosen) onPick(chosen.value);
      }}
      sx={{ minWidth: 280 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'grid-context-picker' } as object } }}
    >
      {(options ?? []).map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
