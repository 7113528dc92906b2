import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Capability } from '../../contract/capabilities';
import type { RowFieldProblem, RowFormFieldDefinition, RowFormOption, ScreenContext, TextRef } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';
import { RowFormCapabilities, RowFormCheckList } from './RowFormMoreInputs';

export interface RowFormFieldProps {
  field: RowFormFieldDefinition;
  /** Test ids: {idPrefix}-{field}, a select's options {idPrefix}-{field}-{value}. */
  idPrefix: string;
  value: unknown;
  onChange: (value: unknown) => void;
  options: readonly RowFormOption[];
  help?: string;
  suffix?: string;
  problem?: RowFieldProblem;
  disabled: boolean;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
  autoFocus?: boolean;
  /** The row as stored (undefined: a new one): a check list's call and a capabilities table read it. */
  stored?: Record<string, unknown>;
  context: ScreenContext;
  callService: GridServiceCaller;
  held: readonly Capability[];
}

const NONE = '';

/** One field of a row form by its input: a text, a whole or decimal number (with its unit), a select, a text with suggestions, a switch, a check list or capabilities. */
export function RowFormField({ field, idPrefix, value, onChange, options, help, suffix, problem, disabled, text, autoFocus, stored, context, callService, held }: RowFormFieldProps) {
  const testId = `${idPrefix}-${field.field}`;
  const label = text(field.label);
  const helperText = problem ? text(problem.key, problem.values) : help;

  if (field.input === 'switch') {
    return <FormControlLabel control={<Switch checked={value === true} onChange={(event) => onChange(event.target.checked)} disabled={disabled} slotProps={{ input: { 'data-testid': testId } as object }} />} label={label} />;
  }
  if (field.input === 'checkList') {
    const error = problem ? text(problem.key, problem.values) : undefined;
    return <RowFormCheckList {...{ field, testId, value, onChange, stored, context, callService, help, error, disabled, text }} />;
  }
  if (field.input === 'capabilities') return <RowFormCapabilities {...{ field, testId, value, onChange, stored, held, disabled, text }} />;

  if (field.input === 'suggest') {
    return (
      <Autocomplete
        freeSolo
        options={options.map((option) => String(option.value))}
        inputValue={typeof value === 'string' ? value : ''}
        onInputChange={(_event, typed) => onChange(typed)}
        disabled={disabled}
        renderInput={(params) => (
          <TextField {...params} label={label} helperText={helperText} error={problem !== undefined} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: field.maxLength, 'data-testid': testId } }} />
        )}
      />
    );
  }

  if (field.input === 'select') {
    const shown = options.find((option) => option.value === value);
    return (
      <TextField
        select
        label={label}
        value={shown ? String(shown.value) : NONE}
        onChange={(event) => onChange(options.find((option) => String(option.value) === event.target.value)?.value ?? null)}
        helperText={helperText}
        error={problem !== undefined}
        required={field.required}
        disabled={disabled}
        // With a choice of no value, that choice reads in the field (Any) instead of an empty box.
        slotProps={{ select: { displayEmpty: field.emptyLabel !== undefined, SelectDisplayProps: { 'data-testid': testId } as object }, inputLabel: field.emptyLabel ? { shrink: true } : undefined }}
      >
        {field.emptyLabel && <MenuItem value={NONE}>{text(field.emptyLabel)}</MenuItem>}
        {options.map((option) => (
          <MenuItem key={String(option.value)} value={String(option.value)} data-testid={`${testId}-${String(option.value)}`}>
            {text(option.label)}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  const numeric = field.input === 'integer' || field.input === 'number';
  return (
    <TextField
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      helperText={helperText}
      error={problem !== undefined}
      required={field.required}
      disabled={disabled}
      autoFocus={autoFocus}
      multiline={field.lines !== undefined}
      minRows={field.lines}
      slotProps={{
        htmlInput: { maxLength: field.maxLength, inputMode: numeric ? (field.input === 'integer' ? 'numeric' : 'decimal') : undefined, 'data-testid': testId },
        input: suffix ? { endAdornment: <InputAdornment position="end">{suffix}</InputAdornment> } : undefined,
      }}
    />
  );
}
