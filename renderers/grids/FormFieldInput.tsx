import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CAPABILITY_FLAGS, capabilityKey, chosenHint, fieldInvalid, type CapabilityFlag, type FormFieldDefinition, type FormValue } from '../../engine/grids';
import { DateInput } from '../inputs/DateInput';
import { FileFieldInput } from './FileFieldInput';

export interface FormFieldInputProps {
  field: FormFieldDefinition;
  /** Test id of the input: {idPrefix}-{param}. */
  idPrefix: string;
  value: FormValue;
  onChange: (value: FormValue) => void;
  text: (ref: FormFieldDefinition['label'], values?: Record<string, string>) => string;
  /** heldCapabilities: the user's object types with the flags held. */
  held: readonly [string, CapabilityFlag[]][];
  autoFocus?: boolean;
  /** number: the page's formatting locale the typed text is read in. */
  locale?: string;
}

const toggled = (values: readonly (string | number)[], value: string | number) => (values.includes(value) ? values.filter((entry) => entry !== value) : [...values, value]);

/** One field of a create form by its input: text, number (typed; its invalid text while it is no number), list (typed), select (with its chosen option's hint), checkList, dateTime, file or the held-capabilities matrix. */
export function FormFieldInput({ field, idPrefix, value, onChange, text, held, autoFocus, locale }: FormFieldInputProps) {
  const { t } = useTranslation();
  const testId = `${idPrefix}-${field.param}`;
  const label = text(field.label);
  const help = field.help ? text(field.help) : undefined;
  const chosen = Array.isArray(value) ? value : [];

  if (field.input === 'dateTime') {
    return <DateInput withTime label={label} helperText={help} required={field.required} value={typeof value === 'string' ? value : ''} onChange={onChange} fullWidth testId={testId} />;
  }

  if (field.input === 'file') return <FileFieldInput field={field} testId={testId} label={label} help={help} text={text} onChange={onChange} />;

  if (field.input === 'text' || field.input === 'number' || field.input === 'list' || field.input === 'select') {
    const hint = field.input === 'select' ? chosenHint(field, value) : undefined;
    const invalid = fieldInvalid(field, value, locale);
    return (
      <TextField
        select={field.input === 'select'}
        label={label}
        error={invalid}
        helperText={hint ? <span data-testid={`${testId}-hint`}>{text(hint.text, hint.values)}</span> : invalid && field.invalid ? text(field.invalid) : help}
        required={field.required}
        placeholder={field.placeholder}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        fullWidth
        multiline={field.input === 'text' && field.lines !== undefined}
        minRows={field.input === 'text' ? field.lines : undefined}
        autoFocus={autoFocus}
        slotProps={{ htmlInput: { maxLength: field.maxLength, inputMode: field.input === 'number' ? 'decimal' : undefined, 'data-testid': testId } }}
      >
        {(field.options ?? []).map((option) => (
          <MenuItem key={String(option.value)} value={String(option.value)}>
            {text(option.label)}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  if (field.input === 'checkList') {
    return (
      <Box role="group" aria-label={label} data-testid={testId}>
        <Typography variant="subtitle2">{label}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          {(field.options ?? []).map((option) => (
            <FormControlLabel key={String(option.value)} control={<Checkbox size="small" checked={chosen.includes(option.value)} onChange={() => onChange(toggled(chosen, option.value))} />} label={text(option.label)} />
          ))}
        </Box>
        {help && <FormHelperText>{help}</FormHelperText>}
      </Box>
    );
  }

  // heldCapabilities: one row per object type, one column per flag so the same flag lines up on every row.
  return (
    <Box role="group" aria-label={label}>
      <Typography variant="subtitle2">{label}</Typography>
      <Box sx={{ maxHeight: 240, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5 }} data-testid={testId}>
        {held.map(([type, flags]) => (
          <Box key={type} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 'min-content' }}>
            <Typography variant="body2" sx={{ width: { xs: 150, sm: 230 }, flexShrink: 0, fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
              {type}
            </Typography>
            {CAPABILITY_FLAGS.map((flag) => (
              <Box key={flag} sx={{ width: 110, flexShrink: 0 }}>
                {flags.includes(flag) && (
                  <FormControlLabel
                    control={<Checkbox size="small" checked={chosen.includes(capabilityKey(type, flag))} onChange={() => onChange(toggled(chosen, capabilityKey(type, flag)))} slotProps={{ input: { 'aria-label': `${type} ${flag}` } }} />}
                    label={t(`admin.security.flags.${flag}`)}
                  />
                )}
              </Box>
            ))}
          </Box>
        ))}
      </Box>
      {help && <FormHelperText>{help}</FormHelperText>}
    </Box>
  );
}
