import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { HTMLAttributes, Key } from 'react';
import { useLayoutFormContext } from '../form-context';
import type { EnumOption, ScalarValue } from '../../../engine/forms';
import type { FieldRendererProps } from '../field-props';
import { inputProps } from './FieldFrame';

/** An option for a value the options do not (yet) hold: shown as the value itself. */
function optionFor(options: readonly EnumOption[], value: ScalarValue): EnumOption {
  return options.find((option) => String(option.value) === String(value)) ?? { value, label: String(value) };
}

/**
 * Searchable choice for remote enums and multiple values (MUI Autocomplete),
 * loaded with the first field that needs it.
 */
export default function AutocompleteField({ field, state, store }: FieldRendererProps) {
  const { t } = useLayoutFormContext();
  const options = state.options ?? [];
  const shared = inputProps(field, state, store);
  const common = {
    id: shared.id,
    size: 'small' as const,
    fullWidth: true,
    options,
    disabled: state.readOnly,
    loading: state.optionsLoading,
    loadingText: t('forms.loadingOptions'),
    noOptionsText: state.optionsFailed ? t('forms.optionsFailed') : t('forms.noOptions'),
    getOptionLabel: (option: EnumOption) => option.label,
    isOptionEqualToValue: (option: EnumOption, value: EnumOption) => String(option.value) === String(value.value),
    onBlur: shared.onBlur,
    // Each option by its value (tests and the journeys pick one), with its detail (e.g. where an account sits) under the label.
    renderOption: (props: HTMLAttributes<HTMLLIElement> & { key: Key }, option: EnumOption) => {
      const { key, ...optionProps } = props;
      return (
        <li key={key} {...optionProps} data-testid={`${shared['data-testid']}-option-${String(option.value)}`}>
          {option.detail ? (
            <span className="lf-option">
              <span>{option.label}</span>
              <span className="lf-option-detail">{option.detail}</span>
            </span>
          ) : (
            option.label
          )}
        </li>
      );
    },
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        error={Boolean(state.error)}
        placeholder={field.placeholder}
        slotProps={{
          ...params.slotProps,
          htmlInput: {
            ...params.slotProps.htmlInput,
            'aria-describedby': shared['aria-describedby'],
            'aria-invalid': shared['aria-invalid'],
            'aria-required': shared['aria-required'],
            'data-testid': shared['data-testid'],
          },
        }}
      />
    ),
  };
  return field.kind === 'multienum' ? (
    <Autocomplete
      {...common}
      multiple
      value={(Array.isArray(state.value) ? state.value : []).map((value) => optionFor(options, value))}
      onChange={(_event, chosen) => store.setValue(field.name, chosen.map((option) => option.value))}
    />
  ) : (
    <Autocomplete
      {...common}
      value={state.value === null || Array.isArray(state.value) ? null : optionFor(options, state.value)}
      onChange={(_event, chosen) => {
        store.setValue(field.name, chosen ? chosen.value : null);
        store.touch(field.name);
      }}
    />
  );
}
