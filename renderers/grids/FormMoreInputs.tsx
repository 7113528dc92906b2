/**
 * The inputs of a definition's `form` beyond text and passwords (schema/form.ts): lines with a count, a switch,
 * a list of ids, a choice of options (radio buttons, a field of the form beside an option) and a duration (a
 * number and a unit), and the values a prepare call answered (a QR code, a key to copy). Loaded only by forms
 * that have them: the sign-in forms stay light.
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { QrCodeImage, SecretText } from '../inputs/PreparedValues';
import { formFieldError, unitKey, type FormDefinition, type FormInputDefinition, type TextRef } from '../../engine/grids';

export interface MoreInputProps {
  form: FormDefinition;
  field: FormInputDefinition;
  label: string;
  values: Readonly<Record<string, string>>;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
  edit: (key: string) => (value: string) => void;
  /** Draws another field of the form (the one beside a choice's option). */
  drawField: (name: string) => ReactNode;
  /** The prepare call's answer (qrCode, secret show a field of it). */
  prepared?: Readonly<Record<string, unknown>>;
  /** A passing notice (a secret copied). */
  notify?: (text: string) => void;
}

export default function FormMoreInput({ form, field, label, values, text, edit, drawField, prepared, notify }: MoreInputProps) {
  const value = values[field.field] ?? '';
  const error = formFieldError(form, field, values);
  const help = field.help && text(field.help);
  switch (field.input) {
    case 'textarea': {
      const max = field.maxLength ?? 2000;
      return (
        <TextField
          label={label}
          name={field.field}
          value={value}
          onChange={(event) => edit(field.field)(event.target.value.slice(0, max))}
          multiline
          minRows={3}
          fullWidth
          helperText={help ? `${help} · ${value.length} / ${max}` : `${value.length} / ${max}`}
          slotProps={{ htmlInput: { 'data-testid': field.testId, maxLength: max } }}
        />
      );
    }
    case 'switch':
      return (
        <FormControlLabel
          control={<Switch checked={value === 'true'} onChange={(event) => edit(field.field)(String(event.target.checked))} slotProps={{ input: { 'data-testid': field.testId } as object }} />}
          label={label}
        />
      );
    case 'idList':
      return (
        <TextField
          label={label}
          name={field.field}
          value={value}
          onChange={(event) => edit(field.field)(event.target.value)}
          error={error}
          helperText={help}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': field.testId, inputMode: 'numeric' } }}
        />
      );
    case 'choice':
      return (
        <RadioGroup value={value} onChange={(event) => edit(field.field)(event.target.value)} aria-label={label} data-testid={field.testId}>
          {(field.options ?? []).map((option) => {
            const radio = <FormControlLabel key={String(option.value)} value={String(option.value)} control={<Radio />} label={text(option.label)} data-testid={option.testId} />;
            if (!option.field) return radio;
            return (
              // Editing the field beside it chooses the option too (the form's edit does that).
              <Stack key={String(option.value)} direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 1 }}>
                {radio}
                {drawField(option.field)}
              </Stack>
            );
          })}
        </RadioGroup>
      );
    case 'duration':
      return (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField
            size="small"
            value={value}
            onChange={(event) => edit(field.field)(event.target.value)}
            error={error}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': label, 'data-testid': field.testId } }}
            sx={{ width: 120 }}
          />
          <TextField
            select
            size="small"
            value={values[unitKey(field.field)] ?? ''}
            onChange={(event) => edit(unitKey(field.field))(event.target.value)}
            slotProps={{ htmlInput: { 'aria-label': field.unitLabel ? text(field.unitLabel) : label } }}
            sx={{ width: 160 }}
          >
            {(field.units ?? []).map((unit) => (
              <MenuItem key={unit.value} value={unit.value}>
                {text(unit.label)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      );
    case 'qrCode':
    case 'secret': {
      const shown = field.prepared ? prepared?.[field.prepared] : undefined;
      const data = typeof shown === 'string' ? shown : '';
      return (
        <Stack spacing={1.5}>
          <Typography variant="body2" color={field.input === 'secret' ? 'text.secondary' : undefined}>
            {label}
          </Typography>
          {field.input === 'qrCode' ? (
            <QrCodeImage value={data} alt={field.alt ? text(field.alt) : label} testId={field.testId} />
          ) : (
            <SecretText value={data} testId={field.testId} copyLabel={field.copy && text(field.copy.label)} onCopied={() => field.copy && notify?.(text(field.copy.notice))} />
          )}
        </Stack>
      );
    }
    default:
      return null;
  }
}
